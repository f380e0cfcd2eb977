/* Private to algos/dom: the descriptors registry.c lists, the depth-first numbering the
 * Lengauer-Tarjan family shares, and the IBFS and Semi-NCA phases auto reuses. Not a public
 * interface. */
#ifndef SSALAB_DOM_INTERNAL_H
#define SSALAB_DOM_INTERNAL_H

#include "dom/dom.h"

#include "util/status.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Depth-first search from block 0 following successors in edge order, so the numbering is the
 * textbook recursive one (the adversarial families rely on it). Numbers start at base (0 or 1).
 *   pre[b]      block -> DFS number, SSA_NONE when unreached (n entries, all written)
 *   order[x]    DFS number -> block
 *   parent[x]   DFS number of the tree parent (parent[base] = SSA_NONE)
 *   last[x]     DFS number of the last tree child, SSA_NONE for a leaf
 *               parent and last are written with a stride of stride words so that they can
 *               land inside packed records
 *   stk, cur    scratch: the explicit stack of DFS numbers, and each open node's next edge,
 *               indexed by DFS number; base + n words each
 * Returns the number of reached blocks. */
uint32_t dom_dfs(const struct cfg *g, uint32_t base, uint32_t *pre, uint32_t *order,
		 uint32_t *parent, uint32_t *last, size_t stride, uint32_t *stk, uint32_t *cur);

/* Dominator cuts. A DFS number c is a cut when no edge u -> v has u < c < v: every path from
 * the root to a node numbered above c then enters those numbers through c, so c is a strict
 * dominator of all of them, and semi(x) >= idom(x) >= c for every x > c. Hence, for x > c,
 * a semidominator candidate of x that reaches c is final, and so is a path label (the least
 * semidominator on a path of nodes above x) equal to c.
 * Fills list[0..k) with cuts in increasing order, list[0] = base (the root is always one),
 * and returns k >= 1. list may be an array the caller overwrites at index x while it
 * processes x in decreasing order, as long as it reads the cut below x first: list[i] >= i.
 * The search walks the path from the root to the last-numbered node, along last[], and gives
 * up after m / DOM_CUT_WINDOW_DIVISOR + 64 edges without a new cut: it may miss cuts beyond
 * such a stretch, never report a false one. It costs O(nreach + m) in the worst case (cuts
 * spaced just under a window apart), O(m / 32) edges when the graph has no cut but the root. */
#define DOM_CUT_WINDOW_DIVISOR 32
uint32_t dom_cuts(const struct cfg *g, const uint32_t *pre, const uint32_t *order,
		  const uint32_t *last, size_t stride, uint32_t base, uint32_t nreach,
		  uint32_t *list);

/* Writes the block-space answer: idom[order[x]] = order[didom[x]] for every reached non-root
 * x in [base+1, base+nreach), SSA_NONE everywhere else. */
void dom_emit(uint32_t *idom, uint32_t n, uint32_t base, uint32_t nreach, const uint32_t *order,
	      const uint32_t *didom);

/* The iterative algorithm from a breadth-first spanning tree (Georgiadis, Tarjan, Werneck
 * 2006, "IBFS"), split in two so that ibfs.c runs it as published and auto.c runs it with a
 * budget on mid-size graphs. Inline, not in dom_internal.c: calls across files cost ibfs
 * about 6 ns per run, measured as 1.23-1.32x the DFS floor instead of 0.79-0.86x on the
 * real-code corpus's 697 one-block functions.
 *
 * dom_bfs_preds: BFS from block 0 following successors in edge order, then every reached
 * block's predecessors translated into BFS numbers once.
 *   num[b]       block -> BFS number, SSA_NONE when unreached (n entries, all written)
 *   order[i]     BFS number -> block (also the queue)
 *   doms[i]      BFS number of the BFS parent, doms[0] = 0: the spanning tree to start from
 *   poff, plist  predecessor lists by BFS number (nreach + 1 words) in BFS numbers (at most m
 *                words), edges from unreached blocks dropped; every reached block but the
 *                entry keeps at least its BFS parent
 * Returns the number of reached blocks. */
