/* bench --pipeline=DOM[,DF],PHI[,RENAME]: SSA construction end to end, one algorithm per stage.
 *
 * The stages, in this order:
 *   DOM     any dominator algorithm (dom_algos[]); the tree is built in the same stage
 *   DF      any frontier algorithm, required exactly when PHI needs frontiers (phi-idf)
 *   PHI     any placement (phi_algos[], with --flavor), or phi-maximal (--maximal=joins|every)
 *   RENAME  any renamer (rename_algos[]); optional after phi-maximal (rename-stack)
 *   prune   added after phi-maximal: Aycock-Horspool's rule, and for --flavor=pruned dead-φ
 *           elimination too
 * Scratch is allocated in setup and kept between runs, and the descriptors' prepare steps run
 * there, untimed (prepare_ms); with one run in all, each stage allocates its scratch when it
 * starts and frees it when it ends, so the pipeline holds its outputs and one stage's scratch
 * at a time (scratch_end). Outputs (tree, frontiers, φ sets, the SSA form) are built in every
 * run into storage kept between runs. The pipeline is timed like a kernel (bench/timing.c):
 * warm-up runs, samples calibrated to --min-time, each stage's wall and CPU time per run, the dfs
 * floor's samples interleaved (taken first, its arrays freed, with one sample or when both do
 * not fit the limit). The report has one row per stage with the same statistics as a kernel's row, a
 * per-stage table (share of the total, ns per block, memory, multiple of the floor), the total,
 * and the check of the final form (ssa_check_form). The pipeline's peak memory is estimated
 * first and refused above the limit, a placement's φs once it has counted them (before the form
 * is laid out); --dump=ssa writes the final form. */
#include "bench/pipeline.h"
#include "bench/facts.h"
#include "bench/memstat.h"
#include "bench/ratio.h"
#include "bench/timing.h"

#include "cfg/traverse.h"
#include "df/df.h"
#include "dom/dom.h"
#include "phi/phi.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const struct bench_option bench_pipeline_options[] = {
	{"flavor", "minimal (default), semipruned or pruned (pruned: dead phis removed too after "
		   "phi-maximal)"},
	{"df-limit", "largest sum of |DF| the frontier stage may build"},
	{"maximal", "phi-maximal: joins (default) or every block"},
	{"rename-walks", "random walks of the equivalence interpreter in the check (default 256)"},
	{NULL, NULL},
};

/* Parsed form of a --pipeline value. */
struct spec {
	const char *dom, *df, *phi, *rename; /* names; df and rename may be NULL */
	bool maximal;
	char buf[256]; /* the names point into this copy of the text */
};

const char *bench_default_pipeline(void)
{
	static char text[96];
	if (!text[0])
		snprintf(text, sizeof text, "auto,%s,rename-stack", phi_default_algo()->head.name);
	return text;
}

static int pipeline_parse(const char *text, struct spec *spec, char *err, size_t errlen)
{
#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return SSA_EUSAGE; } while (0)
	memset(spec, 0, sizeof(*spec));
	if (!strcmp(text, "default"))
		text = bench_default_pipeline();
	if (strlen(text) >= sizeof(spec->buf))
		BAD("--pipeline: value too long");
	strcpy(spec->buf, text);
	char *names[8];
	size_t k = 0;
	for (char *t = spec->buf, *next; t; t = next) {
		next = strchr(t, ',');
		if (next)
			*next++ = 0;
		if (k == 8 || !*t)
			BAD("--pipeline=%s: expected DOM[,DF],PHI[,RENAME]", text);
		names[k++] = t;
	}
	size_t i = 0;
	if (!algo_find(dom_algos, dom_nalgos, names[0]))
		BAD("--pipeline: the first stage must be a dominator algorithm (bench --algo=list), "
		    "got '%s'", names[0]);
	spec->dom = names[i++];
	if (i < k && algo_find(df_algos, df_nalgos, names[i]))
		spec->df = names[i++];
	if (i == k || (!algo_find(phi_algos, phi_nalgos, names[i]) && strcmp(names[i], "phi-maximal")))
		BAD("--pipeline: expected a placement (phi-idf, phi-dj, phi-maximal) after %s, got "
		    "'%s'", names[i - 1], i < k ? names[i] : "nothing");
	spec->phi = names[i++];
	spec->maximal = !strcmp(spec->phi, "phi-maximal");
	if (i < k && algo_find(rename_algos, rename_nalgos, names[i]))
		spec->rename = names[i++];
	if (i < k)
		BAD("--pipeline: unexpected stage '%s' (order: DOM[,DF],PHI[,RENAME])", names[i]);
	const struct phi_algo *pa = spec->maximal ? NULL : algo_find(phi_algos, phi_nalgos, spec->phi);
	bool needs_df = pa && pa->needs_df;
	if (needs_df && !spec->df)
		BAD("--pipeline: %s needs a dominance-frontier stage before it (e.g. df-runner)",
		    spec->phi);
	if (!needs_df && spec->df)
		BAD("--pipeline: %s uses no dominance frontiers; drop %s", spec->phi, spec->df);
	if (!spec->rename && !spec->maximal)
		BAD("--pipeline: a renamer must follow %s (rename-stack, rename-rd, rename-cfgdfs)",
		    spec->phi);
	if (!spec->rename)
		spec->rename = "rename-stack";
	return SSA_OK;
#undef BAD
}

