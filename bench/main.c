/* bench: times SSA-construction kernels on a generated or loaded CFG/program and reports
 * graph statistics, every rep's time with median/min/max, ns per block and edge, counters,
 * memory and the check outcome, as text, CSV or JSON (README: "bench"). The machinery lives in
 * driver.h; this file is the command: options, input, kernel selection, the per-kernel life
 * cycle of kernel.h, and exit codes. */
#include "bench/driver.h"
#include "gen/gen.h"
#include "io/io.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SELECTED 256

struct selected {
	const struct bench_stage *stage;
	const struct bench_kernel *kernel;
	bool by_group; /* chosen by all / all:STAGE: a memory refusal is reported, not an error */
};

static int exit_for_status(int st)
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

static void list_kernels(FILE *f)
{
	for (size_t s = 0; s < bench_nstages; s++) {
		const struct bench_stage *st = bench_stages[s];
		fprintf(f, "stage %s: %s\n", st->name, st->title);
		for (size_t k = 0; k < st->nkernels; k++)
			fprintf(f, "  %-14s %s\n", st->kernels[k].name, st->kernels[k].summary);
		for (const struct bench_option *o = st->options; o && o->name; o++)
			fprintf(f, "  option --%-8s %s\n", o->name, o->help ? o->help : "");
	}
}

static int add_stage(struct selected *sel, size_t *nsel, const struct bench_stage *st)
{
	for (size_t k = 0; k < st->nkernels; k++) {
		if (*nsel == MAX_SELECTED)
			return -1;
		sel[*nsel].stage = st;
		sel[*nsel].kernel = &st->kernels[k];
		sel[*nsel].by_group = true;
		(*nsel)++;
	}
	return 0;
}

/* "a,b,c", "all", "all:STAGE", "STAGE:name". */
static int select_kernels(const char *spec, struct selected *sel, size_t *nsel, char *err,
			  size_t errlen)
{
	*nsel = 0;
	const char *p = spec;
	while (1) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == 0) {
			snprintf(err, errlen, "--algo=%s: empty name in the list", spec);
			return BENCH_EXIT_USAGE;
		}
		if (len == 3 && !strncmp(p, "all", 3)) {
			const struct bench_stage *fl = bench_find_stage("floor", 5);
			const struct bench_stage *dom = bench_find_stage("dom", 3);
			if ((fl && add_stage(sel, nsel, fl)) || (dom && add_stage(sel, nsel, dom)))
				goto toomany;
		} else if (len > 4 && !strncmp(p, "all:", 4)) {
			const struct bench_stage *st = bench_find_stage(p + 4, len - 4);
			if (!st) {
				snprintf(err, errlen, "--algo: no stage named '%.*s' (try --algo=list)",
					 (int)(len - 4), p + 4);
				return BENCH_EXIT_USAGE;
			}
			if (add_stage(sel, nsel, st))
				goto toomany;
		} else {
			const struct bench_stage *st;
			const struct bench_kernel *k = bench_find_kernel(p, len, &st);
			if (!k) {
				snprintf(err, errlen, "--algo: no kernel named '%.*s' (try --algo=list)",
					 (int)len, p);
				return BENCH_EXIT_USAGE;
			}
			if (*nsel == MAX_SELECTED)
				goto toomany;
			sel[*nsel].stage = st;
			sel[*nsel].kernel = k;
			sel[*nsel].by_group = false;
			(*nsel)++;
		}
		if (!end)
			break;
		p = end + 1;
	}
	return BENCH_EXIT_OK;
toomany:
	snprintf(err, errlen, "--algo: more than %d kernels selected", MAX_SELECTED);
	return BENCH_EXIT_USAGE;
}

static void list_families(char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = 0;
	for (size_t i = 0; i < gen_nfamilies && used < len; i++) {
		int w = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", gen_families[i].name);
		if (w < 0)
			break;
		used += (size_t)w;
	}
}

