/* bench --pipeline: see bench/pipeline.h for the stages, the timing policy and the report. */
#include "bench/pipeline.h"

#include "cfg/traverse.h"
#include "df/df.h"
#include "dom/dom.h"
#include "phi/phi.h"
#include "ssa/ssa.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int bench_pipeline_parse(const char *text, struct bench_pipeline_spec *spec, char *err,
			 size_t errlen)
{
	memset(spec, 0, sizeof(*spec));
	if (strlen(text) >= sizeof(spec->buf)) {
		snprintf(err, errlen, "--pipeline: value too long");
		return SSA_EUSAGE;
	}
	strcpy(spec->buf, text);
	char *names[8];
	size_t k = 0;
	for (char *t = spec->buf, *next; t; t = next) {
		next = strchr(t, ',');
		if (next)
			*next++ = 0;
		if (k == 8 || !*t) {
			snprintf(err, errlen, "--pipeline=%s: expected DOM[,DF],PHI[,RENAME]", text);
			return SSA_EUSAGE;
		}
		names[k++] = t;
	}
	size_t i = 0;
	if (i < k && dom_find(names[i]))
		spec->dom = names[i++];
	else {
		snprintf(err, errlen, "--pipeline: the first stage must be a dominator algorithm "
			 "(bench --algo=list), got '%s'", names[0]);
		return SSA_EUSAGE;
	}
	if (i < k && df_find(names[i]))
		spec->df = names[i++];
	if (i < k && (phi_find(names[i]) || !strcmp(names[i], "phi-maximal"))) {
		spec->phi = names[i++];
		spec->maximal = !strcmp(spec->phi, "phi-maximal");
	} else {
		snprintf(err, errlen, "--pipeline: expected a placement (phi-idf, phi-dj, phi-maximal) "
			 "after %s, got '%s'", names[i - 1], i < k ? names[i] : "nothing");
		return SSA_EUSAGE;
	}
	if (i < k && rename_find(names[i]))
		spec->rename = names[i++];
	if (i < k) {
		snprintf(err, errlen, "--pipeline: unexpected stage '%s' (order: DOM[,DF],PHI[,RENAME])",
			 names[i]);
		return SSA_EUSAGE;
	}
	bool needs_df = !spec->maximal && phi_find(spec->phi)->needs_df;
	if (needs_df && !spec->df) {
		snprintf(err, errlen, "--pipeline: %s needs a dominance-frontier stage before it "
			 "(e.g. df-runner)", spec->phi);
		return SSA_EUSAGE;
	}
	if (!needs_df && spec->df) {
		snprintf(err, errlen, "--pipeline: %s uses no dominance frontiers; drop %s", spec->phi,
			 spec->df);
		return SSA_EUSAGE;
	}
	if (!spec->rename && !spec->maximal) {
		snprintf(err, errlen, "--pipeline: a renamer must follow %s (rename-stack, rename-rd, "
			 "rename-cfgdfs)", spec->phi);
		return SSA_EUSAGE;
	}
	if (!spec->rename)
		spec->rename = "rename-stack";
	return SSA_OK;
}

enum { ST_DOM, ST_DF, ST_PHI, ST_RENAME, ST_PRUNE, ST_N };
static const char *const stage_names[ST_N] = {"dom", "df", "phi", "rename", "prune"};

struct pipe {
	const struct prog *p;
	const struct dom_algo *da;
	const struct df_algo *dfa;
	const struct phi_algo *pa;
	const struct rename_algo *ra;
	bool maximal, every, dead;
	enum phi_flavor flavor;
	uint64_t df_limit;
	void *dom_scratch, *df_scratch, *phi_scratch, *ren_scratch;
	uint32_t *idom;
	struct domtree dt;
	struct df_sets df;
	struct var_blocks vb;
	struct phi_sets ps;
	struct ssa_form s, pruned;
	struct phi_maximal_stats mst;
	uint64_t counters[ST_N][BENCH_MAX_COUNTERS];
	uint64_t bytes[ST_N];
};

static void pipe_free_outputs(struct pipe *x)
{
	var_blocks_free(&x->vb);
	memset(&x->vb, 0, sizeof(x->vb));
	ssa_form_free(&x->s);
	ssa_form_free(&x->pruned);
}

