/* df-naive: dominance frontiers straight from the definition, the oracle of the stage.
 *
 * DF(x) = { y : x dominates a predecessor of y and x does not strictly dominate y }, tested for
 * every block x of the dominator tree and every edge p->y with the tree's O(1) interval queries
 * (x dom p iff tin[x] <= tin[p] <= tlast[x]). Cytron, Ferrante, Rosen, Wegman and Zadeck, 1991,
 * "Efficiently Computing Static Single Assignment Form and the Control Dependence Graph",
 * section 4.1 (the definition; this file deliberately does not use their faster method).
 * Scanning y in ascending order gives each set ascending and duplicate-free.
 *
 * Time Θ(n·(n+m)), whatever the answer: it shares no code with the other algorithms, so it can
 * check them. Sizes whose work passes DF_NAIVE_MAX_WORK are refused (SSA_ETOOBIG; scratch_bytes
 * says UINT64_MAX) because they would not finish in reasonable time. Memory: the sets only.
 * Requires the dominator tree of g. */
#include "df/df.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* About 10-30 s at a few nanoseconds per test. */
#define DF_NAIVE_MAX_WORK (UINT64_C(1) << 33)

static uint64_t naive_work(uint64_t n, uint64_t m)
{
	return ssa_bytes(n, ssa_sat_add(n, m));
}

static uint64_t naive_scratch_bytes(uint64_t n, uint64_t m)
{
	return naive_work(n, m) > DF_NAIVE_MAX_WORK ? UINT64_MAX : 0;
}

static int naive_scratch_alloc(void **out, uint32_t n, uint32_t m)
{
	(void)n;
	(void)m;
	*out = NULL;
	return SSA_OK;
}

static void naive_scratch_free(void *p)
{
	(void)p;
}

static int naive_run(void *p, const struct cfg *g, const struct domtree *dt, uint64_t limit,
		     struct df_sets *out, uint64_t *counters)
{
	(void)p;
	uint32_t n = g->n;
	memset(counters, 0, DF_MAX_COUNTERS * sizeof *counters);
	if (naive_work(n, g->m) > DF_NAIVE_MAX_WORK)
		return SSA_ETOOBIG;
	int st = df_sets_reserve(out, n, out->cap > 64 ? out->cap : 64);
	if (st != SSA_OK)
		return st;
	uint64_t total = 0, tests = 0;
	out->off[0] = 0;
	for (uint32_t x = 0; x < n; x++) {
		if (dt->tin[x] != SSA_NONE) {
			for (uint32_t y = 0; y < n; y++) {
				if (domtree_strictly_dominates(dt, x, y))
					continue;
				for (uint32_t e = g->pred_off[y]; e < g->pred_off[y + 1]; e++) {
					tests++;
					if (!domtree_dominates(dt, x, g->pred[e]))
						continue;
					if (total == limit)
						return SSA_ETOOBIG;
					if (total == out->cap) {
						st = df_sets_reserve(out, n, 2 * out->cap);
						if (st != SSA_OK)
							return st;
					}
					out->set[total++] = y;
					break;
				}
			}
		}
		out->off[x + 1] = total;
	}
	df_sets_stats(out);
	counters[0] = tests;
	return SSA_OK;
}

const struct df_algo df_naive_algo = {
	.head = {
		.name = "df-naive",
		.summary = "the definition, every (block, edge) pair tested with O(1) dominance queries",
		.citation = "Cytron, Ferrante, Rosen, Wegman, Zadeck 1991 (definition of DF)",
		.complexity = "O(n*(n+m)) time, the sets only; refuses n*(n+m) > 2^33",
		.counter_names = {"dom-tests"},
	},
	.scratch_bytes = naive_scratch_bytes,
	.scratch_alloc = naive_scratch_alloc,
	.scratch_free = naive_scratch_free,
	.run = naive_run,
};
