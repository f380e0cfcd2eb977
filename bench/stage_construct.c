/* The whole-construction stage: one kernel per entry of construct_algos[]
 * (algos/construct/registry.c: braun, braun-noscc), program in, SSA form out, without dominators.
 *
 *   setup     untimed: the algorithm's scratch, sized once for the program.
 *   run       the construction; it allocates a new form, so the previous run's is freed first
 *             (inside the timed region, like phi-maximal: allocation is part of its cost).
 *   check     ssa_check_pruned (algos/rename/check.c): ssa_check_form (verifier over the
 *             default dominator tree, reaching definitions, covering interpreter) and, on a
 *             reducible CFG, the whole form equal operand for operand to the pruned pipeline's:
 *             what algos/construct/README.md states Braun computes. On an irreducible CFG only
 *             the φ count is compared: never below pruned SSA's (Braun places no φ that is not
 *             live).
 *   dumps     ssa (algos/ssa/README.md, "The ssa dump").
 *   memory    the scratch, the arrays a run grows for the φs it creates (at most one per
 *             (join, variable) where the variable is live-in, bench_facts_live_joins) and the
 *             output form: pruned SSA's on a reducible CFG (bench_facts), else at most every
 *             φ created. */
#include "bench/facts.h"
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "dom/dom.h"
#include "phi/phi.h"
#include "construct/construct.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/status.h"


struct construct_state {
	const struct construct_algo *a;
	const struct prog *p;
	uint64_t seed;
	uint32_t walks;
	struct ssa_form s;
	bool have_form;
	void *scratch;
};

_Static_assert(CONSTRUCT_MAX_COUNTERS + 1 <= BENCH_MAX_COUNTERS, "a counter would be dropped");

/* construct_stage_bytes (algos/construct). The φs created: the live (join, variable) pairs, or
 * V x joins when those cannot be counted; the form's: pruned SSA's on a reducible CFG (both
 * kernels give exactly that), else at most those created. */
static uint64_t construct_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	struct phi_counts c, kept;
	if (!bench_facts_live_joins(in, &c.nphi, &c.nargs))
		phi_count_bounds(in->prog, 0, &c);
	kept = c;
	const struct bench_facts *f;
	if (bench_facts_reducible(in) == 1 && (f = bench_facts(in, PHI_PRUNED)) != NULL)
		kept = (struct phi_counts){.nphi = f->nphi, .nargs = f->nargs};
	return ssa_sat_add(construct_stage_bytes(k->algo, in->prog, c.nphi, c.nargs, kept.nphi,
						 kept.nargs),
			   bench_mem_driver_bytes(sizeof(struct construct_state)));
}

static void construct_teardown(void *state)
{
	struct construct_state *s = state;
	if (s->scratch)
		s->a->scratch_free(s->scratch);
	if (s->have_form)
		ssa_form_free(&s->s);
}

static int construct_setup(const struct bench_kernel *k, const struct bench_input *in,
			   void *state, char *err, size_t errlen)
{
	struct construct_state *s = state;
	s->a = k->algo;
	s->p = in->prog;
	s->seed = in->seed;
	s->walks = in->opts->walks;
	int st = s->a->scratch_alloc(&s->scratch, s->p);
	if (st != SSA_OK)
		snprintf(err, errlen, "%s: scratch: %s", k->name, ssa_status_str(st));
	return st;
}

static int construct_run(void *state, uint64_t *counters)
{
	struct construct_state *s = state;
	if (s->have_form)
		ssa_form_free(&s->s);
	int st = s->a->run(s->scratch, s->p, &s->s, counters + 1);
	s->have_form = st == SSA_OK;
	counters[0] = s->s.nphi;
	return st;
}

static int construct_check(void *state, char *msg, size_t msglen)
{
	struct construct_state *s = state;
	if (!s->have_form) {
		snprintf(msg, msglen, "no form was built");
		return BENCH_CHECK_NONE;
	}
	return ssa_check_pruned(s->p, &s->s, s->seed, s->walks, msg, msglen);
}

static int construct_dump(void *state, const char *kind, FILE *out)
{
	struct construct_state *s = state;
	(void)kind;
	return s->have_form ? ssa_form_dump(out, s->p, &s->s) : SSA_EUSAGE;
}

static const struct bench_option construct_options[] = {
	{"rename-walks", "random walks of the equivalence interpreter in --check (default 256)"},
	{NULL, NULL},
};

const struct bench_stage bench_stage_construct = {
	.name = "construct",
	.title = "whole SSA construction without dominators (program in, SSA form out)",
	.options = construct_options,
	.table = construct_algos,
	.nalgos = &construct_nalgos,
	.dumps = "ssa",
	.counters = {"phis"},
	.mem_estimate = construct_mem,
	.state_size = sizeof(struct construct_state),
	.setup = construct_setup,
	.run = construct_run,
	.check = construct_check,
	.dump = construct_dump,
	.teardown = construct_teardown,
};
