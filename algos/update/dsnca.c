/* dsnca: dynamic Semi-NCA (update.h). Keeps the depth-first spanning tree and the
 * semidominators of the last Semi-NCA run. An update that keeps the DFS tree a DFS tree can
 * change only the semidominators of blocks numbered at most pre(y), y the edge's target, so those
 * are recomputed (the others' are kept), then the immediate dominators from the first block whose
 * semidominator changed; an update that breaks the DFS tree (an insertion into an unreached block
 * or a left-to-right cross edge, a deletion of a tree edge) reruns everything.
 * Refinement over the published rule (and over Julia's domtree.jl, which uses it): the edge
 * x -> y enters Semi-NCA only as a candidate for semi(y), namely pre(x) if x is numbered below y,
 * else the least semidominator on the tree path from x up to y's level of numbers; every other
 * semidominator depends on it only through semi(y). So an insertion whose candidate is not below
 * semi(y), or a deletion whose candidate was above it, changes nothing and is skipped after that
 * walk. (Julia's test for deletions, following the semidominators of x upwards, misses the case
 * where that chain jumps below semi(y) although the path minimum equals it: see
 * test_update_algos.c, "dsnca_deletion_rule".)
 * Time per update: the walk up the DFS tree, then O(n + m') for a partial rerun (m' the edges
 * into the recomputed blocks), O(n + m) for a full one. Memory 13 words per block of capacity
 * plus a batch's overlay.
 * Papers: L. Georgiadis, G. F. Italiano, L. Laura, F. Santaroni, "An Experimental Study of
 * Dynamic Dominators", ESA 2012 (arXiv 1604.02711), section 3.1; Semi-NCA: Georgiadis, Tarjan,
 * Werneck, "Finding Dominators in Practice", JGAA 10(1), 2006. */
#include "update/update.h"
#include "update/kept.h"
#include "util/mem.h"
#include "util/status.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct dsnca {
	struct upd_kept t;
	uint32_t *label, *anc; /* the link-eval forest */
	uint32_t *didom;  /* number -> immediate dominator's number */
};

_Static_assert(offsetof(struct dsnca, t) == 0, "upd_kept_idom and upd_kept_apply take the state");

enum { C_FULL, C_PARTIAL, C_SKIPPED, C_SEMIS, C_NCA_FROM, C_WORK };

static void dsnca_free(void *state)
{
	struct dsnca *d = state;
	if (!d)
		return;
	upd_kept_free(&d->t);
	ssa_free_all(d->label, d->anc, d->didom);
	free(d);
}

static uint64_t dsnca_state_bytes(uint64_t n_max, uint64_t m_max)
{
	uint64_t words = ssa_bytes(ssa_sat_add(n_max, 1), (UPD_KEPT_WORDS + 3) * sizeof(uint32_t));
	return ssa_sat_add(ssa_sat_add(words, upd_view_bytes(n_max)),
			   ssa_bytes(m_max, 2 * sizeof(uint32_t)));
}

static inline uint32_t eval(uint32_t *anc, uint32_t *label, uint32_t *stk, uint32_t v,
			    uint32_t lim, uint64_t *work)
{
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
		if (label[ay] < label[y])
			label[y] = label[ay];
		anc[y] = anc[ay];
	}
	return label[v];
}

/* Semidominators of numbers from..2 (descending), vertices above from keeping theirs. Returns
 * the smallest number whose semidominator changed (nr + 1 if none; from itself is always
 * reported when full). */
static uint32_t semis(struct dsnca *d, uint32_t from, bool full, uint64_t *work)
{
	uint32_t *anc = d->anc, *label = d->label, *semi = d->t.semi, *parent = d->t.parent;
	uint32_t *pre = d->t.pre, *order = d->t.order;
	/* Every vertex above the current one is linked to its DFS parent: reset the forest that
	 * the last run compressed, keeping the labels of the vertices not recomputed. */
	for (uint32_t x = 2; x <= d->t.nr; x++)
		anc[x] = parent[x];
	for (uint32_t x = from + 1; x <= d->t.nr; x++)
		label[x] = semi[x];
	*work += d->t.nr;
	uint32_t changed = full ? 1 : d->t.nr + 1;
	for (uint32_t x = from; x >= 2; x--) {
		uint32_t deg, s = parent[x];
		const uint32_t *p = upd_pred(&d->t.v, order[x], &deg);
		*work += deg;
		for (uint32_t i = 0; i < deg; i++) {
			uint32_t pn = pre[p[i]];
			if (!pn)
				continue;
			uint32_t c = pn <= x ? pn : eval(anc, label, d->t.stk, pn, x, work);
			if (c < s)
				s = c;
		}
		if (s != semi[x])
			changed = x;
		semi[x] = s;
		label[x] = s;
	}
	return changed;
}

