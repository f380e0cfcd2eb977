#include "cfg/traverse.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

uint64_t cfg_dfs_bytes(uint64_t n)
{
	return ssa_bytes(7, ssa_array_bytes(n, sizeof(uint32_t)));
}

int cfg_dfs_alloc(struct cfg_dfs *d, uint32_t n)
{
	memset(d, 0, sizeof *d);
	d->n = n;
	uint32_t **arrays[] = {&d->pre, &d->post, &d->parent, &d->order, &d->rpo,
			       &d->stack_block, &d->stack_edge};
	for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++) {
		*arrays[i] = ssa_alloc_array(n, sizeof(uint32_t));
		if (!*arrays[i]) {
			cfg_dfs_free(d);
			return SSA_ENOMEM;
		}
	}
	return SSA_OK;
}

void cfg_dfs_free(struct cfg_dfs *d)
{
	ssa_free_all(d->pre, d->post, d->parent, d->order, d->rpo, d->stack_block, d->stack_edge,
		     NULL);
	memset(d, 0, sizeof *d);
}

void cfg_dfs_run(struct cfg_dfs *d, const struct cfg *g, uint32_t root)
{
	const uint32_t n = g->n;
	const uint32_t *succ_off = g->succ_off, *succ = g->succ;
	uint32_t *pre = d->pre, *post = d->post, *parent = d->parent, *order = d->order;
	uint32_t *sb = d->stack_block, *se = d->stack_edge;

	memset(pre, 0xff, (size_t)n * sizeof *pre);
	memset(post, 0xff, (size_t)n * sizeof *post);
	memset(parent, 0xff, (size_t)n * sizeof *parent);

	uint32_t npre = 0, npost = 0, top = 0;
	pre[root] = npre;
	order[npre++] = root;
	sb[0] = root;
	se[0] = succ_off[root];
	top = 1;
	while (top) {
		uint32_t b = sb[top - 1];
		uint32_t e = se[top - 1];
		uint32_t end = succ_off[b + 1];
		/* Advance to the next unvisited successor, keeping the cursor on the stack. */
		while (e < end && pre[succ[e]] != SSA_NONE)
			e++;
		if (e < end) {
			uint32_t v = succ[e];
			se[top - 1] = e + 1;
			pre[v] = npre;
			order[npre++] = v;
			parent[v] = b;
			sb[top] = v;
			se[top] = succ_off[v];
			top++;
		} else {
			post[b] = npost++;
			top--;
		}
	}
	d->nreach = npre;
	for (uint32_t i = 0; i < npre; i++) {
		uint32_t b = order[i];
		d->rpo[npre - 1 - post[b]] = b;
	}
}

static uint32_t reach(const uint32_t *off, const uint32_t *adj, uint32_t n, uint32_t root,
		      uint8_t *reached, uint32_t *stack)
{
	memset(reached, 0, n);
	uint32_t top = 0, count = 1;
	reached[root] = 1;
	stack[top++] = root;
	while (top) {
		uint32_t b = stack[--top];
		for (uint32_t e = off[b]; e < off[b + 1]; e++) {
			uint32_t v = adj[e];
			if (!reached[v]) {
				reached[v] = 1;
				count++;
				stack[top++] = v;
			}
		}
	}
	return count;
}

uint32_t cfg_reach(const struct cfg *g, uint32_t root, uint8_t *reached, uint32_t *stack)
{
	return reach(g->succ_off, g->succ, g->n, root, reached, stack);
}

uint32_t cfg_coreach(const struct cfg *g, uint32_t target, uint8_t *reached, uint32_t *stack)
{
	return reach(g->pred_off, g->pred, g->n, target, reached, stack);
}
