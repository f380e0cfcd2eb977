/* Liveness and interference of SSA names, for the CSSA check and for coalescing.
 *
 * Live-out sets by path exploration (Brandner, Boissinot, Darte, Dupont de Dinechin, Rastello,
 * "Computing liveness sets for SSA-form programs", INRIA RR-7503, 2011; the SSA book's
 * Algorithm "Liveness sets using path exploration"): for each name, from every block that reads
 * it (a φ operand counts as a read at the end of its predecessor), walk predecessors backwards,
 * marking blocks live-in and their predecessors live-out, and stop at the defining block. Each
 * block is entered at most once per name (generation stamps), so the time is O(n + Σ over names
 * of the predecessor edges of its live-in blocks), twice (count, then fill); an explicit stack,
 * no recursion. The result is stored per block: the live-out names of block b, ascending. Interference: Chaitin's rule decided with dominance
 * (Budimlic, Cooper, Harvey, Kennedy, Oberg, Reeves, "Fast copy coalescing and live-range
 * identification", PLDI 2002): in strict SSA only the name whose definition dominates can be
 * live at the other's definition.
 * Requires: s passes cprog_check(s, true) and t is the dominator tree of s->g. Blocks the entry
 * does not reach are never walked into (no execution passes there). */
#include "destruct/destruct.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

void ssa_live_free(struct ssa_live *L)
{
	ssa_free_all(L->def_block, L->def_pt, L->use_off, L->use_block, L->use_pt, L->lo_off, L->lo);
	memset(L, 0, sizeof(*L));
}

/* Point of every op of block b into pt[] (indexed by op); see the header. */
static void block_points(const struct cprog *s, uint32_t b, uint32_t *pt)
{
	uint32_t first = s->op_off[b], cur = 0;
	for (uint32_t i = first; i < s->op_off[b + 1]; i++) {
		bool cont = cprog_kind_of(s, i) == CP_PAR && !(s->kind[i] & CP_PAR_FIRST);
		if (!cont)
			cur = i - first + 1;
		pt[i] = cur;
	}
}

/* The reads of op i: a use's variable or a copy's source (SSA_UNDEF: none). */
static inline uint32_t op_read(const struct cprog *s, uint32_t i)
{
	unsigned k = cprog_kind_of(s, i);
	if (k == CP_USE)
		return s->var[i];
	if (k == CP_DEF)
		return SSA_UNDEF;
	return s->src[i];
}

