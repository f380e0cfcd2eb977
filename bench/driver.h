/* The bench driver's machinery, shared by main.c and pipeline.c: command-line options, graph
 * statistics, calibrated timing with statistics, memory snapshots, machine facts, and the report
 * writers (text, CSV, JSON).
 *
 * A run is: parse options (bench_cli_parse) -> choose the kernels and check every option is
 * read by one of them -> build or load the input (untimed) -> for each kernel, refuse it if its
 * estimate exceeds the memory limit, else setup, prepare, time the samples (bench_time_reps),
 * check, dump, teardown -> one report row per kernel (bench_report_row). */
#ifndef SSALAB_BENCH_DRIVER_H
#define SSALAB_BENCH_DRIVER_H

#include "bench/kernel.h"
#include "gen/gen.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Exit codes of the bench command (README: "Exit codes"). */
enum bench_exit {
	BENCH_EXIT_OK = 0,
	BENCH_EXIT_INPUT = 1,   /* unreadable or malformed input, I/O error, setup failure */
	BENCH_EXIT_USAGE = 2,   /* bad command line */
	BENCH_EXIT_VERIFY = 3,  /* a --check failed */
	BENCH_EXIT_REFUSED = 4, /* a kernel's memory estimate exceeds --mem-limit */
	BENCH_EXIT_TIMEOUT = 5, /* a kernel (or the pipeline) exceeded --time-limit */
};

/* --in may be repeated this many times (a directory holds any number of files). */
#define BENCH_MAX_IN 256u

enum bench_format { BENCH_FMT_TEXT, BENCH_FMT_CSV, BENCH_FMT_JSON };

/* How kernels are timed: --reps samples after --warmup runs, each sample holding as many runs
 * as make it last at least --min-time seconds. */
struct bench_timing_opts {
	unsigned reps, warmup;
	double min_time_s;
};

/* --function, --function-regex, --min-blocks, --max-blocks: which functions of an LLVM IR input
 * run (bench/input_llvm.c). given names the first of them on the command line, NULL if none. */
struct bench_func_select {
	const char *given;
	const char *name;
	const char *regex;
	uint64_t min_blocks, max_blocks; /* default 0, UINT32_MAX */
};

struct bench_cli {
	const char *algo;       /* --algo value (NULL if absent) */
	/* --baseline: the kernel every row's x_base is paired with; dfs when it is in the list
	 * and --baseline is not given; NULL when there is none. base_stage is its stage. */
	const char *baseline, *base_stage;
	bool m2r;               /* --algo named llvm-mem2reg (bench/input_llvm.c; removed from algo) */
	bool m2r_all;           /* ... by 'all' on LLVM IR: with ssalab's best pipeline beside it */
	const char *pipeline;   /* --pipeline value, NULL if absent */
	const char *in;         /* --in FILE: the first one given */
	const char *ins[BENCH_MAX_IN]; /* every --in, in order (nin of them) */
	unsigned nin;
	bool quiet;             /* --quiet: no report where it is not the requested output */
	bool keep_going;        /* --keep-going: skip an unreadable input of several, run the rest */
	struct bench_func_select fsel;
	struct gen_options gen; /* generator options (gen/options.c), defaults of bench */
	struct bench_timing_opts timing;
	int pin;                /* -1 no pinning, -2 the current core, else a logical core index */
	enum bench_format format;
	const char *out;        /* --out FILE, NULL for stdout */
	uint64_t mem_limit;     /* bytes; 0 = the default share of MemAvailable */
	bool mem_limit_none;    /* --mem-limit=none */
	double time_limit_s;    /* --time-limit=SECONDS per kernel, 0 = none */
	bool check;             /* default true */
	const char *dump;       /* --dump=KIND */
	bool help;
	struct bench_stage_opts opts; /* typed stage options */
	/* Stage options given, by name, to check that a selected stage reads each. */
	const char *opts_given[16];
	unsigned nopts_given;
	int argc;
	char **argv;
};

