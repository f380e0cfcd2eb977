/* Whole SSA construction: program in, SSA form out, in one algorithm that does not go through
 * the dominator / frontier / placement / renaming stages. Every such algorithm has one file and
 * one line in construct_algos[] (algos/construct/registry.c).
 *
 * Contract of run(): builds the SSA form of p into out (allocated by run; free it with
 * ssa_form_free), in the layout of ssa.h: the same form the pipelines produce, so ssa_verify,
 * ssa_interp_check and ssa_form_equal apply unchanged. counters[] are zeroed and then filled.
 * Scratch is allocated once per program shape and reused across runs; arrays whose size depends
 * on how many φs the run creates grow geometrically inside it and keep their capacity for the
 * next run. */
#ifndef SSALAB_CONSTRUCT_H
#define SSALAB_CONSTRUCT_H

#include "util/algo.h"
#include "ssa/ssa.h"

#define CONSTRUCT_MAX_COUNTERS 7

struct construct_algo {
	struct algo_head head; /* name, summary, citation, complexity, counter names */
	/* Scratch bytes sized up front for a program of n blocks, m edges, nvars variables and
	 * nops ops (the parts that grow with the φs created: grow_bytes). */
	uint64_t (*scratch_bytes)(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops);
	int (*scratch_alloc)(void **scratch, const struct prog *p);
	void (*scratch_free)(void *scratch);
	int (*run)(void *scratch, const struct prog *p, struct ssa_form *out, uint64_t *counters);
	/* What the arrays a run grows take when it creates `created` φs with `args` operands in
	 * all, at their last capacities (kept for the next run); *step gets what one growth step
	 * adds on top at most (the old copy of the array being grown). The output form is apart. */
	uint64_t (*grow_bytes)(uint64_t created, uint64_t args, uint64_t *step);
};

/* What a's scratch, its growth and its output allocate at their peak for p (saturating): the
 * scratch and grown arrays throughout, the output's opval from the start (so during every
 * growth step), the rest of the form with the variable counts at the end. created, args: the φs
 * (and operands) the construction may create (live_join_pairs, or V x joins); kept, kargs: those
 * of the form it returns. An upper bound; tests/test_bench_memory.c holds bench's construct
 * stage within 1.3x of jemalloc's peak. */
uint64_t construct_stage_bytes(const struct construct_algo *a, const struct prog *p,
			       uint64_t created, uint64_t args, uint64_t kept, uint64_t kargs);

extern const struct construct_algo *const construct_algos[];
extern const size_t construct_nalgos;

/* Allocates scratch, runs once, frees. */
int construct_compute(const struct construct_algo *a, const struct prog *p, struct ssa_form *out,
		      uint64_t *counters);

#endif
