/* auto's paths, each against the oracle: the one-word bitset dataflow for graphs of at most
 * DOM_AUTO_SMALL_N blocks (and its give-up after DOM_AUTO_SMALL_PASSES passes), the BFS for
 * larger graphs without joins, the budgeted IBFS passes up to DOM_AUTO_MID_N blocks for graphs
 * whose share of joins lies in the window (and their give-up), Semi-NCA above, and the
 * Lengauer-Tarjan fallback. Every family at sizes on both sides of the thresholds, random
 * graphs with everything LLVM forbids (edges into the entry, self-loops, multi-edges,
 * unreachable blocks), and the counters that say which path ran: exact where they can be,
 * predicted for the mid path from an independent run of ibfs. Exact results only. */
#include <criterion/criterion.h>

#include "dom/dom_internal.h"
#include "gen/gen.h"
#include "support/domcheck_graphs.h"
#include "util/rng.h"

#include <string.h>

#define T DOM_AUTO_SMALL_N
#define MID DOM_AUTO_MID_N

static unsigned counter(const char *name)
{
	const struct dom_algo *a = algo_find(dom_algos, dom_nalgos, "auto");
	cr_assert(a, "auto is not registered");
	for (unsigned i = 0; i < DOM_MAX_COUNTERS && a->head.counter_names[i]; i++)
		if (!strcmp(a->head.counter_names[i], name))
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
	cr_assert_eq(dom_compute(algo_find(dom_algos, dom_nalgos, "auto"), g, got, c), SSA_OK, "%s: auto failed", what);
	uint32_t d = dc_first_diff(got, want, g->n);
	cr_assert_eq(d, UINT32_MAX, "%s (n=%u m=%u): block %u idom %lld, oracle %lld", what, g->n,
		     g->m, d, d == UINT32_MAX ? 0 : dc_id(got[d]), d == UINT32_MAX ? 0 : dc_id(want[d]));
	free(got);
	free(want);
}

/* The shape auto reads off without a pass: m = n - 1, no edge into the entry, and every other
 * block's one predecessor numbered below it (so all are reachable). Written from the
 * definition, independently of auto.c. */
static bool tree_shaped(const struct cfg *g)
{
	if ((uint64_t)g->m + 1 != g->n)
		return false;
	for (uint32_t v = 0; v < g->n; v++) {
		uint32_t k = g->pred_off[v + 1] - g->pred_off[v];
		if (v == 0 ? k != 0 : k != 1 || g->pred[g->pred_off[v]] >= v)
			return false;
	}
	return true;
}

/* The order the one-pass path needs: no edge into the entry, every other block entered, and
 * every predecessor numbered below its block. Written from the definition. */
