/* Post-dominators through the reverse CFG (algos/dom/reverse.h): hand graphs with several
 * exits and infinite loops whose immediate post-dominators are derived in the comments (-1 is
 * the virtual exit), the choice of joined blocks against a brute-force definition on random
 * graphs, and every algorithm against the oracle on reverse graphs. */
#include <criterion/criterion.h>

#include "dom/domtree.h"
#include "dom/reverse.h"
#include "support/domcheck_graphs.h"
#include "support/domcheck_random.h"

static void expect_ipdom(const char *text, const int *lit, uint32_t exits, uint32_t regions)
{
	struct cfg g, r;
	cr_assert_eq(dc_parse(&g, text), SSA_OK);
	struct dom_reverse_info info;
	cr_assert_eq(dom_reverse_cfg(&g, &r, &info), SSA_OK);
	cr_assert_eq(r.n, g.n + 1);
	cr_assert_eq(info.exits, exits, "%s: %u exits, expected %u", text, info.exits, exits);
	cr_assert_eq(info.regions, regions, "%s: %u regions, expected %u", text, info.regions, regions);
	uint32_t *ridom = malloc(r.n * sizeof *ridom), *ip = malloc(g.n * sizeof *ip);
	uint32_t *want = malloc(g.n * sizeof *want);
	dc_expect(want, lit, g.n);
	cr_assert_eq(dom_oracle(&r, ridom), SSA_OK);
	for (uint32_t b = 1; b < r.n; b++)
		cr_assert_neq(ridom[b], SSA_NONE, "%s: block %u not reached from the virtual exit", text, b - 1);
	dom_reverse_map(ridom, g.n, ip);
	uint32_t d = dc_first_diff(ip, want, g.n);
	cr_assert_eq(d, UINT32_MAX, "%s: oracle: block %u ipdom %lld, expected %lld", text, d,
		     d == UINT32_MAX ? 0 : dc_id(ip[d]), d == UINT32_MAX ? 0 : dc_id(want[d]));
	char msg[256];
	cr_assert_eq(dc_check_all(&r, ridom, UINT64_MAX, msg, sizeof msg), 0, "%s: %s", text, msg);
	free(ridom);
	free(ip);
	free(want);
	cfg_free(&r);
	cfg_free(&g);
}

Test(reverse, diamond)
{
	/* Every path from 0, 1 or 2 reaches 3, the only exit. */
	expect_ipdom("4: 0>1 0>2 1>3 2>3", (int[]){3, 3, 3, -1}, 1, 0);
}

Test(reverse, two_exits)
{
	/* 1 and 2 both return: no real block post-dominates 0. */
	expect_ipdom("3: 0>1 0>2", (int[]){-1, -1, -1}, 2, 0);
}

Test(reverse, loop_with_exit)
{
	/* while loop: 1 is the header, 2 the body, 3 the exit: 0 and 2 must pass 1 to leave. */
	expect_ipdom("4: 0>1 1>2 2>1 1>3", (int[]){1, 3, 1, -1}, 1, 0);
}

Test(reverse, infinite_loop_beside_an_exit)
{
	/* {1,2} never exits; its smallest block 1 is joined to the virtual exit: ipdom(2) = 1,
	 * ipdom(1) = exit, and 0 (to 1 or to the exit 3) has only the virtual exit. */
	expect_ipdom("4: 0>1 1>2 2>1 0>3", (int[]){-1, -1, 1, -1}, 1, 1);
}

Test(reverse, no_exit_at_all)
{
	/* for (;;) after an entry block: 0 is not in a bottom region, so only 1 is joined. */
	expect_ipdom("3: 0>1 1>2 2>1", (int[]){1, -1, 1}, 0, 1);
}

Test(reverse, self_loop_sink_and_chain)
{
	/* 1 spins forever (self-loop region); 0 -> 2 -> 3 returns. */
	expect_ipdom("4: 0>1 1>1 0>2 2>3", (int[]){-1, -1, 3, -1}, 1, 1);
}

Test(reverse, nested_regions_pick_bottom_only)
{
	/* {1,2} can only go on to {3,4}, which never leaves: only {3,4} is a bottom region, and
	 * its smallest block 3 is joined. 4 and 2 must pass 3 (2 may loop through 1 first), 1
	 * must pass 2, and 0 must pass 1. */
	expect_ipdom("5: 0>1 1>2 2>1 2>3 3>4 4>3", (int[]){1, 2, 3, -1, 3}, 0, 1);
}

Test(reverse, unreachable_blocks_get_postdominators)
{
	/* 1 is unreachable from the entry, yet it post-dominates nothing and is post-dominated
	 * by 2 like the entry. */
	expect_ipdom("3: 0>2 1>2", (int[]){2, 2, -1}, 1, 0);
}

/* Brute force on small graphs: reach[u][v] by Floyd-Warshall style closure; a block is joined
 * iff it has no successor, or it cannot reach an exit, every block it reaches reaches it back
 * (a bottom SCC), and no smaller block is in its SCC. */
