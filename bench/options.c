/* Command-line parsing for bench. Core options take "--name=value" or "--name value"; stage
 * options (declared in each stage's options table) take "--name=value" or "--name" alone, and
 * are stored unparsed for the stage to read with bench_opt(). Anything else is a usage error
 * naming the option. */
#include "bench/driver.h"
#include "util/status.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define BENCH_MAX_REPS 1000000u

void bench_cli_usage(FILE *f)
{
	fputs(
"usage: bench --algo=NAME[,NAME...] [input] [timing] [output] [stage options]\n"
"       bench --algo=list | --algo=all | --algo=all:STAGE\n"
"\n"
"Algorithms:\n"
"  --algo=NAME          a kernel (or STAGE:NAME); several separated by commas run on the same\n"
"                       input; 'list' lists stages and kernels; 'all' runs the floor and every\n"
"                       kernel of the dominator stage; 'all:STAGE' every kernel of STAGE\n"
"  --pipeline=A,B,C,D   run SSA construction stages in order (when built in)\n"
"Input (generation and loading are not timed):\n"
"  --in FILE            read a .cfg, .prog or .ssab file instead of generating\n"
"  --family=F           generator family (default structured)\n"
"  --blocks=N           number of blocks, 1e6 notation allowed (default 1e6)\n"
"  --seed=S             generator seed (default 1)\n"
"  --edges=E            edge budget for families sized by arcs (itworst)\n"
"  --degree=D           random/dense: average out-degree, e.g. 2.5\n"
"  --goto=P             structured: probability of a goto per statement, per mille\n"
"  --depth=D            structured: nesting bound\n"
"  --vars=V             generate a program with V variables over the CFG (default 0)\n"
"  --defs=D --uses=U    definitions and uses per variable\n"
"  --locality=L         each variable lives in a window of L blocks (0: global)\n"
"  --def-at-entry       define every variable at the start of the entry block\n"
"                       (the same names and meanings as gen's options)\n"
"Timing:\n"
"  --reps=R             timed repetitions (default 5; 1 with --dump)\n"
"  --warmup=W           untimed repetitions first (default 1; 0 with --dump)\n"
"  --pin[=CORE]         bind to one core (the current one, or logical core CORE); needs hwloc\n"
"  --mem-limit=BYTES    refuse kernels whose estimate exceeds BYTES (k/M/G/T suffixes, or\n"
"                       'none'); default 75% of MemAvailable\n"
"  --time-limit=SECONDS stop with exit 5 when one kernel (setup, reps and check) or the whole\n"
"                       pipeline runs longer (default: no limit)\n"
"Checking and output:\n"
"  --check / --no-check verify each kernel's result once after the reps (default on)\n"
"  --csv | --json       machine-readable report instead of text\n"
"  --out FILE           write the report (or the dump) to FILE, atomically\n"
"  --dump=KIND          write the kernel's result: idom, df, phi, ssa; the floor's dfs, rpo,\n"
"                       preds\n"
"  -h, --help           this text, with the stage options of every registered stage\n"
"\n"
"Exit codes: 0 ok, 1 input/IO error, 2 usage error, 3 verification failure, 4 refused (memory),\n"
"5 time limit exceeded.\n",
		f);
	for (size_t s = 0; s < bench_nstages; s++) {
		const struct bench_stage *st = bench_stages[s];
		if (!st->options || !st->options[0].name)
			continue;
		fprintf(f, "\nOptions of stage %s:\n", st->name);
		for (const struct bench_option *o = st->options; o->name; o++)
			fprintf(f, "  --%-19s %s\n", o->name, o->help ? o->help : "");
	}
}

/* Whole numbers with optional fraction and exponent, as long as the value is integral:
 * "1000", "1e6", "2.5e3". */
static int parse_count(const char *s, uint64_t *out)
{
	uint64_t mant = 0;
	int frac = 0, exp = 0;
	const char *p = s;
	bool digits = false, dot = false;
	for (; *p; p++) {
		if (*p >= '0' && *p <= '9') {
			if (mant > (UINT64_MAX - 9) / 10)
				return SSA_ETOOBIG;
			mant = mant * 10 + (uint64_t)(*p - '0');
			digits = true;
			if (dot)
				frac++;
		} else if (*p == '.' && !dot) {
			dot = true;
		} else {
			break;
		}
	}
	if (!digits)
		return SSA_EUSAGE;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p < '0' || *p > '9')
			return SSA_EUSAGE;
		for (; *p >= '0' && *p <= '9'; p++) {
			exp = exp * 10 + (*p - '0');
			if (exp > 40)
				return SSA_ETOOBIG;
		}
	}
	if (*p)
		return SSA_EUSAGE;
	for (; frac > exp; frac--) {
		if (mant % 10)
			return SSA_EUSAGE; /* not a whole number */
		mant /= 10;
	}
	for (; exp > frac; exp--) {
		if (mant > UINT64_MAX / 10)
			return SSA_ETOOBIG;
		mant *= 10;
	}
	*out = mant;
	return SSA_OK;
}