enum { ST_DOM, ST_DF, ST_PHI, ST_RENAME, ST_PRUNE, ST_N };
static const char *const stage_names[ST_N] = {"dom", "df", "phi", "rename", "prune"};

struct pipe {
	const struct prog *p;
	const struct dom_algo *da;
	const struct df_algo *dfa;
	const struct phi_algo *pa;
	const struct rename_algo *ra;
	bool maximal, every, dead, check;
	bool once; /* one run in all: each stage frees its scratch when it ends (scratch_end) */
	enum phi_flavor flavor;
	uint64_t df_limit;
	void *dom_scratch, *df_scratch, *phi_scratch, *ren_scratch;
	struct domtree dt;
	struct df_sets df;
	struct var_blocks vb;
	struct phi_sets ps;
	struct ssa_form s, pruned;
	struct phi_maximal_stats mst;
	/* The estimate's parts without the φs of a non-maximal placement, which only the
	 * placement knows (pipe_need adds them; form_check once it has counted them). */
	uint64_t keep, most, place, need, limit;
	bool form_checked, form_refused;
	uint64_t counters[ST_N][BENCH_MAX_COUNTERS]; /* each stage's run fills its own */
	uint64_t bytes[ST_N];
	double wall[ST_N], cpu[ST_N]; /* ns accumulated over the runs of one sample */
	double lap_wall, lap_cpu;
};

static void lap_start(struct pipe *x)
{
	x->lap_cpu = bench_cpu_ns();
	x->lap_wall = bench_now_ns();
}

static void lap_end(struct pipe *x, int k)
{
	double w = bench_now_ns(), c = bench_cpu_ns();
	x->wall[k] += w - x->lap_wall;
	x->cpu[k] += c - x->lap_cpu;
}

/* Before each run. The φ sets and the minimal path's form keep their arrays (rewritten by the
 * run, as the tree's are): a compiler's buffers are reused from one function to the next,
 * and freeing them would time the allocator's page faults. */
static void pipe_free_outputs(struct pipe *x)
{
	var_blocks_free(&x->vb);
	memset(&x->vb, 0, sizeof(x->vb));
	if (x->maximal)
		ssa_form_free(&x->s);
	ssa_form_free(&x->pruned);
}

static void pipe_free(struct pipe *x)
{
	pipe_free_outputs(x);
	ssa_form_free(&x->s);
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
}

/* A stage's scratch. When the process runs the pipeline once (--reps=1 --warmup=0, as the
 * largest inputs are run), a stage frees its scratch when it ends, so the pipeline holds its
 * outputs and one stage's scratch at a time rather than every stage's; nothing would be
 * reused anyway. Otherwise scratch is kept from one run to the next, so the timed runs allocate
 * only their outputs: jemalloc hands freed pages back to the system (at once above 8 MiB), and
 * each run would pay their page faults again (a third more time for the 10^6-block default
 * pipeline, measured). A
 * descriptor with a prepare step always keeps its scratch: its prepared graph lives there. */
static void scratch_end(const struct pipe *x, void **scratch, void (*scratch_free)(void *),
			bool prepared)
{
	if (x->once && !prepared && *scratch) {
		scratch_free(*scratch);
		*scratch = NULL;
	}
}

/* The dominator stage: the algorithm writes into the tree's own idom array, and the tree is
 * built from the algorithm's own numbering when it keeps one (dom_algo.tree: the same tree but
 * for the order of siblings, without a walk of its own). The tree's storage is allocated once,
 * in setup. */
static int dom_stage(struct pipe *x, uint64_t *counters)
{
	const struct cfg *g = &x->p->cfg;
	int st = x->dom_scratch ? SSA_OK : x->da->scratch_alloc(&x->dom_scratch, g->n, g->m);
	if (st == SSA_OK)
		st = x->da->run(x->dom_scratch, g, x->dt.idom, counters);
	if (st == SSA_OK && (!x->da->tree || (st = x->da->tree(x->dom_scratch, g, &x->dt)) ==
						     SSA_EUSAGE))
		st = domtree_compute(&x->dt, x->dt.idom, 0);
	scratch_end(x, &x->dom_scratch, x->da->scratch_free, x->da->prepare != NULL);
	return st;
}

/* The pipeline's peak with nphi φs of nargs operands placed, over the parts pipe_bytes left in
 * x: keep, held from the placement to the end; most, the largest scratch freed before the
 * placement; place, the placement's scratch when it is freed at its stage's end. With one run
 * the placement's scratch and output buffer come first, then the φ sets, the form and the
 * renamer's scratch (or the check's second form, laid out after the runs). Runs after the first
 * keep all of them (scratch_end), and each rewrites the φ sets and the form into their arrays
 * by realloc, which jemalloc counts as the new block allocated before the old one is freed
 * even when it stays in place: the largest array rewritten comes on top once. */
