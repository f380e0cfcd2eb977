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
#include "cfg/prog.h"

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

/* The input the rows that follow are about, set by the input iterator (bench/input.c) and, on
 * LLVM IR, for each function in turn; every row keeps a copy. */
struct bench_where {
	const char *path;     /* the input file or module, NULL when generated */
	const char *format;   /* a file's format (cfg, prog, ssab, dot, edges, stdin, llvm-ir,
			       * llvm-bc), NULL when generated */
	const char *function; /* LLVM IR: the function, else NULL */
	const char *family;   /* generated: the family and the generator's note, else NULL */
	const char *note;
	uint64_t seed;
	uint32_t vars;
	struct bench_graph_stats gs;
};

/* The report sink. Rows are written as they come (text, CSV after its header) or at the end
 * (JSON needs the whole array). */
struct bench_report {
	FILE *f;
	enum bench_format format;
	const struct bench_cli *cli;
	const struct bench_sysinfo *sys;
	struct bench_where at;
	/* LLVM IR input (bench/input_llvm.c): the rows are per function (at.function); text rows
	 * are not printed, the module's summary is, and mute_notes drops the pipeline's notes. */
	bool module;
	bool mute_notes;
	/* Several file inputs: begin writes the header only, each file's lines come with
	 * bench_report_input, and end writes the summary over the files. */
	bool files;
	/* --quiet with --dump: the report is not the requested output, nothing is written. */
	bool quiet;
	bool begun; /* bench_report_begin was called */
	/* What the report holds until its end (report.c): the rows for the tables, the JSON runs
	 * and the summaries, first the first row of the current input or module section, the
	 * files of several, and the notes JSON collects. */
	struct bench_kept *kept;
	size_t nkept, capkept, first;
	struct bench_where *ins;
	size_t nins, capins;
	char **notes;
	size_t nnotes, capnotes;
};
/* The header lines (and CSV's header row). */
void bench_report_begin(struct bench_report *r);
void bench_report_row(struct bench_report *r, const struct bench_result *res);
/* The input r->at starts: its description and graph lines in text, a new section of rows, and
 * with several files its record for the summary. Ends with its comparison table in text. */
void bench_report_input(struct bench_report *r);
void bench_report_input_end(struct bench_report *r);
/* A free-form line for text (ignored by CSV, the "notes" string array in JSON): the pipeline's
 * per-stage table and total, a module's lines. */
void bench_report_note(struct bench_report *r, const char *line);
/* The summary over several files or the JSON document, then frees what the report holds. */
void bench_report_end(struct bench_report *r);
/* LLVM IR input: the rows that follow are about function name of the current module, program
 * p; its graph statistics are computed here (SSA_ENOMEM when they cannot be). */
int bench_report_function(struct bench_report *r, const char *name, const struct prog *p);
/* Row i of those kept (i < r->nkept) and its function (NULL when none). */
const struct bench_result *bench_report_row_at(const struct bench_report *r, size_t i,
					       const char **function);
/* LLVM IR input: the per-kernel totals over the rows of the current section (r->first on: one
 * module, or one workload of it) as notes and, in text, a table: time summed over the functions
 * (sum of medians, of minima and of maxima: the spread), CPU time, iterations per sample,
 * checks, the slowest function, the ratios of sums. A new section starts after them. */
void bench_report_module_kernels(struct bench_report *r);
/* LLVM IR input, CSV: the same per kernel over every module's rows, as summary rows with an
 * empty function and the --in path as input (after the modules' own summary rows). */
void bench_report_run_kernels(struct bench_report *r);

#endif
