/* The run module (run.c): a workload of the plan on one input, and the kernels' life cycle of
 * kernel.h (memory refusal, setup, prepare, warm-up and calibration, samples, check, dump,
 * teardown) with one report row per kernel. */
#ifndef SSALAB_BENCH_RUN_H
#define SSALAB_BENCH_RUN_H

#include "bench/cli.h"
#include "bench/kernel.h"
#include "bench/report.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A kernel chosen for the run; by_group: chosen by all / all:STAGE (a refusal is reported, not
 * an error). */
struct bench_selected {
	struct bench_kernel k;
	bool by_group;
};

struct bench_plan;
struct bench_unit;
/* The workloads of plan p on input u: on a graph, the kernels or the pipeline once; on a module
 * of LLVM IR, those over its chosen functions one by one (the pipeline only on those with
 * variables, placement kernels not on those without), then llvm-mem2reg over the module. code
 * is the exit code so far (a usage error stops a module's workloads); returns it updated. */
int bench_run_unit(const struct bench_cli *cli, const struct bench_plan *p, struct bench_unit *u,
		   struct bench_report *rep, FILE *dump_f, int code);

#endif
