/* The renaming stage: one kernel per entry of rename_algos[] (algos/rename/registry.c), read from
 * the table directly.
 *
 *   setup     untimed: the dominator tree (dom_tree_default), φ placement over that same tree
 *             by --placement (default phi-djq) with --flavor (default minimal), the φ layout and
 *             the renamer's scratch. run: the renamer alone, which rewrites the whole form each
 *             time, so repeated runs give the same answer.
 *   check     ssa_check_form (algos/rename/check.c): the SSA verifier, the equivalence interpreter
 *             (--rename-walks random walks from the entry, seeded by the input's seed) and the
 *             canonical result of a second renamer (rename-stack, or rename-rd when the kernel is
 *             rename-stack).
 *   dumps     ssa (algos/ssa/README.md, "The ssa dump"), phi (placement's format).
 *   memory    rename_stage_bytes: the larger of setup's phases (the tree; the placement beside
 *             it; the φ sets, the form and the renamer's scratch), with the φ count and
 *             operands of the placement counted ahead (bench_facts), or bounded by V x joins
 *             when that cannot run. */
#include "bench/facts.h"
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "dom/dom.h"
#include "phi/phi.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/status.h"

#include <string.h>

struct rename_state {
	const struct rename_algo *a;
	const struct prog *p;
	uint64_t seed;
	uint32_t walks;
	struct domtree dt;
	struct phi_sets ps;
	struct ssa_form s;
	void *scratch;
};

_Static_assert(RENAME_MAX_COUNTERS + 1 <= BENCH_MAX_COUNTERS, "a renamer counter would be dropped");

static const struct phi_algo *placement_of(const struct bench_input *in)
{
	return algo_find(phi_algos, phi_nalgos, in->opts->placement);
}

/* rename_stage_bytes (algos/rename) with the φs, operands and Σ|DF| of bench_facts, or the
 * proven bounds when it cannot run. */
static uint64_t rename_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	const struct phi_algo *pa = placement_of(in);
	uint64_t driver = bench_mem_driver_bytes(sizeof(struct rename_state));
	if (!pa)
		return driver;
	struct phi_counts c;
	const struct bench_facts *f = bench_facts_counts(in, in->opts->flavor, UINT64_MAX, &c);
	return ssa_sat_add(rename_stage_bytes(k->algo, pa, in->prog,
					      bench_facts_phi_scratch(f, pa, in), c.nphi, c.nargs,
					      c.df_total), driver);
}

static void rename_teardown(void *state)
{
	struct rename_state *s = state;
	if (s->scratch)
		s->a->scratch_free(s->scratch);
	ssa_form_free(&s->s);
	phi_sets_free(&s->ps);
	domtree_free(&s->dt);
}

static int rename_setup(const struct bench_kernel *k, const struct bench_input *in, void *state,
			char *err, size_t errlen)
{
	struct rename_state *s = state;
	s->a = k->algo;
	s->p = in->prog;
	s->seed = in->seed;
	s->walks = in->opts->walks;
	const char *what;
	int st = rename_input_build(placement_of(in), s->p, (enum phi_flavor)in->opts->flavor, s->a,
				    &s->dt, &s->ps, &s->s, &s->scratch, &what);
	if (st != SSA_OK)
		snprintf(err, errlen, "%s: %s: %s", k->name, what, ssa_status_str(st));
	return st;
}

static int rename_run(void *state, uint64_t *counters)
{
	struct rename_state *s = state;
	int st = s->a->run(s->scratch, s->p, &s->dt, &s->s, counters + 1);
	counters[0] = s->s.nphi;
	return st;
}

static int rename_check(void *state, char *msg, size_t msglen)
{
	struct rename_state *s = state;
	return ssa_check_form(s->p, &s->dt, &s->s, &s->ps, rename_second(s->a), s->seed, s->walks,
			      msg, msglen);
}

static int rename_dump(void *state, const char *kind, FILE *out)
{
	struct rename_state *s = state;
	return !strcmp(kind, "ssa") ? ssa_form_dump(out, s->p, &s->s)
				    : phi_sets_dump_named(&s->ps, out, &s->p->bnames, &s->p->vnames);
}

static const struct bench_option rename_options[] = {
	{"flavor", "minimal (default), semipruned or pruned: the placement renamed"},
	{"placement", "placement algorithm of stage phi run (untimed) before a renamer (default phi-djq, the project's default placement; see --algo=list)"},
	{"rename-walks", "random walks of the equivalence interpreter in --check (default 256)"},
	{NULL, NULL},
};

const struct bench_stage bench_stage_rename = {
	.name = "rename",
	.title = "SSA renaming (dominators by auto and placement, untimed)",
	.options = rename_options,
	.table = rename_algos,
	.nalgos = &rename_nalgos,
	.dumps = "ssa phi",
	.counters = {"phis"},
	.mem_estimate = rename_mem,
	.state_size = sizeof(struct rename_state),
	.setup = rename_setup,
	.run = rename_run,
	.check = rename_check,
	.dump = rename_dump,
	.teardown = rename_teardown,
};
