/* boost-lt, Boost.Graph's Lengauer-Tarjan (algos/peers/boost_lt.cpp): against the oracle on
 * every generator family and on random graphs with unreachable blocks, self-loops, multi-edges
 * and edges into the entry; a deep graph whose eval recursion would overflow a normal stack;
 * and the trap of Boost's three-argument overload, which is wrong exactly when a block the
 * entry does not reach has an edge into one it does. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/oracle.h"
#include "peers/peers.h"
#include "support/peers_check.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void expect_oracle(const struct cfg *g, const char *what, void *ctx)
{
	(void)ctx;
	uint32_t *want = malloc((size_t)g->n * sizeof *want);
	cr_assert_not_null(want);
	cr_assert_eq(dom_oracle(g, want), SSA_OK);
	peers_expect_idoms(&peer_boost_lt, g, want, what);
	free(want);
}

Test(peers_boost, registered_with_version)
{
	cr_assert_eq(algo_find(dom_algos, dom_nalgos, "boost-lt"), &peer_boost_lt);
	const char *v = peer_boost_version();
	cr_assert(strncmp(v, "Boost 1.", 8) == 0, "%s", v);
}

Test(peers_boost, every_family_equals_oracle)
{
	peers_each_family_graph(3, expect_oracle, NULL);
}

Test(peers_boost, random_graphs_equal_oracle)
{
	peers_each_random_graph(3000, 60, expect_oracle, NULL);
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
	struct cfg g;
	cr_assert_eq(dc_parse(&g, "4: 0>1 1>2 3>2"), SSA_OK);
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
		uint32_t d = dc_first_diff(got, want, n);
		if (!edge_in) {
			if (d != UINT32_MAX)
				cr_assert_fail("seed %llu: 3-arg overload wrong without the trap: "
					       "idom(%u) = %lld, expected %lld",
					       (unsigned long long)seed, d, dc_id(got[d]), dc_id(want[d]));
		} else {
			tried_with_edge++;
			if (d != UINT32_MAX) {
				if (!wrong)
					first_wrong_seed = seed;
				wrong++;
			}
		}
		/* The adapter's overload is right on the same graph. */
		cr_assert_eq(dom_compute(&peer_boost_lt, &g, got, NULL), SSA_OK);
		cr_assert_eq(dc_first_diff(got, want, n), UINT32_MAX, "seed %llu",
			     (unsigned long long)seed);
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
