/* Helpers shared by the dominator algorithms: the depth-first numbering of the Lengauer-Tarjan
 * family (slt, lt, snca, auto) and the translation of a DFS-space answer back to blocks. */
#include "dom/dom_internal.h"

#include <string.h>

uint32_t dom_dfs(const struct cfg *g, uint32_t base, uint32_t *pre, uint32_t *order,
		 uint32_t *parent, size_t parent_stride, uint32_t *stk, uint32_t *cur)
{
	const uint32_t *succ_off = g->succ_off, *succ = g->succ;

	memset(pre, 0xff, (size_t)g->n * sizeof *pre);
	uint32_t next = base, top = 0;
	uint32_t x = next++;
	pre[0] = x;
	order[x] = 0;
	parent[(size_t)x * parent_stride] = SSA_NONE;
	uint32_t e = succ_off[0], end = succ_off[1];
	/* The open node lives in registers (x, e, end); only its ancestors are on the stack,
	 * with their cursors in cur[]. */
	for (;;) {
		if (e < end) {
			uint32_t v = succ[e++];
			if (pre[v] != SSA_NONE)
				continue;
			cur[x] = e;
			stk[top++] = x;
			uint32_t y = next++;
			pre[v] = y;
			order[y] = v;
			parent[(size_t)y * parent_stride] = x;
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

void dom_emit(uint32_t *idom, uint32_t n, uint32_t base, uint32_t nreach, const uint32_t *order,
	      const uint32_t *didom)
{
	memset(idom, 0xff, (size_t)n * sizeof *idom);
	for (uint32_t x = base + 1; x < base + nreach; x++)
		idom[order[x]] = order[didom[x]];
}
