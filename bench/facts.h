/* Facts about one input that the stages' memory estimates need and that only upstream results
 * give: Σ|DF| over the default dominator tree, each placement algorithm's scratch for that tree,
 * and the φs (and their operands) of a flavour by the default placement. Without them an
 * estimate could only bound the outputs by V x joins φs or --df-limit entries, 10 to 1000 times
 * what structured programs place. bench_facts computes them by the code the setups run (auto's
 * tree, df_count, phi_compute), once per input and flavour (a fingerprint of the program keys
 * the cache), when what that allocates (bench_facts_bytes) fits in 3/4 of MemAvailable; else
 * it returns NULL and the estimate falls back to its proven bound. The cache holds numbers only:
 * nothing it computed stays allocated. */
#ifndef SSALAB_BENCH_FACTS_H
#define SSALAB_BENCH_FACTS_H

#include "bench/kernel.h"

#include <stdbool.h>
#include <stdint.h>

#define BENCH_FACTS_MAX_PHI 8u

struct bench_facts {
	uint64_t df_limit; /* what df_total was counted against */
	uint64_t df_total; /* Σ|DF| when at most df_limit, else df_limit + 1 */
	/* phi_scratch_bytes(phi_algos[i], the input with the tree), i < phi_nalgos */
	uint64_t phi_scratch[BENCH_FACTS_MAX_PHI];
	bool have_phi;     /* asked with a flavour on a program with variables */
	int flavor;
	uint64_t nphi;     /* the flavour's φs */
	uint64_t nargs;    /* their operands: the in-degrees of their blocks, summed */
};

/* A hash of every word of p's CFG and operations: two inputs with the same value have the
 * same facts (the cache's key, also for facts kept by a stage). */
uint64_t bench_input_fingerprint(const struct prog *p);

/* The facts of in (flavor: enum phi_flavor, or -1 for the tree's facts alone), or NULL when
 * computing them would not fit or failed. The result stays valid until the next call. */
const struct bench_facts *bench_facts(const struct bench_input *in, int flavor);

/* The (join, variable) pairs where the variable is live-in, and the joins' in-degrees summed
 * over them: the φs and operands an on-the-fly construction (Braun et al.) can create, as its
 * look-ups reach a join only from a use through blocks that do not define the variable. From
 * per-variable liveness walks (live_walk_var), cached; false when that cannot run. */
bool bench_facts_live_joins(const struct bench_input *in, uint64_t *nphi, uint64_t *nargs);

/* Whether in's CFG is reducible (cfg_is_reducible, cached as the facts are): 1 or 0, -1 when
 * that cannot run. */
int bench_facts_reducible(const struct bench_input *in);

/* What bench_facts allocates at its peak for in (with a flavour: bounding the φs by V x joins). */
uint64_t bench_facts_bytes(const struct bench_input *in, int flavor);

/* Blocks with a φ in maximal SSA (2+ predecessors, or the entry with any) and their in-degrees
 * summed: the proven bounds V x joins φs, V x join_edges operands. One pass, no allocation. */
void bench_joins(const struct cfg *g, uint64_t *joins, uint64_t *join_edges);

#endif
