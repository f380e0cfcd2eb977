/* gen: writes a generated CFG or program to a file (format by extension, see io.h).
 * Exit status: 0 written, 1 generation or output failed, 2 usage error. */
#include "gen/gen.h"
#include "gen/from_llvm.h"
#include "gen/stream_cli.h"
#include "cfg/traverse.h"
#include "io/io.h"
#include "util/mem.h"
#include "util/status.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_PROG_VARS 16

static void usage(FILE *f)
{
	fprintf(f,
		"usage: gen --family=F --blocks=N [--seed=S] [options] --out FILE\n"
		"       gen --in INPUT --out FILE     convert: any input format (.cfg, .prog, .ssab,\n"
		"                                     graphviz DOT, edge list) to FILE's format\n"
		"       gen --list\n"
		"       gen --from MODULE.ll|.bc --out DIR [--quiet]\n"
		"       gen ... --stream=KIND [--updates=N] [--batch=K] --out FILE --stream-out FILE\n"
		"       gen --list-streams\n"
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
		"  --quiet           do not print what was generated\n"
		"corpus (many functions, for bench --in DIR):\n"
		"  --corpus=N        write N functions of --family (default structured) as LLVM IR\n"
		"                    modules DIR/corpus-NNN.ll; --out DIR must be new or empty\n"
		"  --size-dist=D     their sizes: realcode (resampled from the real-code corpus,\n"
		"                    the default) or grid:LO:HI:K (LO, then K sizes per decade up to\n"
		"                    HI, round-robin)\n"
		"real code (needs a gen built with LLVM, the newest Debian llvm-N-dev):\n"
		"  --from MODULE     import LLVM IR (.ll text or .bc bitcode); write every defined\n"
		"                    function as DIR/<function>.prog and .cfg (blocks in layout order,\n"
		"                    variables in alloca order); all files or none\n"
		"update streams (dynamic dominators; with a generated graph, --in FILE, or\n"
		"--from MODULE --function NAME; --out gets the start graph):\n"
		"  --stream=KIND     random (insert, delete, mixed), compiler-shaped (compiler, the\n"
		"                    default pipeline, or one transformation: split-critical, merge,\n"
		"                    thread, rotate, peel, unroll, delete-region, inline) or\n"
		"                    adversarial (flip, deep-insert, rebuild, cross); gen --list-streams\n"
		"  --stream-out F    the updates (.upd text, algos/update/README.md)\n"
		"  --updates=N       random/adversarial: N updates (default %u); compiler kinds: stop\n"
		"                    after the transformation that reaches N (default: whole function)\n"
		"  --batch=K         K updates per batch (random/adversarial; default 1), K\n"
		"                    transformations per batch (compiler; default: one batch per\n"
		"                    applyUpdates call of the LLVM utility)\n"
		"  --unroll=K        unroll factor of unroll and compiler, 2..%u (default %u)\n",
		GEN_DEFAULT_SEED, GEN_MAX_DEPTH, GEN_DEFAULT_DEPTH, DEFAULT_PROG_VARS,
		GEN_DEFAULT_DEFS, GEN_DEFAULT_USES, GEN_STREAM_DEFAULT_UPDATES, GEN_STREAM_MAX_UNROLL,
		GEN_STREAM_DEFAULT_UNROLL);
}

static int die_usage(const char *msg)
{
	fprintf(stderr, "gen: %s\n(gen --help for usage)\n", msg);
	return 2;
}

