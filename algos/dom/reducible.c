/* Reducibility test. A flow graph is reducible iff, for any depth-first spanning tree, every
 * retreating edge u->v (v an ancestor of u) is a back edge in the dominator sense, i.e. v
 * dominates u (Hecht and Ullman, "Characterizations of reducible flow graphs", JACM 1974;
 * Tarjan, "Testing flow graph reducibility", JCSS 1974). We take the DFS of cfg/traverse.h,
 * the tree of dom_tree_default, and test each retreating edge with the tree's O(1) interval
 * query.
 *
 * Time: O(n + m) plus the dominator algorithm's (near-linear); memory 7n words for the DFS plus
 * dom_tree_default_bytes, all freed on return. */
#include "dom/reducible.h"
#include "cfg/traverse.h"
#include "dom/dom.h"
#include "dom/domtree.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

uint64_t cfg_reducible_bytes(uint64_t n, uint64_t m)
{
	return ssa_sat_add(cfg_dfs_bytes(n), dom_tree_default_bytes(n, m));
}

int cfg_is_reducible(const struct cfg *g, bool *reducible)
{
	const uint32_t n = g->n;
	struct cfg_dfs d;
	struct domtree t = {0};
	int rc = cfg_dfs_alloc(&d, n);
	if (rc != SSA_OK)
		return rc;
	cfg_dfs_run(&d, g, 0);
	rc = dom_tree_default(g, &t);
	if (rc != SSA_OK)
		goto out;

	bool ok = true;
	for (uint32_t u = 0; u < n && ok; u++) {
		if (d.pre[u] == SSA_NONE)
			continue;
		for (uint32_t i = g->succ_off[u]; i < g->succ_off[u + 1]; i++) {
			uint32_t v = g->succ[i];
			/* v is a DFS ancestor of u (or u itself): entered no later, left no earlier. */
			bool retreating = d.pre[v] <= d.pre[u] && d.post[v] >= d.post[u];
			if (retreating && !domtree_dominates(&t, v, u)) {
				ok = false;
				break;
			}
		}
	}
	*reducible = ok;
out:
	domtree_free(&t);
	cfg_dfs_free(&d);
	return rc;
}
