/* The dominance-frontier algorithms' table (df.h). Adding one is a file and a line here; bench and
 * the tests iterate the table, so it is cross-checked for free. */
#include "df/df.h"
#include "dom/dom.h"
#include "util/mem.h"
#include "util/status.h"

_Static_assert(DF_MAX_COUNTERS <= ALGO_MAX_COUNTERS, "a counter name would not fit the head");

extern const struct df_algo df_naive_algo, df_runner_algo, df_cytron_algo;

const struct df_algo *const df_algos[] = {&df_naive_algo, &df_runner_algo, &df_cytron_algo};
const size_t df_nalgos = sizeof df_algos / sizeof df_algos[0];

int df_compute(const struct df_algo *a, const struct cfg *g, const struct domtree *dt,
	       uint64_t limit, struct df_sets *out, uint64_t *counters)
{
	uint64_t local[DF_MAX_COUNTERS];
	void *scratch = NULL;
	int st = a->scratch_alloc(&scratch, g->n, g->m);
	if (st != SSA_OK)
		return st;
	st = a->run(scratch, g, dt, limit, out, counters ? counters : local);
	a->scratch_free(scratch);
	return st;
}

uint64_t df_run_bytes(const struct df_algo *a, uint64_t n, uint64_t m, uint64_t total,
		      uint64_t limit)
{
	return ssa_sat_add(a->scratch_bytes(n, m), a->run_bytes ? a->run_bytes(total, limit) : 0);
}

uint64_t df_stage_bytes(const struct df_algo *a, uint64_t n, uint64_t m, uint64_t total,
			uint64_t limit)
{
	uint64_t sb = a->scratch_bytes(n, m);
	if (sb == UINT64_MAX)
		return 0;
	uint64_t tree = domtree_bytes(n), peak = dom_tree_default_bytes(n, m);
	uint64_t count = ssa_sat_add(tree, ssa_array_bytes(n, sizeof(uint32_t)));
	peak = peak > count ? peak : count;
	if (total <= limit) {
		uint64_t run = ssa_sat_add(ssa_sat_add(tree, df_sets_bytes(n, total)),
					   df_run_bytes(a, n, m, total, limit));
		peak = peak > run ? peak : run;
	}
	return peak;
}
