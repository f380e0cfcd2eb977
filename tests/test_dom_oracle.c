/* The dominator oracle on hand-built graphs whose dominators are derived by hand in the
 * comments: it is the reference every other dominator test trusts. */
#include <criterion/criterion.h>

#include "dom/check.h"
#include "dom/oracle.h"
#include "dom/reverse.h"
#include "support/domcheck_graphs.h"

static void check(const char *text, const int *want)
{
	struct cfg g;
	cr_assert_eq(dc_parse(&g, text), SSA_OK, "bad graph text %s", text);
	uint32_t *idom = malloc(g.n * sizeof *idom), *exp = malloc(g.n * sizeof *exp);
	dc_expect(exp, want, g.n);
	cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
	uint32_t d = dc_first_diff(idom, exp, g.n);
	cr_assert_eq(d, UINT32_MAX, "%s: block %u idom %lld, expected %lld", text, d,
		     d == UINT32_MAX ? 0 : dc_id(idom[d]), d == UINT32_MAX ? 0 : dc_id(exp[d]));
	free(idom);
	free(exp);
	cfg_free(&g);
}

Test(oracle, single_block)
{
	check("1:", (int[]){-1});
	check("1: 0>0 0>0", (int[]){-1});
}

Test(oracle, diamond)
{
	/* 0 branches to 1 and 2 which join at 3: the join's idom is the branch. */
	check("4: 0>1 0>2 1>3 2>3", (int[]){-1, 0, 0, 0});
}

Test(oracle, chain_and_loop)
{
	/* 0>1>2>3 with a back edge 3>1: the loop does not change a chain's dominators. */
	check("4: 0>1 1>2 2>3 3>1", (int[]){-1, 0, 1, 2});
}

Test(oracle, irreducible)
{
	/* 0 enters the cycle 1<->2 at both blocks: neither dominates the other. */
	check("4: 0>1 0>2 1>2 2>1 1>3", (int[]){-1, 0, 0, 1});
}

Test(oracle, unreachable_blocks)
{
	/* 2 and 3 are unreachable (3 even has an edge into reachable 1): no idom for them, and
	 * the edge 3>1 does not make 1's idom anything other than 0. */
	check("5: 0>1 1>4 2>3 3>1 3>4", (int[]){-1, 0, -1, -1, 1});
}

Test(oracle, entry_in_loop)
{
	/* Edges into the entry do not give it an idom. */
	check("3: 0>1 1>2 2>0 1>0", (int[]){-1, 0, 1});
}

Test(oracle, refuses_huge)
{
	cr_assert(dom_oracle_fits(1000, 2000));
	cr_assert(!dom_oracle_fits(100000, 200000));
	cr_assert_eq(dom_oracle_work(UINT64_MAX, 1), UINT64_MAX);
	/* A 40000-block chain: 40000 * 79999 steps > DOM_ORACLE_MAX_WORK. */
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, 40000, 40000), SSA_OK);
	for (uint32_t b = 0; b + 1 < 40000; b++)
		cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
	struct cfg g;
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	uint32_t *idom = malloc(g.n * sizeof *idom);
	cr_assert_eq(dom_oracle(&g, idom), SSA_ETOOBIG);
	free(idom);
	cfg_free(&g);
}

Test(oracle, deep_chain_iteratively)
{
	/* 10000 blocks in a line (10^4 * 19999 steps, under the limit): every block's idom is
	 * its predecessor. */
	const uint32_t n = 10000;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, n), SSA_OK);
	for (uint32_t b = 0; b + 1 < n; b++)
		cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
	struct cfg g;
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	uint32_t *idom = malloc(n * sizeof *idom);
	cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
	cr_assert_eq(idom[0], SSA_NONE);
	for (uint32_t b = 1; b < n; b++)
		cr_assert_eq(idom[b], b - 1, "block %u", b);
	free(idom);
	cfg_free(&g);
}

/* The dominator stage's check (dom_check_idom): the right answer passes with what it was
 * compared with, a wrong one fails naming the first block, in original ids on a reverse CFG
 * (ipdom, block b is b + 1 there, 0 the virtual exit). */
Test(oracle, stage_check_names_the_first_difference)
{
	struct cfg g, r;
	char msg[256];
	cr_assert_eq(dc_parse(&g, "4: 0>1 0>2 1>3 2>3"), SSA_OK);
	uint32_t idom[4] = {SSA_NONE, 0, 0, 0};
	cr_assert_eq(dom_check_idom(&g, idom, false, msg, sizeof msg), SSA_OK);
	cr_assert_str_eq(msg, "oracle: ok");
	idom[3] = 1;
	cr_assert_eq(dom_check_idom(&g, idom, false, msg, sizeof msg), SSA_EVERIFY);
	cr_assert_str_eq(msg, "oracle: block 3 idom 1, expected 0");
	cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
	/* post-dominators: the exit 3 by the virtual exit, 0, 1 and 2 by 3 */
	uint32_t ridom[5] = {SSA_NONE, 4, 4, 4, 0};
	cr_assert_eq(dom_check_idom(&r, ridom, true, msg, sizeof msg), SSA_OK, "%s", msg);
	ridom[2] = 0;
	cr_assert_eq(dom_check_idom(&r, ridom, true, msg, sizeof msg), SSA_EVERIFY);
	cr_assert_str_eq(msg, "oracle: block 1 ipdom -1, expected 3");
	cfg_free(&r);
	cfg_free(&g);
}
