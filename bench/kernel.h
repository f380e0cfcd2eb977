/* What a stage gives the bench driver. Each stage has one file, bench/stage_<stage>.c, that
 * wraps the stage's algorithm table (algos/<stage>/) into kernels and exports one
 * struct bench_stage; bench/registry.c lists the stages. The driver does the rest: input,
 * memory refusal, warm-up and timed reps, statistics, checking, dumps and reports.
 *
 * Life of a kernel in one bench run:
 *   mem_estimate(in)          bytes it will allocate (scratch, outputs and untimed upstream
 *                             results); the driver refuses the run above --mem-limit
 *   setup(in, &state)         untimed: compute upstream stages, allocate scratch once
 *   run(state, counters) x R  timed; the first --warmup reps are not counted
 *   check(state, ...)         after the reps, unless --no-check
 *   dump(state, kind, out)    if --dump=KIND
 *   teardown(state)
 */
#ifndef SSALAB_BENCH_KERNEL_H
#define SSALAB_BENCH_KERNEL_H

#include "cfg/prog.h"

#include <stdint.h>
#include <stdio.h>

#define BENCH_MAX_COUNTERS 6

/* A check's answer when it had nothing to compare against (distinct from every ssa_status). */
#define BENCH_CHECK_NONE 100

struct bench_input {
	const struct prog *prog;   /* the CFG is prog->cfg; nvars may be 0 */
	const char *family;        /* generator family, or NULL when read from a file */
	const char *path;          /* input file, or NULL when generated */
	uint64_t seed;
	/* Stage options given on the command line (declared in each stage's options table),
	 * looked up with bench_opt(). */
	const struct bench_optset *opts;
};

/* The value given for --NAME (NULL if not given; "" for a flag without a value). */
const char *bench_opt(const struct bench_input *in, const char *name);

struct bench_kernel {
	const char *name;
	const char *summary;
	const char *counter_names[BENCH_MAX_COUNTERS]; /* unused slots NULL */
	uint64_t (*mem_estimate)(const struct bench_input *in);
	/* On failure returns a status and writes the reason to err. */
	int (*setup)(const struct bench_input *in, void **state, char *err, size_t errlen);
	int (*run)(void *state, uint64_t *counters);
	/* SSA_OK or SSA_EVERIFY; msg says what was compared and, on failure, the first
	 * difference ("oracle: ok", "vs snca + verifier: block 17 idom 3, expected 5").
	 * BENCH_CHECK_NONE when nothing could be compared (msg says why): the report then says
	 * "unchecked", never "ok". */
	int (*check)(void *state, char *msg, size_t msglen);
	/* SSA_EUSAGE when this kernel has no dump of that kind (see README: idom, df, phi, ssa). */
	int (*dump)(void *state, const char *kind, FILE *out);
	void (*teardown)(void *state);
};

struct bench_option {
	const char *name; /* without the leading dashes */
	const char *help;
};

struct bench_stage {
	const char *name;  /* "floor", "dom", "df", "phi", "rename" */
	const char *title; /* one line for --algo=list */
	const struct bench_kernel *kernels;
	size_t nkernels;
	const struct bench_option *options; /* stage-specific options, NULL-name terminated */
};

extern const struct bench_stage *const bench_stages[];
extern const size_t bench_nstages;

#endif
