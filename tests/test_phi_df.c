/* Dominance frontiers: the seeds' worked examples, the quadratic families' closed forms, every
 * registered DF algorithm against the definition on random graphs and against each other on
 * every generator family, and refusal of answers above the limit. */
#include "support/phi_util.h"

#include "gen/gen.h"

#include <stdio.h>

/* Runs every registered algorithm on g, checks each against `expect` (n lists, each terminated
 * by SSA_NONE) and returns nothing; used by the hand-checked cases. */
static void check_all(const struct cfg *g, const uint32_t *const *expect, const char *what)
{
	struct domtree t;
	phit_domtree(&t, g);
	for (size_t a = 0; a < df_nalgos; a++) {
		struct df_sets s = {0};
		cr_assert_eq(df_compute(df_algos[a], g, &t, DF_DEFAULT_LIMIT, &s, NULL), SSA_OK);
		for (uint32_t x = 0; x < g->n; x++) {
			uint64_t k = s.off[x];
			for (const uint32_t *y = expect[x]; *y != SSA_NONE; y++, k++)
				cr_assert(k < s.off[x + 1] && s.set[k] == *y,
					  "%s, %s: DF(%u) should hold %u", what, df_algos[a]->head.name, x,
					  *y);
			cr_assert_eq(k, s.off[x + 1], "%s, %s: DF(%u) too large", what,
				     df_algos[a]->head.name, x);
		}
		df_sets_free(&s);
	}
	domtree_free(&t);
}

#define L(...) ((const uint32_t[]){__VA_ARGS__, SSA_NONE})
#define E ((const uint32_t[]){SSA_NONE})

Test(df, seed000_bb1_to_bb8)
{
	/* Seed 000: Entry=0, bb1..bb8 = 1..8, End=9, arcs in the article's order. The article
	 * gives DF(bb1) = {}, DF(bb2) = DF(bb3) = {bb2, bb8}, DF(bb5) = DF(bb6) = {bb7},
	 * DF(bb7) = {bb8}, DF(bb8) = {}. Not stated there: DF(bb4) = {bb8} (bb4 dominates bb7,
	 * a predecessor of bb8, and bb8 also has the predecessor bb3), DF(Entry) = DF(End) = {}. */
	static const uint32_t e[][2] = {{0, 1}, {1, 2}, {1, 4}, {2, 3}, {3, 2}, {3, 8}, {4, 5},
					{4, 6}, {5, 7}, {6, 7}, {7, 8}, {8, 9}};
	struct cfg g;
	phit_cfg(&g, 10, e, 12);
	const uint32_t *expect[] = {E, E, L(2, 8), L(2, 8), L(8), L(7), L(7), L(8), E, E};
	check_all(&g, expect, "bb1..bb8");
	cfg_free(&g);
}

Test(df, seed001_fib)
{
	/* Seed 001, clang -O0 fib: entry=0, if.then=1, if.end=2, while.cond=3, while.body=4,
	 * while.end=5, return=6. The article's table: entry {}, if.then {return}, return {},
	 * while.body {while.cond}, if.end {return}, while.end {return},
	 * while.cond {return, while.cond}. */
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 6}, {2, 3}, {3, 4},
					{3, 5}, {4, 3}, {5, 6}};
	struct cfg g;
	phit_cfg(&g, 7, e, 8);
	const uint32_t *expect[] = {E, L(6), L(6), L(3, 6), L(3), L(6), E};
	check_all(&g, expect, "fib");
	cfg_free(&g);
}

Test(df, seed003_exercise_1)
{
	/* Seed 003, "compute DF(A), DF(B), DF(C) and DF(D)" for r->A; A->B,C; B->D; C->D,E;
	 * D->A,E. Blocks r=0, A=1, B=2, C=3, D=4, E=5.
	 * Dominators: every block is reached through A, so idom(B) = idom(C) = A; D has the
	 * predecessors B and C, E has C and D: idom(D) = idom(E) = A; idom(A) = r.
	 * DF(A): A dominates D, a predecessor of A, and does not strictly dominate itself: {A};
	 *   no other edge leaves A's subtree (A dominates every block but r).
	 * DF(B): B dominates only itself; B->D and B does not dominate D: {D}.
	 * DF(C): C dominates only itself; C->D, C->E: {D, E}.
	 * DF(D): D dominates only itself; D->A, D->E: {A, E}.
	 * DF(E) = {} (no successors), DF(r) = {}. */
	static const uint32_t e[][2] = {{0, 1}, {1, 2}, {1, 3}, {2, 4}, {3, 4},
					{3, 5}, {4, 1}, {4, 5}};
	struct cfg g;
	phit_cfg(&g, 6, e, 8);
	const uint32_t *expect[] = {E, L(1), L(4), L(4, 5), L(1, 5), E};
	check_all(&g, expect, "exercise 1");
	cfg_free(&g);
}

