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
 *   memory    the larger of setup's phases (the tree; the placement beside it; the φ sets, the
 *             form and the renamer's scratch), with the φ count and operands of the placement
 *             counted ahead (bench_facts), or bounded by V x joins when that cannot run. */
#include "bench/facts.h"
#include "bench/kernel.h"
#include "bench/memstat.h"
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

/* What phi_place_prog allocates over a given tree: the variable lists, the frontiers for a
 * placement that needs them (df-runner's scratch beside them while they are built), the
 * placement's scratch and output. */
static uint64_t place_bytes(const struct phi_algo *pa, const struct prog *p, uint64_t scratch,
			    uint64_t nphi, uint64_t dft)
{
	const struct cfg *g = &p->cfg;
	uint64_t vb = var_blocks_bytes(g->n, p->nvars, p->nops), df = 0, build = 0;
	if (pa->needs_df) {
		const struct df_algo *r = algo_find(df_algos, df_nalgos, "df-runner");
		df = df_sets_bytes(g->n, dft);
		build = ssa_sat_add(r->scratch_bytes(g->n, g->m), df);
	}
	uint64_t run = ssa_sat_add(ssa_sat_add(df, scratch), phi_output_bytes(nphi, p->nvars));
	return ssa_sat_add(vb, build > run ? build : run);
}

static uint64_t rename_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	const struct rename_algo *a = k->algo;
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	const struct phi_algo *pa = placement_of(in);
	uint64_t driver = bench_mem_driver_bytes(sizeof(struct rename_state));
	if (!pa)
		return driver;
	const struct bench_facts *f = bench_facts(in, in->opts->flavor);
	uint64_t nphi, nargs, dft, scratch;
	struct phi_input pin = {.prog = p};
	if (f) {
		size_t i = 0;
		while (i < phi_nalgos && phi_algos[i] != pa)
			i++;
		nphi = f->nphi;
		nargs = f->nargs;
		dft = f->df_total;
		scratch = i < phi_nalgos ? f->phi_scratch[i] : phi_scratch_bytes(pa, &pin);
	} else {
		uint64_t joins, jedges;
		bench_joins(g, &joins, &jedges);
		nphi = ssa_bytes(joins, p->nvars);
		nargs = ssa_bytes(jedges, p->nvars);
		dft = ssa_bytes(g->n, joins);
		scratch = phi_scratch_bytes(pa, &pin);
	}
	uint64_t tree = domtree_bytes(g->n), peak = dom_tree_default_bytes(g->n, g->m);
	if (pa->needs_df && dft > DF_DEFAULT_LIMIT) /* the placement refuses: no sets, no form */
		dft = DF_DEFAULT_LIMIT;
	uint64_t place = ssa_sat_add(tree, place_bytes(pa, p, scratch, nphi, dft));
	peak = peak > place ? peak : place;
	uint64_t kept = ssa_sat_add(ssa_array_bytes((uint64_t)p->nvars + 1, sizeof(uint64_t)),
				    ssa_array_bytes(nphi, sizeof(uint32_t)));
	kept = ssa_sat_add(ssa_sat_add(tree, kept), ssa_form_bytes(g->n, p->nops, nphi, nargs));
	uint64_t layout = ssa_sat_add(kept, ssa_array_bytes(g->n, sizeof(uint32_t)));
	uint64_t run = ssa_sat_add(kept, a->scratch_bytes(g->n, g->m, p->nvars, p->nops, nphi));
	peak = peak > layout ? peak : layout;
	return ssa_sat_add(peak > run ? peak : run, driver);
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
