/* random: a uniformly random recursive tree rooted at the entry (block i > 0 gets a parent
 * drawn uniformly from 0..i-1, so every block is reachable) plus random extra edges with both
 * ends uniform over all blocks, which gives back, cross and forward edges, self-loops and
 * multi-edges, and usually irreducible loops. The average out-degree is --degree (default
 * 2.00): 1 from the tree plus (degree-1) extra edges per block, the fractional part decided
 * per block by a draw.
 *
 * A block's successor list is a uniformly random interleaving of its tree children (in id
 * order) and its extra targets, so a DFS does not simply retrace the tree. Edges are emitted
 * grouped by source, which keeps the CSR construction's writes sequential.
 * Time O(n + m); memory 12 bytes per block for the tree plus the edge list (8 bytes per
 * edge) before the CSR is built. */
#include "gen/build.h"
#include "util/rng.h"

#include <stdlib.h>

int gen_build_random(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	uint32_t deg = p->degree_x100 ? p->degree_x100 : GEN_DEFAULT_DEGREE_RANDOM;
	if (deg < 100) {
		snprintf(info->note, sizeof info->note,
			 "random needs --degree >= 1 (the spanning tree alone gives 1)");
		return SSA_EUSAGE;
	}
	int st = gen_need_blocks(p, info, "random", 1);
	if (st == SSA_OK)
		st = gen_begin(out, info, "random", p->blocks, gen_degree_cap(p->blocks, deg));
	if (st != SSA_OK)
		return st;
	struct ssa_rng rng;
	ssa_rng_seed(&rng, p->seed);
	uint32_t n = (uint32_t)p->blocks;
	uint32_t extra = deg - 100;
	/* Pass 1: parent of every block and the number of extra edges of every block. */
	uint32_t *parent = ssa_alloc_array(n, sizeof *parent);
	uint32_t *nextra = ssa_alloc_array(n, sizeof *nextra);
	uint32_t *coff = ssa_calloc_array((size_t)n + 1, sizeof *coff);
	if (!parent || !nextra || !coff) {
		ssa_free_all(parent, nextra, coff, NULL);
		return SSA_ENOMEM;
	}
	for (uint32_t i = 0; i < n; i++) {
		parent[i] = i > 0 ? (uint32_t)ssa_rng_below(&rng, i) : SSA_NONE;
		nextra[i] = extra / 100 + (uint32_t)ssa_rng_chance(&rng, extra % 100, 100);
	}
	/* Children grouped by parent, in id order (a stable counting sort). */
	for (uint32_t i = 1; i < n; i++)
		coff[parent[i] + 1]++;
	for (uint32_t b = 0; b < n; b++)
		coff[b + 1] += coff[b];
	uint32_t *child = ssa_alloc_array(n, sizeof *child);
	if (!child) {
		ssa_free_all(parent, nextra, coff, NULL);
		return SSA_ENOMEM;
	}
	for (uint32_t i = 1; i < n; i++)
		child[coff[parent[i]]++] = i;
	free(parent);
	/* coff[b] now ends b's children; b's start is coff[b-1] (0 for b = 0). */
	int st2 = SSA_OK;
	for (uint32_t u = 0; u < n && st2 == SSA_OK; u++) {
		uint32_t c = u ? coff[u - 1] : 0, ce = coff[u], x = nextra[u];
		while ((c < ce || x > 0) && st2 == SSA_OK) {
			uint32_t crem = ce - c;
			if (ssa_rng_below(&rng, (uint64_t)crem + x) < crem) {
				st2 = edge_list_push(out, u, child[c++]);
			} else {
				st2 = edge_list_push(out, u, (uint32_t)ssa_rng_below(&rng, n));
				x--;
			}
		}
	}
	ssa_free_all(nextra, coff, child, NULL);
	if (st2 != SSA_OK)
		return st2;
	snprintf(info->note, sizeof info->note, "random: degree %u.%02u (n=%u, m=%u)", deg / 100,
		 deg % 100, n, out->m);
	return SSA_OK;
}
