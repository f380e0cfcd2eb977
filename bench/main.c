/* bench: times SSA-construction kernels on a generated or loaded CFG/program and reports
 * graph statistics, every rep's time with median/min/max, ns per block and edge, counters,
 * memory and the check outcome, as text, CSV or JSON (README: "bench"). The machinery lives in
 * driver.h; this file is the command: options, input, kernel selection, the per-kernel life
 * cycle of kernel.h, and exit codes. */
#include "bench/driver.h"
#include "util/mem.h"
#include "gen/gen.h"
#include "io/io.h"
#include "util/status.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct selection {
	struct bench_selected *v;
	size_t n, cap;
};

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

static void list_kernels(FILE *f)
{
	for (size_t s = 0; s < bench_nstages; s++) {
		const struct bench_stage *st = bench_stages[s];
		fprintf(f, "stage %s: %s\n", st->name, st->title);
		for (size_t i = 0, n = st->count(); i < n; i++) {
			struct bench_kernel k;
			st->kernel(st, i, &k);
			fprintf(f, "  %-18s %s\n", k.name, k.summary);
		}
		for (const struct bench_option *o = st->options; o && o->name; o++)
			fprintf(f, "  option --%-10s %s\n", o->name, o->help ? o->help : "");
	}
	bench_peers_info(f);
}

static int add(struct selection *sel, const struct bench_kernel *k, bool by_group)
{
	if (sel->n == sel->cap) {
		size_t cap = sel->cap ? 2 * sel->cap : 16;
		struct bench_selected *v = ssa_realloc_array(sel->v, cap, sizeof *v);
		if (!v)
			return SSA_ENOMEM;
		sel->v = v;
		sel->cap = cap;
	}
	sel->v[sel->n].k = *k;
	sel->v[sel->n].by_group = by_group;
	sel->n++;
	return SSA_OK;
}

static int add_stage(struct selection *sel, const struct bench_stage *st)
{
	for (size_t i = 0, n = st->count(); i < n; i++) {
		struct bench_kernel k;
		st->kernel(st, i, &k);
		if (add(sel, &k, true) != SSA_OK)
			return SSA_ENOMEM;
	}
	return SSA_OK;
}

/* "a,b,c", "all" (the floor and the dominators), "all:STAGE", "STAGE:name". */
static int select_kernels(const char *spec, struct selection *sel, char *err, size_t errlen)
{
	for (const char *p = spec;;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		int st = SSA_OK;
		if (len == 0) {
			snprintf(err, errlen, "--algo=%s: empty name in the list", spec);
			return BENCH_EXIT_USAGE;
		}
		if (len == 3 && !strncmp(p, "all", 3)) {
			st = add_stage(sel, bench_find_stage("floor", 5));
			if (st == SSA_OK)
				st = add_stage(sel, bench_find_stage("dom", 3));
		} else if (len > 4 && !strncmp(p, "all:", 4)) {
			const struct bench_stage *stage = bench_find_stage(p + 4, len - 4);
			if (!stage) {
				snprintf(err, errlen, "--algo: no stage named '%.*s' (try --algo=list)",
					 (int)(len - 4), p + 4);
				return BENCH_EXIT_USAGE;
			}
			st = add_stage(sel, stage);
		} else {
			struct bench_kernel k;
			if (!bench_find_kernel(p, len, &k)) {
				snprintf(err, errlen, "--algo: no kernel named '%.*s' (try --algo=list)",
					 (int)len, p);
				return BENCH_EXIT_USAGE;
			}
			st = add(sel, &k, false);
		}
		if (st != SSA_OK) {
			snprintf(err, errlen, "--algo: out of memory");
			return BENCH_EXIT_INPUT;
		}
		if (!end)
			return BENCH_EXIT_OK;
		p = end + 1;
	}
}

/* Builds or loads the input program. Untimed. */
static int load_input(const struct bench_cli *cli, const char *path, struct prog *prog,
		      char *note, size_t notelen, char *err, size_t errlen)
{
	note[0] = 0;
	if (path) {
		struct io_error ioe;
		memset(&ioe, 0, sizeof ioe);
		bench_progress("reading %s", path);
		int st = io_read_prog(path, prog, &ioe);
		bench_progress_done();
		if (st) {
			char buf[600];
			io_error_format(&ioe, buf, sizeof buf);
			snprintf(err, errlen, "%s", buf);
			return BENCH_EXIT_INPUT;
		}
		if (cli->gen.p.vars) {
			if (prog->nvars) {
				snprintf(err, errlen, "--vars: %s already is a program with %" PRIu32
					 " variables", path, prog->nvars);
				prog_free(prog);
				return BENCH_EXIT_USAGE;
			}
			struct cfg g = prog->cfg;
			free(prog->op_off);
			free(prog->ops);
			memset(prog, 0, sizeof *prog);
			st = gen_prog(&cli->gen.p, &g, prog);
			if (st) {
				snprintf(err, errlen, "generating a program over %s: %s", path,
					 ssa_status_str(st));
				return st == SSA_EUSAGE ? BENCH_EXIT_USAGE : BENCH_EXIT_INPUT;
			}
		}
		return BENCH_EXIT_OK;
	}
	struct gen_info info;
	memset(&info, 0, sizeof info);
	struct cfg g;
	memset(&g, 0, sizeof g);
	bench_progress("generating %s n=%" PRIu64 " seed=%" PRIu64, cli->gen.p.family,
		       cli->gen.p.blocks, cli->gen.p.seed);
	int st = gen_cfg(&cli->gen.p, &g, &info);
	if (st) {
		bench_progress_done();
		snprintf(err, errlen, "generating %s with %" PRIu64 " blocks: %s%s%s",
			 cli->gen.p.family, cli->gen.p.blocks, ssa_status_str(st), info.note[0] ? ": " : "", info.note);
		return st == SSA_EUSAGE ? BENCH_EXIT_USAGE : BENCH_EXIT_INPUT;
	}
	snprintf(note, notelen, "%s", info.note);
	if (cli->gen.p.vars) {
		bench_progress("generating a program with %" PRIu32 " variables", cli->gen.p.vars);
		st = gen_prog(&cli->gen.p, &g, prog);
	} else {
		st = prog_empty(prog, &g, 0);
	}
	bench_progress_done();
	if (st) {
		cfg_free(&g); /* gen_prog leaves the CFG to its caller on failure */
		snprintf(err, errlen, "generating the program: %s", ssa_status_str(st));
		return st == SSA_EUSAGE ? BENCH_EXIT_USAGE : BENCH_EXIT_INPUT;
	}
	return BENCH_EXIT_OK;
}