static inline uint32_t dom_bfs_preds(const struct cfg *g, uint32_t *num, uint32_t *order,
				     uint32_t *doms, uint32_t *poff, uint32_t *plist)
{
	/* BFS in successor order: order[] is the queue, doms[] the BFS parents. A tree parent
	 * always has a smaller number than its child, which the passes rely on. */
	memset(num, 0xff, (size_t)g->n * sizeof *num);
	uint32_t nr = 1;
	num[0] = 0;
	order[0] = 0;
	doms[0] = 0;
	for (uint32_t h = 0; h < nr; h++) {
		uint32_t b = order[h];
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
			uint32_t v = g->succ[e];
			if (num[v] != SSA_NONE)
				continue;
			num[v] = nr;
			doms[nr] = h;
			order[nr++] = v;
		}
	}

	uint32_t k = 0;
	for (uint32_t i = 0; i < nr; i++) {
		uint32_t b = order[i];
		poff[i] = k;
		for (uint32_t e = g->pred_off[b]; e < g->pred_off[b + 1]; e++)
			if (num[g->pred[e]] != SSA_NONE)
				plist[k++] = num[g->pred[e]];
	}
	poff[nr] = k;
	return nr;
}

/* The passes: for v = 1 .. nreach-1, doms[v] <- the nearest common ancestor in doms[] of v's
 * predecessors (the two-finger walk, larger number climbs), until a pass changes nothing;
 * doms[] is then the dominator tree in BFS numbers. *passes, *steps (one per climb) and *scans
 * (predecessors read) are incremented. Budget: returns SSA_EBUDGET, doms[] left half-done,
 * when max_passes passes all changed something (the next pass is unaffordable, even if it
 * would only confirm), or as soon as the intersect steps exceed max_steps (checked after
 * every intersection, so the overshoot is at most two tree depths). UINT64_MAX for both: no
 * budget, the published algorithm. */
static inline int dom_ibfs_passes(uint32_t *doms, const uint32_t *poff, const uint32_t *plist,
				  uint32_t nreach, uint64_t max_passes, uint64_t max_steps,
				  uint64_t *passes, uint64_t *steps, uint64_t *scans)
{
	/* Every NCA taken for v is a proper ancestor of v: the BFS parent is one of v's
	 * predecessors and numbers fall along the tree, so doms[] stays a tree rooted at 0. */
	uint64_t np = 0, st = 0, sc = 0;
	int rc = SSA_OK;
	bool changed = true;
	while (changed) {
		if (np == max_passes) {
			rc = SSA_EBUDGET;
			break;
		}
		changed = false;
		np++;
		for (uint32_t v = 1; v < nreach; v++) {
			uint32_t e = poff[v], end = poff[v + 1];
			uint32_t nd = plist[e++];
			for (; e < end; e++) {
				uint32_t f1 = plist[e], f2 = nd;
				while (f1 != f2) {
					while (f1 > f2) {
						f1 = doms[f1];
						st++;
					}
					while (f2 > f1) {
						f2 = doms[f2];
						st++;
					}
				}
				nd = f1;
				/* Per intersection, not per vertex: one vertex with many predecessors
				 * in a deep tree could overshoot by their number times the depth. */
				if (st > max_steps) {
					sc += e + 1 - poff[v];
					rc = SSA_EBUDGET;
					goto out;
				}
			}
			sc += poff[v + 1] - poff[v];
			/* A lone predecessor is the BFS parent itself, already d(v). */
			if (doms[v] != nd) {
				doms[v] = nd;
				changed = true;
			}
		}
	}
out:
	*passes += np;
	*steps += st;
	*scans += sc;
	return rc;
}

/* auto's small path (auto.c): iterative dataflow over one-word bitsets for graphs of at most
 * DOM_AUTO_SMALL_N blocks and DOM_AUTO_SMALL_MAX_DENSITY edges per block (denser ones cost a
 * word operation per edge where Semi-NCA's scans stop at the entry's cut), giving up to
 * Semi-NCA after DOM_AUTO_SMALL_PASSES passes; the passes after a DFS only up to
 * DOM_AUTO_SMALL_DFS_MAX_DENSITY edges per block (denser random-like graphs take 3 passes or
 * more, and Semi-NCA was 1.25-3x faster on them). The threshold comes from the crossover study
 * (results/crossover/README.md), the rest from results/auto/README.md. */
