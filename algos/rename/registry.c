/* The renamers' table, and the helpers every renamer shares. Adding a renamer is a file and a
 * line here; bench and the tests iterate the table, so it is cross-checked for free. */
#include "rename/rename.h"

#include "util/status.h"

#include <string.h>

extern const struct rename_algo rename_stack_algo;
extern const struct rename_algo rename_rd_algo;
extern const struct rename_algo rename_cfgdfs_algo;

const struct rename_algo *const rename_algos[] = {
	&rename_stack_algo,
	&rename_rd_algo,
	&rename_cfgdfs_algo,
};
const size_t rename_nalgos = sizeof(rename_algos) / sizeof(rename_algos[0]);

static const struct maximal_algo maximal_none = {
	"phi-maximal", "a phi per variable at every join, renamed by rename-stack, no pruning",
	false, false};
static const struct maximal_algo maximal_ah = {
	"phi-maximal-ah", "phi-maximal + Aycock-Horspool redundant-phi removal to a fixpoint", true,
	false};
static const struct maximal_algo maximal_pruned = {
	"phi-maximal-pruned", "phi-maximal-ah + dead-phi elimination (pruned SSA)", true, true};

const struct maximal_algo *const maximal_algos[] = {&maximal_none, &maximal_ah, &maximal_pruned};
const size_t maximal_nalgos = sizeof(maximal_algos) / sizeof(maximal_algos[0]);

const struct rename_algo *rename_find(const char *name)
{
	for (size_t i = 0; i < rename_nalgos; i++)
		if (strcmp(rename_algos[i]->name, name) == 0)
			return rename_algos[i];
	return NULL;
}

int rename_compute(const struct rename_algo *a, const struct prog *p, const struct domtree *t,
		   struct ssa_form *s, uint64_t *counters)
{
	void *scratch = NULL;
	uint64_t local[RENAME_MAX_COUNTERS];
	int rc = a->scratch_alloc(&scratch, p, s);
	if (rc != SSA_OK)
		return rc;
	rc = a->run(scratch, p, t, s, counters ? counters : local);
	a->scratch_free(scratch);
	return rc;
}

/* Uses and out-edge operands of a block no path from the entry reaches: undefined. */
void ssa_fill_unreached(const struct prog *p, const struct domtree *t, struct ssa_form *f,
			   const uint32_t *edge_slot)
{
	const struct cfg *g = &p->cfg;
	for (uint32_t b = 0; b < g->n; b++) {
		if (t->tin[b] != SSA_NONE)
			continue;
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
			f->opval[i] = prog_op_is_def(p->ops[i]) ? i : SSA_UNDEF;
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
			uint32_t y = g->succ[e];
			for (uint32_t q = f->phi_off[y]; q < f->phi_off[y + 1]; q++)
				f->arg[f->arg_off[q] + edge_slot[e]] = SSA_UNDEF;
		}
	}
}
