/* What the peers' dominator suites share (test_peers_boost.c, test_peers_llvm.c,
 * test_peers_igraph.c): a kernel's idoms against the expected ones or the oracle's, forward and
 * on the reverse CFG, and the two sets of graphs every peer kernel is checked on, each generator
 * family at small sizes and random graphs of any shape. Header-only; include after criterion. */
#ifndef SSALAB_TEST_PEERS_CHECK_H
#define SSALAB_TEST_PEERS_CHECK_H

#include "cfg/cfg.h"
#include "dom/dom.h"
#include "dom/oracle.h"
#include "dom/reverse.h"
#include "gen/gen.h"
#include "support/domcheck_graphs.h"
#include "support/domcheck_random.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>

/* a's idoms on g are want's (g->n entries); what names g in the messages. */
static inline void peers_expect_idoms(const struct dom_algo *a, const struct cfg *g,
				      const uint32_t *want, const char *what)
{
	uint32_t *got = malloc((size_t)g->n * sizeof *got + 1);
	uint64_t c[DOM_MAX_COUNTERS];
	cr_assert_not_null(got);
	cr_assert_eq(dom_compute(a, g, got, c), SSA_OK, "%s on %s", a->head.name, what);
	uint32_t d = dc_first_diff(got, want, g->n);
	if (d != UINT32_MAX)
		cr_assert_fail("%s on %s: idom(%u) = %lld, expected %lld", a->head.name, what, d,
			       dc_id(got[d]), dc_id(want[d]));
	free(got);
}

/* Each kernel of the NULL-terminated list against the oracle on g, then on ssalab's reverse
 * CFG of g (post-dominators); what names g in the messages. */
static inline void peers_expect_oracle_both_ways(const struct dom_algo *const *kernels,
						 const struct cfg *g, const char *what)
{
	uint32_t *want = malloc((size_t)g->n * sizeof *want + 1);
	cr_assert_not_null(want);
	cr_assert_eq(dom_oracle(g, want), SSA_OK);
	for (const struct dom_algo *const *a = kernels; *a; a++)
		peers_expect_idoms(*a, g, want, what);
	free(want);

	struct cfg r;
	cr_assert_eq(dom_reverse_cfg(g, &r, NULL), SSA_OK);
	uint32_t *rwant = malloc((size_t)r.n * sizeof *rwant);
	cr_assert_not_null(rwant);
	cr_assert_eq(dom_oracle(&r, rwant), SSA_OK);
	char rwhat[300];
	snprintf(rwhat, sizeof rwhat, "the reverse CFG of %s", what);
	for (const struct dom_algo *const *a = kernels; *a; a++)
		peers_expect_idoms(*a, &r, rwant, rwhat);
	free(rwant);
	cfg_free(&r);
}

/* The deep graph every peer must survive: the loop 0 -> 1 -> ... -> n-1 -> 1 with an edge back
 * into the entry from block n/2. Its DFS is n deep and the last eval compresses a path of n
 * blocks; idom(b) = b - 1 for every b > 0. */
static inline void peers_deep_loop(struct cfg *g, uint32_t n)
{
	uint32_t *off = malloc(((size_t)n + 1) * sizeof *off);
	uint32_t *succ = malloc(((size_t)n + 1) * sizeof *succ);
	cr_assert(off && succ);
	uint32_t e = 0;
	for (uint32_t b = 0; b < n; b++) {
		off[b] = e;
		succ[e++] = b + 1 < n ? b + 1 : 1;
		if (b == n / 2)
			succ[e++] = 0;
	}
	off[n] = e;
	cr_assert_eq(cfg_from_succ_csr(g, n, e, off, succ), SSA_OK);
}

/* A check of one graph; what names the graph, ctx is the caller's. */
typedef void (*peers_graph_check)(const struct cfg *g, const char *what, void *ctx);

/* check on every generator family at 1, 2, 5, 17, 64 and 200 blocks, seeds 1 to nseeds; a size
 * below a family's minimum is skipped. */
static inline void peers_each_family_graph(uint64_t nseeds, peers_graph_check check, void *ctx)
{
	static const uint64_t sizes[] = {1, 2, 5, 17, 64, 200};
	for (size_t f = 0; f < gen_nfamilies; f++)
		for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
			for (uint64_t seed = 1; seed <= nseeds; seed++) {
				struct gen_params p;
				struct gen_info info;
				struct cfg g;
				gen_params_default(&p);
				p.family = gen_families[f].name;
				p.blocks = sizes[s];
				p.seed = seed;
				if (gen_cfg(&p, &g, &info) != SSA_OK)
					continue;
				char what[256];
				snprintf(what, sizeof what, "%s seed %llu (%s)", p.family,
					 (unsigned long long)seed, info.note);
				check(&g, what, ctx);
				cfg_free(&g);
			}
}

/* check on dc_random_graph for seeds 1 to nseeds: at most 12 blocks for an odd seed, maxn for an
 * even one. These graphs have unreachable blocks (often with edges into reachable ones),
 * self-loops, multi-edges and edges into the entry. */
static inline void peers_each_random_graph(uint64_t nseeds, uint32_t maxn, peers_graph_check check,
					   void *ctx)
{
	for (uint64_t seed = 1; seed <= nseeds; seed++) {
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, seed, seed % 2 ? 12 : maxn), SSA_OK);
		char what[64];
		snprintf(what, sizeof what, "random graph seed %llu", (unsigned long long)seed);
		check(&g, what, ctx);
		cfg_free(&g);
	}
}

#endif
