/* The mutable CFG (dyn_cfg.h): two pools of list segments with slack. */
#include "update/dyn_cfg.h"
#include "update/update.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* Why segments in one pool rather than a vector per block: one allocation per direction, no
 * pointer per block, and a rebuild is a single sequential copy. A full segment moves to the
 * pool's end with twice the room; the abandoned space is reclaimed by the next rebuild, which
 * happens only when the pool is full, so every word copied by a rebuild was paid for by the
 * insertions that filled the pool since the previous one (amortized O(1) per insertion). */

#define DYN_MIN_CAP 2u

static void lists_free(struct dyn_lists *l)
{
	free(l->off);
	free(l->len);
	free(l->cap);
	free(l->pool);
	memset(l, 0, sizeof *l);
}

static int lists_alloc(struct dyn_lists *l, uint32_t ncap, uint64_t pool)
{
	memset(l, 0, sizeof *l);
	l->off = ssa_calloc_array(ncap, sizeof *l->off);
	l->len = ssa_calloc_array(ncap, sizeof *l->len);
	l->cap = ssa_calloc_array(ncap, sizeof *l->cap);
	l->pool = pool <= SIZE_MAX / sizeof(uint32_t) ? ssa_alloc_array((size_t)pool, sizeof(uint32_t)) : NULL;
	if (!l->off || !l->len || !l->cap || !l->pool) {
		lists_free(l);
		return SSA_ENOMEM;
	}
	l->size = pool;
	return SSA_OK;
}

/* A compact copy of the n lists into a new pool of at least want words (segments keep their
 * capacities, in block order). */
static int lists_rebuild(struct dyn_lists *l, uint32_t n, uint64_t want)
{
	uint64_t size = ssa_sat_add(want, want / 2);
	if (size < 1024)
		size = 1024;
	if (size > SIZE_MAX / sizeof(uint32_t))
		return SSA_ENOMEM;
	uint32_t *pool = ssa_alloc_array((size_t)size, sizeof *pool);
	if (!pool)
		return SSA_ENOMEM;
	uint64_t at = 0;
	for (uint32_t b = 0; b < n; b++) {
		if (l->len[b])
			memcpy(pool + at, l->pool + l->off[b], (size_t)l->len[b] * sizeof *pool);
		l->off[b] = at;
		at += l->cap[b];
	}
	free(l->pool);
	l->pool = pool;
	l->size = size;
	l->used = at;
	return SSA_OK;
}

/* Room for one more entry in b's list. */
static int lists_reserve(struct dyn_lists *l, uint32_t n, uint32_t b)
{
	uint32_t cap = l->cap[b];
	if (l->len[b] < cap)
		return SSA_OK;
	uint32_t ncap = cap < DYN_MIN_CAP ? DYN_MIN_CAP : cap > UINT32_MAX / 2 ? UINT32_MAX : cap * 2;
	uint64_t grow = (uint64_t)ncap - cap;
	if (l->off[b] + cap == l->used && l->used + grow <= l->size) {
		/* The last segment grows in place. */
		l->used += grow;
	} else {
		if (l->used + ncap > l->size) {
			/* The rebuild keeps b's old capacity; its new segment goes after it. */
			int st = lists_rebuild(l, n, l->held + ncap);
			if (st)
				return st;
		}
		uint64_t at = l->used;
		if (l->len[b])
			memmove(l->pool + at, l->pool + l->off[b], (size_t)l->len[b] * sizeof *l->pool);
		l->off[b] = at;
		l->used += ncap;
	}
	l->held += grow;
	l->cap[b] = ncap;
	return SSA_OK;
}

static void lists_push(struct dyn_lists *l, uint32_t b, uint32_t x)
{
	l->pool[l->off[b] + l->len[b]++] = x;
}

/* Removes the last x of b's list; false when there is none. */
static bool lists_remove_last(struct dyn_lists *l, uint32_t b, uint32_t x)
{
	uint32_t *s = l->pool + l->off[b];
	uint32_t k = l->len[b];
	for (uint32_t i = k; i-- > 0;)
		if (s[i] == x) {
			memmove(s + i, s + i + 1, (size_t)(k - 1 - i) * sizeof *s);
			l->len[b] = k - 1;
			return true;
		}
	return false;
}

static int lists_grow_blocks(struct dyn_lists *l, uint32_t ncap)
{
	uint64_t *off = ssa_realloc_array(l->off, ncap, sizeof *off);
	if (!off)
		return SSA_ENOMEM;
	l->off = off;
	uint32_t *len = ssa_realloc_array(l->len, ncap, sizeof *len);
	if (!len)
		return SSA_ENOMEM;
	l->len = len;
	uint32_t *cap = ssa_realloc_array(l->cap, ncap, sizeof *cap);
	if (!cap)
		return SSA_ENOMEM;
	l->cap = cap;
	return SSA_OK;
}