Test(reverse, joined_blocks_match_definition)
{
	enum { MAXN = 14 };
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		struct cfg g, r;
		cr_assert_eq(dc_random_graph(&g, seed, MAXN), SSA_OK);
		const uint32_t n = g.n;
		bool reach[MAXN][MAXN] = {{false}};
		for (uint32_t u = 0; u < n; u++) {
			reach[u][u] = true;
			for (uint32_t i = g.succ_off[u]; i < g.succ_off[u + 1]; i++)
				reach[u][g.succ[i]] = true;
		}
		for (uint32_t k = 0; k < n; k++)
			for (uint32_t i = 0; i < n; i++)
				for (uint32_t j = 0; j < n; j++)
					reach[i][j] = reach[i][j] || (reach[i][k] && reach[k][j]);
		bool joined[MAXN] = {false};
		for (uint32_t b = 0; b < n; b++) {
			if (cfg_out_degree(&g, b) == 0) {
				joined[b] = true;
				continue;
			}
			bool exits = false, bottom = true, smallest = true;
			for (uint32_t v = 0; v < n; v++) {
				if (!reach[b][v])
					continue;
				exits |= cfg_out_degree(&g, v) == 0;
				bottom &= reach[v][b];
				if (v < b && reach[v][b])
					smallest = false;
			}
			joined[b] = !exits && bottom && smallest;
		}
		cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
		uint32_t k = r.succ_off[0];
		for (uint32_t b = 0; b < n; b++) {
			if (!joined[b])
				continue;
			cr_assert(k < r.succ_off[1] && r.succ[k] == b + 1,
				  "seed %llu (n=%u): block %u should be joined to the virtual exit, in order",
				  (unsigned long long)seed, n, b);
			k++;
		}
		cr_assert_eq(k, r.succ_off[1], "seed %llu: extra blocks joined", (unsigned long long)seed);
		cr_assert_eq(r.m, g.m + (r.succ_off[1] - r.succ_off[0]));
		cfg_free(&r);
		cfg_free(&g);
	}
}

Test(reverse, random_postdominators_all_algorithms)
{
	enum { MAXN = 30 };
	uint32_t ridom[MAXN + 1];
	char msg[256];
	for (uint64_t seed = 100; seed < 3100; seed++) {
		struct cfg g, r;
		cr_assert_eq(dc_random_graph(&g, seed, MAXN), SSA_OK);
		cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
		cr_assert_eq(dom_oracle(&r, ridom), SSA_OK);
		for (uint32_t b = 1; b < r.n; b++)
			cr_assert_neq(ridom[b], SSA_NONE, "seed %llu: block %u unreachable in reverse",
				      (unsigned long long)seed, b - 1);
		cr_assert_eq(dc_check_all(&r, ridom, UINT64_MAX, msg, sizeof msg), 0,
			     "seed %llu (n=%u, reverse): %s", (unsigned long long)seed, g.n, msg);
		cfg_free(&r);
		cfg_free(&g);
	}
}

/* The domtree-dot dump on the diamond 0>1 0>2 1>3 2>3: dominators 0 -> 1, 2, 3; post-dominators
 * (dom_reverse_map) 3 -> 0, 1, 2 and the virtual exit -> 3. Block 1 is named a"b\c, which the
 * label escapes. */
static char *dot_of(const uint32_t *idom, uint32_t n, bool post, const struct names *bn)
{
	char *buf;
	size_t len;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_not_null(f);
	cr_assert_eq(dom_tree_dump_dot_named(f, idom, n, post, bn), SSA_OK);
	fclose(f);
	return buf;
}

Test(reverse, tree_dot_dump)
{
	struct cfg g, r;
	cr_assert_eq(dc_parse(&g, "4: 0>1 0>2 1>3 2>3"), SSA_OK);
	cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
	uint32_t idom[4] = {SSA_NONE, 0, 0, 0}, ridom[5], ip[4];
	cr_assert_eq(dom_compute(algo_find(dom_algos, dom_nalgos, "snca"), &r, ridom, NULL), SSA_OK);
	dom_reverse_map(ridom, 4, ip);
	static const uint32_t ids[1] = {1};
	static const uint64_t soff[2] = {0, 5};
	struct names bn;
	cr_assert_eq(names_build(&bn, 4, 1, ids, soff, "a\"b\\c"), SSA_OK);
	char *fwd = dot_of(idom, 4, false, &bn), *post = dot_of(ip, 4, true, NULL);
	cr_expect_str_eq(fwd, "digraph domtree {\n  1 [label=\"a\\\"b\\\\c\"];\n  0 -> 1;\n"
			      "  0 -> 2;\n  0 -> 3;\n}\n");
	cr_expect_str_eq(post, "digraph postdomtree {\n  exit [shape=box];\n  3 -> 0;\n  3 -> 1;\n"
			       "  3 -> 2;\n  exit -> 3;\n}\n");
	free(fwd);
	free(post);
	names_free(&bn);
	cfg_free(&r);
	cfg_free(&g);
}