struct run_ctx {
	const struct bench_stage *st;
	void *state;
};

static int run_once(void *arg, uint64_t *counters)
{
	struct run_ctx *c = arg;
	return c->st->run(c->state, counters);
}

static void fail(struct bench_result *res, enum bench_run_status status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The function the kernel runs on (LLVM IR input), for messages: "" or "function 'f': ". */
static char where[300];

static void fail(struct bench_result *res, enum bench_run_status status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	res->status = status;
	res->check = "skipped";
	vsnprintf(res->status_msg, sizeof res->status_msg, fmt, ap);
	va_end(ap);
	if (status == BENCH_RUN_REFUSED)
		fprintf(stderr, "bench: %srefused: %s\n", where, res->status_msg);
	else
		fprintf(stderr, "bench: %s%s: %s\n", where, res->algo, res->status_msg);
}

/* A kernel that does not fit (memory, or a size limit such as --df-limit) is refused; a
 * refusal of a kernel chosen by a group does not change the exit code. */
static int refusal(const struct bench_selected *s)
{
	return s->by_group ? BENCH_EXIT_OK : BENCH_EXIT_REFUSED;
}

/* A kernel between its calibration and its check: the interleaved runner holds several. */
struct open_kernel {
	const struct bench_selected *s;
	struct bench_result *res;
	struct run_ctx ctx;
	bool open;    /* set up and calibrated: samples may be taken */
	int code;     /* the exit code it asks for so far */
	double setup_s; /* what its setup, warm-up and calibration took (for --time-limit) */
};

static void set_where(const struct bench_input *in)
{
	where[0] = 0;
	if (in->function)
		snprintf(where, sizeof where, "function '%s': ", in->function);
}

/* Memory check, setup, prepare, warm-up and calibration. On success ok->open is set;
 * otherwise res says why and ok->code what exit. */
static void kernel_open(const struct bench_cli *cli, const struct bench_input *in,
			struct open_kernel *ok)
{
	const struct bench_selected *s = ok->s;
	struct bench_result *res = ok->res;
	set_where(in);
	const struct bench_kernel *k = &s->k;
	const struct bench_stage *stage = k->stage;
	const struct cfg *g = &in->prog->cfg;
	double t0 = bench_now_ns();
	ok->open = false;
	ok->code = BENCH_EXIT_OK;
	memset(res, 0, sizeof *res);
	res->algo = k->name;
	res->stage = stage->name;
	res->check = "n/a";
	res->timing.prepare_ms = -1;
	for (unsigned i = 0; i < BENCH_MAX_COUNTERS && k->counter_names[i]; i++)
		res->counter_names[res->ncounters++] = k->counter_names[i];

	res->mem_estimate = stage->mem_estimate(k, in);
	const char *how;
	uint64_t limit = bench_mem_limit(cli, &how);
	if (res->mem_estimate > limit) {
		char need[32], lim[32], why[300];
		bench_format_bytes(res->mem_estimate, need, sizeof need);
		bench_format_bytes(limit, lim, sizeof lim);
		snprintf(why, sizeof why, "%s needs %s for n=%" PRIu32 " m=%" PRIu32 "; limit is %s "
			 "(%s); use --mem-limit to override", k->name, need, g->n, g->m, lim, how);
		fail(res, BENCH_RUN_REFUSED, "%s", why);
		ok->code = refusal(s);
		return;
	}

	bench_mem_reset();
	void *state = NULL;
	char err[256] = "";
	bench_progress("%s: setup", k->name);
	int st = stage->setup(k, in, &state, err, sizeof err);
	bench_progress_done();
	if (st == SSA_ETOOBIG || st == SSA_ENOMEM) {
		fail(res, BENCH_RUN_REFUSED, "setup: %s", err[0] ? err : ssa_status_str(st));
		ok->code = refusal(s);
		return;
	}
	if (st) {
		fail(res, BENCH_RUN_FAILED, "setup: %s", err[0] ? err : ssa_status_str(st));
		ok->code = st == SSA_EVERIFY ? BENCH_EXIT_INPUT : bench_exit_for(st);
		return;
	}
	double prepare_ms = -1;
	if (k->prepare) {
		double p0 = bench_now_ns();
		st = stage->prepare(state);
		prepare_ms = (bench_now_ns() - p0) / 1e6;
		res->timing.prepare_ms = prepare_ms;
		if (st) {
			fail(res, BENCH_RUN_FAILED, "prepare: %s", ssa_status_str(st));
			stage->teardown(state);
			ok->code = bench_exit_for(st) == BENCH_EXIT_VERIFY ? BENCH_EXIT_INPUT
									   : bench_exit_for(st);
			return;
		}
	}
	ok->ctx = (struct run_ctx){stage, state};
	bench_progress("%s: warm-up and calibration", k->name);
	st = bench_time_begin(run_once, &ok->ctx, &cli->timing, res->counters, &res->timing);
	bench_progress_done();
	res->timing.prepare_ms = prepare_ms;
	/* The peak of what setup and the runs allocated above what was live before: taken now,
	 * as the samples of other kernels may follow while this one's scratch is alive. */
	bench_mem_snapshot(&res->mem);
	if (st) {
		fail(res, BENCH_RUN_FAILED, "run: %s", ssa_status_str(st));
		stage->teardown(state);
		ok->code = bench_exit_for(st) == BENCH_EXIT_VERIFY ? BENCH_EXIT_INPUT : bench_exit_for(st);
		return;
	}
	ok->open = true;
	ok->setup_s = (bench_now_ns() - t0) / 1e9;
}

/* One sample; a failing run closes the kernel. */
static void kernel_sample(const struct bench_input *in, struct open_kernel *ok, unsigned i)
{
	int st = bench_time_sample(run_once, &ok->ctx, ok->res->counters, &ok->res->timing, i);
	if (st == SSA_OK)
		return;
	set_where(in);
	fail(ok->res, BENCH_RUN_FAILED, "run: %s", ssa_status_str(st));
	ok->ctx.st->teardown(ok->ctx.state);
	ok->open = false;
	ok->code = bench_exit_for(st) == BENCH_EXIT_VERIFY ? BENCH_EXIT_INPUT : bench_exit_for(st);
}

/* Statistics, the busy warning, check, dump, teardown. */
static void kernel_close(const struct bench_cli *cli, const struct bench_input *in,
			 struct open_kernel *ok, FILE *dump_f)
{
	struct bench_result *res = ok->res;
	const struct bench_kernel *k = &ok->s->k;
	const struct bench_stage *stage = k->stage;
	const struct cfg *g = &in->prog->cfg;
	void *state = ok->ctx.state;
	set_where(in);
	ok->open = false;
	struct bench_mem peak = res->mem;
	bench_mem_snapshot(&res->mem);
	res->mem.peak_alloc = peak.peak_alloc;
	int st = bench_timing_stats(&res->timing);
	if (st) {
		fail(res, BENCH_RUN_FAILED, "run: %s", ssa_status_str(st));
		stage->teardown(state);
		ok->code = bench_exit_for(st);
		return;
	}
	if (bench_utilization_odd(res->timing.utilization) && res->timing.median_ms >= 1.0 &&
	    !cli->quiet)
		fprintf(stderr, "bench: warning: %s%s got %.0f%% of a CPU during its samples (%" PRIu64
			" involuntary context switches): its times are not to be trusted\n",
			where, k->name, 100.0 * res->timing.utilization, res->timing.invol_switches);
	int code = BENCH_EXIT_OK;
	if (!cli->check) {
		res->check = "skipped";
	} else {
		bench_progress("%s: check", k->name);
		st = stage->check(state, res->check_msg, sizeof res->check_msg);
		bench_progress_done();
		if (st == SSA_OK) {
			res->check = "ok";
		} else if (st == BENCH_CHECK_NONE) {
			res->check = "unchecked";
		} else {
			res->check = st == SSA_EVERIFY ? "FAIL" : "error";
			if (!res->check_msg[0])
				snprintf(res->check_msg, sizeof res->check_msg, "%s", ssa_status_str(st));
			fprintf(stderr, "bench: %s%s: check %s: %s\n", where, k->name, res->check,
				res->check_msg);
			code = bench_exit_for(st);
		}
	}
	if (dump_f) {
		/* dot: the input's CFG, whatever the kernel (blocks labelled by name). */
		st = !strcmp(cli->dump, "dot")
			     ? io_write_dot_cfg_named(dump_f, g, &in->prog->bnames, "cfg")
			     : stage->dump(state, cli->dump, dump_f);
		if (st) {
			fprintf(stderr, "bench: %s--dump=%s: %s\n", where, cli->dump,
				ssa_status_str(st));
			if (!code)
				code = BENCH_EXIT_INPUT;
		}
	}
	stage->teardown(state);
	ok->code = code;
}

/* All samples of one open kernel, with progress on big graphs. */
static void kernel_samples(const struct bench_cli *cli, const struct bench_input *in,
			   struct open_kernel *ok)
{
	const struct cfg *g = &in->prog->cfg;
	bool progress = bench_progress_enabled() && (uint64_t)g->n + g->m >= 10000000u;
	for (unsigned i = 0; i < cli->timing.reps && ok->open; i++) {
		if (progress)
			bench_progress("%s: sample %u/%u", ok->s->k.name, i + 1, cli->timing.reps);
		kernel_sample(in, ok, i);
	}
	bench_progress_done();
}

int bench_run_kernel(const struct bench_cli *cli, const struct bench_input *in,
		     const struct bench_selected *s, struct bench_result *res, FILE *dump_f)
{
	struct open_kernel ok = {.s = s, .res = res};
	kernel_open(cli, in, &ok);
	if (!ok.open)
		return ok.code;
	kernel_samples(cli, in, &ok);
	if (ok.open)
		kernel_close(cli, in, &ok, dump_f);
	return ok.code;
}

/* The paired ratio of res[from, to) to the row of kernel name of stage stage among res[0, n),
 * when it has run, into the field at offset off (x_dfs or x_base). */
static void ratios_to(struct bench_result *res, size_t n, size_t from, size_t to,
		      const char *name, const char *stage, size_t off)
{
	const struct bench_result *base = NULL;
	for (size_t i = 0; i < n; i++)
		if (res[i].status == BENCH_RUN_OK && !strcmp(res[i].algo, name) &&
		    !strcmp(res[i].stage, stage))
			base = &res[i];
	for (size_t i = from; i < to && base; i++) {
		if (res[i].status != BENCH_RUN_OK)
			continue;
		unsigned np = res[i].timing.reps < base->timing.reps ? res[i].timing.reps
								     : base->timing.reps;
		bench_ratio_paired(res[i].timing.rep_ms, base->timing.rep_ms, np,
				   (struct bench_ratio *)((char *)&res[i] + off));
	}
}

/* x_dfs, and x_base against --baseline, of res[from, to). */
static void ratios_of(const struct bench_cli *cli, struct bench_result *res, size_t n,
		      size_t from, size_t to)
{
	ratios_to(res, n, from, to, "dfs", "floor", offsetof(struct bench_result, x_dfs));
	for (size_t i = from; i < to && cli->baseline; i++)
		res[i].base = cli->baseline;
	if (cli->baseline)
		ratios_to(res, n, from, to, cli->baseline, cli->base_stage,
			  offsetof(struct bench_result, x_base));
}

static void order_note(struct bench_report *rep, const struct bench_input *in, const char *order)
{
	if (!order[0])
		return;
	/* On LLVM IR interleaving is the rule; only its absence is worth a line per function. */
	if (rep->module && in->function) {
		if (strncmp(order, "order: one kernel after another", 31))
			return;
		char line[900];
		snprintf(line, sizeof line, "function %s: %s", in->function, order);
		bench_report_note(rep, line);
	} else {
		bench_report_note(rep, order);
	}
}

static void report_and_free(struct bench_report *rep, struct bench_result *res)
{
	bench_report_row(rep, res);
	bench_timing_free(&res->timing);
}

int bench_run_kernels(const struct bench_cli *cli, const struct bench_input *in,
		      const struct bench_selected *sel, size_t n, struct bench_report *rep,
		      FILE *dump_f, const char *unfinished)
{
	char order[600];
	size_t orderlen = sizeof order;
	order[0] = 0;
	struct bench_result *res = ssa_calloc_array(n ? n : 1, sizeof *res);
	if (!res) {
		fprintf(stderr, "bench: out of memory\n");
		return BENCH_EXIT_REFUSED;
	}
	/* Interleaving keeps every kernel's scratch alive at once: the estimates must fit
	 * together, else the kernels run one after another as they always could. */
	bool interleave = n > 1 && cli->timing.reps > 1;
	uint64_t sum = 0;
	const char *how;
	uint64_t limit = bench_mem_limit(cli, &how);
	/* A kernel refused alone is not counted: it will not run. */
	for (size_t i = 0; i < n && interleave; i++) {
		uint64_t e = sel[i].k.stage->mem_estimate(&sel[i].k, in);
		if (e <= limit)
			sum = ssa_sat_add(sum, e);
	}
	if (interleave && sum > limit) {
		char a[32], b[32];
		bench_format_bytes(sum, a, sizeof a);
		bench_format_bytes(limit, b, sizeof b);
		snprintf(order, orderlen, "order: one kernel after another, not interleaved: their "
			 "memory estimates sum to %s, above the limit of %s (%s)", a, b, how);
		interleave = false;
	}
	int code = BENCH_EXIT_OK;
	if (!interleave) {
		/* Each row is written when its kernel ends, as a later one may overrun
		 * --time-limit and end the process; x_dfs needs the floor to have run first. */
		order_note(rep, in, order);
		for (size_t i = 0; i < n; i++) {
			bench_deadline_arm(cli->time_limit_s, sel[i].k.name, unfinished);
			int c = bench_run_kernel(cli, in, &sel[i], &res[i], dump_f);
			bench_deadline_disarm();
			if (c && !code)
				code = c;
			ratios_of(cli, res, i + 1, i, i + 1);
			bench_report_row(rep, &res[i]);
		}
		for (size_t i = 0; i < n; i++)
			bench_timing_free(&res[i].timing);
		free(res);
		return code;
	}
	struct open_kernel *ok = ssa_calloc_array(n, sizeof *ok);
	if (!ok) {
		fprintf(stderr, "bench: out of memory\n");
		free(res);
		return BENCH_EXIT_REFUSED;
	}
	/* Each kernel's own memory check still refuses it alone; the others then interleave. */
	double budget = 0;
	for (size_t i = 0; i < n; i++) {
		ok[i] = (struct open_kernel){.s = &sel[i], .res = &res[i]};
		bench_deadline_arm(cli->time_limit_s, sel[i].k.name, unfinished);
		kernel_open(cli, in, &ok[i]);
		bench_deadline_disarm();
		if (ok[i].open)
			budget += cli->time_limit_s - ok[i].setup_s;
	}
	/* The samples of all kernels share the time the limit leaves each of them. */
	char names[400];
	size_t u = 0;
	names[0] = 0;
	unsigned nopen = 0;
	for (size_t i = 0; i < n; i++)
		if (ok[i].open && u < sizeof names) {
			int w = snprintf(names + u, sizeof names - u, "%s%s", nopen ? "," : "",
					 sel[i].k.name);
			u += w > 0 ? (size_t)w : 0;
			nopen++;
		}
	if (nopen > 1)
		snprintf(order, orderlen, "order: samples interleaved round-robin over %u kernels "
			 "(%s): round i takes sample i of each", nopen, names);
	char what[512];
	snprintf(what, sizeof what, "the interleaved samples of %s", names);
	if (cli->time_limit_s > 0)
		bench_deadline_arm(budget > 0.001 ? budget : 0.001, what, unfinished);
	const struct cfg *g = &in->prog->cfg;
	bool progress = bench_progress_enabled() && (uint64_t)g->n + g->m >= 10000000u;
	for (unsigned r = 0; r < cli->timing.reps; r++) {
		if (progress)
			bench_progress("round %u/%u of %s", r + 1, cli->timing.reps, names);
		for (size_t i = 0; i < n; i++)
			if (ok[i].open)
				kernel_sample(in, &ok[i], r);
	}
	bench_progress_done();
	bench_deadline_disarm();
	for (size_t i = 0; i < n; i++) {
		res[i].interleaved = ok[i].open && nopen > 1;
		if (ok[i].open) {
			bench_deadline_arm(cli->time_limit_s, sel[i].k.name, unfinished);
			kernel_close(cli, in, &ok[i], dump_f);
			bench_deadline_disarm();
		}
		if (ok[i].code && !code)
			code = ok[i].code;
	}
	free(ok);
	ratios_of(cli, res, n, 0, n);
	order_note(rep, in, order);
	for (size_t i = 0; i < n; i++)
		report_and_free(rep, &res[i]);
	free(res);
	return code;
}

/* Chooses the kernels, then refuses before any work what the run could not honour: a dump kind
 * the kernel lacks, an option nothing chosen reads. */
static int plan(const struct bench_cli *cli, struct selection *sel, char *err, size_t errlen)
{
	const struct bench_option *tables[32];
	size_t nt = 0;
	/* A generated input has variables only with --vars; a file's are known once it is read. */
	bool no_vars = !cli->in && cli->gen.p.vars == 0;
	const struct bench_kernel *needy = NULL; /* a chosen kernel that needs variables */
	if (cli->pipeline) {
		tables[nt++] = bench_pipeline_options;
		if (cli->dump && strcmp(cli->dump, "ssa")) {
			snprintf(err, errlen, "--dump=%s: a pipeline writes only its final SSA "
				 "(--dump=ssa)", cli->dump);
			return BENCH_EXIT_USAGE;
		}
	} else if (cli->m2r && !cli->algo) {
		/* llvm-mem2reg alone: no ssalab kernel, no stage option read. */
		return bench_cli_check_used(cli, tables, 0, cli->gen.p.vars > 0, err, errlen);
	} else {
		int code = select_kernels(cli->algo, sel, err, errlen);
		if (code)
			return code;
		if (cli->dump && sel->n != 1) {
			snprintf(err, errlen, "--dump needs exactly one kernel (got %zu)", sel->n);
			return BENCH_EXIT_USAGE;
		}
		if (cli->dump && strcmp(cli->dump, "dot") &&
		    !bench_kernel_has_dump(&sel->v[0].k, cli->dump)) {
			snprintf(err, errlen, "--dump=%s: kernel %s has no dump of that kind (it has: %s, "
				 "and dot, the input's CFG)",
				 cli->dump, sel->v[0].k.name,
				 sel->v[0].k.dumps[0] ? sel->v[0].k.dumps : "none");
			return BENCH_EXIT_USAGE;
		}
		for (size_t i = 0; i < sel->n; i++) {
			const struct bench_stage *st = sel->v[i].k.stage;
			if (st->needs_vars && !needy)
				needy = &sel->v[i].k;
			bool have = false;
			for (size_t t = 0; t < nt; t++)
				have |= tables[t] == st->options;
			if (!have && st->options && nt < sizeof tables / sizeof *tables)
				tables[nt++] = st->options;
		}
	}
	int code = bench_cli_check_used(cli, tables, nt, cli->gen.p.vars > 0, err, errlen);
	if (code || !no_vars || !(cli->pipeline || needy))
		return code;
	if (cli->pipeline)
		snprintf(err, errlen, "--pipeline needs a program: give --vars=V (or --in a .prog "
			 "with variables)");
	else
		snprintf(err, errlen, "kernel %s (stage %s) needs a program: give --vars=V (or --in "
			 "a .prog with variables)", needy->name, needy->stage->name);
	return BENCH_EXIT_USAGE;
}

/* --baseline: a kernel of the list, the dfs floor or of the stage of every other kernel (a
 * ratio across stages compares different work); without it, dfs when it is listed. */
static int resolve_baseline(struct bench_cli *cli, const struct selection *sel, char *err,
			    size_t errlen)
{
	bool dfs = false;
	for (size_t i = 0; i < sel->n; i++)
		dfs |= !strcmp(sel->v[i].k.name, "dfs") && !strcmp(sel->v[i].k.stage->name, "floor");
	if (!cli->baseline) {
		if (dfs && !cli->pipeline) {
			cli->baseline = "dfs";
			cli->base_stage = "floor";
		}
		return BENCH_EXIT_OK;
	}
	if (cli->pipeline || !sel->n) {
		snprintf(err, errlen, "--baseline=%s: compares the kernels of --algo, and there are "
			 "none (the pipeline's ratios are to dfs)", cli->baseline);
		return BENCH_EXIT_USAGE;
	}
	struct bench_kernel k;
	if (!bench_find_kernel(cli->baseline, strlen(cli->baseline), &k)) {
		snprintf(err, errlen, "--baseline=%s: no kernel of that name (try --algo=list)",
			 cli->baseline);
		return BENCH_EXIT_USAGE;
	}
	bool listed = false;
	for (size_t i = 0; i < sel->n; i++)
		listed |= !strcmp(sel->v[i].k.name, k.name) && sel->v[i].k.stage == k.stage;
	if (!listed) {
		snprintf(err, errlen, "--baseline=%s: not among the --algo kernels (%s)",
			 cli->baseline, cli->algo);
		return BENCH_EXIT_USAGE;
	}
	bool floor = !strcmp(k.stage->name, "floor");
	for (size_t i = 0; i < sel->n && !floor; i++) {
		const struct bench_stage *st = sel->v[i].k.stage;
		if (st != k.stage && strcmp(st->name, "floor")) {
			snprintf(err, errlen, "--baseline=%s is of stage %s, and %s of stage %s: a "
				 "baseline is dfs or of the stage of the kernels it is set against",
				 cli->baseline, k.stage->name, sel->v[i].k.name, st->name);
			return BENCH_EXIT_USAGE;
		}
	}
	cli->baseline = k.name;
	cli->base_stage = k.stage->name;
	return BENCH_EXIT_OK;
}

/* The file is kept when every kernel ran to its end (even if a check failed or one was
 * refused): it then holds a complete report. Usage and input errors leave nothing. */
static int finish_out(const struct bench_cli *cli, struct bench_outfile *of, int code,
		      bool complete, bool partial)
{
	char err[600];
	if (!cli->out) {
		if (fflush(stdout) != 0 || ferror(stdout)) {
			fprintf(stderr, "bench: writing to standard output failed\n");
			if (!code)
				code = BENCH_EXIT_INPUT;
		}
		return code;
	}
	/* partial: --keep-going skipped unreadable inputs; what the others gave is kept. */
	if (complete && (code == BENCH_EXIT_OK || code == BENCH_EXIT_VERIFY ||
			 code == BENCH_EXIT_REFUSED || (partial && code == BENCH_EXIT_INPUT))) {
		if (bench_outfile_commit(of, err, sizeof err)) {
			fprintf(stderr, "bench: --out %s\n", err);
			if (!code)
				code = BENCH_EXIT_INPUT;
		}
	} else {
		bench_outfile_abort(of);
	}
	return code;
}

/* The file inputs of a run: the --in files in order, a directory's files by name. */
struct inlist {
	char **path;
	size_t n, cap;
	bool several; /* more than one --in, or a directory: per-file blocks and a summary */
};

static void inlist_free(struct inlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->path[i]);
	free(l->path);
}

