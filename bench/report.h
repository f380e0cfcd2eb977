/* The report (report.c): one row per kernel run, written as text, CSV or JSON, the closing
 * table, and the summaries over several files or the functions of LLVM IR modules. */
#ifndef SSALAB_BENCH_REPORT_H
#define SSALAB_BENCH_REPORT_H

#include "bench/cli.h"
#include "bench/memstat.h"
#include "bench/ratio.h"
#include "bench/timing.h"
#include "cfg/prog.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- graphstats.c: the graph and loop lines of every input ---- */

/* Graph statistics, computed untimed. reducible is -1 when unknown. */
struct bench_graph_stats {
	uint64_t n, m;
	uint64_t reachable;
	uint64_t exits;        /* blocks with no successor */
	uint64_t max_in, max_out;
	int reducible;
	/* The loop nesting forest's summary (loops_graph_summary): have_loops is false when its
	 * memory estimate, loops_mem bytes, was above 75% of MemAvailable (or it ran out). */
	bool have_loops;
	uint64_t loops_mem;
	uint32_t loops, max_loop_depth, irreducible_loops;
};
int bench_graph_stats(const struct cfg *g, struct bench_graph_stats *s);

/* ---- sysinfo.c: facts about the machine and the build ---- */

/* bench --version, and the peers lines that end --algo=list: what the build has and what it
 * left out, and why. */
void bench_version(FILE *f);
void bench_peers_info(FILE *f);

/* Facts about the machine and build recorded in CSV/JSON. */
struct bench_sysinfo {
	char cpu[128];
	unsigned cores;      /* online logical CPUs */
	char topology[256];  /* hwloc summary, or "n/a (...)" */
	char pinned[64];     /* "no" or "core K (PU P)" */
	char date[32];       /* UTC, ISO 8601 */
	char host[64];
	char cmdline[2048];
	char malloc_conf[128]; /* $MALLOC_CONF (e.g. thp:always), "" when unset */
};
void bench_sysinfo_collect(struct bench_sysinfo *s, int argc, char **argv);
/* Binds the process to one core (core < 0: the one it runs on). SSA_EUSAGE with a reason when
 * hwloc was not available at build time or the core does not exist. */
int bench_pin(struct bench_sysinfo *s, int core, char *err, size_t errlen);

/* ---- report.c ---- */

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
