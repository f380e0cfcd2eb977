/* The dominator reference: Lengauer and Tarjan's simple algorithm, written separately from
 * the registered kernels so that a bug shared by them cannot hide here.
 *
 * Lengauer, Tarjan, "A fast algorithm for finding dominators in a flowgraph", TOPLAS 1979: a
 * depth-first numbering, semidominators computed in reverse preorder by EVAL over a forest
 * linked along DFS tree arcs (path compression only, the "simple" LINK/EVAL), implicit
 * dominators from the buckets, then a forward pass. Deliberately plain: no dominator-cut
 * shortcut, no packed records, no shared DFS; its own iterative DFS follows successors in edge
 * order, iterative compression, all arrays 1-based by DFS number (0 = none).
 *
 * Time O(m log n); memory 11 words per block (see dom_reference_bytes). Iterative throughout,
 * so a 10^7-block chain is fine. Used by bench and the tests as the large-graph reference. */
#include "dom/reference.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

#define REF_WORDS 11

uint64_t dom_reference_bytes(uint64_t n, uint64_t m)
{
	(void)m;
	return ssa_bytes(ssa_sat_add(n, 1), REF_WORDS * sizeof(uint32_t));
}

struct ref {
	uint32_t *num, *vert, *parent, *semi, *label, *anc, *dom, *bhead, *bnext, *stk, *cur;
};

/* Path compression from v: afterwards anc[v] is a root's child and label[v] the vertex of
 * least semidominator on the old path. Iterative: the path is pushed, then fixed from the top
 * down, as the recursive version returns. */
static void compress(struct ref *r, uint32_t v)
{
	uint32_t sp = 0;
	for (uint32_t x = v; r->anc[r->anc[x]] != 0; x = r->anc[x])
		r->stk[sp++] = x;
	while (sp) {
		uint32_t x = r->stk[--sp], a = r->anc[x];
		if (r->semi[r->label[a]] < r->semi[r->label[x]])
			r->label[x] = r->label[a];
		r->anc[x] = r->anc[a];
	}
}

static uint32_t eval(struct ref *r, uint32_t v)
{
	if (r->anc[v] == 0)
		return v;
	compress(r, v);
	return r->label[v];
}

int dom_reference(const struct cfg *g, uint32_t *idom)
{
	const uint32_t n = g->n;
	if (n == UINT32_MAX)
		return SSA_ETOOBIG;
	struct ref r = {0};
	uint32_t **arr[] = {&r.vert, &r.parent, &r.semi, &r.label, &r.anc, &r.dom, &r.bhead, &r.bnext,
			    &r.stk, &r.cur};
	bool ok = (r.num = ssa_calloc_array(n, sizeof(uint32_t))) != NULL;
	for (size_t i = 0; i < sizeof arr / sizeof *arr; i++)
		ok = (*arr[i] = ssa_calloc_array((size_t)n + 1, sizeof(uint32_t))) != NULL && ok;
	if (!ok) {
		ssa_free_all(r.num, r.vert, r.parent, r.semi, r.label, r.anc, r.dom, r.bhead, r.bnext,
			     r.stk, r.cur, NULL);
		return SSA_ENOMEM;
	}

	/* DFS from block 0; cur[i] is the next successor edge of the vertex numbered i. */
	uint32_t N = 1, sp = 0;
	r.num[0] = 1;
	r.vert[1] = 0;
	r.cur[1] = g->succ_off[0];
	r.stk[sp++] = 1;
	while (sp) {
		const uint32_t i = r.stk[sp - 1], b = r.vert[i];
		if (r.cur[i] == g->succ_off[b + 1]) {
			sp--;
			continue;
		}
		const uint32_t s = g->succ[r.cur[i]++];
		if (r.num[s])
			continue;
		r.num[s] = ++N;
		r.vert[N] = s;
		r.parent[N] = i;
		r.cur[N] = g->succ_off[s];
		r.stk[sp++] = N;
	}
	for (uint32_t i = 1; i <= N; i++) {
		r.semi[i] = i;
		r.label[i] = i;
	}

	for (uint32_t i = N; i >= 2; i--) {
		const uint32_t w = r.vert[i];
		for (uint32_t k = g->pred_off[w]; k < g->pred_off[w + 1]; k++) {
			const uint32_t v = r.num[g->pred[k]];
			if (v == 0)
				continue; /* an unreachable predecessor */
			const uint32_t u = eval(&r, v);
			if (r.semi[u] < r.semi[i])
				r.semi[i] = r.semi[u];
		}
		r.bnext[i] = r.bhead[r.semi[i]];
		r.bhead[r.semi[i]] = i;
		const uint32_t p = r.parent[i];
		r.anc[i] = p; /* LINK(parent, i) */
		for (uint32_t v = r.bhead[p]; v; v = r.bnext[v]) {
			const uint32_t u = eval(&r, v);
			r.dom[v] = r.semi[u] < r.semi[v] ? u : p;
		}
		r.bhead[p] = 0;
	}
	for (uint32_t i = 2; i <= N; i++)
		if (r.dom[i] != r.semi[i])
			r.dom[i] = r.dom[r.dom[i]];

	for (uint32_t b = 0; b < n; b++)
		idom[b] = SSA_NONE;
	for (uint32_t i = 2; i <= N; i++)
		idom[r.vert[i]] = r.vert[r.dom[i]];
	ssa_free_all(r.num, r.vert, r.parent, r.semi, r.label, r.anc, r.dom, r.bhead, r.bnext, r.stk,
		     r.cur, NULL);
	return SSA_OK;
}
