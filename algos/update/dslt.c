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
#include "update/kept.h"
#include "util/mem.h"
#include "util/status.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct dslt {
	struct upd_kept t;
	uint32_t *rel;    /* number -> semi(v) if it is the idom, else the relative dominator */
	uint32_t *didom;  /* number -> immediate dominator's number */
	uint32_t *anc, *label; /* the link-eval forest; label is the vertex of least semi */
	uint32_t *bucket, *bnext; /* bucket heads by number, and links (0 ends a list) */
};

_Static_assert(offsetof(struct dslt, t) == 0, "upd_kept_idom and upd_kept_apply take the state");

enum { C_FULL, C_PARTIAL, C_SKIPPED, C_SEMIS, C_IDOMS, C_WORK };

static void dslt_free(void *state)
{
	struct dslt *d = state;
	if (!d)
		return;
	upd_kept_free(&d->t);
	ssa_free_all(d->rel, d->didom, d->anc, d->label, d->bucket, d->bnext);
	free(d);
}

static uint64_t dslt_state_bytes(uint64_t n_max, uint64_t m_max)
{
	uint64_t words = ssa_bytes(ssa_sat_add(n_max, 1), (UPD_KEPT_WORDS + 6) * sizeof(uint32_t));
	return ssa_sat_add(ssa_sat_add(words, upd_view_bytes(n_max)),
			   ssa_bytes(m_max, 2 * sizeof(uint32_t)));
}

/* eval(v) for v > lim: the vertex of least semidominator on the forest path from v up to, not
 * including, the first vertex numbered <= lim; compresses the path. */
static inline uint32_t eval(struct dslt *d, uint32_t v, uint32_t lim, uint64_t *work)
{
	uint32_t *anc = d->anc, *label = d->label, *semi = d->t.semi, *stk = d->t.stk;
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
	uint32_t *anc = d->anc, *label = d->label, *semi = d->t.semi, *parent = d->t.parent;
	uint32_t *pre = d->t.pre, *order = d->t.order, *rel = d->rel, *bucket = d->bucket;
	uint32_t *bnext = d->bnext, nr = d->t.nr;
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
		const uint32_t *p = upd_pred(&d->t.v, order[x], &deg);
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
			d->t.idom[order[x]] = order[didom[x]];
		}
		counters[C_IDOMS] += nr - changed + 1;
		work += nr - changed + 1;
	}
	counters[C_WORK] += work;
}

static void full(void *state, uint64_t *counters)
{
	struct dslt *d = state;
	uint64_t work = upd_kept_number(&d->t);
	d->rel[1] = 1;
	d->didom[1] = 1;
	counters[C_WORK] += work + d->t.nr;
	counters[C_FULL]++;
	sweep(d, d->t.nr, true, counters);
}

static bool update(void *state, const struct update *o, uint64_t *counters)
{
	struct dslt *d = state;
	uint64_t work = 0;
	enum upd_effect e = upd_kept_effect(&d->t, o, &work);
	counters[C_WORK] += work;
	if (e == UPD_PARTIAL) {
		counters[C_PARTIAL]++;
		sweep(d, d->t.pre[o->v], false, counters);
	} else if (e == UPD_SKIPPED) {
		counters[C_SKIPPED]++;
	}
	return e == UPD_RERUN;
}

static int dslt_init(void **state, const struct dyn_cfg *g, uint32_t n_max)
{
	struct dslt *d = calloc(1, sizeof *d);
	if (!d)
		return SSA_ENOMEM;
	uint32_t **const extra[] = {&d->rel, &d->didom, &d->anc, &d->label, &d->bucket, &d->bnext};
	if (upd_kept_init(&d->t, g, n_max, extra, sizeof extra / sizeof extra[0])) {
		dslt_free(d);
		return SSA_ENOMEM;
	}
	uint64_t c[UPDATE_MAX_COUNTERS] = {0};
	full(d, c);
	*state = d;
	return SSA_OK;
}

static int dslt_apply(void *state, const struct dyn_cfg *g, const struct update *ops, size_t k,
		      uint64_t *counters)
{
	return upd_kept_apply(state, g, ops, k, state, update, full, counters);
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
	.idom = upd_kept_idom,
	.free = dslt_free,
};