static bool forward_numbered(const struct cfg *g)
{
	if (g->pred_off[1] != 0)
		return false;
	for (uint32_t v = 1; v < g->n; v++) {
		if (g->pred_off[v + 1] == g->pred_off[v])
			return false;
		for (uint32_t k = g->pred_off[v]; k < g->pred_off[v + 1]; k++)
			if (g->pred[k] >= v)
				return false;
	}
	return true;
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
				if (g.n <= T && g.m > (uint64_t)DOM_AUTO_SMALL_MAX_DENSITY * g.n) {
					cr_assert_eq(c[sp], 0, "%s: n=%u m=%u, too dense for the small path",
						     what, g.n, g.m);
				} else if (g.n <= T && tree_shaped(&g)) {
					for (unsigned i = 0; i < DOM_MAX_COUNTERS; i++)
						cr_assert_eq(c[i], 0, "%s: tree-shaped, counter %u = %llu",
							     what, i, (unsigned long long)c[i]);
					small++;
				} else if (g.n <= T && g.m > (uint64_t)DOM_AUTO_SMALL_DFS_MAX_DENSITY * g.n) {
					/* only the one-pass path in block order, or Semi-NCA */
					cr_assert_eq(c[sp], forward_numbered(&g) ? 1 : 0,
						     "%s: n=%u m=%u, small_passes=%llu", what, g.n, g.m,
						     (unsigned long long)c[sp]);
					small += c[sp] != 0;
				} else if (g.n <= T) {
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
			cr_assert_eq(c[sp], tree_shaped(&g) ? 0 : 1,
				     "structured n=%llu seed=%llu: %llu passes",
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

/* Above DOM_AUTO_SMALL_DFS_MAX_DENSITY edges per block the passes after a DFS are skipped
 * (random-like graphs take several there): itworst from 16 blocks, random graphs of 3 to 6
 * edges per block, and the boundary itself (a graph of exactly that density takes the passes,
 * one edge more does not), all against the oracle; a graph numbered in topological order
 * still takes the one pass in block order up to DOM_AUTO_SMALL_MAX_DENSITY. */
Test(dom_auto, small_path_density_bound)
{
	const unsigned sp = counter("small_passes");
	unsigned skipped = 0;
	for (uint64_t n = 8; n <= T; n++) {
		struct cfg g;
		struct gen_params p;
		gen_params_default(&p);
		p.family = "itworst";
		p.blocks = n;
		struct gen_info info;
		if (gen_cfg(&p, &g, &info) != SSA_OK)
			continue;
		if (g.n <= T && g.m > (uint64_t)DOM_AUTO_SMALL_DFS_MAX_DENSITY * g.n) {
			uint64_t c[DOM_MAX_COUNTERS];
			check(&g, "itworst", c);
			cr_assert_eq(c[sp], 0, "itworst n=%u m=%u: small_passes=%llu", g.n, g.m,
				     (unsigned long long)c[sp]);
			skipped++;
		}
		cfg_free(&g);
	}
	cr_assert(skipped > 0, "no itworst graph above the bound");
	struct ssa_rng rng;
	ssa_rng_seed(&rng, 2024);
	for (uint32_t n = 8; n <= T; n += 8) {
		for (uint32_t d = 2; d <= 6; d++) {
			/* a chain (so all are reached) and random edges up to d per block; d = 2:
			 * exactly 2n edges, then one more */
			for (uint32_t extra = 0; extra <= (d == 2); extra++) {
				const uint32_t m = d * n + extra;
				struct edge_list el;
				cr_assert_eq(edge_list_init(&el, n, m), SSA_OK);
				for (uint32_t b = 0; b + 1 < n; b++)
					cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
				cr_assert_eq(edge_list_push(&el, n - 1, 1), SSA_OK); /* a back edge */
				for (uint32_t e = n; e < m; e++)
					cr_assert_eq(edge_list_push(&el, (uint32_t)ssa_rng_below(&rng, n),
								    (uint32_t)ssa_rng_below(&rng, n)), SSA_OK);
				struct cfg g;
				cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
				edge_list_free(&el);
				char what[64];
				snprintf(what, sizeof what, "random n=%u m=%u", n, m);
				uint64_t c[DOM_MAX_COUNTERS];
				check(&g, what, c);
				if (m > DOM_AUTO_SMALL_DFS_MAX_DENSITY * n)
					cr_assert_eq(c[sp], 0, "%s: small_passes=%llu", what,
						     (unsigned long long)c[sp]);
				else
					cr_assert(c[sp] >= 1, "%s: the passes did not run", what);
				cfg_free(&g);
			}
		}
		/* forward-numbered, 4 edges per block: the one pass in block order */
		struct edge_list el;
		cr_assert_eq(edge_list_init(&el, n, 4 * n), SSA_OK);
		for (uint32_t v = 1; v < n; v++)
			for (uint32_t i = 0; i < 4 && (i == 0 || v > 1); i++)
				cr_assert_eq(edge_list_push(&el, i ? (uint32_t)ssa_rng_below(&rng, v) : v - 1, v),
					     SSA_OK);
		struct cfg g;
		cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
		edge_list_free(&el);
		cr_assert(forward_numbered(&g) && g.m > DOM_AUTO_SMALL_DFS_MAX_DENSITY * n);
		uint64_t c[DOM_MAX_COUNTERS];
		check(&g, "forward, 4 per block", c);
		cr_assert_eq(c[sp], 1, "forward n=%u: small_passes=%llu", n, (unsigned long long)c[sp]);
		cfg_free(&g);
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

/* Tree-shaped functions (most C++ and Rust functions of 2-4 blocks) are read off their
 * predecessors: every counter stays 0. Random trees with each parent numbered below its child,
 * at 1 to T blocks; and graphs of the same m = n - 1 that are not that shape, which the bitset
 * path answers: a parent numbered above its child, an unreachable two-block cycle, an edge into
 * the entry, and a tree of T + 1 blocks. */
Test(dom_auto, tree_shaped_functions)
{
	const unsigned sp = counter("small_passes");
	struct ssa_rng rng;
	ssa_rng_seed(&rng, 77);
	unsigned read_off = 0, other = 0;
	for (uint32_t n = 1; n <= T + 1; n++) {
		for (int variant = 0; variant < 4; variant++) {
			if (n < 4 && variant > 0)
				continue;
			/* variant 0: a random tree, each parent below its child; 1: the same with
			 * the last two blocks renamed, the last one the other's parent; 2: a tree
			 * of n - 2 blocks and a two-block cycle; 3: a tree of n - 1 blocks and a
			 * last block that branches to the entry. m = n - 1 in all. */
			uint32_t tree_n = variant == 2 ? n - 2 : variant == 3 ? n - 1 : n;
			struct edge_list el;
			cr_assert_eq(edge_list_init(&el, n, n), SSA_OK);
			for (uint32_t v = 1; v < tree_n; v++) {
				uint32_t p = variant == 1 && v == n - 1 ? n - 2
								: (uint32_t)ssa_rng_below(&rng, v);
				uint32_t u = v;
				if (variant == 1) { /* rename n - 2 <-> n - 1 */
					p = p == n - 2 ? n - 1 : p;
					u = u == n - 1 ? n - 2 : u == n - 2 ? n - 1 : u;
				}
				cr_assert_eq(edge_list_push(&el, p, u), SSA_OK);
			}
			if (variant == 2) {
				cr_assert_eq(edge_list_push(&el, n - 2, n - 1), SSA_OK);
				cr_assert_eq(edge_list_push(&el, n - 1, n - 2), SSA_OK);
			} else if (variant == 3) {
				cr_assert_eq(edge_list_push(&el, n - 1, 0), SSA_OK);
			}
			struct cfg g;
			cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
			edge_list_free(&el);
			char what[64];
			snprintf(what, sizeof what, "tree n=%u variant %d", n, variant);
			cr_assert_eq((uint64_t)g.m + 1, g.n, "%s: m=%u", what, g.m);
			cr_assert_eq(tree_shaped(&g), variant == 0, "%s: built as another shape", what);
			uint64_t c[DOM_MAX_COUNTERS];
			check(&g, what, c);
			if (variant == 0 && n <= T) {
				for (unsigned i = 0; i < DOM_MAX_COUNTERS; i++)
					cr_assert_eq(c[i], 0, "%s: counter %u = %llu", what, i,
						     (unsigned long long)c[i]);
				read_off++;
			} else if (n <= T) {
				cr_assert(c[sp] >= 1, "%s: not read off, but small_passes=0", what);
				other++;
			}
			cfg_free(&g);
		}
	}
	cr_assert(read_off == T && other == 3 * (T - 3), "read_off=%u other=%u", read_off, other);
}

/* Acyclic functions whose blocks are numbered in a topological order take one pass in block
 * order, without a DFS; a graph that breaks the order at its last block (a back edge, an
 * unentered block, an edge into the entry, a predecessor numbered above an acyclic block)
 * sends the path back to the DFS after it has written idoms for the blocks before: those
 * must all be rewritten. Random forward DAGs of 2 to T blocks with joins, against the oracle;
 * the counters cannot tell the two one-pass paths apart (small_passes=1 for both). */
Test(dom_auto, forward_numbered_functions)
{
	const unsigned sp = counter("small_passes");
	struct ssa_rng rng;
	ssa_rng_seed(&rng, 99);
	for (uint32_t n = 3; n <= T; n++) {
		for (int variant = 0; variant < 5; variant++) {
			struct edge_list el;
			cr_assert_eq(edge_list_init(&el, n, 3 * n), SSA_OK);
			/* variant 3 leaves the last block unentered, variant 4 enters it from
			 * a block numbered above it only (n - 1 -> n - 2 instead of the reverse) */
			for (uint32_t v = 1; v < n; v++) {
				if (variant == 3 && v == n - 1)
					continue;
				uint32_t k = 1 + (uint32_t)ssa_rng_below(&rng, v < 3 ? v : 3);
				for (uint32_t i = 0; i < k; i++) {
					uint32_t p = (uint32_t)ssa_rng_below(&rng, v);
					if (variant == 4 && v == n - 1)
						continue;
					if (variant == 4 && v == n - 2 && i == 0)
						p = n - 1;
					cr_assert_eq(edge_list_push(&el, p, v), SSA_OK);
				}
			}
			if (variant == 4)
				cr_assert_eq(edge_list_push(&el, 0, n - 1), SSA_OK);
			if (variant == 1)
				cr_assert_eq(edge_list_push(&el, n - 1, n / 2), SSA_OK); /* a loop */
			if (variant == 2)
				cr_assert_eq(edge_list_push(&el, n - 1, 0), SSA_OK);
			struct cfg g;
			cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
			edge_list_free(&el);
			char what[64];
			snprintf(what, sizeof what, "forward n=%u variant %d", n, variant);
			uint64_t c[DOM_MAX_COUNTERS];
			check(&g, what, c);
			if (!tree_shaped(&g) &&
			    g.m <= (uint64_t)(forward_numbered(&g) ? DOM_AUTO_SMALL_MAX_DENSITY
								   : DOM_AUTO_SMALL_DFS_MAX_DENSITY) * g.n)
				cr_assert(c[sp] >= 1, "%s: small_passes=%llu", what,
					  (unsigned long long)c[sp]);
			if (variant == 0 && !tree_shaped(&g))
				cr_assert_eq(c[sp], 1, "%s: small_passes=%llu", what,
					     (unsigned long long)c[sp]);
			cfg_free(&g);
		}
	}
}

/* ---- the mid-size path ---- */

struct gen_graph {
	const char *family;
	uint64_t blocks, seed;
};

static void make(struct cfg *g, const char *family, uint64_t blocks, uint64_t seed)
{
	struct gen_params p;
	gen_params_default(&p);
	p.family = family;
	p.blocks = blocks;
	p.seed = seed;
	struct gen_info info;
	cr_assert_eq(gen_cfg(&p, g, &info), SSA_OK, "%s: %s", family, info.note);
}

/* The blocks of two or more predecessors, counted here from the definition. */
static uint32_t joins_of(const struct cfg *g)
{
	uint32_t j = 0;
	for (uint32_t v = 0; v < g->n; v++)
		j += g->pred_off[v + 1] - g->pred_off[v] >= 2;
	return j;
}

/* Whether the mid path's rule admits g: T < n <= MID, m <= DOM_AUTO_MID_MAX_DENSITY * n, and
 * joins in [DOM_AUTO_MID_MIN_JOINS_PER_32 / 32, DOM_AUTO_MID_MAX_JOINS_PER_32 / 32) of n. */
static bool mid_admits(const struct cfg *g)
{
	uint64_t j32 = (uint64_t)joins_of(g) * 32;
	return g->n > T && g->n <= MID && g->m <= (uint64_t)DOM_AUTO_MID_MAX_DENSITY * g->n &&
	       j32 >= (uint64_t)DOM_AUTO_MID_MIN_JOINS_PER_32 * g->n &&
	       j32 < (uint64_t)DOM_AUTO_MID_MAX_JOINS_PER_32 * g->n;
}

/* auto on g equals the oracle, and its mid-path counters agree with the rule: a graph of more
 * than T blocks without joins is answered by the BFS (every counter 0); the mid path runs
 * exactly where mid_admits says, takes at most DOM_AUTO_MID_PASSES sweeps, and when it
 * answers Semi-NCA never runs. Where ibfs itself settles in 2 passes with fewer intersect
 * steps than predecessors read (its steps never outrun the per-read allowance), the path
 * answers too. Returns 1 if the mid path answered, 0 if it gave up, -1 if it did not run. */
static int check_mid(const struct cfg *g, const char *what)
{
	static const char *const names[] = {"compress_steps", "nca_steps", "semi_at_cut",
					    "small_passes", "mid_passes", "mid_fell_back"};
	unsigned ix[6];
	for (int i = 0; i < 6; i++)
		ix[i] = counter(names[i]);
	uint64_t c[DOM_MAX_COUNTERS], ib[DOM_MAX_COUNTERS];
	check(g, what, c);
	uint32_t *idom = malloc(g->n * sizeof *idom);
	cr_assert(idom);
	cr_assert_eq(dom_compute(algo_find(dom_algos, dom_nalgos, "ibfs"), g, idom, ib), SSA_OK);
	free(idom);
	const uint64_t mp = c[ix[4]], fb = c[ix[5]];
	if (g->n > T && joins_of(g) == 0) {
		for (unsigned i = 0; i < DOM_MAX_COUNTERS; i++)
			cr_assert_eq(c[i], 0, "%s (n=%u, no joins): counter %u = %llu", what, g->n, i,
				     (unsigned long long)c[i]);
		return -1;
	}
	if (!mid_admits(g)) {
		cr_assert(mp == 0 && fb == 0, "%s (n=%u m=%u): mid path ran (%llu passes)", what, g->n,
			  g->m, (unsigned long long)mp);
		return -1;
	}
	cr_assert_eq(c[ix[3]], 0, "%s: the small path ran at n=%u", what, g->n);
	cr_assert(mp >= 1 && mp <= DOM_AUTO_MID_PASSES, "%s: mid_passes=%llu", what,
		  (unsigned long long)mp);
	if (ib[0] <= 2 && ib[1] <= ib[2])
		cr_assert_eq(fb, 0, "%s (n=%u m=%u): ibfs settles in %llu passes, %llu steps; auto "
			     "gave up", what, g->n, g->m, (unsigned long long)ib[0],
			     (unsigned long long)ib[1]);
	if (fb == 0) {
		cr_assert(c[ix[0]] == 0 && c[ix[1]] == 0 && c[ix[2]] == 0,
			  "%s: Semi-NCA ran after the mid path answered", what);
		return 1;
	}
	return 0;
}

/* Random graphs of exactly n blocks: a chain through every block, so all are reachable, and
 * m - (n - 1) extra edges, forward within a window of 8 (structured-looking) or, with
 * probability 1/back, to any block (back edges, irreducible loops, edges into the entry). */
static void random_exact(struct cfg *g, struct ssa_rng *rng, uint32_t n, uint32_t m, uint32_t back)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, m), SSA_OK);
	for (uint32_t b = 0; b + 1 < n; b++)
		cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
	for (uint32_t e = n - 1; e < m; e++) {
		uint32_t u = (uint32_t)ssa_rng_below(rng, n);
		uint32_t v = ssa_rng_below(rng, back) && u + 1 < n
				     ? u + 1 + (uint32_t)ssa_rng_below(rng, n - u - 1 < 8 ? n - u - 1 : 8)
				     : (uint32_t)ssa_rng_below(rng, n);
		cr_assert_eq(edge_list_push(&el, u, v), SSA_OK);
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

/* A chain of n blocks and m - (n - 1) extra edges from random blocks into every third block:
 * about a third of the blocks are joins, inside the mid path's window. */
static void random_thirds(struct cfg *g, struct ssa_rng *rng, uint32_t n, uint32_t m)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, m), SSA_OK);
	for (uint32_t b = 0; b + 1 < n; b++)
		cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
	for (uint32_t e = n - 1; e < m; e++) {
		uint32_t u = (uint32_t)ssa_rng_below(rng, n);
		uint32_t v = 3 * (uint32_t)ssa_rng_below(rng, n / 3);
		cr_assert_eq(edge_list_push(&el, u, v), SSA_OK);
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

/* Structured, irreducible and random graphs of n = T, T+1, T+2, MID-1, MID and MID+1 blocks
 * (the families give exactly the requested n), plus random graphs of those sizes with few
 * or many back edges, and with a third of their blocks joins. */
Test(dom_auto, mid_path_around_both_thresholds)
{
	static const char *const fams[] = {"structured", "irreducible", "random"};
	const uint32_t sizes[] = {T, T + 1, T + 2, MID - 1, MID, MID + 1};
	unsigned taken = 0, gave_up = 0, outside = 0;
	struct ssa_rng rng;
	ssa_rng_seed(&rng, 1616);
	for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		const uint64_t seeds = sizes[s] < 1000 ? 4 : 2; /* the oracle is O(n (n + m)) */
		for (size_t f = 0; f < 3; f++) {
			for (uint64_t seed = 1; seed <= seeds; seed++) {
				struct cfg g;
				make(&g, fams[f], sizes[s], seed);
				cr_assert_eq(g.n, sizes[s], "%s: n=%u, asked for %u", fams[f], g.n, sizes[s]);
				char what[96];
				snprintf(what, sizeof what, "%s n=%u seed=%llu", fams[f], sizes[s],
					 (unsigned long long)seed);
				int r = check_mid(&g, what);
				taken += r == 1;
				gave_up += r == 0;
				outside += r == -1;
				cfg_free(&g);
			}
		}
		static const uint32_t backs[] = {64, 6, 2};
		for (size_t b = 0; b < 3; b++) {
			for (uint64_t k = 0; k < seeds - 1; k++) {
				struct cfg g;
				uint32_t n = sizes[s];
				random_exact(&g, &rng, n, n + n / 2 + (uint32_t)ssa_rng_below(&rng, n), backs[b]);
				char what[96];
				snprintf(what, sizeof what, "random_exact n=%u back=1/%u #%llu", n, backs[b],
					 (unsigned long long)k);
				int r = check_mid(&g, what);
				taken += r == 1;
				gave_up += r == 0;
				outside += r == -1;
				cfg_free(&g);
			}
		}
		for (uint64_t k = 0; k < seeds; k++) {
			struct cfg g;
			uint32_t n = sizes[s];
			random_thirds(&g, &rng, n, n + n / 4 + (uint32_t)ssa_rng_below(&rng, n / 2));
			char what[96];
			snprintf(what, sizeof what, "random_thirds n=%u #%llu", n, (unsigned long long)k);
			int r = check_mid(&g, what);
			taken += r == 1;
			gave_up += r == 0;
			outside += r == -1;
			cfg_free(&g);
		}
	}
	/* The path ran, and the graphs outside its rule (by size or by share of joins) did not
	 * take it; its give-ups are tested below. */
	cr_assert(taken >= 20 && outside >= 20, "taken=%u gave_up=%u outside=%u", taken, gave_up,
		  outside);
}

/* The graph of g with a chain of t more blocks hanging off its last block (reached in every
 * family below): the same joins, more blocks, so the share of joins falls. */
static void pad(struct cfg *out, const struct cfg *g, uint32_t t)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, g->n + t, g->m + t), SSA_OK);
	for (uint32_t u = 0; u < g->n; u++)
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++)
			cr_assert_eq(edge_list_push(&el, u, g->succ[e]), SSA_OK);
	for (uint32_t b = g->n - 1; b + 1 < g->n + t; b++)
		cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
	cr_assert_eq(cfg_from_edges(out, &el), SSA_OK);
	edge_list_free(&el);
}

