/* Dominators of the CFGs the course texts give: the fib function of the Russian article on
 * SSA with its dominator sets, the bb1..bb8 example of the English mem2reg article, and the
 * three dominance exercises of the lecture notes, whose answers are derived by hand below. Each is checked for the oracle and every registered algorithm. */
#include <criterion/criterion.h>

#include "dom/domtree.h"
#include "support/domcheck_graphs.h"

static void expect_all(const char *name, const char *text, const int *lit)
{
	struct cfg g;
	cr_assert_eq(dc_parse(&g, text), SSA_OK, "%s: bad graph", name);
	uint32_t *want = malloc(g.n * sizeof *want), *got = malloc(g.n * sizeof *got);
	dc_expect(want, lit, g.n);
	cr_assert_eq(dom_oracle(&g, got), SSA_OK);
	uint32_t d = dc_first_diff(got, want, g.n);
	cr_assert_eq(d, UINT32_MAX, "%s: oracle: block %u idom %lld, expected %lld", name, d,
		     d == UINT32_MAX ? 0 : dc_id(got[d]), d == UINT32_MAX ? 0 : dc_id(want[d]));
	char msg[256];
	cr_assert_eq(dc_check_all(&g, want, UINT64_MAX, msg, sizeof msg), 0, "%s: %s", name, msg);
	free(want);
	free(got);
	cfg_free(&g);
}

/* 001: entry=0 if.then=1 if.end=2 while.cond=3 while.body=4 while.end=5 return=6. */
#define FIB "7: 0>1 0>2 1>6 2>3 3>4 3>5 4>3 5>6"

Test(seeds, fib_idoms)
{
	/* The article's list: if.then, if.end, return -> entry; while.cond -> if.end;
	 * while.body, while.end -> while.cond. */
	expect_all("fib", FIB, (int[]){-1, 0, 0, 2, 3, 3, 0});
}

Test(seeds, fib_dominator_sets)
{
	/* The article's sets Dom(b), as bit masks over blocks 0..6. */
	static const unsigned dom[7] = {
		1u << 0,                                 /* entry */
		1u << 1 | 1u << 0,                       /* if.then */
		1u << 2 | 1u << 0,                       /* if.end */
		1u << 2 | 1u << 3 | 1u << 0,             /* while.cond */
		1u << 4 | 1u << 2 | 1u << 3 | 1u << 0,   /* while.body */
		1u << 5 | 1u << 2 | 1u << 3 | 1u << 0,   /* while.end */
		1u << 6 | 1u << 0,                       /* return */
	};
	struct cfg g;
	cr_assert_eq(dc_parse(&g, FIB), SSA_OK);
	for (size_t i = 0; i < dom_nalgos; i++) {
		uint32_t idom[7];
		cr_assert_eq(dom_compute(dom_algos[i], &g, idom, NULL), SSA_OK);
		struct domtree t;
		cr_assert_eq(domtree_build(&t, idom, 7, 0), SSA_OK);
		for (uint32_t a = 0; a < 7; a++)
			for (uint32_t b = 0; b < 7; b++)
				cr_assert_eq(domtree_dominates(&t, a, b), !!(dom[b] >> a & 1),
					     "%s: does %u dominate %u?", dom_algos[i]->head.name, a, b);
		domtree_free(&t);
	}
	cfg_free(&g);
}

Test(seeds, english_bb1_bb8)
{
	/* 000: Entry=0, bb1..bb8 = 1..8, End=9. bb2<->bb3 is a loop entered from bb1; bb4 is a
	 * diamond over bb5/bb6 joined at bb7; bb3 and bb7 join at bb8. */
	expect_all("bb1..bb8", "10: 0>1 1>2 1>4 2>3 3>2 3>8 4>5 4>6 5>7 6>7 7>8 8>9",
		   (int[]){-1, 0, 1, 2, 1, 4, 4, 4, 1, 8});
}

