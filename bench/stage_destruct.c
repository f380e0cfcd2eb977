/* The SSA destruction stage: one kernel per entry of destruct_algos[] (algos/destruct/
 * registry.c), following the adapter interface of algos/destruct/README.md.
 *
 *   setup     untimed: the source program with copies (cprog_from_prog: a copy before an op
 *             with probability DESTRUCT_COPY_PERMILLE/1000, a swap or rotation with
 *             DESTRUCT_PAR_PERMILLE/1000, seeded by the input's seed), its SSA form
 *             (cprog_build_ssa: phi-dj in --flavor, default minimal, and rename-stack; it gives
 *             the dominator tree too), with --copy-prop copy-propagated (cprog_copy_propagate,
 *             which in general makes it non-conventional: the lost-copy and swap problems), and
 *             whether the result is conventional (cssa_check, reported by the check).
 *   run       the translation out of SSA; it allocates a new program, so the previous run's is
 *             freed first.
 *   check     cprog_interp_compare: the destroyed program against the source, covering walks
 *             (one per reachable block, then --rename-walks random ones of DESTRUCT_WALK_LEN
 *             steps). A kernel that needs conventional SSA (needs_cssa) fails it on a
 *             non-conventional input: that is the baseline being wrong, and the message says so.
 *   dumps     out (the destroyed program), ssa (its input), both by cprog_dump.
 *   memory    the larger of setup's peak and what it keeps plus the translation's run_bytes.
 *             Setup is run once ahead per input and options (destruct_facts: it is seeded,
 *             so deterministic), its peak and what it keeps measured by jemalloc (its parts
 *             have no model of their own), and each translation counts its run on that SSA
 *             program; without jemalloc the setup terms are bounded from the program's size. */
#include "bench/facts.h"
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "dom/dom.h"
#include "phi/phi.h"
#include "destruct/destruct.h"
#include "ssa/ssa.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <string.h>

#define DESTRUCT_COPY_PERMILLE 200u
#define DESTRUCT_PAR_PERMILLE 60u
/* Random steps per interpreter walk after its covering prefix. The covering walks already run
 * every reachable block; the cost is walks x steps x ops per block, and a translation may put
 * hundreds of copies in one block of a dense CFG (out-of-ssa-naive: 2.5 * 10^5 copies on dense
 * 1000), so the random tails stay short. */
#define DESTRUCT_WALK_LEN 512u

struct destruct_state {
	const struct destruct_algo *a;
	uint64_t seed;
	uint32_t walks;
	bool copy_prop;
	uint64_t propagated;
	struct cssa_result cssa;
	struct cprog src, ssa, out;
	bool have_src, have_ssa, have_out;
	struct domtree dt;
	void *scratch;
};

_Static_assert(DESTRUCT_MAX_COUNTERS <= BENCH_MAX_COUNTERS, "a destruct counter would be dropped");

extern const struct bench_stage bench_stage_destruct;
static int destruct_setup(const struct bench_kernel *k, const struct bench_input *in,
			  void *state, char *err, size_t errlen);
static void destruct_teardown(void *state);

/* Setup run ahead: its peak, what it keeps, each translation's run_bytes on its SSA program
 * (0: setup failed, or the translation could not count). Keyed by the input and the options
 * setup reads. */
static struct {
	bool valid, ok;
	uint64_t key;
	int flavor;
	bool copy_prop;
	uint64_t peak, kept;
	uint64_t run[8];
} facts;

static bool destruct_facts(const struct bench_input *in)
{
	uint64_t key = prog_fingerprint(in->prog);
	if (facts.valid && facts.key == key && facts.flavor == in->opts->flavor &&
	    facts.copy_prop == in->opts->copy_prop)
		return facts.ok;
	memset(&facts, 0, sizeof facts);
	facts.valid = true;
	facts.key = key;
	facts.flavor = in->opts->flavor;
	facts.copy_prop = in->opts->copy_prop;
	if (destruct_nalgos > sizeof facts.run / sizeof facts.run[0] || !bench_mem_thread_net())
		return false;
	struct destruct_state s;
	struct bench_kernel k0;
	char err[256];
	memset(&s, 0, sizeof s);
	bench_kernel_of(&bench_stage_destruct, destruct_algos[0], &k0);
	uint64_t before = bench_mem_thread_net();
	bench_mem_reset();
	int st = destruct_setup(&k0, in, &s, err, sizeof err);
	struct bench_mem mem;
	bench_mem_snapshot(&mem);
	if (st == SSA_OK) {
		/* (the first translation's scratch, allocated by setup, is counted again by its
		 * run_bytes: out-of-ssa-boissinot has none) */
		facts.peak = mem.peak_alloc;
		facts.kept = bench_mem_thread_net() - before;
		facts.ok = true;
		for (size_t i = 0; i < destruct_nalgos && facts.ok; i++) {
			const struct destruct_algo *a = destruct_algos[i];
			facts.run[i] = a->run_bytes ? a->run_bytes(&s.ssa, &s.dt) : 0;
			facts.ok = facts.run[i] != 0;
		}
	}
	destruct_teardown(&s);
	return facts.ok;
}

