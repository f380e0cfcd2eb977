/* gen: writes a generated CFG or program to a file (format by extension, see io.h).
 * Exit status: 0 written, 1 generation or output failed, 2 usage error. */
#include "gen/gen.h"
#include "cfg/traverse.h"
#include "io/io.h"
#include "util/mem.h"
#include "util/status.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_PROG_VARS 16

static void usage(FILE *f)
{
	fprintf(f,
		"usage: gen --family=F --blocks=N [--seed=S] [options] --out FILE\n"
		"       gen --in INPUT --out FILE   (convert: any input format, DOT and edge lists too)\n"
		"       gen --list\n"
		"FILE's extension picks the format: .cfg, .prog, .ssab (binary), .dot; '-' writes\n"
		"text to standard output (.prog text when there are variables).\n"
		"  --family=F        a family from gen --list (default random)\n"
		"  --blocks=N        blocks; 1e6, 2.5e3 or an integer (default 1000)\n"
		"  --edges=M         itworst: arc budget, picks the largest k with k^2+5k <= M\n"
		"  --seed=S          64-bit seed (default %d)\n"
		"  --degree=D        random/dense: average out-degree, up to 2 decimals\n"
		"                    (defaults 2 and 16)\n"
		"  --goto=P          structured: probability of a goto per statement, per mille\n"
		"  --depth=D         structured: nesting bound, 1..%d (default %d)\n"
		"program options (a program is generated when --vars > 0 or FILE is .prog):\n"
		"  --vars=V          variables (default %d for .prog, else 0)\n"
		"  --defs=D          definitions per variable (default %d)\n"
		"  --uses=U          uses per variable (default %d)\n"
		"  --locality=L      0: every variable global (default); L > 0: each variable lives\n"
		"                    in a window of L consecutive blocks in reverse postorder\n"
		"  --def-at-entry    define every variable at the start of the entry block\n"
		"  --quiet           do not print what was generated\n",
		GEN_DEFAULT_SEED, GEN_MAX_DEPTH, GEN_DEFAULT_DEPTH, DEFAULT_PROG_VARS,
		GEN_DEFAULT_DEFS, GEN_DEFAULT_USES);
}

