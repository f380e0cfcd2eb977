/* The verifier (algos/dom/verify.c): it accepts every correct tree, and it rejects every
 * single-idom mutation that its documented guarantee covers: a broken shape, or a tree in which
 * some ancestor is not a true dominator. Mutations that only hang a block too high may pass
 * (the verifier is not complete, see verify.c); the test counts them and checks that the
 * nearest-common-dominator condition catches the local ones. */
#include <criterion/criterion.h>

#include "dom/domtree.h"
#include "support/domcheck_graphs.h"
#include "support/domcheck_random.h"

enum { MAXN = 12 };

/* true when every ancestor of every block in the tree `idom` truly dominates it. */
static bool ancestors_dominate(const struct domtree *truth, const uint32_t *idom, uint32_t n)
{
	for (uint32_t b = 0; b < n; b++)
		for (uint32_t a = idom[b], steps = 0; a != SSA_NONE && steps <= n; a = idom[a], steps++)
			if (!domtree_dominates(truth, a, b))
				return false;
	return true;
}

/* A tree rooted at 0 over exactly the reachable blocks? */
static bool well_shaped(const struct domtree *truth, const uint32_t *idom, uint32_t n)
{
	for (uint32_t b = 0; b < n; b++) {
		bool reach = truth->tin[b] != SSA_NONE;
		if ((b == 0 || !reach) != (idom[b] == SSA_NONE))
			return false;
		if (idom[b] != SSA_NONE && (idom[b] >= n || truth->tin[idom[b]] == SSA_NONE))
			return false;
	}
	for (uint32_t b = 0; b < n; b++) {
		bool reach = truth->tin[b] != SSA_NONE;
		uint32_t a = b, steps = 0;
		while (a != SSA_NONE && a != 0 && steps++ <= n)
			a = idom[a];
		if (reach && a != 0)
			return false; /* a cycle */
	}
	return true;
}

Test(verify, accepts_correct_trees)
{
	uint32_t idom[40];
	char msg[256];
	for (uint64_t seed = 1; seed <= 5000; seed++) {
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, seed, 40), SSA_OK);
		cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
		cr_assert_eq(dom_verify(&g, idom, msg, sizeof msg), SSA_OK, "seed %llu: %s",
			     (unsigned long long)seed, msg);
		cfg_free(&g);
	}
}

Test(verify, rejects_every_mutation_it_covers)
{
	uint32_t truth_idom[MAXN], mut[MAXN];
	char msg[256];
	unsigned long covered = 0, too_high = 0, too_high_caught = 0;
	for (uint64_t seed = 1; seed <= 1500; seed++) {
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, seed, MAXN), SSA_OK);
		const uint32_t n = g.n;
		cr_assert_eq(dom_oracle(&g, truth_idom), SSA_OK);
		struct domtree truth;
		cr_assert_eq(domtree_build(&truth, truth_idom, n, 0), SSA_OK);
		for (uint32_t v = 0; v < n; v++) {
			/* every other value: SSA_NONE, any block, one out-of-range id */
			for (uint32_t x = 0; x <= n + 1; x++) {
				uint32_t val = x == n + 1 ? SSA_NONE : x;
				if (val == truth_idom[v])
					continue;
				memcpy(mut, truth_idom, n * sizeof *mut);
				mut[v] = val;
				int rc = dom_verify(&g, mut, msg, sizeof msg);
				cr_assert(rc == SSA_OK || rc == SSA_EVERIFY);
				if (!well_shaped(&truth, mut, n) || !ancestors_dominate(&truth, mut, n)) {
					covered++;
					cr_assert_eq(rc, SSA_EVERIFY,
						     "seed %llu (n=%u): idom(%u) := %lld accepted", (unsigned long long)seed,
						     n, v, dc_id(val));
					cr_assert(msg[0] && strcmp(msg, "ok"), "no message");
				} else {
					too_high++;
					too_high_caught += rc == SSA_EVERIFY;
				}
			}
		}
		domtree_free(&truth);
		cfg_free(&g);
	}
	cr_log_info("verifier: %lu covered mutations all rejected; %lu too-high mutations, %lu caught",
		    covered, too_high, too_high_caught);
	cr_assert(covered > 10000 && too_high > 100);
	/* The nearest-common-dominator condition must catch most of the too-high ones. */
	cr_assert(too_high_caught * 2 > too_high, "only %lu of %lu too-high mutations caught",
		  too_high_caught, too_high);
}

Test(verify, messages_name_the_violation)
{
	struct cfg g;
	char msg[256];
	/* 0 -> 1 -> 2, 0 -> 2: idom(2) = 0. */
	cr_assert_eq(dc_parse(&g, "4: 0>1 1>2 0>2"), SSA_OK);
	uint32_t bad1[] = {SSA_NONE, 0, 1, SSA_NONE};
	cr_assert_eq(dom_verify(&g, bad1, msg, sizeof msg), SSA_EVERIFY);
	cr_assert(strstr(msg, "edge 0->2"), "%s", msg);
	uint32_t bad2[] = {SSA_NONE, 0, 0, 0};
	cr_assert_eq(dom_verify(&g, bad2, msg, sizeof msg), SSA_EVERIFY);
	cr_assert(strstr(msg, "unreachable"), "%s", msg);
	uint32_t bad3[] = {SSA_NONE, 2, 1, SSA_NONE};
	cr_assert_eq(dom_verify(&g, bad3, msg, sizeof msg), SSA_EVERIFY);
	uint32_t bad4[] = {0, 0, 0, SSA_NONE};
	cr_assert_eq(dom_verify(&g, bad4, msg, sizeof msg), SSA_EVERIFY);
	cr_assert(strstr(msg, "entry"), "%s", msg);
	uint32_t good[] = {SSA_NONE, 0, 0, SSA_NONE};
	cr_assert_eq(dom_verify(&g, good, msg, sizeof msg), SSA_OK, "%s", msg);
	cfg_free(&g);
}
