/* The bench command line (options.c): every option parsed once into struct bench_cli, the
 * check that each stage option given is read by a chosen workload, and the exit codes. */
#ifndef SSALAB_BENCH_CLI_H
#define SSALAB_BENCH_CLI_H

#include "bench/kernel.h"
#include "bench/timing.h"
#include "gen/gen.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Exit codes of the bench command (bench/README.md, "Exit codes"). */
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

/* --function, --function-regex, --min-blocks, --max-blocks: which functions of an LLVM IR input
 * run (bench/input_llvm.c). given names the first of them on the command line (without its
 * dashes), NULL if none. */
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
	bool md;                /* --format=md: the text report with its tables in markdown */
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

/* Fills cli from argv. On a usage error returns BENCH_EXIT_USAGE with the message in err. */
int bench_cli_parse(struct bench_cli *cli, int argc, char **argv, char *err, size_t errlen);
/* After the kernels (or the pipeline) are chosen: every stage option given must be read by one
 * of the chosen stages (names: NULL-terminated list of option tables), and the generator
 * options by the family and program. BENCH_EXIT_USAGE with a message naming the option. */
int bench_cli_check_used(const struct bench_cli *cli, const struct bench_option *const *tables,
			 size_t ntables, bool program, char *err, size_t errlen);
/* Room for element n of array v of *cap elements of size bytes, its capacity doubled when full:
 * the array (perhaps moved), or NULL when out of memory (v is then left as it was). */
void *bench_grow(void *v, size_t n, size_t *cap, size_t size);
/* Whether s ends in suffix (and is longer). */
bool bench_has_suffix(const char *s, const char *suffix);
/* "1.2 GB" style, decimal units for messages. */
void bench_format_bytes(uint64_t bytes, char *buf, size_t len);

/* The exit code a library status asks for (bench/README.md, "Exit codes"). */
int bench_exit_for(int status);

#endif
