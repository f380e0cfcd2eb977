/* Facts about one input that the stages' memory estimates need and that only upstream results
 * give: Σ|DF| over the default dominator tree, each placement algorithm's scratch for that tree,
 * and the φs (and their operands) of a flavour by the default placement. Without them an
 * estimate could only bound the outputs by V x joins φs or --df-limit entries, 10 to 1000 times
 * what structured programs place. bench_facts computes them by the code the setups run (auto's
 * tree, df_count_total, phi_place_count), once per input and flavour (prog_fingerprint keys the
 * cache), when what that allocates (phi_count_bytes) fits in 3/4 of MemAvailable; else
 * it returns NULL and the estimate falls back to its proven bound. The cache holds numbers only:
 * nothing it computed stays allocated. */
#ifndef SSALAB_BENCH_FACTS_H
#define SSALAB_BENCH_FACTS_H

#include "bench/kernel.h"
#include "phi/phi.h"

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

/* The facts of in (flavor: enum phi_flavor, or -1 for the tree's facts alone), or NULL when
 * computing them would not fit or failed. The result stays valid until the next call. */
const struct bench_facts *bench_facts(const struct bench_input *in, int flavor);

/* The φs, their operands and Σ|DF| an estimate reads for in: bench_facts(in, flavor)'s, which
 * it returns, else (NULL) the proven bounds phi_count_bounds(in->prog, df_limit, c). */
const struct bench_facts *bench_facts_counts(const struct bench_input *in, int flavor,
					     uint64_t df_limit, struct phi_counts *c);

/* Placement a's scratch for in: over the default tree when f has it, else bounded without it. */
uint64_t bench_facts_phi_scratch(const struct bench_facts *f, const struct phi_algo *a,
				 const struct bench_input *in);

/* live_join_pairs of in (algos/phi), cached; false when it would not fit or cannot run. */
bool bench_facts_live_joins(const struct bench_input *in, uint64_t *nphi, uint64_t *nargs);

/* Whether in's CFG is reducible (cfg_is_reducible, cached as the facts are): 1 or 0, -1 when
 * that cannot run. */
int bench_facts_reducible(const struct bench_input *in);

#endif