static void pipe_free(struct pipe *x)
{
	pipe_free_outputs(x);
	domtree_free(&x->dt);
	if (x->dom_scratch)
		x->da->scratch_free(x->dom_scratch);
	if (x->df_scratch)
		x->dfa->scratch_free(x->df_scratch);
	if (x->phi_scratch)
		x->pa->scratch_free(x->phi_scratch);
	if (x->ren_scratch)
		x->ra->scratch_free(x->ren_scratch);
	if (x->df.off)
		df_sets_free(&x->df);
	if (x->ps.off)
		phi_sets_free(&x->ps);
	free(x->idom);
}

/* One rep; ns[] gets each stage's time. */
static int pipe_rep(struct pipe *x, double *ns)
{
	const struct prog *p = x->p;
	const struct cfg *g = &p->cfg;
	int st;
	uint64_t c[8];
	pipe_free_outputs(x);
	for (int i = 0; i < ST_N; i++)
		ns[i] = 0;

	double t0 = bench_now_ns();
	st = x->da->run(x->dom_scratch, g, x->idom, c);
	if (st == SSA_OK)
		st = domtree_compute(&x->dt, x->idom, 0); /* storage allocated once, in setup */
	ns[ST_DOM] = bench_now_ns() - t0;
	if (st != SSA_OK)
		return st;
	for (int i = 0; i < DOM_MAX_COUNTERS; i++)
		x->counters[ST_DOM][i] = c[i];

	if (x->dfa) {
		t0 = bench_now_ns();
		st = x->dfa->run(x->df_scratch, g, &x->dt, x->df_limit, &x->df, c);
		ns[ST_DF] = bench_now_ns() - t0;
		if (st != SSA_OK)
			return st;
		x->counters[ST_DF][0] = x->df.total;
		x->counters[ST_DF][1] = x->df.max;
		x->bytes[ST_DF] = ssa_sat_add(x->dfa->scratch_bytes(g->n, g->m),
					      df_sets_bytes(g->n, x->df.total));
	}

	t0 = bench_now_ns();
	if (x->maximal) {
		uint8_t *at = ssa_alloc_array(g->n, 1);
		if (!at)
			return SSA_ENOMEM;
		for (uint32_t b = 0; b < g->n; b++)
			at[b] = b == 0 ? cfg_in_degree(g, 0) >= 1
				       : x->every || cfg_in_degree(g, b) >= 2;
		st = ssa_form_layout_all(&x->s, p, at);
		free(at);
		ns[ST_PHI] = bench_now_ns() - t0;
		if (st != SSA_OK)
			return st;
		x->counters[ST_PHI][0] = x->s.nphi;
	} else {
		st = var_blocks_build(&x->vb, p);
		if (st == SSA_OK) {
			struct phi_input in = {.prog = p, .dt = &x->dt, .vb = &x->vb,
					       .df = x->dfa ? &x->df : NULL, .live = NULL};
			st = x->pa->run(x->phi_scratch, &in, x->flavor, &x->ps, c);
		}
		if (st == SSA_OK)
			st = ssa_form_layout(&x->s, p, &x->ps);
		ns[ST_PHI] = bench_now_ns() - t0;
		if (st != SSA_OK)
			return st;
		x->counters[ST_PHI][0] = x->ps.total;
		for (int i = 0; i < PHI_MAX_COUNTERS && i + 1 < BENCH_MAX_COUNTERS; i++)
			x->counters[ST_PHI][i + 1] = c[i];
	}
	x->bytes[ST_PHI] = ssa_form_bytes(g->n, p->nops, x->s.nphi, x->s.arg_off[x->s.nphi]);
	if (!x->maximal)
		x->bytes[ST_PHI] = ssa_sat_add(
			x->bytes[ST_PHI],
			ssa_sat_add(x->pa->scratch_bytes(g->n, p->nvars),
				    var_blocks_bytes(g->n, p->nvars, p->nops)));

	/* The renamer's scratch depends on the φ count, known only now: allocated once, untimed. */
	if (!x->ren_scratch && (st = x->ra->scratch_alloc(&x->ren_scratch, p, &x->s)) != SSA_OK)
		return st;
	x->bytes[ST_RENAME] =
		x->ra->scratch_bytes(g->n, g->m, p->nvars, p->nops, x->s.nphi);
	t0 = bench_now_ns();
	st = x->ra->run(x->ren_scratch, p, &x->dt, &x->s, c);
	ns[ST_RENAME] = bench_now_ns() - t0;
	if (st != SSA_OK)
		return st;
	for (int i = 0; i < RENAME_MAX_COUNTERS; i++)
		x->counters[ST_RENAME][i] = c[i];

	if (x->maximal) {
		t0 = bench_now_ns();
		st = ssa_prune(&x->s, g, &x->dt, true, x->dead, &x->pruned, &x->mst);
		ns[ST_PRUNE] = bench_now_ns() - t0;
		if (st != SSA_OK)
			return st;
		x->counters[ST_PRUNE][0] = x->mst.removed_redundant;
		x->counters[ST_PRUNE][1] = x->mst.removed_dead;
		x->counters[ST_PRUNE][2] = x->mst.kept;
		x->counters[ST_PRUNE][3] = x->mst.rechecks;
		x->bytes[ST_PRUNE] = ssa_sat_add(
			ssa_bytes(x->s.nphi, 9),
			ssa_form_bytes(g->n, p->nops, x->pruned.nphi, x->pruned.arg_off[x->pruned.nphi]));
	}
	return SSA_OK;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, unsigned n)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(double), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Checks the final form: verifier, interpreter, and a second renamer over the same φs. */
