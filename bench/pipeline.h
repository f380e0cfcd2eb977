/* bench --pipeline=DOM[,DF],PHI[,RENAME]: SSA construction end to end, one algorithm per stage.
 *
 * The stages, in this order:
 *   DOM     any dominator algorithm (dom_algos[]); the tree is built in the same stage
 *   DF      any frontier algorithm, required exactly when PHI needs frontiers (phi-idf)
 *   PHI     phi-idf, phi-dj (with --flavor), or phi-maximal (--maximal=joins|every)
 *   RENAME  any renamer (rename_algos[]); optional after phi-maximal (rename-stack)
 *   prune   added after phi-maximal: Aycock-Horspool's rule, and for --flavor=pruned dead-φ
 *           elimination too
 * Scratch is allocated once before the timed reps; outputs (tree, frontiers, φ sets, the SSA
 * form) are built in every rep, as a compiler would. The report has one row per stage (median
 * of the reps), a per-stage table (time, share of the total, ns per block, memory of the
 * stage's data, multiple of the dfs floor timed the same way), the total, and the check
 * outcome (SSA verifier, equivalence interpreter and, after placement, a second renamer).
 * The whole pipeline's memory is estimated first and refused above the limit.
 *
 * The entry point, bench_pipeline_run, is declared in bench/driver.h; main.c calls it. */
#ifndef SSALAB_BENCH_PIPELINE_H
#define SSALAB_BENCH_PIPELINE_H

#include "bench/driver.h"

/* Parsed form of a --pipeline value (exposed for tests). */
struct bench_pipeline_spec {
	const char *dom, *df, *phi, *rename; /* names; df and rename may be NULL */
	bool maximal;
	char buf[256]; /* the names point into this copy of the text */
};

/* SSA_OK, or SSA_EUSAGE with the reason in err. */
int bench_pipeline_parse(const char *text, struct bench_pipeline_spec *spec, char *err,
			 size_t errlen);

#endif
