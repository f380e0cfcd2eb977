/* dslt: dynamic simple Lengauer-Tarjan (update.h). Like dsnca it keeps the depth-first spanning
 * tree and the semidominators, with the same rules for when the DFS tree survives an update and
 * the same exact test for when an edge cannot move semi(y); the immediate dominators come from
 * Lengauer and Tarjan's relative dominators (buckets, eval over the link forest) and a forward
 * pass, instead of Semi-NCA's walks. A partial rerun from pre(y) recomputes the semidominators of
 * the numbers up to pre(y) and the relative dominators of every vertex whose semidominator is
 * below pre(y) (their path from the semidominator can cross the recomputed numbers; the others'
 * paths lie above pre(y), where nothing changed), then the forward pass from the first vertex
 * whose semidominator or relative dominator changed. A vertex v above pre(y) with semi(v) < pre(y) is filed in
 * its semidominator's bucket before the sweep; that bucket is emptied at the sweep's step for
 * the semidominator's first child, semi(v) + 1 <= pre(y), when every vertex above is linked.
 * Time per update: as dsnca, O(n + m') for a partial rerun, O(m log n) for a full one; never
 * quadratic (simple path compression). Memory 16 words per block of capacity plus a batch's
 * overlay.
 * Papers: T. Lengauer, R. E. Tarjan, "A Fast Algorithm for Finding Dominators in a Flowgraph",
 * ACM TOPLAS 1(1), 1979; K. Patakakis, L. Georgiadis, V. A. Tatsis, "Dynamic Dominators in
 * Practice", PCI 2011; Georgiadis, Italiano, Laura, Santaroni, ESA 2012, section 3. */
#include "update/update.h"
#include "update/view.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

struct dslt {
	uint32_t cap;
	uint32_t nr;      /* blocks reached, numbered 1..nr */
	uint32_t *pre;    /* block -> DFS number, 0 unreached */
	uint32_t *idom;   /* block -> immediate dominator, the answer */
	uint32_t *order, *parent, *last, *semi;
	uint32_t *rel;    /* number -> semi(v) if it is the idom, else the relative dominator */
	uint32_t *didom;  /* number -> immediate dominator's number */
	uint32_t *anc, *label; /* the link-eval forest; label is the vertex of least semi */
	uint32_t *bucket, *bnext; /* bucket heads by number, and links (0 ends a list) */
	uint32_t *stk, *cur;
	struct upd_view v;
};

enum { C_FULL, C_PARTIAL, C_SKIPPED, C_SEMIS, C_IDOMS, C_WORK };

static void dslt_free(void *state)
{
	struct dslt *d = state;
	if (!d)
		return;
	ssa_free_all(d->pre, d->idom, d->order, d->parent, d->last, d->semi, d->rel, d->didom,
		     d->anc, d->label, d->bucket, d->bnext, d->stk, d->cur);
	upd_view_free(&d->v);
	free(d);
}

static uint64_t dslt_state_bytes(uint64_t n_max, uint64_t m_max)
{
	uint64_t words = ssa_bytes(ssa_sat_add(n_max, 1), 14 * sizeof(uint32_t));
	return ssa_sat_add(ssa_sat_add(words, upd_view_bytes(n_max)),
			   ssa_bytes(m_max, 2 * sizeof(uint32_t)));
}

/* eval(v) for v > lim: the vertex of least semidominator on the forest path from v up to, not
 * including, the first vertex numbered <= lim; compresses the path. */
static inline uint32_t eval(struct dslt *d, uint32_t v, uint32_t lim, uint64_t *work)
{
	uint32_t *anc = d->anc, *label = d->label, *semi = d->semi, *stk = d->stk;
	if (anc[v] <= lim)
		return label[v];
	uint32_t top = 0, u = v;
	do {
		stk[top++] = u;
		u = anc[u];
	} while (anc[u] > lim);
	*work += top;
	while (top) {
		uint32_t y = stk[--top];
		uint32_t ay = anc[y];
		if (semi[label[ay]] < semi[label[y]])
			label[y] = label[ay];
		anc[y] = anc[ay];
	}
	return label[v];
}

