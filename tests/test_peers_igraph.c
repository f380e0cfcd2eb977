/* igraph-dom, igraph's igraph_dominator_tree (algos/peers/igraph_dom.c): against the oracle on
 * every generator family and on random graphs with unreachable blocks, self-loops,
 * multi-edges and edges into the entry, forward and on ssalab's reverse CFG; the shapes
 * igraph answers with its own conventions (-1 for the root, -2 for unreachable vertices);
 * igraph's errors coming back as statuses instead of aborting; 10^6-block deep graphs, which
 * igraph's iterative DFS and path compression take without a special stack. Built only when
 * igraph was found (tests/CMakeLists.txt). */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/oracle.h"
#include "dom/reverse.h"
#include "peers/peers.h"
#include "support/peers_check.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void expect_graph(const struct cfg *g, const char *what, void *ctx)
{
	(void)ctx;
	static const struct dom_algo *const kernels[] = {&peer_igraph_dom, NULL};
	peers_expect_oracle_both_ways(kernels, g, what);
}

Test(peers_igraph, registered_with_version)
{
	cr_assert_eq(algo_find(dom_algos, dom_nalgos, "igraph-dom"), &peer_igraph_dom);
	const char *v = peer_igraph_version();
	cr_assert(strncmp(v, "igraph 0.", 9) == 0 || strncmp(v, "igraph 1.", 9) == 0, "%s", v);
	cr_assert_not_null(peer_igraph_dom.prepare, "the igraph_t is built untimed");
}

Test(peers_igraph, every_family_equals_oracle_forward_and_reverse)
{
	peers_each_family_graph(3, expect_graph, NULL);
}

Test(peers_igraph, random_graphs_equal_oracle_forward_and_reverse)
{
	peers_each_random_graph(3000, 60, expect_graph, NULL);
}

/* igraph's own conventions, one graph each: the root and the unreachable blocks become
 * SSA_NONE; an unreachable block's edge into a reachable one is ignored (Boost's
 * three-argument overload gets this one wrong); self-loops, multi-edges and edges into the
 * entry change nothing. */
Test(peers_igraph, conventions_on_small_graphs)
{
	static const struct {
		const char *text;
		int want[6];
	} cases[] = {
		{"1:", {-1}},
		{"1: 0>0 0>0", {-1}},
		{"4: 0>1 1>2 3>2", {-1, 0, 1, -1}},
		{"5: 0>1 0>1 1>1 1>2 2>0 2>3 3>2 4>4", {-1, 0, 1, 2, -1}},
		{"6: 0>1 0>2 1>3 2>3 3>4 4>3 4>0 5>0 5>4", {-1, 0, 0, 0, 3, -1}},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct cfg g;
		cr_assert_eq(dc_parse(&g, cases[k].text), SSA_OK, "%s", cases[k].text);
		uint32_t want[6];
		dc_expect(want, cases[k].want, g.n);
		uint32_t oracle[6];
		cr_assert_eq(dom_oracle(&g, oracle), SSA_OK);
		cr_assert_eq(dc_first_diff(oracle, want, g.n), UINT32_MAX, "oracle on %s",
			     cases[k].text);
		peers_expect_idoms(&peer_igraph_dom, &g, want, cases[k].text);
		cfg_free(&g);
	}
}

/* The adapter's handler returns instead of aborting: igraph refuses mode IGRAPH_ALL, the
 * process goes on, the status is a usage error, igraph's message is kept, and the next
 * computation (which needs igraph's cleanup stack empty) is right. */
Test(peers_igraph, errors_come_back_as_statuses)
{
	cr_assert_eq(peer_igraph_handler_check(), SSA_EUSAGE);
	cr_assert_neq(peer_igraph_last_error()[0], 0);
	cr_log_info("igraph's refusal: %s", peer_igraph_last_error());
	struct cfg g;
	cr_assert_eq(dc_parse(&g, "3: 0>1 1>2 0>2"), SSA_OK);
	uint32_t idom[3];
	cr_assert_eq(dom_compute(&peer_igraph_dom, &g, idom, NULL), SSA_OK);
	cr_assert_eq(idom[1], 0);
	cr_assert_eq(idom[2], 0);
	cr_assert_eq(peer_igraph_handler_check(), SSA_EUSAGE);
	cfg_free(&g);
}

