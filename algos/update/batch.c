/* batch: the whole batch applied to the graph, then one repair (update.h). The repair finds the
 * smallest subtree of the old tree that can have changed and reruns Semi-NCA over it once,
 * together with the blocks that became reachable, whatever the number of updates in it.
 *
 * Which subtree. Let R0 be the nearest common dominator of every endpoint of the batch's edge
 * updates that was on the old tree. Every edge between old-tree blocks that was inserted or
 * deleted lies inside R0's subtree, so a search from R0 through it (and through blocks that were
 * off the tree: they can only have become reachable through such an edge) finds every block of
 * that subtree that is still reachable and every block newly reachable; the rest of the subtree
 * became unreachable. Blocks outside the subtree can have changed only if some of their paths
 * ran through a block whose reachability changed: so the root R of the rebuild is the nearest
 * common dominator of R0 and the old-tree targets of edges out of the newly reachable and the
 * newly unreachable blocks. Below R, a search that enters old-tree blocks deeper than R from
 * the tree (parent property: an old edge out of R's subtree lands at depth <= depth(R)) and any
 * block from a newly reachable one stays inside the region, so Semi-NCA from R over it gives the
 * new immediate dominators; the newly unreachable blocks leave the tree.
 * Time per batch: the rebuilt region's blocks and edges plus the old subtree of R0, O(n + m) at
 * worst, plus the climbs of the nearest common dominators (each tree path climbed once per
 * batch). Memory: the tree's 14 words per block, 2 for the view, one for the unreachable list,
 * the whole-tree rebuild's (9n and a CSR of 2n + 2m), the collected edges. */
#include "update/update_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

int batch_repair(struct dtree *t, struct upd_view *v, struct upd_rebuild *rb,
		 const struct dyn_cfg *g, const struct update *ops, size_t k, uint32_t *lost,
		 uint64_t *counters)
{
	uint64_t w0 = t->work;
	upd_view_end(v);
	v->g = g;
	uint32_t stamp = dt_new_stamp(t), r0 = SSA_NONE;
	for (size_t i = 0; i < k; i++) {
		if (ops[i].kind != UPDATE_INSERT && ops[i].kind != UPDATE_DELETE)
			continue;
		if (dt_in_tree(t, ops[i].u))
			dt_ncd_add(t, stamp, &r0, ops[i].u);
		if (dt_in_tree(t, ops[i].v))
			dt_ncd_add(t, stamp, &r0, ops[i].v);
	}
	if (r0 == SSA_NONE)
		return SSA_OK; /* every update is between unreachable blocks */
	if (t->idom[r0] == SSA_NONE && rb) {
		/* the region can only be the whole graph: the static kernel is faster */
		int st = upd_rebuild_tree(rb, g, t);
		counters[0]++;
		counters[1] += g->n;
		counters[3] += t->work - w0;
		return st;
	}
	int st = dt_search(t, v, r0, DT_BATCH_FIRST, t->level[r0]);
	if (st)
		return st;
	/* The exits of the newly reachable blocks out of R0's subtree. */
	uint32_t r = r0;
	for (uint64_t i = 0; i < t->nedges; i += 2)
		dt_ncd_add(t, stamp, &r, t->edges[i + 1]);
	/* The blocks of R0's subtree the search missed left the tree, and paths through them are
	 * gone: the targets of their edges may have changed. Only targets at R0's depth or above
	 * can lie outside the subtree (parent property). A walk of the subtree by its sibling
	 * lists, no stack. */
	uint32_t nlost = 0, lr0 = t->level[r0];
	uint64_t steps = 0;
	for (uint32_t cur = r0;;) {
		steps++;
		if (!t->num[cur]) {
			lost[nlost++] = cur;
			uint32_t deg;
			const uint32_t *s = upd_succ(v, cur, &deg);
			steps += deg;
			for (uint32_t i = 0; i < deg; i++)
				if (t->level[s[i]] <= lr0)
					dt_ncd_add(t, stamp, &r, s[i]);
		}
		if (t->child[cur] != SSA_NONE) {
			cur = t->child[cur];
			continue;
		}
		while (cur != r0 && t->next[cur] == SSA_NONE)
			cur = t->idom[cur];
		if (cur == r0)
			break;
		cur = t->next[cur];
	}
	t->work += steps;
	if (t->idom[r] == SSA_NONE && rb) {
		/* the region is the whole graph: the static kernel is faster */
		dt_region_reset(t);
		st = upd_rebuild_tree(rb, g, t);
		counters[0]++;
		counters[1] += g->n;
		counters[2] += nlost;
		counters[3] += t->work - w0;
		return st;
	}
	if (r != r0) {
		dt_region_reset(t);
		if ((st = dt_search(t, v, r, DT_BATCH_FINAL, t->level[r])))
			return st;
	}
	dt_semi_nca(t, v);
	counters[0]++;
	counters[1] += t->k;
	/* Lost blocks leave their parents' lists when the parent stays (the final search visits
	 * the same blocks of R0's subtree as the first, so num still tells); then the region is
	 * re-parented (its blocks may still hang under lost ones), then the lost blocks are
	 * cleared. */
	for (uint32_t i = 0; i < nlost; i++)
		if (t->num[t->idom[lost[i]]])
			dt_detach(t, lost[i]);
	dt_reattach(t);
	for (uint32_t i = 0; i < nlost; i++) {
		uint32_t b = lost[i];
		t->idom[b] = t->level[b] = t->child[b] = t->next[b] = t->prev[b] = SSA_NONE;
	}
	counters[2] += nlost;
	counters[3] += t->work - w0;
	return SSA_OK;
}