/* The sweep from number from down to 2: semidominators of those numbers (the ones above keep
 * theirs), relative dominators of every vertex filed in a bucket emptied on the way; then the
 * forward pass from the first vertex whose semidominator or relative dominator changed. full:
 * everything. */
static void sweep(struct dslt *d, uint32_t from, bool full, uint64_t *counters)
{
	uint32_t *anc = d->anc, *label = d->label, *semi = d->semi, *parent = d->parent;
	uint32_t *pre = d->pre, *order = d->order, *rel = d->rel, *bucket = d->bucket;
	uint32_t *bnext = d->bnext, nr = d->nr;
	uint64_t work = nr;
	for (uint32_t x = 2; x <= nr; x++) {
		anc[x] = parent[x];
		label[x] = x;
	}
	memset(bucket, 0, ((size_t)from + 1) * sizeof *bucket);
	uint32_t changed = full ? 2 : nr + 1;
	/* Vertices above from whose path to their semidominator crosses the recomputed numbers. */
	for (uint32_t v = full ? nr + 1 : from + 1; v <= nr; v++)
		if (semi[v] < from) {
			bnext[v] = bucket[semi[v]];
			bucket[semi[v]] = v;
		}
	for (uint32_t x = from; x >= 2; x--) {
		uint32_t deg, s = parent[x];
		const uint32_t *p = upd_pred(&d->v, order[x], &deg);
		work += deg;
		for (uint32_t i = 0; i < deg; i++) {
			uint32_t pn = pre[p[i]];
			if (!pn)
				continue;
			uint32_t c = pn <= x ? pn : semi[eval(d, pn, x, &work)];
			if (c < s)
				s = c;
		}
		if (s != semi[x] && x < changed)
			changed = x;
		semi[x] = s;
		/* s < x, so bucket[s] is still a head this sweep owns */
		bnext[x] = bucket[s];
		bucket[s] = x;
		/* link(parent, x) is implicit: the limit drops to x - 1. Then parent's bucket. */
		uint32_t pw = parent[x];
		for (uint32_t v = bucket[pw]; v; v = bnext[v]) {
			uint32_t u = eval(d, v, x - 1, &work);
			uint32_t r = semi[u] < semi[v] ? u : pw;
			if (r != rel[v] && v < changed)
				changed = v;
			rel[v] = r;
		}
		bucket[pw] = 0;
	}
	counters[C_SEMIS] += from - 1;
	/* Forward: a relative dominator other than the semidominator passes on its idom. */
	uint32_t *didom = d->didom;
	if (changed <= nr) {
		for (uint32_t x = changed; x <= nr; x++) {
			uint32_t r = rel[x];
			didom[x] = r == semi[x] ? r : didom[r];
			d->idom[order[x]] = order[didom[x]];
		}
		counters[C_IDOMS] += nr - changed + 1;
		work += nr - changed + 1;
	}
	counters[C_WORK] += work;
}

