/* The low-high certificate (algos/dom/lowhigh.c, checked by algos/dom/verify.c): the true
 * dominator tree is certified on every generator family, forward and reversed, on thousands of
 * small random graphs of every shape (self-loops, multi-edges, edges into the entry,
 * unreachable blocks, irreducible loops) and on the README's counterexample to orders that keep
 * search subtrees contiguous; trees hung higher, lower or with swapped parents never are. */
#include <criterion/criterion.h>

#include "dom/domtree.h"
#include "dom/lowhigh.h"
#include "dom/reference.h"
#include "dom/reverse.h"
#include "gen/gen.h"
#include "support/domcheck_graphs.h"
#include "support/domcheck_random.h"
#include "util/rng.h"

static void expect_certified(const struct cfg *g, const uint32_t *idom, const char *what)
{
	char msg[256];
	bool cert = false;
	int rc = dom_verify_cert(g, idom, &cert, msg, sizeof msg);
	cr_assert_eq(rc, SSA_OK, "%s: %s", what, msg);
	cr_assert(cert, "%s (n=%u, m=%u): the true tree was not certified: %s", what, g->n, g->m,
		  msg);
	cr_assert(strstr(msg, "certified by a low-high order"), "%s: %s", what, msg);
}

Test(lowhigh, readme_counterexample_is_certified)
{
	/* algos/dom/README.md: every idom is 0, and no low-high order keeps the search subtree of
	 * block 4 contiguous. */
	struct cfg g;
	cr_assert_eq(dc_parse(&g, "7: 0>2 0>6 1>4 2>5 2>3 2>3 2>6 3>1 3>5 4>4 4>2 4>3 5>1 5>4 "
				  "6>3 6>3 6>6"),
		     SSA_OK);
	cr_assert_eq(g.m, 17);
	uint32_t idom[7];
	cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
	for (uint32_t v = 1; v < 7; v++)
		cr_assert_eq(idom[v], 0);
	expect_certified(&g, idom, "README counterexample");
	cfg_free(&g);
}

Test(lowhigh, special_shapes_are_certified)
{
	static const char *const graphs[] = {
		"1:",                                   /* the entry alone */
		"2: 0>0 0>1 1>1 1>0",                   /* self-loops, entry with predecessors */
		"4: 0>1 0>2 1>3 2>3 3>1 3>2",           /* irreducible */
		"5: 0>1 0>2 1>2 2>1 1>3 2>3 3>4 4>3 4>0", /* irreducible, back edge to the entry */
		"6: 0>1 1>2 2>1 3>4 4>5 5>3 0>1 0>1",   /* unreachable cycle, multi-edges */
		"5: 0>1 0>2 1>3 2>4 3>4 4>3",           /* two entries into a 2-cycle */
		"7: 0>1 0>2 1>3 2>4 3>4 4>3 3>5 4>6 5>6 6>5",
	};
	for (size_t i = 0; i < sizeof graphs / sizeof *graphs; i++) {
		struct cfg g;
		cr_assert_eq(dc_parse(&g, graphs[i]), SSA_OK, "%s", graphs[i]);
		uint32_t idom[8];
		cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
		expect_certified(&g, idom, graphs[i]);
		cfg_free(&g);
	}
}

/* Small random graphs of every shape, forward and reversed: the oracle's tree is certified. */
Test(lowhigh, true_trees_of_random_graphs_are_certified)
{
	char what[96];
	unsigned graphs = 0;
	for (uint64_t seed = 1; seed <= 12000; seed++) {
		struct cfg g, r;
		const uint32_t maxn = seed % 10 == 0 ? 300 : seed % 2 ? 12 : 60;
		cr_assert_eq(dc_random_graph(&g, seed, maxn), SSA_OK);
		uint32_t *idom = malloc((g.n + 1) * sizeof *idom);
		cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
		snprintf(what, sizeof what, "seed %llu", (unsigned long long)seed);
		expect_certified(&g, idom, what);
		cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
		cr_assert_eq(dom_oracle(&r, idom), SSA_OK);
		snprintf(what, sizeof what, "seed %llu reversed", (unsigned long long)seed);
		expect_certified(&r, idom, what);
		graphs += 2;
		free(idom);
		cfg_free(&r);
		cfg_free(&g);
	}
	cr_log_info("%u true trees certified", graphs);
}

