/* The inputs of a run, one after another (input.c, input_llvm.c): the generated graph, one
 * file, the files of several --in and of directories, or the modules of LLVM IR with the
 * functions --function, --function-regex, --min-blocks and --max-blocks choose. Each is loaded
 * untimed, with its graph statistics. */
#ifndef SSALAB_BENCH_INPUT_H
#define SSALAB_BENCH_INPUT_H

#include "bench/cli.h"
#include "bench/graphstats.h"
#include "bench/kernel.h"
#include "bench/report.h"
#include "cfg/prog.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

#endif
