/* The φ-placement stage: one kernel per entry of phi_algos[], then one per entry of live_algos[]
 * (both in algos/phi/registry.c), the two liveness computations pruned SSA can use.
 *
 *   setup         untimed, phi_upstream_build (algos/phi/place_prog.c): the per-variable def
 *                 and upward-exposed-use lists, dominators by auto (Semi-NCA, Lengauer-Tarjan
 *                 when its budget runs out) and the dominator tree; DF sets by df-runner for
 *                 algorithms that need them (refused past --df-limit, as in the df stage);
 *                 dataflow liveness when --live=dataflow.
 *   --flavor=F    minimal (default), semipruned or pruned.
 *   --live=L      pruned's liveness: walk (default; per variable, inside the timed run, as LLVM's
 *                 mem2reg) or dataflow (bitsets for all variables, computed in setup, untimed).
 *   counters      phis, worklist or queue pops, DF entries or edges looked at, liveness steps.
 *   check         phi_check_sets (algos/phi/oracle.c): small inputs against IDF(def) computed
 *                 as the fixpoint J = DF(def ∪ J) over df-naive's sets, filtered by the flavour
 *                 with dataflow liveness; large ones against the other placement algorithm
 *                 with the other liveness.
 *   dumps         phi: one line per variable "<var>:" then its φ blocks ascending.
 * Kernels live-dataflow and live-walk time the two liveness computations alone over all
 * variables, check each against the other (live_check), and dump live: one line per variable
 * "<var>:" then its live-in blocks ascending (live_dump_named). */
#include "bench/facts.h"
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "df/df.h"
#include "dom/dom.h"
#include "phi/phi.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <string.h>

enum kind { K_PLACE, K_LIVE_DATAFLOW, K_LIVE_WALK };

struct phi_state {
	enum kind kind;
	const struct phi_algo *a;
	const struct prog *p;
	enum phi_flavor flavor;
	bool dataflow; /* pruned uses (or the kernel is) dataflow liveness */
	uint64_t limit;
	struct phi_upstream u; /* what run reads (u.in), fixed in setup; the liveness kernels use
				* its variable lists and bitsets */
	struct live_walk lw;
	struct phi_sets out;
};

_Static_assert(PHI_MAX_COUNTERS <= BENCH_MAX_COUNTERS, "a placement counter would be dropped");

static size_t phi_nkernels(void)
{
	return phi_nalgos + live_nalgos;
}

static void phi_kernel(const struct bench_stage *st, size_t i, struct bench_kernel *k)
{
	if (i >= phi_nalgos) {
		/* After the placement table's kernels: the liveness computations pruned SSA can use. */
		const struct live_algo *l = live_algos[i - phi_nalgos];
		bench_kernel_of(st, l, k);
		k->variant = l->dataflow ? K_LIVE_DATAFLOW : K_LIVE_WALK;
		k->dumps = "live";
	} else {
		bench_kernel_of(st, phi_algos[i], k);
		k->variant = K_PLACE;
		k->prepare = phi_algos[i]->prepare != NULL;
	}
}

/* phi_upstream_bytes (algos/phi), or live_upstream_bytes for the liveness kernels, with the φ
 * count and Σ|DF| of bench_facts (the proven bounds when it cannot run). */
static uint64_t phi_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	const struct prog *p = in->prog;
	uint64_t driver = bench_mem_driver_bytes(sizeof(struct phi_state));
	switch ((enum kind)k->variant) {
	case K_LIVE_DATAFLOW:
	case K_LIVE_WALK:
		return ssa_sat_add(live_upstream_bytes(k->variant == K_LIVE_DATAFLOW, p->cfg.n,
						       p->nvars, p->nops), driver);
	case K_PLACE:
		break;
	}
	struct phi_counts c;
	const struct bench_facts *f = bench_facts_counts(in, in->opts->flavor, in->opts->df_limit, &c);
	return ssa_sat_add(phi_upstream_bytes(k->algo, p, (enum phi_flavor)in->opts->flavor,
					      in->opts->live_dataflow, in->opts->df_limit,
					      bench_facts_phi_scratch(f, k->algo, in), c.nphi,
					      c.df_total), driver);
}

static void phi_teardown(void *state)
{
	struct phi_state *s = state;
	phi_upstream_free(&s->u, s->a);
	live_walk_free(&s->lw);
	phi_sets_free(&s->out);
}

