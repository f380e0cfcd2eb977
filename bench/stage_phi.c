/* The φ-placement stage: one kernel per entry of phi_algos[] (algos/phi/sets.c), plus the two
 * liveness computations pruned SSA can use.
 *
 *   setup         untimed: dominators by auto (Semi-NCA, Lengauer-Tarjan when its budget runs
 *                 out), the dominator tree, the per-variable def and
 *                 upward-exposed-use lists; DF sets by df-runner for algorithms that need them
 *                 (refused past --df-limit, as in the df stage); dataflow liveness when
 *                 --live=dataflow.
 *   --flavor=F    minimal (default), semipruned or pruned.
 *   --live=L      pruned's liveness: walk (default; per variable, inside the timed run, as LLVM's
 *                 mem2reg) or dataflow (bitsets for all variables, computed in setup, untimed).
 *   counters      phis, worklist or queue pops, DF entries or edges looked at, liveness steps.
 *   check         small inputs: against IDF(def) computed as the fixpoint J = DF(def ∪ J) over
 *                 df-naive's sets, filtered by the flavour with dataflow liveness; large ones:
 *                 against the other placement algorithm with the other liveness.
 *   dumps         phi: one line per variable "<var>:" then its φ blocks ascending.
 * Kernels live-dataflow and live-walk time the two liveness computations alone over all
 * variables, check each against the other, and dump live: one line per variable "<var>:" then
 * its live-in blocks ascending. */
#include "bench/kernel.h"
#include "df/df.h"
#include "dom/dom.h"
#include "gen/gen.h"
#include "phi/phi.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The oracle check: n*(n+m) for df-naive and the fixpoint iterations stay small below this. */
#define PHI_CHECK_ORACLE_WORK 100000000ull
/* A liveness cross-check allocates the other method; dataflow only below this many bytes. */
#define PHI_CHECK_DATAFLOW_BYTES (UINT64_C(2) << 30)
#define PHI_STAGE_MAX 8

enum kind { K_PLACE, K_LIVE_DATAFLOW, K_LIVE_WALK };

struct phi_state {
	enum kind kind;
	const struct phi_algo *a;
	const struct prog *p;
	enum phi_flavor flavor;
	bool dataflow; /* pruned uses (or the kernel is) dataflow liveness */
	uint64_t limit;
	struct domtree dt;
	struct var_blocks vb;
	struct df_sets df;
	struct live_dataflow ld;
	struct live_walk lw;
	void *scratch;
	struct phi_sets out;
};

static int parse_opts(const struct bench_input *in, enum phi_flavor *f, bool *dataflow,
		      uint64_t *limit, char *err, size_t errlen)
{
	const char *fl = bench_opt(in, "flavor"), *lv = bench_opt(in, "live"),
		   *dl = bench_opt(in, "df-limit");
	*f = PHI_MINIMAL;
	*dataflow = false;
	*limit = DF_DEFAULT_LIMIT;
	if (fl && phi_flavor_parse(fl, f) != SSA_OK) {
		snprintf(err, errlen, "--flavor=%s: expected minimal, semipruned or pruned", fl);
		return SSA_EUSAGE;
	}
	if (lv && strcmp(lv, "walk") && strcmp(lv, "dataflow")) {
		snprintf(err, errlen, "--live=%s: expected walk or dataflow", lv);
		return SSA_EUSAGE;
	}
	*dataflow = lv && !strcmp(lv, "dataflow");
	if (dl && gen_parse_count(dl, limit) != SSA_OK) {
		snprintf(err, errlen, "--df-limit=%s: expected a count such as 1e9", dl);
		return SSA_EUSAGE;
	}
	return SSA_OK;
}

static uint64_t mem_for(enum kind kind, const struct phi_algo *a, const struct bench_input *in)
{
	const struct prog *p = in->prog;
	uint64_t n = p->cfg.n, m = p->cfg.m, V = p->nvars;
	enum phi_flavor f;
	bool dataflow;
	uint64_t limit;
	char err[256];
	if (parse_opts(in, &f, &dataflow, &limit, err, sizeof err) != SSA_OK)
		return 0; /* setup reports the usage error */
	uint64_t b = var_blocks_bytes(n, V, p->nops);
	if (kind == K_LIVE_DATAFLOW)
		return ssa_sat_add(b, live_dataflow_bytes(n, V));
	if (kind == K_LIVE_WALK)
		return ssa_sat_add(b, live_walk_bytes(n));
	b = ssa_sat_add(b, domtree_bytes(n));
	b = ssa_sat_add(b, ssa_bytes(n, sizeof(uint32_t)));
	b = ssa_sat_add(b, a->scratch_bytes(n, V));
	if (a->needs_df) /* as the df stage: 4 entries per edge, capped by the limit */
		b = ssa_sat_add(b, df_sets_bytes(n, 4 * m < limit ? 4 * m : limit));
	if (f == PHI_PRUNED && dataflow)
		b = ssa_sat_add(b, live_dataflow_bytes(n, V));
	/* φs: no more than one per (variable, definition or use) in practice; the buffer grows. */
	return ssa_sat_add(b, ssa_bytes(2 * (uint64_t)p->nops + V + 1, sizeof(uint64_t)));
}

