/* chk: iterative immediate dominators by the two-finger intersection (dom.h): passes in reverse
 * postorder set each block's idom to the intersection of its processed predecessors until one
 * changes nothing.
 * Time O(passes * (m + intersect steps)): on reducible graphs two passes (one to build, one to
 * confirm), in general up to O(n) passes and O(n^2) steps per pass (itworst: k+1 passes,
 * ~1.5 k^4 steps); the intersect walks grow with the depth of the dominator tree. Memory
 * 5n + 1 + m words (postorder numbering, translated predecessor lists, doms, the DFS stack).
 * Preconditions: a valid CFG; blocks unreachable from the entry are ignored and get SSA_NONE,
 * and predecessor edges from them are dropped while translating.
 * Paper: K. D. Cooper, T. J. Harvey, K. Kennedy, "A Simple, Fast Dominance Algorithm", Software
 * Practice and Experience 4, 2001 (Rice TR). */
#include "dom/dom_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* How it is engineered.
 *
 * K. D. Cooper, T. J. Harvey and K. Kennedy, "A Simple, Fast Dominance Algorithm", Software
 * Practice and Experience 4, 2001 (Rice TR). Engineered as the paper intends: blocks are
 * renumbered in postorder once, predecessors are translated into postorder numbers once, and
 * the dominator tree being built is a flat array doms[] indexed by postorder number, so
 * intersect() is two fingers climbing towards the entry (the largest number) with integer
 * compares only. */

struct chk_work {
	uint32_t cap_n, cap_m;
	uint32_t *post;  /* n: block -> postorder number (SSA_NONE: unreached) */
	uint32_t *porder;/* n: postorder number -> block */
	uint32_t *doms;  /* n: postorder number -> idom's postorder number */
	uint32_t *poff;  /* n + 1: predecessor lists by reverse-postorder position */
	uint32_t *plist; /* m: predecessors as postorder numbers */
	uint32_t *stk;   /* n: DFS stack of blocks */
};

#define CHK_OPEN (SSA_NONE - 1u) /* visited, not finished; postorder numbers stay below it */

