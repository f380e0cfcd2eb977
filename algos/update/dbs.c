/* dbs: LLVM's incremental dominator tree (update.h). Insertions by the depth-based search of
 * Georgiadis et al.: after inserting x -> y, a block v is affected iff depth(NCD(x, y)) + 1 <
 * depth(v) and some path from y to v has every block at depth >= depth(v); affected blocks get
 * NCD(x, y) as immediate dominator, found by a search in decreasing depth (a max-heap by level)
 * that never enters blocks at depth <= depth(NCD) + 1. An insertion into an unreachable block
 * runs Semi-NCA over the newly reachable region and replays the edges from it into the old tree
 * as insertions. Deletions: if the edge's target stays reachable (its idom is not the source, or
 * a predecessor it does not dominate remains), Semi-NCA rebuilds the subtree of NCD(x, y);
 * otherwise the target's subtree leaves the tree and the subtree of the nearest common
 * dominator of the blocks it reached is rebuilt. A rebuild that would start at the root
 * recomputes the whole tree from the final graph and ends the batch there.
 * Batches are applied update by update through a view of the graph (view.h); an insertion of
 * a parallel copy or a deletion that leaves a copy changes nothing and costs one list scan.
 * Time per update: the search's blocks and their edges, O(d log n) with d of them, plus the
 * level updates of moved subtrees; a deletion costs the rebuilt subtree's blocks and edges;
 * O(n + m) at worst per update. Memory 19 words per block of capacity, the whole-tree
 * rebuild's (9n words and a CSR of 2n + 2m), the overlay of a batch's touched lists and the
 * discovered edges (at most m each).
 * Papers: L. Georgiadis, G. F. Italiano, L. Laura, F. Santaroni, "An Experimental Study of
 * Dynamic Dominators", ESA 2012 (arXiv 1604.02711), Lemmas 2.5-2.7; the construction LLVM's
 * GenericDomTreeConstruction.h implements (InsertReachable, InsertUnreachable, DeleteReachable,
 * DeleteUnreachable, HasProperSupport). */
#include "update/update_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* Outcomes of one update: done, or the whole tree must be rebuilt. */
enum { DBS_DONE = 0, DBS_REBUILD = -1 };

int dbs_engine_init(struct dbs_engine *e, uint32_t n_max)
{
	memset(e, 0, sizeof *e);
	int st = dt_init(&e->t, n_max);
	if (!st)
		st = upd_view_init(&e->v, n_max);
	if (!st)
		st = upd_rebuild_init(&e->rb, n_max);
	if (!st) {
		e->heap = ssa_alloc_array((size_t)n_max + 1, sizeof *e->heap);
		e->aff = ssa_alloc_array((size_t)n_max + 1, sizeof *e->aff);
		e->unaff = ssa_alloc_array((size_t)n_max + 1, sizeof *e->unaff);
		if (!e->heap || !e->aff || !e->unaff)
			st = SSA_ENOMEM;
	}
	if (st)
		dbs_engine_free(e);
	return st;
}

void dbs_engine_free(struct dbs_engine *e)
{
	dt_free(&e->t);
	upd_view_free(&e->v);
	upd_rebuild_free(&e->rb);
	ssa_free_all(e->heap, e->aff, e->unaff);
	memset(e, 0, sizeof *e);
}

uint64_t dbs_engine_bytes(uint64_t n_max, uint64_t m_max)
{
	uint64_t b = ssa_sat_add(ssa_sat_add(dt_bytes(n_max), upd_view_bytes(n_max)),
				 ssa_bytes(ssa_sat_add(n_max, 1), 3 * sizeof(uint32_t)));
	/* the rebuild's CSR and scratch; the discovered edges and a batch's overlay are at most
	 * the graph's lists */
	b = ssa_sat_add(b, upd_rebuild_bytes(n_max, m_max));
	return ssa_sat_add(b, ssa_bytes(m_max, 4 * sizeof(uint32_t)));
}

