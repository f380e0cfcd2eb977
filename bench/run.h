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

/* Every kernel of sel on in, one row each to rep, with x_dfs paired with the dfs floor's
 * samples when dfs ran. With several kernels and samples, their samples interleave round-robin
 * (each kernel's setup, warm-up and calibration first, all their scratch alive together) when
 * their memory estimates fit the limit together; else they run one after another, a note says
 * why, and each row is written as its kernel ends (only rows after dfs's get x_dfs). The
 * deadline (--time-limit) is armed here, unfinished naming the --out file to remove. Messages
 * name in->function when it is set. Returns the exit code. */
int bench_run_kernels(const struct bench_cli *cli, const struct bench_input *in,
		      const struct bench_selected *sel, size_t n, struct bench_report *rep,
		      FILE *dump_f, const char *unfinished);

struct bench_plan;
struct bench_unit;
/* Workload p->work[w] on input u (plan.h): on a graph, the kernels or the pipeline once; on a
 * module of LLVM IR, over its chosen functions one by one (the pipeline only on those with
 * variables, placement kernels not on those without), or llvm-mem2reg over the module. code
 * is the exit code so far (a usage error stops a module's functions); returns it updated. */
int bench_run_workload(const struct bench_cli *cli, const struct bench_plan *p, unsigned w,
		       struct bench_unit *u, struct bench_report *rep, FILE *dump_f,
		       const char *unfinished, int code);

#endif