static uint64_t destruct_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	const struct destruct_algo *a = k->algo;
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	uint64_t driver = bench_mem_driver_bytes(sizeof(struct destruct_state));
	if (destruct_facts(in)) {
		size_t i = 0;
		while (i < destruct_nalgos && destruct_algos[i] != a)
			i++;
		if (i < destruct_nalgos) {
			uint64_t run = ssa_sat_add(facts.kept, facts.run[i]);
			return ssa_sat_add(facts.peak > run ? facts.peak : run, driver);
		}
	}
	uint64_t joins, args;
	cfg_joins(g, false, &joins, &args);
	/* Ops with copies: at most one copy and one 3-member parallel copy per op. */
	uint64_t ops = ssa_bytes(p->nops, 5);
	uint64_t nvars = ssa_sat_add(p->nvars, ops);
	uint64_t nphi = ssa_bytes(joins, p->nvars), nargs = ssa_bytes(args, p->nvars);
	uint64_t cap = ssa_bytes(ssa_sat_add(g->n, ops), 2);
	if (nphi > cap)
		nphi = cap;
	if (nargs > ssa_bytes(cap, 4))
		nargs = ssa_bytes(cap, 4);
	uint64_t b = ssa_bytes(cprog_bytes(g->n, ops, nphi, nargs), 3);
	b = ssa_sat_add(b, dom_tree_default_bytes(g->n, g->m));
	/* cprog_build_ssa's lowered program, placement and form */
	b = ssa_sat_add(b, ssa_form_bytes(g->n, ops, nphi, nargs));
	b = ssa_sat_add(b, var_blocks_bytes(g->n, p->nvars, ops));
	/* the CSSA check's liveness: per name, and live-out pairs guessed at n words */
	b = ssa_sat_add(b, ssa_sat_add(ssa_bytes(nvars, 24), ssa_bytes(g->n, 12)));
	return ssa_sat_add(b, a->scratch_bytes(g->n, g->m, nvars, ops, nphi, nargs));
}

static void destruct_teardown(void *state)
{
	struct destruct_state *s = state;
	if (s->scratch)
		s->a->scratch_free(s->scratch);
	if (s->have_out)
		cprog_free(&s->out);
	if (s->have_ssa)
		cprog_free(&s->ssa);
	if (s->have_src)
		cprog_free(&s->src);
	domtree_free(&s->dt);
}

static int destruct_setup(const struct bench_kernel *k, const struct bench_input *in,
			  void *state, char *err, size_t errlen)
{
	struct destruct_state *s = state;
	s->a = k->algo;
	s->seed = in->seed;
	s->walks = in->opts->walks;
	s->copy_prop = in->opts->copy_prop;
	struct cprog_copy_opts co = {.seed = in->seed,
				     .copy_permille = DESTRUCT_COPY_PERMILLE,
				     .par_permille = DESTRUCT_PAR_PERMILLE};
	const char *what = "program with copies";
	int st = cprog_from_prog(in->prog, &co, &s->src);
	s->have_src = st == SSA_OK;
	if (st == SSA_OK) {
		what = "SSA construction";
		st = cprog_build_ssa(&s->src, NULL, (enum phi_flavor)in->opts->flavor, NULL, &s->ssa,
				     &s->dt);
		s->have_ssa = st == SSA_OK;
	}
	if (st == SSA_OK && s->copy_prop) {
		what = "copy propagation";
		st = cprog_copy_propagate(&s->ssa, &s->propagated);
	}
	if (st == SSA_OK) {
		struct ssa_live L;
		what = "CSSA check";
		st = ssa_live_build(&L, &s->ssa, &s->dt, 0);
		if (st == SSA_OK) {
			st = cssa_check(&s->ssa, &L, &s->cssa);
			ssa_live_free(&L);
		}
	}
	if (st == SSA_OK) {
		what = "scratch";
		st = s->a->scratch_alloc(&s->scratch, &s->ssa);
	}
	if (st != SSA_OK)
		snprintf(err, errlen, "%s: %s: %s", k->name, what, ssa_status_str(st));
	return st;
}