/* Builds or loads the input program. Untimed. */
static int load_input(struct bench_cli *cli, struct prog *prog, char *note, size_t notelen,
		      char *err, size_t errlen)
{
	note[0] = 0;
	if (cli->in) {
		struct io_error ioe;
		memset(&ioe, 0, sizeof ioe);
		bench_progress("reading %s", cli->in);
		int st = io_read_prog(cli->in, prog, &ioe);
		bench_progress_done();
		if (st) {
			char buf[600];
			io_error_format(&ioe, buf, sizeof buf);
			snprintf(err, errlen, "%s", buf);
			return BENCH_EXIT_INPUT;
		}
		if (cli->gen.vars) {
			if (prog->nvars) {
				snprintf(err, errlen, "--vars: %s already is a program with %" PRIu32
					 " variables", cli->in, prog->nvars);
				prog_free(prog);
				return BENCH_EXIT_USAGE;
			}
			struct cfg g = prog->cfg;
			free(prog->op_off);
			free(prog->ops);
			memset(prog, 0, sizeof *prog);
			st = gen_prog(&cli->gen, &g, prog);
			if (st) {
				snprintf(err, errlen, "generating a program over %s: %s", cli->in,
					 ssa_status_str(st));
				return exit_for_status(st) == BENCH_EXIT_USAGE ? BENCH_EXIT_USAGE
									    : BENCH_EXIT_INPUT;
			}
		}
		return BENCH_EXIT_OK;
	}
	if (!gen_find(cli->family)) {
		char fams[512];
		list_families(fams, sizeof fams);
		snprintf(err, errlen, "--family=%s: no such family (families: %s)", cli->family, fams);
		return BENCH_EXIT_USAGE;
	}
	struct gen_info info;
	memset(&info, 0, sizeof info);
	struct cfg g;
	memset(&g, 0, sizeof g);
	bench_progress("generating %s n=%" PRIu64 " seed=%" PRIu64, cli->family, cli->gen.blocks,
		       cli->gen.seed);
	int st = gen_cfg(&cli->gen, &g, &info);
	if (st) {
		bench_progress_done();
		snprintf(err, errlen, "generating %s with %" PRIu64 " blocks: %s%s%s", cli->family,
			 cli->gen.blocks, ssa_status_str(st), info.note[0] ? ": " : "", info.note);
		return st == SSA_EUSAGE ? BENCH_EXIT_USAGE : BENCH_EXIT_INPUT;
	}
	snprintf(note, notelen, "%s", info.note);
	if (cli->gen.vars) {
		bench_progress("generating a program with %" PRIu32 " variables", cli->gen.vars);
		st = gen_prog(&cli->gen, &g, prog);
	} else {
		st = prog_empty(prog, &g, 0);
	}
	bench_progress_done();
	if (st) {
		snprintf(err, errlen, "generating the program: %s", ssa_status_str(st));
		return st == SSA_EUSAGE ? BENCH_EXIT_USAGE : BENCH_EXIT_INPUT;
	}
	return BENCH_EXIT_OK;
}

struct run_ctx {
	const struct bench_kernel *k;
	void *state;
};

static int run_once(void *arg, uint64_t *counters)
{
	struct run_ctx *c = arg;
	return c->k->run(c->state, counters);
}