/* --time-limit: arms a timer that, when it fires, prints why on stderr, removes tmp_path
 * (the unfinished --out file, may be NULL) and exits with BENCH_EXIT_TIMEOUT. No-op for
 * seconds <= 0. */
void bench_deadline_arm(double seconds, const char *what, const char *tmp_path);
void bench_deadline_disarm(void);

/* bench --version, and the peers lines that end --algo=list: what the build has and what it
 * left out, and why (bench/peers_info.c). */
void bench_version(FILE *f);
void bench_peers_info(FILE *f);

/* Fills cli from argv. On a usage error returns BENCH_EXIT_USAGE with the message in err. */
int bench_cli_parse(struct bench_cli *cli, int argc, char **argv, char *err, size_t errlen);
/* After the kernels (or the pipeline) are chosen: every stage option given must be read by one
 * of the chosen stages (names: NULL-terminated list of option tables), and the generator
 * options by the family and program. BENCH_EXIT_USAGE with a message naming the option. */
int bench_cli_check_used(const struct bench_cli *cli, const struct bench_option *const *tables,
			 size_t ntables, bool program, char *err, size_t errlen);
void bench_cli_usage(FILE *f);
/* "64", "1.5G", "512M", "100k" (binary multiples) into bytes. */
int bench_parse_bytes(const char *s, uint64_t *out);
/* "1.2 GB" style, decimal units for messages. */
void bench_format_bytes(uint64_t bytes, char *buf, size_t len);

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

/* Timing of one kernel or pipeline stage. Each of the reps samples ran iters times; rep_ms and
 * cpu_rep_ms are per-run times (the sample's time over iters), the statistics are over them. */
struct bench_timing {
	unsigned reps;
	uint64_t iters;
	double *rep_ms, *cpu_rep_ms;
	/* When each sample started, in ms since the process's first sample: with several kernels
	 * this shows their samples interleaved (JSON rep_start_ms, CSV rep_start_ms). */
	double *rep_start_ms;
	double median_ms, min_ms, max_ms, mean_ms, stddev_ms;
	/* Honesty about a busy machine: CPU time the process got during the samples over their
	 * wall time (near 1 on a quiet machine, lower when it was descheduled; above 1 only if
	 * another thread ran, which no kernel does), and the involuntary context switches. */
	double cpu_ms;        /* process CPU time over all counted runs */
	double cpu_median_ms; /* median of the per-run CPU times: steadier on a busy machine */
	double utilization;
	uint64_t invol_switches;
	double prepare_ms;    /* the untimed prepare step (peer libraries), -1 when none */
};

/* Utilization outside [BENCH_BUSY_UTILIZATION, BENCH_MAX_UTILIZATION] is flagged. The lower
 * bound can be moved by the environment variable SSALAB_BENCH_BUSY_UTILIZATION (a test hook:
 * a quiet machine cannot be made busy on demand); bench_busy_threshold() is the one in force. */
#define BENCH_BUSY_UTILIZATION 0.9
#define BENCH_MAX_UTILIZATION 1.05
double bench_busy_threshold(void);
bool bench_busy(double u);
bool bench_utilization_odd(double u);

/* A ratio with a 95% interval, from pairs (a_i, b_i) measured together: either the median of the
 * per-pair ratios a_i/b_i (samples of two kernels taken in the same round), or the ratio of the
 * sums (functions of a module). The median's interval is [x(k), x(B+1-k)] over the medians of
 * B = min(pairs, BENCH_RATIO_BATCHES) consecutive batches of rounds, k = bench_ratio_rank(B);
 * the sums' a percentile bootstrap over the pairs with a fixed seed. The same pairs always give
 * the same interval; it is widened, if need be, to hold the point estimate. With fewer than
 * BENCH_RATIO_MIN_PAIRS pairs there is no interval (ci false). have is false when there is no
 * pair at all. */
