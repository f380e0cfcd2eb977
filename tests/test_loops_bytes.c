/* loops_stage_bytes: the forest's 8 arrays of n words (4 blocks: 16 bytes each) and the
 * algorithm's scratch from its descriptor. */
#include <criterion/criterion.h>

#include "loops/loops.h"

Test(loops_bytes, forest_and_scratch)
{
	for (size_t i = 0; i < loops_nalgos; i++) {
		const struct loops_algo *a = loops_algos[i];
		cr_assert_eq(loops_stage_bytes(a, 4, 4), 8 * 16 + a->scratch_bytes(4, 4));
		/* 100 blocks: 400 bytes, class 448 */
		cr_assert_eq(loops_stage_bytes(a, 100, 150), 8 * 448 + a->scratch_bytes(100, 150));
	}
}