static uint64_t pipe_need(const struct pipe *x, uint64_t nphi, uint64_t nargs)
{
	const struct prog *p = x->p;
	const struct cfg *g = &p->cfg;
	uint64_t form = ssa_form_bytes(g->n, p->nops, nphi, nargs);
	uint64_t ren = x->ra->scratch_bytes(g->n, g->m, p->nvars, p->nops, nphi);
	uint64_t out = phi_output_bytes(nphi, p->nvars);
	uint64_t check = x->check ? form : 0;
	if (!x->once) {
		/* arg_off is the largest of the φ-indexed arrays (and the φ sets' blocks) */
		uint64_t w = ssa_array_bytes(nphi + 1, sizeof(uint64_t));
		uint64_t a = ssa_array_bytes(nargs, sizeof(uint32_t));
		uint64_t o = ssa_array_bytes(p->nops, sizeof(uint32_t));
		w = w > a ? w : a;
		w = w > o ? w : o;
		w = w > check ? w : check;
		return ssa_sat_add(ssa_sat_add(x->keep, x->most),
				   ssa_sat_add(ssa_sat_add(out, form), ssa_sat_add(ren, w)));
	}
	uint64_t sets = phi_sets_bytes(nphi, p->nvars);
	uint64_t placing = ssa_sat_add(x->place, out);
	uint64_t renaming = ssa_sat_add(ssa_sat_add(sets, form), ren > check ? ren : check);
	uint64_t top = placing > renaming ? placing : renaming;
	return ssa_sat_add(x->keep, top > x->most ? top : x->most);
}

/* The first placement's φs against the limit, before the form is laid out: SSA_ETOOBIG when
 * the estimate with them exceeds it. */
static int form_check(struct pipe *x)
{
	x->form_checked = true;
	x->need = pipe_need(x, x->ps.total, phi_sets_operands(&x->ps, &x->p->cfg));
	x->form_refused = x->need > x->limit;
	return x->form_refused ? SSA_ETOOBIG : SSA_OK;
}

