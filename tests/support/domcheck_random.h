/* Small random CFGs for the dominator suites: any shape at all (self-loops, multi-edges,
 * edges into the entry, unreachable blocks), so the algorithms meet cases the generator
 * families never produce. Deterministic by seed (util/rng.h). Header-only. */
#ifndef SSALAB_TEST_DOMCHECK_RANDOM_H
#define SSALAB_TEST_DOMCHECK_RANDOM_H

#include "cfg/cfg.h"
#include "util/rng.h"
#include "util/status.h"

/* A graph of 1..maxn blocks. Shapes alternate by seed: a random arborescence plus extra edges
 * (mostly reachable), or uniformly random edges (often with unreachable parts). */
static inline int dc_random_graph(struct cfg *g, uint64_t seed, uint32_t maxn)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, seed);
	uint32_t n = 1 + (uint32_t)ssa_rng_below(&r, maxn);
	uint32_t extra = (uint32_t)ssa_rng_below(&r, 3 * n + 1);
	struct edge_list el;
	int rc = edge_list_init(&el, n, n + extra + 1);
	if (rc != SSA_OK)
		return rc;
	if (seed % 3 != 0) {
		for (uint32_t v = 1; v < n; v++)
			if (!ssa_rng_chance(&r, 1, 12)) /* sometimes leave v unattached */
				edge_list_push(&el, (uint32_t)ssa_rng_below(&r, v), v);
	}
	for (uint32_t i = 0; i < extra; i++) {
		uint32_t u = (uint32_t)ssa_rng_below(&r, n), v = (uint32_t)ssa_rng_below(&r, n);
		edge_list_push(&el, u, v);
		if (ssa_rng_chance(&r, 1, 10))
			edge_list_push(&el, u, v); /* a multi-edge */
	}
	rc = cfg_from_edges(g, &el);
	edge_list_free(&el);
	return rc;
}

#endif
