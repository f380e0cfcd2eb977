/* llvm-mem2reg as a workload (m2r.c), in a build with LLVM's peers. */
#ifndef SSALAB_BENCH_M2R_H
#define SSALAB_BENCH_M2R_H

#include "bench/cli.h"
#include "bench/input.h"
#include "bench/report.h"

#include <stddef.h>

#ifdef SSALAB_HAVE_LLVM_PEERS
/* llvm-mem2reg on the chosen functions of module u: one row per function (timed warm, its check
 * placement parity), the module's totals as a note, and with --pipeline the pipeline's rows of
 * the report's current section set against LLVM's. Returns the exit code. */
int bench_m2r_run(const struct bench_cli *cli, struct bench_report *r,
		  const struct bench_unit *u);
#endif

#endif
