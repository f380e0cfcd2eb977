/* The table of whole-construction algorithms (construct.h). bench and the tests iterate it. */
#include "construct/construct.h"

#include "util/mem.h"
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

uint64_t construct_stage_bytes(const struct construct_algo *a, const struct prog *p,
			       uint64_t created, uint64_t args, uint64_t kept, uint64_t kargs)
{
	const struct cfg *g = &p->cfg;
	uint64_t step = 0, b = a->scratch_bytes(g->n, g->m, p->nvars, p->nops);
	if (a->grow_bytes)
		b = ssa_sat_add(b, a->grow_bytes(created, args, &step));
	uint64_t opval = ssa_array_bytes(p->nops, sizeof(uint32_t));
	uint64_t form = ssa_sat_add(ssa_form_bytes(g->n, p->nops, kept, kargs),
				    ssa_array_bytes((uint64_t)p->nvars + 1, sizeof(uint32_t)));
	uint64_t grow = ssa_sat_add(opval, step);
	return ssa_sat_add(b, grow > form ? grow : form);
}
