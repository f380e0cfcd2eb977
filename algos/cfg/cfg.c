#include "cfg/cfg.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int edge_list_init(struct edge_list *el, uint32_t n, uint32_t cap)
{
	memset(el, 0, sizeof *el);
	el->n = n;
	el->cap = cap ? cap : 16;
	el->src = ssa_alloc_array(el->cap, sizeof *el->src);
	el->dst = ssa_alloc_array(el->cap, sizeof *el->dst);
	if (!el->src || !el->dst) {
		edge_list_free(el);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

int edge_list_push(struct edge_list *el, uint32_t u, uint32_t v)
{
	if (el->m == el->cap) {
		if (el->cap >= CFG_MAX_EDGES)
			return SSA_ETOOBIG;
		uint64_t want = (uint64_t)el->cap * 2;
		uint32_t cap = want > CFG_MAX_EDGES ? CFG_MAX_EDGES : (uint32_t)want;
		uint32_t *s = ssa_realloc_array(el->src, cap, sizeof *s);
		if (!s)
			return SSA_ENOMEM;
		el->src = s;
		uint32_t *d = ssa_realloc_array(el->dst, cap, sizeof *d);
		if (!d)
			return SSA_ENOMEM;
		el->dst = d;
		el->cap = cap;
	}
	el->src[el->m] = u;
	el->dst[el->m] = v;
	el->m++;
	return SSA_OK;
}

void edge_list_free(struct edge_list *el)
{
	free(el->src);
	free(el->dst);
	memset(el, 0, sizeof *el);
}

uint64_t cfg_bytes(uint64_t n, uint64_t m)
{
	return ssa_sat_add(ssa_bytes(2 * (n + 1), sizeof(uint32_t)), ssa_bytes(2 * m, sizeof(uint32_t)));
}

void cfg_free(struct cfg *g)
{
	ssa_free_all(g->succ_off, g->succ, g->pred_off, g->pred, NULL);
	memset(g, 0, sizeof *g);
}

/* Stable counting sort of (key[i], val[i]) by key into off/out; off has nkeys+1 entries. */
static void counting_sort(uint32_t nkeys, uint32_t m, const uint32_t *key, const uint32_t *val,
			  uint32_t *off, uint32_t *out)
{
	memset(off, 0, (size_t)(nkeys + 1) * sizeof *off);
	for (uint32_t i = 0; i < m; i++)
		off[key[i] + 1]++;
	for (uint32_t b = 0; b < nkeys; b++)
		off[b + 1] += off[b];
	/* off[b] is now the first free slot of bucket b; it ends at the start of b+1. */
	for (uint32_t i = 0; i < m; i++)
		out[off[key[i]]++] = val[i];
	/* Shift back so off[b] is the bucket's start again. */
	memmove(off + 1, off, (size_t)nkeys * sizeof *off);
	off[0] = 0;
}

int cfg_from_edges(struct cfg *g, const struct edge_list *el)
{
	memset(g, 0, sizeof *g);
	if (el->n == 0 || el->n > CFG_MAX_BLOCKS || el->m > CFG_MAX_EDGES)
		return SSA_ETOOBIG;
	g->n = el->n;
	g->m = el->m;
	g->succ_off = ssa_alloc_array((size_t)g->n + 1, sizeof(uint32_t));
	g->succ = ssa_alloc_array(g->m, sizeof(uint32_t));
	if (!g->succ_off || !g->succ) {
		cfg_free(g);
		return SSA_ENOMEM;
	}
	counting_sort(g->n, g->m, el->src, el->dst, g->succ_off, g->succ);
	int st = cfg_build_preds(g);
	if (st)
		cfg_free(g);
	return st;
}

int cfg_from_succ_csr(struct cfg *g, uint32_t n, uint32_t m, uint32_t *succ_off, uint32_t *succ)
{
	memset(g, 0, sizeof *g);
	g->n = n;
	g->m = m;
	g->succ_off = succ_off;
	g->succ = succ;
	int st = cfg_build_preds(g);
	if (st)
		cfg_free(g);
	return st;
}

int cfg_build_preds(struct cfg *g)
{
	free(g->pred_off);
	free(g->pred);
	g->pred_off = ssa_alloc_array((size_t)g->n + 1, sizeof(uint32_t));
	g->pred = ssa_alloc_array(g->m, sizeof(uint32_t));
	if (!g->pred_off || !g->pred)
		return SSA_ENOMEM;
	uint32_t *off = g->pred_off;
	memset(off, 0, (size_t)(g->n + 1) * sizeof *off);
	for (uint32_t e = 0; e < g->m; e++)
		off[g->succ[e] + 1]++;
	for (uint32_t b = 0; b < g->n; b++)
		off[b + 1] += off[b];
	for (uint32_t u = 0; u < g->n; u++)
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++)
			g->pred[off[g->succ[e]]++] = u;
	memmove(off + 1, off, (size_t)g->n * sizeof *off);
	off[0] = 0;
	return SSA_OK;
}

int cfg_reverse(struct cfg *out, const struct cfg *g)
{
	memset(out, 0, sizeof *out);
	out->n = g->n;
	out->m = g->m;
	out->succ_off = ssa_alloc_array((size_t)g->n + 1, sizeof(uint32_t));
	out->succ = ssa_alloc_array(g->m, sizeof(uint32_t));
	out->pred_off = ssa_alloc_array((size_t)g->n + 1, sizeof(uint32_t));
	out->pred = ssa_alloc_array(g->m, sizeof(uint32_t));
	if (!out->succ_off || !out->succ || !out->pred_off || !out->pred) {
		cfg_free(out);
		return SSA_ENOMEM;
	}
	memcpy(out->succ_off, g->pred_off, (size_t)(g->n + 1) * sizeof(uint32_t));
	memcpy(out->succ, g->pred, (size_t)g->m * sizeof(uint32_t));
	memcpy(out->pred_off, g->succ_off, (size_t)(g->n + 1) * sizeof(uint32_t));
	memcpy(out->pred, g->succ, (size_t)g->m * sizeof(uint32_t));
	return SSA_OK;
}

int cfg_clone(struct cfg *out, const struct cfg *g)
{
	int st = cfg_reverse(out, g);
	if (st)
		return st;
	/* cfg_reverse swapped the two CSRs; swapping them back gives a copy. */
	uint32_t *t = out->succ_off;
	out->succ_off = out->pred_off;
	out->pred_off = t;
	t = out->succ;
	out->succ = out->pred;
	out->pred = t;
	return SSA_OK;
}

static bool offsets_ok(const uint32_t *off, uint32_t n, uint32_t m)
{
	if (off[0] != 0 || off[n] != m)
		return false;
	for (uint32_t b = 0; b < n; b++)
		if (off[b] > off[b + 1])
			return false;
	return true;
}

bool cfg_is_valid(const struct cfg *g, char *why, unsigned whylen)
{
#define FAIL(...) do { if (why) snprintf(why, whylen, __VA_ARGS__); return false; } while (0)
	if (g->n == 0 || g->n > CFG_MAX_BLOCKS)
		FAIL("block count %u out of range 1..%u", g->n, CFG_MAX_BLOCKS);
	if (g->m > CFG_MAX_EDGES)
		FAIL("edge count %u out of range", g->m);
	if (!offsets_ok(g->succ_off, g->n, g->m))
		FAIL("successor offsets are not monotone from 0 to m");
	for (uint32_t e = 0; e < g->m; e++)
		if (g->succ[e] >= g->n)
			FAIL("successor %u of edge %u is out of range", g->succ[e], e);
	if (g->pred_off && g->pred) {
		if (!offsets_ok(g->pred_off, g->n, g->m))
			FAIL("predecessor offsets are not monotone from 0 to m");
		/* pred must be exactly what cfg_build_preds would produce. */
		uint32_t *cursor = ssa_alloc_array((size_t)g->n, sizeof *cursor);
		if (!cursor)
			FAIL("out of memory while validating");
		memcpy(cursor, g->pred_off, (size_t)g->n * sizeof *cursor);
		bool ok = true;
		for (uint32_t u = 0; u < g->n && ok; u++)
			for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
				uint32_t v = g->succ[e];
				if (cursor[v] >= g->pred_off[v + 1] || g->pred[cursor[v]] != u) {
					ok = false;
					break;
				}
				cursor[v]++;
			}
		free(cursor);
		if (!ok)
			FAIL("predecessor lists do not mirror the successor lists");
	}
	return true;
#undef FAIL
}