static int die_usage(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "gen: ");
	fprintf(stderr, fmt, a, b);
	fprintf(stderr, "\n(gen --help for usage)\n");
	return 2;
}

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A count that must fit in 32 bits. */
static int parse_u32(const char *s, uint32_t *out)
{
	uint64_t v;
	if (gen_parse_count(s, &v) != SSA_OK || v > UINT32_MAX)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

/* "2", "2.5", "1.75" -> hundredths, integer arithmetic only. */
static int parse_x100(const char *s, uint32_t *out)
{
	uint64_t whole = 0, frac = 0;
	int nd = 0, nf = 0;
	const char *c = s;
	for (; *c >= '0' && *c <= '9'; c++, nd++)
		if ((whole = whole * 10 + (uint64_t)(*c - '0')) > 1000000)
			return -1;
	if (*c == '.')
		for (c++; *c >= '0' && *c <= '9'; c++, nf++) {
			if (nf >= 2)
				return -1;
			frac = frac * 10 + (uint64_t)(*c - '0');
		}
	if (nd == 0 || *c)
		return -1;
	if (nf == 1)
		frac *= 10;
	*out = (uint32_t)(whole * 100 + frac);
	return 0;
}

/* gen --in: reads any input format (io_read_prog sniffs it) and writes it as --out says. */
static int convert(const char *in, const char *out, int quiet)
{
	if (!out)
		return die_usage("--out FILE is required%s%s", "", "");
	struct prog prog;
	struct io_error err;
	char msg[600];
	memset(&err, 0, sizeof err);
	int st = io_read_prog(in, &prog, &err);
	if (st == SSA_OK) {
		if (strcmp(out, "-") == 0) {
			st = prog.nvars ? io_write_prog_text(stdout, &prog)
			                : io_write_cfg_text_named(stdout, &prog.cfg, &prog.bnames);
			if (st == SSA_OK && fflush(stdout) != 0)
				st = SSA_EIO;
			if (st)
				snprintf(err.what, sizeof err.what, "writing standard output: %s",
				         ssa_status_str(st));
		} else {
			st = io_write_path(out, &prog, &err);
		}
	}
	if (st != SSA_OK) {
		io_error_format(&err, msg, sizeof msg);
		fprintf(stderr, "gen: %s\n", err.what[0] ? msg : ssa_status_str(st));
		prog_free(&prog);
		return 1;
	}
	if (!quiet)
		fprintf(stderr, "gen: converted %s: n=%u m=%u vars=%u ops=%u named_blocks=%s\n", in,
		        prog.cfg.n, prog.cfg.m, prog.nvars, prog.nops,
		        names_any(&prog.bnames) ? "yes" : "no");
	prog_free(&prog);
	return 0;
}

int main(int argc, char **argv)
{
	struct gen_params p;
	gen_params_default(&p);
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	const char *out_path = NULL, *in_path = NULL;
	int vars_given = 0, quiet = 0;
	for (int i = 1; i < argc; i++) {
		char *arg = argv[i];
		if (strcmp(arg, "--list") == 0) {
			for (size_t f = 0; f < gen_nfamilies; f++)
				printf("%-13s %s\n", gen_families[f].name, gen_families[f].summary);
			return 0;
		}
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			usage(stdout);
			return 0;
		}
		if (strcmp(arg, "--def-at-entry") == 0) {
			p.define_at_entry = 1;
			continue;
		}
		if (strcmp(arg, "--quiet") == 0) {
			quiet = 1;
			continue;
		}
		if (strncmp(arg, "--", 2) != 0)
			return die_usage("unexpected argument '%s'%s", arg, "");
		/* --name=value or --name value */
		char name[32];
		const char *val;
		const char *eq = strchr(arg, '=');
		size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
		if (len >= sizeof name)
			return die_usage("unknown option '%s'%s", arg, "");
		memcpy(name, arg, len);
		name[len] = 0;
		static const char *const valued[] = {"--family", "--blocks", "--edges", "--seed",
						     "--degree", "--goto",   "--depth", "--vars",
						     "--defs",   "--uses",   "--locality", "--out", "--in"};
		int known = 0;
		for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++)
			known |= strcmp(name, valued[k]) == 0;
		if (!known)
			return die_usage("unknown option '%s'%s", name, "");
		if (eq) {
			val = eq + 1;
		} else {
			if (i + 1 >= argc)
				return die_usage("option %s needs a value%s", name, "");
			val = argv[++i];
		}
		int bad = 0;
		uint64_t u64;
		if (strcmp(name, "--family") == 0) {
			p.family = val;
		} else if (strcmp(name, "--blocks") == 0) {
			bad = gen_parse_count(val, &p.blocks) != SSA_OK || p.blocks == 0;
		} else if (strcmp(name, "--edges") == 0) {
			bad = gen_parse_count(val, &p.edges) != SSA_OK || p.edges == 0;
		} else if (strcmp(name, "--seed") == 0) {
			bad = gen_parse_count(val, &u64) != SSA_OK;
			p.seed = u64;
		} else if (strcmp(name, "--degree") == 0) {
			bad = parse_x100(val, &p.degree_x100) != 0 || p.degree_x100 < 100;
		} else if (strcmp(name, "--goto") == 0) {
			bad = parse_u32(val, &p.goto_permille) != 0 || p.goto_permille > 1000;
		} else if (strcmp(name, "--depth") == 0) {
			bad = parse_u32(val, &p.max_depth) != 0 || p.max_depth < 1 ||
			      p.max_depth > GEN_MAX_DEPTH;
		} else if (strcmp(name, "--vars") == 0) {
			bad = parse_u32(val, &p.vars) != 0 || p.vars > PROG_MAX_VARS;
			vars_given = 1;
		} else if (strcmp(name, "--defs") == 0) {
			bad = parse_u32(val, &p.defs_per_var) != 0 || p.defs_per_var == 0;
		} else if (strcmp(name, "--uses") == 0) {
			bad = parse_u32(val, &p.uses_per_var) != 0 || p.uses_per_var == 0;
		} else if (strcmp(name, "--locality") == 0) {
			bad = parse_u32(val, &p.locality) != 0;
		} else if (strcmp(name, "--in") == 0) {
			in_path = val;
		} else {
			out_path = val;
		}
		if (bad)
			return die_usage("bad value '%s' for %s", val, name);
	}
	if (in_path)
		return convert(in_path, out_path, quiet);
	if (!gen_find(p.family))
		return die_usage("unknown family '%s'%s (gen --list lists them)", p.family, "");
	if (!out_path)
		return die_usage("--out FILE is required%s%s", "", "");
	int to_stdout = strcmp(out_path, "-") == 0;
	enum io_format fmt = to_stdout ? IO_FMT_UNKNOWN : io_format_from_path(out_path);
	if (!to_stdout && fmt == IO_FMT_UNKNOWN)
		return die_usage("cannot tell the format of '%s': use .cfg, .prog, .ssab or .dot%s",
				 out_path, "");
	if (!vars_given && fmt == IO_FMT_PROG)
		p.vars = DEFAULT_PROG_VARS;

	double t0 = now_s();
	struct gen_info info;
	struct cfg g;
	int st = gen_cfg(&p, &g, &info);
	if (st != SSA_OK) {
		fprintf(stderr, "gen: %s\n", info.note[0] ? info.note : ssa_status_str(st));
		return st == SSA_EUSAGE || st == SSA_ETOOBIG ? 2 : 1;
	}
	uint32_t n = g.n, m = g.m, reach = 0;
	{
		uint8_t *mark = ssa_alloc_array(n, 1);
		uint32_t *stack = ssa_alloc_array(n, sizeof *stack);
		if (mark && stack)
			reach = cfg_reach(&g, 0, mark, stack);
		ssa_free_all(mark, stack, NULL);
	}
	struct prog prog;
	st = gen_prog(&p, &g, &prog);
	if (st != SSA_OK) {
		cfg_free(&g);
		fprintf(stderr, "gen: program: %s\n", ssa_status_str(st));
		return st == SSA_ETOOBIG ? 2 : 1;
	}
	double t1 = now_s();

	struct io_error err;
	memset(&err, 0, sizeof err);
	if (to_stdout) {
		st = prog.nvars ? io_write_prog_text(stdout, &prog) : io_write_cfg_text(stdout, &prog.cfg);
		if (st == SSA_OK && fflush(stdout) != 0)
			st = SSA_EIO;
		if (st != SSA_OK)
			fprintf(stderr, "gen: writing standard output: %s\n", ssa_status_str(st));
	} else {
		st = io_write_path(out_path, &prog, &err);
		if (st != SSA_OK) {
			char msg[600];
			io_error_format(&err, msg, sizeof msg);
			fprintf(stderr, "gen: %s\n", err.what[0] ? msg : ssa_status_str(st));
		}
	}
	double t2 = now_s();
	if (st == SSA_OK && !quiet) {
		fprintf(stderr, "gen: %s\n", info.note);
		fprintf(stderr,
			"gen: family=%s k=%llu n=%u m=%u reachable=%u seed=%llu vars=%u ops=%u "
			"gen_s=%.3f write_s=%.3f\n",
			p.family, (unsigned long long)info.k, n, m, reach, (unsigned long long)p.seed,
			prog.nvars, prog.nops, t1 - t0, t2 - t1);
	}
	prog_free(&prog);
	return st == SSA_OK ? 0 : 1;
}
