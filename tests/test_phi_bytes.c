/* The phi and df stages' memory estimates (phi_upstream_bytes, live_upstream_bytes,
 * phi_count_bounds, phi_count_bytes, phi_sets_bytes, df_stage_bytes, df_run_bytes) and the
 * counts they read (df_count_total, phi_place_count) on the textbook diamond, each expected
 * value worked out by hand from the arrays' sizes and jemalloc's size classes (ssa_alloc_size:
 * 16-byte steps up to 128 bytes, then four steps per power of two). An algorithm's own scratch
 * and auto's tree come from their descriptors; every other term is written out. */
#include "support/phi_util.h"

/* 0 -> 1, 2 -> 3; x (v0) and y (v1) defined at entry, x again in 1 and 3, y in 2; 8 ops. */
static void diamond(struct prog *p, struct cfg *g)
{
	phit_diamond(p, g, 2, "d0 d1|d0|u1 d1|u0 d0 u1");
}

/* Sizes on the diamond (n = 4, V = 2, 8 ops), by hand:
 *   the default tree: idom 16 + max(auto's scratch, domtree 128)     = 16 + 240 = 256
 *   domtree_bytes(4): six arrays of 4 words (16 each) + 5 words (32) = 128
 *   var_blocks_bytes(4, 2, 8): 2 x 3 u64 (32) + 2 x 2 words (8) + 4 words (16) + 2 x 8 words (32)
 *                                                                     = 64 + 16 + 16 + 64 = 160
 *   the φ output of 2 φs: 3 u64 offsets (32) + 2 blocks (8)          = 40 */
enum { TREE_PEAK = 256, TREE = 128, VB = 160, OUT2 = 40 };

Test(phi_bytes, auto_tree_peak_is_what_the_sums_assume)
{
	const struct dom_algo *a = algo_find(dom_algos, dom_nalgos, "auto");
	cr_assert_eq(a->scratch_bytes(4, 4), 240);
	cr_assert_eq(dom_tree_default_bytes(4, 4), TREE_PEAK);
	cr_assert_eq(domtree_bytes(4), TREE);
	cr_assert_eq(var_blocks_bytes(4, 2, 8), VB);
	cr_assert_eq(phi_output_bytes(2, 2), OUT2);
}

Test(phi_bytes, placement_without_frontiers)
{
	struct cfg g;
	struct prog p;
	diamond(&p, &g);
	const struct phi_algo *dj = algo_find(phi_algos, phi_nalgos, "phi-djq");
	cr_assert(dj && !dj->needs_df);
	/* the lists, then the tree's peak (256) or the tree + scratch + output: 128 + 1000 + 40 */
	cr_assert_eq(phi_upstream_bytes(dj, &p, PHI_MINIMAL, false, 100, 1000, 2, 0),
		     VB + TREE + 1000 + OUT2);
	/* pruned with dataflow liveness keeps its bitsets too: 3 x 4 u64 (32 each), one word (8),
	 * the queue (16), its flags (8) and the DFS's 7 x 16 = 240 */
	cr_assert_eq(phi_upstream_bytes(dj, &p, PHI_PRUNED, true, 100, 1000, 2, 0),
		     VB + TREE + 240 + 1000 + OUT2);
	/* dataflow liveness is not built for the other flavours */
	cr_assert_eq(phi_upstream_bytes(dj, &p, PHI_SEMIPRUNED, true, 100, 1000, 2, 0),
		     VB + TREE + 1000 + OUT2);
	/* a small scratch: the tree's own peak is the larger phase */
	cr_assert_eq(phi_upstream_bytes(dj, &p, PHI_MINIMAL, false, 100, 0, 2, 0), VB + TREE_PEAK);
	prog_free(&p);
}

Test(phi_bytes, placement_with_frontiers)
{
	struct cfg g;
	struct prog p;
	diamond(&p, &g);
	const struct phi_algo *idf = algo_find(phi_algos, phi_nalgos, "phi-idf");
	const struct df_algo *r = algo_find(df_algos, df_nalgos, "df-runner");
	cr_assert(idf && idf->needs_df);
	uint64_t rs = r->scratch_bytes(4, 4);
	/* 2 frontier entries: 5 u64 offsets (48) and 2 words (8) = 56, kept beside the tree */
	cr_assert_eq(phi_upstream_bytes(idf, &p, PHI_MINIMAL, false, 100, 1000, 2, 2),
		     VB + TREE + 56 + 1000 + OUT2);
	/* Σ|DF| = 5 over a limit of 4: refused after counting, with the offsets only (48) beside
	 * the tree and df-runner's scratch, or the tree's peak */
	uint64_t refused = TREE + rs + 48;
	cr_assert_eq(phi_upstream_bytes(idf, &p, PHI_MINIMAL, false, 4, 1000, 2, 5),
		     VB + (refused > TREE_PEAK ? refused : TREE_PEAK));
	prog_free(&p);
}

