/* The plan of a run (plan.c): the kernels --algo chooses and the workloads to run on every
 * input, decided and checked before any input is read. */
#ifndef SSALAB_BENCH_PLAN_H
#define SSALAB_BENCH_PLAN_H

#include "bench/cli.h"
#include "bench/run.h"

#include <stdbool.h>
#include <stddef.h>

/* What runs on each input (bench_run_unit). A generated graph or a file runs the kernels or the
 * pipeline; a module of LLVM IR runs each workload over its chosen functions in turn. */
struct bench_plan {
	struct bench_selected *sel; /* the chosen kernels */
	size_t nsel, cap;
	bool kernels; /* the chosen kernels run (else the pipeline, or llvm-mem2reg alone) */
	bool llvm;   /* the input is LLVM IR: one module or a directory of modules */
	bool m2r;    /* llvm-mem2reg was named in --algo: it runs over each module after them */
	/* 'all' on LLVM IR: after the kernels, ssalab's best whole pipeline on every function,
	 * then llvm-mem2reg set against it (or a note when the build has no LLVM peers) */
	bool rival;
	bool phi;    /* a placement kernel was chosen (its functions without variables are
		      * skipped, which the module notes say) */
	/* --algo without llvm-mem2reg, as messages quote it */
	char *kernels_spec;
};

/* Chooses the kernels and workloads, resolves --baseline (into cli), and refuses before any
 * work what the run could not honour: an unknown kernel, a dump kind the kernel lacks, an option
 * nothing chosen reads. BENCH_EXIT_USAGE (or another exit code) with the message in err. */
int bench_plan_make(struct bench_cli *cli, struct bench_plan *p, char *err, size_t errlen);
/* What the input then refuses: llvm-mem2reg or a function filter on input that is not LLVM IR.
 * Prints the message and returns BENCH_EXIT_USAGE, else BENCH_EXIT_OK. */
int bench_plan_check_input(const struct bench_cli *cli, const struct bench_plan *p);
void bench_plan_free(struct bench_plan *p);

/* bench --help: every option, the stages' and the pipeline's included. */
void bench_cli_usage(FILE *f);
/* --algo=list: the stages, their kernels and options, and the peers. */
void bench_plan_list(FILE *f);

#endif