static void state_free(struct phi_state *s)
{
	if (s->scratch)
		s->a->scratch_free(s->scratch);
	domtree_free(&s->dt);
	var_blocks_free(&s->vb);
	df_sets_free(&s->df);
	if (s->ld.in)
		live_dataflow_free(&s->ld);
	if (s->lw.live)
		live_walk_free(&s->lw);
	phi_sets_free(&s->out);
	free(s);
}

static int setup_for(enum kind kind, const struct phi_algo *a, const struct bench_input *in,
		     void **state, char *err, size_t errlen)
{
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	const char *name = a ? a->name : kind == K_LIVE_WALK ? "live-walk" : "live-dataflow";
	struct phi_state *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, errlen, "%s: out of memory", name);
		return SSA_ENOMEM;
	}
	s->kind = kind;
	s->a = a;
	s->p = p;
	int st = parse_opts(in, &s->flavor, &s->dataflow, &s->limit, err, errlen);
	if (st != SSA_OK) {
		free(s);
		return st;
	}
	if (p->nvars == 0) {
		snprintf(err, errlen, "%s: the program has no variables (give --vars=V or a .prog "
			 "with variables)", name);
		free(s);
		return SSA_EUSAGE;
	}
	const char *what = "variable lists";
	st = var_blocks_build(&s->vb, p);
	if (st == SSA_OK && kind == K_LIVE_DATAFLOW) {
		what = "liveness bitsets";
		st = live_dataflow_alloc(&s->ld, g->n, p->nvars);
	} else if (st == SSA_OK && kind == K_LIVE_WALK) {
		what = "liveness walk";
		st = live_walk_alloc(&s->lw, g->n);
	} else if (st == SSA_OK) {
		what = "dominators";
		st = dom_tree_default(g, &s->dt);
		if (st == SSA_OK && a->needs_df) {
			what = "dominance frontiers (df-runner)";
			st = df_compute(df_find("df-runner"), g, &s->dt, s->limit, &s->df, NULL);
			if (st == SSA_ETOOBIG) {
				snprintf(err, errlen, "%s: sum|DF| exceeds --df-limit=%" PRIu64
					 " entries; this graph's frontiers are too large to "
					 "materialize (phi-dj does not need them)", name, s->limit);
				state_free(s);
				return st;
			}
		}
		if (st == SSA_OK && s->flavor == PHI_PRUNED && s->dataflow) {
			what = "dataflow liveness";
			uint64_t c[4];
			st = live_dataflow_alloc(&s->ld, g->n, p->nvars);
			if (st == SSA_OK)
				st = live_dataflow_run(&s->ld, p, c);
		}
		if (st == SSA_OK) {
			what = "scratch";
			st = a->scratch_alloc(&s->scratch, g->n, p->nvars);
		}
	}
	if (st != SSA_OK) {
		snprintf(err, errlen, "%s: %s: %s", name, what, ssa_status_str(st));
		state_free(s);
		return st;
	}
	*state = s;
	return SSA_OK;
}

static struct phi_input input_of(const struct phi_state *s, bool dataflow)
{
	struct phi_input in = {.prog = s->p, .dt = &s->dt, .vb = &s->vb,
			       .df = s->df.off ? &s->df : NULL,
			       .live = dataflow && s->ld.in ? &s->ld : NULL};
	return in;
}

static int phi_run(void *state, uint64_t *counters)
{
	struct phi_state *s = state;
	if (s->kind == K_LIVE_DATAFLOW) {
		uint64_t c[4];
		int st = live_dataflow_run(&s->ld, s->p, c);
		counters[0] = c[2];
		counters[1] = c[0];
		counters[2] = c[1];
		return st;
	}
	if (s->kind == K_LIVE_WALK) {
		uint64_t live = 0, steps = 0;
		for (uint32_t v = 0; v < s->p->nvars; v++) {
			steps += live_walk_var(&s->lw, s->p, &s->vb, v);
			live += s->lw.nlist;
		}
		counters[0] = live;
		counters[1] = steps;
		return SSA_OK;
	}
	struct phi_input in = input_of(s, s->dataflow);
	uint64_t c[PHI_MAX_COUNTERS];
	int st = s->a->run(s->scratch, &in, s->flavor, &s->out, c);
	for (int i = 0; i < PHI_MAX_COUNTERS && i < BENCH_MAX_COUNTERS; i++)
		counters[i] = c[i];
	return st;
}