/* One run of the whole pipeline; each stage's wall and CPU time is added to x->wall[], x->cpu[]. */
static int pipe_rep(struct pipe *x)
{
	const struct prog *p = x->p;
	const struct cfg *g = &p->cfg;
	int st;
	uint64_t c[DF_MAX_COUNTERS];
	pipe_free_outputs(x);

	lap_start(x);
	st = dom_stage(x, x->counters[ST_DOM]);
	lap_end(x, ST_DOM);
	if (st != SSA_OK)
		return st;

	if (x->dfa) {
		lap_start(x);
		st = x->df_scratch ? SSA_OK : x->dfa->scratch_alloc(&x->df_scratch, g->n, g->m);
		if (st == SSA_OK)
			st = x->dfa->run(x->df_scratch, g, &x->dt, x->df_limit, &x->df, c);
		scratch_end(x, &x->df_scratch, x->dfa->scratch_free, false);
		lap_end(x, ST_DF);
		if (st != SSA_OK)
			return st;
		x->counters[ST_DF][0] = x->df.total;
		x->counters[ST_DF][1] = x->df.max;
		x->bytes[ST_DF] = ssa_sat_add(x->dfa->scratch_bytes(g->n, g->m),
					      df_sets_bytes(g->n, x->df.total));
	}

	lap_start(x);
	if (x->maximal) {
		uint8_t *at = ssa_alloc_array(g->n, 1);
		if (!at)
			return SSA_ENOMEM;
		for (uint32_t b = 0; b < g->n; b++)
			at[b] = cfg_is_join(g, b, x->every);
		st = ssa_form_layout_all(&x->s, p, at);
		free(at);
		lap_end(x, ST_PHI);
		if (st != SSA_OK)
			return st;
		x->counters[ST_PHI][0] = x->s.nphi;
	} else {
		st = x->phi_scratch ? SSA_OK
				    : x->pa->scratch_alloc(&x->phi_scratch, g->n, p->nvars);
		if (st == SSA_OK)
			st = var_blocks_build(&x->vb, p);
		if (st == SSA_OK) {
			struct phi_input in = {.prog = p, .dt = &x->dt, .vb = &x->vb,
					       .df = x->dfa ? &x->df : NULL, .live = NULL};
			st = x->pa->run(x->phi_scratch, &in, x->flavor, &x->ps, x->counters[ST_PHI]);
		}
		scratch_end(x, &x->phi_scratch, x->pa->scratch_free, x->pa->prepare != NULL);
		if (st == SSA_OK && !x->form_checked)
			st = form_check(x);
		if (st == SSA_OK)
			st = ssa_form_relayout(&x->s, p, &x->ps);
		lap_end(x, ST_PHI);
		if (st != SSA_OK)
			return st;
	}
	x->bytes[ST_PHI] = ssa_form_bytes(g->n, p->nops, x->s.nphi, x->s.arg_off[x->s.nphi]);
	if (!x->maximal)
		x->bytes[ST_PHI] = ssa_sat_add(
			x->bytes[ST_PHI],
			ssa_sat_add(x->pa->scratch_bytes(g->n, p->nvars),
				    var_blocks_bytes(g->n, p->nvars, p->nops)));

	x->bytes[ST_RENAME] =
		x->ra->scratch_bytes(g->n, g->m, p->nvars, p->nops, x->s.nphi);
	/* The renamer's scratch depends on the φ count, known only now: kept from the first run. */
	if (!x->once && !x->ren_scratch && (st = x->ra->scratch_alloc(&x->ren_scratch, p, &x->s)))
		return st;
	lap_start(x);
	st = x->ren_scratch ? SSA_OK : x->ra->scratch_alloc(&x->ren_scratch, p, &x->s);
	if (st == SSA_OK)
		st = x->ra->run(x->ren_scratch, p, &x->dt, &x->s, x->counters[ST_RENAME]);
	scratch_end(x, &x->ren_scratch, x->ra->scratch_free, false);
	lap_end(x, ST_RENAME);
	if (st != SSA_OK)
		return st;

	if (x->maximal) {
		lap_start(x);
		st = ssa_prune(&x->s, g, &x->dt, true, x->dead, &x->pruned, &x->mst);
		lap_end(x, ST_PRUNE);
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


/* The pipeline's report rows: one per stage that ran, and the dfs floor's samples, taken in
 * the same rounds so that every x_dfs is a paired ratio (ratio.c). */
struct pipe_rows {
	struct bench_timing t[ST_N];
	struct bench_timing floor;
};

static int pipe_run_once(void *arg, uint64_t *counters)
{
	(void)counters;
	return pipe_rep(arg);
}

static int dfs_run_once(void *arg, uint64_t *counters)
{
	void **a = arg;
	cfg_dfs_run(a[0], a[1], 0);
	counters[0] = ((struct cfg_dfs *)a[0])->nreach;
	return SSA_OK;
}

/* Warm-up, calibration and samples as for a kernel (timing.h): the pipeline is timed whole, each
 * stage's share of every sample kept; the floor (dfs_arg) is warmed up and calibrated on its own,
 * and sample i of it follows sample i of the pipeline, so a burst of load hits both. dfs_arg
 * NULL: the floor's samples were taken before (floor_first). */
static int time_pipeline(struct pipe *x, const struct bench_timing_opts *o, struct pipe_rows *rows,
			 void *dfs_arg)
{
	uint64_t dummy[BENCH_MAX_COUNTERS];
	struct bench_timing whole = {0};
	int st = bench_time_begin(pipe_run_once, x, o, dummy, &whole);
	for (int k = 0; k < ST_N && st == SSA_OK; k++)
		st = bench_timing_init(&rows->t[k], o->reps);
	if (st == SSA_OK && dfs_arg)
		st = bench_time_begin(dfs_run_once, dfs_arg, o, dummy, &rows->floor);
	for (unsigned i = 0; i < o->reps && st == SSA_OK; i++) {
		if (bench_progress_enabled() && (uint64_t)x->p->cfg.n + x->p->cfg.m >= 10000000u)
			bench_progress("pipeline: sample %u/%u", i + 1, o->reps);
		memset(x->wall, 0, sizeof x->wall);
		memset(x->cpu, 0, sizeof x->cpu);
		st = bench_time_sample(pipe_run_once, x, dummy, &whole, i);
		for (int k = 0; k < ST_N; k++) {
			struct bench_timing *t = &rows->t[k];
			t->rep_ms[i] = x->wall[k] / 1e6 / (double)whole.iters;
			t->cpu_rep_ms[i] = x->cpu[k] / 1e6 / (double)whole.iters;
			t->rep_start_ms[i] = whole.rep_start_ms[i];
			t->reps = i + 1;
			t->iters = whole.iters;
			t->invol_switches = whole.invol_switches;
		}
		if (st == SSA_OK && dfs_arg)
			st = bench_time_sample(dfs_run_once, dfs_arg, dummy, &rows->floor, i);
	}
	bench_progress_done();
	for (int k = 0; k < ST_N && st == SSA_OK; k++) {
		rows->t[k].prepare_ms = -1;
		st = bench_timing_stats(&rows->t[k]);
	}
	if (st == SSA_OK)
		st = bench_timing_stats(&rows->floor);
	bench_timing_free(&whole);
	return st;
}

/* All the floor's samples, before the pipeline's (see bench_pipeline_run). */
static int time_floor(const struct bench_timing_opts *o, struct bench_timing *floor, void *dfs_arg)
{
	uint64_t dummy[BENCH_MAX_COUNTERS];
	int st = bench_time_begin(dfs_run_once, dfs_arg, o, dummy, floor);
	for (unsigned i = 0; i < o->reps && st == SSA_OK; i++)
		st = bench_time_sample(dfs_run_once, dfs_arg, dummy, floor, i);
	return st;
}

/* A stage's scratch of bytes in the estimate: alive across stages when its descriptor prepares
 * it or when runs reuse it (!once), else freed when the stage ends, so only the largest of
 * those counts (scratch_end). */
static void scratch_bytes(struct pipe *x, uint64_t bytes, bool prepared)
{
	if (prepared || !x->once)
		x->keep = ssa_sat_add(x->keep, bytes);
	else
		x->most = bytes > x->most ? bytes : x->most;
}

/* The maximal pipeline's peak: the tree, then the maximal form with, in turn, the join flags
 * of its layout, the renamer's scratch and the pruning's arrays with the pruned form (which
 * the next run frees first). Runs after the first keep the renamer's scratch beside the layout
 * and the pruning. The pruning keeps exactly the minimal (pruned) φs on a reducible CFG, counted
 * by the facts (with φs in every block too: those of single-predecessor blocks are all
 * redundant; tests/test_rename_maximal.c); else every φ, and every operand bounds the redundant
 * rule's reader entries. */
static uint64_t maximal_bytes(struct pipe *x, const struct bench_input *in)
{
	const struct prog *p = x->p;
	const struct cfg *g = &p->cfg;
	struct phi_maximal_opts o = {.every_block = x->every, .prune_redundant = true,
				     .prune_dead = x->dead};
	uint64_t nphi, nargs, kept, kargs;
	phi_maximal_count(p, &o, &nphi, &nargs);
	kept = nphi;
	kargs = nargs;
	if (bench_facts_reducible(in) == 1) {
		const struct bench_facts *f = bench_facts(in, x->dead ? PHI_PRUNED : PHI_MINIMAL);
		if (f && f->have_phi) {
			kept = f->nphi;
			kargs = f->nargs;
		}
	}
	uint64_t ren = x->ra->scratch_bytes(g->n, g->m, p->nvars, p->nops, nphi);
	uint64_t top = phi_maximal_form_bytes(p, &o, ren, !x->once, kept, kargs, nargs);
	return ssa_sat_add(x->keep, top > x->most ? top : x->most);
}

/* The estimate of the pipeline's peak allocation (pipe_need, maximal_bytes), from the time
 * measurement starts (the floor's arrays are older): the driver's sample arrays, the outputs,
 * the scratch kept and the largest freed at its stage's end. The φs, their operands, Σ|DF| and
 * a placement's scratch over the tree come from the input's facts (bench/facts.h: the default
 * tree and placement, run once per input, what the stages' own estimates use), so the estimate
 * covers the run before anything is allocated; where the facts do not fit, from bounds
 * (--df-limit entries) and, for the φs, a second check once the placement has counted them
 * (form_check). */
static uint64_t pipe_bytes(struct pipe *x, const struct bench_input *in)
{
	const struct prog *p = x->p;
	const struct cfg *g = &p->cfg;
	/* Without a frontier stage the tree is lean, unless the dominator algorithm cannot build it
	 * from its own numbering (no tree hook; auto's declines on the graphs its small and
	 * mid-size paths take, a few thousand blocks at most): domtree_compute then adds the
	 * children lists. */
	bool lean = !x->dfa && x->da->tree && g->n > 4096;
	uint64_t tree = lean ? domtree_lean_bytes(g->n) : domtree_bytes(g->n);
	uint64_t dom = x->da->scratch_bytes(g->n, g->m);
	x->bytes[ST_DOM] = ssa_sat_add(dom, tree);
	/* the whole pipeline's samples, each stage's and the floor's (bench_timing_init) */
	x->keep = ssa_sat_add(tree, ssa_bytes(ST_N + 2, bench_mem_driver_bytes(0)));
	x->most = x->place = 0;
	scratch_bytes(x, dom, x->da->prepare != NULL);
	if (x->maximal) {
		x->form_checked = true;
		return maximal_bytes(x, in);
	}
	const struct bench_facts *f = bench_facts(in, x->flavor);
	uint64_t nphi = 0, nargs = 0;
	if (f && f->have_phi) {
		nphi = f->nphi;
		nargs = f->nargs;
	}
	if (x->dfa) {
		struct phi_counts c = {.df_total = f ? f->df_total : 0};
		if (!f)
			phi_count_bounds(p, x->df_limit, &c);
		uint64_t dft = c.df_total < x->df_limit ? c.df_total : x->df_limit;
		/* the sets, kept from their stage on; a run's building buffer in the scratch */
		x->keep = ssa_sat_add(x->keep, df_sets_bytes(g->n, dft));
		scratch_bytes(x, df_run_bytes(x->dfa, g->n, g->m, dft, x->df_limit), false);
	}
	/* The variable lists live from the placement to the next run. */
	x->keep = ssa_sat_add(x->keep, var_blocks_bytes(g->n, p->nvars, p->nops));
	uint64_t place = bench_facts_phi_scratch(f, x->pa, in);
	if (x->pa->prepare || !x->once)
		x->keep = ssa_sat_add(x->keep, place);
	else
		x->place = place;
	x->form_checked = f && f->have_phi;
	return pipe_need(x, nphi, nargs);
}

/* Scratch once, and the descriptors' untimed prepare steps (the placement's needs a tree and
 * the variable lists: one untimed run of the dominator stage gives them). */
static int pipe_setup(struct pipe *x, double *prepare_ms)
{
	const struct prog *p = x->p;
	const struct cfg *g = &p->cfg;
	/* Only a frontier stage reads the tree's children (df-cytron). */
	int st = x->dfa ? domtree_alloc(&x->dt, g->n) : domtree_alloc_lean(&x->dt, g->n);
	if (st == SSA_OK && (x->da->prepare || !x->once))
		st = x->da->scratch_alloc(&x->dom_scratch, g->n, g->m);
	if (st == SSA_OK && x->dfa && !x->once)
		st = x->dfa->scratch_alloc(&x->df_scratch, g->n, g->m);
	if (st == SSA_OK && x->pa && (x->pa->prepare || !x->once))
		st = x->pa->scratch_alloc(&x->phi_scratch, g->n, p->nvars);
	double t0 = bench_now_ns();
	if (st == SSA_OK && x->da->prepare)
		st = x->da->prepare(x->dom_scratch, g);
	prepare_ms[ST_DOM] = x->da->prepare ? (bench_now_ns() - t0) / 1e6 : -1;
	if (st == SSA_OK && x->pa && x->pa->prepare) {
		uint64_t c[DOM_MAX_COUNTERS];
		st = dom_stage(x, c);
		if (st == SSA_OK)
			st = var_blocks_build(&x->vb, p);
		t0 = bench_now_ns();
		struct phi_input in = {.prog = p, .dt = &x->dt, .vb = &x->vb, .df = NULL, .live = NULL};
		if (st == SSA_OK)
			st = x->pa->prepare(x->phi_scratch, &in);
		prepare_ms[ST_PHI] = (bench_now_ns() - t0) / 1e6;
	}
	return st;
}

static void report_rows(struct bench_report *r, const char *text, struct pipe *x,
			struct pipe_rows *rows, const double *prepare_ms, const struct bench_mem *mem,
			const char *check, const char *check_msg, bool interleaved)
{
	/* Names from the descriptors (static strings): the report keeps them until its end. */
	const char *algo[ST_N] = {x->da->head.name, x->dfa ? x->dfa->head.name : NULL,
				  x->pa ? x->pa->head.name : "phi-maximal", x->ra->head.name,
				  x->maximal ? (x->dead ? "prune-ah+dead" : "prune-ah") : NULL};
	static const char *const df_names[] = {"sum-df", "max-df", NULL};
	static const char *const phis_names[] = {"phis", NULL};
	static const char *const prune_names[] = {"removed-redundant", "removed-dead", "kept",
						  "rechecks", NULL};
	const char *const *names[ST_N] = {x->da->head.counter_names, df_names,
					  x->pa ? x->pa->head.counter_names : phis_names,
					  x->ra->head.counter_names, prune_names};
	const struct cfg *g = &x->p->cfg;
	double total = 0, total_cpu = 0;
	for (int k = 0; k < ST_N; k++)
		if (algo[k]) {
			total += rows->t[k].median_ms;
			total_cpu += rows->t[k].cpu_median_ms;
		}
	/* Every x_dfs pairs a sample of the pipeline with the floor's sample of the same round. */
	unsigned reps = rows->floor.reps < rows->t[ST_DOM].reps ? rows->floor.reps
								: rows->t[ST_DOM].reps;
	double *sum = ssa_calloc_array(reps ? reps : 1, sizeof *sum);
	double *sum_cpu = ssa_calloc_array(reps ? reps : 1, sizeof *sum_cpu);
	/* x_dfs: the median of the per-sample ratios to the floor (each pipeline sample is followed
	 * by a floor sample); x_cpu the same with CPU time, which a busy machine inflates less
	 * (the process's own time, not its waits). */
	char table[ST_N][224], line[400];
	bool cpu_over_any = false;
	for (int k = 0; k < ST_N; k++) {
		if (!algo[k])
			continue;
		const struct bench_timing *t = &rows->t[k];
		struct bench_ratio x_cpu;
		struct bench_result res;
		memset(&res, 0, sizeof res);
		bench_ratio_paired(t->rep_ms, rows->floor.rep_ms, reps, &res.x_dfs);
		bench_ratio_paired(t->cpu_rep_ms, rows->floor.cpu_rep_ms, reps, &x_cpu);
		for (unsigned i = 0; sum && sum_cpu && i < reps; i++) {
			sum[i] += t->rep_ms[i];
			sum_cpu[i] += t->cpu_rep_ms[i];
		}
		res.algo = algo[k];
		res.stage = stage_names[k];
		res.status = BENCH_RUN_OK;
		res.mem_estimate = x->bytes[k];
		res.timing = *t;
		res.timing.prepare_ms = prepare_ms[k];
		/* a descriptor fills up to ALGO_MAX_COUNTERS names with no NULL after a full set */
		for (size_t i = 0; i < ALGO_MAX_COUNTERS && names[k][i]; i++) {
			res.counter_names[res.ncounters] = names[k][i];
			res.counters[res.ncounters++] = x->counters[k][i];
		}
		res.mem = *mem;
		res.interleaved = interleaved;
		bool last = k == ST_PRUNE || (k == ST_RENAME && !x->maximal);
		res.check = last ? check : "n/a";
		snprintf(res.check_msg, sizeof res.check_msg, "%s", last ? check_msg : "");
		bench_report_row(r, &res);
		char b[32];
		bench_format_bytes(x->bytes[k], b, sizeof b);
		/* One thread cannot use more CPU than wall time: a CPU median above the wall median
		 * (by more than the clocks' noise) comes from different samples or a coarse CPU
		 * clock, and is flagged rather than shown bare. */
		bool cpu_over = t->median_ms > 0 && t->cpu_median_ms / t->median_ms > BENCH_MAX_UTILIZATION;
		cpu_over_any |= cpu_over;
		snprintf(table[k], sizeof table[k], "%-7s %-18s %10.3f %6.1f%% %9.2f %7.2f %9.3f %7.2f   %s%s",
			 stage_names[k], algo[k], t->median_ms,
			 total > 0 ? 100.0 * t->median_ms / total : 0.0, t->median_ms * 1e6 / g->n,
			 res.x_dfs.value, t->cpu_median_ms, x_cpu.value, b,
			 cpu_over ? "   cpu>wall (see below)" : "");
	}
	struct bench_ratio x_total, x_total_cpu;
	memset(&x_total, 0, sizeof x_total);
	memset(&x_total_cpu, 0, sizeof x_total_cpu);
	if (sum && sum_cpu) {
		bench_ratio_paired(sum, rows->floor.rep_ms, reps, &x_total);
		bench_ratio_paired(sum_cpu, rows->floor.cpu_rep_ms, reps, &x_total_cpu);
	}
	free(sum);
	free(sum_cpu);
	snprintf(line, sizeof line, "pipeline: %s  (n=%" PRIu32 " m=%" PRIu32 " vars=%" PRIu32
		 " ops=%" PRIu32 ", median of %u samples of %" PRIu64 " runs)",
		 text, g->n, g->m, x->p->nvars, x->p->nops, rows->t[ST_DOM].reps,
		 rows->t[ST_DOM].iters);
	bench_report_note(r, line);
	bench_report_note(r, "stage   algorithm           median_ms   share  ns/block   x_dfs    cpu_ms   x_cpu"
			     "   memory");
	for (int k = 0; k < ST_N; k++)
		if (algo[k])
			bench_report_note(r, table[k]);
	char pk[32];
	bench_format_bytes(mem->peak_alloc, pk, sizeof pk);
	snprintf(line, sizeof line, "%-7s %-18s %10.3f %6.1f%% %9.2f %7.2f %9.3f %7.2f   peak %s",
		 "total", "", total, 100.0, total * 1e6 / g->n,
		 x_total.value, total_cpu, x_total_cpu.value, mem->have_jemalloc ? pk : "n/a");
	bench_report_note(r, line);
	snprintf(line, sizeof line, "%-7s %-18s %10.3f %7s %9s %7s %9.3f", "floor", "dfs",
		 rows->floor.median_ms, "", "", "", rows->floor.cpu_median_ms);
	bench_report_note(r, line);
	if (cpu_over_any)
		bench_report_note(r, "cpu>wall: a stage's median CPU time is above its median wall time, "
				     "which one thread cannot do: the two medians come from different "
				     "samples or the CPU clock is coarse at this size; read its wall time");
	char a[96], b[96];
	bench_ratio_str(&x_total, a, sizeof a);
	bench_ratio_str(&x_total_cpu, b, sizeof b);
	snprintf(line, sizeof line, "ratio: total/dfs wall %s cpu %s (median of %u per-sample "
		 "ratios, 95%% bootstrap interval)", a, b, reps);
	bench_report_note(r, line);
}

/* The refusal on stderr; what: "" or what the estimate knows more ("with its N phis "). */
static void refuse(const char *what, uint64_t need, uint64_t limit, const char *how)
{
	char a[32], b[32];
	bench_format_bytes(need, a, sizeof a);
	bench_format_bytes(limit, b, sizeof b);
	fprintf(stderr, "bench: refused: %sthe pipeline needs about %s; limit is %s (%s); use "
			"--mem-limit to override\n", what, a, b, how);
}

int bench_pipeline_run(const struct bench_cli *cli, const struct bench_input *in,
		       struct bench_report *r, FILE *dump_f)
{
	struct spec spec;
	char err[320];
	int st = pipeline_parse(cli->pipeline, &spec, err, sizeof err);
	if (st != SSA_OK) {
		fprintf(stderr, "bench: %s\n", err);
		return BENCH_EXIT_USAGE;
	}
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	const struct bench_stage_opts *o = in->opts;
	struct pipe x;
	memset(&x, 0, sizeof x);
	x.p = p;
	x.da = algo_find(dom_algos, dom_nalgos, spec.dom);
	x.dfa = spec.df ? algo_find(df_algos, df_nalgos, spec.df) : NULL;
	x.pa = spec.maximal ? NULL : algo_find(phi_algos, phi_nalgos, spec.phi);
	x.ra = algo_find(rename_algos, rename_nalgos, spec.rename);
	x.maximal = spec.maximal;
	x.df_limit = o->df_limit;
	x.flavor = (enum phi_flavor)o->flavor;
	if (x.maximal && x.flavor == PHI_SEMIPRUNED) {
		fprintf(stderr, "bench: phi-maximal prunes to minimal (redundant phis) or pruned "
				"(and dead phis); semipruned has no maximal counterpart\n");
		return BENCH_EXIT_USAGE;
	}
	if (!x.maximal && o->maximal_set) {
		fprintf(stderr, "bench: --maximal: the pipeline's placement is %s, not phi-maximal\n",
			spec.phi);
		return BENCH_EXIT_USAGE;
	}
	if (p->nvars == 0) {
		fprintf(stderr, "bench: --pipeline: the program has no variables (give --vars=V or a "
				".prog with variables)\n");
		return BENCH_EXIT_USAGE;
	}
	x.dead = x.flavor == PHI_PRUNED;
	x.every = o->maximal_every;

	const char *how;
	x.check = cli->check;
	x.once = cli->timing.reps == 1 && cli->timing.warmup == 0;
	uint64_t need = pipe_bytes(&x, in), limit = bench_mem_limit(cli, &how);
	x.limit = limit;
	if (need > limit) {
		refuse("", need, limit, how);
		return BENCH_EXIT_REFUSED;
	}

	struct pipe_rows rows;
	memset(&rows, 0, sizeof rows);
	double prepare_ms[ST_N] = {-1, -1, -1, -1, -1};
	/* The floor's arrays exist before the memory peak is reset: they are not the pipeline's.
	 * With one sample there is no round to share, and when the floor's arrays and the
	 * pipeline's estimate exceed the limit together they may not both be held: the floor's
	 * samples are then taken first and its arrays freed before the pipeline allocates. */
	struct cfg_dfs d = {0};
	st = cfg_dfs_alloc(&d, g->n);
	void *dfs_arg[2] = {&d, (void *)g};
	char order[200] = "";
	if (cli->timing.reps == 1)
		snprintf(order, sizeof order, "order: the floor's sample first, then the pipeline's "
			 "(one sample: nothing to interleave), the floor's arrays freed in between");
	else if (ssa_sat_add(need, cfg_dfs_bytes(g->n)) > limit)
		snprintf(order, sizeof order, "order: the floor's samples first, then the pipeline's, "
			 "not interleaved: together they exceed the limit (%s)", how);
	if (order[0] && st == SSA_OK)
		st = time_floor(&cli->timing, &rows.floor, dfs_arg);
	if (order[0])
		cfg_dfs_free(&d);
	bench_mem_reset();
	if (st == SSA_OK)
		st = pipe_setup(&x, prepare_ms);
	if (st == SSA_OK)
		st = time_pipeline(&x, &cli->timing, &rows, order[0] ? NULL : dfs_arg);
	struct bench_mem mem;
	bench_mem_snapshot(&mem);
	cfg_dfs_free(&d);
	int code = BENCH_EXIT_OK;
	if (st == SSA_ETOOBIG && x.form_refused) {
		char phis[48];
		snprintf(phis, sizeof phis, "with its %" PRIu64 " phis ", x.ps.total);
		refuse(phis, x.need, limit, how);
	} else if (st != SSA_OK) {
		fprintf(stderr, "bench: pipeline %s: %s\n",
			bench_exit_for(st) == BENCH_EXIT_REFUSED ? "refused" : "failed",
			ssa_status_str(st));
	}
	if (st != SSA_OK) {
		code = bench_exit_for(st) == BENCH_EXIT_VERIFY ? BENCH_EXIT_INPUT : bench_exit_for(st);
		goto out;
	}

	char check_msg[256] = "";
	const char *check = "skipped";
	const struct ssa_form *final = x.maximal ? &x.pruned : &x.s;
	if (cli->check) {
		st = ssa_check_form(p, &x.dt, final, x.maximal ? NULL : &x.ps,
				    x.maximal ? NULL : rename_second(x.ra),
				    in->seed, in->opts->walks, check_msg,
				    sizeof check_msg);
		check = st == SSA_OK ? "ok" : st == SSA_EVERIFY ? "FAIL" : "error";
		if (st != SSA_OK) {
			fprintf(stderr, "bench: pipeline check %s: %s\n", check, check_msg);
			code = bench_exit_for(st);
		}
	}
	char shown[200];
	snprintf(shown, sizeof shown, "%s%s%s", cli->pipeline,
		 strcmp(cli->pipeline, "default") ? "" : " = ",
		 strcmp(cli->pipeline, "default") ? "" : bench_default_pipeline());
	if (order[0])
		bench_report_note(r, order);
	report_rows(r, shown, &x, &rows, prepare_ms, &mem, check, check_msg, !order[0]);
	if (dump_f && (st = ssa_form_dump(dump_f, p, final)) != SSA_OK) {
		fprintf(stderr, "bench: --dump=ssa: %s\n", ssa_status_str(st));
		if (!code)
			code = BENCH_EXIT_INPUT;
	}
out:
	for (int k = 0; k < ST_N; k++)
		bench_timing_free(&rows.t[k]);
	bench_timing_free(&rows.floor);
	pipe_free(&x);
	return code;
}