static int phi_setup(const struct bench_kernel *k, const struct bench_input *in, void *state,
		     char *err, size_t errlen)
{
	enum kind kind = k->variant;
	const struct phi_algo *a = k->algo;
	const struct prog *p = in->prog;
	const char *name = k->name;
	struct phi_state *s = state;
	s->kind = kind;
	s->a = a;
	s->p = p;
	s->flavor = (enum phi_flavor)in->opts->flavor;
	s->dataflow = in->opts->live_dataflow;
	s->limit = in->opts->df_limit;
	int st;
	if (p->nvars == 0) {
		snprintf(err, errlen, "%s: the program has no variables (give --vars=V or a .prog "
			 "with variables)", name);
		return SSA_EUSAGE;
	}
	const char *what = "variable lists";
	if (kind == K_PLACE) {
		st = phi_upstream_build(&s->u, a, p, s->flavor, s->dataflow, s->limit, &what);
		if (st == SSA_ETOOBIG && !strcmp(what, "dominance frontiers (df-runner)")) {
			snprintf(err, errlen, "%s: sum|DF| exceeds --df-limit=%" PRIu64
				 " entries; this graph's frontiers are too large to materialize "
				 "(phi-dj does not need them)", name, s->limit);
			return st;
		}
	} else {
		st = var_blocks_build(&s->u.vb, p);
		if (st == SSA_OK && kind == K_LIVE_DATAFLOW) {
			what = "liveness bitsets";
			st = live_dataflow_alloc(&s->u.ld, p->cfg.n, p->nvars);
		} else if (st == SSA_OK) {
			what = "liveness walk";
			st = live_walk_alloc(&s->lw, p->cfg.n);
		}
	}
	if (st != SSA_OK)
		snprintf(err, errlen, "%s: %s: %s", name, what, ssa_status_str(st));
	return st;
}

static int phi_prepare(void *state)
{
	struct phi_state *s = state;
	return s->kind == K_PLACE && s->a->prepare ? s->a->prepare(s->u.scratch, &s->u.in) : SSA_OK;
}

static int phi_run(void *state, uint64_t *counters)
{
	struct phi_state *s = state;
	if (s->kind == K_LIVE_DATAFLOW) {
		uint64_t c[4];
		int st = live_dataflow_run(&s->u.ld, s->p, c);
		counters[0] = c[2];
		counters[1] = c[0];
		counters[2] = c[1];
		return st;
	}
	if (s->kind == K_LIVE_WALK) {
		uint64_t live = 0, steps = 0;
		for (uint32_t v = 0; v < s->p->nvars; v++) {
			steps += live_walk_var(&s->lw, s->p, &s->u.vb, v);
			live += s->lw.nlist;
		}
		counters[0] = live;
		counters[1] = steps;
		return SSA_OK;
	}
	return s->a->run(s->u.scratch, &s->u.in, s->flavor, &s->out, counters);
}

/* The checks report their refusals to compare (ETOOBIG: too large for the reference) as
 * nothing compared. */
static int phi_check(void *state, char *msg, size_t msglen)
{
	struct phi_state *s = state;
	const struct live_dataflow *ld = s->kind == K_LIVE_WALK ? NULL : &s->u.ld;
	int st = s->kind != K_PLACE
			 ? live_check(s->p, &s->u.vb, ld, msg, msglen)
			 : phi_check_sets(s->a, &s->u.in, s->flavor, s->dataflow, s->limit, &s->out,
					  msg, msglen);
	return st == SSA_ETOOBIG ? BENCH_CHECK_NONE : st;
}

static int phi_dump(void *state, const char *kind, FILE *out)
{
	struct phi_state *s = state;
	if (s->kind == K_PLACE)
		return strcmp(kind, "phi") ? SSA_EUSAGE
					   : phi_sets_dump_named(&s->out, out, &s->p->bnames,
								 &s->p->vnames);
	if (strcmp(kind, "live"))
		return SSA_EUSAGE;
	struct live_walk *lw = s->kind == K_LIVE_WALK ? &s->lw : NULL;
	return live_dump_named(out, s->p, &s->u.vb, lw, &s->u.ld);
}

static const struct bench_option phi_options[] = {
	{"flavor", "phi placement: minimal (default), semipruned or pruned"},
	{"live", "liveness for --flavor=pruned: walk (default, timed with placement) or dataflow "
		 "(bitsets, computed untimed in setup)"},
	{"df-limit", "largest sum of |DF| a placement that needs frontiers may build"},
	{NULL, NULL},
};

const struct bench_stage bench_stage_phi = {
	.name = "phi",
	.title = "phi placement and liveness (dominators by auto, DF by df-runner, untimed)",
	.options = phi_options,
	.needs_vars = true,
	.dumps = "phi",
	.count = phi_nkernels,
	.kernel = phi_kernel,
	.mem_estimate = phi_mem,
	.state_size = sizeof(struct phi_state),
	.setup = phi_setup,
	.prepare = phi_prepare,
	.run = phi_run,
	.check = phi_check,
	.dump = phi_dump,
	.teardown = phi_teardown,
};
