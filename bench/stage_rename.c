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
 *   memory    tree, program-sized scratch, and a form whose φ count is guessed as
 *             min(V x joins, 2(n + ops)) (the exact count is known only after placement). */
#include "bench/kernel.h"
#include "dom/dom.h"
#include "phi/phi.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
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

static uint64_t rename_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	const struct rename_algo *a = k->algo;
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	uint64_t guess = bench_phi_bound(p, NULL);
	uint64_t form = ssa_form_bytes(g->n, p->nops, guess, ssa_bytes(guess, 2));
	uint64_t b = dom_tree_default_bytes(g->n, g->m);
	b = ssa_sat_add(b, ssa_bytes(form, 2)); /* the form and the check's second form */
	b = ssa_sat_add(b, ssa_bytes(guess, 4)); /* the φ sets */
	b = ssa_sat_add(b, var_blocks_bytes(g->n, p->nvars, p->nops));
	const struct phi_algo *pa = placement_of(in);
	if (pa)
		b = ssa_sat_add(b, pa->scratch_bytes(g->n, p->nvars));
	return ssa_sat_add(b, a->scratch_bytes(g->n, g->m, p->nvars, p->nops, guess));
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
	const struct phi_algo *pa = placement_of(in);
	const char *what = "dominators";
	int st = dom_tree_default(&s->p->cfg, &s->dt);
	if (st == SSA_OK) {
		what = pa->head.name;
		st = phi_place_prog(pa, s->p, &s->dt, (enum phi_flavor)in->opts->flavor, &s->ps);
	}
	if (st == SSA_OK) {
		what = "layout and scratch";
		st = ssa_form_layout(&s->s, s->p, &s->ps);
	}
	if (st == SSA_OK)
		st = s->a->scratch_alloc(&s->scratch, s->p, &s->s);
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
	const struct rename_algo *other =
		algo_find(rename_algos, rename_nalgos, strcmp(s->a->head.name, "rename-stack") ? "rename-stack" : "rename-rd");
	return ssa_check_form(s->p, &s->dt, &s->s, &s->ps, other, s->seed, s->walks, msg, msglen);
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
