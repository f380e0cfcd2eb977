/* Helpers shared by the dominator algorithms: the depth-first numbering of the Lengauer-Tarjan
 * family (slt, lt, snca, auto), the dominator cuts found from it, the two halves of the
 * iterative algorithm from a BFS tree (ibfs, auto's mid-size path), and the translation of a
 * DFS- or BFS-space answer back to blocks. */
#include "dom/dom_internal.h"

#include "util/status.h"

#include <stdbool.h>
#include <string.h>

uint32_t dom_dfs(const struct cfg *g, uint32_t base, uint32_t *pre, uint32_t *order,
		 uint32_t *parent, uint32_t *last, size_t stride, uint32_t *stk, uint32_t *cur)
{
	const uint32_t *succ_off = g->succ_off, *succ = g->succ;

	memset(pre, 0xff, (size_t)g->n * sizeof *pre);
	uint32_t next = base, top = 0;
	uint32_t x = next++;
	pre[0] = x;
	order[x] = 0;
	parent[(size_t)x * stride] = SSA_NONE;
	last[(size_t)x * stride] = SSA_NONE;
	uint32_t e = succ_off[0], end = succ_off[1];
	/* The open node lives in registers (x, e, end); only its ancestors are on the stack,
	 * with their cursors in cur[]. The scan over visited successors is a loop of its own
	 * so their independent loads overlap. */
	for (;;) {
		while (e < end && pre[succ[e]] != SSA_NONE)
			e++;
		if (e < end) {
			uint32_t v = succ[e++];
			cur[x] = e;
			stk[top++] = x;
			uint32_t y = next++;
			pre[v] = y;
			order[y] = v;
			last[(size_t)x * stride] = y;
			parent[(size_t)y * stride] = x;
			last[(size_t)y * stride] = SSA_NONE;
			x = y;
			e = succ_off[v];
			end = succ_off[v + 1];
		} else {
			if (!top)
				break;
			x = stk[--top];
			e = cur[x];
			end = succ_off[order[x] + 1];
		}
	}
	return next - base;
}

uint32_t dom_cuts(const struct cfg *g, const uint32_t *pre, const uint32_t *order,
		  const uint32_t *last, size_t stride, uint32_t base, uint32_t nreach,
		  uint32_t *list)
{
	/* Only the path P from the root to the last-numbered node can hold cuts: a cut's
	 * subtree must hold every number above it. Along P, the only edges that can jump over
	 * c start at its ancestors, so one walk down P with the furthest successor seen so far
	 * (far) decides every candidate. The walk stops when far covers every number, or
	 * when a window of edges passes without a new cut: the cuts found by then stay cuts,
	 * and the shallow ones, found first, are those that dominate the most. */
	const uint32_t *succ_off = g->succ_off, *succ = g->succ;
	const uint32_t top = base + nreach - 1;
	const uint64_t window = (uint64_t)g->m / DOM_CUT_WINDOW_DIVISOR + 64;
	uint64_t budget = window;
	uint32_t ncuts = 0, far = base, c = base;
	for (;;) {
		if (far <= c) {
			list[ncuts++] = c;
			budget = window;
		}
		uint32_t b = order[c];
		uint32_t e = succ_off[b], end = succ_off[b + 1];
		if (end - e > budget)
			break;
		budget -= end - e;
		for (; e < end; e++) {
			uint32_t v = pre[succ[e]];
			if (v > far)
				far = v;
		}
		c = last[(size_t)c * stride];
		if (c == SSA_NONE || far >= top)
			break;
	}
	return ncuts;
}

void dom_emit(uint32_t *idom, uint32_t n, uint32_t base, uint32_t nreach, const uint32_t *order,
	      const uint32_t *didom)
{
	memset(idom, 0xff, (size_t)n * sizeof *idom);
	for (uint32_t x = base + 1; x < base + nreach; x++)
		idom[order[x]] = order[didom[x]];
}

uint32_t dom_bfs_preds(const struct cfg *g, uint32_t *num, uint32_t *order, uint32_t *doms,
		       uint32_t *poff, uint32_t *plist)
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

int dom_ibfs_passes(uint32_t *doms, const uint32_t *poff, const uint32_t *plist,
		    uint32_t nreach, uint64_t max_passes, uint64_t max_steps, uint64_t *passes,
		    uint64_t *steps, uint64_t *scans)
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
