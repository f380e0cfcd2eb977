/* The loop nesting forest stage: one kernel per entry of loops_algos[] (algos/loops/registry.c),
 * read from the table directly.
 *
 *   setup     untimed: the forest's arrays and the algorithm's scratch, sized once.
 *   run       the algorithm, which rewrites the whole forest each time.
 *   check     loops_forest_check (algos/loops/oracle.c): up to LOOPS_ORACLE_MAX_BLOCKS
 *             blocks, every field against the definition computed directly; always, the facts
 *             that hold at any size (loop count = retreating-edge targets, consistent nesting,
 *             irreducible loops iff cfg_is_reducible says so).
 *   dumps     loops: one line per loop in forest preorder (loop_forest_dump_named).
 *   memory    loops_stage_bytes: the forest (8n words) and the algorithm's scratch (the
 *             check's DFS and, for the oracle, n^2 bytes come after the kernel's peak and are
 *             not counted). */
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "loops/loops.h"
#include "util/mem.h"
#include "util/status.h"


struct loops_state {
	const struct loops_algo *a;
	const struct cfg *g;
	const struct names *bn; /* the input's block names, for the dump */
	struct loop_forest f;
	void *scratch;
};

_Static_assert(LOOPS_MAX_COUNTERS + 3 <= BENCH_MAX_COUNTERS, "a loops counter would be dropped");

static uint64_t loops_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	return ssa_sat_add(loops_stage_bytes(k->algo, g->n, g->m),
			   bench_mem_driver_bytes(sizeof(struct loops_state)));
}

static void loops_teardown(void *state)
{
	struct loops_state *s = state;
	if (s->scratch)
		s->a->scratch_free(s->scratch);
	loop_forest_free(&s->f);
}

static int loops_setup(const struct bench_kernel *k, const struct bench_input *in, void *state,
		       char *err, size_t errlen)
{
	struct loops_state *s = state;
	s->a = k->algo;
	s->g = &in->prog->cfg;
	s->bn = &in->prog->bnames;
	int st = loop_forest_alloc(&s->f, s->g->n);
	if (st == SSA_OK)
		st = s->a->scratch_alloc(&s->scratch, s->g->n, s->g->m);
	if (st != SSA_OK)
		snprintf(err, errlen, "%s: forest and scratch: %s", k->name, ssa_status_str(st));
	return st;
}

static int loops_run(void *state, uint64_t *counters)
{
	struct loops_state *s = state;
	int st = s->a->run(s->scratch, s->g, &s->f, counters + 3);
	if (st != SSA_OK)
		return st;
	struct loops_summary sum;
	loops_summarize(&s->f, &sum);
	counters[0] = sum.max_depth;
	counters[1] = sum.irreducible;
	counters[2] = sum.blocks_in_loops;
	return SSA_OK;
}

static int loops_check(void *state, char *msg, size_t msglen)
{
	struct loops_state *s = state;
	return loops_forest_check(s->g, &s->f, msg, msglen);
}

static int loops_dump(void *state, const char *kind, FILE *out)
{
	struct loops_state *s = state;
	(void)kind;
	return loop_forest_dump_named(out, &s->f, s->bn);
}

const struct bench_stage bench_stage_loops = {
	.name = "loops",
	.title = "loop nesting forest (loops, depth, irreducible loops and their entries)",
	.options = NULL,
	.table = loops_algos,
	.nalgos = &loops_nalgos,
	.dumps = "loops",
	.counters = {"max_depth", "irreducible", "in_loops"},
	.mem_estimate = loops_mem,
	.state_size = sizeof(struct loops_state),
	.setup = loops_setup,
	.run = loops_run,
	.check = loops_check,
	.dump = loops_dump,
	.teardown = loops_teardown,
};
