/* The graph part-way through a batch (view.h): an overlay of the touched blocks' lists. */
#include "update/view.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

int upd_view_init(struct upd_view *v, uint32_t n_max)
{
	memset(v, 0, sizeof *v);
	v->slot_s = ssa_alloc_array(n_max, sizeof *v->slot_s);
	v->slot_p = ssa_alloc_array(n_max, sizeof *v->slot_p);
	if (!v->slot_s || !v->slot_p) {
		upd_view_free(v);
		return SSA_ENOMEM;
	}
	memset(v->slot_s, 0xff, (size_t)n_max * sizeof *v->slot_s);
	memset(v->slot_p, 0xff, (size_t)n_max * sizeof *v->slot_p);
	v->cap = n_max;
	return SSA_OK;
}

void upd_view_free(struct upd_view *v)
{
	free(v->slot_s);
	free(v->slot_p);
	free(v->loff);
	free(v->llen);
	free(v->lblock);
	free(v->pool);
	memset(v, 0, sizeof *v);
}

uint64_t upd_view_bytes(uint64_t n_max)
{
	return ssa_bytes(n_max, 2 * sizeof(uint32_t));
}

/* Room for want overlay lists; lblock holds a (block, direction) pair per list, direction 0 for
 * successors and 1 for predecessors. */
static int lists_room(struct upd_view *v, uint32_t want)
{
	if (want <= v->lcap)
		return SSA_OK;
	uint32_t cap = v->lcap ? v->lcap : 64;
	while (cap < want)
		cap = cap > UINT32_MAX / 2 ? want : cap * 2;
	uint64_t *lo = ssa_realloc_array(v->loff, cap, sizeof *lo);
	if (!lo)
		return SSA_ENOMEM;
	v->loff = lo;
	uint32_t *ll = ssa_realloc_array(v->llen, cap, sizeof *ll);
	if (!ll)
		return SSA_ENOMEM;
	v->llen = ll;
	uint32_t *lb = ssa_realloc_array(v->lblock, (size_t)cap * 2, sizeof *lb);
	if (!lb)
		return SSA_ENOMEM;
	v->lblock = lb;
	v->lcap = cap;
	return SSA_OK;
}

/* The overlay list of b in one direction, created on first use (counting the ops touching it
 * in llen until the lists are filled). */
static int touch(struct upd_view *v, uint32_t *slot, uint32_t b, uint32_t dir)
{
	if (slot[b] == SSA_NONE) {
		int st = lists_room(v, v->nlists + 1);
		if (st)
			return st;
		slot[b] = v->nlists;
		v->llen[v->nlists] = 0;
		v->lblock[2 * v->nlists] = b;
		v->lblock[2 * v->nlists + 1] = dir;
		v->nlists++;
	}
	v->llen[slot[b]]++;
	return SSA_OK;
}

static void push(struct upd_view *v, uint32_t list, uint32_t x)
{
	v->pool[v->loff[list] + v->llen[list]++] = x;
}

static void remove_last(struct upd_view *v, uint32_t list, uint32_t x)
{
	uint32_t *s = v->pool + v->loff[list];
	uint32_t k = v->llen[list];
	for (uint32_t i = k; i-- > 0;)
		if (s[i] == x) {
			memmove(s + i, s + i + 1, (size_t)(k - 1 - i) * sizeof *s);
			v->llen[list] = k - 1;
			return;
		}
}

static void reset_slots(struct upd_view *v)
{
	for (uint32_t i = 0; i < v->nlists; i++) {
		uint32_t b = v->lblock[2 * i];
		if (v->lblock[2 * i + 1])
			v->slot_p[b] = SSA_NONE;
		else
			v->slot_s[b] = SSA_NONE;
	}
	v->nlists = 0;
}