/* One kernel's life cycle (kernel.h). Returns the exit code this kernel asks for. */
static int run_kernel(const struct bench_cli *cli, const struct bench_input *in,
		      const struct selected *s, struct bench_result *res, FILE *dump_f)
{
	const struct bench_kernel *k = s->kernel;
	const struct cfg *g = &in->prog->cfg;
	memset(res, 0, sizeof *res);
	res->algo = k->name;
	res->stage = s->stage->name;
	res->check = "n/a";
	for (unsigned i = 0; i < BENCH_MAX_COUNTERS && k->counter_names[i]; i++)
		res->counter_names[res->ncounters++] = k->counter_names[i];

	res->mem_estimate = k->mem_estimate ? k->mem_estimate(in) : 0;
	{
		const char *how;
		uint64_t limit = bench_mem_limit(cli, &how);
		if (res->mem_estimate > limit) {
			char need[32], lim[32];
			bench_format_bytes(res->mem_estimate, need, sizeof need);
			bench_format_bytes(limit, lim, sizeof lim);
			res->status = BENCH_RUN_REFUSED;
			res->check = "skipped";
			snprintf(res->status_msg, sizeof res->status_msg,
				 "%s needs %s for n=%" PRIu32 " m=%" PRIu32 "; limit is %s (%s); use "
				 "--mem-limit to override",
				 k->name, need, g->n, g->m, lim, how);
			fprintf(stderr, "bench: refused: %s\n", res->status_msg);
			/* A group such as --algo=all runs what fits: iter alone needs n^2/8 bytes. */
			return s->by_group ? BENCH_EXIT_OK : BENCH_EXIT_REFUSED;
		}
	}

	bench_mem_reset();
	void *state = NULL;
	char err[256] = "";
	bench_progress("%s: setup", k->name);
	int st = k->setup(in, &state, err, sizeof err);
	bench_progress_done();
	if (st) {
		res->status = BENCH_RUN_FAILED;
		res->check = "skipped";
		snprintf(res->status_msg, sizeof res->status_msg, "setup: %s",
			 err[0] ? err : ssa_status_str(st));
		fprintf(stderr, "bench: %s: %s\n", k->name, res->status_msg);
		return exit_for_status(st) == BENCH_EXIT_VERIFY ? BENCH_EXIT_INPUT : exit_for_status(st);
	}
	struct run_ctx ctx = {k, state};
	bool progress = bench_progress_enabled() && (uint64_t)g->n + g->m >= 10000000u;
	st = bench_time_reps(run_once, &ctx, cli->warmup, cli->reps, res->counters, &res->timing,
			     progress ? k->name : NULL);
	bench_mem_snapshot(&res->mem);
	if (!st && res->timing.utilization < BENCH_BUSY_UTILIZATION && res->timing.median_ms >= 1.0)
		fprintf(stderr, "bench: warning: %s got %.0f%% of a CPU during its reps (%" PRIu64
			" involuntary context switches): the machine is busy and its times are "
			"inflated\n",
			k->name, 100.0 * res->timing.utilization, res->timing.invol_switches);
	int code = BENCH_EXIT_OK;
	if (st) {
		res->status = BENCH_RUN_FAILED;
		res->check = "skipped";
		snprintf(res->status_msg, sizeof res->status_msg, "run: %s", ssa_status_str(st));
		fprintf(stderr, "bench: %s: %s\n", k->name, res->status_msg);
		k->teardown(state);
		return exit_for_status(st) == BENCH_EXIT_VERIFY ? BENCH_EXIT_INPUT : exit_for_status(st);
	}
	if (!cli->check) {
		res->check = "skipped";
	} else if (k->check) {
		bench_progress("%s: check", k->name);
		st = k->check(state, res->check_msg, sizeof res->check_msg);
		bench_progress_done();
		if (st == SSA_OK) {
			res->check = "ok";
		} else if (st == BENCH_CHECK_NONE) {
			res->check = "unchecked";
		} else {
			res->check = st == SSA_EVERIFY ? "FAIL" : "error";
			if (!res->check_msg[0])
				snprintf(res->check_msg, sizeof res->check_msg, "%s", ssa_status_str(st));
			fprintf(stderr, "bench: %s: check %s: %s\n", k->name, res->check,
				res->check_msg);
			code = st == SSA_EVERIFY ? BENCH_EXIT_VERIFY : exit_for_status(st);
		}
	}
	if (dump_f) {
		if (!k->dump) {
			st = SSA_EUSAGE;
		} else {
			st = k->dump(state, cli->dump, dump_f);
		}
		if (st == SSA_EUSAGE) {
			fprintf(stderr, "bench: --dump=%s: kernel %s has no dump of that kind\n", cli->dump,
				k->name);
			if (!code)
				code = BENCH_EXIT_USAGE;
		} else if (st) {
			fprintf(stderr, "bench: --dump=%s: %s\n", cli->dump, ssa_status_str(st));
			if (!code)
				code = BENCH_EXIT_INPUT;
		}
	}
	k->teardown(state);
	return code;
}