/* The families that make ibfs slow have a join in half their blocks or more, so the mid path
 * never starts on them (itworst is too dense for it). Padded with a chain to about 13/32 joins,
 * inside the window, they take it, which then shows its budget: ibfsquad (k+1 forward passes
 * for ibfs) settles in 4 sweeps, two of them over the joins in decreasing order; sncaworst,
 * repeat-until, ladder and idfsquad (a first pass of about n^2/4 steps) outrun the per-read
 * step allowance in the first sweep and are answered by Semi-NCA (and its own LT fallback
 * where that is quadratic too). */
Test(dom_auto, mid_path_skipped_or_given_up_where_ibfs_is_quadratic)
{
	const unsigned mp = counter("mid_passes"), mfb = counter("mid_fell_back");
	static const struct gen_graph hard[] = {
		{"ibfsquad", T + 1, 1},      {"ibfsquad", 500, 1},   {"ibfsquad", 1400, 1},
		{"sncaworst", 101, 1},       {"sncaworst", 2400, 1}, {"repeat-until", 300, 1},
		{"repeat-until", 2400, 2},   {"ladder", 300, 1},     {"ladder", 2400, 1},
		{"idfsquad", 301, 1},        {"idfsquad", 2000, 1},  {"itworst", 101, 1},
		{"sncaworst", MID, 1},       {"ladder", MID, 1},     {"idfsquad", MID, 1},
	};
	for (size_t i = 0; i < sizeof hard / sizeof *hard; i++) {
		struct cfg g;
		make(&g, hard[i].family, hard[i].blocks, hard[i].seed);
		cr_assert(g.n > T && g.n <= MID, "%s: n=%u outside the mid path", hard[i].family, g.n);
		char what[96];
		snprintf(what, sizeof what, "%s n=%u", hard[i].family, g.n);
		uint64_t c[DOM_MAX_COUNTERS];
		const uint32_t j = joins_of(&g);
		cr_assert(strcmp(hard[i].family, "itworst") ? 2 * j + 2 >= g.n : j > 0,
			  "%s: %u joins", what, j);
		cr_assert_eq(check_mid(&g, what), -1, "%s: the mid path ran", what);
		check(&g, what, c);
		cr_assert(c[mfb] == 0 && c[mp] == 0, "%s: mid_passes=%llu", what,
			  (unsigned long long)c[mp]);
		/* padded to about 13/32 joins, when that still fits the path */
		uint32_t t = (uint32_t)(((uint64_t)j * 32 + 12) / 13) - g.n;
		if (!strcmp(hard[i].family, "itworst") || g.n + t > MID) {
			cfg_free(&g);
			continue;
		}
		struct cfg h;
		pad(&h, &g, t);
		cfg_free(&g);
		snprintf(what, sizeof what, "%s n=%u padded to %u", hard[i].family, h.n - t, h.n);
		cr_assert(mid_admits(&h), "%s: %u joins", what, joins_of(&h));
		if (!strcmp(hard[i].family, "ibfsquad")) {
			cr_assert_eq(check_mid(&h, what), 1, "%s: the mid path gave up", what);
			check(&h, what, c);
			cr_assert_eq(c[mp], 4, "%s: mid_passes=%llu", what, (unsigned long long)c[mp]);
		} else {
			cr_assert_eq(check_mid(&h, what), 0, "%s: the mid path did not give up", what);
			check(&h, what, c);
			cr_assert_eq(c[mp], 1, "%s: gave up in sweep %llu", what, (unsigned long long)c[mp]);
		}
		cfg_free(&h);
	}
}

