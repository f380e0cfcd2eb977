/* The CFG core: CSR construction, predecessor order, reverse/clone, validation, and the
 * iterative DFS against a textbook recursive reference on small graphs. */
#include <criterion/criterion.h>

#include "cfg/cfg.h"
#include "cfg/traverse.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

static void build(struct cfg *g, uint32_t n, const uint32_t (*edges)[2], uint32_t m)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 1), SSA_OK);
	for (uint32_t i = 0; i < m; i++)
		cr_assert_eq(edge_list_push(&el, edges[i][0], edges[i][1]), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

Test(cfg, csr_keeps_edge_order_and_multi_edges)
{
	/* Edges of block 0 interleaved with others: successor order is the order within a block. */
	static const uint32_t e[][2] = {{0, 2}, {1, 3}, {0, 1}, {2, 3}, {0, 2}, {3, 3}};
	struct cfg g;
	build(&g, 4, e, 6);
	cr_assert_eq(g.n, 4);
	cr_assert_eq(g.m, 6);
	cr_assert_eq(cfg_out_degree(&g, 0), 3);
	cr_assert_eq(g.succ[0], 2);
	cr_assert_eq(g.succ[1], 1);
	cr_assert_eq(g.succ[2], 2);
	/* pred(2) = {0, 0} (multi-edge kept); pred(3) = {1, 2, 3} by source order. */
	cr_assert_eq(cfg_in_degree(&g, 2), 2);
	cr_assert_eq(cfg_in_degree(&g, 3), 3);
	uint32_t p3 = g.pred_off[3];
	cr_assert_eq(g.pred[p3], 1);
	cr_assert_eq(g.pred[p3 + 1], 2);
	cr_assert_eq(g.pred[p3 + 2], 3);
	char why[128];
	cr_assert(cfg_is_valid(&g, why, sizeof why), "%s", why);
	cfg_free(&g);
}

Test(cfg, reverse_and_clone)
{
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 2}, {2, 0}};
	struct cfg g, r, c;
	build(&g, 3, e, 4);
	cr_assert_eq(cfg_reverse(&r, &g), SSA_OK);
	cr_assert_eq(cfg_out_degree(&r, 2), 2); /* 2 <- 0, 2 <- 1 */
	cr_assert_eq(cfg_out_degree(&r, 0), 1);
	cr_assert(cfg_is_valid(&r, NULL, 0));
	cr_assert_eq(cfg_clone(&c, &g), SSA_OK);
	cr_assert_eq(memcmp(c.succ, g.succ, 4 * sizeof(uint32_t)), 0);
	cr_assert_eq(memcmp(c.pred, g.pred, 4 * sizeof(uint32_t)), 0);
	cfg_free(&g);
	cfg_free(&r);
	cfg_free(&c);
}

Test(cfg, validation_rejects_broken_csr)
{
	static const uint32_t e[][2] = {{0, 1}, {1, 0}};
	struct cfg g;
	build(&g, 2, e, 2);
	char why[128];
	g.succ[1] = 7;
	cr_assert_not(cfg_is_valid(&g, why, sizeof why));
	cr_assert(strstr(why, "out of range"), "%s", why);
	g.succ[1] = 1; /* now pred no longer mirrors succ */
	cr_assert_not(cfg_is_valid(&g, why, sizeof why));
	cfg_free(&g);
}

Test(cfg, edge_count_overflow_is_refused)
{
	size_t out;
	cr_assert_not(ssa_mul_ok(SIZE_MAX / 2, 3, &out));
	cr_assert_null(ssa_alloc_array(SIZE_MAX / 2, 4));
	cr_assert_eq(ssa_bytes(UINT64_MAX / 2, 3), UINT64_MAX);
}

/* Reference: the recursive DFS of the textbook, fine for the small graphs it is used on. */
struct ref {
	const struct cfg *g;
	uint32_t *pre, *post, *parent, npre, npost;
};

static void ref_visit(struct ref *r, uint32_t b)
{
	r->pre[b] = r->npre++;
	for (uint32_t e = r->g->succ_off[b]; e < r->g->succ_off[b + 1]; e++) {
		uint32_t v = r->g->succ[e];
		if (r->pre[v] == SSA_NONE) {
			r->parent[v] = b;
			ref_visit(r, v);
		}
	}
	r->post[b] = r->npost++;
}