static int inlist_add(struct inlist *l, const char *dir, const char *name)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;
		char **v = ssa_realloc_array(l->path, cap, sizeof *v);
		if (!v)
			return SSA_ENOMEM;
		l->path = v;
		l->cap = cap;
	}
	size_t dl = dir ? strlen(dir) : 0;
	bool slash = dl && dir[dl - 1] != '/'; /* "cfgs/" names "cfgs/a.cfg", not "cfgs//a.cfg" */
	size_t len = dl + slash + strlen(name) + 1;
	char *p = malloc(len);
	if (!p)
		return SSA_ENOMEM;
	snprintf(p, len, "%s%s%s", dir ? dir : "", slash ? "/" : "", name);
	l->path[l->n++] = p;
	return SSA_OK;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a > b && !strcmp(s + a - b, suffix);
}

/* The names a directory's file inputs end in (README: "Several inputs"); others are skipped. */
static const char *const file_suffixes[] = {".cfg", ".prog", ".ssab", ".dot", ".gv", ".edges",
					    ".el", ".txt", NULL};

static bool is_input_name(const char *name)
{
	if (name[0] == '.')
		return false;
	for (const char *const *x = file_suffixes; *x; x++)
		if (has_suffix(name, *x))
			return true;
	return false;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory holding .ll or .bc modules is LLVM IR input (bench/input_llvm.c). */
static bool dir_has_llvm(const char *path)
{
	DIR *d = opendir(path);
	if (!d)
		return false;
	bool llvm = false;
	for (struct dirent *e; !llvm && (e = readdir(d));)
		llvm = e->d_name[0] != '.' && (has_suffix(e->d_name, ".ll") ||
					       has_suffix(e->d_name, ".bc"));
	closedir(d);
	return llvm;
}

/* A module, or a directory holding modules. */
static bool input_is_llvm(const char *path)
{
	struct stat sb;
	if (strcmp(path, "-") && stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
		return dir_has_llvm(path);
	return bench_input_is_llvm(path);
}

/* The files of directory path with an input suffix, sorted by name, appended to l. */
static int list_dir(const char *path, struct inlist *l, char *err, size_t errlen)
{
	DIR *d = opendir(path);
	if (!d) {
		snprintf(err, errlen, "--in %s: cannot read the directory: %s", path, strerror(errno));
		return BENCH_EXIT_INPUT;
	}
	size_t first = l->n;
	int st = SSA_OK;
	for (struct dirent *e; st == SSA_OK && (e = readdir(d));)
		if (is_input_name(e->d_name))
			st = inlist_add(l, path, e->d_name);
	closedir(d);
	if (st != SSA_OK) {
		snprintf(err, errlen, "--in %s: out of memory listing the directory", path);
		return BENCH_EXIT_REFUSED;
	}
	if (l->n == first) {
		snprintf(err, errlen, "--in %s: the directory holds no input file (.ll, .bc, .cfg, "
			 ".prog, .ssab, .dot, .gv, .edges, .el or .txt)", path);
		return BENCH_EXIT_INPUT;
	}
	qsort(l->path + first, l->n - first, sizeof *l->path, cmp_path);
	return BENCH_EXIT_OK;
}

/* Expands the --in list into files. LLVM IR is one module or one directory of modules: it
 * does not mix with other inputs. */
static int expand_inputs(const struct bench_cli *cli, struct inlist *l, char *err, size_t errlen)
{
	memset(l, 0, sizeof *l);
	l->several = cli->nin > 1;
	for (unsigned i = 0; i < cli->nin; i++) {
		const char *in = cli->ins[i];
		struct stat sb;
		bool dir = strcmp(in, "-") && stat(in, &sb) == 0 && S_ISDIR(sb.st_mode);
		if (cli->nin > 1 && ((dir && dir_has_llvm(in)) || (!dir && bench_input_is_llvm(in)))) {
			snprintf(err, errlen, "--in %s is LLVM IR: an LLVM IR input is one module or one "
				 "directory of modules, alone on the command line", in);
			return BENCH_EXIT_USAGE;
		}
		int code = dir ? list_dir(in, l, err, errlen)
			       : inlist_add(l, NULL, in) == SSA_OK ? BENCH_EXIT_OK : BENCH_EXIT_REFUSED;
		if (code == BENCH_EXIT_REFUSED && !dir)
			snprintf(err, errlen, "out of memory");
		if (code)
			return code;
		l->several |= dir;
	}
	return BENCH_EXIT_OK;
}

/* The report's name for the format of a file input: cfg, prog, ssab, dot or edges (by content,
 * as io_read_prog tells them apart); "stdin" for "-" (read once, by the reader alone); "" when
 * it cannot be read. */
static const char *file_format(const char *path)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "rb") : NULL;
	if (!f)
		return strcmp(path, "-") ? "" : "stdin";
	unsigned char buf[4096];
	size_t n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	enum io_input_kind k = io_sniff(buf, n);
	if (k != IO_IN_TEXT)
		return io_input_kind_str(k);
	/* Text: the 'p' line says cfg or prog. */
	for (size_t i = 0; i + 6 <= n; i++)
		if ((i == 0 || buf[i - 1] == '\n') && !memcmp(buf + i, "p prog", 6))
			return "prog";
	return "cfg";
}

