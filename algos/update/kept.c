/* The DFS tree and semidominators dsnca and dslt keep across updates (kept.h). */
#include "update/kept.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

int upd_kept_init(struct upd_kept *t, const struct dyn_cfg *g, uint32_t n_max,
		  uint32_t **const extra[], size_t nextra)
{
	memset(t, 0, sizeof *t);
	if (n_max < g->n)
		n_max = g->n;
	size_t w = (size_t)n_max + 1;
	uint32_t **arrs[] = {&t->idom, &t->order, &t->parent, &t->last, &t->semi, &t->stk, &t->cur};
	t->cap = n_max;
	t->pre = ssa_calloc_array(w, sizeof(uint32_t));
	bool ok = t->pre && upd_view_init(&t->v, n_max) == SSA_OK;
	for (size_t i = 0; ok && i < sizeof arrs / sizeof arrs[0]; i++)
		ok = (*arrs[i] = ssa_alloc_array(w, sizeof(uint32_t))) != NULL;
	for (size_t i = 0; ok && i < nextra; i++)
		ok = (*extra[i] = ssa_alloc_array(w, sizeof(uint32_t))) != NULL;
	if (!ok)
		return SSA_ENOMEM;
	memset(t->idom, 0xff, w * sizeof(uint32_t));
	t->v.g = g;
	return SSA_OK;
}

void upd_kept_free(struct upd_kept *t)
{
	ssa_free_all(t->pre, t->idom, t->order, t->parent, t->last, t->semi, t->stk, t->cur);
	upd_view_free(&t->v);
}

int upd_kept_apply(struct upd_kept *t, const struct dyn_cfg *g, const struct update *ops,
		   size_t k, void *state, bool (*one)(void *, const struct update *, uint64_t *),
		   void (*rerun)(void *, uint64_t *), uint64_t *counters)
{
	if (g->n > t->cap)
		return SSA_EUSAGE;
	return upd_view_replay(&t->v, g, ops, k, state, one, rerun, counters);
}

const uint32_t *upd_kept_idom(void *state)
{
	return ((struct upd_kept *)state)->idom;
}

uint64_t upd_kept_number(struct upd_kept *t)
{
	uint32_t *pre = t->pre, *order = t->order, *parent = t->parent, *last = t->last;
	uint32_t *stk = t->stk, *cur = t->cur;
	uint64_t work = 0;
	for (uint32_t x = 1; x <= t->nr; x++) {
		pre[order[x]] = 0;
		t->idom[order[x]] = SSA_NONE;
	}
	uint32_t k = 1, top = 0;
	pre[0] = 1;
	order[1] = 0;
	parent[1] = 0;
	cur[1] = 0;
	stk[top++] = 1;
	while (top) {
		uint32_t x = stk[top - 1], deg;
		const uint32_t *s = upd_succ(&t->v, order[x], &deg);
		uint32_t c = cur[x], go = SSA_NONE;
		while (c < deg) {
			uint32_t w = s[c++];
			work++;
			if (!pre[w]) {
				go = w;
				break;
			}
		}
		cur[x] = c;
		if (go == SSA_NONE) {
			last[x] = k;
			top--;
			continue;
		}
		k++;
		pre[go] = k;
		order[k] = go;
		parent[k] = x;
		cur[k] = 0;
		stk[top++] = k;
	}
	t->nr = k;
	t->semi[1] = 1;
	return work;
}

/* The candidate the edge x -> y offers for semi(y) (pre numbers px, py): px when x is numbered
 * below y, else the least semidominator on the DFS-tree path from x up to, not including, the
 * first ancestor numbered at most py. UINT32_MAX for none (x == y). */
static uint32_t candidate(const struct upd_kept *t, uint32_t px, uint32_t py, uint64_t *work)
{
	if (px < py)
		return px;
	uint32_t c = UINT32_MAX;
	uint64_t steps = 0;
	for (uint32_t u = px; u > py; u = t->parent[u]) {
		if (t->semi[u] < c)
			c = t->semi[u];
		steps++;
	}
	*work += steps;
	return c;
}

enum upd_effect upd_kept_effect(const struct upd_kept *t, const struct update *o, uint64_t *work)
{
	uint32_t px = t->pre[o->u], py = t->pre[o->v];
	if (!px)
		return UPD_IGNORED;
	if (o->kind == UPDATE_INSERT) {
		if (upd_view_count(&t->v, o->u, o->v) > 1)
			return UPD_IGNORED;
		if (!py || (px < py && py > t->last[px]))
			return UPD_RERUN;
		return candidate(t, px, py, work) < t->semi[py] ? UPD_PARTIAL : UPD_SKIPPED;
	}
	if (upd_view_count(&t->v, o->u, o->v) > 0)
		return UPD_IGNORED;
	if (t->parent[py] == px)
		return UPD_RERUN;
	return candidate(t, px, py, work) == t->semi[py] ? UPD_PARTIAL : UPD_SKIPPED;
}
