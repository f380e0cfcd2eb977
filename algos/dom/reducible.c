/* Reducibility test. A flow graph is reducible iff, for any depth-first spanning tree, every
 * retreating edge u->v (v an ancestor of u) is a back edge in the dominator sense, i.e. v
 * dominates u (Hecht and Ullman, "Characterizations of reducible flow graphs", JACM 1974;
 * Tarjan, "Testing flow graph reducibility", JCSS 1974). We take the DFS of cfg/traverse.h,
 * dominators from a registered near-linear algorithm (the first of auto, slt, lt, snca that is
 * registered; the oracle if none is), and test each retreating edge with the dominator
 * tree's O(1) interval query.
 *
 * Time: O(n + m) plus the dominator algorithm's (near-linear); memory 7n words for the DFS,
 * n for idom, 7n for the tree, plus the algorithm's scratch, all freed on return. */
#include "dom/reducible.h"
#include "cfg/traverse.h"
#include "dom/dom.h"
#include "dom/domtree.h"
#include "dom/oracle.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

static const struct dom_algo *pick_algo(void)
{
	static const char *const prefer[] = {"auto", "slt", "lt", "snca"};
	for (size_t i = 0; i < sizeof prefer / sizeof *prefer; i++) {
		const struct dom_algo *a = dom_find(prefer[i]);
		if (a)
			return a;
	}
	return NULL;
}

uint64_t cfg_reducible_bytes(uint64_t n, uint64_t m)
{
	const struct dom_algo *a = pick_algo();
	uint64_t algo = a ? a->scratch_bytes(n, m) : dom_oracle_bytes(n);
	uint64_t own = ssa_sat_add(cfg_dfs_bytes(n), ssa_sat_add(ssa_bytes(n, 4), domtree_bytes(n)));
	return ssa_sat_add(own, algo);
}

int cfg_is_reducible(const struct cfg *g, bool *reducible)
{
	const uint32_t n = g->n;
	struct cfg_dfs d;
	struct domtree t = {0};
	uint32_t *idom = NULL;
	int rc = cfg_dfs_alloc(&d, n);
	if (rc != SSA_OK)
		return rc;
	cfg_dfs_run(&d, g, 0);
	idom = ssa_alloc_array(n, sizeof(uint32_t));
	if (!idom) {
		rc = SSA_ENOMEM;
		goto out;
	}
	const struct dom_algo *a = pick_algo();
	rc = a ? dom_compute(a, g, idom, NULL) : dom_oracle(g, idom);
	if (rc != SSA_OK)
		goto out;
	rc = domtree_build(&t, idom, n, 0);
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
	free(idom);
	cfg_dfs_free(&d);
	return rc;
}