int dbs_engine_build(struct dbs_engine *e, const struct dyn_cfg *g, uint64_t *counters)
{
	upd_view_end(&e->v);
	e->v.g = g;
	uint64_t w0 = e->t.work;
	int st = upd_rebuild_tree(&e->rb, g, &e->t);
	counters[DBS_C_WORK] += e->t.work - w0;
	return st;
}

/* The max-heap of the depth-based search, keyed by level. */
static void heap_push(struct dbs_engine *e, uint32_t *n, uint32_t b)
{
	uint32_t *h = e->heap;
	const uint32_t *lev = e->t.level;
	uint32_t i = (*n)++;
	while (i > 0) {
		uint32_t p = (i - 1) / 2;
		if (lev[h[p]] >= lev[b])
			break;
		h[i] = h[p];
		i = p;
	}
	h[i] = b;
}

static uint32_t heap_pop(struct dbs_engine *e, uint32_t *n)
{
	uint32_t *h = e->heap;
	const uint32_t *lev = e->t.level;
	uint32_t top = h[0], last = h[--*n], i = 0, k = *n;
	for (;;) {
		uint32_t c = 2 * i + 1;
		if (c >= k)
			break;
		if (c + 1 < k && lev[h[c + 1]] > lev[h[c]])
			c++;
		if (lev[h[c]] <= lev[last])
			break;
		h[i] = h[c];
		i = c;
	}
	if (k)
		h[i] = last;
	return top;
}

/* Insertion of x -> y with both in the tree (Lemma 2.5). */
static void insert_reachable(struct dbs_engine *e, uint32_t x, uint32_t y, uint64_t *counters)
{
	struct dtree *t = &e->t;
	const uint32_t *level = t->level;
	uint32_t ncd = dt_nca(t, x, y);
	uint32_t floor = level[ncd] + 1;
	if (floor >= level[y])
		return;
	uint32_t stamp = dt_new_stamp(t);
	uint32_t nheap = 0, naff = 0, nun = 0;
	uint64_t work = 0;
	t->mark[y] = stamp;
	heap_push(e, &nheap, y);
	while (nheap) {
		uint32_t b = heap_pop(e, &nheap);
		e->aff[naff++] = b;
		uint32_t cur = level[b];
		/* Blocks deeper than cur reached from b are not affected, but a path through them
		 * at depth >= cur may reach affected ones: expand them at this level first. */
		for (;;) {
			uint32_t deg;
			const uint32_t *s = upd_succ(&e->v, b, &deg);
			work += deg + 1;
			for (uint32_t i = 0; i < deg; i++) {
				uint32_t w = s[i], lw = level[w];
				if (lw <= floor || t->mark[w] == stamp)
					continue;
				t->mark[w] = stamp;
				if (lw > cur)
					e->unaff[nun++] = w;
				else
					heap_push(e, &nheap, w);
			}
			if (!nun)
				break;
			b = e->unaff[--nun];
		}
	}
	for (uint32_t i = 0; i < naff; i++) {
		dt_detach(t, e->aff[i]);
		dt_attach(t, e->aff[i], ncd);
	}
	/* Every affected block is now a child of ncd, so their subtrees are disjoint. */
	for (uint32_t i = 0; i < naff; i++)
		dt_relevel(t, e->aff[i], floor);
	counters[DBS_C_AFFECTED] += naff;
	t->work += work;
}

/* Insertion of x -> y with x in the tree and y not: the blocks y reaches off the tree become
 * reachable; Semi-NCA numbers them from y, the region hangs under x, and every edge from it into
 * the old tree is then an insertion between reachable blocks. */
static int insert_unreachable(struct dbs_engine *e, uint32_t x, uint32_t y, uint64_t *counters)
{
	struct dtree *t = &e->t;
	int st = dt_region(t, &e->v, y, DT_UNREACHED, 0);
	if (st)
		return st;
	dt_attach(t, y, x);
	t->level[y] = t->level[x] + 1;
	dt_reattach(t);
	counters[DBS_C_SUBTREES]++;
	/* insert_reachable does not touch t->edges, so the list stays valid while replayed. */
	for (uint64_t i = 0; i < t->nedges; i += 2)
		insert_reachable(e, t->edges[i], t->edges[i + 1], counters);
	return SSA_OK;
}

