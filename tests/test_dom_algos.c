/* The dominator algorithms of algos/dom/: every registered algorithm against the oracle on hand
 * graphs and thousands of random small graphs, their counters against the facts of
 * FAMILIES.md (chk's passes on itworst, snca's k^2 NCA steps on sncaworst, auto's fallback),
 * and deep graphs that would overflow a recursive implementation. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/oracle.h"
#include "gen/gen.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void build(struct cfg *g, uint32_t n, const uint32_t (*edges)[2], uint32_t m)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, m ? m : 1), SSA_OK);
	for (uint32_t i = 0; i < m; i++)
		cr_assert_eq(edge_list_push(&el, edges[i][0], edges[i][1]), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

/* Runs a on g and compares with want (n entries); what names the graph in a failure. */
static void expect_idoms(const struct dom_algo *a, const struct cfg *g, const uint32_t *want,
			 const char *what)
{
	uint32_t *got = malloc((size_t)g->n * sizeof *got);
	uint64_t c[DOM_MAX_COUNTERS];
	cr_assert_not_null(got);
	cr_assert_eq(dom_compute(a, g, got, c), SSA_OK, "%s on %s: run failed", a->name, what);
	for (uint32_t b = 0; b < g->n; b++)
		cr_assert_eq(got[b], want[b], "%s on %s: idom(%u) = %d, expected %d", a->name, what,
			     b, (int)got[b], (int)want[b]);
	free(got);
}

static void expect_all(const struct cfg *g, const uint32_t *want, const char *what)
{
	for (size_t i = 0; i < dom_nalgos; i++)
		expect_idoms(dom_algos[i], g, want, what);
}

static void expect_oracle(const struct cfg *g, const char *what)
{
	uint32_t *want = malloc((size_t)g->n * sizeof *want);
	cr_assert_not_null(want);
	cr_assert_eq(dom_oracle(g, want), SSA_OK);
	expect_all(g, want, what);
	free(want);
}

#define N_ SSA_NONE

Test(dom_algos, registry_names_and_find)
{
	static const char *const names[] = {"iter", "chk", "slt", "lt", "snca", "auto"};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		const struct dom_algo *a = dom_find(names[i]);
		if (!a)
			continue; /* not every algorithm need be registered while they are written */
		cr_assert_str_eq(a->name, names[i]);
		cr_assert(a->summary && a->citation && a->complexity && a->counter_names[0]);
		cr_assert(a->scratch_bytes(1000, 2000) > 0);
	}
	cr_assert_null(dom_find("nope"));
	cr_assert_null(dom_find(NULL));
	cr_assert(dom_nalgos >= 2);
}

Test(dom_algos, single_block_and_self_loop)
{
	static const uint32_t e[][2] = {{0, 0}};
	struct cfg g;
	build(&g, 1, e, 0);
	uint32_t want[] = {N_};
	expect_all(&g, want, "single block");
	cfg_free(&g);
	build(&g, 1, e, 1);
	expect_all(&g, want, "single block with self-loop");
	cfg_free(&g);
}

Test(dom_algos, diamond_loop_unreachable_multi_edges)
{
	/* 0 -> 1,2 -> 3 -> 4 -> 1 (loop), 3 -> 5; 6 unreachable -> 3; duplicate 0->1; 5 self-loop. */
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {0, 1}, {1, 3}, {2, 3}, {3, 4},
					{4, 1}, {3, 5}, {6, 3}, {5, 5}};
	struct cfg g;
	build(&g, 7, e, sizeof e / sizeof *e);
	uint32_t want[] = {N_, 0, 0, 0, 3, 3, N_};
	expect_all(&g, want, "diamond with loop");
	cfg_free(&g);
}

Test(dom_algos, irreducible_and_entry_in_loop)
{
	/* Two-entry loop 1 <-> 2 entered from 0 at both; 2 -> 3; 3 -> 0 makes the entry a loop
	 * header. */
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 2}, {2, 1}, {2, 3}, {3, 0}};
	struct cfg g;
	build(&g, 4, e, sizeof e / sizeof *e);
	uint32_t want[] = {N_, 0, 0, 2};
	expect_all(&g, want, "irreducible loop");
	cfg_free(&g);
}

/* Random graphs: a family picked by seed. Half get a spanning arborescence (everything
 * reachable), half are plain random (unreachable blocks, dead predecessors). */
static void random_graph(struct cfg *g, uint64_t seed, uint32_t maxn)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, seed);
	uint32_t n = 1 + (uint32_t)ssa_rng_below(&r, maxn);
	uint32_t extra = (uint32_t)ssa_rng_below(&r, 3 * (uint64_t)n + 1);
	int tree = ssa_rng_below(&r, 2) == 0;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 4 * n + 1), SSA_OK);
	if (tree)
		for (uint32_t v = 1; v < n; v++)
			cr_assert_eq(edge_list_push(&el, (uint32_t)ssa_rng_below(&r, v), v), SSA_OK);
	for (uint32_t i = 0; i < extra; i++) {
		uint32_t u = (uint32_t)ssa_rng_below(&r, n), v = (uint32_t)ssa_rng_below(&r, n);
		cr_assert_eq(edge_list_push(&el, u, v), SSA_OK);
	}
	/* Shuffle so tree edges are not always first in a block's successor list. */
	for (uint32_t i = el.m; i > 1; i--) {
		uint32_t j = (uint32_t)ssa_rng_below(&r, i);
		uint32_t ts = el.src[i - 1], td = el.dst[i - 1];
		el.src[i - 1] = el.src[j];
		el.dst[i - 1] = el.dst[j];
		el.src[j] = ts;
		el.dst[j] = td;
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

Test(dom_algos, random_small_graphs_equal_oracle)
{
	char what[96];
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		struct cfg g;
		random_graph(&g, seed, seed <= 2000 ? 12 : 80);
		snprintf(what, sizeof what, "random graph seed %llu (n=%u m=%u)",
			 (unsigned long long)seed, g.n, g.m);
		expect_oracle(&g, what);
		cfg_free(&g);
	}
}