/* One input (a file, or the generated graph when path is NULL): load it, run every kernel (or
 * the pipeline), one row each; the report of a single input begins and ends here, one of
 * several files is a section of it. *loaded says whether the input could be read. */
static int run_input(const struct bench_cli *cli, const struct selection *sel, const char *path,
		     struct bench_report *rep, FILE *dump_f, const char *unfinished, bool *loaded)
{
	char err[1024], note[200];
	struct prog prog;
	memset(&prog, 0, sizeof prog);
	*loaded = false;
	int code = load_input(cli, path, &prog, note, sizeof note, err, sizeof err);
	if (code) {
		fprintf(stderr, "bench: %s\n", err);
		return code;
	}
	struct bench_graph_stats gs;
	bench_progress("graph statistics (reachability, reducibility)");
	int gst = bench_graph_stats(&prog.cfg, &gs);
	bench_progress_done();
	if (gst) {
		fprintf(stderr, "bench: %s%sout of memory computing graph statistics\n",
			path ? path : "", path ? ": " : "");
		prog_free(&prog);
		return BENCH_EXIT_REFUSED;
	}
	*loaded = true;
	struct bench_input in = {
		.prog = &prog,
		.family = path ? NULL : cli->gen.p.family,
		.path = path,
		.seed = path ? 0 : cli->gen.p.seed,
		.opts = &cli->opts,
	};
	rep->gs = &gs;
	rep->family = in.family;
	rep->input = path;
	rep->input_format = path ? file_format(path) : NULL;
	rep->gen_note = note;
	rep->seed = in.seed;
	rep->vars = prog.nvars;
	if (rep->files)
		bench_report_input(rep);
	else
		bench_report_begin(rep);
	if (cli->pipeline) {
		bench_deadline_arm(cli->time_limit_s, "the pipeline", unfinished);
		code = bench_pipeline_run(cli, &in, rep, dump_f);
		bench_deadline_disarm();
	} else {
		code = bench_run_kernels(cli, &in, sel->v, sel->n, rep, dump_f, unfinished);
	}
	/* The report of one input ends here: it reads the graph statistics. */
	if (rep->files)
		bench_report_input_end(rep);
	else
		bench_report_end(rep);
	prog_free(&prog);
	rep->gs = NULL;
	return code;
}

