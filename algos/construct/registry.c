/* The table of whole-construction algorithms (construct.h). bench and the tests iterate it. */
#include "construct/construct.h"

#include "util/status.h"

_Static_assert(CONSTRUCT_MAX_COUNTERS <= ALGO_MAX_COUNTERS, "a counter name would not fit the head");

extern const struct construct_algo construct_braun_algo;
extern const struct construct_algo construct_braun_noscc_algo;

const struct construct_algo *const construct_algos[] = {
	&construct_braun_algo,
	&construct_braun_noscc_algo,
};
const size_t construct_nalgos = sizeof construct_algos / sizeof construct_algos[0];

int construct_compute(const struct construct_algo *a, const struct prog *p, struct ssa_form *out,
		      uint64_t *counters)
{
	uint64_t local[CONSTRUCT_MAX_COUNTERS];
	void *scratch = NULL;
	if (!a || !p || !out)
		return SSA_EUSAGE;
	int rc = a->scratch_alloc(&scratch, p);
	if (rc != SSA_OK)
		return rc;
	rc = a->run(scratch, p, out, counters ? counters : local);
	a->scratch_free(scratch);
	return rc;
}
