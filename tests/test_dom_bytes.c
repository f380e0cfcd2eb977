/* dom_stage_bytes on a 4-block graph, worked out by hand from the arrays' sizes and jemalloc's
 * size classes; each algorithm's scratch and the reverse CFG's build come from their own
 * functions. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/reverse.h"

Test(dom_bytes, forward_and_reverse)
{
	for (size_t i = 0; i < dom_nalgos; i++) {
		const struct dom_algo *a = dom_algos[i];
		/* the scratch and the idom array (4 words: 16) */
		cr_assert_eq(dom_stage_bytes(a, 4, 4, false), a->scratch_bytes(4, 4) + 16, "%s",
			     a->head.name);
		/* reversed: 5 blocks and at most 8 edges; idom 5 words (32) and the reverse CFG kept,
		 * successors 6 + 8 words (32 + 32), predecessors 7 + 8 words (32 + 32) */
		uint64_t run = a->scratch_bytes(5, 8) + 32 + 128, build = dom_reverse_bytes(4, 4);
		cr_assert_eq(dom_stage_bytes(a, 4, 4, true), run > build ? run : build, "%s",
			     a->head.name);
	}
}
