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
 * to K sources s_i, each of which jumps to all K targets t_j (K < 64: no target is a hub); the
 * targets meet at the exit X.
 * - A "wide" variable (the first NW) is defined in every s_i and used in X: its roots are the
 *   s_i, each with K J edges to targets as deep as itself. The walk scans them in order; the
 *   queries report and remove every one of the K^2 edges (about 8x the walk's work).
 * - A "loop" variable (the last NL) is used then defined in 1 and used in L: its one root, 1,
 *   has the back edge L -> 1 at the bottom of a chain of L blocks. The walk goes down the
 *   whole chain; the queries find the edge in one descent of the tree. */
enum { L = 8000, K = 60, NW = 4, NL = 4 };

static void build(struct prog *p)
{
	const uint32_t B = L + 1, S = L + 2, T = S + K, X = T + K, n = X + 1;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, L + 2 * K + K * K + 2), SSA_OK);
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
	struct cfg g;
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	/* The program text: per block its ops, blocks separated by '|' (phit_prog). */
	size_t cap = (size_t)n * 4 + (size_t)(NW * K + 3 * NL + NW) * 8, len = 0;
	char *text = calloc(cap, 1);
	cr_assert_not_null(text);
	for (uint32_t b = 0; b < n; b++) {
		if (b)
			text[len++] = '|';
		for (uint32_t v = 0; v < NW + NL; v++) {
			bool wide = v < NW;
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
	phit_prog(p, &g, NW + NL, text);
	free(text);
}

Test(phi_auto, walks_the_wide_variables_and_queries_the_loop_ones)
{
	struct prog p;
	build(&p);
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
				for (uint32_t v = 0; v < NW; v++)
					cr_assert_eq(got.off[v + 1] - got.off[v], K + 1);
				for (uint32_t v = NW; v < NW + NL; v++)
					cr_assert_eq(got.off[v + 1] - got.off[v], 1);
			}
			/* counters: phis, query-tries, walk-tries, stopped-tries. The first wide
			 * variable's queries are stopped (they cost more than the graph's size) and
			 * the walk places it and the other wide ones; the first loop variable's walk
			 * is stopped, and the queries place it and the others. */
			cr_assert_eq(cnt[0], got.total);
			cr_assert_geq(cnt[2], NW, "%s: %" PRIu64 " walk tries for %d wide variables",
				      phi_flavor_name(flavors[f]), cnt[2], NW);
			cr_assert_geq(cnt[1], NL, "%s: %" PRIu64 " query tries for %d loop variables",
				      phi_flavor_name(flavors[f]), cnt[1], NL);
			cr_assert(cnt[3] >= 2 && cnt[3] <= 3, "%s: %" PRIu64 " stopped tries",
				  phi_flavor_name(flavors[f]), cnt[3]);
			cr_assert_eq(cnt[1] + cnt[2], NW + NL + cnt[3]);
			phi_sets_free(&got);
			phi_sets_free(&want);
		}
	phit_ctx_free(&c);
	prog_free(&p);
}