/* The reference: IDF(def(v)) as the least fixpoint J = DF(def ∪ J) over df-naive's sets, then
 * the flavour's filter with dataflow liveness. Small inputs only. */
static int oracle(struct phi_state *s, struct phi_sets *want, char *msg, size_t msglen)
{
	const struct prog *p = s->p;
	uint32_t n = p->cfg.n;
	struct df_sets df = {0};
	struct live_dataflow ld = {0};
	uint64_t c[4];
	uint8_t *in = ssa_alloc_array(n, 1), *isdef = ssa_alloc_array(n, 1);
	uint64_t *off = ssa_alloc_array((size_t)p->nvars + 1, sizeof(uint64_t));
	uint32_t *blocks = NULL;
	uint64_t len = 0, cap = 0;
	int st = in && isdef && off ? SSA_OK : SSA_ENOMEM;
	if (st == SSA_OK)
		st = df_compute(df_find("df-naive"), &p->cfg, &s->dt, s->limit, &df, NULL);
	if (st == SSA_OK)
		st = live_dataflow_alloc(&ld, n, p->nvars);
	if (st == SSA_OK)
		st = live_dataflow_run(&ld, p, c);
	for (uint32_t v = 0; st == SSA_OK && v < p->nvars; v++) {
		off[v] = len;
		if (s->flavor != PHI_MINIMAL && !var_blocks_nonlocal(&s->vb, v))
			continue;
		memset(in, 0, n);
		memset(isdef, 0, n);
		for (uint64_t i = s->vb.def_off[v]; i < s->vb.def_off[v + 1]; i++)
			isdef[s->vb.def[i]] = 1;
		for (bool changed = true; changed;) {
			changed = false;
			for (uint32_t x = 0; x < n; x++)
				if (isdef[x] || in[x])
					for (uint64_t k = df.off[x]; k < df.off[x + 1]; k++)
						if (!in[df.set[k]]) {
							in[df.set[k]] = 1;
							changed = true;
						}
		}
		for (uint32_t b = 0; b < n; b++) {
			if (!in[b] || (s->flavor == PHI_PRUNED && !live_dataflow_is_live(&ld, b, v)))
				continue;
			if (len == cap) {
				cap = cap ? 2 * cap : 1024;
				uint32_t *nb = ssa_realloc_array(blocks, (size_t)cap, sizeof(uint32_t));
				if (!nb) {
					st = SSA_ENOMEM;
					break;
				}
				blocks = nb;
			}
			blocks[len++] = b;
		}
	}
	if (st == SSA_OK) {
		off[p->nvars] = len;
		want->nvars = p->nvars;
		want->total = len;
		want->off = off;
		want->blocks = blocks ? blocks : ssa_alloc_array(1, sizeof(uint32_t));
		off = NULL;
		blocks = NULL;
	} else {
		snprintf(msg, msglen, "the oracle could not run: %s", ssa_status_str(st));
	}
	free(in);
	free(isdef);
	free(off);
	free(blocks);
	df_sets_free(&df);
	if (ld.in)
		live_dataflow_free(&ld);
	return st;
}

/* Compares live-in sets of every variable between the dataflow result and fresh walks. */
static int live_compare(const struct prog *p, const struct var_blocks *vb,
			const struct live_dataflow *ld, struct live_walk *lw, char *msg,
			size_t msglen)
{
	for (uint32_t v = 0; v < p->nvars; v++) {
		live_walk_var(lw, p, vb, v);
		uint64_t count = 0;
		for (uint32_t b = 0; b < p->cfg.n; b++) {
			bool d = live_dataflow_is_live(ld, b, v), w = live_walk_is_live(lw, b);
			if (d != w) {
				snprintf(msg, msglen, "variable %" PRIu32 " at block %" PRIu32
					 ": dataflow says %s, walk says %s", v, b,
					 d ? "live" : "dead", w ? "live" : "dead");
				return SSA_EVERIFY;
			}
			count += w;
		}
		if (count != lw->nlist) {
			snprintf(msg, msglen, "variable %" PRIu32 ": walk listed %" PRIu32
				 " blocks, marked %" PRIu64, v, lw->nlist, count);
			return SSA_EVERIFY;
		}
	}
	snprintf(msg, msglen, "dataflow == walk for %" PRIu32 " variables: ok", p->nvars);
	return SSA_OK;
}

