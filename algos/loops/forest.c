/* The loop forest's storage, its summary, and the table of algorithms (loops.h). A new
 * algorithm is a file plus a line in loops_algos[]; the tests iterate the table. */
#include "loops/loops.h"

#include "util/mem.h"
#include "util/status.h"

#include <string.h>

extern const struct loops_algo loops_havlak_algo;

const struct loops_algo *const loops_algos[] = {
	&loops_havlak_algo,
};
const size_t loops_nalgos = sizeof loops_algos / sizeof loops_algos[0];

const struct loops_algo *loops_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < loops_nalgos; i++)
		if (strcmp(loops_algos[i]->name, name) == 0)
			return loops_algos[i];
	return NULL;
}

uint64_t loop_forest_bytes(uint64_t n)
{
	return ssa_bytes(n, 8 * sizeof(uint32_t));
}

int loop_forest_alloc(struct loop_forest *f, uint32_t n)
{
	memset(f, 0, sizeof(*f));
	f->n = n;
	f->block_loop = ssa_alloc_array(n, sizeof(uint32_t));
	f->entry_top = ssa_alloc_array(n, sizeof(uint32_t));
	f->header = ssa_alloc_array(n, sizeof(uint32_t));
	f->parent = ssa_alloc_array(n, sizeof(uint32_t));
	f->last = ssa_alloc_array(n, sizeof(uint32_t));
	f->depth = ssa_alloc_array(n, sizeof(uint32_t));
	f->entries = ssa_alloc_array(n, sizeof(uint32_t));
	f->nblocks = ssa_alloc_array(n, sizeof(uint32_t));
	if (!f->block_loop || !f->entry_top || !f->header || !f->parent || !f->last || !f->depth ||
	    !f->entries || !f->nblocks) {
		loop_forest_free(f);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

void loop_forest_free(struct loop_forest *f)
{
	ssa_free_all(f->block_loop, f->entry_top, f->header, f->parent, f->last, f->depth,
		     f->entries, f->nblocks);
	memset(f, 0, sizeof(*f));
}

void loops_summarize(const struct loop_forest *f, struct loops_summary *s)
{
	memset(s, 0, sizeof(*s));
	s->loops = f->nloops;
	for (uint32_t l = 0; l < f->nloops; l++) {
		if (f->depth[l] > s->max_depth)
			s->max_depth = f->depth[l];
		s->irreducible += f->entries[l] > 1;
	}
	for (uint32_t b = 0; b < f->n; b++)
		s->blocks_in_loops += f->block_loop[b] != SSA_NONE;
}

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

uint64_t loops_graph_summary_bytes(uint64_t n, uint64_t m)
{
	return ssa_sat_add(loop_forest_bytes(n), loops_algos[0]->scratch_bytes(n, m));
}

int loops_graph_summary(const struct cfg *g, struct loops_summary *s)
{
	struct loop_forest f;
	int rc = loop_forest_alloc(&f, g->n);
	if (rc != SSA_OK)
		return rc;
	rc = loops_compute(loops_algos[0], g, &f, NULL);
	if (rc == SSA_OK)
		loops_summarize(&f, s);
	loop_forest_free(&f);
	return rc;
}
