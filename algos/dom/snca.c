/* snca: Semi-NCA immediate dominators (dom.h). Semidominators as Lengauer-Tarjan computes
 * them, then idom(w) = the nearest common ancestor of parent(w) and semi(w) in the tree built so
 * far, found by walking up in preorder: no buckets.
 * Time O(m log n) for phase one; phase two O(n^2) in the worst case (sncaworst: exactly k^2
 * steps; ladder: quadratic), short walks in practice. Memory 7n words (plus n for auto's parent
 * copy). No precondition beyond a valid CFG; unreachable blocks get SSA_NONE.
 * Papers: L. Georgiadis, "Linear-Time Algorithms for Dominators and Related Problems", PhD
 * thesis, Princeton, 2005; L. Georgiadis, R. E. Tarjan, R. F. Werneck, "Finding Dominators in
 * Practice", JGAA 10(1), 2006. The construction LLVM's GenericDomTreeConstruction.h uses. */
#include "dom/dom_internal.h"
#include "dom/domtree.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* How it works, and why the layout.
 *
 * Phase one computes semidominators exactly as Lengauer-Tarjan does (eval with simple path
 * compression) but needs no buckets: idom(w) is the nearest common ancestor, in the tree of
 * immediate dominators built so far, of parent(w) and semi(w) -- that is, the first ancestor
 * of parent(w) numbered at most semi(w). Phase two walks up to it in preorder.
 *
 * Layout choices, each measured: links and labels share one 8-byte record so a compression
 * step touches one cache line per node; labels hold semidominator values, not nodes, so no
 * second indirection; the link forest is implicit (every processed node is linked to its DFS
 * parent, and nodes numbered at or below the one being processed are roots), so there is no
 * link() call and no initialisation pass; predecessors are read from the CFG and translated
 * through pre[] as they are used, once each. Filing predecessors as DFS numbers during the DFS
 * (LLVM's layout) was measured and dropped: its random writes made the DFS 5x slower on
 * dense graphs (10^6 blocks, 16 edges each: snca 2.4x slower overall) for no gain on random
 * or structured ones, and it costs n + m more words.
 *
 * Phase one stops a predecessor scan once the candidate reaches the dominator cut below the
 * vertex, and an eval whose label is at that cut returns without walking (dom_cuts in
 * dom_internal.h); the cut list lives in semi[] until the sweep overwrites it. Phase two is
 * left as published, so its quadratic walks on sncaworst and ladder stay measurable. */

uint64_t snca_work_bytes(uint64_t n, int keep_parent)
{
	/* pre, order, semi, stk (and parent): n words each; idom n + 1; rec n records */
	uint64_t b = ssa_bytes(keep_parent ? 5 : 4, ssa_array_bytes(n, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(n + 1, sizeof(uint32_t)));
	return ssa_sat_add(b, ssa_array_bytes(n, sizeof(struct snca_rec)));
}

int snca_work_alloc(struct snca_work *w, uint32_t n, int keep_parent)
{
	memset(w, 0, sizeof *w);
	w->cap = n;
	w->pre = ssa_alloc_array(n, sizeof(uint32_t));
	w->order = ssa_alloc_array(n, sizeof(uint32_t));
	w->idom = ssa_alloc_array((size_t)n + 1, sizeof(uint32_t));
	w->semi = ssa_alloc_array(n, sizeof(uint32_t));
	w->stk = ssa_alloc_array(n, sizeof(uint32_t));
	w->rec = ssa_alloc_array(n, sizeof(struct snca_rec));
	if (keep_parent)
		w->parent = ssa_alloc_array(n, sizeof(uint32_t));
	if (!w->pre || !w->order || !w->idom || !w->semi || !w->stk || !w->rec ||
	    (keep_parent && !w->parent)) {
		snca_work_free(w);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

void snca_work_free(struct snca_work *w)
{
	ssa_free_all(w->pre, w->order, w->idom, w->semi, w->stk, w->rec, w->parent, NULL);
	memset(w, 0, sizeof *w);
}

/* The smallest semidominator on the forest path from v (> lim) up to, not including, its root
 * (the first node numbered <= lim), compressing the path on the way. A label at or below
 * cut is returned at once: no node on the path can have a smaller one (see dom_cuts). */
static inline uint32_t snca_eval(struct snca_rec *rec, uint32_t *stk, uint32_t v, uint32_t lim,
				 uint32_t cut, uint64_t *steps)
{
	uint32_t a = rec[v].anc;
	uint32_t lv = rec[v].lab;
	if (a <= lim || lv <= cut)
		return lv;
	uint32_t aa = rec[a].anc;
	if (aa <= lim) {
		/* The common short path: one step, no stack. */
		uint32_t l = rec[a].lab < lv ? rec[a].lab : lv;
		rec[v].lab = l;
		rec[v].anc = aa;
		(*steps)++;
		return l;
	}
	uint32_t top = 0;
	uint32_t x = v;
	do {
		stk[top++] = x;
		x = rec[x].anc;
	} while (rec[x].anc > lim);
	/* x is the last non-root on the path; fold labels downwards from it, so every stacked
	 * node ends up linked straight to the root. */
	*steps += top;
	while (top) {
		uint32_t y = stk[--top];
		uint32_t ay = rec[y].anc;
		uint32_t la = rec[ay].lab;
		if (la < rec[y].lab)
			rec[y].lab = la;
		rec[y].anc = rec[ay].anc;
	}
	return rec[v].lab;
}

void snca_semi(struct snca_work *w, const struct cfg *g, uint64_t *compress_steps,
	       uint64_t *cut_stops)
{
	struct snca_rec *rec = w->rec;
	uint32_t *pre = w->pre, *idom = w->idom, *semi = w->semi, *stk = w->stk;
	uint32_t *parent = w->parent;
	const uint32_t *pred_off = g->pred_off, *pred = g->pred, *order = w->order;
	const size_t stride = sizeof *rec / sizeof(uint32_t);

	/* semi[] is the DFS cursor array, then the list of cuts (dom_cuts), overwritten at x
	 * only after the cut below x was read. rec[].lab holds the last tree child until then. */
	uint32_t nr = dom_dfs(g, 0, pre, w->order, &rec[0].anc, &rec[0].lab, stride, stk, semi);
	uint32_t k = dom_cuts(g, pre, order, &rec[0].lab, stride, 0, nr, semi) - 1;
	w->nreach = nr;
	uint64_t steps = 0, stops = 0;
	idom[0] = SSA_NONE;
	for (uint32_t x = nr - 1; x >= 1; x--) {
		while (semi[k] >= x)
			k--;
		uint32_t cut = semi[k];
		uint32_t b = order[x];
		uint32_t p = rec[x].anc; /* x is not linked yet, so this is still its parent */
		idom[x] = p;
		if (parent)
			parent[x] = p;
		uint32_t s = p;
		/* No semidominator lies below the cut: once the candidate reaches it, the rest of
		 * the predecessors cannot change it. */
		if (s > cut) {
			uint32_t e = pred_off[b], end = pred_off[b + 1];
			/* A lone predecessor is the DFS parent: semi(x) = p, nothing to read. */
			if (end - e == 1)
				e = end;
			for (; e < end; e++) {
				uint32_t v = pre[pred[e]];
				if (v <= x) {
					if (v < s)
						s = v;
				} else if (v != SSA_NONE) {
					uint32_t l = snca_eval(rec, stk, v, x, cut, &steps);
					if (l < s)
						s = l;
				}
				if (s <= cut)
					break;
			}
		}
		stops += s <= cut;
		semi[x] = s;
		rec[x].lab = s;
	}
	semi[0] = 0;
	*compress_steps += steps;
	*cut_stops += stops;
}

int snca_nca(struct snca_work *w, uint64_t budget, uint64_t *steps)
{
	uint32_t *idom = w->idom;
	const uint32_t *semi = w->semi;
	uint32_t nr = w->nreach;
	uint64_t count = 0;
	if (budget == UINT64_MAX) {
		for (uint32_t x = 1; x < nr; x++) {
			uint32_t d = idom[x], s = semi[x];
			while (d > s) {
				d = idom[d];
				count++;
			}
			idom[x] = d;
		}
	} else {
		/* The same walk with the budget checked per step: one quadratic node can walk
		 * ~n steps, so a per-node check would overshoot by that much. */
		uint64_t left = budget;
		for (uint32_t x = 1; x < nr; x++) {
			uint32_t d = idom[x], s = semi[x];
			while (d > s) {
				d = idom[d];
				if (!left--) {
					*steps = budget + 1;
					return SSA_EBUDGET;
				}
			}
			idom[x] = d;
		}
		count = budget - left;
	}
	*steps = count;
	return SSA_OK;
}

static uint64_t snca_scratch_bytes(uint64_t n, uint64_t m)
{
	(void)m;
	return ssa_sat_add(snca_work_bytes(n, 0), ssa_alloc_size(sizeof(struct snca_work)));
}

int snca_scratch_new(void **scratch, uint32_t n, int keep_parent)
{
	struct snca_work *w = malloc(sizeof *w);
	if (!w)
		return SSA_ENOMEM;
	int rc = snca_work_alloc(w, n, keep_parent);
	if (rc != SSA_OK) {
		free(w);
		return rc;
	}
	*scratch = w;
	return SSA_OK;
}

void snca_scratch_delete(void *scratch)
{
	if (!scratch)
		return;
	snca_work_free(scratch);
	free(scratch);
}

static int snca_scratch_alloc(void **scratch, uint32_t n, uint32_t m)
{
	(void)m;
	return snca_scratch_new(scratch, n, 0);
}

static int snca_run(void *scratch, const struct cfg *g, uint32_t *idom, uint64_t *counters)
{
	struct snca_work *w = scratch;
	if (g->n > w->cap)
		return SSA_EUSAGE;
	memset(counters, 0, DOM_MAX_COUNTERS * sizeof *counters);
	snca_semi(w, g, &counters[0], &counters[2]);
	snca_nca(w, UINT64_MAX, &counters[1]);
	dom_emit(idom, g->n, 0, w->nreach, w->order, w->idom);
	return SSA_OK;
}

/* The tree from the last run's depth-first numbering (dom_algo.tree): order[] and the
 * immediate dominators in DFS numbers, idom[] after phase two; stk is free by then. */
static int snca_tree(void *scratch, const struct cfg *g, struct domtree *t)
{
	struct snca_work *w = scratch;
	(void)g;
	return domtree_compute_numbered(t, w->order, w->idom, w->nreach, w->stk);
}

const struct dom_algo dom_snca_algo = {
	.head = {
		.name = "snca",
		.summary = "Semi-NCA: LT semidominators, then idoms by walking the partial tree",
		.citation = "Georgiadis, Tarjan, Werneck 2006, Finding Dominators in Practice (JGAA 10(1))",
		.complexity = "O(n^2) worst, near-linear in practice; 7n words",
		.worst_degree = 2,
		.counter_names = {"compress_steps", "nca_steps", "semi_at_cut"},
	},
	.scratch_bytes = snca_scratch_bytes,
	.scratch_alloc = snca_scratch_alloc,
	.scratch_free = snca_scratch_delete,
	.run = snca_run,
	.tree = snca_tree,
};