static int live_check(struct phi_state *s, char *msg, size_t msglen)
{
	const struct prog *p = s->p;
	if (live_dataflow_bytes(p->cfg.n, p->nvars) > PHI_CHECK_DATAFLOW_BYTES &&
	    s->kind == K_LIVE_WALK) {
		snprintf(msg, msglen, "dataflow bitsets would exceed the check's memory bound");
		return BENCH_CHECK_NONE;
	}
	struct live_dataflow ld = {0};
	struct live_walk lw = {0};
	uint64_t c[4];
	int st = SSA_OK;
	if (s->kind == K_LIVE_WALK) {
		st = live_dataflow_alloc(&ld, p->cfg.n, p->nvars);
		if (st == SSA_OK)
			st = live_dataflow_run(&ld, p, c);
	}
	if (st == SSA_OK)
		st = live_walk_alloc(&lw, p->cfg.n);
	if (st == SSA_OK)
		st = live_compare(p, &s->vb, s->kind == K_LIVE_WALK ? &ld : &s->ld, &lw, msg,
				  msglen);
	else
		snprintf(msg, msglen, "check could not run: %s", ssa_status_str(st));
	if (ld.in)
		live_dataflow_free(&ld);
	if (lw.live)
		live_walk_free(&lw);
	return st;
}

static int phi_check(void *state, char *msg, size_t msglen)
{
	struct phi_state *s = state;
	if (s->kind != K_PLACE)
		return live_check(s, msg, msglen);
	const struct cfg *g = &s->p->cfg;
	struct phi_sets want = {0};
	char who[96], diff[200];
	int st;
	uint64_t work = ssa_bytes(g->n, (uint64_t)g->n + g->m);
	if (work <= PHI_CHECK_ORACLE_WORK && ssa_bytes(work, s->p->nvars) <= 20 * PHI_CHECK_ORACLE_WORK) {
		snprintf(who, sizeof who, "IDF fixpoint over df-naive + dataflow liveness");
		st = oracle(s, &want, msg, msglen);
	} else {
		const struct phi_algo *r = phi_find(strcmp(s->a->name, "phi-dj") ? "phi-dj" : "phi-idf");
		bool other_live = !s->dataflow;
		struct phi_state tmp = *s;
		st = SSA_OK;
		if (r->needs_df && !s->df.off) {
			memset(&tmp.df, 0, sizeof tmp.df);
			st = df_compute(df_find("df-runner"), g, &s->dt, s->limit, &tmp.df, NULL);
		}
		if (s->flavor == PHI_PRUNED && other_live && !s->ld.in) {
			uint64_t c[4];
			if (live_dataflow_bytes(g->n, s->p->nvars) > PHI_CHECK_DATAFLOW_BYTES)
				other_live = false;
			else if (st == SSA_OK && (st = live_dataflow_alloc(&tmp.ld, g->n, s->p->nvars)) == SSA_OK)
				st = live_dataflow_run(&tmp.ld, s->p, c);
		}
		snprintf(who, sizeof who, "vs %s%s", r->name,
			 s->flavor != PHI_PRUNED ? "" : other_live ? " (dataflow liveness)"
					       : " (walk liveness)");
		if (st == SSA_OK) {
			struct phi_input in = input_of(&tmp, other_live);
			st = phi_compute(r, &in, s->flavor, &want, NULL);
		}
		if (tmp.df.off != s->df.off)
			df_sets_free(&tmp.df);
		if (tmp.ld.in && tmp.ld.in != s->ld.in)
			live_dataflow_free(&tmp.ld);
		if (st == SSA_ETOOBIG) {
			snprintf(msg, msglen, "%s needs DF sets larger than --df-limit", r->name);
			phi_sets_free(&want);
			return BENCH_CHECK_NONE;
		}
		if (st != SSA_OK)
			snprintf(msg, msglen, "check could not run %s: %s", r->name,
				 ssa_status_str(st));
	}
	if (st == SSA_OK) {
		if (!phi_sets_equal(&s->out, &want, diff, sizeof diff)) {
			snprintf(msg, msglen, "%s: %s", who, diff);
			st = SSA_EVERIFY;
		} else {
			snprintf(msg, msglen, "%s, %s: ok", who, phi_flavor_name(s->flavor));
		}
	}
	phi_sets_free(&want);
	return st;
}

