/* The shared dominator-tree builder against brute force: on random trees (and forests of
 * unreachable blocks), "a dominates b" by the interval test equals walking b's idom chain up
 * to a; depth equals the chain length; children are ascending; a computed tree can be
 * recomputed in place; idom arrays that are not trees are rejected. */
#include <criterion/criterion.h>

#include "dom/domtree.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdlib.h>

/* A random tree over a random subset of blocks, rooted at 0; the rest have no idom. */
static void random_idom(struct ssa_rng *r, uint32_t n, uint32_t *idom)
{
	uint32_t *in_tree = malloc(n * sizeof *in_tree), k = 1;
	in_tree[0] = 0;
	idom[0] = SSA_NONE;
	for (uint32_t b = 1; b < n; b++) {
		if (ssa_rng_chance(r, 1, 5)) {
			idom[b] = SSA_NONE; /* unreachable */
			continue;
		}
		/* Parent among blocks already in the tree: acyclic by construction. */
		idom[b] = in_tree[ssa_rng_below(r, k)];
		in_tree[k++] = b;
	}
	free(in_tree);
}

static bool chain_dominates(const uint32_t *idom, uint32_t a, uint32_t b, uint32_t root)
{
	/* b is in the tree iff its chain reaches the root. */
	uint32_t x = b;
	bool hit = false;
	while (x != SSA_NONE) {
		if (x == a)
			hit = true;
		if (x == root)
			return hit;
		x = idom[x];
	}
	return false;
}

static uint32_t chain_depth(const uint32_t *idom, uint32_t b)
{
	uint32_t d = 0;
	while (idom[b] != SSA_NONE) {
		b = idom[b];
		d++;
	}
	return d;
}

Test(domtree, intervals_equal_idom_chains_on_random_trees)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, 7);
	for (int it = 0; it < 300; it++) {
		uint32_t n = 1 + (uint32_t)ssa_rng_below(&r, 60);
		uint32_t *idom = malloc(n * sizeof *idom);
		random_idom(&r, n, idom);
		struct domtree t;
		cr_assert_eq(domtree_alloc(&t, n), SSA_OK);
		/* Compute twice in the same storage: the second must not see the first's data. */
		for (int pass = 0; pass < 2; pass++) {
			cr_assert_eq(domtree_compute(&t, idom, 0), SSA_OK, "iteration %d", it);
			uint32_t inside = 0;
			for (uint32_t b = 0; b < n; b++) {
				bool reach = chain_dominates(idom, 0, b, 0);
				inside += reach;
				cr_assert_eq(t.tin[b] != SSA_NONE, reach, "it %d block %u", it, b);
				if (reach)
					cr_assert_eq(t.depth[b], chain_depth(idom, b));
				for (uint32_t a = 0; a < n; a++)
					cr_assert_eq(domtree_dominates(&t, a, b),
						     chain_dominates(idom, a, b, 0),
						     "it %d: %u dom %u", it, a, b);
				for (uint32_t c = t.child_off[b]; c + 1 < t.child_off[b + 1]; c++)
					cr_assert_lt(t.child[c], t.child[c + 1]);
			}
			cr_assert_eq(t.nreach, inside);
			for (uint32_t i = 0; i < t.nreach; i++)
				cr_assert_eq(t.tin[t.order[i]], i);
		}
		domtree_free(&t);
		free(idom);
	}
}

Test(domtree, rejects_what_is_not_a_tree)
{
	struct domtree t;
	uint32_t cycle[] = {SSA_NONE, 2, 1, 0};      /* 1 and 2 idom each other */
	uint32_t self[] = {SSA_NONE, 1};             /* a block its own idom */
	uint32_t range[] = {SSA_NONE, 9};            /* idom out of range */
	uint32_t rooted[] = {1, SSA_NONE};           /* the root has an idom */
	cr_expect_eq(domtree_build(&t, cycle, 4, 0), SSA_EVERIFY);
	cr_expect_eq(domtree_build(&t, self, 2, 0), SSA_EVERIFY);
	cr_expect_eq(domtree_build(&t, range, 2, 0), SSA_EVERIFY);
	cr_expect_eq(domtree_build(&t, rooted, 2, 0), SSA_EVERIFY);
}

Test(domtree, deep_chain_of_ten_million_blocks)
{
	const uint32_t n = 10000000;
	uint32_t *idom = malloc(n * sizeof *idom);
	idom[0] = SSA_NONE;
	for (uint32_t b = 1; b < n; b++)
		idom[b] = b - 1;
	struct domtree t;
	cr_assert_eq(domtree_build(&t, idom, n, 0), SSA_OK);
	cr_assert_eq(t.depth[n - 1], n - 1);
	cr_assert_eq(t.tlast[0], n - 1);
	cr_assert(domtree_dominates(&t, 1, n - 1));
	cr_assert_not(domtree_dominates(&t, n - 1, 1));
	domtree_free(&t);
	free(idom);
}