/* run() without prepare, or on a graph other than the prepared one, is refused. */
Test(peers_igraph, run_needs_prepare_on_the_same_graph)
{
	struct cfg a, b;
	cr_assert_eq(dc_parse(&a, "3: 0>1 1>2"), SSA_OK);
	cr_assert_eq(dc_parse(&b, "4: 0>1 1>2 2>3"), SSA_OK);
	void *s = NULL;
	uint32_t idom[4];
	uint64_t c[DOM_MAX_COUNTERS];
	cr_assert_eq(peer_igraph_dom.scratch_alloc(&s, 4, 3), SSA_OK);
	cr_assert_eq(peer_igraph_dom.run(s, &a, idom, c), SSA_EUSAGE);
	cr_assert_eq(peer_igraph_dom.prepare(s, &a), SSA_OK);
	cr_assert_eq(peer_igraph_dom.run(s, &b, idom, c), SSA_EUSAGE);
	cr_assert_eq(peer_igraph_dom.run(s, &a, idom, c), SSA_OK);
	cr_assert_eq(idom[2], 1);
	/* prepare again replaces the graph */
	cr_assert_eq(peer_igraph_dom.prepare(s, &b), SSA_OK);
	cr_assert_eq(peer_igraph_dom.run(s, &b, idom, c), SSA_OK);
	cr_assert_eq(idom[3], 2);
	peer_igraph_dom.scratch_free(s);
	cfg_free(&a);
	cfg_free(&b);
}

Test(peers_igraph, estimate_grows_with_the_graph_and_saturates)
{
	uint64_t (*f)(uint64_t, uint64_t) = peer_igraph_dom.scratch_bytes;
	/* At least igraph_t's six 64-bit vectors. */
	cr_expect_geq(f(1000000, 2000000), 16ull * 1000000 + 32ull * 2000000);
	cr_expect_lt(f(1000000, 2000000), 1000ull * 1000000);
	cr_expect_gt(f(1000000, 3000000), f(1000000, 2000000));
	cr_expect_eq(f(UINT64_MAX / 2, 1), UINT64_MAX);
	cr_expect_eq(f(1, UINT64_MAX / 2), UINT64_MAX);
	cr_expect_eq(f(UINT32_MAX, UINT32_MAX) < UINT64_MAX, true);
}

static void expect_chain_idoms(const struct cfg *g, const char *what)
{
	uint32_t n = g->n;
	uint32_t *idom = malloc((size_t)n * sizeof *idom);
	cr_assert_not_null(idom);
	cr_assert_eq(dom_compute(&peer_igraph_dom, g, idom, NULL), SSA_OK, "%s", what);
	cr_assert_eq(idom[0], SSA_NONE);
	for (uint32_t b = 1; b < n; b++)
		if (idom[b] != b - 1)
			cr_assert_fail("%s: idom(%u) = %d", what, b, (int)idom[b]);
	free(idom);
}

/* A 10^6-block loop 0 -> 1 -> ... -> n-1 -> 1 with an edge back into the entry halfway: the
 * DFS is 10^6 deep, and the last EVAL (of n-1, from 1) compresses a path of 10^6 vertices.
 * igraph's DFS keeps its own stack and COMPRESS collects the path in a heap stack, so this
 * runs on the normal stack. */
Test(peers_igraph, deep_loop_runs, .timeout = 300)
{
	const uint32_t n = 1000000;
	struct cfg g;
	peers_deep_loop(&g, n);
	expect_chain_idoms(&g, "10^6-block loop");
	cfg_free(&g);
}