int bench_parse_bytes(const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	if (*s < '0' || *s > '9')
		return SSA_EUSAGE;
	double v = strtod(s, &end);
	if (errno || end == s || v < 0)
		return SSA_EUSAGE;
	double mul = 1;
	switch (*end) {
	case 'k': case 'K': mul = 1024.0; end++; break;
	case 'm': case 'M': mul = 1024.0 * 1024; end++; break;
	case 'g': case 'G': mul = 1024.0 * 1024 * 1024; end++; break;
	case 't': case 'T': mul = 1024.0 * 1024 * 1024 * 1024; end++; break;
	default: break;
	}
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end)
		return SSA_EUSAGE;
	v *= mul;
	if (v >= 18446744073709551615.0)
		return SSA_ETOOBIG;
	*out = (uint64_t)v;
	return SSA_OK;
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

/* Decimal with at most two fraction digits, times 100 ("2.5" -> 250). */
static int parse_x100(const char *s, uint32_t *out)
{
	uint64_t v = 0;
	int frac = -1;
	if (!*s)
		return SSA_EUSAGE;
	for (const char *p = s; *p; p++) {
		if (*p == '.' && frac < 0) {
			frac = 0;
			continue;
		}
		if (*p < '0' || *p > '9' || frac == 2)
			return SSA_EUSAGE;
		v = v * 10 + (uint64_t)(*p - '0');
		if (frac >= 0)
			frac++;
		if (v > 100000000)
			return SSA_ETOOBIG;
	}
	for (int f = frac < 0 ? 0 : frac; f < 2; f++)
		v *= 10;
	*out = (uint32_t)v;
	return SSA_OK;
}

static int parse_u32(const char *s, uint32_t *out)
{
	uint64_t v;
	if (parse_count(s, &v) || v > UINT32_MAX)
		return SSA_EUSAGE;
	*out = (uint32_t)v;
	return SSA_OK;
}

enum opt_id {
	O_ALGO, O_PIPELINE, O_IN, O_FAMILY, O_BLOCKS, O_SEED, O_EDGES, O_DEGREE, O_GOTO, O_DEPTH,
	O_VARS, O_DEFS, O_USES, O_LOCALITY, O_DEFENTRY, O_REPS, O_WARMUP, O_PIN, O_CSV, O_JSON,
	O_OUT, O_MEMLIMIT, O_TIMELIMIT, O_CHECK, O_NOCHECK, O_DUMP, O_HELP,
};

enum opt_arg { ARG_NONE, ARG_REQUIRED, ARG_OPTIONAL };

static const struct {
	const char *name;
	enum opt_id id;
	enum opt_arg arg;
} core_opts[] = {
	{"algo", O_ALGO, ARG_REQUIRED},        {"pipeline", O_PIPELINE, ARG_REQUIRED},
	{"in", O_IN, ARG_REQUIRED},            {"family", O_FAMILY, ARG_REQUIRED},
	{"blocks", O_BLOCKS, ARG_REQUIRED},    {"seed", O_SEED, ARG_REQUIRED},
	{"edges", O_EDGES, ARG_REQUIRED},      {"degree", O_DEGREE, ARG_REQUIRED},
	{"goto", O_GOTO, ARG_REQUIRED}, {"depth", O_DEPTH, ARG_REQUIRED},
	{"vars", O_VARS, ARG_REQUIRED},        {"defs", O_DEFS, ARG_REQUIRED},
	{"uses", O_USES, ARG_REQUIRED}, {"locality", O_LOCALITY, ARG_REQUIRED},
	{"def-at-entry", O_DEFENTRY, ARG_NONE}, {"reps", O_REPS, ARG_REQUIRED},
	{"warmup", O_WARMUP, ARG_REQUIRED},    {"pin", O_PIN, ARG_OPTIONAL},
	{"csv", O_CSV, ARG_NONE},              {"json", O_JSON, ARG_NONE},
	{"out", O_OUT, ARG_REQUIRED},          {"mem-limit", O_MEMLIMIT, ARG_REQUIRED},
	{"time-limit", O_TIMELIMIT, ARG_REQUIRED},
	{"check", O_CHECK, ARG_NONE},          {"no-check", O_NOCHECK, ARG_NONE},
	{"dump", O_DUMP, ARG_REQUIRED},        {"help", O_HELP, ARG_NONE},
};