static int pipe_check(struct pipe *x, uint64_t seed, char *msg, size_t msglen)
{
	const struct prog *p = x->p;
	const struct ssa_form *f = x->maximal ? &x->pruned : &x->s;
	char m[160];
	int st = ssa_verify(p, &x->dt, f, m, sizeof m);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier: %s", st == SSA_EVERIFY ? m : ssa_status_str(st));
		return st;
	}
	uint32_t len = p->cfg.n < 100000 ? 2 * p->cfg.n + 8 : 200000;
	struct ssa_interp_opts io = {.seed = seed, .walks = 256, .max_len = len};
	struct ssa_interp_stats is;
	st = ssa_interp_check(p, f, &io, &is, m, sizeof m);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier ok; interpreter: %s",
			 st == SSA_EVERIFY ? m : ssa_status_str(st));
		return st;
	}
	const struct rename_algo *other =
		rename_find(strcmp(x->ra->name, "rename-stack") ? "rename-stack" : "rename-rd");
	if (x->maximal) {
		snprintf(msg, msglen, "verifier + interpreter (256 walks, %" PRIu64 " uses compared)",
			 is.uses);
		return SSA_OK;
	}
	struct ssa_form o;
	st = ssa_form_layout(&o, p, &x->ps);
	if (st == SSA_OK)
		st = rename_compute(other, p, &x->dt, &o, NULL);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier + interpreter ok; %s: %s", other->name,
			 ssa_status_str(st));
		ssa_form_free(&o);
		return st;
	}
	bool eq = ssa_form_equal(f, &o, m, sizeof m);
	ssa_form_free(&o);
	if (!eq) {
		snprintf(msg, msglen, "verifier + interpreter ok; vs %s: %s", other->name, m);
		return SSA_EVERIFY;
	}
	snprintf(msg, msglen, "verifier + interpreter (256 walks, %" PRIu64 " uses) + same as %s",
		 is.uses, other->name);
	return SSA_OK;
}

static int exit_for(int st)
{
	switch (st) {
	case SSA_OK: return BENCH_EXIT_OK;
	case SSA_EVERIFY: return BENCH_EXIT_VERIFY;
	case SSA_EUSAGE: return BENCH_EXIT_USAGE;
	case SSA_ETOOBIG:
	case SSA_ENOMEM: return BENCH_EXIT_REFUSED;
	default: return BENCH_EXIT_INPUT;
	}
}

