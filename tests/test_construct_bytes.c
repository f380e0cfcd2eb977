/* construct_stage_bytes on the textbook diamond, worked out by hand from the arrays' sizes and
 * jemalloc's size classes (ssa_alloc_size); the construction's own scratch and growth come from
 * its descriptor, every other term is written out. */
#include "support/phi_util.h"

#include "construct/construct.h"

Test(construct_bytes, diamond)
{
	struct cfg g;
	struct prog p;
	phit_diamond(&p, &g, 2, "d0 d1|d0|u1 d1|u0 d0 u1");
	for (size_t i = 0; i < construct_nalgos; i++) {
		const struct construct_algo *a = construct_algos[i];
		uint64_t step = 0, grow = a->grow_bytes ? a->grow_bytes(2, 4, &step) : 0;
		uint64_t b = a->scratch_bytes(4, 4, 2, 8) + grow;
		/* the output's opval (8 words: 32) with the growth step, or the form of 2 φs and 4
		 * operands (5 words 32, 2 x 8, 3 u64 32, 16, 32 = 128) with the variable counts (3
		 * words: 16) */
		uint64_t opval = 32 + step, form = 128 + 16;
		cr_assert_eq(construct_stage_bytes(a, &p, 2, 4, 2, 4), b + (opval > form ? opval : form),
			     "%s", a->head.name);
		/* a form of 1000 φs with 4000 operands: 32 + 2 x 4096 + 8192 + 16384 + 32, + 16 */
		cr_assert_eq(construct_stage_bytes(a, &p, 2, 4, 1000, 4000), b + 32832 + 16,
			     "%s", a->head.name);
	}
	prog_free(&p);
}