/* The window's edges, on a chain of n blocks with extra edges 0 -> v into blocks 2 .. j + 1,
 * which makes exactly j joins: the mid path runs from j = n/4 (rounded up) and up to, not
 * including, 15n/32, and not just outside; without joins (the chain alone) the BFS answers
 * with every counter 0. Exact trees on each side (check_mid). */
Test(dom_auto, mid_path_joins_window)
{
	static const uint32_t sizes[] = {T + 1, 100, 1000, MID};
	for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		const uint32_t n = sizes[s];
		const uint32_t lo = (DOM_AUTO_MID_MIN_JOINS_PER_32 * n + 31) / 32;
		const uint32_t hi = (DOM_AUTO_MID_MAX_JOINS_PER_32 * n + 31) / 32;
		const uint32_t js[] = {0, lo - 1, lo, hi - 1, hi};
		for (size_t k = 0; k < sizeof js / sizeof *js; k++) {
			const uint32_t j = js[k];
			struct edge_list el;
			cr_assert_eq(edge_list_init(&el, n, n - 1 + j), SSA_OK);
			for (uint32_t b = 0; b + 1 < n; b++)
				cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
			for (uint32_t v = 2; v < j + 2; v++)
				cr_assert_eq(edge_list_push(&el, 0, v), SSA_OK);
			struct cfg g;
			cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
			edge_list_free(&el);
			cr_assert_eq(joins_of(&g), j);
			char what[64];
			snprintf(what, sizeof what, "chain n=%u with %u joins", n, j);
			int r = check_mid(&g, what);
			cr_assert_eq(r, j >= lo && j < hi ? 1 : -1, "%s: mid path %d", what, r);
			cfg_free(&g);
		}
	}
}

