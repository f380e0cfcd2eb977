/* The recording multigraph of the stream generators (stream_internal.h): edits and the stream
 * they leave behind, the CSR snapshot, and the loop forest kept for the loop transformations.
 * Time: O(1) amortized per edit (a relocated segment doubles its room, the pools and the edge
 * arrays grow geometrically), O(n + m) per snapshot. Memory: 5 words per block of capacity,
 * 6 words and a byte per edge ever inserted, the two pools (at most twice their live size plus
 * what relocations abandon, a geometric series), and 12 bytes per recorded update. */
#include "gen/stream_internal.h"
#include "loops/loops.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

static void sg_fail(struct sg *g, int st)
{
	if (!g->err)
		g->err = st;
}

static int lists_grow_blocks(struct sg_lists *l, uint32_t ncap)
{
	uint64_t *off = ssa_realloc_array(l->off, ncap, sizeof *off);
	if (off)
		l->off = off;
	uint32_t *len = ssa_realloc_array(l->len, ncap, sizeof *len);
	if (len)
		l->len = len;
	uint32_t *cap = ssa_realloc_array(l->cap, ncap, sizeof *cap);
	if (cap)
		l->cap = cap;
	return off && len && cap ? SSA_OK : SSA_ENOMEM;
}

static void lists_free(struct sg_lists *l)
{
	ssa_free_all(l->off, l->len, l->cap, l->pool);
	memset(l, 0, sizeof *l);
}

/* Room for one more entry in b's segment: a full one moves to the pool's end, twice as big. */
static int lists_make_room(struct sg_lists *l, uint32_t b)
{
	if (l->len[b] < l->cap[b])
		return SSA_OK;
	uint64_t want = l->cap[b] ? 2 * (uint64_t)l->cap[b] : 2;
	if (want > UINT32_MAX)
		return SSA_ETOOBIG;
	if (l->used + want > l->size) {
		uint64_t ns = l->size ? 2 * l->size : 64;
		while (ns < l->used + want)
			ns *= 2;
		if (ns > SIZE_MAX / sizeof(uint32_t))
			return SSA_ETOOBIG;
		uint32_t *p = ssa_realloc_array(l->pool, (size_t)ns, sizeof *p);
		if (!p)
			return SSA_ENOMEM;
		l->pool = p;
		l->size = ns;
	}
	memcpy(l->pool + l->used, l->pool + l->off[b], (size_t)l->len[b] * sizeof *l->pool);
	l->off[b] = l->used;
	l->cap[b] = (uint32_t)want;
	l->used += want;
	return SSA_OK;
}

/* Room for edge ids below want (at least), doubling. */
static int reserve_edges(struct sg *g, uint64_t want)
{
	if (want <= g->necap)
		return SSA_OK;
	if (want > CFG_MAX_EDGES)
		return SSA_ETOOBIG;
	uint64_t nc = g->necap ? 2 * (uint64_t)g->necap : 64;
	if (nc < want)
		nc = want;
	if (nc > CFG_MAX_EDGES)
		nc = CFG_MAX_EDGES;
	uint32_t **arr[] = {&g->src, &g->dst, &g->spos, &g->ppos, &g->live, &g->lpos};
	for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++) {
		uint32_t *p = ssa_realloc_array(*arr[i], (size_t)nc, sizeof **arr[i]);
		if (!p)
			return SSA_ENOMEM;
		*arr[i] = p;
	}
	uint8_t *d = ssa_realloc_array(g->dead, (size_t)nc, 1);
	if (!d)
		return SSA_ENOMEM;
	g->dead = d;
	g->necap = (uint32_t)nc;
	return SSA_OK;
}

static void record(struct sg *g, uint32_t kind, uint32_t u, uint32_t v)
{
	if (g->err)
		return;
	if (g->nops == g->opscap) {
		uint64_t nc = g->opscap ? 2 * g->opscap : 256;
		if (nc > SIZE_MAX / sizeof(struct update)) {
			sg_fail(g, SSA_ETOOBIG);
			return;
		}
		struct update *p = ssa_realloc_array(g->ops, (size_t)nc, sizeof *p);
		if (!p) {
			sg_fail(g, SSA_ENOMEM);
			return;
		}
		g->ops = p;
		g->opscap = nc;
	}
	g->ops[g->nops++] = (struct update){.kind = kind, .u = u, .v = v};
}

