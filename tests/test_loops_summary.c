/* loops_graph_summary, which counts without building the forest, against loops_summarize on
 * the forest of every registered algorithm: the same loop count, maximum depth, irreducible
 * loops and blocks in loops on thousands of small and medium random graphs (most of them
 * irreducible), every generator family, structured code with gotos, and deep nests of
 * multi-entry loops; and its memory bound, the reason it exists. */
#include <criterion/criterion.h>

#include "gen/gen.h"
#include "loops/loops.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdio.h>

/* Compares the two summaries of g; returns the irreducible loop count. */
static uint32_t same_summary(const struct cfg *g, const char *what)
{
	struct loops_summary lean;
	cr_assert_eq(loops_graph_summary(g, &lean), SSA_OK, "%s", what);
	for (size_t a = 0; a < loops_nalgos; a++) {
		struct loop_forest f;
		struct loops_summary full;
		cr_assert_eq(loop_forest_alloc(&f, g->n), SSA_OK);
		cr_assert_eq(loops_compute(loops_algos[a], g, &f, NULL), SSA_OK);
		loops_summarize(&f, &full);
		loop_forest_free(&f);
		const char *alg = loops_algos[a]->head.name;
		cr_assert_eq(lean.loops, full.loops, "%s: %u loops, %s %u", what, lean.loops, alg,
			     full.loops);
		cr_assert_eq(lean.max_depth, full.max_depth, "%s: max depth %u, %s %u", what,
			     lean.max_depth, alg, full.max_depth);
		cr_assert_eq(lean.irreducible, full.irreducible, "%s: %u irreducible, %s %u", what,
			     lean.irreducible, alg, full.irreducible);
		cr_assert_eq(lean.blocks_in_loops, full.blocks_in_loops,
			     "%s: %u blocks in loops, %s %u", what, lean.blocks_in_loops, alg,
			     full.blocks_in_loops);
	}
	return lean.irreducible;
}

static void random_graph(struct ssa_rng *r, uint32_t n, uint32_t m, struct cfg *g)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, m + 1), SSA_OK);
	for (uint32_t k = 0; k < m; k++)
		cr_assert_eq(edge_list_push(&el, (uint32_t)ssa_rng_below(r, n),
					    (uint32_t)ssa_rng_below(r, n)), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

Test(loops_summary, random_graphs)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, 23);
	uint32_t with_irreducible = 0;
	for (int it = 0; it < 5000; it++) {
		/* small graphs (self-loops, multi-edges, unreachable blocks), then medium ones whose
		 * nests of irreducible loops are deep */
		uint32_t n = it < 4000 ? 1 + (uint32_t)ssa_rng_below(&r, 12)
				       : 2 + (uint32_t)ssa_rng_below(&r, 3000);
		uint32_t m = (uint32_t)ssa_rng_below(&r, 3 * (uint64_t)n + 1);
		struct cfg g;
		random_graph(&r, n, m, &g);
		char what[64];
		snprintf(what, sizeof what, "random graph %d (n=%u m=%u)", it, n, m);
		with_irreducible += same_summary(&g, what) > 0;
		cfg_free(&g);
	}
	cr_assert_geq(with_irreducible, 1000, "only %u graphs with irreducible loops",
		      with_irreducible);
}

static void family(const char *name, uint64_t blocks, uint64_t seed, uint32_t goto_pm,
		   uint32_t *irreducible)
{
	struct gen_params gp;
	gen_params_default(&gp);
	gp.family = name;
	gp.blocks = blocks;
	gp.seed = seed;
	gp.goto_permille = goto_pm;
	struct cfg g;
	struct gen_info info;
	cr_assert_eq(gen_cfg(&gp, &g, &info), SSA_OK, "%s", name);
	char what[96];
	snprintf(what, sizeof what, "%s n=%llu seed %llu goto %u", name,
		 (unsigned long long)blocks, (unsigned long long)seed, goto_pm);
	*irreducible += same_summary(&g, what);
	cfg_free(&g);
}

Test(loops_summary, every_family)
{
	static const uint64_t sizes[] = {12, 100, 1000, 30000};
	uint32_t irr = 0;
	for (size_t f = 0; f < gen_nfamilies; f++)
		for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
			for (uint64_t seed = 1; seed <= 3; seed++)
				family(gen_families[f].name, sizes[k], seed, 0, &irr);
	for (uint64_t seed = 1; seed <= 5; seed++) {
		family("structured", 1000, seed, 30, &irr);
		family("structured", 100000, seed, 20, &irr);
	}
	cr_assert_gt(irr, 0);
}

/* havlak's multi-entry nest (test_loops_forest.c): loop i has 1 + k - i entries. */
Test(loops_summary, deep_multi_entry_nest)
{
	const uint32_t ks[] = {1, 2, 6, 100000};
	for (size_t t = 0; t < sizeof ks / sizeof ks[0]; t++) {
		const uint32_t k = ks[t], n = 2 * k + 2;
		struct edge_list el;
		cr_assert_eq(edge_list_init(&el, n, 4 * k + 4), SSA_OK);
		edge_list_push(&el, 0, 2);
		edge_list_push(&el, 0, 1);
		for (uint32_t i = 0; i < k; i++) {
			uint32_t a = 2 + 2 * i, b = a + 1;
			edge_list_push(&el, a, i + 1 < k ? a + 2 : b);
			if (i + 1 < k)
				edge_list_push(&el, b + 2, b);
			edge_list_push(&el, b, a);
			edge_list_push(&el, 1, b);
		}
		struct cfg g;
		cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
		edge_list_free(&el);
		cr_assert_eq(same_summary(&g, "multi-entry nest"), k);
		struct loops_summary s;
		cr_assert_eq(loops_graph_summary(&g, &s), SSA_OK);
		cr_assert_eq(s.loops, k);
		cr_assert_eq(s.max_depth, k);
		cfg_free(&g);
	}
}

/* What bench's graph statistics may take: 8 words a block, 2 an edge, a byte a block, and the
 * allocator's rounding (at most a quarter more), well under the forest's 26n + 2m words. */
Test(loops_summary, memory_bound)
{
	static const uint64_t ns[] = {1000, 1000000, 100000000, 4000000000};
	for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
		uint64_t n = ns[i], m = n + n / 2;
		uint64_t bound = (33 * n + 8 * m) / 4 * 5 + 11 * ssa_alloc_size(1);
		cr_assert_leq(loops_graph_summary_bytes(n, m), bound, "n=%llu: %llu bytes",
			      (unsigned long long)n,
			      (unsigned long long)loops_graph_summary_bytes(n, m));
	}
}