static int phi_dump(void *state, const char *kind, FILE *out)
{
	struct phi_state *s = state;
	if (s->kind == K_PLACE)
		return strcmp(kind, "phi") ? SSA_EUSAGE : phi_sets_dump(&s->out, out);
	if (strcmp(kind, "live"))
		return SSA_EUSAGE;
	for (uint32_t v = 0; v < s->p->nvars; v++) {
		fprintf(out, "%" PRIu32 ":", v);
		if (s->kind == K_LIVE_WALK)
			live_walk_var(&s->lw, s->p, &s->vb, v);
		for (uint32_t b = 0; b < s->p->cfg.n; b++)
			if (s->kind == K_LIVE_WALK ? live_walk_is_live(&s->lw, b)
						   : live_dataflow_is_live(&s->ld, b, v))
				fprintf(out, " %" PRIu32, b);
		fputc('\n', out);
	}
	return ferror(out) ? SSA_EIO : SSA_OK;
}

static void phi_teardown(void *state)
{
	state_free(state);
}

#define PHI_THUNKS(i)                                                                          \
	static uint64_t mem_##i(const struct bench_input *in)                                  \
	{                                                                                      \
		return mem_for(K_PLACE, phi_algos[i], in);                                     \
	}                                                                                      \
	static int setup_##i(const struct bench_input *in, void **st, char *e, size_t el)      \
	{                                                                                      \
		return setup_for(K_PLACE, phi_algos[i], in, st, e, el);                        \
	}
PHI_THUNKS(0) PHI_THUNKS(1) PHI_THUNKS(2) PHI_THUNKS(3) PHI_THUNKS(4) PHI_THUNKS(5)

static uint64_t mem_ldf(const struct bench_input *in)
{
	return mem_for(K_LIVE_DATAFLOW, NULL, in);
}
static int setup_ldf(const struct bench_input *in, void **st, char *e, size_t el)
{
	return setup_for(K_LIVE_DATAFLOW, NULL, in, st, e, el);
}
static uint64_t mem_lw(const struct bench_input *in)
{
	return mem_for(K_LIVE_WALK, NULL, in);
}
static int setup_lw(const struct bench_input *in, void **st, char *e, size_t el)
{
	return setup_for(K_LIVE_WALK, NULL, in, st, e, el);
}

static uint64_t (*const mem_fns[])(const struct bench_input *) = {mem_0, mem_1, mem_2,
								   mem_3, mem_4, mem_5};
static int (*const setup_fns[])(const struct bench_input *, void **, char *, size_t) = {
	setup_0, setup_1, setup_2, setup_3, setup_4, setup_5};

static struct bench_kernel phi_kernels[PHI_STAGE_MAX];

static const struct bench_option phi_options[] = {
	{"flavor", "phi placement: minimal (default), semipruned or pruned"},
	{"live", "liveness for --flavor=pruned: walk (default, timed with placement) or dataflow "
		 "(bitsets, computed untimed in setup)"},
	{NULL, NULL},
};

struct bench_stage bench_stage_phi = {
	.name = "phi",
	.title = "phi placement and liveness (dominators by auto, DF by df-runner, untimed)",
	.kernels = phi_kernels,
	.nkernels = 0,
	.options = phi_options,
};

__attribute__((constructor)) static void phi_stage_init(void)
{
	size_t k = 0;
	for (size_t i = 0; i < phi_nalgos && i < sizeof mem_fns / sizeof *mem_fns; i++, k++) {
		const struct phi_algo *a = phi_algos[i];
		struct bench_kernel *kn = &phi_kernels[k];
		kn->name = a->name;
		kn->summary = a->summary;
		for (size_t c = 0; c < PHI_MAX_COUNTERS && c < BENCH_MAX_COUNTERS; c++)
			kn->counter_names[c] = a->counter_names[c];
		kn->mem_estimate = mem_fns[i];
		kn->setup = setup_fns[i];
	}
	phi_kernels[k] = (struct bench_kernel){
		.name = "live-dataflow",
		.summary = "live-in sets of all variables by the iterative bitset dataflow",
		.counter_names = {"live-in", "block-visits", "words"},
		.mem_estimate = mem_ldf,
		.setup = setup_ldf,
	};
	phi_kernels[k + 1] = (struct bench_kernel){
		.name = "live-walk",
		.summary = "live-in sets variable by variable, backward walk from the uses (mem2reg)",
		.counter_names = {"live-in", "pred-steps"},
		.mem_estimate = mem_lw,
		.setup = setup_lw,
	};
	k += 2;
	for (size_t i = 0; i < k; i++) {
		phi_kernels[i].run = phi_run;
		phi_kernels[i].check = phi_check;
		phi_kernels[i].dump = phi_dump;
		phi_kernels[i].teardown = phi_teardown;
	}
	bench_stage_phi.nkernels = k;
}