/* Links edge u -> v under id e (its arrays already have room). */
static int link_edge(struct sg *g, uint32_t e, uint32_t u, uint32_t v)
{
	int st = lists_make_room(&g->out, u);
	if (st == SSA_OK)
		st = lists_make_room(&g->in, v);
	if (st != SSA_OK)
		return st;
	g->src[e] = u;
	g->dst[e] = v;
	g->dead[e] = 0;
	g->spos[e] = g->out.len[u];
	g->out.pool[g->out.off[u] + g->out.len[u]++] = e;
	g->ppos[e] = g->in.len[v];
	g->in.pool[g->in.off[v] + g->in.len[v]++] = e;
	g->lpos[e] = g->nlive;
	g->live[g->nlive++] = e;
	return SSA_OK;
}

static int grow_blocks(struct sg *g, uint32_t need)
{
	if (need <= g->ncap)
		return SSA_OK;
	uint64_t nc = g->ncap ? 2 * (uint64_t)g->ncap : 16;
	if (nc < need)
		nc = need;
	if (nc > CFG_MAX_BLOCKS)
		nc = CFG_MAX_BLOCKS;
	if (lists_grow_blocks(&g->out, (uint32_t)nc) != SSA_OK ||
	    lists_grow_blocks(&g->in, (uint32_t)nc) != SSA_OK)
		return SSA_ENOMEM;
	uint32_t *stamp = ssa_realloc_array(g->stamp, (size_t)nc, sizeof *stamp);
	if (stamp)
		g->stamp = stamp;
	uint32_t *aux = ssa_realloc_array(g->aux, (size_t)nc, sizeof *aux);
	if (aux)
		g->aux = aux;
	if (!stamp || !aux)
		return SSA_ENOMEM;
	memset(g->stamp + g->ncap, 0, (size_t)(nc - g->ncap) * sizeof *g->stamp);
	g->ncap = (uint32_t)nc;
	return SSA_OK;
}

int sg_init(struct sg *g, const struct cfg *c, uint64_t seed)
{
	memset(g, 0, sizeof *g);
	ssa_rng_seed(&g->rng, seed);
	g->stamp_cur = 1;
	int st = grow_blocks(g, c->n + (c->n < CFG_MAX_BLOCKS ? 1 : 0));
	if (st != SSA_OK)
		goto fail;
	g->n = c->n;
	/* Segments sized exactly, so the start graph takes its own size. */
	for (int dir = 0; dir < 2; dir++) {
		struct sg_lists *l = dir ? &g->in : &g->out;
		const uint32_t *off = dir ? c->pred_off : c->succ_off;
		uint64_t total = (uint64_t)c->m + 64;
		l->pool = ssa_alloc_array((size_t)total, sizeof *l->pool);
		if (!l->pool) {
			st = SSA_ENOMEM;
			goto fail;
		}
		l->size = total;
		l->used = c->m;
		for (uint32_t b = 0; b < c->n; b++) {
			l->off[b] = off[b];
			l->len[b] = 0;
			l->cap[b] = off[b + 1] - off[b];
		}
	}
	if ((st = reserve_edges(g, (uint64_t)c->m + 1)) != SSA_OK)
		goto fail;
	/* Edge ids in successor order; in-lists then list each block's predecessors by (source,
	 * position), the order of cfg.h. */
	for (uint32_t u = 0; u < c->n; u++)
		for (uint32_t i = c->succ_off[u]; i < c->succ_off[u + 1]; i++)
			if ((st = link_edge(g, g->ne++, u, c->succ[i])) != SSA_OK)
				goto fail;
	return SSA_OK;
fail:
	sg_free(g);
	return st;
}

void sg_free(struct sg *g)
{
	lists_free(&g->out);
	lists_free(&g->in);
	ssa_free_all(g->src, g->dst, g->spos, g->ppos, g->dead, g->live, g->lpos, g->ops, g->stamp,
		     g->aux, g->tmp);
	memset(g, 0, sizeof *g);
}

uint32_t sg_add_block(struct sg *g)
{
	if (g->err)
		return SSA_NONE;
	if (g->n >= CFG_MAX_BLOCKS) {
		sg_fail(g, SSA_ETOOBIG);
		return SSA_NONE;
	}
	int st = grow_blocks(g, g->n + 1);
	if (st != SSA_OK) {
		sg_fail(g, st);
		return SSA_NONE;
	}
	uint32_t b = g->n;
	for (int dir = 0; dir < 2; dir++) {
		struct sg_lists *l = dir ? &g->in : &g->out;
		l->off[b] = l->used;
		l->len[b] = l->cap[b] = 0;
	}
	record(g, UPDATE_BLOCK, b, 0);
	if (g->err)
		return SSA_NONE;
	g->n++;
	g->blocks++;
	return b;
}

