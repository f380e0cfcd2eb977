/* auto: a per-batch choice between incremental repair and one repair of the whole batch
 * (update.h). A batch of at most AUTO_DBS_MAX_K edge updates goes to dbs (update by update)
 * under a budget of AUTO_BUDGET_PER_BLOCK_EDGE * (n + m) blocks and edges visited; when the
 * budget runs out, the rest of the batch is covered by rebuilding the tree from the final graph,
 * so a batch never costs much more than a recomputation. Larger batches go to batch's single
 * repair (batch.c), which is never more than one Semi-NCA over the graph. The thresholds were
 * measured: README.md beside this file.
 * Time per batch: min(dbs's, about (1 + AUTO_BUDGET_PER_BLOCK_EDGE) * a recomputation) for small
 * batches, batch's for large ones. Memory: dbs's 17 words per block plus one for batch's list. */
#include "update/update_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

#define AUTO_DBS_MAX_K 64u
#define AUTO_BUDGET_PER_BLOCK_EDGE 2u

struct auto_state {
	struct dbs_engine e;
	uint32_t *lost;
};

enum { C_INCREMENTAL, C_BATCHED, C_GAVE_UP, C_AFFECTED, C_SUBTREES, C_REBUILDS, C_WORK };

static void auto_free(void *state)
{
	struct auto_state *a = state;
	if (!a)
		return;
	dbs_engine_free(&a->e);
	free(a->lost);
	free(a);
}

static uint64_t auto_state_bytes(uint64_t n_max, uint64_t m_max)
{
	return ssa_sat_add(dbs_engine_bytes(n_max, m_max), ssa_bytes(n_max, sizeof(uint32_t)));
}

static int auto_init(void **state, const struct dyn_cfg *g, uint32_t n_max)
{
	if (n_max < g->n)
		n_max = g->n;
	struct auto_state *a = calloc(1, sizeof *a);
	if (!a)
		return SSA_ENOMEM;
	uint64_t c[DBS_NCOUNTERS] = {0};
	int st = dbs_engine_init(&a->e, n_max);
	if (!st && !(a->lost = ssa_alloc_array(n_max, sizeof *a->lost)))
		st = SSA_ENOMEM;
	if (!st)
		st = dbs_engine_build(&a->e, g, c);
	if (st) {
		auto_free(a);
		return st;
	}
	*state = a;
	return SSA_OK;
}

static int auto_apply(void *state, const struct dyn_cfg *g, const struct update *ops, size_t k,
		      uint64_t *counters)
{
	struct auto_state *a = state;
	if (g->n > a->e.t.cap)
		return SSA_EUSAGE;
	size_t edges = 0;
	for (size_t i = 0; i < k; i++)
		edges += ops[i].kind == UPDATE_INSERT || ops[i].kind == UPDATE_DELETE;
	if (!edges)
		return SSA_OK;
	if (edges > AUTO_DBS_MAX_K) {
		uint64_t c[4] = {0};
		counters[C_BATCHED]++;
		int st = batch_repair(&a->e.t, &a->e.v, &a->e.rb, g, ops, k, a->lost, c);
		counters[C_SUBTREES] += c[0];
		counters[C_WORK] += c[3];
		return st;
	}
	uint64_t c[DBS_NCOUNTERS] = {0};
	uint64_t budget = ssa_bytes(ssa_sat_add(g->n, g->m), AUTO_BUDGET_PER_BLOCK_EDGE);
	counters[C_INCREMENTAL]++;
	int st = dbs_engine_apply(&a->e, g, ops, k, budget, c);
	counters[C_GAVE_UP] += c[DBS_C_GAVE_UP];
	counters[C_AFFECTED] += c[DBS_C_AFFECTED];
	counters[C_SUBTREES] += c[DBS_C_SUBTREES];
	counters[C_REBUILDS] += c[DBS_C_REBUILDS];
	counters[C_WORK] += c[DBS_C_WORK];
	return st;
}

static const uint32_t *auto_idom(void *state)
{
	return ((struct auto_state *)state)->e.t.idom;
}

const struct update_algo update_auto_algo = {
	.head = {
		.name = "auto",
		.summary = "per batch: dbs under a budget for small batches, one batch repair for large ones",
		.citation = "ssalab; dbs after Georgiadis, Italiano, Laura, Santaroni 2012 and LLVM",
		.complexity = "O(n + m) per batch worst, the affected region in practice; 18n words",
		.counter_names = {"incremental", "batched", "gave_up", "affected", "subtrees", "rebuilds", "work"},
	},
	.state_bytes = auto_state_bytes,
	.init = auto_init,
	.apply = auto_apply,
	.idom = auto_idom,
	.free = auto_free,
};
