/* lt: Lengauer-Tarjan immediate dominators with balanced link/eval, the sophisticated version
 * (dom.h): slt's sweep, with link() building balanced trees of the link forest from subtree sizes
 * and child chains.
 * Time O(m alpha(m, n)); never quadratic. Memory 11n words: pre, order, a 4-word record per
 * vertex (forest link, label, child, size), semi, parent, bucket heads, idom (bucket links
 * before that), and the explicit stack shared by DFS and compression (no recursion).
 * Preconditions: a valid CFG; unreachable blocks get SSA_NONE and are ignored as predecessors.
 * Paper: T. Lengauer, R. E. Tarjan, "A Fast Algorithm for Finding Dominators in a Flowgraph",
 * ACM TOPLAS 1(1), 1979. */
#include "dom/dom_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* How it works, and the shortcuts.
 *
 * Same sweep as slt (semidominators by eval over predecessors, buckets, relative dominators, a
 * final forward sweep), but link() builds balanced trees of the link forest from subtree sizes
 * and child chains, so path compression runs in O(m alpha(m, n)).
 * Vertices are numbered 1..N in DFS preorder; number 0 is the paper's null vertex with
 * size 0 and semi 0, which ends link's rebalancing loop.
 * Two shortcuts skip work the paper does, never change an answer: a predecessor scan stops
 * once the candidate reaches the dominator cut below the vertex (dom_cuts in dom_internal.h),
 * and a vertex whose semidominator is that cut or its parent gets it as idom without a bucket. */

struct lt_rec {
	uint32_t anc;   /* link in the balanced forest; 0 for a root */
	uint32_t label; /* vertex of smallest semidominator on the compressed path */
	uint32_t child; /* next subtree root of the same forest tree */
	uint32_t size;  /* vertices in the subtree of this forest node */
};

struct lt_work {
	uint32_t cap;
	uint32_t *pre, *order, *semi, *parent, *head, *idom, *stk;
	struct lt_rec *rec;
};

static uint64_t lt_scratch_bytes(uint64_t n, uint64_t m)
{
	(void)m;
	/* pre n words; order, semi, parent, head, idom, stk n + 1 words each; rec n + 1 records */
	uint64_t b = ssa_array_bytes(n, sizeof(uint32_t));
	b = ssa_sat_add(b, ssa_bytes(6, ssa_array_bytes(n + 1, sizeof(uint32_t))));
	b = ssa_sat_add(b, ssa_array_bytes(n + 1, sizeof(struct lt_rec)));
	return ssa_sat_add(b, ssa_alloc_size(sizeof(struct lt_work)));
}

static void lt_scratch_free(void *scratch)
{
	struct lt_work *w = scratch;
	if (!w)
		return;
	ssa_free_all(w->pre, w->order, w->semi, w->parent, w->head, w->idom, w->stk, w->rec, NULL);
	free(w);
}

static int lt_scratch_alloc(void **scratch, uint32_t n, uint32_t m)
{
	(void)m;
	struct lt_work *w = calloc(1, sizeof *w);
	if (!w)
		return SSA_ENOMEM;
	size_t n1 = (size_t)n + 1;
	w->cap = n;
	w->pre = ssa_alloc_array(n, sizeof(uint32_t));
	w->order = ssa_alloc_array(n1, sizeof(uint32_t));
	w->semi = ssa_alloc_array(n1, sizeof(uint32_t));
	w->parent = ssa_alloc_array(n1, sizeof(uint32_t));
	w->head = ssa_alloc_array(n1, sizeof(uint32_t));
	w->idom = ssa_alloc_array(n1, sizeof(uint32_t));
	w->stk = ssa_alloc_array(n1, sizeof(uint32_t));
	w->rec = ssa_alloc_array(n1, sizeof(struct lt_rec));
	if (!w->pre || !w->order || !w->semi || !w->parent || !w->head || !w->idom || !w->stk ||
	    !w->rec) {
		lt_scratch_free(w);
		return SSA_ENOMEM;
	}
	*scratch = w;
	return SSA_OK;
}

/* The paper's EVAL with COMPRESS unrolled onto an explicit stack. */
static inline uint32_t lt_eval(struct lt_rec *rec, const uint32_t *semi, uint32_t *stk,
			       uint32_t v, uint64_t *steps)
{
	uint32_t a = rec[v].anc;
	if (a == 0)
		return rec[v].label;
	if (rec[a].anc != 0) {
		uint32_t top = 0, y = v;
		do {
			stk[top++] = y;
			y = rec[y].anc;
		} while (rec[rec[y].anc].anc != 0);
		*steps += top;
		while (top) {
			y = stk[--top];
			uint32_t ay = rec[y].anc;
			if (semi[rec[ay].label] < semi[rec[y].label])
				rec[y].label = rec[ay].label;
			rec[y].anc = rec[ay].anc;
		}
		a = rec[v].anc;
	}
	uint32_t lv = rec[v].label, la = rec[a].label;
	return semi[la] >= semi[lv] ? lv : la;
}