uint32_t sg_insert(struct sg *g, uint32_t u, uint32_t v)
{
	if (g->err)
		return SSA_NONE;
	if (g->nlive >= CFG_MAX_EDGES) {
		sg_fail(g, SSA_ETOOBIG);
		return SSA_NONE;
	}
	int st = reserve_edges(g, (uint64_t)g->ne + 1);
	if (st == SSA_OK)
		st = link_edge(g, g->ne, u, v);
	if (st != SSA_OK) {
		sg_fail(g, st);
		return SSA_NONE;
	}
	record(g, UPDATE_INSERT, u, v);
	if (g->err)
		return SSA_NONE;
	g->inserts++;
	return g->ne++;
}

/* Swap-removes the entry at pos of b's segment; the moved edge learns its new position. */
static void unlink_at(struct sg_lists *l, uint32_t b, uint32_t pos, uint32_t *posarr)
{
	uint32_t *seg = l->pool + l->off[b];
	uint32_t last = --l->len[b];
	if (pos != last) {
		seg[pos] = seg[last];
		posarr[seg[pos]] = pos;
	}
}

void sg_delete(struct sg *g, uint32_t e)
{
	if (g->err || e >= g->ne || g->dead[e])
		return;
	record(g, UPDATE_DELETE, g->src[e], g->dst[e]);
	if (g->err)
		return;
	unlink_at(&g->out, g->src[e], g->spos[e], g->spos);
	unlink_at(&g->in, g->dst[e], g->ppos[e], g->ppos);
	uint32_t p = g->lpos[e], last = g->live[--g->nlive];
	g->live[p] = last;
	g->lpos[last] = p;
	g->dead[e] = 1;
	g->deletes++;
}

void sg_mark(struct sg *g)
{
	if (g->err || g->nops == 0 || g->ops[g->nops - 1].kind == UPDATE_BATCH)
		return;
	record(g, UPDATE_BATCH, 0, 0);
	if (!g->err)
		g->batches++;
}

void sg_flush(struct sg *g)
{
	if (g->batch_every == 0)
		sg_mark(g);
}

uint32_t sg_find(const struct sg *g, uint32_t u, uint32_t v)
{
	if (g->out.len[u] <= g->in.len[v]) {
		for (uint32_t i = 0; i < g->out.len[u]; i++)
			if (g->dst[sg_out(g, u, i)] == v)
				return sg_out(g, u, i);
	} else {
		for (uint32_t i = 0; i < g->in.len[v]; i++)
			if (g->src[sg_in(g, v, i)] == u)
				return sg_in(g, v, i);
	}
	return SSA_NONE;
}

uint32_t sg_count(const struct sg *g, uint32_t u, uint32_t v)
{
	uint32_t k = 0;
	if (g->out.len[u] <= g->in.len[v]) {
		for (uint32_t i = 0; i < g->out.len[u]; i++)
			k += g->dst[sg_out(g, u, i)] == v;
	} else {
		for (uint32_t i = 0; i < g->in.len[v]; i++)
			k += g->src[sg_in(g, v, i)] == u;
	}
	return k;
}

int sg_snapshot(const struct sg *g, struct cfg *out)
{
	memset(out, 0, sizeof *out);
	uint32_t *off = ssa_alloc_array((size_t)g->n + 1, sizeof *off);
	uint32_t *succ = ssa_alloc_array(g->nlive, sizeof *succ);
	if (!off || !succ) {
		ssa_free_all(off, succ, NULL);
		return SSA_ENOMEM;
	}
	uint32_t k = 0;
	for (uint32_t b = 0; b < g->n; b++) {
		off[b] = k;
		for (uint32_t i = 0; i < g->out.len[b]; i++)
			succ[k++] = g->dst[sg_out(g, b, i)];
	}
	off[g->n] = k;
	return cfg_from_succ_csr(out, g->n, k, off, succ);
}

int sg_take_stream(struct sg *g, uint32_t n_start, struct update_stream *out)
{
	memset(out, 0, sizeof *out);
	sg_mark(g);
	if (g->err)
		return g->err;
	out->n_start = n_start;
	out->n_end = g->n;
	out->count = g->nops;
	out->ops = g->ops;
	out->names = NULL;
	g->ops = NULL;
	g->nops = g->opscap = 0;
	return SSA_OK;
}