/* The descriptor. */

struct batch_state {
	struct dtree t;
	struct upd_view v;
	struct upd_rebuild rb;
	uint32_t *lost;
};

static void batch_free(void *state)
{
	struct batch_state *b = state;
	if (!b)
		return;
	dt_free(&b->t);
	upd_view_free(&b->v);
	upd_rebuild_free(&b->rb);
	free(b->lost);
	free(b);
}

static uint64_t batch_state_bytes(uint64_t n_max, uint64_t m_max)
{
	uint64_t b = ssa_sat_add(dt_bytes(n_max), upd_view_bytes(n_max));
	b = ssa_sat_add(b, ssa_bytes(n_max, sizeof(uint32_t)));
	b = ssa_sat_add(b, upd_rebuild_bytes(n_max, m_max));
	return ssa_sat_add(b, ssa_bytes(m_max, 2 * sizeof(uint32_t)));
}

static int batch_init(void **state, const struct dyn_cfg *g, uint32_t n_max)
{
	if (n_max < g->n)
		n_max = g->n;
	struct batch_state *b = calloc(1, sizeof *b);
	if (!b)
		return SSA_ENOMEM;
	int st = dt_init(&b->t, n_max);
	if (!st)
		st = upd_view_init(&b->v, n_max);
	if (!st && !(b->lost = ssa_alloc_array(n_max, sizeof *b->lost)))
		st = SSA_ENOMEM;
	if (!st)
		st = upd_rebuild_init(&b->rb, n_max);
	if (!st)
		st = upd_rebuild_tree(&b->rb, g, &b->t);
	if (st) {
		batch_free(b);
		return st;
	}
	*state = b;
	return SSA_OK;
}

static int batch_apply(void *state, const struct dyn_cfg *g, const struct update *ops, size_t k,
		       uint64_t *counters)
{
	struct batch_state *b = state;
	if (g->n > b->t.cap)
		return SSA_EUSAGE;
	counters[0]++;
	return batch_repair(&b->t, &b->v, &b->rb, g, ops, k, b->lost, counters + 1);
}

static const uint32_t *batch_idom(void *state)
{
	return ((struct batch_state *)state)->t.idom;
}

const struct update_algo update_batch_algo = {
	.head = {
		.name = "batch",
		.summary = "the whole batch, then one Semi-NCA over the smallest subtree that can have changed",
		.citation = "ssalab; the region rule follows Georgiadis, Italiano, Laura, Santaroni 2012, Lemmas 2.6-2.7",
		.complexity = "O(n + m) per batch worst, the changed subtree in practice; 26n + 2m words",
		.counter_names = {"batches", "regions", "region_blocks", "lost_blocks", "work"},
	},
	.state_bytes = batch_state_bytes,
	.init = batch_init,
	.apply = batch_apply,
	.idom = batch_idom,
	.free = batch_free,
};