int ssa_live_build(struct ssa_live *L, const struct cprog *s, const struct domtree *t,
		   uint64_t mem_limit)
{
	const struct cfg *g = s->g;
	uint32_t V = s->nvars, n = g->n;
	memset(L, 0, sizeof(*L));
	L->n = n;
	L->nvars = V;
	L->t = t;
	uint32_t *pt = ssa_alloc_array(s->nops, sizeof(uint32_t));
	uint32_t *in_stamp = ssa_calloc_array(n, sizeof(uint32_t));
	uint32_t *out_stamp = ssa_calloc_array(n, sizeof(uint32_t));
	uint32_t *stack = ssa_alloc_array(n, sizeof(uint32_t));
	/* φ reads of each name: (pred block) pairs in a CSR by name. */
	uint64_t nargs = s->arg_off[s->nphi];
	uint64_t *pr_off = ssa_calloc_array((size_t)V + 1, sizeof(uint64_t));
	uint32_t *pr = ssa_alloc_array((size_t)nargs, sizeof(uint32_t));
	L->def_block = ssa_alloc_array(V, sizeof(uint32_t));
	L->def_pt = ssa_alloc_array(V, sizeof(uint32_t));
	L->use_off = ssa_calloc_array((size_t)V + 1, sizeof(uint64_t));
	L->lo_off = ssa_calloc_array((size_t)n + 1, sizeof(uint64_t));
	uint64_t *lo_cur = NULL;
	int rc = SSA_ENOMEM;
	if (!pt || !in_stamp || !out_stamp || !stack || !pr_off || !pr || !L->def_block ||
	    !L->def_pt || !L->use_off || !L->lo_off)
		goto fail;
	for (uint32_t v = 0; v < V; v++)
		L->def_block[v] = SSA_NONE, L->def_pt[v] = 0;
	uint64_t nuses = 0;
	for (uint32_t b = 0; b < n; b++) {
		block_points(s, b, pt);
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
			L->def_block[s->phi_var[q]] = b, L->def_pt[s->phi_var[q]] = 0;
		for (uint32_t i = s->op_off[b]; i < s->op_off[b + 1]; i++) {
			uint32_t r = op_read(s, i);
			if (r != SSA_UNDEF)
				L->use_off[r + 1]++, nuses++;
			if (cprog_kind_of(s, i) != CP_USE)
				L->def_block[s->var[i]] = b, L->def_pt[s->var[i]] = pt[i];
		}
	}
	for (uint64_t k = 0; k < nargs; k++)
		if (s->arg[k] != SSA_UNDEF)
			pr_off[s->arg[k] + 1]++;
	for (uint32_t v = 0; v < V; v++) {
		L->use_off[v + 1] += L->use_off[v];
		pr_off[v + 1] += pr_off[v];
	}
	L->use_block = ssa_alloc_array((size_t)nuses, sizeof(uint32_t));
	L->use_pt = ssa_alloc_array((size_t)nuses, sizeof(uint32_t));
	uint64_t *cur = ssa_alloc_array((size_t)V + 1, sizeof(uint64_t));
	if (!L->use_block || !L->use_pt || !cur) {
		free(cur);
		goto fail;
	}
	/* Filled in block order, then op order: each name's reads come out sorted. */
	memcpy(cur, L->use_off, ((size_t)V + 1) * sizeof(uint64_t));
	for (uint32_t b = 0; b < n; b++) {
		block_points(s, b, pt);
		for (uint32_t i = s->op_off[b]; i < s->op_off[b + 1]; i++) {
			uint32_t r = op_read(s, i);
			if (r == SSA_UNDEF)
				continue;
			L->use_block[cur[r]] = b;
			L->use_pt[cur[r]++] = pt[i];
		}
	}
	memcpy(cur, pr_off, ((size_t)V + 1) * sizeof(uint64_t));
	for (uint32_t b = 0; b < n; b++)
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
			for (uint64_t k = s->arg_off[q]; k < s->arg_off[q + 1]; k++)
				if (s->arg[k] != SSA_UNDEF)
					pr[cur[s->arg[k]]++] = g->pred[g->pred_off[b] + (k - s->arg_off[q])];
	free(cur);

	/* Two passes of the same walks: the first counts the live-out names of every block, so the
	 * lists are sized (and refused above mem_limit) before they exist; the second fills them,
	 * names in increasing order, so each block's list comes out sorted without a sort. */
	for (int pass = 0; pass < 2; pass++) {
		if (pass) {
			for (uint32_t b = 0; b < n; b++)
				L->lo_off[b + 1] += L->lo_off[b];
			uint64_t total = L->lo_off[n];
			if (mem_limit && ssa_bytes(total, 4) > mem_limit) {
				rc = SSA_ETOOBIG;
				goto fail;
			}
			L->lo = ssa_alloc_array((size_t)total, sizeof(uint32_t));
			lo_cur = ssa_alloc_array((size_t)n + 1, sizeof(uint64_t));
			if (!L->lo || !lo_cur)
				goto fail;
			memcpy(lo_cur, L->lo_off, ((size_t)n + 1) * sizeof(uint64_t));
			memset(in_stamp, 0, (size_t)n * sizeof(uint32_t));
			memset(out_stamp, 0, (size_t)n * sizeof(uint32_t));
		}
		for (uint32_t v = 0; v < V; v++) {
			uint32_t gen = v + 1, d = L->def_block[v], sp = 0;
			/* Marks x live-out and, unless x defines v, live-in to be explored. */
#define LIVE_OUT(x)                                                   \
	do {                                                          \
		uint32_t x_ = (x);                                    \
		if (t->tin[x_] == SSA_NONE)                           \
			break;                                        \
		if (out_stamp[x_] != gen) {                           \
			out_stamp[x_] = gen;                          \
			if (pass)                                     \
				L->lo[lo_cur[x_]++] = v;              \
			else                                          \
				L->lo_off[x_ + 1]++;                  \
		}                                                     \
		if (x_ != d && in_stamp[x_] != gen) {                 \
			in_stamp[x_] = gen;                           \
			stack[sp++] = x_;                             \
		}                                                     \
	} while (0)
			for (uint64_t k = L->use_off[v]; k < L->use_off[v + 1]; k++) {
				uint32_t u = L->use_block[k];
				if (u == d && L->use_pt[k] > L->def_pt[v])
					continue; /* read after its definition in the same block */
				if (t->tin[u] == SSA_NONE || in_stamp[u] == gen)
					continue;
				in_stamp[u] = gen;
				stack[sp++] = u;
			}
			for (uint64_t k = pr_off[v]; k < pr_off[v + 1]; k++)
				LIVE_OUT(pr[k]);
			while (sp) {
				uint32_t x = stack[--sp];
				for (uint32_t e = g->pred_off[x]; e < g->pred_off[x + 1]; e++) {
					L->walk_steps += !pass;
					LIVE_OUT(g->pred[e]);
				}
			}
#undef LIVE_OUT
		}
	}
	L->bytes = ssa_bytes(L->lo_off[n], 4) + ssa_bytes(n, 8) + ssa_bytes(nuses, 8) +
		   ssa_bytes((uint64_t)V, 8 + 16);
	ssa_free_all(pt, in_stamp, out_stamp, stack, pr_off, pr, lo_cur);
	return SSA_OK;
fail:
	ssa_free_all(pt, in_stamp, out_stamp, stack, pr_off, pr, lo_cur);
	ssa_live_free(L);
	return rc;
}