/* gen --in: reads any input format (io_read_prog sniffs it) and writes it as --out says. */
static int convert(const char *in, const char *out, int quiet)
{
	struct prog prog;
	struct io_error err;
	char msg[600];
	memset(&err, 0, sizeof err);
	int st = io_read_prog(in, &prog, &err);
	bool have_prog = st == SSA_OK;
	char warn[800];
	if (have_prog && io_warning_format(&err, warn, sizeof warn))
		fprintf(stderr, "gen: warning: %s\n", warn);
	if (have_prog) {
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
		if (have_prog)
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

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* SIGINT/SIGTERM: the output is only ever a temporary file until its final rename
 * (io_write_path), so removing that file is all the cleanup there is. unlink and _exit are
 * async-signal-safe; the status is 128 + the signal (130, 143), as a shell reports it. */
static void on_interrupt(int sig)
{
	const char *tmp = io_write_pending;
	if (tmp)
		unlink(tmp);
	_exit(128 + sig);
}

/* gen --corpus=N [--size-dist=D] --out DIR (gen/corpus.c). */
static int corpus(struct gen_options *o, const char *nstr, const char *dist, const char *in,
		  const char *dir, int quiet)
{
	char msg[600];
	if (!nstr)
		return die_usage("--size-dist needs --corpus=N");
	if (in)
		return die_usage("--corpus generates; it takes no --in");
	if (o->given & (1u << GEN_OPT_BLOCKS))
		return die_usage("--corpus: the sizes come from --size-dist, not --blocks");
	struct gen_corpus c;
	memset(&c, 0, sizeof c);
	uint64_t nf;
	if (gen_parse_count(nstr, &nf) != SSA_OK || nf == 0 || nf > GEN_CORPUS_MAX_FUNCS) {
		snprintf(msg, sizeof msg, "--corpus=%s: expected 1 to %u functions", nstr,
			 GEN_CORPUS_MAX_FUNCS);
		return die_usage(msg);
	}
	c.nfuncs = (uint32_t)nf;
	if (gen_corpus_parse_dist(dist ? dist : "realcode", &c, msg, sizeof msg) != SSA_OK)
		return die_usage(msg);
	if (!(o->given & (1u << GEN_OPT_FAMILY)))
		o->p.family = "structured";
	if (gen_options_check(o, false, false, msg, sizeof msg) != SSA_OK)
		return die_usage(msg);
	if (o->p.vars)
		return die_usage("--corpus writes CFGs only (no --vars)");
	struct gen_corpus_stats cs;
	double t0 = now_s();
	int st = gen_corpus_write(&c, &o->p, dir, &cs, msg, sizeof msg);
	if (st != SSA_OK) {
		fprintf(stderr, "gen: %s\n", msg[0] ? msg : ssa_status_str(st));
		return st == SSA_EUSAGE || st == SSA_ETOOBIG ? 2 : 1;
	}
	if (!quiet)
		fprintf(stderr,
			"gen: corpus family=%s size-dist=%s functions=%u modules=%u blocks=%llu "
			"edges=%llu prologues=%u seed=%llu gen_s=%.3f\n",
			o->p.family, dist ? dist : "realcode", cs.functions, cs.modules,
			(unsigned long long)cs.blocks, (unsigned long long)cs.edges, cs.prologues,
			(unsigned long long)o->p.seed, now_s() - t0);
	return 0;
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	struct gen_options o;
	gen_options_init(&o);
	struct gen_params *pp = &o.p;
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	int srx = gen_stream_from_llvm(argc, argv); /* gen --from M --function F --stream=K */
	if (srx >= 0)
		return srx;
	int from_rc = gen_from_llvm(argc, argv); /* gen --from MODULE --out DIR */
	if (from_rc >= 0)
		return from_rc;
	const char *out_path = NULL, *in_path = NULL, *corpus_n = NULL, *size_dist = NULL;
	struct gen_stream_options so;
	gen_stream_options_init(&so);
	int quiet = 0;
	char msg[512];
	for (int i = 1; i < argc; i++) {
		char *arg = argv[i];
		if (strcmp(arg, "--list") == 0) {
			for (size_t f = 0; f < gen_nfamilies; f++)
				printf("%-13s %s\n", gen_families[f].name, gen_families[f].summary);
			return 0;
		}
		if (strcmp(arg, "--list-streams") == 0) {
			for (size_t k = 0; k < gen_stream_nkinds; k++)
				printf("%-15s %s\n", gen_stream_kinds[k].name, gen_stream_kinds[k].summary);
			return 0;
		}
		if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
			usage(stdout);
			return 0;
		}
		if (strcmp(arg, "--quiet") == 0) {
			if (quiet)
				return die_usage("option '--quiet' given twice");
			quiet = 1;
			continue;
		}
		if (strncmp(arg, "--", 2) != 0 || !arg[2]) {
			snprintf(msg, sizeof msg, "unexpected argument '%s'", arg);
			return die_usage(msg);
		}
		/* --name=value or --name value */
		const char *name = arg + 2, *eq = strchr(name, '=');
		size_t len = eq ? (size_t)(eq - name) : strlen(name);
		const char *val = eq ? eq + 1 : NULL;
		bool flag = false;
		int id = gen_option_find(name, len, &flag);
		bool is_out = len == 3 && !strncmp(name, "out", 3);
		bool is_in = len == 2 && !strncmp(name, "in", 2);
		bool is_corpus = len == 6 && !strncmp(name, "corpus", 6);
		bool is_dist = len == 9 && !strncmp(name, "size-dist", 9);
		int sid = gen_stream_option_find(name, len);
		if (sid >= 0) {
			if (!val && i + 1 >= argc) {
				snprintf(msg, sizeof msg, "option '--%.*s' needs a value", (int)len, name);
				return die_usage(msg);
			}
			if (gen_stream_option_set(&so, sid, val ? val : argv[++i], msg, sizeof msg) !=
			    SSA_OK)
				return die_usage(msg);
			continue;
		}
		if (is_corpus || is_dist) {
			if (!val && i + 1 >= argc) {
				snprintf(msg, sizeof msg, "option '--%.*s' needs a value", (int)len, name);
				return die_usage(msg);
			}
			const char **slot = is_corpus ? &corpus_n : &size_dist;
			if (*slot) {
				snprintf(msg, sizeof msg, "option '--%.*s' given twice", (int)len, name);
				return die_usage(msg);
			}
			*slot = val ? val : argv[++i];
			continue;
		}
		if (id < 0 && !is_out && !is_in) {
			snprintf(msg, sizeof msg, "unknown option '--%.*s'", (int)len, name);
			return die_usage(msg);
		}
		if (!flag && !val) {
			if (i + 1 >= argc) {
				snprintf(msg, sizeof msg, "option '--%.*s' needs a value", (int)len, name);
				return die_usage(msg);
			}
			val = argv[++i];
		}
		if (is_out || is_in) {
			const char **slot = is_out ? &out_path : &in_path;
			if (*slot) {
				snprintf(msg, sizeof msg, "option '--%s' given twice", is_out ? "out" : "in");
				return die_usage(msg);
			}
			*slot = val;
		} else if (gen_option_set(&o, id, val, msg, sizeof msg) != SSA_OK) {
			return die_usage(msg);
		}
	}
	if (!out_path)
		return die_usage("--out FILE is required");
	if (gen_stream_options_check(&so, msg, sizeof msg) != SSA_OK)
		return die_usage(msg);
	if (so.given && (corpus_n || size_dist))
		return die_usage("--corpus writes functions, not update streams (no --stream)");
	if (corpus_n || size_dist)
		return corpus(&o, corpus_n, size_dist, in_path, out_path, quiet);
	if (in_path) {
		/* A conversion generates nothing: a generator option beside --in would be ignored. */
		for (int id = 0; id < GEN_NOPTS; id++)
			if ((o.given & (1u << id)) && !(so.given && id == GEN_OPT_SEED)) {
				snprintf(msg, sizeof msg, "option '--%s' is for generating, not for --in",
					 gen_option_name(id));
				return die_usage(msg);
			}
		if (so.given) {
			struct prog start;
			struct io_error err;
			memset(&err, 0, sizeof err);
			int rst = io_read_prog(in_path, &start, &err);
			if (rst != SSA_OK) {
				io_error_format(&err, msg, sizeof msg);
				fprintf(stderr, "gen: %s\n", err.what[0] ? msg : ssa_status_str(rst));
				return 1;
			}
			so.sp.seed = pp->seed; /* --seed seeds the stream's draws */
			int rc = gen_stream_run(&so, &start, out_path, in_path, quiet);
			prog_free(&start);
			return rc;
		}
		return convert(in_path, out_path, quiet);
	}
	int to_stdout = strcmp(out_path, "-") == 0;
	enum io_format fmt = to_stdout ? IO_FMT_UNKNOWN : io_format_from_path(out_path);
	if (!to_stdout && fmt == IO_FMT_UNKNOWN) {
		snprintf(msg, sizeof msg,
			 "cannot tell the format of '%s': use .cfg, .prog, .ssab or .dot", out_path);
		return die_usage(msg);
	}
	if (!(o.given & (1u << GEN_OPT_VARS)) && fmt == IO_FMT_PROG)
		pp->vars = DEFAULT_PROG_VARS;
	if (gen_options_check(&o, pp->vars > 0, false, msg, sizeof msg) != SSA_OK)
		return die_usage(msg);
	struct gen_params p = *pp;

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
	if (so.given) {
		/* The start graph and its stream, both or neither. */
		so.sp.seed = p.seed;
		if (!quiet)
			fprintf(stderr, "gen: %s\n", info.note);
		int rc = gen_stream_run(&so, &prog, out_path, p.family, quiet);
		prog_free(&prog);
		return rc;
	}

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
			char ioe[600];
			io_error_format(&err, ioe, sizeof ioe);
			fprintf(stderr, "gen: %s\n", err.what[0] ? ioe : ssa_status_str(st));
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
