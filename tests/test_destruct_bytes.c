/* destruct_trip_bound_bytes, the destruct stage's bound from the program's size alone, on the
 * textbook diamond, worked out by hand; the translation's scratch, the default tree's peak and the
 * program-with-copies' size (cprog_bytes) come from their own functions. */
#include "support/phi_util.h"

#include "destruct/destruct.h"
#include "ssa/ssa.h"

static void diamond(struct prog *p, uint32_t nvars, const char *text)
{
	struct cfg g;
	phit_diamond(p, &g, nvars, text);
}

Test(destruct_bytes, diamond)
{
	struct prog p;
	diamond(&p, 2, "d0 d1|d0|u1 d1|u0 d0 u1");
	/* 8 ops, up to 5 with copies each: 40 ops, 42 names; one join of 2 in-edges: 2 φs of 4
	 * operands (under the cap of 2 x (4 + 40)). The SSA form of 40 ops: 32 + 16 + 32 + 16 +
	 * 160 = 256; the variable lists: 64 + 16 + 16 + 2 x 160 = 416; the CSSA check's liveness
	 * 42 x 24 + 4 x 12 = 1056. */
	cr_assert_eq(ssa_form_bytes(4, 40, 2, 4), 256);
	cr_assert_eq(var_blocks_bytes(4, 2, 40), 416);
	for (size_t i = 0; i < destruct_nalgos; i++) {
		const struct destruct_algo *a = destruct_algos[i];
		uint64_t want = 3 * cprog_bytes(4, 40, 2, 4) + dom_tree_default_bytes(4, 4) + 256 + 416 +
				1056 + a->scratch_bytes(4, 4, 42, 40, 2, 4);
		cr_assert_eq(destruct_trip_bound_bytes(a, &p), want, "%s", a->head.name);
	}
	prog_free(&p);
}

Test(destruct_bytes, capped)
{
	struct prog p;
	/* 20 variables, one op: 5 ops with copies, 25 names; V x joins = 20 φs are capped at
	 * 2 x (4 + 5) = 18, the 40 operands stay under 4 x 18 */
	diamond(&p, 20, "d0|||");
	for (size_t i = 0; i < destruct_nalgos; i++) {
		const struct destruct_algo *a = destruct_algos[i];
		uint64_t want = 3 * cprog_bytes(4, 5, 18, 40) + dom_tree_default_bytes(4, 4) +
				ssa_form_bytes(4, 5, 18, 40) + var_blocks_bytes(4, 20, 5) +
				25 * 24 + 4 * 12 + a->scratch_bytes(4, 4, 25, 5, 18, 40);
		cr_assert_eq(destruct_trip_bound_bytes(a, &p), want, "%s", a->head.name);
	}
	prog_free(&p);
}