Test(seeds, lecture_exercise_1)
{
	/* r=0 A=1 B=2 C=3; r->A, A->B, A->C, B->A. The pairs u dom v: r dominates all, A
	 * dominates A, B, C (every path enters the loop at A), B and C only themselves. */
	expect_all("003 ex1", "4: 0>1 1>2 1>3 2>1", (int[]){-1, 0, 1, 1});
}

Test(seeds, lecture_exercise_2)
{
	/* r=0 A=1 B=2 C=3 D=4 E=5; r->A, A->B,C, B->D, C->D,E, D->A,E. D is reached through B
	 * or C, E through C or D, so neither has a dominator below A: strict dominance pairs are
	 * r over all, A over B, C, D, E. */
	expect_all("003 ex2", "6: 0>1 1>2 1>3 2>4 3>4 3>5 4>1 4>5", (int[]){-1, 0, 1, 1, 1, 1});
}

Test(seeds, lecture_exercise_3)
{
	/* r=0 A=1 B=2 C=3 D=4 E=5 F=6 G=7 H=8 I=9 J=10. E is entered from r and C, so only r
	 * dominates it; F from C and D -> B; G from A and D -> A; H from E and F -> r; I from F
	 * and G -> A; J from H and I -> r. */
	expect_all("003 ex3",
		   "11: 0>1 0>5 1>2 1>7 2>3 2>4 3>5 3>6 4>6 4>7 5>8 6>8 6>9 7>9 8>10 9>10",
		   (int[]){-1, 0, 1, 2, 2, 0, 2, 1, 0, 1, 0});
}

/* Corner cases every algorithm must handle. */
Test(seeds, corner_cases)
{
	expect_all("single block", "1:", (int[]){-1});
	expect_all("single block self-loop", "1: 0>0", (int[]){-1});
	expect_all("self-loops and multi-edges", "4: 0>1 0>1 1>1 1>2 1>2 2>2 2>3 0>3 3>3",
		   (int[]){-1, 0, 1, 0});
	expect_all("unreachable blocks", "6: 0>1 1>2 3>2 3>4 4>3 5>5 5>1", (int[]){-1, 0, 1, -1, -1, -1});
	expect_all("entry inside a loop", "4: 0>1 1>2 2>0 2>3 3>0", (int[]){-1, 0, 1, 2});
	expect_all("irreducible", "5: 0>1 0>2 1>2 2>1 1>3 2>3 3>4", (int[]){-1, 0, 0, 0, 3});
	expect_all("edges into the entry only", "3: 1>0 2>0 2>1", (int[]){-1, -1, -1});
}

#include "dom/reducible.h"

static void expect_reducible(const char *text, bool want)
{
	struct cfg g;
	cr_assert_eq(dc_parse(&g, text), SSA_OK);
	bool got;
	cr_assert_eq(cfg_is_reducible(&g, &got), SSA_OK);
	cr_assert_eq(got, want, "%s: reducible=%d, expected %d", text, got, want);
	cfg_free(&g);
}

Test(seeds, reducibility)
{
	expect_reducible(FIB, true);
	expect_reducible("10: 0>1 1>2 1>4 2>3 3>2 3>8 4>5 4>6 5>7 6>7 7>8 8>9", true);
	expect_reducible("6: 0>1 1>2 1>3 2>4 3>4 3>5 4>1 4>5", true); /* 003 ex2: D->A, A dom D */
	expect_reducible("1: 0>0", true);
	expect_reducible("2: 0>1 1>0", true);                     /* the entry heads a loop */
	expect_reducible("4: 0>1 1>2 2>2 2>1 1>3 3>1", true);     /* nested loops, one header */
	expect_reducible("3: 0>1 0>2 1>2 2>1", false);            /* two-entry loop */
	expect_reducible("4: 0>1 1>2 1>3 2>3 3>2", false);        /* entered below the entry */
	/* An irreducible region that is unreachable does not count. */
	expect_reducible("5: 0>1 4>2 4>3 2>3 3>2", true);
}
