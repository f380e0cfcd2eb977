/* The tables of the renaming folder: rename_algos[] (a file and a line per renamer) and
 * maximal_algos[] (the maximal constructions, bench stage maximal). bench and the tests iterate
 * them, so a new entry is cross-checked for free. */
#include "rename/rename.h"

#include "util/status.h"

_Static_assert(RENAME_MAX_COUNTERS <= ALGO_MAX_COUNTERS, "a counter name would not fit the head");

extern const struct rename_algo rename_stack_algo;
extern const struct rename_algo rename_rd_algo;
extern const struct rename_algo rename_cfgdfs_algo;

const struct rename_algo *const rename_algos[] = {
	&rename_stack_algo,
	&rename_rd_algo,
	&rename_cfgdfs_algo,
};
const size_t rename_nalgos = sizeof rename_algos / sizeof rename_algos[0];

/* The maximal constructions share phi_maximal (maximal.c); an entry says which pruning rules
 * follow the renaming. */
#define MAXIMAL_CITATION "renamed as in Cytron, Ferrante, Rosen, Wegman, Zadeck, TOPLAS 1991"
#define MAXIMAL_COUNTERS {"placed", "removed-redundant", "removed-dead", "kept", "rechecks", "bytes"}
static const struct maximal_algo maximal_none = {
	.head = {.name = "phi-maximal",
		 .summary = "a phi per variable at every join, renamed by rename-stack, no pruning",
		 .citation = MAXIMAL_CITATION,
		 .complexity = "O(V (n + m)) time, V x joins phis and V x sum(indeg) operands",
		 .counter_names = MAXIMAL_COUNTERS},
	.prune_redundant = false,
	.prune_dead = false,
};
static const struct maximal_algo maximal_ah = {
	.head = {.name = "phi-maximal-ah",
		 .summary = "phi-maximal + Aycock-Horspool redundant-phi removal to a fixpoint",
		 .citation = "Aycock, Horspool, CC 2000 (redundant phis); " MAXIMAL_CITATION,
		 .complexity = "O(V (n + m)) time plus the re-checks, memory as phi-maximal",
		 .counter_names = MAXIMAL_COUNTERS},
	.prune_redundant = true,
	.prune_dead = false,
};
static const struct maximal_algo maximal_pruned = {
	.head = {.name = "phi-maximal-pruned",
		 .summary = "phi-maximal-ah + dead-phi elimination (pruned SSA)",
		 .citation = "Aycock, Horspool, CC 2000 (redundant phis); dead phis as in pruned SSA, "
			     "Choi, Cytron, Ferrante, POPL 1991",
		 .complexity = "O(V (n + m)) time plus the re-checks, memory as phi-maximal",
		 .counter_names = MAXIMAL_COUNTERS},
	.prune_redundant = true,
	.prune_dead = true,
};

const struct maximal_algo *const maximal_algos[] = {&maximal_none, &maximal_ah, &maximal_pruned};
const size_t maximal_nalgos = sizeof maximal_algos / sizeof maximal_algos[0];

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
