/* The driver of a run, grouped by file: the plan of the run (plan.c), its inputs one after
 * another (input.c, input_llvm.c), the workloads on each and the kernels' life cycle of
 * kernel.h (run.c), llvm-mem2reg (m2r.c), and the --out file and --time-limit (outfile.c). */
#ifndef SSALAB_BENCH_RUN_H
#define SSALAB_BENCH_RUN_H

#include "bench/cli.h"
#include "bench/kernel.h"
#include "bench/report.h"
#include "cfg/prog.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- plan.c: the kernels --algo chooses and the workloads to run on every input, decided and
 * checked before any input is read ---- */

/* A kernel chosen for the run; by_group: chosen by all / all:STAGE (a refusal is reported, not
 * an error). */
struct bench_selected {
	struct bench_kernel k;
	bool by_group;
};

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

/* ---- input.c, input_llvm.c: the inputs of a run, one after another: the generated graph, one
 * file, the files of several --in and of directories, or the modules of LLVM IR with the
 * functions --function, --function-regex, --min-blocks and --max-blocks choose. Each is loaded
 * untimed, with its graph statistics. ---- */

/* A chosen function of a module: its program (with --dump, a copy carrying the IR's block and
 * variable names) and its name. */
struct bench_func {
	const struct prog *prog;
	const char *name;
};

#ifdef SSALAB_HAVE_LLVMIR
#include "llvmir/llvmir.h"
/* A module and the functions chosen in it (pick[0, npick), module order), input_llvm.c. */
struct bench_module {
	struct llvmir_module m;
	uint32_t *pick;
	uint32_t npick;
	struct bench_func *funcs; /* the chosen functions as inputs */
	struct prog named;        /* --dump: the one function's program with the IR's names */
	double import_ms, import_cpu_ms; /* the import's wall and CPU time */
};
#endif

/* One input. A graph (generated, or a file) is one program; a module holds nfuncs chosen
 * functions. */
struct bench_unit {
	const char *path;      /* NULL when generated */
	struct prog prog;      /* a graph's program */
	char note[200];        /* the generator's note, "" for a file */
	struct bench_module *module; /* LLVM IR: owned by the iterator until the next input */
	const struct bench_func *funcs;
	uint32_t nfuncs;
};

struct bench_inputs {
	const struct bench_cli *cli;
	bool llvm;     /* modules of LLVM IR */
	bool several;  /* several files: per-file report blocks and a summary */
	bool dir;      /* a directory of modules */
	char **path;   /* the files or modules, in order */
	size_t n, cap, next;
	size_t nread, nskipped;
	char skipped[600];      /* the modules --keep-going skipped */
	uint64_t selected;      /* functions chosen over all modules */
	struct bench_llvm_filter *filter;
};

/* The end of the inputs, and an input --keep-going skipped (both from bench_inputs_next). */
#define BENCH_INPUT_END (-1)
#define BENCH_INPUT_SKIPPED (-2)

/* Whether path is LLVM IR: a directory holding .ll or .bc modules, or a file whose content is
 * bitcode (by its magic) or text IR (its first token is LLVM's, not ssalab's). */
bool bench_input_is_llvm(const char *path);

/* Lists the inputs of cli (an error is printed); returns the exit code. The report rep learns
 * its kind (several files, modules) and is begun for several files. */
int bench_inputs_open(struct bench_inputs *it, const struct bench_cli *cli,
		      struct bench_report *rep);
/* Loads the next input into u, printing why when it cannot: an exit code, BENCH_INPUT_SKIPPED
 * under --keep-going, or BENCH_INPUT_END. rep gets the input's description: its graph, or a
 * module's notes (the report is begun at the first module or single input); phi says whether a
 * placement kernel runs (a module's notes count the functions it skips). */
int bench_inputs_next(struct bench_inputs *it, struct bench_unit *u, struct bench_report *rep,
		      bool phi);
/* After the workloads ran on u: its part of the report ends (its table, or a module's kernel
 * lines) and u is freed. */
void bench_inputs_end_unit(struct bench_inputs *it, struct bench_unit *u,
			   struct bench_report *rep);
/* After the last input: the line on the skipped inputs (a note when the report is begun), the
 * end of a report of several inputs, the exit code made from code, and *partial: the report
 * holds what the other inputs gave. */
int bench_inputs_close(struct bench_inputs *it, struct bench_report *rep, int code,
		       bool *partial);

/* The LLVM IR side (input_llvm.c), used by the iterator above. bench_llvm_file: the file's
 * content is bitcode or text IR. */
struct bench_llvm_filter;
bool bench_llvm_file(const char *path);
int bench_llvm_open(struct bench_inputs *it, const struct bench_cli *cli);
int bench_llvm_next(struct bench_inputs *it, struct bench_unit *u, struct bench_report *rep,
		    bool phi);
int bench_llvm_close(struct bench_inputs *it, struct bench_report *rep, int code, bool *partial);

/* ---- run.c ---- */

/* The workloads of plan p on input u: on a graph, the kernels or the pipeline once; on a module
 * of LLVM IR, those over its chosen functions one by one (the pipeline only on those with
 * variables, placement kernels not on those without), then llvm-mem2reg over the module. code
 * is the exit code so far (a usage error stops a module's workloads); returns it updated. */
int bench_run_unit(const struct bench_cli *cli, const struct bench_plan *p, struct bench_unit *u,
		   struct bench_report *rep, FILE *dump_f, int code);

/* ---- m2r.c: llvm-mem2reg as a workload, in a build with LLVM's peers ---- */

#ifdef SSALAB_HAVE_LLVM_PEERS
/* llvm-mem2reg on the chosen functions of module u: one row per function (timed warm, its check
 * placement parity), the module's totals as a note, and with --pipeline the pipeline's rows of
 * the report's current section set against LLVM's. Returns the exit code. */
int bench_m2r_run(const struct bench_cli *cli, struct bench_report *r,
		  const struct bench_unit *u);
#endif

/* ---- outfile.c: --out written atomically, and --time-limit ---- */

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

/* --time-limit: arms a timer that, when it fires, prints why on stderr, removes the unfinished
 * --out file (if any) and exits with BENCH_EXIT_TIMEOUT. No-op for seconds <= 0. */
void bench_deadline_arm(double seconds, const char *what);
void bench_deadline_disarm(void);

#endif
