/* The dominance-frontier stage: one kernel per entry of df_algos[] (algos/df/registry.c), read
 * from the table directly.
 *
 *   setup       dominators by auto (Semi-NCA, Lengauer-Tarjan when its budget runs out) and the
 *               dominator tree, untimed; then Σ|DF| is counted
 *               (runner walk, counting only, giving up past the limit) so that a quadratic
 *               answer is refused before anything is built: SSA_ETOOBIG with the count.
 *   --df-limit=N  largest Σ|DF| accepted (default 2^28 entries = 1 GiB of sets).
 *   counters    sum-df, max-df, then the algorithm's own work counts.
 *   check       df_check_sets (algos/df/check.c): against df-naive on small graphs, else
 *               df-runner (df-cytron for df-runner), and Σ|DF| against the counting pass.
 *   dumps       df: n lines "<block>:" then the frontier ascending, space-separated. */
#include "bench/facts.h"
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "df/df.h"
#include "dom/dom.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct df_state {
	const struct df_algo *a;
	const struct cfg *g;
	const struct names *bn; /* the input's block names, for the dump */
	struct domtree dt;
	void *scratch;
	struct df_sets out;
	uint64_t limit;
	uint64_t counted; /* Σ|DF| from the counting pass in setup */
};

_Static_assert(DF_MAX_COUNTERS + 2 <= BENCH_MAX_COUNTERS, "a frontier counter would be dropped");

/* df_stage_bytes (algos/df) with Σ|DF| from bench_facts (the proven bound when it cannot run),
 * not counted for a kernel that refuses the graph's size before anything. */
static uint64_t df_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	const struct df_algo *a = k->algo;
	const struct cfg *g = &in->prog->cfg;
	struct phi_counts c = {0};
	if (a->scratch_bytes(g->n, g->m) != UINT64_MAX)
		bench_facts_counts(in, -1, in->opts->df_limit, &c);
	return ssa_sat_add(df_stage_bytes(a, g->n, g->m, c.df_total, in->opts->df_limit),
			   bench_mem_driver_bytes(sizeof(struct df_state)));
}

static void df_teardown(void *state)
{
	struct df_state *s = state;
	if (s->scratch)
		s->a->scratch_free(s->scratch);
	domtree_free(&s->dt);
	df_sets_free(&s->out);
}

static int df_setup(const struct bench_kernel *k, const struct bench_input *in, void *state,
		    char *err, size_t errlen)
{
	const struct df_algo *a = k->algo;
	const struct cfg *g = &in->prog->cfg;
	struct df_state *s = state;
	s->a = a;
	s->g = g;
	s->bn = &in->prog->bnames;
	s->limit = in->opts->df_limit;
	if (a->scratch_bytes(g->n, g->m) == UINT64_MAX) {
		snprintf(err, errlen, "%s: n*(n+m) = %" PRIu64 "*%" PRIu64 " steps is beyond what it "
			 "accepts; use df-runner or df-cytron", a->head.name, (uint64_t)g->n,
			 (uint64_t)g->n + g->m);
		return SSA_ETOOBIG;
	}
	int st = dom_tree_default(g, &s->dt);
	uint32_t *stamps = st == SSA_OK ? ssa_alloc_array(g->n, sizeof(uint32_t)) : NULL;
	if (st == SSA_OK && !stamps)
		st = SSA_ENOMEM;
	if (st != SSA_OK) {
		snprintf(err, errlen, "%s: dominators: %s", a->head.name, ssa_status_str(st));
		free(stamps);
		return st;
	}
	st = df_count(g, &s->dt, s->limit, stamps, NULL, &s->counted, NULL);
	free(stamps);
	if (st == SSA_ETOOBIG) {
		snprintf(err, errlen, "%s: sum|DF| exceeds --df-limit=%" PRIu64 " entries; this "
			 "graph's frontiers are too large to materialize (phi-dj does not need "
			 "them)", a->head.name, s->limit);
		return st;
	}
	st = a->scratch_alloc(&s->scratch, g->n, g->m);
	if (st == SSA_OK)
		st = df_sets_reserve(&s->out, g->n, s->counted);
	if (st != SSA_OK)
		snprintf(err, errlen, "%s: cannot allocate for n=%" PRIu32 ", sum|DF|=%" PRIu64 ": %s",
			 a->head.name, g->n, s->counted, ssa_status_str(st));
	return st;
}

static int df_run(void *state, uint64_t *counters)
{
	struct df_state *s = state;
	int st = s->a->run(s->scratch, s->g, &s->dt, s->limit, &s->out, counters + 2);
	counters[0] = s->out.total;
	counters[1] = s->out.max;
	return st;
}

static int df_check(void *state, char *msg, size_t msglen)
{
	struct df_state *s = state;
	return df_check_sets(s->a, s->g, &s->dt, s->limit, &s->out, s->counted, msg, msglen);
}

static int df_dump(void *state, const char *kind, FILE *out)
{
	struct df_state *s = state;
	if (strcmp(kind, "df") != 0)
		return SSA_EUSAGE;
	return df_sets_dump_named(&s->out, out, s->bn);
}

static const struct bench_option df_options[] = {
	{"df-limit", "largest sum of |DF| to build (default 2^28 = 268435456 entries); larger "
		     "answers are refused after a counting pass"},
	{NULL, NULL},
};

const struct bench_stage bench_stage_df = {
	.name = "df",
	.title = "dominance frontiers (dominators by auto, untimed)",
	.options = df_options,
	.table = df_algos,
	.nalgos = &df_nalgos,
	.dumps = "df",
	.counters = {"sum-df", "max-df"},
	.mem_estimate = df_mem,
	.state_size = sizeof(struct df_state),
	.setup = df_setup,
	.run = df_run,
	.check = df_check,
	.dump = df_dump,
	.teardown = df_teardown,
};

