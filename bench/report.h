/* The report (report.c): one row per kernel run, written as text, CSV or JSON, the closing
 * table, and the summaries over several files or the functions of LLVM IR modules. */
#ifndef SSALAB_BENCH_REPORT_H
#define SSALAB_BENCH_REPORT_H

#include "bench/cli.h"
#include "bench/graphstats.h"
#include "bench/memstat.h"
#include "bench/ratio.h"
#include "bench/sysinfo.h"
#include "bench/timing.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One kernel's outcome: a report row. */
enum bench_run_status { BENCH_RUN_OK, BENCH_RUN_REFUSED, BENCH_RUN_FAILED };

struct bench_result {
	const char *algo;
	const char *stage;
	enum bench_run_status status;
	char status_msg[512];   /* refusal or failure reason */
	uint64_t mem_estimate;
	struct bench_timing timing;
	unsigned ncounters;
	const char *counter_names[BENCH_MAX_COUNTERS];
	uint64_t counters[BENCH_MAX_COUNTERS];
	struct bench_mem mem;
	const char *check;      /* "ok", "FAIL", "error", "unchecked", "skipped", "n/a" */
	char check_msg[256];
	/* The median over the dfs floor's on the same input, paired sample by sample (x_dfs), and
	 * the same over the --baseline kernel's (x_base; base NULL when there is none). */
	struct bench_ratio x_dfs;
	struct bench_ratio x_base;
	const char *base;
	bool interleaved;       /* its samples alternated with the other kernels' */
};

/* The report sink. Rows are written as they come (text) or at the end (JSON needs the whole
 * array; CSV rows are written as they come after the header). */
struct bench_report {
	FILE *f;
	enum bench_format format;
	const struct bench_cli *cli;
	const struct bench_sysinfo *sys;
	const struct bench_graph_stats *gs;
	const char *family;   /* or NULL for --in */
	const char *input;    /* path or NULL */
	const char *gen_note; /* generator's note or "" */
	uint64_t seed;
	uint32_t vars;
	/* LLVM IR input (bench/input_llvm.c): the rows are per function. function names the
	 * current function (CSV column "function", JSON run field), gs and input the current
	 * function's graph and module; text rows and notes from the pipeline are not printed
	 * (module is true), the module summary is. */
	bool module;
	bool mute_notes;
	const char *function;
	/* The current file input's format (cfg, prog, ssab, dot, edges), NULL when generated;
	 * LLVM IR rows are llvm-ir or llvm-bc by the module's name. */
	const char *input_format;
	/* Several file inputs: begin writes the header only, each file is opened by
	 * bench_report_input and closed by bench_report_input_end, rows name their file, and end
	 * writes the summary over the files. */
	bool files;
	/* --quiet with --dump: the report is not the requested output, nothing is written. */
	bool quiet;
	bool begun; /* bench_report_begin was called */
	/* What the report holds until its end (report.c): the rows for the closing table, the
	 * JSON runs and the summaries, the files of several, and the notes JSON collects. */
	struct bench_kept *kept;
	size_t nkept, capkept;
	struct bench_file_rec *ins;
	size_t nins, capins;
	char **notes;
	size_t nnotes, capnotes;
};
void bench_report_begin(struct bench_report *r);
void bench_report_row(struct bench_report *r, const struct bench_result *res);
/* Several files: the current file (r->input, r->gs, r->vars, r->input_format) starts (its
 * description and graph lines in text) and ends (its comparison table in text). */
void bench_report_input(struct bench_report *r);
void bench_report_input_end(struct bench_report *r);
/* A free-form extra section for text (ignored by CSV, a "extra" string array in JSON):
 * the pipeline's per-stage table and total use it. */
void bench_report_note(struct bench_report *r, const char *line);
void bench_report_end(struct bench_report *r);
/* LLVM IR input: the number of rows kept so far, and the per-kernel totals over the rows kept
 * since first_row (one module), as notes: time summed over the functions (sum of medians, of
 * minima and of maxima: the spread), CPU time, iterations per sample, checks, the slowest
 * function. */
size_t bench_report_nrows(const struct bench_report *r);
/* Row i of those kept (i < bench_report_nrows(r)) and its function (NULL when none). */
const struct bench_result *bench_report_row_at(const struct bench_report *r, size_t i,
					       const char **function);
void bench_report_module_kernels(struct bench_report *r, size_t first_row);
/* LLVM IR input, CSV: the same per kernel over every module's rows, as summary rows with an
 * empty function and the --in path as input (after the modules' own summary rows). */
void bench_report_run_kernels(struct bench_report *r);

#endif