/* Graphs without joins, above T blocks: random trees numbered in any order, with a piece
 * nothing reaches (a cycle, a tree hanging off it), an edge into the entry, and a chain of
 * 10^5 blocks numbered backwards. The BFS answers (every counter 0: check_mid); against the
 * oracle up to MID + 1 blocks, against slt above. */
Test(dom_auto, graphs_without_joins)
{
	struct ssa_rng rng;
	ssa_rng_seed(&rng, 4242);
	static const uint32_t sizes[] = {T + 1, T + 2, 500, MID, MID + 1, 100000};
	for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
		const uint32_t n = sizes[s];
		for (int variant = 0; variant < 3; variant++) {
			/* a random permutation of 1 .. n-1 names the blocks; the entry stays 0 */
			uint32_t *id = malloc(n * sizeof *id);
			cr_assert(id);
			for (uint32_t v = 0; v < n; v++)
				id[v] = v;
			for (uint32_t v = n - 1; v > 1; v--) {
				uint32_t r = 1 + (uint32_t)ssa_rng_below(&rng, v);
				uint32_t x = id[v];
				id[v] = id[r];
				id[r] = x;
			}
			struct edge_list el;
			cr_assert_eq(edge_list_init(&el, n, n), SSA_OK);
			/* variant 0: a random tree on all n blocks; 1: a tree on the first n - 8
			 * (in tree order), then an unreached 4-cycle with a tree of 4 hanging off
			 * it; 2: a chain numbered backwards (n-1 ... 1 after the entry) whose last
			 * block branches back to the entry */
			uint32_t tn = variant == 1 ? n - 8 : n;
			for (uint32_t v = 1; v < tn; v++) {
				uint32_t p = variant == 2 ? (v == 1 ? 0 : n - v + 1)
							  : id[(uint32_t)ssa_rng_below(&rng, v)];
				cr_assert_eq(edge_list_push(&el, p, variant == 2 ? n - v : id[v]), SSA_OK);
			}
			if (variant == 1) {
				for (uint32_t i = 0; i < 4; i++)
					cr_assert_eq(edge_list_push(&el, id[tn + i], id[tn + (i + 1) % 4]), SSA_OK);
				for (uint32_t i = 4; i < 8; i++)
					cr_assert_eq(edge_list_push(&el, id[tn + i - 4], id[tn + i]), SSA_OK);
			}
			if (variant == 2)
				cr_assert_eq(edge_list_push(&el, 1, 0), SSA_OK);
			free(id);
			struct cfg g;
			cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
			edge_list_free(&el);
			cr_assert_eq(joins_of(&g), 0);
			char what[64];
			snprintf(what, sizeof what, "no joins n=%u variant %d", n, variant);
			if (n <= MID + 1) {
				cr_assert_eq(check_mid(&g, what), -1);
			} else {
				uint32_t *got = malloc(n * sizeof *got), *want = malloc(n * sizeof *want);
				uint64_t c[DOM_MAX_COUNTERS];
				cr_assert(got && want);
				cr_assert_eq(dom_compute(algo_find(dom_algos, dom_nalgos, "slt"), &g, want, c), SSA_OK);
				cr_assert_eq(dom_compute(algo_find(dom_algos, dom_nalgos, "auto"), &g, got, c), SSA_OK);
				cr_assert_eq(dc_first_diff(got, want, n), UINT32_MAX, "%s: differs from slt", what);
				for (unsigned i = 0; i < DOM_MAX_COUNTERS; i++)
					cr_assert_eq(c[i], 0, "%s: counter %u = %llu", what, i,
						     (unsigned long long)c[i]);
				free(got);
				free(want);
			}
			cfg_free(&g);
		}
	}
}

