/* The floor's table (floor.h): the whole-graph passes bench times so that every algorithm's time
 * reads as a multiple of them. */
#include "cfg/floor.h"

static const struct floor_algo floor_dfs_algo = {
	.head = {.name = "dfs",
		 .summary = "DFS from the entry: pre/postorder, parents, reverse postorder (7n words)",
		 .citation = "Tarjan, SIAM J. Comput. 1972 (depth-first search), iterative",
		 .complexity = "O(n + m) time, 7n words",
		 .counter_names = {"reached"}},
	.pass = FLOOR_DFS,
};
static const struct floor_algo floor_preds_algo = {
	.head = {.name = "preds",
		 .summary = "predecessor CSR by stable counting sort (n+m words)",
		 .citation = "counting sort (Seward 1954), the build every CFG gets (cfg.h)",
		 .complexity = "O(n + m) time, n + 2 + m words",
		 .counter_names = {"edges"}},
	.pass = FLOOR_PREDS,
};

const struct floor_algo *const floor_algos[] = {&floor_dfs_algo, &floor_preds_algo};
const size_t floor_nalgos = sizeof floor_algos / sizeof floor_algos[0];
