/* The out-of-SSA translations' table. Adding one is a file and a line here; the tests iterate
 * the table, so every translation is run through the interpreter on every program for free. */
#include "destruct/destruct.h"

#include "util/status.h"

_Static_assert(DESTRUCT_MAX_COUNTERS <= ALGO_MAX_COUNTERS, "a counter name would not fit the head");

extern const struct destruct_algo destruct_naive_algo;
extern const struct destruct_algo destruct_webs_algo;
extern const struct destruct_algo destruct_boissinot_algo;

const struct destruct_algo *const destruct_algos[] = {
	&destruct_boissinot_algo,
	&destruct_naive_algo,
	&destruct_webs_algo,
};
const size_t destruct_nalgos = sizeof destruct_algos / sizeof destruct_algos[0];

int destruct_compute(const struct destruct_algo *a, const struct cprog *s, const struct domtree *t,
		     struct cprog *out, uint64_t *counters)
{
	void *scratch = NULL;
	uint64_t local[DESTRUCT_MAX_COUNTERS];
	int rc = a->scratch_alloc(&scratch, s);
	if (rc != SSA_OK)
		return rc;
	rc = a->run(scratch, s, t, out, counters ? counters : local);
	a->scratch_free(scratch);
	return rc;
}
