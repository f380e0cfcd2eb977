/* bench --pipeline (pipeline.c): SSA construction end to end, one algorithm per stage. */
#ifndef SSALAB_BENCH_PIPELINE_H
#define SSALAB_BENCH_PIPELINE_H

#include "bench/cli.h"
#include "bench/kernel.h"
#include "bench/report.h"

#include <stdio.h>

/* Runs the pipeline on in, writes its rows to r, and returns the exit code. */
int bench_pipeline_run(const struct bench_cli *cli, const struct bench_input *in,
		       struct bench_report *r, FILE *dump_f);
/* The best pipeline, the one definition that --pipeline (with no value, or =default), --algo=all
 * on LLVM IR and the docs use: auto, the default φ placement (phi_default_algo(), measured in
 * results/placement/), and rename-stack, which beat rename-rd and rename-cfgdfs after it
 * (results/pipeline/README.md). */
const char *bench_default_pipeline(void);
/* The stage options the pipeline reads. */
extern const struct bench_option bench_pipeline_options[];

#endif