/* Immediate dominators of numbers from..nr, and the block-space answer for them. */
static void ncas(struct dsnca *d, uint32_t from, uint64_t *work)
{
	uint32_t *didom = d->didom, *parent = d->t.parent, *semi = d->t.semi, *order = d->t.order;
	uint64_t steps = 0;
	for (uint32_t x = from < 2 ? 2 : from; x <= d->t.nr; x++) {
		uint32_t a = parent[x], s = semi[x];
		while (a > s) {
			a = didom[a];
			steps++;
		}
		didom[x] = a;
		d->t.idom[order[x]] = order[a];
	}
	*work += steps + d->t.nr - from + 1;
}

/* Everything from scratch on the view's graph. */
static void full(void *state, uint64_t *counters)
{
	struct dsnca *d = state;
	uint64_t work = upd_kept_number(&d->t);
	semis(d, d->t.nr, true, &work);
	ncas(d, 2, &work);
	counters[C_FULL]++;
	counters[C_WORK] += work + d->t.nr;
}

static void partial(struct dsnca *d, uint32_t py, uint64_t *counters)
{
	uint64_t work = 0;
	uint32_t from = semis(d, py, false, &work);
	counters[C_SEMIS] += py - 1;
	if (from <= d->t.nr) {
		ncas(d, from, &work);
		counters[C_NCA_FROM] += d->t.nr - from + 1;
	}
	counters[C_PARTIAL]++;
	counters[C_WORK] += work;
}

/* One update against the view; returns true when the DFS tree is no longer one. */
static bool update(void *state, const struct update *o, uint64_t *counters)
{
	struct dsnca *d = state;
	uint64_t work = 0;
	enum upd_effect e = upd_kept_effect(&d->t, o, &work);
	counters[C_WORK] += work;
	if (e == UPD_PARTIAL)
		partial(d, d->t.pre[o->v], counters);
	else if (e == UPD_SKIPPED)
		counters[C_SKIPPED]++;
	return e == UPD_RERUN;
}

static int dsnca_init(void **state, const struct dyn_cfg *g, uint32_t n_max)
{
	struct dsnca *d = calloc(1, sizeof *d);
	if (!d)
		return SSA_ENOMEM;
	uint32_t **const extra[] = {&d->label, &d->anc, &d->didom};
	if (upd_kept_init(&d->t, g, n_max, extra, sizeof extra / sizeof extra[0])) {
		dsnca_free(d);
		return SSA_ENOMEM;
	}
	uint64_t c[UPDATE_MAX_COUNTERS] = {0};
	full(d, c);
	*state = d;
	return SSA_OK;
}

static int dsnca_apply(void *state, const struct dyn_cfg *g, const struct update *ops, size_t k,
		      uint64_t *counters)
{
	return upd_kept_apply(state, g, ops, k, state, update, full, counters);
}

const struct update_algo update_dsnca_algo = {
	.head = {
		.name = "dsnca",
		.summary = "dynamic Semi-NCA: keeps the DFS tree, recomputes semidominators from the affected number",
		.citation = "Georgiadis, Italiano, Laura, Santaroni 2012, An Experimental Study of Dynamic Dominators (ESA), sec. 3.1",
		.complexity = "O(n + m) per update worst, O(n) when the DFS tree survives; 13n words",
		.counter_names = {"full_runs", "partial_runs", "skipped", "semis_redone", "idoms_redone", "work"},
	},
	.state_bytes = dsnca_state_bytes,
	.init = dsnca_init,
	.apply = dsnca_apply,
	.idom = upd_kept_idom,
	.free = dsnca_free,
};