Test(phi_bytes, refused_after_counting)
{
	/* A chain of 16 blocks, x defined at entry: there the refused phase is the larger. The
	 * lists: 2 x 2 u64 (16 each), 2 x 1 word (8), the block with ops (8), 2 x 1 op (8) = 72.
	 * The tree: six arrays of 16 words (64 each) and 17 words (68: class 80) = 464; the sets'
	 * 17 u64 offsets, 136 bytes, class 160. */
	uint32_t e[15][2];
	for (uint32_t i = 0; i < 15; i++)
		e[i][0] = i, e[i][1] = i + 1;
	struct cfg g;
	struct prog p;
	phit_cfg(&g, 16, (const uint32_t(*)[2])e, 15);
	phit_prog(&p, &g, 1, "d0");
	cr_assert_eq(var_blocks_bytes(16, 1, 1), 72);
	cr_assert_eq(domtree_bytes(16), 464);
	const struct phi_algo *idf = algo_find(phi_algos, phi_nalgos, "phi-idf");
	const struct df_algo *r = algo_find(df_algos, df_nalgos, "df-runner");
	uint64_t rs = r->scratch_bytes(16, 15);
	uint64_t refused = 464 + rs + 160;
	cr_assert_gt(refused, dom_tree_default_bytes(16, 15));
	cr_assert_eq(phi_upstream_bytes(idf, &p, PHI_MINIMAL, false, 4, 1000, 2, 5), 72 + refused);
	prog_free(&p);
}

Test(phi_bytes, liveness_kernels)
{
	/* the lists (160) and dataflow's arrays (240), or the walk's three stamps (3 x 16) */
	cr_assert_eq(live_upstream_bytes(true, 4, 2, 8), VB + 240);
	cr_assert_eq(live_upstream_bytes(false, 4, 2, 8), VB + 48);
}

Test(phi_bytes, bounds_and_counts)
{
	struct cfg g;
	struct prog p;
	diamond(&p, &g);
	/* one join (block 3, two in-edges): V x 1 φs, V x 2 operands, n x 1 frontier entries */
	struct phi_counts c;
	phi_count_bounds(&p, 100, &c);
	cr_assert(c.nphi == 2 && c.nargs == 4 && c.df_total == 4);
	phi_count_bounds(&p, 3, &c);
	cr_assert_eq(c.df_total, 3);
	/* what the bounds stand for: DF(1) = DF(2) = {3}; minimal SSA has a φ for x and y at 3 */
	struct domtree dt;
	phit_domtree(&dt, &p.cfg);
	uint64_t total = 0, nphi = 0, nargs = 0;
	cr_assert_eq(df_count_total(&p.cfg, &dt, 100, &total), SSA_OK);
	cr_assert_eq(total, 2);
	cr_assert_eq(df_count_total(&p.cfg, &dt, 1, &total), SSA_ETOOBIG);
	cr_assert_eq(phi_place_count(&p, &dt, PHI_MINIMAL, &nphi, &nargs), SSA_OK);
	cr_assert(nphi == 2 && nargs == 4, "%lu φs, %lu operands", (unsigned long)nphi,
		  (unsigned long)nargs);
	/* pruned: x is used in 3 before it is redefined, y too: both φs stay */
	cr_assert_eq(phi_place_count(&p, &dt, PHI_PRUNED, &nphi, &nargs), SSA_OK);
	cr_assert_eq(nphi, 2);
	/* counting: the tree's peak (256), the tree with the stamps (128 + 16), or the tree with
	 * phi_place_prog over it bounded by V x joins = 2 φs */
	const struct phi_algo *a = phi_default_algo();
	struct phi_input pin = {.prog = &p};
	uint64_t place = TREE + phi_place_prog_bytes(a, &p, phi_scratch_bytes(a, &pin), 2, 0);
	cr_assert_eq(phi_count_bytes(&p, false), TREE_PEAK);
	cr_assert_eq(phi_count_bytes(&p, true), place > TREE_PEAK ? place : TREE_PEAK);
	/* the φ sets: 3 u64 offsets (32) and the blocks; 30 φs take 120 bytes, class 128 */
	cr_assert_eq(phi_sets_bytes(2, 2), 40);
	cr_assert_eq(phi_sets_bytes(30, 2), 32 + 128);
	domtree_free(&dt);
	prog_free(&p);
}

Test(phi_bytes, frontier_stage)
{
	const struct df_algo *naive = algo_find(df_algos, df_nalgos, "df-naive");
	const struct df_algo *cy = algo_find(df_algos, df_nalgos, "df-cytron");
	cr_assert_eq(naive->scratch_bytes(4, 4), 0);
	/* 100 entries: 5 u64 offsets (48) and 400 bytes (class 448) beside the tree (128); above
	 * the tree's peak (256) and the counting pass (128 + 16) */
	cr_assert_eq(df_stage_bytes(naive, 4, 4, 100, 1000), TREE + 48 + 448);
	/* 2 entries: the tree's peak is the largest phase */
	cr_assert_eq(df_stage_bytes(naive, 4, 4, 2, 1000), TREE_PEAK);
	/* past the limit the count refuses: the tree's peak or the counting pass */
	cr_assert_eq(df_stage_bytes(naive, 4, 4, 5000, 1000), TREE_PEAK);
	/* a run's own buffer comes on top of the scratch (df-cytron's run_bytes, none for 100
	 * entries); 10^5 entries take 4 x 10^5 bytes, class 7 x 2^16 */
	uint64_t run = cy->scratch_bytes(4, 4) + cy->run_bytes(100000, 1000000);
	cr_assert_gt(cy->run_bytes(100000, 1000000), 0);
	cr_assert_eq(df_run_bytes(cy, 4, 4, 100000, 1000000), run);
	cr_assert_eq(df_run_bytes(naive, 4, 4, 100000, 1000000), 0);
	cr_assert_eq(df_stage_bytes(cy, 4, 4, 100000, 1000000), TREE + 48 + 7 * 65536 + run);
	/* an algorithm that refuses the size outright allocates nothing */
	cr_assert_eq(naive->scratch_bytes(1u << 30, 1u << 30), UINT64_MAX);
	cr_assert_eq(df_stage_bytes(naive, 1u << 30, 1u << 30, 0, 1000), 0);
}