static uint64_t chk_scratch_bytes(uint64_t n, uint64_t m)
{
	/* post, porder, doms, stk: n words each; poff n + 1; plist m; the struct */
	uint64_t b = ssa_bytes(4, ssa_array_bytes(n, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(n + 1, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(m, sizeof(uint32_t)));
	return ssa_sat_add(b, ssa_alloc_size(sizeof(struct chk_work)));
}

static void chk_scratch_free(void *scratch)
{
	struct chk_work *w = scratch;
	if (!w)
		return;
	ssa_free_all(w->post, w->porder, w->doms, w->poff, w->plist, w->stk, NULL);
	free(w);
}

static int chk_scratch_alloc(void **scratch, uint32_t n, uint32_t m)
{
	struct chk_work *w = calloc(1, sizeof *w);
	if (!w)
		return SSA_ENOMEM;
	w->cap_n = n;
	w->cap_m = m;
	w->post = ssa_alloc_array(n, sizeof(uint32_t));
	w->porder = ssa_alloc_array(n, sizeof(uint32_t));
	w->doms = ssa_alloc_array(n, sizeof(uint32_t));
	w->poff = ssa_alloc_array((size_t)n + 1, sizeof(uint32_t));
	w->plist = ssa_alloc_array(m, sizeof(uint32_t));
	w->stk = ssa_alloc_array(n, sizeof(uint32_t));
	if (!w->post || !w->porder || !w->doms || !w->poff || !w->plist || !w->stk) {
		chk_scratch_free(w);
		return SSA_ENOMEM;
	}
	*scratch = w;
	return SSA_OK;
}

/* Postorder numbering by an iterative DFS in edge order; returns the blocks reached. */
static uint32_t chk_dfs(struct chk_work *w, const struct cfg *g)
{
	const uint32_t *succ_off = g->succ_off, *succ = g->succ;
	uint32_t *post = w->post, *porder = w->porder, *stk = w->stk;
	uint32_t *cur = w->doms; /* the open blocks' edge cursors, by stack depth */

	memset(post, 0xff, (size_t)g->n * sizeof *post);
	uint32_t np = 0, top = 0, b = 0;
	uint32_t e = succ_off[0], end = succ_off[1];
	post[0] = CHK_OPEN;
	for (;;) {
		if (e < end) {
			uint32_t v = succ[e++];
			if (post[v] != SSA_NONE)
				continue;
			post[v] = CHK_OPEN;
			cur[top] = e;
			stk[top++] = b;
			b = v;
			e = succ_off[v];
			end = succ_off[v + 1];
		} else {
			post[b] = np;
			porder[np++] = b;
			if (!top)
				break;
			b = stk[--top];
			e = cur[top];
			end = succ_off[b + 1];
		}
	}
	return np;
}

static int chk_run(void *scratch, const struct cfg *g, uint32_t *idom, uint64_t *counters)
{
	struct chk_work *w = scratch;
	if (g->n > w->cap_n || g->m > w->cap_m)
		return SSA_EUSAGE;
	memset(counters, 0, DOM_MAX_COUNTERS * sizeof *counters);

	uint32_t nr = chk_dfs(w, g);
	const uint32_t *post = w->post, *porder = w->porder;
	const uint32_t *pred_off = g->pred_off, *pred = g->pred;
	uint32_t *poff = w->poff, *plist = w->plist, *doms = w->doms;
	const uint32_t entry = nr - 1;

	/* Predecessors in postorder numbers, laid out in the order the passes read them (reverse
	 * postorder, entry first) so every pass streams through plist. */
	uint32_t k = 0;
	for (uint32_t r = 0; r < nr; r++) {
		uint32_t b = porder[entry - r];
		poff[r] = k;
		for (uint32_t e = pred_off[b], end = pred_off[b + 1]; e < end; e++) {
			uint32_t p = post[pred[e]];
			if (p != SSA_NONE)
				plist[k++] = p;
		}
	}
	poff[nr] = k;

	for (uint32_t i = 0; i < entry; i++)
		doms[i] = SSA_NONE;
	doms[entry] = entry;

	uint64_t passes = 0, steps = 0;
	int changed = 1;
	while (changed) {
		changed = 0;
		passes++;
		for (uint32_t r = 1; r < nr; r++) {
			uint32_t b = entry - r;
			uint32_t nd = SSA_NONE;
			for (uint32_t e = poff[r], end = poff[r + 1]; e < end; e++) {
				uint32_t p = plist[e];
				if (doms[p] == SSA_NONE)
					continue; /* not processed yet in any pass */
				if (nd == SSA_NONE) {
					nd = p;
					continue;
				}
				/* intersect(p, nd): the finger with the smaller postorder number is
				 * deeper in the tree, so it climbs. */
				uint32_t f1 = p, f2 = nd;
				while (f1 != f2) {
					while (f1 < f2) {
						f1 = doms[f1];
						steps++;
					}
					while (f2 < f1) {
						f2 = doms[f2];
						steps++;
					}
				}
				nd = f1;
			}
			if (doms[b] != nd) {
				doms[b] = nd;
				changed = 1;
			}
		}
	}
	counters[0] = passes;
	counters[1] = steps;

	memset(idom, 0xff, (size_t)g->n * sizeof *idom);
	for (uint32_t i = 0; i < entry; i++)
		idom[porder[i]] = porder[doms[i]];
	return SSA_OK;
}

const struct dom_algo dom_chk_algo = {
	.head = {
		.name = "chk",
		.summary = "Cooper-Harvey-Kennedy iterative two-finger intersect over postorder numbers",
		.citation = "Cooper, Harvey, Kennedy 2001, A Simple, Fast Dominance Algorithm",
		.complexity = "O(passes*(m + intersect steps)), O(n^2) per pass worst; 5n+m words",
		.worst_degree = 3,
		.counter_names = {"passes", "intersect_steps"},
	},
	.scratch_bytes = chk_scratch_bytes,
	.scratch_alloc = chk_scratch_alloc,
	.scratch_free = chk_scratch_free,
	.run = chk_run,
};
