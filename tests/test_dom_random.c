/* Thousands of small random graphs per run: every registered dominator algorithm equals the
 * oracle, the verifier accepts the oracle's tree, and cfg_is_reducible agrees with an
 * independent reference. A failure prints the seed and size that reproduce it
 * (dc_random_graph(seed, MAXN) in support/domcheck_random.h). */
#include <criterion/criterion.h>

#include "dom/domtree.h"
#include "dom/reducible.h"
#include "support/domcheck_graphs.h"
#include "support/domcheck_random.h"

#define NGRAPHS 20000
#define MAXN 40
#define BASE_SEED 0x5eed0001ull

Test(random, all_algorithms_equal_the_oracle)
{
	uint32_t want[MAXN];
	char msg[256];
	for (uint64_t i = 0; i < NGRAPHS; i++) {
		uint64_t seed = BASE_SEED + i;
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, seed, MAXN), SSA_OK);
		cr_assert_eq(dom_oracle(&g, want), SSA_OK);
		cr_assert_eq(dc_check_all(&g, want, UINT64_MAX, msg, sizeof msg), 0,
			     "seed %llu (n=%u m=%u, maxn %d): %s", (unsigned long long)seed, g.n,
			     g.m, MAXN, msg);
		cfg_free(&g);
	}
}

/* Reference reducibility (Hecht and Ullman): the graph of reachable blocks minus its back
 * edges (u->v with v dominating u) is acyclic, tested by Kahn's topological sort with the
 * oracle's dominators. No DFS is involved, unlike cfg_is_reducible. */
static bool reducible_ref(const struct cfg *g)
{
	uint32_t idom[MAXN], indeg[MAXN] = {0}, queue[MAXN];
	uint8_t reach[MAXN] = {0};
	cr_assert_eq(dom_oracle(g, idom), SSA_OK);
	struct domtree t;
	cr_assert_eq(domtree_build(&t, idom, g->n, 0), SSA_OK);
	uint32_t nreach = 0;
	for (uint32_t b = 0; b < g->n; b++)
		if ((reach[b] = t.tin[b] != SSA_NONE))
			nreach++;
	for (uint32_t u = 0; u < g->n; u++)
		for (uint32_t i = g->succ_off[u]; reach[u] && i < g->succ_off[u + 1]; i++)
			if (!domtree_dominates(&t, g->succ[i], u))
				indeg[g->succ[i]]++;
	uint32_t head = 0, tail = 0;
	for (uint32_t b = 0; b < g->n; b++)
		if (reach[b] && indeg[b] == 0)
			queue[tail++] = b;
	while (head < tail) {
		uint32_t u = queue[head++];
		for (uint32_t i = g->succ_off[u]; i < g->succ_off[u + 1]; i++) {
			uint32_t v = g->succ[i];
			if (!domtree_dominates(&t, v, u) && --indeg[v] == 0)
				queue[tail++] = v;
		}
	}
	domtree_free(&t);
	return tail == nreach;
}

Test(random, reducibility_matches_reference)
{
	unsigned yes = 0, no = 0;
	for (uint64_t i = 0; i < NGRAPHS / 2; i++) {
		uint64_t seed = BASE_SEED + 1000000 + i;
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, seed, MAXN), SSA_OK);
		bool got;
		cr_assert_eq(cfg_is_reducible(&g, &got), SSA_OK);
		bool want = reducible_ref(&g);
		cr_assert_eq(got, want, "seed %llu (n=%u m=%u, maxn %d): reducible %d, expected %d",
			     (unsigned long long)seed, g.n, g.m, MAXN, got, want);
		yes += want;
		no += !want;
		cfg_free(&g);
	}
	/* The sample must exercise both answers, or the test proves little. */
	cr_assert(yes > 100 && no > 100, "only %u reducible and %u irreducible graphs", yes, no);
}
