/* floor_stage_bytes on the textbook diamond: the DFS's 7 arrays of n words, or the predecessor
 * CSR (n + 2 and m words), worked out by hand from jemalloc's size classes. */
#include <criterion/criterion.h>

#include "cfg/cfg.h"
#include "cfg/floor.h"
#include "util/status.h"

Test(core_bytes, floor)
{
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
	struct edge_list el;
	struct cfg g;
	cr_assert_eq(edge_list_init(&el, 4, 4), SSA_OK);
	for (int i = 0; i < 4; i++)
		cr_assert_eq(edge_list_push(&el, e[i][0], e[i][1]), SSA_OK);
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	for (size_t i = 0; i < floor_nalgos; i++) {
		const struct floor_algo *a = floor_algos[i];
		/* dfs: 7 x 16; preds: 6 words (32) and 4 words (16); too small to partition, so
		 * cfg_preds_sort takes no scratch */
		cr_assert_eq(floor_stage_bytes(a, &g), a->pass == FLOOR_DFS ? 7 * 16 : 32 + 16, "%s",
			     a->head.name);
	}
	cr_assert_eq(cfg_preds_scratch_bytes_of(&g), 0);
	cfg_free(&g);
	/* a chain of 31 blocks: dfs 7 x 124 bytes (class 128); preds 33 words (132: class 160)
	 * and 30 (120: class 128) */
	cr_assert_eq(edge_list_init(&el, 31, 30), SSA_OK);
	for (uint32_t b = 0; b < 30; b++)
		cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	for (size_t i = 0; i < floor_nalgos; i++)
		cr_assert_eq(floor_stage_bytes(floor_algos[i], &g),
			     floor_algos[i]->pass == FLOOR_DFS ? 7 * 128 : 160 + 128);
	cfg_free(&g);
}
