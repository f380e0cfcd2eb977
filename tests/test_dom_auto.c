/* auto's three paths, each against the oracle: the one-word bitset dataflow for graphs of at
 * most DOM_AUTO_SMALL_N blocks (and its give-up after DOM_AUTO_SMALL_PASSES passes), Semi-NCA
 * above the threshold, and the Lengauer-Tarjan fallback. Every family at sizes on both sides
 * of the threshold, random graphs with everything LLVM forbids (edges into the entry,
 * self-loops, multi-edges, unreachable blocks), and the counters that say which path ran.
 * Exact results only. */
#include <criterion/criterion.h>

#include "dom/dom_internal.h"
#include "gen/gen.h"
#include "support/domcheck_graphs.h"
#include "util/rng.h"

#include <string.h>

#define T DOM_AUTO_SMALL_N

static unsigned counter(const char *name)
{
	const struct dom_algo *a = dom_find("auto");
	cr_assert(a, "auto is not registered");
	for (unsigned i = 0; i < DOM_MAX_COUNTERS && a->counter_names[i]; i++)
		if (!strcmp(a->counter_names[i], name))
			return i;
	cr_assert_fail("auto has no counter %s", name);
	return 0;
}

/* auto on g equals the oracle; counters out. */
static void check(const struct cfg *g, const char *what, uint64_t *c)
{
	uint32_t *got = malloc(g->n * sizeof *got), *want = malloc(g->n * sizeof *want);
	cr_assert(got && want);
	cr_assert_eq(dom_oracle(g, want), SSA_OK, "%s: the oracle refused", what);
	cr_assert_eq(dom_compute(dom_find("auto"), g, got, c), SSA_OK, "%s: auto failed", what);
	uint32_t d = dc_first_diff(got, want, g->n);
	cr_assert_eq(d, UINT32_MAX, "%s (n=%u m=%u): block %u idom %lld, oracle %lld", what, g->n,
		     g->m, d, d == UINT32_MAX ? 0 : dc_id(got[d]), d == UINT32_MAX ? 0 : dc_id(want[d]));
	free(got);
	free(want);
}

Test(dom_auto, every_family_on_both_sides_of_the_threshold)
{
	const unsigned sp = counter("small_passes"), fb = counter("fell_back");
	static const uint64_t sizes[] = {1, 2, 3, 4, 5, 7, 9, 16, 31, T - 3, T - 2, T - 1, T,
					 T + 1, T + 2, T + 3, 2 * T, 4 * T};
	unsigned small = 0, large = 0;
	for (size_t f = 0; f < gen_nfamilies; f++) {
		for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
			for (uint64_t seed = 1; seed <= 3; seed++) {
				struct gen_params p;
				gen_params_default(&p);
				p.family = gen_families[f].name;
				p.blocks = sizes[s];
				p.seed = seed;
				struct gen_info info;
				struct cfg g;
				int rc = gen_cfg(&p, &g, &info);
				if (rc == SSA_EUSAGE)
					continue; /* a size the family cannot take */
				cr_assert_eq(rc, SSA_OK, "%s: %s", p.family, info.note);
				char what[200];
				snprintf(what, sizeof what, "%s blocks=%llu seed=%llu", p.family,
					 (unsigned long long)sizes[s], (unsigned long long)seed);
				uint64_t c[DOM_MAX_COUNTERS];
				check(&g, what, c);
				if (g.n <= T) {
					cr_assert(c[sp] >= 1 && c[sp] <= DOM_AUTO_SMALL_PASSES,
						  "%s: n=%u, small path not taken", what, g.n);
					small++;
				} else {
					cr_assert_eq(c[sp], 0, "%s: n=%u above the threshold", what, g.n);
					large++;
				}
				if (c[sp] < DOM_AUTO_SMALL_PASSES && g.n <= T)
					cr_assert_eq(c[fb], 0, "%s: the small path settled", what);
				cfg_free(&g);
			}
		}
	}
	cr_assert(small > 100 && large > 50, "small=%u large=%u", small, large);
}

/* Random graphs of 1 to 2T blocks with edges into the entry, self-loops, multi-edges and
 * unreachable blocks, at several densities. */