bool ssa_live_out(const struct ssa_live *L, uint32_t v, uint32_t b)
{
	uint64_t lo = L->lo_off[b], hi = L->lo_off[b + 1];
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (L->lo[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < L->lo_off[b + 1] && L->lo[lo] == v;
}

bool ssa_live_after(const struct ssa_live *L, uint32_t v, uint32_t b, uint32_t pt)
{
	if (ssa_live_out(L, v, b))
		return true;
	/* The last read of v in b: the reads are sorted by (block, point). */
	uint64_t lo = L->use_off[v], hi = L->use_off[v + 1];
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (L->use_block[mid] <= b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > L->use_off[v] && L->use_block[lo - 1] == b && L->use_pt[lo - 1] > pt;
}

bool ssa_def_dominates(const struct ssa_live *L, uint32_t a, uint32_t b)
{
	uint32_t ba = L->def_block[a], bb = L->def_block[b];
	if (ba == SSA_NONE || bb == SSA_NONE || L->t->tin[ba] == SSA_NONE ||
	    L->t->tin[bb] == SSA_NONE)
		return false;
	if (ba == bb)
		return L->def_pt[a] <= L->def_pt[b];
	return domtree_dominates(L->t, ba, bb);
}

bool ssa_interfere(const struct ssa_live *L, uint32_t a, uint32_t b)
{
	if (a == b)
		return false;
	bool ab = ssa_def_dominates(L, a, b), ba = ssa_def_dominates(L, b, a);
	/* Both at one point (φs of a block, members of a parallel copy): either may be live. */
	return (ab && ssa_live_after(L, a, L->def_block[b], L->def_pt[b])) ||
	       (ba && ssa_live_after(L, b, L->def_block[a], L->def_pt[a]));
}
