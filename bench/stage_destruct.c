/* The SSA destruction stage: one kernel per entry of destruct_algos[] (algos/destruct/
 * registry.c), following the adapter interface of algos/destruct/README.md.
 *
 *   setup     untimed: destruct_trip_build (algos/destruct/trip.c): the source program with
 *             copies seeded by the input's seed, its SSA form (phi-dj in --flavor, default
 *             minimal, and rename-stack), with --copy-prop copy-propagated, and whether the
 *             result is conventional (reported by the check).
 *   run       the translation out of SSA; it allocates a new program, so the previous run's is
 *             freed first.
 *   check     destruct_trip_check: the destroyed program against the source by the
 *             interpreter, covering walks then --rename-walks random ones. A kernel that needs
 *             conventional SSA (needs_cssa) fails it on a non-conventional input: that is the
 *             baseline being wrong, and the message says so.
 *   dumps     out (the destroyed program), ssa (its input), both by cprog_dump.
 *   memory    the larger of setup's peak and what it keeps plus the translation's run_bytes.
 *             Setup is run once ahead per input and options (destruct_facts: it is seeded,
 *             so deterministic), its peak and what it keeps measured by jemalloc (its parts
 *             have no model of their own), and each translation counts its run on that SSA
 *             program; without jemalloc the setup terms are bounded from the program's size
 *             (destruct_trip_bound_bytes, algos/destruct/trip.c). */
#include "bench/facts.h"
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "dom/dom.h"
#include "phi/phi.h"
#include "destruct/destruct.h"
#include "ssa/ssa.h"
#include "util/mem.h"
#include "util/status.h"

#include <string.h>

struct destruct_state {
	const struct destruct_algo *a;
	uint32_t walks;
	bool have_out;
	struct destruct_trip t;
	struct cprog out;
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
			facts.run[i] = a->run_bytes ? a->run_bytes(&s.t.ssa, &s.t.dt) : 0;
			facts.ok = facts.run[i] != 0;
		}
	}
	destruct_teardown(&s);
	return facts.ok;
}

static uint64_t destruct_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	const struct destruct_algo *a = k->algo;
	uint64_t driver = bench_mem_driver_bytes(sizeof(struct destruct_state));
	size_t i = 0;
	while (i < destruct_nalgos && destruct_algos[i] != a)
		i++;
	if (destruct_facts(in) && i < destruct_nalgos) {
		uint64_t run = ssa_sat_add(facts.kept, facts.run[i]);
		return ssa_sat_add(facts.peak > run ? facts.peak : run, driver);
	}
	/* the bound alone: it has never counted the driver's state and samples, and it only stands
	 * for a refusal when setup cannot be measured */
	return destruct_trip_bound_bytes(a, in->prog);
}

static void destruct_teardown(void *state)
{
	struct destruct_state *s = state;
	if (s->scratch)
		s->a->scratch_free(s->scratch);
	if (s->have_out)
		cprog_free(&s->out);
	destruct_trip_free(&s->t);
}

static int destruct_setup(const struct bench_kernel *k, const struct bench_input *in,
			  void *state, char *err, size_t errlen)
{
	struct destruct_state *s = state;
	s->a = k->algo;
	s->walks = in->opts->walks;
	const char *what;
	int st = destruct_trip_build(&s->t, in->prog, in->seed, (enum phi_flavor)in->opts->flavor,
				     in->opts->copy_prop, &what);
	if (st == SSA_OK) {
		what = "scratch";
		st = s->a->scratch_alloc(&s->scratch, &s->t.ssa);
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
	int st = s->a->run(s->scratch, &s->t.ssa, &s->t.dt, &s->out, counters);
	s->have_out = st == SSA_OK;
	return st;
}

static int destruct_check(void *state, char *msg, size_t msglen)
{
	struct destruct_state *s = state;
	if (!s->have_out) {
		snprintf(msg, msglen, "no program was built");
		return BENCH_CHECK_NONE;
	}
	return destruct_trip_check(&s->t, s->a, &s->out, s->walks, msg, msglen);
}

static int destruct_dump(void *state, const char *kind, FILE *out)
{
	struct destruct_state *s = state;
	if (!strcmp(kind, "ssa"))
		return cprog_dump(out, &s->t.ssa);
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
