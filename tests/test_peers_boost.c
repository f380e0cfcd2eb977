/* boost-lt, Boost.Graph's Lengauer-Tarjan (algos/peers/boost_lt.cpp): against the oracle on
 * every generator family and on random graphs with unreachable blocks, self-loops, multi-edges
 * and edges into the entry; a deep graph whose eval recursion would overflow a normal stack;
 * and the trap of Boost's three-argument overload, which is wrong exactly when a block the
 * entry does not reach has an edge into one it does. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/oracle.h"
#include "gen/gen.h"
#include "peers/peers.h"
#include "support/domcheck_random.h"
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

/* 0 when a and b agree on every block, else 1 + the first block that differs. */
static uint32_t first_diff(const uint32_t *a, const uint32_t *b, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return i + 1;
	return 0;
}

static void expect_oracle(const struct cfg *g, const char *what)
{
	uint32_t *want = malloc((size_t)g->n * sizeof *want), *got = malloc((size_t)g->n * sizeof *got);
	uint64_t c[DOM_MAX_COUNTERS];
	cr_assert(want && got);
	cr_assert_eq(dom_oracle(g, want), SSA_OK);
	cr_assert_eq(dom_compute(&peer_boost_lt, g, got, c), SSA_OK, "%s", what);
	uint32_t d = first_diff(got, want, g->n);
	cr_assert_eq(d, 0, "boost-lt on %s: idom(%u) = %d, expected %d", what, d - 1,
		     d ? (int)got[d - 1] : 0, d ? (int)want[d - 1] : 0);
	free(want);
	free(got);
}

Test(peers_boost, registered_with_version)
{
	cr_assert_eq(dom_find("boost-lt"), &peer_boost_lt);
	const char *v = peer_boost_version();
	cr_assert(strncmp(v, "Boost 1.", 8) == 0, "%s", v);
}

Test(peers_boost, every_family_equals_oracle)
{
	static const uint64_t sizes[] = {1, 2, 5, 17, 64, 200};
	for (size_t f = 0; f < gen_nfamilies; f++)
		for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
			for (uint64_t seed = 1; seed <= 3; seed++) {
				struct gen_params p;
				struct gen_info info;
				struct cfg g;
				gen_params_default(&p);
				p.family = gen_families[f].name;
				p.blocks = sizes[s];
				p.seed = seed;
				if (gen_cfg(&p, &g, &info) != SSA_OK)
					continue; /* below the family's minimum size */
				char what[256];
				snprintf(what, sizeof what, "%s seed %llu (%s)", p.family,
					 (unsigned long long)seed, info.note);
				expect_oracle(&g, what);
				cfg_free(&g);
			}
}

Test(peers_boost, random_graphs_equal_oracle)
{
	/* dc_random_graph makes unreachable blocks (often with edges into reachable ones),
	 * self-loops, multi-edges and edges into the entry. */
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, seed, seed % 2 ? 12 : 60), SSA_OK);
		char what[64];
		snprintf(what, sizeof what, "random graph seed %llu", (unsigned long long)seed);
		expect_oracle(&g, what);
		cfg_free(&g);
	}
}

/* A 10^6-block loop: 0 -> 1 -> ... -> n-1 -> 1. Boost's eval recurses once per block on the
 * path from n-1 up to 1, far deeper than an 8 MiB stack allows; the adapter runs it on a
 * thread with a stack sized for the DFS depth. */
Test(peers_boost, deep_loop_runs_on_a_big_stack, .timeout = 300)
{
	const uint32_t n = 1000000;
	uint32_t *off = malloc(((size_t)n + 1) * sizeof *off), *succ = malloc((size_t)n * sizeof *succ);
	cr_assert(off && succ);
	for (uint32_t b = 0; b < n; b++) {
		off[b] = b;
		succ[b] = b + 1 < n ? b + 1 : 1;
	}
	off[n] = n;
	struct cfg g;
	cr_assert_eq(cfg_from_succ_csr(&g, n, n, off, succ), SSA_OK);
	uint32_t *idom = malloc((size_t)n * sizeof *idom);
	cr_assert_not_null(idom);
	cr_assert_eq(dom_compute(&peer_boost_lt, &g, idom, NULL), SSA_OK);
	cr_assert_eq(idom[0], SSA_NONE);
	for (uint32_t b = 1; b < n; b++)
		if (idom[b] != b - 1)
			cr_assert_fail("idom(%u) = %d", b, (int)idom[b]);
	free(idom);
	cfg_free(&g);
}

