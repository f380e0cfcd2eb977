/* Stage 1: immediate dominators. Every algorithm has the same entry point and one line in
 * dom_algos[] (algos/dom/registry.c); bench and the tests iterate that table, so a new
 * algorithm is cross-checked by adding a file and a line.
 *
 * Contract of run(): for the CFG g with entry 0, fills idom[b] for every block b; idom of the
 * entry and of blocks unreachable from it is SSA_NONE. counters[] are zeroed and then filled
 * with the algorithm's own work counts, named by counter_names. Scratch memory is allocated
 * once by scratch_alloc for graphs up to (n, m) and reused across runs. */
#ifndef SSALAB_DOM_H
#define SSALAB_DOM_H

#include "util/algo.h"
#include "cfg/cfg.h"

#include <stddef.h>

#define DOM_MAX_COUNTERS 8

struct domtree;

struct dom_algo {
	struct algo_head head; /* name, summary, citation, complexity, counter names */
	uint64_t (*scratch_bytes)(uint64_t n, uint64_t m);
	int (*scratch_alloc)(void **scratch, uint32_t n, uint32_t m);
	void (*scratch_free)(void *scratch);
	int (*run)(void *scratch, const struct cfg *g, uint32_t *idom, uint64_t *counters);
	/* Optional, NULL for ssalab's own algorithms. A peer library (LLVM, Boost) works on its own
	 * graph type: prepare converts g into it once per input, after scratch_alloc and before the
	 * timed runs. Drivers time it separately, never inside run(). */
	int (*prepare)(void *scratch, const struct cfg *g);
	/* Optional (NULL: none). After a successful run() that wrote t->idom, fills the rest of t
	 * (storage from domtree_alloc or domtree_alloc_lean for g->n) from the run's own numbering
	 * (domtree_compute_numbered), reusing the scratch. SSA_EUSAGE, t untouched, when that run
	 * kept no numbering: the caller then calls domtree_compute. */
	int (*tree)(void *scratch, const struct cfg *g, struct domtree *t);
};

/* What a run of a allocates at its peak on a graph of n blocks and m edges: a's scratch and the
 * n-word idom array; with reverse, on the reverse CFG (n + 1 blocks, at most m + n edges) that is
 * kept beside them, or what building it takes (dom_reverse_bytes) when that is more. An upper
 * bound; tests/test_bench_memory.c holds bench's dom stage within 1.3x of jemalloc's peak. */
uint64_t dom_stage_bytes(const struct dom_algo *a, uint64_t n, uint64_t m, bool reverse);

extern const struct dom_algo *const dom_algos[];
extern const size_t dom_nalgos;

/* Allocates scratch, runs once, frees: for callers that need one answer, not a benchmark. */
int dom_compute(const struct dom_algo *a, const struct cfg *g, uint32_t *idom, uint64_t *counters);

/* The dominator tree of g from its entry by the project's default algorithm, auto (Semi-NCA
 * that falls back to Lengauer-Tarjan, so never quadratic). Every stage, adapter and test that
 * needs "the" tree of a CFG uses this; callers that already hold a tree pass it on instead.
 * t is allocated here (domtree_free); on failure it is left empty. */
int dom_tree_default(const struct cfg *g, struct domtree *t);
/* What dom_tree_default allocates at its peak: idom, and the larger of auto's scratch (freed
 * first) and the tree. What it leaves allocated is domtree_bytes(n). */
uint64_t dom_tree_default_bytes(uint64_t n, uint64_t m);

#endif