int bench_pipeline_run(const struct bench_cli *cli, const struct bench_input *in,
		       struct bench_report *r)
{
	/* The report keeps pointers to the names until bench_report_end: static storage. */
	static struct bench_pipeline_spec spec;
	char err[320], line[320];
	int st = bench_pipeline_parse(cli->pipeline, &spec, err, sizeof err);
	if (st != SSA_OK) {
		fprintf(stderr, "bench: %s\n", err);
		return BENCH_EXIT_USAGE;
	}
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	struct pipe x;
	memset(&x, 0, sizeof x);
	x.p = p;
	x.da = dom_find(spec.dom);
	x.dfa = spec.df ? df_find(spec.df) : NULL;
	x.pa = spec.maximal ? NULL : phi_find(spec.phi);
	x.ra = rename_find(spec.rename);
	x.maximal = spec.maximal;
	x.df_limit = DF_DEFAULT_LIMIT;
	const char *fl = bench_opt(in, "flavor"), *mx = bench_opt(in, "maximal");
	const char *dl = bench_opt(in, "df-limit");
	if (fl && phi_flavor_parse(fl, &x.flavor) != SSA_OK) {
		fprintf(stderr, "bench: --flavor=%s: expected minimal, semipruned or pruned\n", fl);
		return BENCH_EXIT_USAGE;
	}
	if (dl && gen_parse_count(dl, &x.df_limit) != SSA_OK) {
		fprintf(stderr, "bench: --df-limit=%s: expected a count\n", dl);
		return BENCH_EXIT_USAGE;
	}
	if (x.maximal && x.flavor == PHI_SEMIPRUNED) {
		fprintf(stderr, "bench: phi-maximal prunes to minimal (redundant phis) or pruned "
				"(and dead phis); semipruned has no maximal counterpart\n");
		return BENCH_EXIT_USAGE;
	}
	x.dead = x.flavor == PHI_PRUNED;
	x.every = mx && !strcmp(mx, "every");

	/* Memory: refuse before allocating when the whole pipeline cannot fit. The φ count of IDF
	 * placement is unknown in advance: guessed as for the rename stage. */
	uint64_t joins = 0, jedges = 0;
	for (uint32_t b = 0; b < g->n; b++)
		if (b == 0 ? cfg_in_degree(g, 0) >= 1 : x.every || cfg_in_degree(g, b) >= 2) {
			joins++;
			jedges += cfg_in_degree(g, b);
		}
	uint64_t nphi = ssa_bytes(joins, p->nvars), nargs = ssa_bytes(jedges, p->nvars);
	if (!x.maximal) {
		uint64_t cap = ssa_bytes(ssa_sat_add(g->n, p->nops), 2);
		if (nphi > cap) {
			nphi = cap;
			nargs = 2 * cap;
		}
	}
	x.bytes[ST_DOM] = ssa_sat_add(x.da->scratch_bytes(g->n, g->m),
				      ssa_sat_add(domtree_bytes(g->n), ssa_bytes(g->n, 4)));
	uint64_t need = x.bytes[ST_DOM];
	if (x.dfa)
		need = ssa_sat_add(need, ssa_sat_add(x.dfa->scratch_bytes(g->n, g->m),
						     df_sets_bytes(g->n, 4ull * g->m)));
	if (x.pa)
		need = ssa_sat_add(need, ssa_sat_add(x.pa->scratch_bytes(g->n, p->nvars),
						     var_blocks_bytes(g->n, p->nvars, p->nops)));
	uint64_t form = ssa_form_bytes(g->n, p->nops, nphi, nargs);
	need = ssa_sat_add(need, ssa_bytes(form, x.maximal ? 3 : 2));
	need = ssa_sat_add(need, x.ra->scratch_bytes(g->n, g->m, p->nvars, p->nops, nphi));
	uint64_t limit = cli->mem_limit ? cli->mem_limit : bench_mem_available() / 4 * 3;
	if (!cli->mem_limit_none && limit && need > limit) {
		char a[32], b[32];
		bench_format_bytes(need, a, sizeof a);
		bench_format_bytes(limit, b, sizeof b);
		fprintf(stderr, "bench: refused: the pipeline needs about %s (limit %s); use "
				"--mem-limit to override\n",
			a, b);
		return BENCH_EXIT_REFUSED;
	}