/* Every generator family, forward and reversed, with the tree of the independent reference. */
Test(lowhigh, every_family_forward_and_reverse_is_certified)
{
	char what[128];
	for (size_t f = 0; f < gen_nfamilies; f++) {
		for (uint64_t seed = 1; seed <= 2; seed++) {
			struct gen_params p;
			gen_params_default(&p);
			p.family = gen_families[f].name;
			p.blocks = seed == 1 ? 20000 : 3000;
			p.seed = seed;
			struct cfg g, r;
			struct gen_info info;
			int rc = gen_cfg(&p, &g, &info);
			if (rc == SSA_EUSAGE)
				continue;
			cr_assert_eq(rc, SSA_OK, "%s: %s", p.family, info.note);
			uint32_t *idom = malloc((g.n + 1) * sizeof *idom);
			cr_assert_eq(dom_reference(&g, idom), SSA_OK);
			snprintf(what, sizeof what, "%s seed %llu", p.family, (unsigned long long)seed);
			expect_certified(&g, idom, what);
			cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
			cr_assert_eq(dom_reference(&r, idom), SSA_OK);
			snprintf(what, sizeof what, "%s seed %llu --reverse", p.family,
				 (unsigned long long)seed);
			expect_certified(&r, idom, what);
			free(idom);
			cfg_free(&r);
			cfg_free(&g);
		}
	}
}

/* Wrong trees: one or two blocks hung higher (an ancestor of the true idom), lower (a sibling
 * becomes the parent), or two blocks swapping parents. None may be certified; the test also
 * requires that many of them pass the necessary conditions (1)-(3), so that the certificate
 * is what rejects them. */
Test(lowhigh, tampered_trees_are_never_certified)
{
	enum { N = 40 };
	uint32_t truth[N + 1], mut[N + 1];
	char msg[256];
	unsigned tried = 0, passed_necessary = 0;
	for (uint64_t seed = 1; seed <= 4000; seed++) {
		struct cfg g0, r, *g = &g0;
		cr_assert_eq(dc_random_graph(&g0, seed * 104729, N), SSA_OK);
		const bool rev = seed % 2 == 0;
		if (rev) {
			cr_assert_eq(dom_reverse_cfg(&g0, &r, NULL), SSA_OK);
			g = &r;
		}
		const uint32_t n = g->n;
		cr_assert_eq(dom_oracle(g, truth), SSA_OK);
		struct ssa_rng rng;
		ssa_rng_seed(&rng, seed);
		for (int k = 0; k < 12; k++) {
			memcpy(mut, truth, n * sizeof *mut);
			const uint32_t v = (uint32_t)ssa_rng_below(&rng, n);
			const uint32_t w = (uint32_t)ssa_rng_below(&rng, n);
			const uint32_t d = mut[v];
			if (d == SSA_NONE)
				continue;
			switch (k % 3) {
			case 0: /* higher */
				if (mut[d] == SSA_NONE)
					continue;
				mut[v] = mut[d];
				break;
			case 1: /* lower: under a sibling */
				if (w == v || mut[w] != d)
					continue;
				mut[v] = w;
				break;
			default: /* swap parents */
				if (mut[w] == SSA_NONE || mut[w] == d)
					continue;
				mut[v] = mut[w];
				mut[w] = d;
				break;
			}
			if (dc_first_diff(mut, truth, n) == UINT32_MAX)
				continue;
			tried++;
			bool cert = false;
			int rc = dom_verify_cert(g, mut, &cert, msg, sizeof msg);
			cr_assert(rc == SSA_OK || rc == SSA_EVERIFY, "rc %d", rc);
			passed_necessary += rc == SSA_OK;
			cr_assert(!(rc == SSA_OK && cert),
				  "seed %llu%s try %d: a wrong tree was certified (block %u)",
				  (unsigned long long)seed, rev ? " reversed" : "", k, v);
		}
		if (rev)
			cfg_free(&r);
		cfg_free(&g0);
	}
	cr_log_info("tampered trees: %u tried, %u passed the necessary conditions, none certified",
		    tried, passed_necessary);
	cr_assert(tried > 10000 && passed_necessary > 100, "tried %u, passed %u", tried,
		  passed_necessary);
}

/* A 10^6-block chain and a 2*10^5-block random graph: iterative, and the memory estimate
 * is what the verifier documents. */
Test(lowhigh, large_graphs)
{
	static const char *const fams[] = {"chain", "random"};
	for (int i = 0; i < 2; i++) {
		struct gen_params p;
		gen_params_default(&p);
		p.family = fams[i];
		p.blocks = i == 0 ? 1000000 : 200000;
		struct cfg g;
		struct gen_info info;
		cr_assert_eq(gen_cfg(&p, &g, &info), SSA_OK, "%s", info.note);
		uint32_t *idom = malloc(g.n * sizeof *idom);
		cr_assert_eq(dom_reference(&g, idom), SSA_OK);
		expect_certified(&g, idom, fams[i]);
		cr_assert(dom_lowhigh_bytes(g.n, g.m) < dom_verify_bytes(g.n, g.m, true));
		free(idom);
		cfg_free(&g);
	}
}
