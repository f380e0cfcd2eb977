/* Command-line parsing for bench: one grammar for every option. An option with a value takes
 * "--name=value" or "--name value"; a flag takes no value ("--reverse=no" is an error, not a
 * way to turn it off); no option may be given twice. Generator options are parsed by gen's own
 * function (gen/options.c), stage options into the typed struct bench_stage_opts. After the
 * kernels are chosen, bench_cli_check_used refuses an option that nothing chosen reads. Every
 * error names the option. */
#include "bench/cli.h"
#include "df/df.h"
#include "gen/stream.h"
#include "phi/phi.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/status.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_MAX_REPS 1000000u

/* A usage error, its message in err (the functions below that take err and errlen). */
#define USAGE(...) do { snprintf(err, errlen, __VA_ARGS__); return BENCH_EXIT_USAGE; } while (0)

/* "64", "1.5G", "512M", "100k" (binary multiples) into bytes. */
static int parse_bytes(const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	if (*s < '0' || *s > '9')
		return SSA_EUSAGE;
	double v = strtod(s, &end);
	if (errno || end == s || v < 0)
		return SSA_EUSAGE;
	const char *units = "kmgt";
	const char *u = *end ? strchr(units, tolower((unsigned char)*end)) : NULL;
	if (u) {
		v *= (double)(UINT64_C(1) << (10 * (u - units + 1)));
		end++;
	}
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end)
		return SSA_EUSAGE;
	if (v >= 18446744073709551615.0)
		return SSA_ETOOBIG;
	*out = (uint64_t)v;
	return SSA_OK;
}

void *bench_grow(void *v, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return v;
	size_t c = *cap ? 2 * *cap : 16;
	v = ssa_realloc_array(v, c, size);
	if (v)
		*cap = c;
	return v;
}

bool bench_has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a > b && !strcmp(s + a - b, suffix);
}

