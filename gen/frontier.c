/* Families whose dominance frontiers grow quadratically in total (see FAMILIES.md, where the
 * frontiers were checked by brute force): ladder and repeat-until. Both are sized by a shape
 * parameter k, picked so that n comes closest to --blocks (ties to the smaller k, k >= 1).
 * Time O(n), memory the edge list.
 *
 * Cytron et al.'s worklist placement touches every frontier entry, so it is quadratic here
 * while Sreedhar-Gao's DJ-graph placement stays linear: these families separate the two. */
#include "gen/build.h"

/* ladder(k): 2k blocks, a_i = i-1 and b_i = k+i-1 (a_1 = 0 is the entry). A block a_i lists
 * a_i -> a_{i+1} before its rung a_i -> b_i; b_i -> b_{i+1}. m = 3k-2.
 * DF(a_i) = {b_i..b_k} for i >= 2, so the frontiers total (k-1)(k+2)/2. */
int gen_build_ladder(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	uint64_t k = gen_pick_linear_k(p->blocks, 2, 0, 1);
	int st = gen_begin(out, info, "ladder", 2 * k, 3 * k);
	if (st != SSA_OK)
		return st;
	uint32_t kk = (uint32_t)k;
	/* Emitted grouped by source (all a's, then all b's), which lets gen_cfg skip a sort. */
	for (uint32_t i = 0; i < kk; i++) {
		if (i + 1 < kk)
			GEN_PUSH(out, i, i + 1);
		GEN_PUSH(out, i, kk + i);
	}
	for (uint32_t i = 0; i + 1 < kk; i++)
		GEN_PUSH(out, kk + i, kk + i + 1);
	info->k = k;
	snprintf(info->note, sizeof info->note, "ladder: k=%u (n=%u, m=%u)", kk, 2 * kk, out->m);
	return SSA_OK;
}

/* repeat-until nest(k): 2k+2 blocks, entry 0, headers h_i = i, latches t_i = k+i, exit 2k+1.
 * entry -> h_1; h_i -> h_{i+1}; h_k -> t_k; each t_i lists its back edge t_i -> h_i before
 * its exit t_i -> t_{i-1} (t_1 -> exit). m = 3k+1. The dominator tree is one chain and
 * DF(h_i) = DF(t_i) = {h_1..h_i}: the frontiers total k(k+1). */
int gen_build_repeat_until(const struct gen_params *p, struct edge_list *out,
			   struct gen_info *info)
{
	uint64_t k = gen_pick_linear_k(p->blocks, 2, 2, 1);
	int st = gen_begin(out, info, "repeat-until", 2 * k + 2, 3 * k + 1);
	if (st != SSA_OK)
		return st;
	uint32_t kk = (uint32_t)k, exit = 2 * kk + 1;
	GEN_PUSH(out, 0, 1);
	for (uint32_t i = 1; i < kk; i++)
		GEN_PUSH(out, i, i + 1);
	GEN_PUSH(out, kk, 2 * kk);
	for (uint32_t i = 1; i <= kk; i++) {
		GEN_PUSH(out, kk + i, i);
		GEN_PUSH(out, kk + i, i > 1 ? kk + i - 1 : exit);
	}
	info->k = k;
	snprintf(info->note, sizeof info->note, "repeat-until: k=%u (n=%u, m=%u)", kk, exit + 1,
		 out->m);
	return SSA_OK;
}