int main(int argc, char **argv)
{
	struct bench_cli cli;
	char err[1024];
	int code = bench_cli_parse(&cli, argc, argv, err, sizeof err);
	if (code) {
		fprintf(stderr, "bench: %s\n", err);
		return code;
	}
	if (cli.help) {
		bench_cli_usage(stdout);
		return BENCH_EXIT_OK;
	}
	if (cli.algo && !strcmp(cli.algo, "list")) {
		list_kernels(stdout);
		return BENCH_EXIT_OK;
	}

	static struct selected sel[MAX_SELECTED];
	size_t nsel = 0;
	if (cli.algo) {
		code = select_kernels(cli.algo, sel, &nsel, err, sizeof err);
		if (code) {
			fprintf(stderr, "bench: %s\n", err);
			return code;
		}
		if (cli.dump && nsel != 1) {
			fprintf(stderr, "bench: --dump needs exactly one kernel (got %zu)\n", nsel);
			return BENCH_EXIT_USAGE;
		}
	} else if (!bench_pipeline_run) {
		fprintf(stderr, "bench: --pipeline is not available in this build\n");
		return BENCH_EXIT_USAGE;
	}

	struct bench_sysinfo sys;
	bench_sysinfo_collect(&sys, argc, argv);
	if (cli.pin != -1) {
		int st = bench_pin(&sys, cli.pin, err, sizeof err);
		if (st) {
			fprintf(stderr, "bench: %s\n", err);
			return st == SSA_EUSAGE ? BENCH_EXIT_USAGE : BENCH_EXIT_INPUT;
		}
	}

	/* The output file is opened before the (possibly long) input work so that an unwritable
	 * --out fails at once. */
	struct bench_outfile of;
	memset(&of, 0, sizeof of);
	if (cli.out) {
		int st = bench_outfile_open(&of, cli.out, err, sizeof err);
		if (st) {
			fprintf(stderr, "bench: --out %s\n", err);
			return BENCH_EXIT_INPUT;
		}
	}

	struct prog prog;
	memset(&prog, 0, sizeof prog);
	char note[200];
	code = load_input(&cli, &prog, note, sizeof note, err, sizeof err);
	if (code) {
		fprintf(stderr, "bench: %s\n", err);
		if (cli.out)
			bench_outfile_abort(&of);
		return code;
	}
	struct bench_graph_stats gs;
	bench_progress("graph statistics (reachability, reducibility)");
	int gst = bench_graph_stats(&prog.cfg, &gs);
	bench_progress_done();
	if (gst) {
		fprintf(stderr, "bench: out of memory computing graph statistics\n");
		if (cli.out)
			bench_outfile_abort(&of);
		prog_free(&prog);
		return BENCH_EXIT_REFUSED;
	}

	/* With --dump the dump is the product: it goes to --out or stdout, and the report goes
	 * to stdout when the dump has a file, else to stderr. */
	FILE *dump_f = NULL, *report_f = cli.out ? of.f : stdout;
	if (cli.dump) {
		dump_f = cli.out ? of.f : stdout;
		report_f = cli.out ? stdout : stderr;
	}

	struct bench_input in = {
		.prog = &prog,
		.family = cli.in ? NULL : cli.family,
		.path = cli.in,
		.seed = cli.in ? 0 : cli.gen.seed,
		.opts = &cli.opts,
	};
	struct bench_report rep = {
		.f = report_f,
		.format = cli.format,
		.cli = &cli,
		.sys = &sys,
		.gs = &gs,
		.family = in.family,
		.input = cli.in,
		.gen_note = note,
		.seed = in.seed,
		.vars = prog.nvars,
	};
	bench_report_begin(&rep);
	code = BENCH_EXIT_OK;
	const char *unfinished = cli.out ? of.tmp : NULL;
	if (cli.pipeline) {
		bench_deadline_arm(cli.time_limit_s, "the pipeline", unfinished);
		code = bench_pipeline_run(&cli, &in, &rep);
		bench_deadline_disarm();
	} else {
		for (size_t i = 0; i < nsel; i++) {
			struct bench_result res;
			bench_deadline_arm(cli.time_limit_s, sel[i].kernel->name, unfinished);
			int c = run_kernel(&cli, &in, &sel[i], &res, dump_f);
			bench_deadline_disarm();
			bench_report_row(&rep, &res);
			bench_timing_free(&res.timing);
			if (c && !code)
				code = c;
		}
	}
	bench_report_end(&rep);
	if (!cli.out && (fflush(stdout) != 0 || ferror(stdout))) {
		fprintf(stderr, "bench: writing to standard output failed\n");
		if (!code)
			code = BENCH_EXIT_INPUT;
	}

	/* The file is kept when every kernel ran to its end (even if a check failed or one was
	 * refused): it then holds a complete report. Usage and input errors leave nothing. */
	if (cli.out) {
		if (code == BENCH_EXIT_OK || code == BENCH_EXIT_VERIFY || code == BENCH_EXIT_REFUSED) {
			if (bench_outfile_commit(&of, err, sizeof err)) {
				fprintf(stderr, "bench: --out %s\n", err);
				if (!code)
					code = BENCH_EXIT_INPUT;
			}
		} else {
			bench_outfile_abort(&of);
		}
	}
	prog_free(&prog);
	return code;
}
