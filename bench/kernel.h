/* What a stage gives the bench driver: one adapter file, bench/stage_<stage>.c, exporting one
 * const struct bench_stage, plus one line in bench_stages[] (bench/registry.c). The adapter
 * reads its algorithm table in algos/<stage>/ directly, so an algorithm appended to that table
 * is a bench kernel with no other edit; the driver does the rest: input, memory refusal, timed
 * batches, statistics, checking, dumps and reports.
 *
 * A kernel is a value, not a table entry: bench_stage_kernel(st, i, &k) describes the i-th of
 * bench_stage_count(st) kernels, and k.algo points at the algorithm's own descriptor (struct
 * dom_algo, struct phi_algo, ...). Every callback receives the kernel, so nothing is generated
 * per slot.
 *
 * Life of a kernel in one bench run:
 *   mem_estimate(k, in)        bytes it will allocate at its peak through setup, prepare and
 *                              the runs before the samples (scratch, outputs and untimed
 *                              upstream results: bench/README.md, "Memory estimates"); the
 *                              driver refuses the run above --mem-limit
 *   setup(k, in, state)        untimed, on a zeroed state of state_size bytes: compute
 *                              upstream stages, allocate scratch once
 *   prepare(state)             optional, untimed but timed apart (prepare_ms): a peer library
 *                              converts the graph to its own types
 *   run(state, counters) x N   timed, in calibrated batches; run must give the same answer
 *                              every time it is called on the same state
 *   check(state, ...)          after the timed runs, unless --no-check
 *   dump(state, kind, out)     if --dump=KIND (kind validated against k.dumps before setup)
 *   teardown(state)            frees what setup and run made, also after a failed setup; the
 *                              driver frees the state itself
 */
#ifndef SSALAB_BENCH_KERNEL_H
#define SSALAB_BENCH_KERNEL_H

#include "cfg/prog.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* A stage's own counters (at most 3) before its algorithm's (ALGO_MAX_COUNTERS). */
#define BENCH_MAX_COUNTERS 11

/* A check's answer when it had nothing to compare against (distinct from every ssa_status). */
#define BENCH_CHECK_NONE 100

/* Stage options, parsed once from the command line (bench/options.c) and validated whether or
 * not a selected stage reads them; each holds its default when not given. */
struct bench_stage_opts {
	bool reverse;            /* --reverse: post-dominators (dom) */
	uint64_t df_limit;       /* --df-limit=N (df, phi, pipeline), DF_DEFAULT_LIMIT */
	int flavor;              /* --flavor=minimal|semipruned|pruned (phi, rename, pipeline):
				  * enum phi_flavor, PHI_MINIMAL */
	bool live_dataflow;      /* --live=walk|dataflow (phi) */
	const char *placement;   /* --placement=NAME (rename), phi-dj */
	bool maximal_set;        /* --maximal=joins|every (maximal, pipeline) */
	bool maximal_every;
	uint32_t walks;          /* --rename-walks=N (rename, maximal, pipeline): the random walks
				  * of the equivalence interpreter in an SSA stage's check,
				  * SSA_CHECK_WALKS */
	bool copy_prop;          /* --copy-prop: propagate copies before destruction (destruct) */
	const char *stream;      /* --stream=FILE.upd|KIND (update), NULL: kind compiler */
	uint64_t updates;        /* --updates=N (update, with a KIND): 0, gen's default */
	uint32_t batch;          /* --batch=K (update, with a KIND): 0, gen's default */
};

struct bench_input {
	const struct prog *prog;   /* the CFG is prog->cfg; nvars may be 0 */
	const char *family;        /* generator family, or NULL when read from a file */
	const char *path;          /* input file, or NULL when generated */
	uint64_t seed;
	const struct bench_stage_opts *opts;
	const char *function;      /* LLVM IR input: the function's name, else NULL */
};

struct bench_stage;

struct bench_kernel {
	const struct bench_stage *stage;
	const void *algo;      /* the algorithm's descriptor in its algos/ table; NULL when the
				* adapter defines the kernel itself (then variant says which) */
	unsigned variant;
	const char *name;
	const char *summary;
	const char *dumps;     /* the --dump kinds it has, space-separated ("" for none) */
	bool prepare;          /* the driver calls stage->prepare (the descriptor has one) */
	const char *counter_names[BENCH_MAX_COUNTERS]; /* unused slots NULL */
};

struct bench_option {
	const char *name; /* without the leading dashes */
	const char *help;
};

struct bench_stage {
	const char *name;  /* "floor", "dom", "df", "phi", "rename", "maximal" */
	const char *title; /* one line for --algo=list */
	const struct bench_option *options; /* what it reads of bench_stage_opts, NULL-terminated */
	bool needs_vars; /* its kernels need a program with variables: refused before any work
			    when a generated input has none (no --vars) */
	/* The kernels are the entries of table (a <stage>_algos[] of *nalgos descriptors, each
	 * starting with a struct algo_head), with the dump kinds dumps and the stage's own counters
	 * (NULL-terminated, at most 3) before the algorithm's. A stage whose kernels differ in
	 * more than that sets kernel (and count, for more than one table). */
	const void *table;
	const size_t *nalgos;
	const char *dumps;
	const char *counters[4];
	size_t (*count)(void);
	void (*kernel)(const struct bench_stage *st, size_t i, struct bench_kernel *k);
	uint64_t (*mem_estimate)(const struct bench_kernel *k, const struct bench_input *in);
	size_t state_size;
	/* On failure returns a status and writes the reason to err. SSA_ETOOBIG and SSA_ENOMEM
	 * are refusals (the input is too large for this kernel), not failures. */
	int (*setup)(const struct bench_kernel *k, const struct bench_input *in, void *state,
		     char *err, size_t errlen);
	int (*prepare)(void *state); /* called when the kernel's .prepare is true */
	int (*run)(void *state, uint64_t *counters);
	/* SSA_OK or SSA_EVERIFY; msg says what was compared and, on failure, the first
	 * difference. BENCH_CHECK_NONE when nothing could be compared (msg says why): the report
	 * then says "unchecked", never "ok". */
	int (*check)(void *state, char *msg, size_t msglen);
	int (*dump)(void *state, const char *kind, FILE *out);
	void (*teardown)(void *state);
};

extern const struct bench_stage *const bench_stages[];
extern const size_t bench_nstages;

size_t bench_stage_count(const struct bench_stage *st);
void bench_stage_kernel(const struct bench_stage *st, size_t i, struct bench_kernel *k);
/* What bench_stage_kernel gives for descriptor algo of st's table, for a stage's own kernel(). */
void bench_kernel_of(const struct bench_stage *st, const void *algo, struct bench_kernel *k);
/* Other names a kernel is known by in the literature, so a paper's names can be typed as they
 * are printed (Georgiadis, Tarjan and Werneck's "idfs" is ssalab's chk). bench resolves them to
 * the kernel, whose own name keys every row; --algo=list prints them under the stage. */
struct bench_alias {
	const char *alias, *stage, *kernel, *why;
};
extern const struct bench_alias bench_aliases[];
extern const size_t bench_naliases;
/* The kernel named "name" or "stage:name" (len bytes of name), or by an alias of bench_aliases[];
 * false when there is none. */
bool bench_find_kernel(const char *name, size_t len, struct bench_kernel *k);
const struct bench_stage *bench_find_stage(const char *name, size_t len);
/* Whether the len bytes at s spell word. */
bool bench_word(const char *s, size_t len, const char *word);
/* Whether kind is one of k's dump kinds. */
bool bench_kernel_has_dump(const struct bench_kernel *k, const char *kind);

#endif