static int destruct_run(void *state, uint64_t *counters)
{
	struct destruct_state *s = state;
	if (s->have_out)
		cprog_free(&s->out);
	int st = s->a->run(s->scratch, &s->ssa, &s->dt, &s->out, counters);
	s->have_out = st == SSA_OK;
	return st;
}

static int destruct_check(void *state, char *msg, size_t msglen)
{
	struct destruct_state *s = state;
	char m[320], why[200];
	char input[160];
	if (s->copy_prop)
		snprintf(input, sizeof input, "input %s SSA (%" PRIu32 " phis, %" PRIu64
			 " copies propagated)", s->cssa.conventional ? "conventional" : "non-conventional",
			 s->ssa.nphi, s->propagated);
	else
		snprintf(input, sizeof input, "input %s SSA (%" PRIu32 " phis, copies kept)",
			 s->cssa.conventional ? "conventional" : "non-conventional", s->ssa.nphi);
	if (!s->have_out) {
		snprintf(msg, msglen, "no program was built");
		return BENCH_CHECK_NONE;
	}
	int st = cprog_check(&s->out, false, why, sizeof why);
	if (st != SSA_OK || s->out.nphi) {
		snprintf(msg, msglen, "malformed output: %s", st != SSA_OK ? why : "phis remain");
		return SSA_EVERIFY;
	}
	struct cprog_interp_opts o = {.seed = s->seed, .walks = s->walks, .max_len = DESTRUCT_WALK_LEN,
				      .cover = true};
	uint32_t reach = s->dt.nreach;
	if (o.walks > UINT32_MAX - reach)
		o.walks = UINT32_MAX;
	else
		o.walks += reach;
	struct cprog_interp_stats is;
	st = cprog_interp_compare(&s->src, &s->out, &o, &is, m, sizeof m);
	if (st == SSA_EVERIFY) {
		snprintf(msg, msglen, "%s%s; the program out of SSA differs from the source: %s", input,
			 s->a->needs_cssa && !s->cssa.conventional ?
				 ": this method is correct only on conventional SSA" : "", m);
		return st;
	}
	if (st != SSA_OK) {
		snprintf(msg, msglen, "interpreter: %s: %s", ssa_status_str(st), m);
		return st;
	}
	snprintf(msg, msglen, "%s; interpreter: destroyed program = source (%" PRIu32
		 " walks, %" PRIu64 " blocks, %" PRIu64 " uses compared, %" PRIu64 " of %" PRIu32
		 " reachable blocks covered)",
		 input, o.walks, is.blocks, is.uses, is.covered, reach);
	return SSA_OK;
}

static int destruct_dump(void *state, const char *kind, FILE *out)
{
	struct destruct_state *s = state;
	if (!strcmp(kind, "ssa"))
		return cprog_dump(out, &s->ssa);
	return s->have_out ? cprog_dump(out, &s->out) : SSA_EUSAGE;
}

static const struct bench_option destruct_options[] = {
	{"copy-prop", "copy-propagate the SSA input (untimed) so it is in general not conventional"},
	{"flavor", "minimal (default), semipruned or pruned: the SSA input's phis"},
	{"rename-walks", "random walks of the interpreter after the covering ones (default 256)"},
	{NULL, NULL},
};

const struct bench_stage bench_stage_destruct = {
	.name = "destruct",
	.title = "out of SSA (setup, untimed: program with copies -> SSA [-> copy propagation])",
	.options = destruct_options,
	.table = destruct_algos,
	.nalgos = &destruct_nalgos,
	.dumps = "out ssa",
	.mem_estimate = destruct_mem,
	.state_size = sizeof(struct destruct_state),
	.setup = destruct_setup,
	.run = destruct_run,
	.check = destruct_check,
	.dump = destruct_dump,
	.teardown = destruct_teardown,
};