	/* Scratch, once. */
	x.idom = ssa_alloc_array(g->n, sizeof(uint32_t));
	st = x.idom ? domtree_alloc(&x.dt, g->n) : SSA_ENOMEM;
	if (st == SSA_OK)
		st = x.da->scratch_alloc(&x.dom_scratch, g->n, g->m);
	if (st == SSA_OK && x.dfa)
		st = x.dfa->scratch_alloc(&x.df_scratch, g->n, g->m);
	if (st == SSA_OK && x.pa)
		st = x.pa->scratch_alloc(&x.phi_scratch, g->n, p->nvars);
	if (st != SSA_OK) {
		fprintf(stderr, "bench: pipeline scratch: %s\n", ssa_status_str(st));
		pipe_free(&x);
		return exit_for(st);
	}

	/* The floor, timed under the same policy. */
	unsigned reps = cli->reps ? cli->reps : 3, warm = cli->warmup;
	double *floor_ms = calloc(reps, sizeof(double));
	double *ms[ST_N];
	for (int i = 0; i < ST_N; i++)
		ms[i] = calloc(reps, sizeof(double));
	double *tot_ms = calloc(reps, sizeof(double));
	struct cfg_dfs d;
	if (cfg_dfs_alloc(&d, g->n) != SSA_OK || !floor_ms || !tot_ms) {
		fprintf(stderr, "bench: out of memory\n");
		pipe_free(&x);
		return BENCH_EXIT_REFUSED;
	}
	for (unsigned i = 0; i < warm + reps; i++) {
		double t0 = bench_now_ns();
		cfg_dfs_run(&d, g, 0);
		if (i >= warm)
			floor_ms[i - warm] = (bench_now_ns() - t0) / 1e6;
	}
	cfg_dfs_free(&d);

	bench_mem_reset();
	for (unsigned i = 0; i < warm + reps && st == SSA_OK; i++) {
		double ns[ST_N];
		if (bench_progress_enabled() && (uint64_t)g->n + g->m >= 10000000u)
			bench_progress("pipeline: rep %u/%u", i + 1, warm + reps);
		st = pipe_rep(&x, ns);
		if (i >= warm) {
			double t = 0;
			for (int k = 0; k < ST_N; k++) {
				ms[k][i - warm] = ns[k] / 1e6;
				t += ns[k];
			}
			tot_ms[i - warm] = t / 1e6;
		}
	}
	bench_progress_done();
	struct bench_mem mem;
	bench_mem_snapshot(&mem);
	if (st != SSA_OK) {
		fprintf(stderr, "bench: pipeline failed: %s\n", ssa_status_str(st));
		pipe_free(&x);
		return exit_for(st);
	}

	char check_msg[256] = "";
	const char *check = "skipped";
	int code = BENCH_EXIT_OK;
	if (cli->check) {
		st = pipe_check(&x, in->seed, check_msg, sizeof check_msg);
		check = st == SSA_OK ? "ok" : st == SSA_EVERIFY ? "FAIL" : "error";
		if (st != SSA_OK) {
			fprintf(stderr, "bench: pipeline check %s: %s\n", check, check_msg);
			code = exit_for(st);
		}
	}