/* A chain of k calls that may all unwind into one shared cleanup block H (H -> resume), the
 * shape of C++ and Rust functions whose dominator trees are deep, and a second way from the
 * entry to H through S, so idom(H) is the entry. Each call c_i branches to a_i and b_i, which
 * join at the next call (a diamond: a third of the blocks are joins, inside the mid path's
 * window; the bare chain has too few joins and goes to Semi-NCA), and to H. The BFS numbers H
 * early, from S, and reaches its other predecessors later, all along one path of the tree.
 * Two-finger walks from each of them cost about k^2 steps, past the per-read allowance; walks
 * that stop at a vertex already climbed for H cost about 2k, and the mid path answers in two
 * passes (the second over the late vertices: H alone). */
Test(dom_auto, mid_path_shared_cleanup_block)
{
	const unsigned mp = counter("mid_passes");
	static const uint32_t ks[] = {T / 2, 100, 500, (MID - 4) / 3};
	for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
		/* c_i = 3i, a_i = 3i + 1, b_i = 3i + 2 (i < k - 1); H, S, resume after them */
		const uint32_t k = ks[i], h = 3 * (k - 1) + 1, sb = h + 1, n = h + 3;
		struct edge_list el;
		cr_assert_eq(edge_list_init(&el, n, 5 * k + 3), SSA_OK);
		for (uint32_t c = 0; c < k; c++) {
			const uint32_t b = 3 * c;
			if (c + 1 < k) {
				cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
				cr_assert_eq(edge_list_push(&el, b, b + 2), SSA_OK);
				cr_assert_eq(edge_list_push(&el, b + 1, b + 3), SSA_OK);
				cr_assert_eq(edge_list_push(&el, b + 2, b + 3), SSA_OK);
			}
			cr_assert_eq(edge_list_push(&el, c ? b : sb, h), SSA_OK);
		}
		cr_assert_eq(edge_list_push(&el, 0, sb), SSA_OK);
		cr_assert_eq(edge_list_push(&el, h, h + 2), SSA_OK);
		struct cfg g;
		cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
		edge_list_free(&el);
		char what[64];
		snprintf(what, sizeof what, "shared cleanup k=%u", k);
		cr_assert(mid_admits(&g), "%s: n=%u with %u joins", what, g.n, joins_of(&g));
		cr_assert_eq(check_mid(&g, what), 1, "%s: the mid path gave up", what);
		uint64_t c[DOM_MAX_COUNTERS];
		check(&g, what, c);
		cr_assert_eq(c[mp], 2, "%s: mid_passes=%llu", what, (unsigned long long)c[mp]);
		cfg_free(&g);
	}
}