void sg_new_stamp(struct sg *g)
{
	if (++g->stamp_cur == 0) {
		memset(g->stamp, 0, (size_t)g->ncap * sizeof *g->stamp);
		g->stamp_cur = 1;
	}
}

uint32_t *sg_tmp(struct sg *g, size_t k)
{
	if (g->err)
		return NULL;
	if (k > g->tmpcap) {
		size_t nc = g->tmpcap ? 2 * g->tmpcap : 64;
		while (nc < k)
			nc *= 2;
		uint32_t *p = ssa_realloc_array(g->tmp, nc, sizeof *p);
		if (!p) {
			sg_fail(g, SSA_ENOMEM);
			return NULL;
		}
		g->tmp = p;
		g->tmpcap = nc;
	}
	return g->tmp;
}

/* ---- loops ---- */

int sg_loops_compute(const struct sg *g, struct sg_loops *L)
{
	memset(L, 0, sizeof *L);
	struct cfg c;
	struct loop_forest f;
	int st = sg_snapshot(g, &c);
	if (st != SSA_OK)
		return st;
	st = loop_forest_alloc(&f, c.n);
	if (st == SSA_OK) {
		st = loops_compute(loops_algos[0], &c, &f, NULL);
		if (st != SSA_OK)
			loop_forest_free(&f);
	}
	cfg_free(&c);
	if (st != SSA_OK)
		return st;
	/* Keep the forest's arrays; block_loop gets room for blocks added later. */
	L->nloops = f.nloops;
	L->header = f.header;
	L->parent = f.parent;
	L->last = f.last;
	L->entries = f.entries;
	L->cap = g->n;
	L->block_loop = f.block_loop;
	free(f.entry_top);
	free(f.depth);
	free(f.nblocks);
	L->moff = ssa_calloc_array((size_t)L->nloops + 1, sizeof *L->moff);
	L->members = ssa_alloc_array(g->n, sizeof *L->members);
	if (!L->moff || !L->members) {
		sg_loops_free(L);
		return SSA_ENOMEM;
	}
	for (uint32_t b = 0; b < g->n; b++)
		if (L->block_loop[b] != SSA_NONE)
			L->moff[L->block_loop[b] + 1]++;
	for (uint32_t l = 0; l < L->nloops; l++)
		L->moff[l + 1] += L->moff[l];
	for (uint32_t b = 0; b < g->n; b++)
		if (L->block_loop[b] != SSA_NONE)
			L->members[L->moff[L->block_loop[b]]++] = b;
	for (uint32_t l = L->nloops; l > 0; l--)
		L->moff[l] = L->moff[l - 1];
	L->moff[0] = 0;
	return SSA_OK;
}

void sg_loops_free(struct sg_loops *L)
{
	ssa_free_all(L->header, L->parent, L->last, L->entries, L->block_loop, L->moff, L->members);
	memset(L, 0, sizeof *L);
}

bool sg_loop_contains(const struct sg_loops *L, uint32_t l, uint32_t b)
{
	if (b >= L->cap)
		return false;
	uint32_t x = L->block_loop[b];
	return x != SSA_NONE && l <= x && x <= L->last[l];
}

void sg_loop_assign(struct sg *g, struct sg_loops *L, uint32_t b, uint32_t l)
{
	if (!L || g->err)
		return;
	if (b >= L->cap) {
		uint64_t nc = 2 * (uint64_t)L->cap + 16;
		if (nc < (uint64_t)b + 1)
			nc = (uint64_t)b + 1;
		if (nc > CFG_MAX_BLOCKS)
			nc = CFG_MAX_BLOCKS;
		uint32_t *p = ssa_realloc_array(L->block_loop, (size_t)nc, sizeof *p);
		if (!p) {
			sg_fail(g, SSA_ENOMEM);
			return;
		}
		for (uint64_t i = L->cap; i < nc; i++)
			p[i] = SSA_NONE;
		L->block_loop = p;
		L->cap = (uint32_t)nc;
	}
	L->block_loop[b] = l;
}

uint32_t sg_loop_common(const struct sg_loops *L, uint32_t a, uint32_t b)
{
	uint32_t l = a < L->cap ? L->block_loop[a] : SSA_NONE;
	while (l != SSA_NONE && !sg_loop_contains(L, l, b))
		l = L->parent[l];
	return l;
}