#define BENCH_RATIO_BATCHES 20u
#define BENCH_RATIO_MIN_PAIRS 5u
#define BENCH_RATIO_RESAMPLES 2000u
struct bench_ratio {
	bool have, ci;
	unsigned pairs;
	double value, lo, hi;
};
void bench_ratio_paired(const double *a, const double *b, unsigned n, struct bench_ratio *out);
/* The k above for b batches: 0 when b values cannot give 95% (b < 6; the extremes are used). */
unsigned bench_ratio_rank(unsigned b);
void bench_ratio_of_sums(const double *a, const double *b, unsigned n, struct bench_ratio *out);
/* "2.31 [2.25, 2.40]", "2.31 [interval n/a: 3 pairs]" or "-". */
void bench_ratio_str(const struct bench_ratio *r, char *buf, size_t len);

double bench_now_ns(void); /* CLOCK_MONOTONIC */
double bench_cpu_ns(void); /* the process's CPU clock */
uint64_t bench_invol_switches(void);
/* Allocates room for samples samples (bench_timing_free). */
int bench_timing_init(struct bench_timing *t, unsigned samples);
/* Median (mean of the two middle values for an even count), min, max, mean, standard deviation,
 * CPU median and utilization from t->rep_ms and t->cpu_rep_ms. */
int bench_timing_stats(struct bench_timing *t);
/* The number of runs of fn that last at least min_time_s (1 when min_time_s <= 0): runs batches,
 * untimed for the report, growing until one lasts long enough. A non-OK status of fn stops it
 * (*status). */
uint64_t bench_calibrate(int (*fn)(void *arg, uint64_t *counters), void *arg, double min_time_s,
			 uint64_t *counters, int *status);
/* The steps of bench_time_reps, for callers that interleave the samples of several kernels:
 * bench_time_begin allocates t, runs the warm-up and calibrates t->iters; bench_time_sample
 * times sample i (counting the involuntary switches during it); bench_timing_stats ends. */
int bench_time_begin(int (*fn)(void *arg, uint64_t *counters), void *arg,
		     const struct bench_timing_opts *o, uint64_t *counters, struct bench_timing *t);
int bench_time_sample(int (*fn)(void *arg, uint64_t *counters), void *arg, uint64_t *counters,
		      struct bench_timing *t, unsigned i);
/* ms since the first sample of the process (the origin of rep_start_ms). */
double bench_sample_clock_ms(void);
/* Runs fn o->warmup times untimed, calibrates, then times o->reps samples; counters hold the
 * last run's values. progress_label, when not NULL and stderr is a terminal, shows progress.
 * Stops at the first non-OK status of fn and returns it. */
int bench_time_reps(int (*fn)(void *arg, uint64_t *counters), void *arg,
		    const struct bench_timing_opts *o, uint64_t *counters, struct bench_timing *t,
		    const char *progress_label);
void bench_timing_free(struct bench_timing *t);

/* Memory. With jemalloc: the calling thread's peak of net allocated bytes since the last
 * bench_mem_reset(), and the process's allocated/resident bytes. Always: getrusage max RSS
 * (process lifetime, monotone). Fields that are unknown are 0 and have_jemalloc is false. */
struct bench_mem {
	bool have_jemalloc;
	uint64_t peak_alloc;
	uint64_t allocated;
	uint64_t resident;
	uint64_t maxrss;
};
void bench_mem_reset(void);
void bench_mem_snapshot(struct bench_mem *m);
/* MemAvailable from /proc/meminfo in bytes, 0 when unknown. */
uint64_t bench_mem_available(void);
/* The limit a memory estimate is compared with: --mem-limit, or 75% of MemAvailable read now;
 * UINT64_MAX for --mem-limit=none or when MemAvailable is unknown. *how (may be NULL) names the
 * source for messages. */
uint64_t bench_mem_limit(const struct bench_cli *cli, const char **how);

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