static bool is_stage_option(const char *name, size_t len)
{
	for (size_t s = 0; s < bench_nstages; s++) {
		const struct bench_option *o = bench_stages[s]->options;
		for (; o && o->name; o++)
			if (strlen(o->name) == len && !strncmp(o->name, name, len))
				return true;
	}
	return false;
}

int bench_cli_parse(struct bench_cli *cli, int argc, char **argv, char *err, size_t errlen)
{
#define USAGE(...) do { snprintf(err, errlen, __VA_ARGS__); return BENCH_EXIT_USAGE; } while (0)
	memset(cli, 0, sizeof *cli);
	gen_params_default(&cli->gen);
	cli->family = "structured";
	cli->gen.blocks = 1000000;
	cli->gen.seed = 1;
	cli->reps = 5;
	cli->warmup = 1;
	cli->pin = -1;
	cli->check = true;
	cli->argc = argc;
	cli->argv = argv;
	bool have_csv = false, have_json = false, have_check = false, have_nocheck = false;
	const char *shape_opt = NULL; /* a family parameter given, which --in cannot honour */

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

		size_t k;
		for (k = 0; k < sizeof core_opts / sizeof *core_opts; k++)
			if (strlen(core_opts[k].name) == len && !strncmp(core_opts[k].name, name, len))
				break;
		if (k == sizeof core_opts / sizeof *core_opts) {
			if (!is_stage_option(name, len))
				USAGE("unknown option '--%.*s' (see --help)", (int)len, name);
			for (size_t j = 0; j < cli->opts.n; j++)
				if (cli->opts.namelen[j] == len && !strncmp(cli->opts.name[j], name, len))
					USAGE("option '--%.*s' given twice", (int)len, name);
			if (cli->opts.n == BENCH_MAX_STAGE_OPTS)
				USAGE("too many stage options (at most %d)", BENCH_MAX_STAGE_OPTS);
			cli->opts.name[cli->opts.n] = name;
			cli->opts.namelen[cli->opts.n] = len;
			cli->opts.value[cli->opts.n] = val ? val : "";
			cli->opts.n++;
			continue;
		}
		enum opt_id id = core_opts[k].id;
		if (core_opts[k].arg == ARG_NONE && val)
			USAGE("option '--%s' takes no value", core_opts[k].name);
		if (core_opts[k].arg == ARG_REQUIRED && !val) {
			if (i + 1 >= argc)
				USAGE("option '--%s' needs a value", core_opts[k].name);
			val = argv[++i];
		}
		if (val && !*val && core_opts[k].arg == ARG_REQUIRED)
			USAGE("option '--%s' needs a non-empty value", core_opts[k].name);

		uint64_t u64;
		switch (id) {
		case O_ALGO: cli->algo = val; break;
		case O_PIPELINE: cli->pipeline = val; break;
		case O_IN: cli->in = val; break;
		case O_FAMILY: cli->family = val; cli->family_set = true; break;
		case O_BLOCKS:
			if (parse_count(val, &cli->gen.blocks) || cli->gen.blocks == 0)
				USAGE("--blocks=%s: expected a positive whole number such as 1000 or 1e6", val);
			cli->blocks_set = true;
			break;
		case O_SEED:
			if (parse_count(val, &cli->gen.seed))
				USAGE("--seed=%s: expected a whole number", val);
			cli->seed_set = true;
			break;
		case O_EDGES:
			shape_opt = core_opts[k].name;
			if (parse_count(val, &cli->gen.edges))
				USAGE("--edges=%s: expected a whole number such as 5e6", val);
			break;
		case O_DEGREE:
			shape_opt = core_opts[k].name;
			if (parse_x100(val, &cli->gen.degree_x100) || cli->gen.degree_x100 < 100)
				USAGE("--degree=%s: expected a decimal >= 1 such as 2 or 2.5", val);
			break;
		case O_GOTO:
			shape_opt = core_opts[k].name;
			if (parse_u32(val, &cli->gen.goto_permille) || cli->gen.goto_permille > 1000)
				USAGE("--goto=%s: expected 0..1000", val);
			break;
		case O_DEPTH:
			shape_opt = core_opts[k].name;
			if (parse_u32(val, &cli->gen.max_depth))
				USAGE("--depth=%s: expected a whole number", val);
			break;
		case O_VARS:
			if (parse_u32(val, &cli->gen.vars) || cli->gen.vars > PROG_MAX_VARS)
				USAGE("--vars=%s: expected a whole number up to %u", val, PROG_MAX_VARS);
			break;
		case O_DEFS:
			if (parse_u32(val, &cli->gen.defs_per_var) || !cli->gen.defs_per_var)
				USAGE("--defs=%s: expected a positive whole number", val);
			break;
		case O_USES:
			if (parse_u32(val, &cli->gen.uses_per_var) || !cli->gen.uses_per_var)
				USAGE("--uses=%s: expected a positive whole number", val);
			break;
		case O_LOCALITY:
			if (parse_u32(val, &cli->gen.locality))
				USAGE("--locality=%s: expected a whole number of blocks", val);
			break;
		case O_DEFENTRY: cli->gen.define_at_entry = 1; break;
		case O_REPS:
			if (parse_count(val, &u64) || u64 == 0 || u64 > BENCH_MAX_REPS)
				USAGE("--reps=%s: expected 1..%u", val, BENCH_MAX_REPS);
			cli->reps = (unsigned)u64;
			cli->reps_set = true;
			break;
		case O_WARMUP:
			if (parse_count(val, &u64) || u64 > BENCH_MAX_REPS)
				USAGE("--warmup=%s: expected 0..%u", val, BENCH_MAX_REPS);
			cli->warmup = (unsigned)u64;
			cli->warmup_set = true;
			break;
		case O_PIN:
			if (!val) {
				cli->pin = -2;
			} else {
				if (parse_count(val, &u64) || u64 > 1000000)
					USAGE("--pin=%s: expected a logical core number", val);
				cli->pin = (int)u64;
			}
			break;
		case O_CSV: have_csv = true; cli->format = BENCH_FMT_CSV; break;
		case O_JSON: have_json = true; cli->format = BENCH_FMT_JSON; break;
		case O_OUT: cli->out = val; break;
		case O_MEMLIMIT:
			if (!strcmp(val, "none")) {
				cli->mem_limit_none = true;
				break;
			}
			if (bench_parse_bytes(val, &cli->mem_limit) || cli->mem_limit == 0)
				USAGE("--mem-limit=%s: expected a size such as 512M, 16G or 'none'", val);
			break;
		case O_TIMELIMIT: {
			char *end = NULL;
			double t = strtod(val, &end);
			if (!val[0] || *end || !(t > 0) || t > 1e7)
				USAGE("--time-limit=%s: expected a number of seconds, such as 600 or 0.5",
				      val);
			cli->time_limit_s = t;
			break;
		}
		case O_CHECK: have_check = true; cli->check = true; break;
		case O_NOCHECK: have_nocheck = true; cli->check = false; break;
		case O_DUMP: cli->dump = val; break;
		case O_HELP: cli->help = true; break;
		}
	}
	if (cli->help)
		return BENCH_EXIT_OK;
	if (have_csv && have_json)
		USAGE("--csv and --json exclude each other");
	if (have_check && have_nocheck)
		USAGE("--check and --no-check exclude each other");
	if (!cli->algo && !cli->pipeline)
		USAGE("no --algo given (try --algo=list)");
	if (cli->algo && cli->pipeline)
		USAGE("--algo and --pipeline exclude each other");
	if (cli->in && (cli->family_set || cli->blocks_set || cli->seed_set))
		USAGE("--in excludes --family, --blocks and --seed (the file is the input)");
	if (cli->in && shape_opt)
		USAGE("--in excludes --%s (a generator family parameter)", shape_opt);
	if (cli->dump) {
		if (cli->format != BENCH_FMT_TEXT)
			USAGE("--dump excludes --csv and --json (the dump is the output)");
		if (!cli->reps_set)
			cli->reps = 1;
		if (!cli->warmup_set)
			cli->warmup = 0;
	}
	cli->gen.family = cli->family;
	return BENCH_EXIT_OK;
#undef USAGE
}

const char *bench_opt(const struct bench_input *in, const char *name)
{
	const struct bench_optset *o = in->opts;
	if (!o)
		return NULL;
	size_t len = strlen(name);
	for (size_t i = 0; i < o->n; i++)
		if (o->namelen[i] == len && !strncmp(o->name[i], name, len))
			return o->value[i];
	return NULL;
}
