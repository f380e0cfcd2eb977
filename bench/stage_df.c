/* The dominance-frontier stage: one kernel per entry of df_algos[] (algos/df/sets.c).
 *
 *   setup       dominators by auto (Semi-NCA, Lengauer-Tarjan when its budget runs out) and the
 *               dominator tree, untimed; then Σ|DF| is counted
 *               (runner walk, counting only, giving up past the limit) so that a quadratic
 *               answer is refused before anything is built: SSA_ETOOBIG with the count.
 *   --df-limit=N  largest Σ|DF| accepted (default 2^28 entries = 1 GiB of sets).
 *   counters    sum-df, max-df, then the algorithm's own work counts.
 *   check       against df-naive when its n*(n+m) work is at most DF_CHECK_NAIVE_WORK (and
 *               df-naive is not the kernel), else against df-runner (df-cytron when checking
 *               df-runner).
 *   dumps       df: n lines "<block>:" then the frontier ascending, space-separated. */
#include "bench/kernel.h"
#include "df/df.h"
#include "dom/dom.h"
#include "gen/gen.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define DF_CHECK_NAIVE_WORK 400000000ull
#define DF_STAGE_MAX 8

struct df_state {
	const struct df_algo *a;
	const struct cfg *g;
	struct domtree dt;
	void *scratch;
	struct df_sets out;
	uint64_t limit;
	uint64_t counted; /* Σ|DF| from the counting pass in setup */
};

/* --df-limit, or the default; false on a malformed value. */
static bool df_limit(const struct bench_input *in, uint64_t *limit)
{
	const char *s = bench_opt(in, "df-limit");
	*limit = DF_DEFAULT_LIMIT;
	return !s || gen_parse_count(s, limit) == SSA_OK;
}

/* Σ|DF| is only known after setup's counting pass; the estimate assumes 4 entries per edge
 * (random and structured CFGs have fewer) capped by the limit, and setup refuses anything
 * larger than the limit exactly. */
static uint64_t mem_for(const struct df_algo *a, const struct bench_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	uint64_t n = g->n, m = g->m, limit;
	if (!df_limit(in, &limit))
		limit = DF_DEFAULT_LIMIT;
	uint64_t sb = a->scratch_bytes(n, m);
	if (sb == UINT64_MAX)
		sb = 0; /* a refusal for time, not memory: setup explains it */
	uint64_t guess = 4 * m < limit ? 4 * m : limit;
	uint64_t b = ssa_sat_add(sb, domtree_bytes(n));
	b = ssa_sat_add(b, ssa_bytes(2 * n, sizeof(uint32_t))); /* idom, counting stamps */
	b = ssa_sat_add(b, df_sets_bytes(n, guess));
	if (!strcmp(a->name, "df-cytron"))
		b = ssa_sat_add(b, ssa_bytes(guess, sizeof(uint32_t)));
	return b;
}

static void state_free(struct df_state *s)
{
	if (s->scratch)
		s->a->scratch_free(s->scratch);
	domtree_free(&s->dt);
	df_sets_free(&s->out);
	free(s);
}

static int setup_for(const struct df_algo *a, const struct bench_input *in, void **state,
		     char *err, size_t errlen)
{
	const struct cfg *g = &in->prog->cfg;
	struct df_state *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, errlen, "%s: out of memory", a->name);
		return SSA_ENOMEM;
	}
	s->a = a;
	s->g = g;
	if (!df_limit(in, &s->limit)) {
		snprintf(err, errlen, "--df-limit=%s: expected a count such as 1e9",
			 bench_opt(in, "df-limit"));
		free(s);
		return SSA_EUSAGE;
	}
	if (a->scratch_bytes(g->n, g->m) == UINT64_MAX) {
		snprintf(err, errlen, "%s: n*(n+m) = %" PRIu64 "*%" PRIu64 " steps is beyond what it "
			 "accepts; use df-runner or df-cytron", a->name, (uint64_t)g->n,
			 (uint64_t)g->n + g->m);
		free(s);
		return SSA_ETOOBIG;
	}
	int st = dom_tree_default(g, &s->dt);
	uint32_t *idom = st == SSA_OK ? ssa_alloc_array(g->n, sizeof(uint32_t)) : NULL;
	if (st == SSA_OK && !idom)
		st = SSA_ENOMEM;
	if (st != SSA_OK) {
		snprintf(err, errlen, "%s: dominators: %s", a->name, ssa_status_str(st));
		free(idom);
		state_free(s);
		return st;
	}
	/* idom's memory is reused as the counting pass's stamps. */
	st = df_count(g, &s->dt, s->limit, idom, NULL, &s->counted, NULL);
	free(idom);
	if (st == SSA_ETOOBIG) {
		snprintf(err, errlen, "%s: sum|DF| exceeds --df-limit=%" PRIu64 " entries; this "
			 "graph's frontiers are too large to materialize (phi-dj does not need "
			 "them)", a->name, s->limit);
		state_free(s);
		return st;
	}
	st = a->scratch_alloc(&s->scratch, g->n, g->m);
	if (st == SSA_OK)
		st = df_sets_reserve(&s->out, g->n, s->counted);
	if (st != SSA_OK) {
		snprintf(err, errlen, "%s: cannot allocate for n=%" PRIu32 ", sum|DF|=%" PRIu64 ": %s",
			 a->name, g->n, s->counted, ssa_status_str(st));
		state_free(s);
		return st;
	}
	*state = s;
	return SSA_OK;
}

