/* recompute: the baseline (update.h). After every batch the graph is exported as a CSR and the
 * project's default dominator algorithm (algos/dom's auto: Semi-NCA that falls back to
 * Lengauer-Tarjan, so never quadratic) runs from scratch. Every incremental algorithm is measured
 * against it.
 * Time per batch O(n + m) for the export plus O(m log n) for the kernel, whatever the batch.
 * Memory: the exported CSR (2m + 2n words, grown geometrically), the kernel's scratch (8n words
 * plus a constant) and the idom array. */
#include "dom/dom.h"
#include "update/dyn_cfg.h"
#include "update/update.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

struct recompute {
	const struct dom_algo *kernel;
	void *scratch;
	uint32_t cap;
	uint32_t *idom;
	struct dyn_export ex;
};

static const struct dom_algo *kernel(void)
{
	return algo_find(dom_algos, dom_nalgos, "auto");
}

static void recompute_free(void *state)
{
	struct recompute *r = state;
	if (!r)
		return;
	if (r->scratch)
		r->kernel->scratch_free(r->scratch);
	dyn_export_free(&r->ex);
	free(r->idom);
	free(r);
}

static uint64_t recompute_state_bytes(uint64_t n_max, uint64_t m_max)
{
	const struct dom_algo *k = kernel();
	uint64_t b = k ? k->scratch_bytes(n_max, m_max) : 0;
	b = ssa_sat_add(b, ssa_bytes(n_max, sizeof(uint32_t)));
	/* the CSR with half again of room: offsets and lists of both directions */
	uint64_t csr = ssa_sat_add(ssa_bytes(n_max, 2), ssa_bytes(m_max, 2));
	return ssa_sat_add(b, ssa_bytes(ssa_sat_add(csr, csr / 2), sizeof(uint32_t)));
}

static int run(struct recompute *r, const struct dyn_cfg *g, uint64_t *counters)
{
	int st = dyn_cfg_export_into(g, &r->ex);
	if (st)
		return st;
	uint64_t c[DOM_MAX_COUNTERS];
	st = r->kernel->run(r->scratch, &r->ex.g, r->idom, c);
	counters[0]++;
	counters[1] += (uint64_t)g->n + g->m;
	return st;
}

static int recompute_init(void **state, const struct dyn_cfg *g, uint32_t n_max)
{
	if (n_max < g->n)
		n_max = g->n;
	struct recompute *r = calloc(1, sizeof *r);
	if (!r)
		return SSA_ENOMEM;
	r->kernel = kernel();
	r->cap = n_max;
	r->idom = ssa_alloc_array(n_max, sizeof *r->idom);
	/* The kernel's scratch depends on m only below a few thousand edges (auto's mid path),
	 * so it is sized once for any m. */
	int st = !r->kernel ? SSA_EUSAGE : !r->idom ? SSA_ENOMEM
		 : r->kernel->scratch_alloc(&r->scratch, n_max, CFG_MAX_EDGES);
	uint64_t c[UPDATE_MAX_COUNTERS] = {0};
	if (!st)
		st = run(r, g, c);
	if (st) {
		recompute_free(r);
		return st;
	}
	*state = r;
	return SSA_OK;
}

static int recompute_apply(void *state, const struct dyn_cfg *g, const struct update *ops,
			   size_t k, uint64_t *counters)
{
	struct recompute *r = state;
	(void)ops;
	(void)k;
	if (g->n > r->cap)
		return SSA_EUSAGE;
	return run(r, g, counters);
}

static const uint32_t *recompute_idom(void *state)
{
	return ((struct recompute *)state)->idom;
}

const struct update_algo update_recompute_algo = {
	.head = {
		.name = "recompute",
		.summary = "the baseline: the default static algorithm (auto) from scratch after every batch",
		.citation = "Georgiadis, Tarjan, Werneck 2006, Finding Dominators in Practice (Semi-NCA); Lengauer, Tarjan 1979",
		.complexity = "O(m log n) per batch; CSR 2(n + m) words + 9n",
		.counter_names = {"runs", "blocks_and_edges"},
	},
	.state_bytes = recompute_state_bytes,
	.init = recompute_init,
	.apply = recompute_apply,
	.idom = recompute_idom,
	.free = recompute_free,
};
