/* phi-auto's choice: on a program whose first variables are cheap for phi-djh's walk and dear
 * for phi-djq's queries, and whose later ones the other way round, it must place the first ones
 * by the walk and the later ones by the queries (its counters say how many tries each method
 * had and how many were stopped), and give exactly the φs of phi-idf (frontiers, no walk, no
 * queries) under every flavour. The other suites check phi-auto on small graphs, where it never
 * needs the walk. */
#include "support/phi_util.h"

#include <inttypes.h>
#include <stdio.h>

/* Blocks: 0 the entry; 1..L a chain looping back from L to 1; B = L + 1 after it; B branches
 * to K sources s_i, each of which jumps to all K targets t_j (K < 64: no target is a hub), and
 * to H more blocks; the targets and those meet at the exit X, a hub (K + H >= 64 J edges).
 * - A "wide" variable (the first nw) is defined in every s_i and used in X: its roots are the
 *   s_i, each with K J edges to targets as deep as itself. The walk scans them in order; the
 *   queries report and remove every one of the K^2 edges (about 8x the walk's work).
 * - A "loop" variable (the last nl) is used then defined in 1 and used in L: its one root, 1,
 *   has the back edge L -> 1 at the bottom of a chain of L blocks. The walk goes down the
 *   whole chain; the queries find the edge in one descent of the tree. */
enum { L = 8000, K = 60, H = 8 };

static void build(struct prog *p, uint32_t nw, uint32_t nl)
{
	const uint32_t B = L + 1, S = L + 2, T = S + K, U = T + K, X = U + H, n = X + 1;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, L + 2 * K + K * K + 2 * H + 2), SSA_OK);
	for (uint32_t b = 0; b < L; b++)
		cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
	cr_assert_eq(edge_list_push(&el, L, 1), SSA_OK);
	cr_assert_eq(edge_list_push(&el, L, B), SSA_OK);
	for (uint32_t i = 0; i < K; i++) {
		cr_assert_eq(edge_list_push(&el, B, S + i), SSA_OK);
		for (uint32_t j = 0; j < K; j++)
			cr_assert_eq(edge_list_push(&el, S + i, T + j), SSA_OK);
		cr_assert_eq(edge_list_push(&el, T + i, X), SSA_OK);
	}
	for (uint32_t i = 0; i < H; i++) {
		cr_assert_eq(edge_list_push(&el, B, U + i), SSA_OK);
		cr_assert_eq(edge_list_push(&el, U + i, X), SSA_OK);
	}
	struct cfg g;
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	/* The program text: per block its ops, blocks separated by '|' (phit_prog). */
	size_t cap = (size_t)n * 4 + (size_t)(nw * K + 3 * nl + nw) * 8, len = 0;
	char *text = calloc(cap, 1);
	cr_assert_not_null(text);
	for (uint32_t b = 0; b < n; b++) {
		if (b)
			text[len++] = '|';
		for (uint32_t v = 0; v < nw + nl; v++) {
			bool wide = v < nw;
			if (wide && b >= S && b < T)
				len += (size_t)snprintf(text + len, cap - len, "d%u ", v);
			if (wide && b == X)
				len += (size_t)snprintf(text + len, cap - len, "u%u ", v);
			if (!wide && b == 1)
				len += (size_t)snprintf(text + len, cap - len, "u%u d%u ", v, v);
			if (!wide && b == L)
				len += (size_t)snprintf(text + len, cap - len, "u%u ", v);
		}
		cr_assert_lt(len + 16, cap);
	}
	phit_prog(p, &g, nw + nl, text);
	free(text);
}

/* nw wide variables then nl loop ones: phi-auto's counters must be query, walk and stopped. */
static void check(uint32_t nw, uint32_t nl, uint64_t query, uint64_t walk, uint64_t stopped)
{
	struct prog p;
	build(&p, nw, nl);
	struct phit_ctx c;
	phit_ctx_init(&c, &p);
	const struct phi_algo *autoa = algo_find(phi_algos, phi_nalgos, "phi-auto");
	const struct phi_algo *idf = algo_find(phi_algos, phi_nalgos, "phi-idf");
	cr_assert(autoa && idf, "phi-auto and phi-idf are registered");
	static const enum phi_flavor flavors[] = {PHI_MINIMAL, PHI_SEMIPRUNED, PHI_PRUNED};
	for (size_t f = 0; f < 3; f++)
		for (int dflow = 0; dflow < 2; dflow++) {
			struct phi_input in = {.prog = &p, .dt = &c.dt, .vb = &c.vb, .df = &c.df,
					       .live = dflow ? &c.ld : NULL};
			uint64_t cnt[PHI_MAX_COUNTERS], icnt[PHI_MAX_COUNTERS];
			struct phi_sets got = {0}, want = {0};
			cr_assert_eq(phi_compute(autoa, &in, flavors[f], &got, cnt), SSA_OK);
			cr_assert_eq(phi_compute(idf, &in, flavors[f], &want, icnt), SSA_OK);
			char diff[256];
			cr_assert(phi_sets_equal(&got, &want, diff, sizeof diff), "%s (%s liveness): %s",
				  phi_flavor_name(flavors[f]), dflow ? "dataflow" : "walk", diff);
			if (flavors[f] == PHI_MINIMAL) {
				/* Every wide variable's φs: all K targets and the exit. */
				for (uint32_t v = 0; v < nw; v++)
					cr_assert_eq(got.off[v + 1] - got.off[v], K + 1);
				for (uint32_t v = nw; v < nw + nl; v++)
					cr_assert_eq(got.off[v + 1] - got.off[v], 1);
			}
			/* counters: phis, query-tries, walk-tries, stopped-tries. The first wide
			 * variable's queries are stopped (they cost more than the graph's size) and
			 * the walk places it and the other wide ones; the first loop variable's walk
			 * is stopped (it costs 4 times the wide ones'), and the queries place it and
			 * the other loop ones. */
			const char *fl = phi_flavor_name(flavors[f]);
			cr_assert_eq(cnt[0], got.total);
			cr_assert_eq(cnt[1], query, "%s: %" PRIu64 " query tries", fl, cnt[1]);
			cr_assert_eq(cnt[2], walk, "%s: %" PRIu64 " walk tries", fl, cnt[2]);
			cr_assert_eq(cnt[3], stopped, "%s: %" PRIu64 " stopped tries", fl, cnt[3]);
			phi_sets_free(&got);
			phi_sets_free(&want);
		}
	phit_ctx_free(&c);
	prog_free(&p);
}

/* The wide variables alone: the first one's queries are stopped, and the walk places all. */
Test(phi_auto, walks_wide_variables)
{
	check(4, 0, 1, 4, 1);
}

/* Then loop variables: the first one's walk is stopped, and the queries place all of them. */
Test(phi_auto, turns_to_the_queries_mid_input)
{
	check(4, 4, 5, 5, 2);
}
