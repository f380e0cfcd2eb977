/* ibfs: the iterative dominator algorithm (dom.h) started from a breadth-first spanning tree:
 * every vertex's tentative dominator becomes the NCA of its predecessors, in BFS order, until a
 * pass changes nothing.
 * Time O(passes * (m + intersect steps)); the GTW family ibfsquad(k) needs k+1 passes over 2k+3
 * arcs: Theta(n^2) work on n = k+4 blocks (test_dom_families). Memory 4n + 1 + m words (BFS
 * numbers and order, the tree, predecessor lists in BFS numbers).
 * Preconditions: a valid CFG; blocks unreachable from the entry get SSA_NONE and predecessor
 * edges from them are dropped. The BFS and the passes are in dom_internal.c (dom_bfs_preds,
 * dom_ibfs_passes), shared with auto, which runs the same passes under a budget.
 * Paper: L. Georgiadis, R. E. Tarjan, R. F. Werneck, "Finding Dominators in Practice", JGAA
 * 10(1), 2006, section 2 ("IBFS"). */
#include "dom/dom_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* Why it is correct, and the numbering.
 *
 * L. Georgiadis, R. E. Tarjan and R. F. Werneck, "Finding Dominators in Practice", JGAA 10(1),
 * 2006, section 2 ("IBFS"). The iterative algorithm may start from any spanning tree D of the
 * reachable graph and repeat, for every vertex v != r, d(v) <- NCA_D of the predecessors of v,
 * until a pass changes nothing; D then is the dominator tree. IBFS takes D = a BFS tree and
 * processes the vertices in BFS order. Vertices are renumbered by BFS order once (so a tree
 * parent always has a smaller number: the BFS parent is a predecessor of v, so every NCA taken
 * for v is a proper ancestor of it) and NCA_D is the two-finger walk of chk with the larger
 * number climbing. */

struct ibfs_work {
	uint32_t cap_n, cap_m;
	uint32_t *num;   /* n: block -> BFS number (SSA_NONE: unreached) */
	uint32_t *order; /* n: BFS number -> block; also the BFS queue */
	uint32_t *doms;  /* n: BFS number -> tentative idom's BFS number */
	uint32_t *poff;  /* n + 1: predecessor lists by BFS number */
	uint32_t *plist; /* m: predecessors as BFS numbers */
};

static uint64_t ibfs_scratch_bytes(uint64_t n, uint64_t m)
{
	/* num, order, doms: n words each; poff n + 1; plist m (at least 1); the struct */
	uint64_t b = ssa_bytes(3, ssa_array_bytes(n, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(n + 1, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(m ? m : 1, sizeof(uint32_t)));
	return ssa_sat_add(b, ssa_alloc_size(sizeof(struct ibfs_work)));
}

static void ibfs_scratch_free(void *scratch)
{
	struct ibfs_work *w = scratch;
	if (!w)
		return;
	ssa_free_all(w->num, w->order, w->doms, w->poff, w->plist, NULL);
	free(w);
}

static int ibfs_scratch_alloc(void **scratch, uint32_t n, uint32_t m)
{
	struct ibfs_work *w = calloc(1, sizeof *w);
	if (!w)
		return SSA_ENOMEM;
	w->cap_n = n;
	w->cap_m = m;
	w->num = ssa_alloc_array(n, sizeof(uint32_t));
	w->order = ssa_alloc_array(n, sizeof(uint32_t));
	w->doms = ssa_alloc_array(n, sizeof(uint32_t));
	w->poff = ssa_alloc_array((size_t)n + 1, sizeof(uint32_t));
	w->plist = ssa_alloc_array(m ? m : 1, sizeof(uint32_t));
	if (!w->num || !w->order || !w->doms || !w->poff || !w->plist) {
		ibfs_scratch_free(w);
		return SSA_ENOMEM;
	}
	*scratch = w;
	return SSA_OK;
}

static int ibfs_run(void *scratch, const struct cfg *g, uint32_t *idom, uint64_t *counters)
{
	struct ibfs_work *w = scratch;
	if (g->n > w->cap_n || g->m > w->cap_m)
		return SSA_EUSAGE;
	memset(counters, 0, DOM_MAX_COUNTERS * sizeof *counters);
	/* The published algorithm: no budget. The two halves live in dom_internal.c, where
	 * auto's mid-size path runs them with one. */
	uint32_t nr = dom_bfs_preds(g, w->num, w->order, w->doms, w->poff, w->plist);
	dom_ibfs_passes(w->doms, w->poff, w->plist, nr, UINT64_MAX, UINT64_MAX, &counters[0],
			&counters[1], &counters[2]);
	/* dom_emit's loop, written here: a call across files is measurable on one-block runs. */
	memset(idom, 0xff, (size_t)g->n * sizeof *idom);
	for (uint32_t v = 1; v < nr; v++)
		idom[w->order[v]] = w->order[w->doms[v]];
	return SSA_OK;
}

const struct dom_algo dom_ibfs_algo = {
	.head = {
		.name = "ibfs",
		.summary = "iterative NCA over a BFS spanning tree, vertices in BFS order (GTW's IBFS)",
		.citation = "Georgiadis, Tarjan, Werneck 2006, Finding Dominators in Practice (JGAA)",
		.complexity = "O(passes*(m + intersect steps)), k+1 passes on ibfsquad; 4n+1+m words",
		.worst_degree = 3,
		.counter_names = {"passes", "intersect_steps", "pred_scans"},
	},
	.scratch_bytes = ibfs_scratch_bytes,
	.scratch_alloc = ibfs_scratch_alloc,
	.scratch_free = ibfs_scratch_free,
	.run = ibfs_run,
};
