#include "dom/domtree.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

uint64_t domtree_bytes(uint64_t n)
{
	return ssa_bytes(7 * n + 1, sizeof(uint32_t));
}

void domtree_free(struct domtree *t)
{
	ssa_free_all(t->idom, t->child_off, t->child, t->tin, t->tlast, t->depth, t->order, NULL);
	memset(t, 0, sizeof *t);
}

int domtree_build(struct domtree *t, const uint32_t *idom, uint32_t n, uint32_t root)
{
	memset(t, 0, sizeof *t);
	if (root >= n || idom[root] != SSA_NONE)
		return SSA_EVERIFY;
	t->n = n;
	t->root = root;
	t->idom = ssa_alloc_array(n, sizeof(uint32_t));
	t->child_off = ssa_calloc_array((size_t)n + 1, sizeof(uint32_t));
	t->child = ssa_alloc_array(n, sizeof(uint32_t));
	t->tin = ssa_alloc_array(n, sizeof(uint32_t));
	t->tlast = ssa_alloc_array(n, sizeof(uint32_t));
	t->depth = ssa_alloc_array(n, sizeof(uint32_t));
	t->order = ssa_alloc_array(n, sizeof(uint32_t));
	if (!t->idom || !t->child_off || !t->child || !t->tin || !t->tlast || !t->depth || !t->order) {
		domtree_free(t);
		return SSA_ENOMEM;
	}
	memcpy(t->idom, idom, (size_t)n * sizeof(uint32_t));

	/* Children by a counting sort over blocks in ascending order, so each list is ascending. */
	uint32_t *off = t->child_off;
	for (uint32_t b = 0; b < n; b++) {
		if (idom[b] == SSA_NONE)
			continue;
		if (idom[b] >= n || idom[b] == b) {
			domtree_free(t);
			return SSA_EVERIFY;
		}
		off[idom[b] + 1]++;
	}
	for (uint32_t b = 0; b < n; b++)
		off[b + 1] += off[b];
	for (uint32_t b = 0; b < n; b++)
		if (idom[b] != SSA_NONE)
			t->child[off[idom[b]]++] = b;
	memmove(off + 1, off, (size_t)n * sizeof *off);
	off[0] = 0;

	/* Preorder with an explicit stack of (block, next child); tlast is set when a block's
	 * subtree is finished. */
	uint32_t *cursor = ssa_alloc_array(n, sizeof(uint32_t));
	uint32_t *stack = ssa_alloc_array(n, sizeof(uint32_t));
	if (!cursor || !stack) {
		ssa_free_all(cursor, stack, NULL);
		domtree_free(t);
		return SSA_ENOMEM;
	}
	memset(t->tin, 0xff, (size_t)n * sizeof(uint32_t));
	memset(t->tlast, 0, (size_t)n * sizeof(uint32_t));
	memset(t->depth, 0xff, (size_t)n * sizeof(uint32_t));
	uint32_t count = 0, top = 0;
	t->tin[root] = count;
	t->order[count++] = root;
	t->depth[root] = 0;
	stack[top] = root;
	cursor[top++] = off[root];
	while (top) {
		uint32_t b = stack[top - 1];
		uint32_t c = cursor[top - 1];
		if (c < off[b + 1]) {
			uint32_t v = t->child[c];
			cursor[top - 1] = c + 1;
			t->tin[v] = count;
			t->order[count++] = v;
			t->depth[v] = t->depth[b] + 1;
			stack[top] = v;
			cursor[top++] = off[v];
		} else {
			t->tlast[b] = count - 1;
			top--;
		}
	}
	ssa_free_all(cursor, stack, NULL);
	t->nreach = count;

	/* Every block with an idom must have been reached; otherwise idom has a cycle. */
	uint32_t with_idom = 0;
	for (uint32_t b = 0; b < n; b++)
		with_idom += idom[b] != SSA_NONE;
	if (with_idom + 1 != count) {
		domtree_free(t);
		return SSA_EVERIFY;
	}
	return SSA_OK;
}
