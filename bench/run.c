/* The run module: each workload of the plan (kernels, pipeline, llvm-mem2reg) on one input, a
 * module's functions one after another; the kernels' life cycle of kernel.h, their samples
 * interleaved round-robin when their memory fits together, the paired ratios to dfs and to
 * --baseline, and one report row per kernel. */
#include "bench/run.h"
#include "bench/pipeline.h"
#include "phi/phi.h"
#include "ssalab_peers_info.h"
#include "io/io.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* A kernel between its calibration and its check: the interleaved runner holds several. */
struct open_kernel {
	const struct bench_selected *s;
	struct bench_result *res;
	void *state;  /* the stage's state, from setup to teardown */
	bool open;    /* set up and calibrated: samples may be taken */
	int code;     /* the exit code it asks for so far */
	double setup_s; /* what its setup, warm-up and calibration took (for --time-limit) */
	char where[300]; /* for messages: "" or "function 'f': " (LLVM IR input) */
};

/* The kernel is refused (status BENCH_RUN_REFUSED) or failed: the row and stderr say why, and
 * what setup made is freed. A refusal of a kernel chosen by a group does not change the exit
 * code. */
static void fail(struct open_kernel *ok, enum bench_run_status status, int code,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void fail(struct open_kernel *ok, enum bench_run_status status, int code,
		 const char *fmt, ...)
{
	struct bench_result *res = ok->res;
	va_list ap;
	va_start(ap, fmt);
	res->status = status;
	res->check = "skipped";
	vsnprintf(res->status_msg, sizeof res->status_msg, fmt, ap);
	va_end(ap);
	if (status == BENCH_RUN_REFUSED)
		fprintf(stderr, "bench: %srefused: %s\n", ok->where, res->status_msg);
	else
		fprintf(stderr, "bench: %s%s: %s\n", ok->where, res->algo, res->status_msg);
	if (ok->state)
		ok->s->k.stage->teardown(ok->state);
	free(ok->state);
	ok->state = NULL;
	ok->open = false;
	ok->code = status == BENCH_RUN_REFUSED && ok->s->by_group ? BENCH_EXIT_OK : code;
}

/* Step step (setup, prepare, run) ended with status st: why, else the status, says so. Setup
 * refuses an input too large for the kernel; elsewhere out of memory is a failure. A
 * verification error while setting up or running is an input error, not a failed check. */
static void fail_step(struct open_kernel *ok, const char *step, int st, const char *why)
{
	bool refused = !strcmp(step, "setup") && (st == SSA_ETOOBIG || st == SSA_ENOMEM);
	fail(ok, refused ? BENCH_RUN_REFUSED : BENCH_RUN_FAILED,
	     refused ? BENCH_EXIT_REFUSED : st == SSA_EVERIFY ? BENCH_EXIT_INPUT : bench_exit_for(st),
	     "%s: %s", step, why && why[0] ? why : ssa_status_str(st));
}

/* Memory check, setup, prepare, warm-up and calibration. On success ok->open is set;
 * otherwise res says why and ok->code what exit. */
static void kernel_open(const struct bench_cli *cli, const struct bench_input *in,
			struct open_kernel *ok)
{
	struct bench_result *res = ok->res;
	const struct bench_kernel *k = &ok->s->k;
	const struct bench_stage *stage = k->stage;
	double t0 = bench_now_ns();
	if (in->function)
		snprintf(ok->where, sizeof ok->where, "function '%s': ", in->function);
	memset(res, 0, sizeof *res);
	res->algo = k->name;
	res->stage = stage->name;
	res->check = "n/a";
	for (unsigned i = 0; i < BENCH_MAX_COUNTERS && k->counter_names[i]; i++)
		res->counter_names[res->ncounters++] = k->counter_names[i];

	res->mem_estimate = stage->mem_estimate(k, in);
	const char *how;
	uint64_t limit = bench_mem_limit(cli, &how);
	if (res->mem_estimate > limit) {
		char need[32], lim[32];
		bench_format_bytes(res->mem_estimate, need, sizeof need);
		bench_format_bytes(limit, lim, sizeof lim);
		fail(ok, BENCH_RUN_REFUSED, BENCH_EXIT_REFUSED, "%s needs %s for n=%" PRIu32 " m=%"
		     PRIu32 "; limit is %s (%s); use --mem-limit to override", k->name, need,
		     in->prog->cfg.n, in->prog->cfg.m, lim, how);
		return;
	}

	bench_mem_reset();
	char err[256] = "";
	bench_progress("%s: setup", k->name);
	ok->state = calloc(1, stage->state_size);
	if (!ok->state)
		snprintf(err, sizeof err, "%s: out of memory", k->name);
	int st = ok->state ? stage->setup(k, in, ok->state, err, sizeof err) : SSA_ENOMEM;
	bench_progress_done();
	if (st) {
		fail_step(ok, "setup", st, err);
		return;
	}
	double prepare_ms = -1;
	if (k->prepare) {
		double p0 = bench_now_ns();
		st = stage->prepare(ok->state);
		prepare_ms = (bench_now_ns() - p0) / 1e6;
		if (st) {
			fail_step(ok, "prepare", st, NULL);
			return;
		}
	}
	bench_progress("%s: warm-up and calibration", k->name);
	st = bench_time_begin(stage->run, ok->state, &cli->timing, res->counters, &res->timing);
	bench_progress_done();
	res->timing.prepare_ms = prepare_ms;
	/* The peak of what setup and the runs allocated above what was live before: taken now,
	 * as the samples of other kernels may follow while this one's scratch is alive. */
	bench_mem_snapshot(&res->mem);
	if (st) {
		fail_step(ok, "run", st, NULL);
		return;
	}
	ok->open = true;
	ok->setup_s = (bench_now_ns() - t0) / 1e9;
}

/* Statistics, the busy warning, check, dump, teardown. */
static void kernel_close(const struct bench_cli *cli, const struct bench_input *in,
			 struct open_kernel *ok, FILE *dump_f)
{
	struct bench_result *res = ok->res;
	const struct bench_kernel *k = &ok->s->k;
	struct bench_mem peak = res->mem;
	bench_mem_snapshot(&res->mem);
	res->mem.peak_alloc = peak.peak_alloc;
	int st = bench_timing_stats(&res->timing);
	if (st) {
		fail_step(ok, "run", st, NULL);
		return;
	}
	ok->open = false;
	ok->code = BENCH_EXIT_OK;
	if (bench_utilization_odd(res->timing.utilization) && res->timing.median_ms >= 1.0 &&
	    !cli->quiet)
		fprintf(stderr, "bench: warning: %s%s got %.0f%% of a CPU during its samples (%" PRIu64
			" involuntary context switches): its times are not to be trusted\n",
			ok->where, k->name, 100.0 * res->timing.utilization, res->timing.invol_switches);
	if (!cli->check) {
		res->check = "skipped";
	} else {
		bench_progress("%s: check", k->name);
		st = k->stage->check(ok->state, res->check_msg, sizeof res->check_msg);
		bench_progress_done();
		res->check = st == SSA_OK ? "ok" : st == BENCH_CHECK_NONE ? "unchecked"
			   : st == SSA_EVERIFY ? "FAIL" : "error";
		if (st != SSA_OK && st != BENCH_CHECK_NONE) {
			if (!res->check_msg[0])
				snprintf(res->check_msg, sizeof res->check_msg, "%s", ssa_status_str(st));
			fprintf(stderr, "bench: %s%s: check %s: %s\n", ok->where, k->name, res->check,
				res->check_msg);
			ok->code = bench_exit_for(st);
		}
	}
	if (dump_f) {
		/* dot: the input's CFG, whatever the kernel (blocks labelled by name). */
		st = !strcmp(cli->dump, "dot")
			     ? io_write_dot_cfg_named(dump_f, &in->prog->cfg, &in->prog->bnames, "cfg")
			     : k->stage->dump(ok->state, cli->dump, dump_f);
		if (st) {
			fprintf(stderr, "bench: %s--dump=%s: %s\n", ok->where, cli->dump,
				ssa_status_str(st));
			if (!ok->code)
				ok->code = BENCH_EXIT_INPUT;
		}
	}
	k->stage->teardown(ok->state);
	free(ok->state);
	ok->state = NULL;
}

/* x_dfs and, against --baseline, x_base of res[from, to): the paired ratio to the row of that
 * kernel among res[0, to), when it has run. */
static void ratios_of(const struct bench_cli *cli, struct bench_result *res, size_t from,
		      size_t to)
{
	const char *name[2] = {"dfs", cli->baseline}, *stage[2] = {"floor", cli->base_stage};
	for (int x = 0; x < 2 && name[x]; x++) {
		const struct bench_result *base = NULL;
		for (size_t i = 0; i < to; i++)
			if (res[i].status == BENCH_RUN_OK && !strcmp(res[i].algo, name[x]) &&
			    !strcmp(res[i].stage, stage[x]))
				base = &res[i];
		for (size_t i = from; i < to; i++) {
			res[i].base = cli->baseline;
			if (!base || res[i].status != BENCH_RUN_OK)
				continue;
			unsigned np = res[i].timing.reps < base->timing.reps ? res[i].timing.reps
									     : base->timing.reps;
			bench_ratio_paired(res[i].timing.rep_ms, base->timing.rep_ms, np,
					   x ? &res[i].x_base : &res[i].x_dfs);
		}
	}
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

/* Kernels [a, b) of sel: each set up, warmed up and calibrated in turn, then their samples
 * round-robin (round i takes sample i of each), then each checked. One kernel alone is the
 * one-after-another order, with one deadline for the whole of it; several get one for each
 * step and share what the limit left each after its setup for the samples. order gets the
 * line that says so. */
static void run_batch(const struct bench_cli *cli, const struct bench_input *in,
		      const struct bench_selected *sel, struct bench_result *res,
		      struct open_kernel *ok, size_t a, size_t b, FILE *dump_f, char *order,
		      size_t orderlen)
{
	bool one = b - a == 1;
	double step_s = one ? 0 : cli->time_limit_s; /* bench_deadline_arm ignores 0 */
	if (one)
		bench_deadline_arm(cli->time_limit_s, sel[a].k.name);
	double budget = 0;
	char names[400] = "";
	size_t u = 0;
	unsigned nopen = 0;
	for (size_t i = a; i < b; i++) {
		ok[i] = (struct open_kernel){.s = &sel[i], .res = &res[i]};
		bench_deadline_arm(step_s, sel[i].k.name);
		kernel_open(cli, in, &ok[i]);
		if (!one)
			bench_deadline_disarm();
		if (ok[i].open)
			budget += cli->time_limit_s - ok[i].setup_s;
		if (ok[i].open && u < sizeof names) {
			int w = snprintf(names + u, sizeof names - u, "%s%s", nopen ? "," : "",
					 sel[i].k.name);
			u += w > 0 ? (size_t)w : 0;
			nopen++;
		}
	}
	if (nopen > 1)
		snprintf(order, orderlen, "order: samples interleaved round-robin over %u kernels "
			 "(%s): round i takes sample i of each", nopen, names);
	char what[512];
	snprintf(what, sizeof what, "the interleaved samples of %s", names);
	if (!one && cli->time_limit_s > 0)
		bench_deadline_arm(budget > 0.001 ? budget : 0.001, what);
	const struct cfg *g = &in->prog->cfg;
	bool progress = bench_progress_enabled() && (uint64_t)g->n + g->m >= 10000000u;
	for (unsigned r = 0; r < cli->timing.reps && (!one || ok[a].open); r++) {
		if (progress && one)
			bench_progress("%s: sample %u/%u", names, r + 1, cli->timing.reps);
		else if (progress)
			bench_progress("round %u/%u of %s", r + 1, cli->timing.reps, names);
		for (size_t i = a; i < b; i++) {
			int st = ok[i].open ? bench_time_sample(sel[i].k.stage->run, ok[i].state,
								res[i].counters, &res[i].timing, r)
					    : SSA_OK;
			if (st)
				fail_step(&ok[i], "run", st, NULL);
		}
	}
	bench_progress_done();
	if (!one)
		bench_deadline_disarm();
	for (size_t i = a; i < b; i++) {
		res[i].interleaved = ok[i].open && nopen > 1;
		if (!ok[i].open)
			continue;
		bench_deadline_arm(step_s, sel[i].k.name);
		kernel_close(cli, in, &ok[i], dump_f);
		if (!one)
			bench_deadline_disarm();
	}
	if (one)
		bench_deadline_disarm();
}

/* Every kernel of sel on in, one row each to rep: interleaved when their memory estimates fit
 * the limit together, else one after another with a note saying why. The deadline
 * (--time-limit) is armed here. */
static int run_kernels(const struct bench_cli *cli, const struct bench_input *in,
		       const struct bench_selected *sel, size_t n, struct bench_report *rep,
		       FILE *dump_f)
{
	char order[600] = "";
	struct bench_result *res = ssa_calloc_array(n, sizeof *res);
	struct open_kernel *ok = ssa_calloc_array(n, sizeof *ok);
	if (!res || !ok) {
		fprintf(stderr, "bench: out of memory\n");
		ssa_free_all(res, ok);
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
		char x[32], y[32];
		bench_format_bytes(sum, x, sizeof x);
		bench_format_bytes(limit, y, sizeof y);
		snprintf(order, sizeof order, "order: one kernel after another, not interleaved: "
			 "their memory estimates sum to %s, above the limit of %s (%s)", x, y, how);
		interleave = false;
	}
	/* One after another, each row is written when its kernel ends, as a later one may
	 * overrun --time-limit and end the process; x_dfs needs the floor to have run first. */
	if (!interleave)
		order_note(rep, in, order);
	int code = BENCH_EXIT_OK;
	size_t step = interleave ? n : 1;
	for (size_t a = 0; a < n; a += step) {
		run_batch(cli, in, sel, res, ok, a, a + step, dump_f, order, sizeof order);
		ratios_of(cli, res, a, a + step);
		if (interleave)
			order_note(rep, in, order);
		for (size_t i = a; i < a + step; i++) {
			code = code ? code : ok[i].code;
			bench_report_row(rep, &res[i]);
		}
	}
	for (size_t i = 0; i < n; i++)
		bench_timing_free(&res[i].timing);
	ssa_free_all(ok, res);
	return code;
}

/* The pipeline, one deadline for the whole of it. */
static int run_pipeline(const struct bench_cli *cli, const struct bench_input *in,
			struct bench_report *r, FILE *dump_f)
{
	bench_deadline_arm(cli->time_limit_s, "the pipeline");
	int code = bench_pipeline_run(cli, in, r, dump_f);
	bench_deadline_disarm();
	return code;
}

/* The kernels, or the pipeline, on function fn of module u. */
static int run_function(const struct bench_cli *cli, const struct bench_selected *sel,
			size_t nsel, struct bench_report *r, FILE *dump_f,
			const struct bench_unit *u, const struct bench_func *fn)
{
	if (bench_report_function(r, fn->name, fn->prog) != SSA_OK) {
		fprintf(stderr, "bench: function '%s': out of memory computing graph statistics\n",
			fn->name);
		return BENCH_EXIT_REFUSED;
	}
	struct bench_input in = {.prog = fn->prog, .path = u->path, .opts = &cli->opts,
				 .function = fn->name};
	if (cli->pipeline) {
		r->mute_notes = true;
		int code = run_pipeline(cli, &in, r, dump_f);
		r->mute_notes = false;
		if (code && code != BENCH_EXIT_USAGE)
			fprintf(stderr, "bench: (the pipeline on function '%s' of %s)\n", fn->name,
				u->path);
		return code;
	}
	/* Placement and liveness refuse a program without variables; real code has such
	 * functions, and there is nothing to place in them. */
	struct bench_selected *run = ssa_alloc_array(nsel, sizeof *run);
	if (!run) {
		fprintf(stderr, "bench: out of memory\n");
		return BENCH_EXIT_REFUSED;
	}
	size_t nrun = 0;
	for (size_t k = 0; k < nsel; k++)
		if (fn->prog->nvars || strcmp(sel[k].k.stage->name, "phi"))
			run[nrun++] = sel[k];
	int code = run_kernels(cli, &in, run, nrun, r, dump_f);
	free(run);
	return code;
}

/* Every chosen function of module u (with --pipeline, those with variables); a usage error
 * stops them. */
static int run_functions(const struct bench_cli *cli, const struct bench_selected *sel,
			 size_t nsel, struct bench_report *r, FILE *dump_f, const struct bench_unit *u,
			 int code)
{
	for (uint32_t i = 0; i < u->nfuncs && code != BENCH_EXIT_USAGE; i++) {
		if (cli->pipeline && !u->funcs[i].prog->nvars)
			continue;
		int c = run_function(cli, sel, nsel, r, dump_f, u, &u->funcs[i]);
		code = code ? code : c;
		if (c == BENCH_EXIT_USAGE)
			break;
	}
	return code;
}

/* 'all' on LLVM IR: after the kernels' summary, ssalab's best whole pipeline on every function
 * with variables, then llvm-mem2reg set against it. */
static int run_rival(const struct bench_cli *cli, struct bench_report *r, struct bench_unit *u,
		     int code)
{
#ifdef SSALAB_HAVE_LLVM_PEERS
	bench_report_module_kernels(r);
	struct bench_cli pc = *cli;
	pc.algo = NULL;
	/* the best pipeline (bench_default_pipeline), pruned like mem2reg's output */
	pc.pipeline = bench_default_pipeline();
	pc.opts.flavor = PHI_PRUNED;
	char note[200];
	snprintf(note, sizeof note, "end to end: --pipeline=%s --flavor=pruned against llvm-mem2reg, per function",
		 pc.pipeline);
	bench_report_note(r, note);
	code = run_functions(&pc, NULL, 0, r, NULL, u, code);
	if (code != BENCH_EXIT_USAGE) {
		int c = bench_m2r_run(&pc, r, u);
		code = code ? code : c;
	}
#else
	(void)cli, (void)u;
	bench_report_note(r, "llvm-mem2reg: left out of 'all': this bench has no LLVM peers ("
			     SSALAB_PEERS_LLVM_WHY ")");
#endif
	return code;
}

int bench_run_unit(const struct bench_cli *cli, const struct bench_plan *p, struct bench_unit *u,
		   struct bench_report *rep, FILE *dump_f, int code)
{
	if (u->module) {
		if (cli->pipeline || p->kernels)
			code = run_functions(cli, p->sel, p->nsel, rep, dump_f, u, code);
		if (code != BENCH_EXIT_USAGE && p->rival)
			return run_rival(cli, rep, u, code);
#ifdef SSALAB_HAVE_LLVM_PEERS
		if (code != BENCH_EXIT_USAGE && p->m2r) {
			int c = bench_m2r_run(cli, rep, u);
			code = code ? code : c;
		}
#endif
		return code;
	}
	struct bench_input in = {
		.prog = &u->prog,
		.family = u->path ? NULL : cli->gen.p.family,
		.path = u->path,
		.seed = u->path ? 0 : cli->gen.p.seed,
		.opts = &cli->opts,
	};
	int c = cli->pipeline ? run_pipeline(cli, &in, rep, dump_f)
			      : run_kernels(cli, &in, p->sel, p->nsel, rep, dump_f);
	return code ? code : c;
}
