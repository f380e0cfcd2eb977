/* The CFG core: CSR construction, predecessor order, the partitioned predecessor build against
 * the plain counting sort, reverse/clone, validation, and the iterative DFS against a textbook
 * recursive reference on small graphs. */
#include <criterion/criterion.h>

#include "cfg/cfg.h"
#include "cfg/floor.h"
#include "cfg/traverse.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdio.h>
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

/* The three predecessor builds give the same words on g, agree with g's own CSR (built by
 * cfg_build_preds) and pass the floor's reference check. */
static void expect_preds_agree(const struct cfg *g, const char *what)
{
	size_t no = (size_t)g->n + 2;
	uint32_t *o1 = ssa_alloc_array(no, 4), *o2 = ssa_alloc_array(no, 4), *o3 = ssa_alloc_array(no, 4);
	uint32_t *p1 = ssa_alloc_array(g->m, 4), *p2 = ssa_alloc_array(g->m, 4), *p3 = ssa_alloc_array(g->m, 4);
	cr_assert(o1 && o2 && o3 && p1 && p2 && p3);
	/* Poison the outputs so a slot left unwritten cannot match by luck. */
	memset(o2, 0xa5, no * 4);
	memset(p2, 0xa5, (size_t)g->m * 4);
	cfg_preds_count(g, o1, p1);
	cr_assert_eq(cfg_preds_partition(g, o2, p2), SSA_OK, "%s", what);
	cfg_preds_fill(g, o3, p3);
	cr_assert_eq(memcmp(o1, o2, ((size_t)g->n + 1) * 4), 0, "%s: offsets differ", what);
	cr_assert_eq(memcmp(p1, p2, (size_t)g->m * 4), 0, "%s: predecessors differ", what);
	cr_assert_eq(memcmp(o1, o3, ((size_t)g->n + 1) * 4), 0, "%s: fill's offsets differ", what);
	cr_assert_eq(memcmp(p1, p3, (size_t)g->m * 4), 0, "%s: fill's predecessors differ", what);
	char msg[256];
	cr_assert_eq(cfg_preds_check(g, o2, p2, msg, sizeof msg), SSA_OK, "%s: %s", what, msg);
	ssa_free_all(o1, o2, o3, p1, p2, p3);
}

/* Edges u -> v from a generator: targets uniform below `reach` (blocks at or above it have no
 * predecessor, so none but the entry is reachable from the entry there), each edge doubled with
 * probability 1/8 (multi-edges) and a self-loop on every 50th block. */
static void random_graph(struct cfg *g, uint32_t n, uint32_t deg, uint32_t reach, uint64_t seed)
{
	struct ssa_rng rng;
	ssa_rng_seed(&rng, seed);
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 1024), SSA_OK);
	for (uint32_t u = 0; u < n; u++) {
		if (u % 50 == 0)
			cr_assert_eq(edge_list_push(&el, u, u), SSA_OK);
		for (uint32_t k = 0; k < deg; k++) {
			uint32_t v = (uint32_t)ssa_rng_below(&rng, reach);
			cr_assert_eq(edge_list_push(&el, u, v), SSA_OK);
			if (ssa_rng_chance(&rng, 1, 8))
				cr_assert_eq(edge_list_push(&el, u, v), SSA_OK);
		}
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

Test(cfg, partitioned_preds_equal_the_counting_sort_on_large_graphs)
{
	/* Big enough for cfg_preds_fill to partition (n + m past the cut-over, random targets),
	 * several buckets each. */
	static const struct { uint32_t n, deg, unreached; } cases[] = {
		{700000, 2, 0},      /* random */
		{150000, 16, 0},     /* dense */
		{400000, 5, 100000}, /* the last quarter has no predecessors */
		{1u << 20, 2, 1},    /* n a power of two, last block unreached */
		{333331, 6, 7},      /* n not a multiple of any bucket width */
		{4500000, 1, 9},     /* past 2^22 blocks: keys in their own array, not packed */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct cfg g;
		random_graph(&g, cases[i].n, cases[i].deg, cases[i].n - cases[i].unreached, 7 + i);
		cr_assert_geq((uint64_t)g.n + g.m, CFG_PREDS_PARTITION_MIN_WORDS);
		char what[64];
		snprintf(what, sizeof what, "case %zu (n=%u m=%u)", i, g.n, g.m);
		expect_preds_agree(&g, what);
		cfg_free(&g);
	}
}

Test(cfg, partitioned_preds_on_skewed_and_small_graphs)
{
	/* One block with most of the edges (a bucket far larger than the others), then the corner
	 * cases, where only the forced partition takes that path: no edge, one self-loop, a few
	 * blocks with multi-edges. */
	struct edge_list el;
	struct cfg g;
	const uint32_t n = 300000;
	cr_assert_eq(edge_list_init(&el, n, 1024), SSA_OK);
	for (uint32_t u = 0; u < n; u++) {
		for (uint32_t k = 0; k < 6; k++)
			cr_assert_eq(edge_list_push(&el, u, n / 2), SSA_OK);
		cr_assert_eq(edge_list_push(&el, u, (uint32_t)(((uint64_t)u * 2654435761u) % n)), SSA_OK);
	}
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	expect_preds_agree(&g, "one block with 6n predecessors");
	cfg_free(&g);

	cr_assert_eq(edge_list_init(&el, 1, 1), SSA_OK);
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	expect_preds_agree(&g, "one block, no edge");
	cfg_free(&g);
	cr_assert_eq(edge_list_push(&el, 0, 0), SSA_OK);
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	expect_preds_agree(&g, "one block, a self-loop");
	cfg_free(&g);
	edge_list_free(&el);
	static const uint32_t e[][2] = {{0, 2}, {1, 3}, {0, 1}, {2, 3}, {0, 2}, {3, 3}, {4, 0}};
	build(&g, 6, e, 7); /* block 5 unreached, block 4 has no predecessor */
	expect_preds_agree(&g, "six blocks");
	cfg_free(&g);
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