/* Generated input, one file, or several files (each timed as a single input, then a summary
 * over them). An input that cannot be read stops the run: exit 1, no --out file; with
 * --keep-going it is skipped instead (exit 1 after the others, *partial set when any ran). */
static int run_inputs(const struct bench_cli *cli, const struct selection *sel,
		      const struct bench_sysinfo *sys, FILE *out_f, const char *unfinished,
		      bool *complete, bool *partial)
{
	char err[1024];
	struct inlist files;
	int code = BENCH_EXIT_OK;
	if (cli->in) {
		code = expand_inputs(cli, &files, err, sizeof err);
		if (code) {
			fprintf(stderr, "bench: %s\n", err);
			inlist_free(&files);
			return code;
		}
		if (files.several && cli->dump) {
			fprintf(stderr, "bench: --dump needs exactly one input (got %zu files)\n",
				files.n);
			inlist_free(&files);
			return BENCH_EXIT_USAGE;
		}
	} else {
		memset(&files, 0, sizeof files);
	}

	/* With --dump the dump is the product: it goes to --out or stdout, and the report goes
	 * to stdout when the dump has a file, else to stderr. */
	FILE *dump_f = NULL, *report_f = out_f;
	if (cli->dump) {
		dump_f = out_f;
		report_f = cli->out ? stdout : stderr;
	}
	struct bench_report rep = {
		.f = report_f,
		.format = cli->format,
		.cli = cli,
		.sys = sys,
		.files = files.several,
		.quiet = cli->quiet && cli->dump,
	};
	bool loaded = false;
	if (!files.several) {
		code = run_input(cli, sel, cli->in, &rep, dump_f, unfinished, &loaded);
		*complete = loaded;
	} else {
		bench_report_begin(&rep);
		size_t nskipped = 0, nran = 0;
		for (size_t i = 0; i < files.n; i++) {
			int c = run_input(cli, sel, files.path[i], &rep, dump_f, unfinished, &loaded);
			if (!loaded && cli->keep_going && c == BENCH_EXIT_INPUT) {
				fprintf(stderr, "bench: (%s skipped: --keep-going)\n", files.path[i]);
				nskipped++;
				loaded = true;
				continue;
			}
			if (c && !code)
				code = c;
			if (!loaded) {
				fprintf(stderr, "bench: stopped at this input, %zu after it not run, no "
						"report (--keep-going skips an input that cannot be read "
						"and runs and reports the others)\n", files.n - i - 1);
				code = c;
				break;
			}
			nran++;
		}
		if (nskipped) {
			char line[200];
			snprintf(line, sizeof line, "inputs: read=%zu skipped=%zu (--keep-going: could "
				 "not be read)", nran, nskipped);
			bench_report_note(&rep, line);
			fprintf(stderr, "bench: %s\n", line);
			*partial = nran > 0;
			if (!code)
				code = BENCH_EXIT_INPUT;
		}
		bench_report_end(&rep);
		*complete = loaded && (!nskipped || nran > 0);
	}
	inlist_free(&files);
	return code;
}