int dyn_cfg_init(struct dyn_cfg *d, const struct cfg *g, uint32_t n_cap)
{
	memset(d, 0, sizeof *d);
	uint32_t n = g->n;
	if (n_cap < n)
		n_cap = n;
	/* Every list starts with its degree plus half again (at least DYN_MIN_CAP) of room. */
	uint64_t ps = 0, pp = 0;
	for (uint32_t b = 0; b < n; b++) {
		uint64_t so = cfg_out_degree(g, b), pi = cfg_in_degree(g, b);
		ps += so + so / 2 < DYN_MIN_CAP ? DYN_MIN_CAP : so + so / 2;
		pp += pi + pi / 2 < DYN_MIN_CAP ? DYN_MIN_CAP : pi + pi / 2;
	}
	uint64_t more = (uint64_t)(n_cap - n) * DYN_MIN_CAP + 1024;
	int st = lists_alloc(&d->succ, n_cap, ps + more);
	if (!st)
		st = lists_alloc(&d->pred, n_cap, pp + more);
	if (st) {
		dyn_cfg_free(d);
		return st;
	}
	uint64_t at_s = 0, at_p = 0;
	for (uint32_t b = 0; b < n; b++) {
		uint32_t so = cfg_out_degree(g, b), pi = cfg_in_degree(g, b);
		uint32_t cs = so + so / 2 < DYN_MIN_CAP ? DYN_MIN_CAP : so + so / 2;
		uint32_t cp = pi + pi / 2 < DYN_MIN_CAP ? DYN_MIN_CAP : pi + pi / 2;
		d->succ.off[b] = at_s;
		d->succ.len[b] = so;
		d->succ.cap[b] = cs;
		memcpy(d->succ.pool + at_s, g->succ + g->succ_off[b], (size_t)so * sizeof(uint32_t));
		at_s += cs;
		d->pred.off[b] = at_p;
		d->pred.len[b] = pi;
		d->pred.cap[b] = cp;
		memcpy(d->pred.pool + at_p, g->pred + g->pred_off[b], (size_t)pi * sizeof(uint32_t));
		at_p += cp;
	}
	d->succ.used = d->succ.held = at_s;
	d->pred.used = d->pred.held = at_p;
	d->n = n;
	d->ncap = n_cap;
	d->m = g->m;
	return SSA_OK;
}

void dyn_cfg_free(struct dyn_cfg *d)
{
	lists_free(&d->succ);
	lists_free(&d->pred);
	memset(d, 0, sizeof *d);
}

int dyn_cfg_insert(struct dyn_cfg *d, uint32_t u, uint32_t v)
{
	if (u >= d->n || v >= d->n)
		return SSA_EUSAGE;
	if (d->m >= CFG_MAX_EDGES)
		return SSA_ETOOBIG;
	int st = lists_reserve(&d->succ, d->n, u);
	if (!st)
		st = lists_reserve(&d->pred, d->n, v);
	if (st)
		return st;
	lists_push(&d->succ, u, v);
	lists_push(&d->pred, v, u);
	d->m++;
	return SSA_OK;
}

int dyn_cfg_delete(struct dyn_cfg *d, uint32_t u, uint32_t v)
{
	if (u >= d->n || v >= d->n)
		return SSA_EUSAGE;
	if (!lists_remove_last(&d->succ, u, v))
		return SSA_EINPUT;
	/* The two lists mirror each other, so the predecessor copy is there. */
	lists_remove_last(&d->pred, v, u);
	d->m--;
	return SSA_OK;
}

int dyn_cfg_add_block(struct dyn_cfg *d, uint32_t *id)
{
	if (d->n >= CFG_MAX_BLOCKS)
		return SSA_ETOOBIG;
	if (d->n == d->ncap) {
		uint64_t want = (uint64_t)d->ncap * 2;
		if (want < 16)
			want = 16;
		if (want > CFG_MAX_BLOCKS)
			want = CFG_MAX_BLOCKS;
		int st = lists_grow_blocks(&d->succ, (uint32_t)want);
		if (!st)
			st = lists_grow_blocks(&d->pred, (uint32_t)want);
		if (st)
			return st;
		d->ncap = (uint32_t)want;
	}
	uint32_t b = d->n;
	struct dyn_lists *ls[2] = {&d->succ, &d->pred};
	for (int i = 0; i < 2; i++) {
		/* An empty segment at the end: the first insertion gives it room. */
		ls[i]->off[b] = ls[i]->used;
		ls[i]->len[b] = 0;
		ls[i]->cap[b] = 0;
	}
	d->n = b + 1;
	*id = b;
	return SSA_OK;
}