void bench_format_bytes(uint64_t bytes, char *buf, size_t len)
{
	static const char *unit[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
	double v = (double)bytes;
	unsigned u = 0;
	while (v >= 1000.0 && u < 6) {
		v /= 1000.0;
		u++;
	}
	if (u == 0)
		snprintf(buf, len, "%" PRIu64 " B", bytes);
	else
		snprintf(buf, len, "%.1f %s", v, unit[u]);
}

enum opt_id {
	O_ALGO, O_PIPELINE, O_IN, O_REPS, O_WARMUP, O_MINTIME, O_PIN, O_CSV, O_JSON, O_FORMAT, O_OUT,
	O_MEMLIMIT, O_TIMELIMIT, O_CHECK, O_NOCHECK, O_DUMP, O_HELP,
	O_FUNCTION, O_FUNCREGEX, O_MINBLOCKS, O_MAXBLOCKS, O_QUIET, O_KEEPGOING, O_BASELINE,
	/* stage options */
	O_REVERSE, O_DFLIMIT, O_FLAVOR, O_LIVE, O_PLACEMENT, O_MAXIMAL, O_WALKS, O_COPYPROP,
	O_STREAM, O_UPDATES, O_BATCH, O_N
};

enum opt_arg { ARG_NONE, ARG_REQUIRED, ARG_OPTIONAL };

/* What an option's value sets: a string or a flag at off in struct bench_cli, or a whole count
 * of size bytes there in [min, max] ("expected" what otherwise); the others are parsed in
 * set_option. AT(field) gives off and size. */
enum opt_kind { K_OTHER, K_STRING, K_FLAG, K_COUNT };

#define AT(field) offsetof(struct bench_cli, field), sizeof(((struct bench_cli *)0)->field)

static const struct {
	const char *name;
	enum opt_arg arg;
	enum opt_kind kind;
	size_t off, size;
	uint64_t min, max;
	const char *what;
} core_opts[O_N] = {
	[O_ALGO] = {"algo", ARG_REQUIRED, K_STRING, AT(algo)},
	[O_PIPELINE] = {"pipeline", ARG_OPTIONAL},
	[O_IN] = {"in", ARG_REQUIRED},
	[O_REPS] = {"reps", ARG_REQUIRED, K_COUNT, AT(timing.reps), 1, BENCH_MAX_REPS, "1..1000000"},
	[O_WARMUP] = {"warmup", ARG_REQUIRED, K_COUNT, AT(timing.warmup), 0, BENCH_MAX_REPS,
		      "0..1000000"},
	[O_MINTIME] = {"min-time", ARG_REQUIRED},
	[O_PIN] = {"pin", ARG_OPTIONAL},
	[O_CSV] = {"csv", ARG_NONE},
	[O_JSON] = {"json", ARG_NONE},
	[O_FORMAT] = {"format", ARG_REQUIRED},
	[O_OUT] = {"out", ARG_REQUIRED, K_STRING, AT(out)},
	[O_MEMLIMIT] = {"mem-limit", ARG_REQUIRED},
	[O_TIMELIMIT] = {"time-limit", ARG_REQUIRED},
	[O_CHECK] = {"check", ARG_NONE},
	[O_NOCHECK] = {"no-check", ARG_NONE},
	[O_DUMP] = {"dump", ARG_REQUIRED, K_STRING, AT(dump)},
	[O_HELP] = {"help", ARG_NONE, K_FLAG, AT(help)},
	[O_FUNCTION] = {"function", ARG_REQUIRED, K_STRING, AT(fsel.name)},
	[O_FUNCREGEX] = {"function-regex", ARG_REQUIRED},
	[O_MINBLOCKS] = {"min-blocks", ARG_REQUIRED, K_COUNT, AT(fsel.min_blocks), 0, UINT32_MAX,
			 "a block count"},
	[O_MAXBLOCKS] = {"max-blocks", ARG_REQUIRED, K_COUNT, AT(fsel.max_blocks), 0, UINT32_MAX,
			 "a block count"},
	[O_QUIET] = {"quiet", ARG_NONE, K_FLAG, AT(quiet)},
	[O_KEEPGOING] = {"keep-going", ARG_NONE, K_FLAG, AT(keep_going)},
	[O_BASELINE] = {"baseline", ARG_REQUIRED, K_STRING, AT(baseline)},
	[O_REVERSE] = {"reverse", ARG_NONE, K_FLAG, AT(opts.reverse)},
	[O_DFLIMIT] = {"df-limit", ARG_REQUIRED, K_COUNT, AT(opts.df_limit), 1, UINT64_MAX,
		       "a positive count such as 1e9"},
	[O_FLAVOR] = {"flavor", ARG_REQUIRED},
	[O_LIVE] = {"live", ARG_REQUIRED},
	[O_PLACEMENT] = {"placement", ARG_REQUIRED},
	[O_MAXIMAL] = {"maximal", ARG_REQUIRED},
	[O_WALKS] = {"rename-walks", ARG_REQUIRED, K_COUNT, AT(opts.walks), 0, UINT32_MAX,
		     "a count"},
	[O_COPYPROP] = {"copy-prop", ARG_NONE, K_FLAG, AT(opts.copy_prop)},
	[O_STREAM] = {"stream", ARG_REQUIRED, K_STRING, AT(opts.stream)},
	[O_UPDATES] = {"updates", ARG_REQUIRED, K_COUNT, AT(opts.updates), 1, GEN_STREAM_MAX_UPDATES,
		       "a positive whole number up to 1e8"},
	[O_BATCH] = {"batch", ARG_REQUIRED, K_COUNT, AT(opts.batch), 1, UINT32_MAX,
		     "a positive whole number"},
};

/* A non-negative decimal number of seconds, at most max. */
static int parse_seconds(const char *s, double max, double *out)
{
	char *end = NULL;
	if (*s < '0' || *s > '9')
		return SSA_EUSAGE;
	errno = 0;
	double t = strtod(s, &end);
	if (errno || *end || !(t >= 0) || t > max)
		return SSA_EUSAGE;
	*out = t;
	return SSA_OK;
}

static int set_option(struct bench_cli *cli, enum opt_id id, const char *val, char *err,
		      size_t errlen)
{
	struct bench_stage_opts *o = &cli->opts;
	char *at = (char *)cli + core_opts[id].off;
	uint64_t u64;
	if (id >= O_REVERSE)
		cli->opts_given[cli->nopts_given++] = core_opts[id].name;
	if (id >= O_FUNCTION && id <= O_MAXBLOCKS && !cli->fsel.given)
		cli->fsel.given = core_opts[id].name;
	switch (core_opts[id].kind) {
	case K_STRING:
		*(const char **)at = val;
		return BENCH_EXIT_OK;
	case K_FLAG:
		*(bool *)at = true;
		return BENCH_EXIT_OK;
	case K_COUNT:
		if (gen_parse_count(val, &u64) != SSA_OK || u64 < core_opts[id].min ||
		    u64 > core_opts[id].max)
			USAGE("--%s=%s: expected %s", core_opts[id].name, val, core_opts[id].what);
		if (core_opts[id].size == sizeof(uint32_t))
			*(uint32_t *)at = (uint32_t)u64;
		else
			*(uint64_t *)at = u64;
		return BENCH_EXIT_OK;
	case K_OTHER:
		break;
	}
	switch (id) {
	case O_PIPELINE: cli->pipeline = val ? val : "default"; break;
	case O_IN:
		if (cli->nin == BENCH_MAX_IN)
			USAGE("--in: at most %u inputs in one run (give a directory instead)",
			    BENCH_MAX_IN);
		cli->ins[cli->nin++] = val;
		cli->in = cli->ins[0];
		break;
	case O_MINTIME:
		if (parse_seconds(val, 60, &cli->timing.min_time_s))
			USAGE("--min-time=%s: expected seconds from 0 to 60, such as 0.001", val);
		break;
	case O_PIN:
		if (val && (gen_parse_count(val, &u64) != SSA_OK || u64 > 1000000))
			USAGE("--pin=%s: expected a logical core number", val);
		cli->pin = val ? (int)u64 : -2;
		break;
	case O_CSV: cli->format = BENCH_FMT_CSV; break;
	case O_JSON: cli->format = BENCH_FMT_JSON; break;
	case O_FORMAT:
		if (!strcmp(val, "text") || !strcmp(val, "md"))
			cli->format = BENCH_FMT_TEXT, cli->md = !strcmp(val, "md");
		else if (!strcmp(val, "csv"))
			cli->format = BENCH_FMT_CSV;
		else if (!strcmp(val, "json"))
			cli->format = BENCH_FMT_JSON;
		else
			USAGE("--format=%s: expected text, md, csv or json", val);
		break;
	case O_MEMLIMIT:
		cli->mem_limit_none = !strcmp(val, "none");
		if (!cli->mem_limit_none && (parse_bytes(val, &cli->mem_limit) || cli->mem_limit == 0))
			USAGE("--mem-limit=%s: expected a size such as 512M, 16G or 'none'", val);
		break;
	case O_TIMELIMIT:
		if (parse_seconds(val, 1e7, &cli->time_limit_s) || cli->time_limit_s <= 0)
			USAGE("--time-limit=%s: expected a number of seconds, such as 600 or 0.5", val);
		break;
	case O_CHECK: cli->check = true; break;
	case O_NOCHECK: cli->check = false; break;
	case O_FUNCREGEX: {
		regex_t re;
		int rc = regcomp(&re, val, REG_EXTENDED | REG_NOSUB);
		if (rc) {
			char why[200];
			regerror(rc, &re, why, sizeof why);
			USAGE("--function-regex=%s: not a POSIX extended regular expression: %s", val,
			    why);
		}
		regfree(&re);
		cli->fsel.regex = val;
		break;
	}
	case O_FLAVOR: {
		enum phi_flavor f;
		if (phi_flavor_parse(val, &f) != SSA_OK)
			USAGE("--flavor=%s: expected minimal, semipruned or pruned", val);
		o->flavor = (int)f;
		break;
	}
	case O_LIVE:
		if (strcmp(val, "walk") && strcmp(val, "dataflow"))
			USAGE("--live=%s: expected walk or dataflow", val);
		o->live_dataflow = !strcmp(val, "dataflow");
		break;
	case O_PLACEMENT:
		if (!algo_find(phi_algos, phi_nalgos, val))
			USAGE("--placement=%s: no such placement algorithm (try --algo=list)", val);
		o->placement = val;
		break;
	case O_MAXIMAL:
		if (strcmp(val, "joins") && strcmp(val, "every"))
			USAGE("--maximal=%s: expected joins or every", val);
		o->maximal_every = !strcmp(val, "every");
		o->maximal_set = true;
		break;
	default: break;
	}
	return BENCH_EXIT_OK;
}

int bench_cli_parse(struct bench_cli *cli, int argc, char **argv, char *err, size_t errlen)
{
	*cli = (struct bench_cli){
		.timing = {.reps = 5, .warmup = 1, .min_time_s = 0.001},
		.pin = -1,
		.check = true,
		.fsel.max_blocks = UINT32_MAX,
		.opts = {.df_limit = DF_DEFAULT_LIMIT, .flavor = PHI_MINIMAL,
			 .placement = phi_default_algo()->head.name, .walks = SSA_CHECK_WALKS},
		.argc = argc,
		.argv = argv,
	};
	gen_options_init(&cli->gen);
	cli->gen.p.family = "structured";
	cli->gen.p.blocks = 1000000;
	cli->gen.p.seed = 1;
	bool seen[O_N] = {false};

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h")) {
			cli->help = true;
			continue;
		}
		if (strncmp(a, "--", 2) || !a[2])
			USAGE("unexpected argument '%s' (options start with --; see --help)", a);
		const char *name = a + 2;
		const char *eq = strchr(name, '=');
		size_t len = eq ? (size_t)(eq - name) : strlen(name);
		const char *val = eq ? eq + 1 : NULL;

		bool flag = false;
		int gid = gen_option_find(name, len, &flag);
		if (gid >= 0) {
			if (!flag && !val) {
				if (i + 1 >= argc)
					USAGE("option '--%.*s' needs a value", (int)len, name);
				val = argv[++i];
			}
			if (gen_option_set(&cli->gen, gid, val, err, errlen) != SSA_OK)
				return BENCH_EXIT_USAGE;
			continue;
		}
		int k;
		for (k = 0; k < O_N; k++)
			if (bench_word(name, len, core_opts[k].name))
				break;
		if (k == O_N)
			USAGE("unknown option '--%.*s' (see --help)", (int)len, name);
		if (seen[k] && k != O_IN)
			USAGE("option '--%s' given twice", core_opts[k].name);
		seen[k] = true;
		if (core_opts[k].arg == ARG_NONE && val)
			USAGE("option '--%s' is a flag and takes no value (got '%s')", core_opts[k].name,
			      val);
		if (core_opts[k].arg == ARG_REQUIRED && !val) {
			if (i + 1 >= argc)
				USAGE("option '--%s' needs a value", core_opts[k].name);
			val = argv[++i];
		}
		if (val && !*val)
			USAGE("option '--%s' needs a non-empty value", core_opts[k].name);
		int code = set_option(cli, (enum opt_id)k, val, err, errlen);
		if (code)
			return code;
	}
	if (cli->help)
		return BENCH_EXIT_OK;
	if (seen[O_FORMAT] && (seen[O_CSV] || seen[O_JSON]))
		USAGE("--format and --%s: give one of them", seen[O_CSV] ? "csv" : "json");
	if (seen[O_CSV] && seen[O_JSON])
		USAGE("--csv and --json exclude each other");
	if (seen[O_CHECK] && seen[O_NOCHECK])
		USAGE("--check and --no-check exclude each other");
	if (!cli->algo && !cli->pipeline)
		USAGE("no --algo given (try --algo=list)");
	if (cli->algo && cli->pipeline && strcmp(cli->algo, "llvm-mem2reg"))
		USAGE("--algo and --pipeline exclude each other");
	if (cli->fsel.given && !cli->in)
		USAGE("--%s selects functions of an LLVM IR input: it needs --in MODULE.ll|.bc",
		      cli->fsel.given);
	if (cli->fsel.min_blocks > cli->fsel.max_blocks)
		USAGE("--min-blocks=%" PRIu64 " exceeds --max-blocks=%" PRIu64, cli->fsel.min_blocks,
		      cli->fsel.max_blocks);
	if (cli->dump) {
		if (cli->format != BENCH_FMT_TEXT)
			USAGE("--dump excludes --csv and --json (the dump is the output)");
		if (!seen[O_REPS])
			cli->timing.reps = 1;
		if (!seen[O_WARMUP])
			cli->timing.warmup = 0;
		if (!seen[O_MINTIME])
			cli->timing.min_time_s = 0;
	}
	return BENCH_EXIT_OK;
}

