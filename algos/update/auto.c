/* dyn-auto: a per-batch choice between incremental repair and recomputation (update.h). Each batch
 * either goes to dbs (update by update) or is covered by one rebuild from scratch (algos/dom's
 * auto kernel on the exported graph), whichever the running estimate says is cheaper: dbs's mean
 * work per edge update over the batches it ran (each older batch weighing 7/8 of the next),
 * times the batch's edge updates, against the work a rebuild is worth (UPD_REBUILD_UNITS per
 * block and edge). dbs runs under a budget of one rebuild's worth: when it runs out, the rest of the batch
 * is covered by a rebuild, so a misjudged batch costs at most about two rebuilds. A batch sent
 * to the rebuild lowers the estimate by 1/32, so dbs is tried again after some of them
 * when the edits have become cheaper. LLVM makes the choice by the batch's size alone
 * (recompute above |DT|/40 updates); on ssalab's streams the break-even was 4 to 64 updates at
 * 10^5 blocks depending on the edits, far below that (README.md beside this file).
 * Time per batch: min(dbs's, about two rebuilds) in the worst case, the cheaper of the two when
 * the estimate holds. Memory: dbs's. */
#include "update/update_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

struct auto_state {
	struct dbs_engine e;
	/* dbs's work and edge updates over the batches it ran, older batches weighing less (7/8
	 * per batch); their ratio estimates the work of the next edge update */
	uint64_t work, edits;
};

enum { C_INCREMENTAL, C_RECOMPUTED, C_GAVE_UP, C_AFFECTED, C_SUBTREES, C_REBUILDS, C_WORK };

static void auto_free(void *state)
{
	struct auto_state *a = state;
	if (!a)
		return;
	dbs_engine_free(&a->e);
	free(a);
}

static uint64_t auto_state_bytes(uint64_t n_max, uint64_t m_max)
{
	return ssa_sat_add(dbs_engine_bytes(n_max, m_max), sizeof(struct auto_state));
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
	uint64_t edges = 0;
	for (size_t i = 0; i < k; i++)
		edges += ops[i].kind == UPDATE_INSERT || ops[i].kind == UPDATE_DELETE;
	if (!edges)
		return SSA_OK;
	uint64_t rebuild = ssa_bytes(ssa_sat_add(g->n, g->m), UPD_REBUILD_UNITS);
	uint64_t c[DBS_NCOUNTERS] = {0};
	int st;
	if (a->edits && a->work / a->edits > rebuild / edges) {
		counters[C_RECOMPUTED]++;
		a->work -= a->work / 32;
		st = dbs_engine_build(&a->e, g, c);
	} else {
		counters[C_INCREMENTAL]++;
		st = dbs_engine_apply(&a->e, g, ops, k, rebuild, c);
		/* The work per edge update of this batch; a batch cut short by the budget counts
		 * its work against the updates it got through, rebuild excluded. */
		uint64_t done = edges, work = c[DBS_C_WORK];
		if (c[DBS_C_GAVE_UP]) {
			work -= work > rebuild ? rebuild : work;
			done = c[DBS_C_INSERTS] + c[DBS_C_DELETES];
			done = done ? done : 1;
		}
		a->work = a->work - a->work / 8 + work;
		a->edits = a->edits - a->edits / 8 + done;
	}
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
		.name = "dyn-auto",
		.summary = "per batch: dbs or one rebuild, by a running estimate of dbs's cost, dbs under a budget",
		.citation = "ssalab; dbs after Georgiadis, Italiano, Laura, Santaroni 2012 and LLVM",
		.complexity = "min(dbs, about two rebuilds) per batch; 28n + 2m words",
		.counter_names = {"incremental", "recomputed", "gave_up", "affected", "subtrees", "rebuilds", "work"},
	},
	.state_bytes = auto_state_bytes,
	.init = auto_init,
	.apply = auto_apply,
	.idom = auto_idom,
	.free = auto_free,
};