/* The trap, on the smallest case: 0 -> 1 -> 2 and 3 -> 2 with 3 unreachable. Block 3 keeps the
 * DFS number 0 of the three-argument overload's map, so Boost takes it for a proper ancestor of
 * 2 with the smallest number, makes it 2's semidominator, and files 2 in a bucket that is never
 * processed: 2 gets no immediate dominator although the entry reaches it. */
Test(peers_boost, three_argument_overload_loses_a_block)
{
	static const uint32_t e[][2] = {{0, 1}, {1, 2}, {3, 2}};
	struct cfg g;
	build(&g, 4, e, 3);
	uint32_t got[4], right[4];
	cr_assert_eq(peer_boost_lt_3arg(&g, got), SSA_OK);
	cr_assert_eq(dom_compute(&peer_boost_lt, &g, right, NULL), SSA_OK);
	cr_assert_eq(right[1], 0);
	cr_assert_eq(right[2], 1);
	cr_assert_eq(right[3], SSA_NONE);
	cr_assert_neq(got[2], 1, "the three-argument overload got this one right after all");
	cr_log_info("boost 3-arg overload on 0->1->2, 3->2: idom(2) = %d (right: 1)", (int)got[2]);
	cfg_free(&g);
}

Test(peers_boost, three_argument_overload_is_wrong_with_unreachable_predecessors)
{
	/* Search the random graphs for the finding instead of trusting one hand-made case:
	 * the three-argument overload must agree with the oracle on every graph where each
	 * unreachable block's edges stay among unreachable blocks, and must be wrong on some
	 * graph with an edge from an unreachable block into a reachable one. */
	uint32_t wrong = 0, tried_with_edge = 0;
	uint64_t first_wrong_seed = 0;
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, seed, 20), SSA_OK);
		uint32_t n = g.n;
		uint32_t *want = malloc((size_t)n * sizeof *want), *got = malloc((size_t)n * sizeof *got);
		cr_assert(want && got);
		cr_assert_eq(dom_oracle(&g, want), SSA_OK);
		cr_assert_eq(peer_boost_lt_3arg(&g, got), SSA_OK);
		/* Reachable: the entry, and every block with an idom. */
		bool edge_in = false;
		for (uint32_t u = 1; u < n; u++) {
			if (want[u] != SSA_NONE)
				continue;
			for (uint32_t i = g.succ_off[u]; i < g.succ_off[u + 1]; i++) {
				uint32_t v = g.succ[i];
				if (v == 0 || want[v] != SSA_NONE)
					edge_in = true;
			}
		}
		uint32_t d = first_diff(got, want, n);
		if (!edge_in)
			cr_assert_eq(d, 0, "seed %llu: 3-arg overload wrong without the trap: idom(%u) = %d, expected %d",
				     (unsigned long long)seed, d - 1, d ? (int)got[d - 1] : 0,
				     d ? (int)want[d - 1] : 0);
		else {
			tried_with_edge++;
			if (d) {
				if (!wrong)
					first_wrong_seed = seed;
				wrong++;
			}
		}
		/* The adapter's overload is right on the same graph. */
		cr_assert_eq(dom_compute(&peer_boost_lt, &g, got, NULL), SSA_OK);
		cr_assert_eq(first_diff(got, want, n), 0, "seed %llu", (unsigned long long)seed);
		free(want);
		free(got);
		cfg_free(&g);
	}
	cr_log_info("boost 3-arg overload: wrong on %u of %u random graphs with an edge from an "
		    "unreachable block into a reachable one (first: seed %llu)",
		    wrong, tried_with_edge, (unsigned long long)first_wrong_seed);
	cr_assert_gt(tried_with_edge, 100);
	cr_assert_gt(wrong, 0, "the trap did not show");
}