/* The exit code a library status asks for (README: "Exit codes"). */
int bench_exit_for(int status);

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
	unsigned rows;
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
size_t bench_report_nrows(void);
/* Row i of those kept (i < bench_report_nrows()) and its function (NULL when none). */
const struct bench_result *bench_report_row_at(size_t i, const char **function);
/* --algo=...,llvm-mem2reg,...: removes the name from cli->algo (NULL when it was the only one)
 * and sets cli->m2r; a usage error in a build without LLVM's peers. */
int bench_m2r_take(struct bench_cli *cli, char *err, size_t errlen);
void bench_report_module_kernels(struct bench_report *r, size_t first_row);
/* LLVM IR input, CSV: the same per kernel over every module's rows, as summary rows with an
 * empty function and the --in path as input (after the modules' own summary rows). */
void bench_report_run_kernels(struct bench_report *r);

/* A file written atomically: the data goes to a temporary beside path, renamed over path by
 * bench_outfile_commit, removed by bench_outfile_abort. */
struct bench_outfile {
	FILE *f;
	char tmp[4096];
	const char *path;
};
int bench_outfile_open(struct bench_outfile *o, const char *path, char *err, size_t errlen);
int bench_outfile_commit(struct bench_outfile *o, char *err, size_t errlen);
void bench_outfile_abort(struct bench_outfile *o);

/* Terminal progress on stderr (no-ops when stderr is not a tty). */
bool bench_progress_enabled(void);
void bench_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void bench_progress_done(void);

/* A kernel chosen for the run; by_group: chosen by all / all:STAGE (a refusal is reported, not
 * an error). */
struct bench_selected {
	struct bench_kernel k;
	bool by_group;
};
/* One kernel's life cycle (kernel.h) on in; returns the exit code it asks for. Messages name
 * in->function when it is set. */
int bench_run_kernel(const struct bench_cli *cli, const struct bench_input *in,
		     const struct bench_selected *s, struct bench_result *res, FILE *dump_f);
/* Every kernel of sel on in, one row each to rep, with x_dfs paired with the dfs floor's
 * samples when dfs ran. With several kernels and samples, their samples interleave round-robin
 * (each kernel's setup, warm-up and calibration first, all their scratch alive together) when
 * their memory estimates fit the limit together; else they run one after another, a note says
 * why, and each row is written as its kernel ends (only rows after dfs's get x_dfs). The
 * deadline (--time-limit) is armed here, unfinished naming the --out file to remove. Returns
 * the exit code. */
int bench_run_kernels(const struct bench_cli *cli, const struct bench_input *in,
		      const struct bench_selected *sel, size_t n, struct bench_report *rep,
		      FILE *dump_f, const char *unfinished);

/* LLVM IR input (bench/input_llvm.c). bench_input_is_llvm: path is a directory, or a file whose
 * content is bitcode (by its magic) or text IR (its first token is LLVM's, not ssalab's). */
bool bench_input_is_llvm(const char *path);
/* Imports each module (untimed, its time reported), runs the kernels (or the pipeline) on every
 * function the filters select, and writes the rows and each module's summary to r (begun and
 * ended here). Returns the exit code. With --keep-going a module that cannot be read is skipped
 * (exit 1 all the same); *partial then says that the report holds the other modules' rows and
 * is worth writing. */
int bench_llvm_run(const struct bench_cli *cli, const struct bench_selected *sel, size_t nsel,
		   struct bench_report *r, FILE *dump_f, const char *unfinished, bool *partial);

/* bench --pipeline (bench/pipeline.c): runs the pipeline on the loaded input, writes its rows
 * to r, and returns the exit code. */
int bench_pipeline_run(const struct bench_cli *cli, const struct bench_input *in,
		       struct bench_report *r, FILE *dump_f);
/* The stage options the pipeline reads. */
extern const struct bench_option bench_pipeline_options[];

#endif