/* The mid path needs a predecessor list of m words, capped at DOM_AUTO_MID_MAX_M (the density
 * bound at MID blocks) so that auto's memory stays 8n words plus a constant: a mid-size graph
 * with one edge more goes straight to Semi-NCA. */
Test(dom_auto, mid_path_edge_cap)
{
	const unsigned mp = counter("mid_passes");
	struct ssa_rng rng;
	ssa_rng_seed(&rng, 28);
	for (uint32_t extra = 0; extra <= 1; extra++) {
		struct cfg g;
		random_thirds(&g, &rng, MID, DOM_AUTO_MID_MAX_M + extra);
		cr_assert(extra || mid_admits(&g), "%u joins", joins_of(&g));
		uint64_t c[DOM_MAX_COUNTERS];
		check(&g, "dense", c);
		if (extra)
			cr_assert_eq(c[mp], 0, "m=%u: mid path ran", g.m);
		else
			cr_assert(c[mp] >= 1, "m=%u: mid path skipped", g.m);
		cfg_free(&g);
	}
	/* The estimate grows with the edges up to the cap (a word each, rounded to the
	 * allocator's size class), and not past it; not at all for graphs the small path takes. */
	const struct dom_algo *a = algo_find(dom_algos, dom_nalgos, "auto");
	cr_assert_eq(a->scratch_bytes(MID, 2000) - a->scratch_bytes(MID, 1000),
		     ssa_array_bytes(2000, sizeof(uint32_t)) - ssa_array_bytes(1000, sizeof(uint32_t)));
	cr_assert_eq(a->scratch_bytes(MID, DOM_AUTO_MID_MAX_M + 1000),
		     a->scratch_bytes(MID, DOM_AUTO_MID_MAX_M));
	cr_assert_eq(a->scratch_bytes(T, 1001), a->scratch_bytes(T, 1000));
}

