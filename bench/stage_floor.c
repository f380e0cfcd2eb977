/* The floor: the cheapest whole-graph passes, timed under the same policy as everything else
 * so the algorithms' times can be read as multiples of them: one kernel per entry of
 * floor_algos[] (algos/cfg/registry.c; the passes in algos/cfg/floor.h).
 *   dfs    cfg_dfs_run: preorder, postorder, parents, reverse postorder (7n words); checked by
 *          cfg_dfs_check (BFS reachability and a characterisation of the DFS numbering).
 *   preds  cfg_preds_sort: the predecessor CSR by a stable counting sort (n + m words); checked
 *          by cfg_preds_check (the edge-order definition and cfg_build_preds). */
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "cfg/floor.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <string.h>

enum { K_DFS, K_PREDS };

struct floor_state {
	unsigned kind;
	const struct cfg *g;
	const struct names *bn; /* the input's block names, for the dumps */
	struct cfg_dfs d;
	uint32_t *off, *pred; /* preds: n + 2 and m words */
};

static void floor_kernel(const struct bench_stage *st, size_t i, struct bench_kernel *k)
{
	const struct floor_algo *a = floor_algos[i];
	bench_kernel_of(st, a, k);
	k->variant = a->pass == FLOOR_DFS ? K_DFS : K_PREDS;
	k->dumps = a->pass == FLOOR_DFS ? "dfs rpo" : "preds";
}

static uint64_t floor_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	return ssa_sat_add(floor_stage_bytes(k->algo, &in->prog->cfg),
			   bench_mem_driver_bytes(sizeof(struct floor_state)));
}

static void floor_teardown(void *state)
{
	struct floor_state *s = state;
	cfg_dfs_free(&s->d);
	ssa_free_all(s->off, s->pred, NULL);
}

static int floor_setup(const struct bench_kernel *k, const struct bench_input *in, void *state,
		       char *err, size_t errlen)
{
	struct floor_state *s = state;
	int st;
	s->kind = k->variant;
	s->g = &in->prog->cfg;
	s->bn = &in->prog->bnames;
	if (s->kind == K_DFS) {
		st = cfg_dfs_alloc(&s->d, s->g->n);
	} else {
		s->off = ssa_alloc_array((size_t)s->g->n + 2, sizeof *s->off);
		s->pred = ssa_alloc_array(s->g->m, sizeof *s->pred);
		st = s->off && s->pred ? SSA_OK : SSA_ENOMEM;
	}
	if (st != SSA_OK)
		snprintf(err, errlen, "%s: cannot allocate for n=%" PRIu32, k->name, in->prog->cfg.n);
	return st;
}

static int floor_run(void *state, uint64_t *counters)
{
	struct floor_state *s = state;
	if (s->kind == K_DFS) {
		cfg_dfs_run(&s->d, s->g, 0);
		counters[0] = s->d.nreach;
	} else {
		cfg_preds_sort(s->g, s->off, s->pred);
		counters[0] = s->g->m;
	}
	return SSA_OK;
}

static int floor_check(void *state, char *msg, size_t msglen)
{
	struct floor_state *s = state;
	int st = s->kind == K_DFS ? cfg_dfs_check(s->g, &s->d, msg, msglen)
				  : cfg_preds_check(s->g, s->off, s->pred, msg, msglen);
	if (st == SSA_OK)
		snprintf(msg, msglen, "%s", s->kind == K_DFS
			 ? "reference: BFS reachability + DFS order characterisation"
			 : "reference: edge-order definition + cfg_build_preds");
	return st;
}

static int floor_dump(void *state, const char *kind, FILE *out)
{
	struct floor_state *s = state;
	if (!strcmp(kind, "preds"))
		return cfg_preds_dump_named(out, s->g->n, s->off, s->pred, s->bn);
	return cfg_dfs_dump_named(out, &s->d, s->g->n, !strcmp(kind, "rpo"), s->bn);
}

const struct bench_stage bench_stage_floor = {
	.name = "floor",
	.title = "the floor: whole-graph passes every algorithm pays for",
	.nalgos = &floor_nalgos,
	.kernel = floor_kernel,
	.mem_estimate = floor_mem,
	.state_size = sizeof(struct floor_state),
	.setup = floor_setup,
	.run = floor_run,
	.check = floor_check,
	.dump = floor_dump,
	.teardown = floor_teardown,
};