/* The paper's LINK(v, w): rebalance the chain of subtree roots below w, then hang it off v. */
static inline void lt_link(struct lt_rec *rec, const uint32_t *semi, uint32_t v, uint32_t w)
{
	uint32_t s = w;
	uint32_t sw = semi[rec[w].label];
	while (sw < semi[rec[rec[s].child].label]) {
		uint32_t cs = rec[s].child;
		if (rec[s].size + rec[rec[cs].child].size >= 2 * rec[cs].size) {
			rec[cs].anc = s;
			rec[s].child = rec[cs].child;
		} else {
			rec[cs].size = rec[s].size;
			rec[s].anc = cs;
			s = cs;
		}
	}
	rec[s].label = rec[w].label;
	rec[v].size += rec[w].size;
	if (rec[v].size < 2 * rec[w].size) {
		uint32_t t = rec[v].child;
		rec[v].child = s;
		s = t;
	}
	while (s != 0) {
		rec[s].anc = v;
		s = rec[s].child;
	}
}

static int lt_run(void *scratch, const struct cfg *g, uint32_t *idom, uint64_t *counters)
{
	struct lt_work *w = scratch;
	if (g->n > w->cap)
		return SSA_EUSAGE;
	memset(counters, 0, DOM_MAX_COUNTERS * sizeof *counters);

	struct lt_rec *rec = w->rec;
	uint32_t *pre = w->pre, *semi = w->semi, *parent = w->parent, *head = w->head;
	uint32_t *didom = w->idom, *stk = w->stk;
	const uint32_t *order = w->order, *pred_off = g->pred_off, *pred = g->pred;

	/* didom[] is the DFS cursor array, then the list of cuts (dom_cuts), then bucket links:
	 * didom[x] is overwritten only after the cut below x was read. head[] holds the last
	 * tree child until the cuts are found. */
	uint32_t nr = dom_dfs(g, 1, pre, w->order, parent, head, 1, stk, didom);
	uint32_t k = dom_cuts(g, pre, order, head, 1, 1, nr, didom) - 1;
	for (uint32_t x = 0; x <= nr; x++) {
		semi[x] = x;
		rec[x] = (struct lt_rec){.anc = 0, .label = x, .child = 0, .size = x ? 1 : 0};
		head[x] = 0;
	}

	uint64_t links = 0, evals = 0, steps = 0, stops = 0;
	for (uint32_t x = nr; x >= 2; x--) {
		while (didom[k] >= x)
			k--;
		uint32_t cut = didom[k];
		uint32_t b = order[x];
		uint32_t s = semi[x];
		/* No semidominator lies below the cut: once the candidate reaches it, the rest of
		 * the predecessors cannot change it. */
		for (uint32_t e = pred_off[b], end = pred_off[b + 1]; e < end && s > cut; e++) {
			uint32_t v = pre[pred[e]];
			if (v == SSA_NONE)
				continue;
			uint32_t u = lt_eval(rec, semi, stk, v, &steps);
			evals++;
			if (semi[u] < s)
				s = semi[u];
		}
		semi[x] = s;
		uint32_t p = parent[x];
		stops += s <= cut;
		if (s <= cut || s == p) {
			/* No relative dominator to evaluate: a semidominator that is a cut
			 * dominates x, so it is the immediate dominator; and when it is the
			 * parent, the path to evaluate is x alone. */
			didom[x] = s;
		} else {
			didom[x] = head[s];
			head[s] = x;
		}
		lt_link(rec, semi, p, x);
		links++;
		uint32_t v = head[p];
		head[p] = 0;
		while (v != 0) {
			uint32_t next = didom[v];
			uint32_t u = lt_eval(rec, semi, stk, v, &steps);
			evals++;
			didom[v] = semi[u] < semi[v] ? u : p;
			v = next;
		}
	}
	for (uint32_t x = 2; x <= nr; x++)
		if (didom[x] != semi[x])
			didom[x] = didom[didom[x]];
	counters[0] = links;
	counters[1] = evals;
	counters[2] = steps;
	counters[3] = stops;
	dom_emit(idom, g->n, 1, nr, order, didom);
	return SSA_OK;
}

const struct dom_algo dom_lt_algo = {
	.head = {
		.name = "lt",
		.summary = "Lengauer-Tarjan with balanced link/eval (sophisticated version)",
		.citation = "Lengauer, Tarjan 1979, A Fast Algorithm for Finding Dominators in a Flowgraph",
		.complexity = "O(m alpha(m,n)) time; 11n words",
		.counter_names = {"link_calls", "eval_calls", "compress_steps", "semi_at_cut"},
	},
	.scratch_bytes = lt_scratch_bytes,
	.scratch_alloc = lt_scratch_alloc,
	.scratch_free = lt_scratch_free,
	.run = lt_run,
};