Test(df, seed003_exercise_2)
{
	/* Seed 003, "compute DF(A) and DF(B)" for r->A,E; A->B,G; B->C,D; C->E,F; D->F,G; E->H;
	 * F->H,I; G->I; H->J; I->J. Blocks r=0, A=1, B=2, C=3, D=4, E=5, F=6, G=7, H=8, I=9, J=10.
	 * Idoms: A, E (preds r, C), H (preds E, F), J (preds H, I) -> r; B, G (preds A, D) -> A;
	 * C, D, F (preds C, D) -> B; I (preds F, G) -> A.
	 * A dominates {A, B, C, D, F, G, I}. Edges leaving that region or re-entering it at a block
	 * A does not strictly dominate: C->E, F->H, I->J. So DF(A) = {E, H, J}.
	 * B dominates {B, C, D, F}: C->E, D->G, F->H, F->I leave it. So DF(B) = {E, G, H, I}.
	 * The rest, by the same rule: DF(C) = {E, F}, DF(D) = {F, G}, DF(E) = {H},
	 * DF(F) = {H, I}, DF(G) = {I}, DF(H) = DF(I) = {J}, DF(r) = DF(J) = {}. */
	static const uint32_t e[][2] = {{0, 1}, {0, 5}, {1, 2}, {1, 7}, {2, 3}, {2, 4}, {3, 5},
					{3, 6}, {4, 6}, {4, 7}, {5, 8}, {6, 8}, {6, 9}, {7, 9},
					{8, 10}, {9, 10}};
	struct cfg g;
	phit_cfg(&g, 11, e, 16);
	const uint32_t *expect[] = {E,	    L(5, 8, 10), L(5, 7, 8, 9), L(5, 6), L(6, 7), L(8),
				    L(8, 9), L(9),	  L(10),	 L(10),	  E};
	check_all(&g, expect, "exercise 2");
	cfg_free(&g);
}

Test(df, corner_cases)
{
	/* 0->1, 1->1 (self-loop), 1->2 twice (multi-edge), 3->2 and 3->0 from an unreachable
	 * block, 2->0 (back edge to the entry). DF(1) = {0, 1}: 1 is its own predecessor, and
	 * 2->0 leaves 1's subtree into the entry, which nobody strictly dominates. DF(2) = {0},
	 * DF(0) = {0}. The unreachable 3 dominates nothing and is in no frontier, although it
	 * is a predecessor of 2 and 0. */
	static const uint32_t e[][2] = {{0, 1}, {1, 1}, {1, 2}, {1, 2}, {3, 2}, {3, 0}, {2, 0}};
	struct cfg g;
	phit_cfg(&g, 4, e, 7);
	const uint32_t *expect[] = {L(0), L(0, 1), L(0), E};
	check_all(&g, expect, "corner cases");
	cfg_free(&g);
}