int dyn_cfg_apply(struct dyn_cfg *d, const struct update *ops, size_t k, size_t *bad)
{
	for (size_t i = 0; i < k; i++) {
		const struct update *o = &ops[i];
		int st = SSA_OK;
		uint32_t id;
		switch (o->kind) {
		case UPDATE_INSERT:
			st = dyn_cfg_insert(d, o->u, o->v);
			break;
		case UPDATE_DELETE:
			st = dyn_cfg_delete(d, o->u, o->v);
			break;
		case UPDATE_BLOCK:
			st = o->u != d->n ? SSA_EINPUT : dyn_cfg_add_block(d, &id);
			break;
		case UPDATE_BATCH:
			break;
		default:
			st = SSA_EINPUT;
		}
		if (st == SSA_EUSAGE)
			st = SSA_EINPUT;
		if (st) {
			if (bad)
				*bad = i;
			return st;
		}
	}
	return SSA_OK;
}

uint32_t dyn_cfg_count(const struct dyn_cfg *d, uint32_t u, uint32_t v)
{
	uint32_t ks, kp, c = 0;
	const uint32_t *s = dyn_succ(d, u, &ks), *p = dyn_pred(d, v, &kp);
	if (ks <= kp) {
		for (uint32_t i = 0; i < ks; i++)
			c += s[i] == v;
	} else {
		for (uint32_t i = 0; i < kp; i++)
			c += p[i] == u;
	}
	return c;
}

static void export_fill(const struct dyn_cfg *d, struct cfg *g)
{
	uint32_t at = 0;
	for (uint32_t b = 0; b < d->n; b++) {
		g->succ_off[b] = at;
		uint32_t k;
		const uint32_t *s = dyn_succ(d, b, &k);
		if (k)
			memcpy(g->succ + at, s, (size_t)k * sizeof *s);
		at += k;
	}
	g->succ_off[d->n] = at;
	g->n = d->n;
	g->m = d->m;
	cfg_preds_fill(g, g->pred_off, g->pred);
}

int dyn_cfg_export_into(const struct dyn_cfg *d, struct dyn_export *ex)
{
	if (d->n > ex->ncap || !ex->g.succ_off) {
		uint32_t nc = d->n > ex->ncap / 2 * 3 ? d->n : ex->ncap / 2 * 3;
		if (nc < d->n)
			nc = d->n;
		uint32_t *so = ssa_realloc_array(ex->g.succ_off, (size_t)nc + 1, sizeof *so);
		if (!so)
			return SSA_ENOMEM;
		ex->g.succ_off = so;
		/* cfg_preds_fill wants n + 2 offsets */
		uint32_t *po = ssa_realloc_array(ex->g.pred_off, (size_t)nc + 2, sizeof *po);
		if (!po)
			return SSA_ENOMEM;
		ex->g.pred_off = po;
		ex->ncap = nc;
	}
	if (d->m > ex->mcap || !ex->g.succ) {
		uint64_t want = (uint64_t)d->m + d->m / 2 + 16;
		uint32_t mc = want > CFG_MAX_EDGES ? CFG_MAX_EDGES : (uint32_t)want;
		uint32_t *s = ssa_realloc_array(ex->g.succ, mc, sizeof *s);
		if (!s)
			return SSA_ENOMEM;
		ex->g.succ = s;
		uint32_t *p = ssa_realloc_array(ex->g.pred, mc, sizeof *p);
		if (!p)
			return SSA_ENOMEM;
		ex->g.pred = p;
		ex->mcap = mc;
	}
	export_fill(d, &ex->g);
	return SSA_OK;
}

void dyn_export_free(struct dyn_export *ex)
{
	cfg_free(&ex->g);
	memset(ex, 0, sizeof *ex);
}

int dyn_cfg_export(const struct dyn_cfg *d, struct cfg *out)
{
	struct dyn_export ex;
	memset(&ex, 0, sizeof ex);
	int st = dyn_cfg_export_into(d, &ex);
	if (st) {
		dyn_export_free(&ex);
		memset(out, 0, sizeof *out);
		return st;
	}
	*out = ex.g;
	return SSA_OK;
}

uint64_t dyn_cfg_bytes(uint64_t n, uint64_t m)
{
	/* per block: off (2 words), len, cap, both directions; pools: capacities up to twice the
	 * degree plus DYN_MIN_CAP, and half again of slack after a rebuild */
	uint64_t per = ssa_bytes(n, 2 * (2 + 1 + 1) * sizeof(uint32_t));
	uint64_t words = ssa_sat_add(ssa_bytes(m, 2), ssa_bytes(n, DYN_MIN_CAP));
	uint64_t pools = ssa_bytes(ssa_sat_add(words, words / 2), 2 * sizeof(uint32_t));
	return ssa_sat_add(per, pools);
}