int upd_view_begin(struct upd_view *v, const struct dyn_cfg *g, const struct update *ops,
		   size_t k)
{
	v->g = g;
	v->ops = ops;
	v->k = k;
	v->done = 0;
	v->overlay = false;
	size_t edges = 0;
	for (size_t i = 0; i < k; i++)
		edges += ops[i].kind == UPDATE_INSERT || ops[i].kind == UPDATE_DELETE;
	/* With at most one edge update the graph before it differs from g only by it, and the
	 * algorithms look at the graph only after stepping to it. */
	if (edges <= 1)
		return SSA_OK;
	if (g->n > v->cap)
		return SSA_EUSAGE;
	int st = SSA_OK;
	for (size_t i = 0; i < k && !st; i++) {
		const struct update *o = &ops[i];
		if (o->kind != UPDATE_INSERT && o->kind != UPDATE_DELETE)
			continue;
		st = touch(v, v->slot_s, o->u, 0);
		if (!st)
			st = touch(v, v->slot_p, o->v, 1);
	}
	if (st) {
		reset_slots(v);
		return st;
	}
	/* Room: the list in g plus one word per op touching it (undoing a deletion appends). */
	uint64_t at = 0;
	for (uint32_t i = 0; i < v->nlists; i++) {
		uint32_t b = v->lblock[2 * i], deg;
		if (v->lblock[2 * i + 1])
			dyn_pred(g, b, &deg);
		else
			dyn_succ(g, b, &deg);
		v->loff[i] = at;
		at += (uint64_t)deg + v->llen[i];
	}
	if (at > v->pcap) {
		uint64_t cap = at + at / 2;
		uint32_t *p = cap <= SIZE_MAX / sizeof *p ? ssa_realloc_array(v->pool, (size_t)cap, sizeof *p) : NULL;
		if (!p) {
			reset_slots(v);
			return SSA_ENOMEM;
		}
		v->pool = p;
		v->pcap = cap;
	}
	for (uint32_t i = 0; i < v->nlists; i++) {
		uint32_t b = v->lblock[2 * i], deg;
		const uint32_t *s = v->lblock[2 * i + 1] ? dyn_pred(g, b, &deg) : dyn_succ(g, b, &deg);
		memcpy(v->pool + v->loff[i], s, (size_t)deg * sizeof *s);
		v->llen[i] = deg;
	}
	/* Undo the batch, last update first. */
	for (size_t i = k; i-- > 0;) {
		const struct update *o = &ops[i];
		if (o->kind == UPDATE_INSERT) {
			remove_last(v, v->slot_s[o->u], o->v);
			remove_last(v, v->slot_p[o->v], o->u);
		} else if (o->kind == UPDATE_DELETE) {
			push(v, v->slot_s[o->u], o->v);
			push(v, v->slot_p[o->v], o->u);
		}
	}
	v->overlay = true;
	return SSA_OK;
}

void upd_view_step(struct upd_view *v)
{
	const struct update *o = &v->ops[v->done++];
	if (!v->overlay)
		return;
	if (o->kind == UPDATE_INSERT) {
		push(v, v->slot_s[o->u], o->v);
		push(v, v->slot_p[o->v], o->u);
	} else if (o->kind == UPDATE_DELETE) {
		remove_last(v, v->slot_s[o->u], o->v);
		remove_last(v, v->slot_p[o->v], o->u);
	}
}

void upd_view_end(struct upd_view *v)
{
	if (v->overlay)
		reset_slots(v);
	v->overlay = false;
	v->ops = NULL;
	v->k = v->done = 0;
}

int upd_view_replay(struct upd_view *v, const struct dyn_cfg *g, const struct update *ops,
		    size_t k, void *state, bool (*one)(void *, const struct update *, uint64_t *),
		    void (*rerun)(void *, uint64_t *), uint64_t *counters)
{
	int st = upd_view_begin(v, g, ops, k);
	if (st)
		return st;
	for (size_t i = 0; i < k; i++) {
		upd_view_step(v);
		if (ops[i].kind != UPDATE_INSERT && ops[i].kind != UPDATE_DELETE)
			continue;
		if (one(state, &ops[i], counters)) {
			upd_view_end(v);
			v->g = g;
			rerun(state, counters);
			return SSA_OK;
		}
	}
	upd_view_end(v);
	return SSA_OK;
}

uint32_t upd_view_count(const struct upd_view *v, uint32_t u, uint32_t w)
{
	uint32_t ks, kp, c = 0;
	const uint32_t *s = upd_succ(v, u, &ks), *p = upd_pred(v, w, &kp);
	if (ks <= kp) {
		for (uint32_t i = 0; i < ks; i++)
			c += s[i] == w;
	} else {
		for (uint32_t i = 0; i < kp; i++)
			c += p[i] == u;
	}
	return c;
}
