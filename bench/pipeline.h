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
/* The stage options the pipeline reads. */
extern const struct bench_option bench_pipeline_options[];

#endif
