/* The verifier (algos/dom/verify.c): it accepts every correct tree; it rejects every
 * single-idom mutation that its documented guarantee covers (a broken shape, or a tree in which
 * some ancestor is not a true dominator); and its low-high certificate is sound: no wrong tree
 * is ever certified, while every correct one is. Mutations that only hang a block too high may
 * pass the necessary conditions (see verify.c); the test counts them. */
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
	unsigned certified = 0, total = 5000;
	for (uint64_t seed = 1; seed <= total; seed++) {
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, seed, 40), SSA_OK);
		cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
		cr_assert_eq(dom_verify(&g, idom, msg, sizeof msg), SSA_OK, "seed %llu: %s",
			     (unsigned long long)seed, msg);
		bool cert;
		cr_assert_eq(dom_verify_cert(&g, idom, &cert, msg, sizeof msg), SSA_OK,
			     "seed %llu: %s", (unsigned long long)seed, msg);
		certified += cert;
		cfg_free(&g);
	}
	cr_log_info("low-high certificate found for %u of %u correct trees", certified, total);
	/* lowhigh.c has certified every correct tree we ever gave it. */
	cr_assert_eq(certified, total, "only %u of %u certified", certified, total);
}

Test(verify, too_high_passes_necessary_conditions_but_is_not_certified)
{
	/* s=0 -> x=1 -> a=2, a <-> b=3: idom(a) = x. Claiming idom(a) = s passes (1)-(3). */
	struct cfg g;
	char msg[256];
	bool cert;
	cr_assert_eq(dc_parse(&g, "4: 0>1 1>2 2>3 3>2"), SSA_OK);
	uint32_t right[] = {SSA_NONE, 0, 1, 2}, wrong[] = {SSA_NONE, 0, 0, 2};
	cr_assert_eq(dom_verify_cert(&g, right, &cert, msg, sizeof msg), SSA_OK, "%s", msg);
	cr_assert(cert, "the correct tree should be certified: %s", msg);
	cr_assert_eq(dom_verify_cert(&g, wrong, &cert, msg, sizeof msg), SSA_OK, "%s", msg);
	cr_assert(!cert, "a wrong tree was certified");
	cr_assert(strstr(msg, "necessary conditions only"), "%s", msg);
	cfg_free(&g);
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
				bool cert = false;
				int rc = dom_verify_cert(&g, mut, &cert, msg, sizeof msg);
				cr_assert(rc == SSA_OK || rc == SSA_EVERIFY);
				/* Soundness of the certificate: a wrong tree is never certified. */
				cr_assert(!(rc == SSA_OK && cert), "seed %llu (n=%u): idom(%u) := %lld certified",
					  (unsigned long long)seed, n, v, dc_id(val));
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

/* The certificate's soundness where the necessary conditions are weakest: hang blocks one or
 * more levels too high (idom := an ancestor of the true idom), which never breaks the parent
 * property. A certified tree must equal the oracle's. */
Test(verify, hoisted_trees_are_never_certified)
{
	enum { N = 60 };
	uint32_t truth[N], mut[N];
	char msg[256];
	unsigned tried = 0, passed_necessary = 0;
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, seed * 7919, N), SSA_OK);
		cr_assert_eq(dom_oracle(&g, truth), SSA_OK);
		struct ssa_rng r;
		ssa_rng_seed(&r, seed);
		for (int k = 0; k < 8; k++) {
			memcpy(mut, truth, g.n * sizeof *mut);
			/* hoist 1-3 blocks by 1-3 levels each */
			int hoists = 1 + (int)ssa_rng_below(&r, 3);
			for (int hh = 0; hh < hoists; hh++) {
				uint32_t v = (uint32_t)ssa_rng_below(&r, g.n);
				for (int up = 1 + (int)ssa_rng_below(&r, 3); up > 0; up--)
					if (mut[v] != SSA_NONE && mut[mut[v]] != SSA_NONE)
						mut[v] = mut[mut[v]];
			}
			if (dc_first_diff(mut, truth, g.n) == UINT32_MAX)
				continue;
			tried++;
			bool cert = false;
			int rc = dom_verify_cert(&g, mut, &cert, msg, sizeof msg);
			passed_necessary += rc == SSA_OK;
			cr_assert(!(rc == SSA_OK && cert), "seed %llu try %d: a hoisted tree was certified",
				  (unsigned long long)seed, k);
		}
		cfg_free(&g);
	}
	cr_log_info("hoisted trees: %u tried, %u passed the necessary conditions, none certified",
		    tried, passed_necessary);
	cr_assert(tried > 5000);
}