int bench_cli_check_used(const struct bench_cli *cli, const struct bench_option *const *tables,
			 size_t ntables, bool program, char *err, size_t errlen)
{
	for (unsigned i = 0; i < cli->nopts_given; i++) {
		const char *name = cli->opts_given[i];
		bool used = false;
		for (size_t t = 0; t < ntables && !used; t++)
			for (const struct bench_option *o = tables[t]; o && o->name; o++)
				used |= !strcmp(o->name, name);
		if (!used)
			USAGE("option '--%s' is not read by any selected kernel%s (see --algo=list for "
			      "which stage reads what)", name, cli->pipeline ? " of the pipeline" : "");
	}
	if (gen_options_check(&cli->gen, program, cli->in != NULL, err, errlen) != SSA_OK)
		return BENCH_EXIT_USAGE;
	return BENCH_EXIT_OK;
}

int bench_exit_for(int st)
{
	switch (st) {
	case SSA_OK: return BENCH_EXIT_OK;
	case SSA_EUSAGE: return BENCH_EXIT_USAGE;
	case SSA_ENOMEM:
	case SSA_ETOOBIG: return BENCH_EXIT_REFUSED;
	case SSA_EVERIFY: return BENCH_EXIT_VERIFY;
	default: return BENCH_EXIT_INPUT;
	}
}