static int dbs_insert(struct dbs_engine *e, uint32_t x, uint32_t y, uint64_t *counters)
{
	struct dtree *t = &e->t;
	/* Edges from unreachable blocks change nothing; neither does a second copy. */
	if (!dt_in_tree(t, x) || upd_view_count(&e->v, x, y) > 1)
		return DBS_DONE;
	counters[DBS_C_INSERTS]++;
	if (!dt_in_tree(t, y))
		return insert_unreachable(e, x, y, counters);
	insert_reachable(e, x, y, counters);
	return DBS_DONE;
}

/* Does y keep a predecessor it does not dominate (so a path avoiding it)? */
static bool has_proper_support(struct dbs_engine *e, uint32_t y)
{
	struct dtree *t = &e->t;
	uint32_t deg;
	const uint32_t *p = upd_pred(&e->v, y, &deg);
	t->work += deg;
	uint32_t ly = t->level[y];
	for (uint32_t i = 0; i < deg; i++) {
		uint32_t q = p[i], lq = t->level[q];
		if (lq == SSA_NONE || q == y)
			continue;
		/* y can dominate only blocks deeper than itself */
		if (lq <= ly || dt_nca(t, y, q) != y)
			return true;
	}
	return false;
}

/* Rebuilds the subtree of r (Lemma 2.6): every block in it stays reachable, and a search from r
 * through blocks deeper than r stays inside it. */
static int rebuild_below(struct dbs_engine *e, uint32_t r, uint64_t *counters)
{
	struct dtree *t = &e->t;
	if (t->idom[r] == SSA_NONE)
		return DBS_REBUILD;
	int st = dt_region(t, &e->v, r, DT_BELOW, t->level[r]);
	if (st)
		return st;
	dt_reattach(t);
	counters[DBS_C_SUBTREES]++;
	return DBS_DONE;
}

/* y became unreachable with its whole subtree (Lemma 2.7). Blocks outside it that it had edges
 * into may now have deeper dominators: the subtree of the nearest common dominator of y and
 * those blocks is rebuilt. */
static int delete_unreachable(struct dbs_engine *e, uint32_t y, uint64_t *counters)
{
	struct dtree *t = &e->t;
	int st = dt_region(t, &e->v, y, DT_COLLECT, t->level[y]);
	if (st)
		return st;
	/* The top is the nearest common dominator of y and the collected targets that do not
	 * dominate y (those are reached only before y, so they keep their dominators). y's
	 * ancestors are marked first; the climbs then share the marked paths. */
	uint32_t stamp = dt_new_stamp(t), top = SSA_NONE;
	dt_ncd_add(t, stamp, &top, y);
	uint64_t keep = 0;
	for (uint64_t i = 0; i < t->nedges; i += 2)
		if (t->mark[t->edges[i + 1]] != stamp)
			t->edges[keep++] = t->edges[i + 1];
	for (uint64_t i = 0; i < keep; i++)
		dt_ncd_add(t, stamp, &top, t->edges[i]);
	if (t->idom[top] == SSA_NONE) {
		dt_region_reset(t);
		return DBS_REBUILD;
	}
	/* The region is exactly y's subtree: take it off the tree. */
	dt_detach(t, y);
	for (uint32_t x = 1; x <= t->k; x++) {
		uint32_t b = t->order[x];
		t->idom[b] = t->level[b] = t->child[b] = t->next[b] = t->prev[b] = SSA_NONE;
	}
	dt_region_reset(t);
	if (top == y)
		return DBS_DONE;
	return rebuild_below(e, top, counters);
}