int main(int argc, char **argv)
{
	struct bench_cli cli;
	char err[1024];
	if (argc == 2 && !strcmp(argv[1], "--version")) {
		bench_version(stdout);
		return BENCH_EXIT_OK;
	}
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
	code = bench_m2r_take(&cli, err, sizeof err);
	if (code) {
		fprintf(stderr, "bench: %s\n", err);
		return code;
	}
	struct selection sel = {0};
	code = plan(&cli, &sel, err, sizeof err);
	if (!code)
		code = resolve_baseline(&cli, &sel, err, sizeof err);
	if (code) {
		fprintf(stderr, "bench: %s\n", err);
		free(sel.v);
		return code;
	}

	struct bench_sysinfo sys;
	bench_sysinfo_collect(&sys, argc, argv);
	if (cli.pin != -1) {
		int st = bench_pin(&sys, cli.pin, err, sizeof err);
		if (st) {
			fprintf(stderr, "bench: %s\n", err);
			free(sel.v);
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
			free(sel.v);
			return BENCH_EXIT_INPUT;
		}
	}

	FILE *out_f = cli.out ? of.f : stdout;
	bool llvm = cli.nin == 1 && input_is_llvm(cli.in), partial = false;
	if (cli.m2r && !llvm) {
		fprintf(stderr, "bench: --algo=llvm-mem2reg runs LLVM's mem2reg on the functions of an "
				"LLVM IR input: it needs --in MODULE.ll|.bc|DIR\n");
		code = BENCH_EXIT_USAGE;
	} else if (cli.fsel.given && !llvm) {
		fprintf(stderr, "bench: %s selects functions of an LLVM IR input, and %s is not LLVM "
				"IR (.ll or .bc)\n", cli.fsel.given, cli.in);
		code = BENCH_EXIT_USAGE;
	} else if (llvm) {
		/* With --dump the dump goes to --out or stdout, the report to stdout or stderr. */
		FILE *dump_f = cli.dump ? out_f : NULL;
		struct bench_report rep = {
			.f = cli.dump ? (cli.out ? stdout : stderr) : out_f,
			.format = cli.format,
			.cli = &cli,
			.sys = &sys,
			.module = true,
			.quiet = cli.quiet && cli.dump,
		};
		code = bench_llvm_run(&cli, sel.v, sel.n, &rep, dump_f, cli.out ? of.tmp : NULL,
				      &partial);
	}
	if (cli.fsel.given || llvm || cli.m2r) {
		free(sel.v);
		return finish_out(&cli, &of, code, true, partial);
	}

	bool complete = false;
	code = run_inputs(&cli, &sel, &sys, out_f, cli.out ? of.tmp : NULL, &complete, &partial);
	free(sel.v);
	return finish_out(&cli, &of, code, complete, partial);
}
