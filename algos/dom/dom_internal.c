/* Helpers shared by the dominator algorithms: the depth-first numbering of the Lengauer-Tarjan
 * family (slt, lt, snca, auto), the dominator cuts found from it, and the translation of a
 * DFS- or BFS-space answer back to blocks. (The two halves of IBFS are inline functions in
 * dom_internal.h.) */
#include "dom/dom_internal.h"

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
	/* When every block is reached, the loop writes all of idom but the root's. */
	if (nreach < n)
		memset(idom, 0xff, (size_t)n * sizeof *idom);
	else
		idom[order[base]] = SSA_NONE;
	for (uint32_t x = base + 1; x < base + nreach; x++)
		idom[order[x]] = order[didom[x]];
}