Test(dom_auto, random_graphs_equal_the_oracle)
{
	const unsigned sp = counter("small_passes");
	struct ssa_rng rng;
	ssa_rng_seed(&rng, 16);
	unsigned gave_up = 0, settled_late = 0;
	for (int it = 0; it < 4000; it++) {
		uint32_t n = 1 + (uint32_t)ssa_rng_below(&rng, 2 * T);
		uint32_t m = (uint32_t)ssa_rng_below(&rng, 3 * (uint64_t)n + 1);
		struct edge_list el;
		cr_assert_eq(edge_list_init(&el, n, m + 1), SSA_OK);
		for (uint32_t e = 0; e < m; e++) {
			uint32_t u = (uint32_t)ssa_rng_below(&rng, n);
			/* mostly forward edges, as laid-out code has, so large parts are reachable */
			uint32_t v = ssa_rng_below(&rng, 4) && u + 1 < n
					     ? u + 1 + (uint32_t)ssa_rng_below(&rng, n - u - 1 < 8 ? n - u - 1 : 8)
					     : (uint32_t)ssa_rng_below(&rng, n);
			cr_assert_eq(edge_list_push(&el, u, v), SSA_OK);
		}
		struct cfg g;
		cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
		edge_list_free(&el);
		char what[64];
		snprintf(what, sizeof what, "random graph %d", it);
		uint64_t c[DOM_MAX_COUNTERS];
		check(&g, what, c);
		gave_up += c[sp] == DOM_AUTO_SMALL_PASSES;
		settled_late += c[sp] > 1 && c[sp] < DOM_AUTO_SMALL_PASSES;
		cfg_free(&g);
	}
	/* The later passes and the give-up both ran (so both are checked above). */
	cr_assert(settled_late > 0 && gave_up > 0, "settled_late=%u gave_up=%u", settled_late,
		  gave_up);
}

/* Reducible graphs settle in pass one (the back-edge check replaces the confirming pass);
 * itworst and idfsquad need more passes than the path allows, and auto then answers by
 * Semi-NCA. */
Test(dom_auto, passes_of_the_small_path)
{
	const unsigned sp = counter("small_passes");
	for (uint64_t n = 1; n <= T; n++) {
		for (uint64_t seed = 1; seed <= 4; seed++) {
			struct gen_params p;
			gen_params_default(&p);
			p.family = "structured";
			p.blocks = n;
			p.seed = seed;
			struct gen_info info;
			struct cfg g;
			cr_assert_eq(gen_cfg(&p, &g, &info), SSA_OK);
			uint64_t c[DOM_MAX_COUNTERS];
			check(&g, "structured", c);
			cr_assert_eq(c[sp], 1, "structured n=%llu seed=%llu: %llu passes",
				     (unsigned long long)n, (unsigned long long)seed,
				     (unsigned long long)c[sp]);
			cfg_free(&g);
		}
	}
	static const char *const hard[] = {"itworst", "idfsquad"};
	for (size_t f = 0; f < 2; f++) {
		unsigned gave_up = 0;
		for (uint64_t n = 8; n <= T; n++) {
			struct gen_params p;
			gen_params_default(&p);
			p.family = hard[f];
			p.blocks = n;
			struct gen_info info;
			struct cfg g;
			if (gen_cfg(&p, &g, &info) != SSA_OK)
				continue;
			uint64_t c[DOM_MAX_COUNTERS];
			if (g.n <= T) {
				check(&g, hard[f], c);
				gave_up += c[sp] == DOM_AUTO_SMALL_PASSES;
			}
			cfg_free(&g);
		}
		cr_assert(gave_up > 0, "%s never exceeded the small path's passes", hard[f]);
	}
}

/* Exactly T blocks in a chain: the last block's set is every bit of the word, the value the
 * path also uses for "not yet set". */
Test(dom_auto, full_word_chain)
{
	for (uint32_t n = T - 1; n <= T + 1; n++) {
		struct edge_list el;
		cr_assert_eq(edge_list_init(&el, n, 2 * n), SSA_OK);
		for (uint32_t b = 0; b + 1 < n; b++)
			cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
		cr_assert_eq(edge_list_push(&el, n - 1, n / 2), SSA_OK); /* a loop over the tail */
		struct cfg g;
		cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
		edge_list_free(&el);
		uint64_t c[DOM_MAX_COUNTERS];
		check(&g, "chain", c);
		cfg_free(&g);
	}
}