#define DOM_AUTO_SMALL_N 64u
#define DOM_AUTO_SMALL_PASSES 4u
#define DOM_AUTO_SMALL_MAX_DENSITY 8u
#define DOM_AUTO_SMALL_DFS_MAX_DENSITY 2u

/* auto's mid-size path (auto.c): IBFS's BFS and NCA updates, in sweeps of alternating
 * direction, for graphs of DOM_AUTO_SMALL_N < n <= DOM_AUTO_MID_N blocks and at most
 * DOM_AUTO_MID_MAX_DENSITY edges per block (so at most DOM_AUTO_MID_MAX_M edges); it gives up
 * to Semi-NCA after DOM_AUTO_MID_PASSES sweeps that all changed something, after
 * DOM_AUTO_MID_STEPS_PER_EDGE * m intersect steps, or when the steps exceed
 * DOM_AUTO_MID_STEPS_PER_SCAN per predecessor read plus DOM_AUTO_MID_SLACK_PER_VERTEX * n + 64
 * (results/auto/README.md). 3500: in two grids of structured functions
 * (results/crossover/README.md, "auto's mid-size path") ibfs took 0.80x and 0.86x of Semi-NCA's
 * CPU time at 3162 blocks, 0.91x and 1.03x at 3652, 1.24x and 1.00x at 4217, 1.21x and 1.13x
 * at 4870; the budget's figures are in auto.c. */
#define DOM_AUTO_MID_N 3500u
#define DOM_AUTO_MID_PASSES 4u
#define DOM_AUTO_MID_STEPS_PER_EDGE 8u
#define DOM_AUTO_MID_STEPS_PER_SCAN 6u
#define DOM_AUTO_MID_SLACK_PER_VERTEX 3u
#define DOM_AUTO_MID_MAX_DENSITY 2u
#define DOM_AUTO_MID_MAX_M (DOM_AUTO_MID_MAX_DENSITY * DOM_AUTO_MID_N)
/* ... and only when the joins (blocks of two or more predecessors) are at least
 * DOM_AUTO_MID_MIN_JOINS_PER_32 / 32 and fewer than DOM_AUTO_MID_MAX_JOINS_PER_32 / 32 of the
 * blocks (results/auto/README.md: the families where the path gives up or loses have 0.49 or
 * more; with fewer, as in most Rust functions, Semi-NCA wins). */
#define DOM_AUTO_MID_MIN_JOINS_PER_32 8u
#define DOM_AUTO_MID_MAX_JOINS_PER_32 15u

/* Semi-NCA, split in its two phases so auto can run them separately (snca.c). */
struct snca_rec {
	uint32_t anc; /* path-compression link; the DFS parent until compressed */
	uint32_t lab; /* smallest semidominator on the compressed path (a value, not a node) */
};

struct snca_work {
	uint32_t cap;         /* blocks the arrays are sized for */
	uint32_t nreach;
	uint32_t *pre;        /* n */
	uint32_t *order;      /* n */
	uint32_t *idom;       /* n + 1: DFS parent, then the immediate dominator (DFS numbers) */
	uint32_t *semi;       /* n */
	uint32_t *stk;        /* n: DFS stack, then the compression stack */
	struct snca_rec *rec; /* n */
	uint32_t *parent;     /* n, only when allocated with keep_parent (auto's fallback) */
};

uint64_t snca_work_bytes(uint64_t n, int keep_parent);
int snca_work_alloc(struct snca_work *w, uint32_t n, int keep_parent);
void snca_work_free(struct snca_work *w);
/* The descriptor-level scratch of snca (keep_parent 0) and auto (1): a heap snca_work. */
int snca_scratch_new(void **scratch, uint32_t n, int keep_parent);
void snca_scratch_delete(void *scratch);

/* Phase one: DFS and semidominators, with the dominator-cut shortcut (dom_cuts).
 * *compress_steps += compress steps; *cut_stops += nodes whose semidominator is their cut. */
void snca_semi(struct snca_work *w, const struct cfg *g, uint64_t *compress_steps,
	       uint64_t *cut_stops);

/* Phase two: idom[x] = nearest common ancestor walk from the parent up to semi[x]. Stops
 * with SSA_EBUDGET once more than budget steps were taken (UINT64_MAX: no budget).
 * *steps receives the steps taken. */
int snca_nca(struct snca_work *w, uint64_t budget, uint64_t *steps);

#endif
