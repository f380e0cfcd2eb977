/* The maximal-SSA stage: one kernel per entry of maximal_algos[] (algos/rename/registry.c).
 *
 *   setup     untimed: the dominator tree (dom_tree_default). run: maximal placement +
 *             rename-stack + the entry's pruning rules; the outputs are allocated in the run
 *             (their size is the result) and freed by the next one.
 *   --maximal=every puts φs at every block but the entry instead of at joins.
 *   check     phi_maximal_check (algos/rename/check.c): ssa_check_form (verifier, reaching
 *             definitions, covering interpreter); for a kernel that prunes, on a reducible
 *             CFG, its φ set must equal the default placement's minimal (Aycock-Horspool
 *             alone) or pruned (with dead-φ elimination) one.
 *   dumps     ssa, phi.
 *   memory    phi_maximal's phases beside the tree (maximal_mem). */
#include "bench/facts.h"
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "dom/dom.h"
#include "phi/phi.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/status.h"

#include <string.h>

struct maximal_state {
	const struct maximal_algo *a;
	const struct prog *p;
	uint64_t seed;
	uint32_t walks;
	struct domtree dt;
	struct phi_maximal_opts mo;
	struct phi_maximal_stats mst;
	struct ssa_form s;
};

static struct phi_maximal_opts opts_of(const struct maximal_algo *a, const struct bench_input *in)
{
	struct phi_maximal_opts o = {.every_block = in->opts->maximal_every,
				     .prune_redundant = a->prune_redundant,
				     .prune_dead = a->prune_dead};
	return o;
}

/* phi_maximal_stage_bytes (algos/rename). What the pruning keeps is known ahead on a reducible
 * CFG with φs at joins: exactly minimal SSA after the redundant rule, pruned SSA with the dead
 * rule too (maximal.c's guarantees), counted by bench_facts; otherwise every φ is kept, the
 * proven bound. */
static uint64_t maximal_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	struct phi_maximal_opts o = opts_of(k->algo, in);
	const struct bench_facts *f = NULL;
	if (o.prune_redundant && !o.every_block && bench_facts_reducible(in) == 1)
		f = bench_facts(in, o.prune_dead ? PHI_PRUNED : PHI_MINIMAL);
	struct phi_counts kept = {.nphi = f ? f->nphi : 0, .nargs = f ? f->nargs : 0};
	return ssa_sat_add(phi_maximal_stage_bytes(in->prog, &o, f ? &kept : NULL),
			   bench_mem_driver_bytes(sizeof(struct maximal_state)));
}

static void maximal_teardown(void *state)
{
	struct maximal_state *s = state;
	ssa_form_free(&s->s);
	domtree_free(&s->dt);
}

static int maximal_setup(const struct bench_kernel *k, const struct bench_input *in,
			 void *state, char *err, size_t errlen)
{
	struct maximal_state *s = state;
	s->a = k->algo;
	s->p = in->prog;
	s->seed = in->seed;
	s->walks = in->opts->walks;
	s->mo = opts_of(s->a, in);
	int st = dom_tree_default(&s->p->cfg, &s->dt);
	if (st != SSA_OK)
		snprintf(err, errlen, "%s: dominators: %s", k->name, ssa_status_str(st));
	return st;
}

static int maximal_run(void *state, uint64_t *counters)
{
	struct maximal_state *s = state;
	ssa_form_free(&s->s);
	int st = phi_maximal(s->p, &s->dt, &s->mo, 0, &s->s, &s->mst);
	counters[0] = s->mst.placed;
	counters[1] = s->mst.removed_redundant;
	counters[2] = s->mst.removed_dead;
	counters[3] = s->mst.kept;
	counters[4] = s->mst.rechecks;
	counters[5] = s->mst.bytes;
	return st;
}

static int maximal_check(void *state, char *msg, size_t msglen)
{
	struct maximal_state *s = state;
	return phi_maximal_check(s->p, &s->dt, &s->mo, &s->s, s->seed, s->walks, msg, msglen);
}

static int maximal_dump(void *state, const char *kind, FILE *out)
{
	struct maximal_state *s = state;
	if (!strcmp(kind, "ssa"))
		return ssa_form_dump(out, s->p, &s->s);
	struct phi_sets ps;
	int st = ssa_form_phi_sets(&s->s, &ps);
	if (st != SSA_OK)
		return st;
	st = phi_sets_dump_named(&ps, out, &s->p->bnames, &s->p->vnames);
	ssa_phi_sets_release(&ps);
	return st;
}

static const struct bench_option maximal_options[] = {
	{"maximal", "joins (default, a phi at every block with 2+ predecessors) or every (every "
		    "block but the entry)"},
	{"rename-walks", "random walks of the equivalence interpreter in --check (default 256)"},
	{NULL, NULL},
};

const struct bench_stage bench_stage_maximal = {
	.name = "maximal",
	.title = "maximal SSA + pruning (dominators by auto, untimed)",
	.options = maximal_options,
	.table = maximal_algos,
	.nalgos = &maximal_nalgos,
	.dumps = "ssa phi",
	.mem_estimate = maximal_mem,
	.state_size = sizeof(struct maximal_state),
	.setup = maximal_setup,
	.run = maximal_run,
	.check = maximal_check,
	.dump = maximal_dump,
	.teardown = maximal_teardown,
};