/* One scratch, reused across every path in turn (as bench --in does): the mid path borrows
 * Semi-NCA's arrays, so a give-up followed by Semi-NCA, or a mid graph after a large one,
 * must find nothing stale. */
Test(dom_auto, one_scratch_through_every_path)
{
	static const struct gen_graph seq[] = {
		{"structured", 3000, 1}, {"ibfsquad", 500, 1},    {"structured", MID + 500, 2},
		{"sncaworst", 1001, 1},  {"structured", 40, 3},   {"irreducible", 2000, 1},
		{"itworst", 41, 1},      {"random", 700, 4},      {"ladder", 1000, 1},
		{"chain", 2500, 1},      {"structured", 200, 5},  {"chain", MID + 700, 1},
		{"diamonds", 900, 1},
	};
	const struct dom_algo *a = algo_find(dom_algos, dom_nalgos, "auto");
	void *scratch = NULL;
	cr_assert_eq(a->scratch_alloc(&scratch, 2 * MID, 8 * MID), SSA_OK);
	for (size_t i = 0; i < sizeof seq / sizeof *seq; i++) {
		struct cfg g;
		make(&g, seq[i].family, seq[i].blocks, seq[i].seed);
		cr_assert(g.n <= 2 * MID && g.m <= 8 * MID);
		uint32_t *got = malloc(g.n * sizeof *got), *want = malloc(g.n * sizeof *want);
		cr_assert(got && want);
		uint64_t c[DOM_MAX_COUNTERS];
		cr_assert_eq(dom_oracle(&g, want), SSA_OK);
		cr_assert_eq(a->run(scratch, &g, got, c), SSA_OK);
		uint32_t d = dc_first_diff(got, want, g.n);
		cr_assert_eq(d, UINT32_MAX, "%s n=%u (graph %zu of the sequence): block %u idom %lld, "
			     "oracle %lld", seq[i].family, g.n, i, d, d == UINT32_MAX ? 0 : dc_id(got[d]),
			     d == UINT32_MAX ? 0 : dc_id(want[d]));
		free(got);
		free(want);
		cfg_free(&g);
	}
	a->scratch_free(scratch);
}
