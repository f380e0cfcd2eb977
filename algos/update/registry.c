/* The table of dynamic-dominator algorithms. bench, the tests and the fuzzer iterate it, so an
 * algorithm added here is cross-checked against the oracle after every batch without further
 * wiring. */
#include "update/dyn_cfg.h"
#include "update/stream.h"
#include "update/update.h"
#include "util/mem.h"
#include "util/status.h"

#include <string.h>

#ifdef SSALAB_HAVE_LLVM_PEERS
#include "peers/peers.h" /* the rival, LLVM's incremental tree, built when CMake finds LLVM */
#endif

_Static_assert(UPDATE_MAX_COUNTERS <= ALGO_MAX_COUNTERS, "a counter name would not fit the head");

extern const struct update_algo update_recompute_algo, update_dbs_algo, update_dsnca_algo,
	update_dslt_algo, update_batch_algo, update_auto_algo;

const struct update_algo *const update_algos[] = {
	&update_recompute_algo, &update_dbs_algo, &update_dsnca_algo,
	&update_dslt_algo,      &update_batch_algo, &update_auto_algo,
#ifdef SSALAB_HAVE_LLVM_PEERS
	/* LLVM's forward tree only: with --reverse the stage hands every algorithm the reversed
	 * problem (reverse.h), so LLVM's post-dominator variants stay in their own tests */
	&peer_llvm_update, &peer_llvm_update_batch,
#endif
};
const size_t update_nalgos = sizeof update_algos / sizeof update_algos[0];

int update_run(const struct update_algo *a, const struct cfg *g, const struct update_stream *s,
	       uint32_t *idom, uint64_t *counters)
{
	uint64_t local[UPDATE_MAX_COUNTERS];
	if (!counters)
		counters = local;
	memset(counters, 0, UPDATE_MAX_COUNTERS * sizeof *counters);
	if (s->n_start != g->n)
		return SSA_EUSAGE;
	struct dyn_cfg d;
	int st = dyn_cfg_init(&d, g, s->n_end);
	if (st)
		return st;
	void *state = NULL;
	if ((st = a->init(&state, &d, s->n_end))) {
		dyn_cfg_free(&d);
		return st;
	}
	uint64_t at = 0, start;
	size_t k;
	while (!st && update_stream_next_batch(s, &at, &start, &k)) {
		st = dyn_cfg_apply(&d, s->ops + start, k, NULL);
		if (!st)
			st = a->apply(state, &d, s->ops + start, k, counters);
	}
	if (!st)
		memcpy(idom, a->idom(state), (size_t)d.n * sizeof *idom);
	a->free(state);
	dyn_cfg_free(&d);
	return st;
}

uint64_t update_run_bytes(const struct update_algo *a, uint64_t n_max, uint64_t m_max)
{
	uint64_t b = ssa_sat_add(ssa_array_bytes(n_max, sizeof(uint32_t)), dyn_cfg_bytes(n_max, m_max));
	return ssa_sat_add(b, a->state_bytes(n_max, m_max));
}

uint64_t update_stream_bound(uint64_t n, uint64_t m, uint64_t ops, bool reverse, uint64_t *n_max,
			     uint64_t *m_max)
{
	*n_max = ssa_sat_add(n, ops);
	*m_max = ssa_sat_add(m, ops);
	if (reverse) {
		*m_max = ssa_sat_add(*m_max, *n_max);
		*n_max = ssa_sat_add(*n_max, 1);
	}
	return ssa_bytes(ops, sizeof(struct update));
}
