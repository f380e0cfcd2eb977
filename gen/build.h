/* Private helpers shared by the family builders (not part of the gen API). */
#ifndef SSALAB_GEN_BUILD_H
#define SSALAB_GEN_BUILD_H

#include "gen/gen.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>

/* Starts a family's edge list for n blocks with room for cap edges (a hint: the list still
 * grows past it). Rejects n outside 1..CFG_MAX_BLOCKS and cap past CFG_MAX_EDGES, with a
 * note naming the family. */
static inline int gen_begin(struct edge_list *el, struct gen_info *info, const char *family,
			    uint64_t n, uint64_t cap)
{
	if (n < 1 || n > CFG_MAX_BLOCKS) {
		snprintf(info->note, sizeof info->note, "%s: %llu blocks is outside 1..%u", family,
			 (unsigned long long)n, CFG_MAX_BLOCKS);
		return SSA_ETOOBIG;
	}
	if (cap > CFG_MAX_EDGES) {
		snprintf(info->note, sizeof info->note, "%s: %llu edges exceed the limit %u", family,
			 (unsigned long long)cap, CFG_MAX_EDGES);
		return SSA_ETOOBIG;
	}
	return edge_list_init(el, (uint32_t)n, (uint32_t)(cap ? cap : 1));
}

/* Families sized exactly by --blocks: 0 blocks or fewer than the family's minimum is a usage
 * error, with the minimum in the note. */
static inline int gen_need_blocks(const struct gen_params *p, struct gen_info *info,
				  const char *family, uint64_t min)
{
	if (p->blocks < min) {
		snprintf(info->note, sizeof info->note, "%s needs --blocks >= %llu", family,
			 (unsigned long long)min);
		return SSA_EUSAGE;
	}
	return SSA_OK;
}

/* Room for the edges of a family with average out-degree deg/100, drawn per block: the mean
 * plus slack for the draws' spread (so the list is not doubled at 10^8 blocks), never past
 * the edge limit. The mean itself past the limit is left for gen_begin to reject. */
static inline uint64_t gen_degree_cap(uint64_t n, uint32_t deg)
{
	uint64_t mean = ssa_bytes(n, deg) / 100 + 1;
	if (mean > CFG_MAX_EDGES)
		return mean;
	uint64_t cap = ssa_sat_add(mean, n / 32 + 1024);
	return cap > CFG_MAX_EDGES ? CFG_MAX_EDGES : cap;
}

#define GEN_PUSH(el, u, v)                                                                       \
	do {                                                                                       \
		int st_ = edge_list_push((el), (u), (v));                                          \
		if (st_ != SSA_OK)                                                                 \
			return st_;                                                                \
	} while (0)

#endif
