/* The adversarial dominator families of L. Georgiadis, R. E. Tarjan and R. F. Werneck,
 * "Finding Dominators in Practice", JGAA 10(1), 2006 (from Georgiadis's 2005 thesis, Fig.
 * 2.9): itworst, idfsquad, ibfsquad, sncaworst, with arcs emitted exactly in the order
 * FAMILIES.md gives (a block's successor order is the order its arcs appear there; depth-first
 * searches follow it and the worst cases depend on it). Block ids: r = 0, then each group of
 * k blocks in the order the family names them (w, x, y, z), 1-based within the group.
 * Time O(n + m), memory the edge list. */
#include "gen/build.h"

/* Largest k >= 1 with k^2 + 5k <= budget (k = 1 when even that does not fit). */
static uint64_t itworst_k_for_edges(uint64_t budget)
{
	uint64_t lo = 1, hi = UINT64_C(1) << 31;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo + 1) / 2;
		if (mid * mid + 5 * mid <= budget)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

uint64_t gen_itworst_k(const struct gen_params *p)
{
	if (p->edges)
		return itworst_k_for_edges(p->edges);
	uint64_t k = gen_pick_linear_k(p->blocks, 4, 1, 1);
	uint64_t cap = itworst_k_for_edges(GEN_ITWORST_DEFAULT_EDGE_CAP);
	return k < cap ? k : cap;
}

/* itworst(k): n = 4k+1, m = k^2+5k. */
int gen_build_itworst(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	uint64_t k = gen_itworst_k(p);
	uint64_t m = k * k + 5 * k;
	int st = gen_begin(out, info, "itworst", 4 * k + 1, m);
	if (st != SSA_OK)
		return st;
	uint32_t K = (uint32_t)k;
#define W(i) (i)
#define X(i) (K + (i))
#define Y(i) (2 * K + (i))
#define Z(i) (3 * K + (i))
	GEN_PUSH(out, 0, W(1));
	GEN_PUSH(out, 0, X(1));
	GEN_PUSH(out, 0, Z(K));
	for (uint32_t i = 1; i < K; i++)
		GEN_PUSH(out, W(i), W(i + 1));
	for (uint32_t i = 1; i < K; i++)
		GEN_PUSH(out, X(i), X(i + 1));
	GEN_PUSH(out, X(K), Y(1));
	for (uint32_t i = 1; i <= K; i++) {
		for (uint32_t j = 1; j <= K; j++)
			GEN_PUSH(out, Y(i), W(j));
		if (i < K)
			GEN_PUSH(out, Y(i), Y(i + 1));
	}
	GEN_PUSH(out, Y(K), Z(1));
	for (uint32_t i = 1; i < K; i++) {
		GEN_PUSH(out, Z(i), Z(i + 1));
		GEN_PUSH(out, Z(i + 1), Z(i));
	}
#undef W
#undef X
#undef Y
#undef Z
	info->k = k;
	int capped = !p->edges && k < gen_pick_linear_k(p->blocks, 4, 1, 1);
	snprintf(info->note, sizeof info->note, "itworst: k=%u (n=%u, m=%u)%s", K, 4 * K + 1,
		 out->m, capped ? ", capped at 1e7 arcs; use --edges for more" : "");
	return SSA_OK;
}

/* idfsquad(k): n = 3k+1, m = 5k. x_i -> x_{i+1} is listed BEFORE x_i -> y_i. */
int gen_build_idfsquad(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	uint64_t k = gen_pick_linear_k(p->blocks, 3, 1, 1);
	int st = gen_begin(out, info, "idfsquad", 3 * k + 1, 5 * k);
	if (st != SSA_OK)
		return st;
	uint32_t K = (uint32_t)k;
#define X(i) (i)
#define Y(i) (K + (i))
#define Z(i) (2 * K + (i))
	GEN_PUSH(out, 0, X(1));
	GEN_PUSH(out, 0, Z(1));
	for (uint32_t i = 1; i <= K; i++) {
		if (i < K)
			GEN_PUSH(out, X(i), X(i + 1));
		GEN_PUSH(out, X(i), Y(i));
		GEN_PUSH(out, Y(i), Z(i));
		if (i < K)
			GEN_PUSH(out, Y(i), Z(i + 1));
		GEN_PUSH(out, Z(i), Y(i));
	}
#undef X
#undef Y
#undef Z
	info->k = k;
	snprintf(info->note, sizeof info->note, "idfsquad: k=%u (n=%u, m=%u)", K, 3 * K + 1, out->m);
	return SSA_OK;
}

/* ibfsquad(k): n = k+4, m = 2k+3; r = 0, w = 1, y = 2, z = 3, x_i = 3+i. */
int gen_build_ibfsquad(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	uint64_t k = gen_pick_linear_k(p->blocks, 1, 4, 1);
	int st = gen_begin(out, info, "ibfsquad", k + 4, 2 * k + 3);
	if (st != SSA_OK)
		return st;
	uint32_t K = (uint32_t)k;
	GEN_PUSH(out, 0, 1);
	GEN_PUSH(out, 0, 2);
	for (uint32_t i = 1; i <= K; i++)
		GEN_PUSH(out, 1, 3 + i);
	GEN_PUSH(out, 2, 3);
	GEN_PUSH(out, 3, 3 + K);
	for (uint32_t i = 1; i < K; i++)
		GEN_PUSH(out, 3 + i + 1, 3 + i);
	info->k = k;
	snprintf(info->note, sizeof info->note, "ibfsquad: k=%u (n=%u, m=%u)", K, K + 4, out->m);
	return SSA_OK;
}

/* sncaworst(k): n = 2k+1, m = 3k; x_i = i, y_i = k+i. r -> x_1 comes first. */
int gen_build_sncaworst(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	uint64_t k = gen_pick_linear_k(p->blocks, 2, 1, 1);
	int st = gen_begin(out, info, "sncaworst", 2 * k + 1, 3 * k);
	if (st != SSA_OK)
		return st;
	uint32_t K = (uint32_t)k;
	GEN_PUSH(out, 0, 1);
	for (uint32_t i = 1; i <= K; i++)
		GEN_PUSH(out, 0, K + i);
	for (uint32_t i = 1; i < K; i++)
		GEN_PUSH(out, i, i + 1);
	for (uint32_t i = 1; i <= K; i++)
		GEN_PUSH(out, K, K + i);
	info->k = k;
	snprintf(info->note, sizeof info->note, "sncaworst: k=%u (n=%u, m=%u)", K, 2 * K + 1, out->m);
	return SSA_OK;
}