Test(traverse, dfs_matches_recursive_reference_on_random_graphs)
{
	struct ssa_rng rng;
	ssa_rng_seed(&rng, 42);
	for (int iter = 0; iter < 2000; iter++) {
		uint32_t n = 1 + (uint32_t)ssa_rng_below(&rng, 40);
		uint32_t m = (uint32_t)ssa_rng_below(&rng, 3 * n + 1);
		struct edge_list el;
		cr_assert_eq(edge_list_init(&el, n, 4), SSA_OK);
		for (uint32_t i = 0; i < m; i++)
			edge_list_push(&el, (uint32_t)ssa_rng_below(&rng, n), (uint32_t)ssa_rng_below(&rng, n));
		struct cfg g;
		cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
		edge_list_free(&el);

		struct ref r = {.g = &g};
		r.pre = malloc(n * 4);
		r.post = malloc(n * 4);
		r.parent = malloc(n * 4);
		memset(r.pre, 0xff, n * 4);
		memset(r.post, 0xff, n * 4);
		memset(r.parent, 0xff, n * 4);
		ref_visit(&r, 0);

		struct cfg_dfs d;
		cr_assert_eq(cfg_dfs_alloc(&d, n), SSA_OK);
		cfg_dfs_run(&d, &g, 0);
		cr_assert_eq(d.nreach, r.npre, "iteration %d", iter);
		for (uint32_t b = 0; b < n; b++) {
			cr_assert_eq(d.pre[b], r.pre[b], "iteration %d block %u", iter, b);
			cr_assert_eq(d.post[b], r.post[b], "iteration %d block %u", iter, b);
			cr_assert_eq(d.parent[b], r.parent[b], "iteration %d block %u", iter, b);
			if (d.pre[b] != SSA_NONE)
				cr_assert_eq(d.order[d.pre[b]], b);
		}
		/* Reverse postorder: every block appears once, and a tree/forward edge goes forward. */
		uint32_t *pos = malloc(n * 4);
		memset(pos, 0xff, n * 4);
		for (uint32_t i = 0; i < d.nreach; i++) {
			cr_assert_eq(pos[d.rpo[i]], SSA_NONE);
			pos[d.rpo[i]] = i;
		}
		for (uint32_t b = 0; b < n; b++)
			if (d.parent[b] != SSA_NONE)
				cr_assert_lt(pos[d.parent[b]], pos[b]);

		uint8_t *reached = malloc(n);
		uint32_t *stack = malloc(n * 4);
		cr_assert_eq(cfg_reach(&g, 0, reached, stack), d.nreach);
		for (uint32_t b = 0; b < n; b++)
			cr_assert_eq(reached[b], d.pre[b] != SSA_NONE);
		free(reached);
		free(stack);
		free(pos);
		free(r.pre);
		free(r.post);
		free(r.parent);
		cfg_dfs_free(&d);
		cfg_free(&g);
	}
}

Test(traverse, ten_million_block_chain_does_not_overflow_the_stack)
{
	const uint32_t n = 10000000;
	uint32_t *off = malloc(((size_t)n + 1) * 4), *succ = malloc((size_t)(n - 1) * 4);
	cr_assert(off && succ);
	for (uint32_t b = 0; b < n; b++) {
		off[b] = b;
		if (b + 1 < n)
			succ[b] = b + 1;
	}
	off[n] = n - 1;
	struct cfg g;
	cr_assert_eq(cfg_from_succ_csr(&g, n, n - 1, off, succ), SSA_OK);
	struct cfg_dfs d;
	cr_assert_eq(cfg_dfs_alloc(&d, n), SSA_OK);
	cfg_dfs_run(&d, &g, 0);
	cr_assert_eq(d.nreach, n);
	cr_assert_eq(d.pre[n - 1], n - 1);
	cr_assert_eq(d.post[0], n - 1);
	cr_assert_eq(d.rpo[0], 0);
	cr_assert_eq(d.rpo[n - 1], n - 1);
	cfg_dfs_free(&d);
	cfg_free(&g);
}

Test(mem, free_all_frees_past_a_null)
{
	/* Under ASan a leak here fails the run: every pointer after the NULL must be freed. */
	void *a = malloc(8), *b = malloc(8);
	ssa_free_all(NULL, a, NULL, b);
	ssa_free_all(NULL);
}
