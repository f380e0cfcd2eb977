/* The dominance-frontier algorithms' table (df.h). Adding one is a file and a line here; bench and
 * the tests iterate the table, so it is cross-checked for free. */
#include "df/df.h"
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
