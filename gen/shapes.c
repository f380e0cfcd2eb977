/* Simple stress shapes: chain, diamonds, switch, dense, irreducible. Each is sized exactly by
 * --blocks (a remainder that does not fill a whole unit is appended as a straight chain).
 * Time O(n + m), memory the edge list (8 bytes per edge). No paper: these are the shapes
 * compiler bug reports keep hitting (long straight lines, wide switches, multi-entry loops). */
#include "gen/build.h"
#include "util/rng.h"

/* Straight line 0 -> 1 -> ... -> n-1: the deepest DFS and dominator tree there is. */
int gen_build_chain(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	int st = gen_need_blocks(p, info, "chain", 1);
	if (st == SSA_OK)
		st = gen_begin(out, info, "chain", p->blocks, p->blocks - 1);
	if (st != SSA_OK)
		return st;
	uint32_t n = (uint32_t)p->blocks;
	for (uint32_t i = 0; i + 1 < n; i++)
		GEN_PUSH(out, i, i + 1);
	return SSA_OK;
}

/* k = (n-1)/3 if/else diamonds: head 3i -> then 3i+1, else 3i+2 -> join 3i+3 (the next head);
 * the (n-1) mod 3 leftover blocks continue the last join as a chain. */
int gen_build_diamonds(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	int st = gen_need_blocks(p, info, "diamonds", 1);
	if (st == SSA_OK)
		st = gen_begin(out, info, "diamonds", p->blocks, p->blocks / 3 * 4 + 2);
	if (st != SSA_OK)
		return st;
	uint32_t n = (uint32_t)p->blocks;
	uint32_t k = (n - 1) / 3;
	for (uint32_t i = 0; i < k; i++) {
		uint32_t h = 3 * i;
		GEN_PUSH(out, h, h + 1);
		GEN_PUSH(out, h, h + 2);
		GEN_PUSH(out, h + 1, h + 3);
		GEN_PUSH(out, h + 2, h + 3);
	}
	for (uint32_t b = 3 * k; b + 1 < n; b++)
		GEN_PUSH(out, b, b + 1);
	info->k = k;
	snprintf(info->note, sizeof info->note, "diamonds: k=%u diamonds + %u chain blocks (n=%u)",
		 k, n - 1 - 3 * k, n);
	return SSA_OK;
}

/* One switch: block 0 dispatches to cases 1..n-2 in order and, half the time (a switch
 * without default), to the exit n-1 last. Each case breaks to the exit or, with
 * probability 1/4, falls through to the next case. */
int gen_build_switch(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	int st = gen_need_blocks(p, info, "switch", 3);
	if (st == SSA_OK)
		st = gen_begin(out, info, "switch", p->blocks, 2 * p->blocks);
	if (st != SSA_OK)
		return st;
	struct ssa_rng rng;
	ssa_rng_seed(&rng, p->seed);
	uint32_t n = (uint32_t)p->blocks, exit = n - 1;
	for (uint32_t c = 1; c < exit; c++)
		GEN_PUSH(out, 0, c);
	if (ssa_rng_chance(&rng, 1, 2))
		GEN_PUSH(out, 0, exit);
	for (uint32_t c = 1; c < exit; c++) {
		bool fall = c + 1 < exit && ssa_rng_chance(&rng, 1, 4);
		GEN_PUSH(out, c, fall ? c + 1 : exit);
	}
	info->k = n - 2;
	snprintf(info->note, sizeof info->note, "switch: %u cases (n=%u)", n - 2, n);
	return SSA_OK;
}

/* Every block but the last has its fall-through edge i -> i+1 first (so all are reachable),
 * then random successors drawn uniformly over all blocks until its out-degree is
 * degree/100 (the fractional part decided per block by a draw). */
int gen_build_dense(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	uint32_t deg = p->degree_x100 ? p->degree_x100 : GEN_DEFAULT_DEGREE_DENSE;
	if (deg < 100) {
		snprintf(info->note, sizeof info->note, "dense needs --degree >= 1");
		return SSA_EUSAGE;
	}
	uint64_t want = gen_degree_cap(p->blocks, deg);
	int st = gen_need_blocks(p, info, "dense", 1);
	if (st == SSA_OK)
		st = gen_begin(out, info, "dense", p->blocks, want);
	if (st != SSA_OK)
		return st;
	struct ssa_rng rng;
	ssa_rng_seed(&rng, p->seed);
	uint32_t n = (uint32_t)p->blocks;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t d = deg / 100 + (uint32_t)ssa_rng_chance(&rng, deg % 100, 100);
		if (i + 1 < n) {
			GEN_PUSH(out, i, i + 1);
			d--;
		}
		for (uint32_t j = 0; j < d; j++)
			GEN_PUSH(out, i, (uint32_t)ssa_rng_below(&rng, n));
	}
	snprintf(info->note, sizeof info->note, "dense: degree %u.%02u (n=%u, m=%u)", deg / 100,
		 deg % 100, n, out->m);
	return SSA_OK;
}

/* A chain of multi-entry loops. Each unit is a split block s followed by r = 2..4 headers
 * h1..hr (r drawn per unit): s -> h1..hr (every header is an entry, so the loop has no single
 * header and is irreducible), a ring h_j -> h_{j+1}, h_r -> h_1, and the exits: h_r -> next
 * split always, every other header with probability 1/4. Leftover blocks (fewer than 3) are a
 * chain. */
int gen_build_irreducible(const struct gen_params *p, struct edge_list *out,
			  struct gen_info *info)
{
	int st = gen_need_blocks(p, info, "irreducible", 1);
	if (st == SSA_OK)
		st = gen_begin(out, info, "irreducible", p->blocks, 3 * p->blocks);
	if (st != SSA_OK)
		return st;
	struct ssa_rng rng;
	ssa_rng_seed(&rng, p->seed);
	uint32_t n = (uint32_t)p->blocks, s = 0, loops = 0;
	while (n - 1 - s >= 3) {
		uint32_t rem = n - 1 - s;
		uint32_t r = 2 + (uint32_t)ssa_rng_below(&rng, 3);
		if (r > rem - 1)
			r = rem - 1;
		uint32_t next = s + r + 1;
		for (uint32_t j = 1; j <= r; j++)
			GEN_PUSH(out, s, s + j);
		for (uint32_t j = 1; j <= r; j++) {
			GEN_PUSH(out, s + j, j < r ? s + j + 1 : s + 1);
			if (j == r || ssa_rng_chance(&rng, 1, 4))
				GEN_PUSH(out, s + j, next);
		}
		s = next;
		loops++;
	}
	for (; s + 1 < n; s++)
		GEN_PUSH(out, s, s + 1);
	info->k = loops;
	snprintf(info->note, sizeof info->note, "irreducible: %u multi-entry loops (n=%u, m=%u)",
		 loops, n, out->m);
	return SSA_OK;
}
