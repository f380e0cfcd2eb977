/* Dominator cuts (dom_cuts in algos/dom/dom_internal.h), the shortcut slt, lt, snca and auto
 * take when a semidominator candidate reaches one: the list against the definition by brute
 * force (every edge checked), each listed cut against the oracle's dominators, the edge
 * budget on a long chain, and graphs where the shortcut decides most semidominators, with
 * every algorithm equal to the oracle and the counters showing that it fired. */
#include <criterion/criterion.h>

#include "dom/dom_internal.h"
#include "dom/domtree.h"
#include "support/domcheck_graphs.h"
#include "support/domcheck_random.h"

#define MAXN 40

struct numbering {
	uint32_t n, nr, base;
	uint32_t *pre, *order, *parent, *last, *stk, *cur, *list;
};

static void number(struct numbering *d, const struct cfg *g, uint32_t base)
{
	size_t words = (size_t)g->n + 2;
	d->n = g->n;
	d->base = base;
	uint32_t **arrays[] = {&d->pre, &d->order, &d->parent, &d->last,
	                       &d->stk, &d->cur,   &d->list};
	for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++) {
		*arrays[i] = calloc(words, sizeof(uint32_t));
		cr_assert_not_null(*arrays[i]);
	}
	d->nr = dom_dfs(g, base, d->pre, d->order, d->parent, d->last, 1, d->stk, d->cur);
}

static void numbering_free(struct numbering *d)
{
	ssa_free_all(d->pre, d->order, d->parent, d->last, d->stk, d->cur, d->list);
}

/* The definition: c (not the last number) is a cut when no edge u -> v between reached
 * blocks has pre(u) < c < pre(v). */
static bool is_cut(const struct cfg *g, const struct numbering *d, uint32_t c)
{
	for (uint32_t u = 0; u < g->n; u++) {
		if (d->pre[u] == SSA_NONE)
			continue;
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
			uint32_t pv = d->pre[g->succ[e]];
			if (d->pre[u] < c && c < pv)
				return false;
		}
	}
	return true;
}

Test(cuts, random_graphs_match_the_definition_and_the_oracle)
{
	unsigned deep = 0; /* graphs with a cut other than the root */
	for (uint64_t seed = 1; seed <= 4000; seed++) {
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, 0xc075ull * seed, MAXN), SSA_OK);
		uint32_t base = (uint32_t)(seed & 1);
		struct numbering d;
		number(&d, &g, base);
		uint32_t k = dom_cuts(&g, d.pre, d.order, d.last, 1, base, d.nr, d.list);
		cr_assert(k >= 1 && d.list[0] == base, "seed %llu: the root is not listed",
		          (unsigned long long)seed);
		/* The window (m/32 + 64 edges) covers these graphs whole when m <= 64: then the
		 * list is exactly the set of cuts below the last number. */
		uint32_t want = 1; /* the root, even when it is the last number */
		for (uint32_t c = base + 1; c + 1 < base + d.nr; c++)
			want += is_cut(&g, &d, c);
		if (g.m <= 64)
			cr_assert_eq(k, want, "seed %llu: %u cuts listed, %u by the definition",
			             (unsigned long long)seed, k, want);
		uint32_t idom[MAXN];
		cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
		struct domtree t;
		cr_assert_eq(domtree_build(&t, idom, g.n, 0), SSA_OK);
		for (uint32_t i = 0; i < k; i++) {
			uint32_t c = d.list[i];
			cr_assert(i == 0 || c > d.list[i - 1], "seed %llu: list not increasing",
			          (unsigned long long)seed);
			cr_assert(c >= base + i && c < base + d.nr);
			cr_assert(is_cut(&g, &d, c), "seed %llu: %u listed but not a cut",
			          (unsigned long long)seed, c);
			/* What the algorithms rely on: c dominates every block numbered above it.
			 */
			for (uint32_t x = c + 1; x < base + d.nr; x++)
				cr_assert(domtree_dominates(&t, d.order[c], d.order[x]),
				          "seed %llu: cut %u does not dominate %u",
				          (unsigned long long)seed, c, x);
			deep += i == 1;
		}
		domtree_free(&t);
		numbering_free(&d);
		cfg_free(&g);
	}
	cr_assert(deep > 400, "only %u graphs had a cut below the root", deep);
}

/* Cuts spaced ever wider apart along a path: the walk finds them while each gap is shorter
 * than its window of edges, and stops at the first wider gap. Block i links to i+1; inside a
 * gap, every block also jumps to the gap's last block, so no number inside is a cut. */