	/* One report row per stage, then the table. */
	const char *algo[ST_N] = {spec.dom, spec.df, spec.phi, spec.rename,
				  x.maximal ? (x.dead ? "prune-ah+dead" : "prune-ah") : NULL};
	static const char *const cn[ST_N][BENCH_MAX_COUNTERS] = {
		{NULL},
		{"sum-df", "max-df"},
		{"phis"},
		{NULL},
		{"removed-redundant", "removed-dead", "kept", "rechecks"},
	};
	double med[ST_N], total = median(tot_ms, reps), fl_med = median(floor_ms, reps);
	for (int k = 0; k < ST_N; k++) {
		med[k] = 0;
		if (!algo[k])
			continue;
		struct bench_result res;
		memset(&res, 0, sizeof res);
		res.algo = algo[k];
		res.stage = stage_names[k];
		res.status = BENCH_RUN_OK;
		res.mem_estimate = x.bytes[k];
		res.timing.reps = reps;
		res.timing.rep_ms = ms[k];
		bench_timing_stats(&res.timing);
		med[k] = res.timing.median_ms;
		/* Counter names, bounded by each table's own length. */
		const char *names[BENCH_MAX_COUNTERS] = {NULL};
		uint64_t *vals = x.counters[k];
		if (k == ST_DOM) {
			for (int i = 0; i < DOM_MAX_COUNTERS && i < BENCH_MAX_COUNTERS; i++)
				names[i] = x.da->counter_names[i];
		} else if (k == ST_RENAME) {
			for (int i = 0; i < RENAME_MAX_COUNTERS && i < BENCH_MAX_COUNTERS; i++)
				names[i] = x.ra->counter_names[i];
		} else if (k == ST_PHI && x.pa) {
			names[0] = "phis";
			for (int i = 0; i < PHI_MAX_COUNTERS && i + 1 < BENCH_MAX_COUNTERS; i++)
				names[i + 1] = x.pa->counter_names[i];
		} else {
			for (int i = 0; i < BENCH_MAX_COUNTERS; i++)
				names[i] = cn[k][i];
		}
		for (unsigned i = 0; i < BENCH_MAX_COUNTERS && names[i]; i++) {
			res.counter_names[res.ncounters] = names[i];
			res.counters[res.ncounters++] = vals[i];
		}
		res.mem = mem;
		res.check = k == ST_PRUNE || (k == ST_RENAME && !x.maximal) ? check : "n/a";
		snprintf(res.check_msg, sizeof res.check_msg, "%s",
			 res.check == check ? check_msg : "");
		bench_report_row(r, &res);
	}
	snprintf(line, sizeof line, "pipeline: %s  (n=%" PRIu32 " m=%" PRIu32 " vars=%" PRIu32
		 " ops=%" PRIu32 ", median of %u reps)",
		 cli->pipeline, g->n, g->m, p->nvars, p->nops, reps);
	bench_report_note(r, line);
	bench_report_note(r, "stage   algorithm           median_ms   share  ns/block   x_dfs   memory");
	for (int k = 0; k < ST_N; k++) {
		if (!algo[k])
			continue;
		char b[32];
		bench_format_bytes(x.bytes[k], b, sizeof b);
		snprintf(line, sizeof line, "%-7s %-18s %10.3f %6.1f%% %9.2f %7.2f   %s", stage_names[k],
			 algo[k], med[k], total > 0 ? 100.0 * med[k] / total : 0.0,
			 med[k] * 1e6 / g->n, fl_med > 0 ? med[k] / fl_med : 0.0, b);
		bench_report_note(r, line);
	}
	char pk[32];
	bench_format_bytes(mem.peak_alloc, pk, sizeof pk);
	snprintf(line, sizeof line, "%-7s %-18s %10.3f %6.1f%% %9.2f %7.2f   peak %s", "total", "",
		 total, 100.0, total * 1e6 / g->n, fl_med > 0 ? total / fl_med : 0.0,
		 mem.have_jemalloc ? pk : "n/a");
	bench_report_note(r, line);
	snprintf(line, sizeof line, "%-7s %-18s %10.3f", "floor", "dfs", fl_med);
	bench_report_note(r, line);
	snprintf(line, sizeof line, "check: %s%s%s", check, check_msg[0] ? " (" : "",
		 check_msg[0] ? check_msg : "");
	if (check_msg[0])
		strncat(line, ")", sizeof line - strlen(line) - 1);
	bench_report_note(r, line);
	if (x.maximal) {
		snprintf(line, sizeof line, "phi-maximal: placed %" PRIu64 ", removed redundant %" PRIu64
			 ", removed dead %" PRIu64 ", kept %" PRIu64 " (%" PRIu64 " rechecks)",
			 (uint64_t)x.counters[ST_PHI][0], x.mst.removed_redundant, x.mst.removed_dead,
			 x.mst.kept, x.mst.rechecks);
		bench_report_note(r, line);
	}

	for (int i = 0; i < ST_N; i++)
		free(ms[i]);
	free(tot_ms);
	free(floor_ms);
	pipe_free(&x);
	return code;
}