static int df_run(void *state, uint64_t *counters)
{
	struct df_state *s = state;
	uint64_t c[DF_MAX_COUNTERS];
	int st = s->a->run(s->scratch, s->g, &s->dt, s->limit, &s->out, c);
	counters[0] = s->out.total;
	counters[1] = s->out.max;
	for (int i = 0; i < DF_MAX_COUNTERS && i + 2 < BENCH_MAX_COUNTERS; i++)
		counters[i + 2] = c[i];
	return st;
}

static int df_check(void *state, char *msg, size_t msglen)
{
	struct df_state *s = state;
	const struct cfg *g = s->g;
	const struct df_algo *ref;
	uint64_t work = ssa_bytes(g->n, (uint64_t)g->n + g->m);
	if (work <= DF_CHECK_NAIVE_WORK && strcmp(s->a->name, "df-naive") != 0)
		ref = df_find("df-naive");
	else
		ref = df_find(strcmp(s->a->name, "df-runner") ? "df-runner" : "df-cytron");
	struct df_sets want = {0};
	int st = df_compute(ref, g, &s->dt, s->limit, &want, NULL);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "check could not run %s: %s", ref->name, ssa_status_str(st));
		df_sets_free(&want);
		return st;
	}
	char diff[200];
	if (s->out.total != s->counted) {
		snprintf(msg, msglen, "sum|DF| %" PRIu64 " but the counting pass found %" PRIu64,
			 s->out.total, s->counted);
		st = SSA_EVERIFY;
	} else if (!df_sets_equal(&s->out, &want, diff, sizeof diff)) {
		snprintf(msg, msglen, "vs %s: %s", ref->name, diff);
		st = SSA_EVERIFY;
	} else {
		snprintf(msg, msglen, "vs %s%s: ok", ref->name,
			 strcmp(ref->name, "df-naive") ? "" : " (the definition)");
	}
	df_sets_free(&want);
	return st;
}

static int df_dump(void *state, const char *kind, FILE *out)
{
	struct df_state *s = state;
	if (strcmp(kind, "df") != 0)
		return SSA_EUSAGE;
	return df_sets_dump(&s->out, out);
}

static void df_teardown(void *state)
{
	state_free(state);
}

#define DF_THUNKS(i)                                                                           \
	static uint64_t mem_##i(const struct bench_input *in)                                  \
	{                                                                                      \
		return mem_for(df_algos[i], in);                                               \
	}                                                                                      \
	static int setup_##i(const struct bench_input *in, void **st, char *e, size_t el)      \
	{                                                                                      \
		return setup_for(df_algos[i], in, st, e, el);                                  \
	}
DF_THUNKS(0) DF_THUNKS(1) DF_THUNKS(2) DF_THUNKS(3) DF_THUNKS(4) DF_THUNKS(5) DF_THUNKS(6)
DF_THUNKS(7)

static uint64_t (*const mem_fns[DF_STAGE_MAX])(const struct bench_input *) = {
	mem_0, mem_1, mem_2, mem_3, mem_4, mem_5, mem_6, mem_7,
};
static int (*const setup_fns[DF_STAGE_MAX])(const struct bench_input *, void **, char *,
					    size_t) = {
	setup_0, setup_1, setup_2, setup_3, setup_4, setup_5, setup_6, setup_7,
};

static struct bench_kernel df_kernels[DF_STAGE_MAX];

static const struct bench_option df_options[] = {
	{"df-limit", "largest sum of |DF| to build (default 2^28 = 268435456 entries); larger "
		     "answers are refused after a counting pass"},
	{NULL, NULL},
};

struct bench_stage bench_stage_df = {
	.name = "df",
	.title = "dominance frontiers (dominators by auto, untimed)",
	.kernels = df_kernels,
	.nkernels = 0,
	.options = df_options,
};

__attribute__((constructor)) static void df_stage_init(void)
{
	size_t k = df_nalgos < DF_STAGE_MAX ? df_nalgos : DF_STAGE_MAX;
	for (size_t i = 0; i < k; i++) {
		const struct df_algo *a = df_algos[i];
		struct bench_kernel *kn = &df_kernels[i];
		kn->name = a->name;
		kn->summary = a->summary;
		kn->counter_names[0] = "sum-df";
		kn->counter_names[1] = "max-df";
		for (size_t c = 0; c < DF_MAX_COUNTERS && c + 2 < BENCH_MAX_COUNTERS; c++)
			kn->counter_names[c + 2] = a->counter_names[c];
		kn->mem_estimate = mem_fns[i];
		kn->setup = setup_fns[i];
		kn->run = df_run;
		kn->check = df_check;
		kn->dump = df_dump;
		kn->teardown = df_teardown;
	}
	bench_stage_df.nkernels = k;
}