static void full(void *state, uint64_t *counters)
{
	struct dslt *d = state;
	uint32_t *pre = d->pre, *order = d->order, *parent = d->parent, *last = d->last;
	uint32_t *stk = d->stk, *cur = d->cur;
	uint64_t work = 0;
	for (uint32_t x = 1; x <= d->nr; x++) {
		pre[order[x]] = 0;
		d->idom[order[x]] = SSA_NONE;
	}
	uint32_t k = 1, top = 0;
	pre[0] = 1;
	order[1] = 0;
	parent[1] = 0;
	cur[1] = 0;
	stk[top++] = 1;
	while (top) {
		uint32_t x = stk[top - 1], deg;
		const uint32_t *s = upd_succ(&d->v, order[x], &deg);
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
	d->nr = k;
	d->semi[1] = 1;
	d->rel[1] = 1;
	d->didom[1] = 1;
	counters[C_WORK] += work + k;
	counters[C_FULL]++;
	sweep(d, k, true, counters);
}

/* As in dsnca.c: the candidate x -> y offers for semi(y). */
static uint32_t candidate(const struct dslt *d, uint32_t px, uint32_t py, uint64_t *work)
{
	if (px < py)
		return px;
	uint32_t c = UINT32_MAX;
	uint64_t steps = 0;
	for (uint32_t u = px; u > py; u = d->parent[u]) {
		if (d->semi[u] < c)
			c = d->semi[u];
		steps++;
	}
	*work += steps;
	return c;
}

static bool update(void *state, const struct update *o, uint64_t *counters)
{
	struct dslt *d = state;
	uint32_t px = d->pre[o->u], py = d->pre[o->v];
	if (!px)
		return false;
	uint64_t work = 0;
	bool redo;
	if (o->kind == UPDATE_INSERT) {
		if (upd_view_count(&d->v, o->u, o->v) > 1)
			return false;
		if (!py || (px < py && py > d->last[px]))
			return true;
		redo = candidate(d, px, py, &work) < d->semi[py];
	} else {
		if (upd_view_count(&d->v, o->u, o->v) > 0)
			return false;
		if (d->parent[py] == px)
			return true;
		redo = candidate(d, px, py, &work) == d->semi[py];
	}
	counters[C_WORK] += work;
	if (redo) {
		counters[C_PARTIAL]++;
		sweep(d, py, false, counters);
	} else {
		counters[C_SKIPPED]++;
	}
	return false;
}

static int dslt_init(void **state, const struct dyn_cfg *g, uint32_t n_max)
{
	if (n_max < g->n)
		n_max = g->n;
	struct dslt *d = calloc(1, sizeof *d);
	if (!d)
		return SSA_ENOMEM;
	size_t w = (size_t)n_max + 1;
	uint32_t **arrs[] = {&d->idom, &d->order, &d->parent, &d->last, &d->semi, &d->rel,
			     &d->didom, &d->anc, &d->label, &d->bucket, &d->bnext, &d->stk, &d->cur};
	d->cap = n_max;
	d->pre = ssa_calloc_array(w, sizeof(uint32_t));
	bool ok = d->pre && upd_view_init(&d->v, n_max) == SSA_OK;
	for (size_t i = 0; ok && i < sizeof arrs / sizeof arrs[0]; i++)
		ok = (*arrs[i] = ssa_alloc_array(w, sizeof(uint32_t))) != NULL;
	if (!ok) {
		dslt_free(d);
		return SSA_ENOMEM;
	}
	memset(d->idom, 0xff, w * sizeof(uint32_t));
	d->v.g = g;
	uint64_t c[UPDATE_MAX_COUNTERS] = {0};
	full(d, c);
	*state = d;
	return SSA_OK;
}

static int dslt_apply(void *state, const struct dyn_cfg *g, const struct update *ops, size_t k,
		      uint64_t *counters)
{
	struct dslt *d = state;
	if (g->n > d->cap)
		return SSA_EUSAGE;
	return upd_view_replay(&d->v, g, ops, k, d, update, full, counters);
}

static const uint32_t *dslt_idom(void *state)
{
	return ((struct dslt *)state)->idom;
}

const struct update_algo update_dslt_algo = {
	.head = {
		.name = "dslt",
		.summary = "dynamic simple Lengauer-Tarjan: keeps the DFS tree, reruns LT from the affected number",
		.citation = "Patakakis, Georgiadis, Tatsis 2011, Dynamic Dominators in Practice (PCI); Lengauer, Tarjan 1979",
		.complexity = "O(n + m) per update worst (m log n for a full rerun); 16n words",
		.counter_names = {"full_runs", "partial_runs", "skipped", "semis_redone", "idoms_redone", "work"},
	},
	.state_bytes = dslt_state_bytes,
	.init = dslt_init,
	.apply = dslt_apply,
	.idom = dslt_idom,
	.free = dslt_free,
};