/* FAMILIES.md's ladder(k): a_i = i-1, b_i = k+i-1; a_i->a_{i+1}, b_i->b_{i+1}, a_i->b_i. */
static void ladder(struct cfg *g, uint32_t k)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, 2 * k, 3 * k), SSA_OK);
	for (uint32_t i = 0; i < k; i++) {
		if (i + 1 < k) {
			cr_assert_eq(edge_list_push(&el, i, i + 1), SSA_OK);
			cr_assert_eq(edge_list_push(&el, k + i, k + i + 1), SSA_OK);
		}
		cr_assert_eq(edge_list_push(&el, i, k + i), SSA_OK);
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

/* repeat-until nest(k): entry 0, h_i = i, t_i = k+i, exit 2k+1. */
static void repeat_until(struct cfg *g, uint32_t k)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, 2 * k + 2, 3 * k + 1), SSA_OK);
	cr_assert_eq(edge_list_push(&el, 0, 1), SSA_OK);
	for (uint32_t i = 1; i < k; i++)
		cr_assert_eq(edge_list_push(&el, i, i + 1), SSA_OK);
	cr_assert_eq(edge_list_push(&el, k, 2 * k), SSA_OK);
	for (uint32_t i = 1; i <= k; i++) {
		cr_assert_eq(edge_list_push(&el, k + i, i), SSA_OK);
		cr_assert_eq(edge_list_push(&el, k + i, i == 1 ? 2 * k + 1 : k + i - 1), SSA_OK);
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

Test(df, ladder_closed_form)
{
	static const uint32_t ks[] = {2, 3, 10, 57, 400};
	for (size_t t = 0; t < sizeof ks / sizeof ks[0]; t++) {
		uint32_t k = ks[t];
		struct cfg g;
		ladder(&g, k);
		struct domtree dt;
		phit_domtree(&dt, &g);
		for (size_t a = 0; a < df_nalgos; a++) {
			struct df_sets s = {0};
			cr_assert_eq(df_compute(df_algos[a], &g, &dt, DF_DEFAULT_LIMIT, &s, NULL),
				     SSA_OK);
			cr_assert_eq(s.total, (uint64_t)(k - 1) * (k + 2) / 2, "%s k=%u total %lu",
				     df_algos[a]->head.name, k, (unsigned long)s.total);
			/* DF(a_i) = {b_i..b_k} for i >= 2, DF(b_i) = {b_{i+1}}, DF(a_1) = {}. */
			for (uint32_t i = 1; i <= k; i++) {
				uint32_t ai = i - 1, bi = k + i - 1;
				uint64_t la = s.off[ai + 1] - s.off[ai], lb = s.off[bi + 1] - s.off[bi];
				cr_assert_eq(la, i == 1 ? 0 : k - i + 1, "%s DF(a_%u)", df_algos[a]->head.name, i);
				if (la)
					cr_assert_eq(s.set[s.off[ai]], bi);
				cr_assert_eq(lb, i < k ? 1u : 0u);
				if (lb)
					cr_assert_eq(s.set[s.off[bi]], bi + 1);
			}
			df_sets_free(&s);
		}
		domtree_free(&dt);
		cfg_free(&g);
	}
}

Test(df, repeat_until_closed_form)
{
	static const uint32_t ks[] = {1, 2, 5, 64, 300};
	for (size_t t = 0; t < sizeof ks / sizeof ks[0]; t++) {
		uint32_t k = ks[t];
		struct cfg g;
		repeat_until(&g, k);
		struct domtree dt;
		phit_domtree(&dt, &g);
		for (size_t a = 0; a < df_nalgos; a++) {
			struct df_sets s = {0};
			cr_assert_eq(df_compute(df_algos[a], &g, &dt, DF_DEFAULT_LIMIT, &s, NULL),
				     SSA_OK);
			cr_assert_eq(s.total, (uint64_t)k * (k + 1), "%s k=%u", df_algos[a]->head.name, k);
			/* DF(h_i) = DF(t_i) = {h_1..h_i}. */
			for (uint32_t i = 1; i <= k; i++)
				for (int side = 0; side < 2; side++) {
					uint32_t x = side ? k + i : i;
					cr_assert_eq(s.off[x + 1] - s.off[x], i);
					for (uint32_t j = 0; j < i; j++)
						cr_assert_eq(s.set[s.off[x] + j], j + 1);
				}
			cr_assert_eq(s.max, k);
			df_sets_free(&s);
		}
		domtree_free(&dt);
		cfg_free(&g);
	}
}

Test(df, limit_refuses_before_building)
{
	struct cfg g;
	ladder(&g, 200); /* Σ|DF| = 199*202/2 = 20099 */
	struct domtree dt;
	phit_domtree(&dt, &g);
	uint32_t *stamp = ssa_alloc_array(g.n, sizeof(uint32_t));
	uint64_t total;
	uint32_t mx;
	cr_assert_eq(df_count(&g, &dt, UINT64_MAX, stamp, NULL, &total, NULL), SSA_OK);
	cr_assert_eq(total, 20099);
	cr_assert_eq(df_count(&g, &dt, 20099, stamp, NULL, &total, &mx), SSA_OK);
	cr_assert_eq(df_count(&g, &dt, 20098, stamp, NULL, &total, NULL), SSA_ETOOBIG);
	for (size_t a = 0; a < df_nalgos; a++) {
		struct df_sets s = {0};
		cr_assert_eq(df_compute(df_algos[a], &g, &dt, 20098, &s, NULL), SSA_ETOOBIG, "%s",
			     df_algos[a]->head.name);
		df_sets_free(&s);
		cr_assert_eq(df_compute(df_algos[a], &g, &dt, 20099, &s, NULL), SSA_OK, "%s",
			     df_algos[a]->head.name);
		df_sets_free(&s);
	}
	free(stamp);
	domtree_free(&dt);
	cfg_free(&g);
	/* df-naive's own work bound: 10^5 blocks is n*(n+m) > 2^33 whatever the answer. */
	const struct df_algo *naive = algo_find(df_algos, df_nalgos, "df-naive");
	cr_assert(naive);
	cr_assert_eq(naive->scratch_bytes(100000, 150000), UINT64_MAX);
	cr_assert_neq(naive->scratch_bytes(1000, 1500), UINT64_MAX);
}

Test(df, random_graphs_match_the_definition)
{
	/* 1500 random graphs of 1..40 blocks, with unreachable parts, self-loops, multi-edges. */
	for (uint64_t seed = 1; seed <= 1500; seed++) {
		struct ssa_rng r;
		ssa_rng_seed(&r, seed);
		uint32_t n = 1 + (uint32_t)(ssa_rng_next(&r) % 40);
		struct cfg g;
		phit_random_cfg(&g, &r, n, (uint32_t)(ssa_rng_next(&r) % (2 * n + 1)));
		struct domtree dt;
		phit_domtree(&dt, &g);
		uint8_t *ref = phit_df_matrix(&g, &dt);
		char what[96];
		for (size_t a = 0; a < df_nalgos; a++) {
			struct df_sets s = {0};
			cr_assert_eq(df_compute(df_algos[a], &g, &dt, DF_DEFAULT_LIMIT, &s, NULL),
				     SSA_OK);
			snprintf(what, sizeof what, "%s on random seed %lu n=%u", df_algos[a]->head.name,
				 (unsigned long)seed, n);
			phit_df_matches(&s, ref, n, what);
			df_sets_free(&s);
		}
		free(ref);
		domtree_free(&dt);
		cfg_free(&g);
	}
}

Test(df, algorithms_agree_on_every_family)
{
	static const uint64_t sizes[] = {50, 700, 3000};
	uint64_t counters[DF_MAX_COUNTERS];
	for (size_t f = 0; f < gen_nfamilies; f++)
		for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
			for (uint64_t seed = 1; seed <= 2; seed++) {
				struct gen_params p;
				gen_params_default(&p);
				p.family = gen_families[f].name;
				p.blocks = sizes[z];
				p.seed = seed;
				if (strcmp(p.family, "itworst") == 0)
					p.edges = sizes[z] * 4;
				struct gen_info info;
				struct cfg g;
				int st = gen_cfg(&p, &g, &info);
				cr_assert_eq(st, SSA_OK, "gen %s %lu: %s", p.family,
					     (unsigned long)sizes[z], info.note);
				struct domtree dt;
				phit_domtree(&dt, &g);
				struct df_sets ref = {0};
				const struct df_algo *base = algo_find(df_algos, df_nalgos, "df-runner");
				cr_assert_eq(df_compute(base, &g, &dt, DF_DEFAULT_LIMIT, &ref, counters),
					     SSA_OK);
				for (size_t a = 0; a < df_nalgos; a++) {
					if (df_algos[a] == base)
						continue;
					struct df_sets s = {0};
					cr_assert_eq(df_compute(df_algos[a], &g, &dt, DF_DEFAULT_LIMIT,
								&s, counters),
						     SSA_OK, "%s on %s", df_algos[a]->head.name, info.note);
					char msg[160];
					cr_assert(df_sets_equal(&ref, &s, msg, sizeof msg),
						  "%s vs df-runner on %s seed %lu: %s",
						  df_algos[a]->head.name, info.note, (unsigned long)seed, msg);
					df_sets_free(&s);
				}
				df_sets_free(&ref);
				domtree_free(&dt);
				cfg_free(&g);
			}
}

Test(df, scratch_and_output_are_reusable)
{
	/* Run each algorithm twice on two different graphs with one scratch and one output. */
	struct cfg g1, g2;
	ladder(&g1, 30);
	repeat_until(&g2, 20);
	struct domtree t1, t2;
	phit_domtree(&t1, &g1);
	phit_domtree(&t2, &g2);
	uint32_t n = g1.n > g2.n ? g1.n : g2.n, m = g1.m > g2.m ? g1.m : g2.m;
	for (size_t a = 0; a < df_nalgos; a++) {
		void *scr;
		uint64_t c[DF_MAX_COUNTERS];
		cr_assert_eq(df_algos[a]->scratch_alloc(&scr, n, m), SSA_OK);
		struct df_sets s = {0}, r1 = {0}, r2 = {0};
		cr_assert_eq(df_compute(df_algos[0], &g1, &t1, DF_DEFAULT_LIMIT, &r1, NULL), SSA_OK);
		cr_assert_eq(df_compute(df_algos[0], &g2, &t2, DF_DEFAULT_LIMIT, &r2, NULL), SSA_OK);
		char msg[160];
		for (int rep = 0; rep < 2; rep++) {
			cr_assert_eq(df_algos[a]->run(scr, &g1, &t1, DF_DEFAULT_LIMIT, &s, c), SSA_OK);
			cr_assert(df_sets_equal(&r1, &s, msg, sizeof msg), "%s: %s", df_algos[a]->head.name, msg);
			cr_assert_eq(df_algos[a]->run(scr, &g2, &t2, DF_DEFAULT_LIMIT, &s, c), SSA_OK);
			cr_assert(df_sets_equal(&r2, &s, msg, sizeof msg), "%s: %s", df_algos[a]->head.name, msg);
		}
		df_algos[a]->scratch_free(scr);
		df_sets_free(&s);
		df_sets_free(&r1);
		df_sets_free(&r2);
	}
	domtree_free(&t1);
	domtree_free(&t2);
	cfg_free(&g1);
	cfg_free(&g2);
}
