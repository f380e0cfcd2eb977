/* The loop nesting forest algorithms' table (loops.h).
 * A new algorithm is a file plus a line here; the tests iterate the table. */
#include "loops/loops.h"

#include "util/mem.h"
#include "util/status.h"

_Static_assert(LOOPS_MAX_COUNTERS <= ALGO_MAX_COUNTERS, "a counter name would not fit the head");

extern const struct loops_algo loops_havlak_algo;

const struct loops_algo *const loops_algos[] = {
	&loops_havlak_algo,
};
const size_t loops_nalgos = sizeof loops_algos / sizeof loops_algos[0];

int loops_compute(const struct loops_algo *a, const struct cfg *g, struct loop_forest *f,
		  uint64_t *counters)
{
	uint64_t local[LOOPS_MAX_COUNTERS];
	void *scratch = NULL;
	if (!a || !g || !f || f->n < g->n)
		return SSA_EUSAGE;
	int rc = a->scratch_alloc(&scratch, g->n, g->m);
	if (rc != SSA_OK)
		return rc;
	rc = a->run(scratch, g, f, counters ? counters : local);
	a->scratch_free(scratch);
	return rc;
}

uint64_t loops_stage_bytes(const struct loops_algo *a, uint64_t n, uint64_t m)
{
	return ssa_sat_add(loop_forest_bytes(n), a->scratch_bytes(n, m));
}