Test(cuts, the_walk_stops_after_a_window_without_a_cut)
{
	const uint32_t n = 20000;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 2 * n), SSA_OK);
	uint32_t gap_start[64], ngaps = 0, start = 0, width = 2;
	while (start + width < n && ngaps < 64) {
		gap_start[ngaps++] = start;
		for (uint32_t i = start; i < start + width; i++) {
			cr_assert_eq(edge_list_push(&el, i, i + 1), SSA_OK);
			if (i + 1 < start + width)
				cr_assert_eq(edge_list_push(&el, i, start + width), SSA_OK);
		}
		start += width;
		width *= 2;
	}
	for (uint32_t i = start; i + 1 < n; i++)
		cr_assert_eq(edge_list_push(&el, i, i + 1), SSA_OK);
	struct cfg g;
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	struct numbering d;
	number(&d, &g, 0);
	uint32_t k = dom_cuts(&g, d.pre, d.order, d.last, 1, 0, d.nr, d.list);
	/* The gaps' first blocks are cuts (pre = block id: the chain edge comes first). Crossing
	 * a gap of width w scans 2w - 1 edges; the window is m/32 + 64 edges, refilled at each
	 * cut. So the root is found, then the start of every gap after a crossable one. */
	uint64_t window = g.m / DOM_CUT_WINDOW_DIVISOR + 64;
	uint32_t want = 1;
	for (uint32_t j = 0, w = 2; j + 1 < ngaps && 2ull * w - 1 <= window; j++, w *= 2)
		want++;
	cr_assert(want > 3 && want < ngaps, "the test's sizes no longer exercise the window");
	cr_assert_eq(k, want, "%u cuts found, %u expected (window %llu edges)", k, want,
	             (unsigned long long)window);
	for (uint32_t i = 0; i < k; i++) {
		cr_assert_eq(d.list[i], gap_start[i], "cut %u is %u, expected %u", i, d.list[i],
		             gap_start[i]);
		cr_assert(is_cut(&g, &d, d.list[i]));
	}
	numbering_free(&d);
	cfg_free(&g);
}

/* A core of `core` blocks (a chain plus random edges, three per block, eight from its first)
 * entered from a chain of `lead` blocks, then `regions` such cores in a row, each entered
 * through its first block only: every region's first block is a cut below the next ones. */
static void cut_graph(struct cfg *g, uint32_t lead, uint32_t core, uint32_t regions, uint64_t seed)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, seed);
	uint32_t n = lead + core * regions;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 4 * n), SSA_OK);
	for (uint32_t i = 0; i < lead; i++)
		cr_assert_eq(edge_list_push(&el, i, i + 1 < n ? i + 1 : i), SSA_OK);
	for (uint32_t k = 0; k < regions; k++) {
		uint32_t lo = lead + k * core, hi = lo + core;
		for (uint32_t i = lo; i < hi; i++) {
			if (i + 1 < n)
				cr_assert_eq(edge_list_push(&el, i, i + 1), SSA_OK);
			/* The entry branches widely into its region, as a switch would. */
			for (int j = 0; j < (i == lo ? 8 : 3); j++) {
				/* Targets stay inside the region (after its entry block) or go back
				 * to earlier regions: never forward past the next region's entry.
				 */
				uint32_t v = ssa_rng_chance(&r, 1, 8)
				                 ? (uint32_t)ssa_rng_below(&r, hi)
				                 : lo + 1 + (uint32_t)ssa_rng_below(&r, core - 1);
				cr_assert_eq(edge_list_push(&el, i, v), SSA_OK);
			}
		}
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

static uint64_t counter(const struct dom_algo *a, const uint64_t *c, const char *name)
{
	for (int i = 0; i < DOM_MAX_COUNTERS && a->head.counter_names[i]; i++)
		if (!strcmp(a->head.counter_names[i], name))
			return c[i];
	cr_assert_fail("%s has no counter %s", a->head.name, name);
	return 0;
}

Test(cuts, the_shortcut_fires_and_every_algorithm_equals_the_oracle)
{
	static const struct {
		uint32_t lead, core, regions;
	} shapes[] = {{0, 3000, 1}, {1, 3000, 1}, {5, 3000, 1}, {1, 80, 37}, {3, 60, 50}};
	static const char *const shortcut_algos[] = {"slt", "lt", "snca", "auto"};
	for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
		for (uint64_t seed = 1; seed <= 3; seed++) {
			struct cfg g;
			cut_graph(&g, shapes[s].lead, shapes[s].core, shapes[s].regions, seed);
			uint32_t *want = malloc((size_t)g.n * sizeof *want);
			cr_assert_not_null(want);
			cr_assert_eq(dom_oracle(&g, want), SSA_OK);
			char msg[256];
			cr_assert_eq(dc_check_all(&g, want, UINT64_MAX, msg, sizeof msg), 0,
			             "lead %u, %u x %u, seed %llu: %s", shapes[s].lead,
			             shapes[s].regions, shapes[s].core, (unsigned long long)seed,
			             msg);
			/* Most blocks of a core have its entry as semidominator (back edges from
			 * deep in the core reach it), and that entry is a cut. */
			for (size_t i = 0; i < sizeof shortcut_algos / sizeof *shortcut_algos;
			     i++) {
				const struct dom_algo *a = algo_find(dom_algos, dom_nalgos, shortcut_algos[i]);
				cr_assert_not_null(a);
				uint64_t c[DOM_MAX_COUNTERS];
				cr_assert_eq(dom_compute(a, &g, want, c), SSA_OK);
				/* auto's mid-size path (ibfs) answers these graphs of about
				 * 3000 blocks without semidominators; when it does, its
				 * Semi-NCA phase, snca_semi, is the one snca ran above. */
				if (!strcmp(a->head.name, "auto") && counter(a, c, "mid_passes") &&
				    !counter(a, c, "mid_fell_back"))
					continue;
				uint64_t at = counter(a, c, "semi_at_cut");
				cr_assert(at >= g.n / 2 && at < g.n, "%s: %llu of %u at a cut",
				          a->head.name, (unsigned long long)at, g.n);
			}
			free(want);
			cfg_free(&g);
		}
	}
}