static int dbs_delete(struct dbs_engine *e, uint32_t x, uint32_t y, uint64_t *counters)
{
	struct dtree *t = &e->t;
	if (!dt_in_tree(t, x) || upd_view_count(&e->v, x, y) > 0)
		return DBS_DONE;
	counters[DBS_C_DELETES]++;
	/* x was reachable and had the edge, so y was in the tree. If y dominates x, every path to
	 * x passes y first, so the edge lay on no simple path from the entry to another block. */
	uint32_t ncd = dt_nca(t, x, y);
	if (ncd == y)
		return DBS_DONE;
	if (t->idom[y] != x || has_proper_support(e, y))
		return rebuild_below(e, ncd, counters);
	return delete_unreachable(e, y, counters);
}

int dbs_engine_apply(struct dbs_engine *e, const struct dyn_cfg *g, const struct update *ops,
		     size_t k, uint64_t budget, uint64_t *counters)
{
	int st = upd_view_begin(&e->v, g, ops, k);
	if (st)
		return st;
	uint64_t w0 = e->t.work;
	for (size_t i = 0; i < k; i++) {
		upd_view_step(&e->v);
		const struct update *o = &ops[i];
		if (o->kind == UPDATE_INSERT)
			st = dbs_insert(e, o->u, o->v, counters);
		else if (o->kind == UPDATE_DELETE)
			st = dbs_delete(e, o->u, o->v, counters);
		else
			continue;
		if (st == SSA_OK && e->t.work - w0 > budget && i + 1 < k) {
			counters[DBS_C_GAVE_UP]++;
			st = DBS_REBUILD;
		}
		if (st == DBS_REBUILD) {
			/* g already holds the rest of the batch: one rebuild covers it. */
			counters[DBS_C_REBUILDS]++;
			counters[DBS_C_WORK] += e->t.work - w0;
			return dbs_engine_build(e, g, counters);
		}
		if (st) {
			upd_view_end(&e->v);
			return st;
		}
	}
	upd_view_end(&e->v);
	counters[DBS_C_WORK] += e->t.work - w0;
	return SSA_OK;
}

/* The descriptor: the engine without a budget. */

static uint64_t dbs_state_bytes(uint64_t n_max, uint64_t m_max)
{
	return dbs_engine_bytes(n_max, m_max);
}

static int dbs_init(void **state, const struct dyn_cfg *g, uint32_t n_max)
{
	struct dbs_engine *e = malloc(sizeof *e);
	if (!e)
		return SSA_ENOMEM;
	uint64_t c[DBS_NCOUNTERS] = {0};
	int st = dbs_engine_init(e, n_max < g->n ? g->n : n_max);
	if (!st && (st = dbs_engine_build(e, g, c)))
		dbs_engine_free(e);
	if (st) {
		free(e);
		return st;
	}
	*state = e;
	return SSA_OK;
}

static int dbs_apply(void *state, const struct dyn_cfg *g, const struct update *ops, size_t k,
		     uint64_t *counters)
{
	struct dbs_engine *e = state;
	if (g->n > e->t.cap)
		return SSA_EUSAGE;
	return dbs_engine_apply(e, g, ops, k, UINT64_MAX, counters);
}

static const uint32_t *dbs_idom(void *state)
{
	return ((struct dbs_engine *)state)->t.idom;
}

static void dbs_free(void *state)
{
	if (state) {
		dbs_engine_free(state);
		free(state);
	}
}

const struct update_algo update_dbs_algo = {
	.head = {
		.name = "dbs",
		.summary = "LLVM's scheme: depth-based search for insertions, Semi-NCA subtree rebuilds for deletions",
		.citation = "Georgiadis, Italiano, Laura, Santaroni 2012, An Experimental Study of Dynamic Dominators (ESA); LLVM GenericDomTreeConstruction.h",
		.complexity = "O(n + m) per update worst, the affected region in practice; 28n + 2m words",
		.counter_names = {"inserts", "deletes", "affected", "subtrees", "rebuilds", "work"},
	},
	.state_bytes = dbs_state_bytes,
	.init = dbs_init,
	.apply = dbs_apply,
	.idom = dbs_idom,
	.free = dbs_free,
};
