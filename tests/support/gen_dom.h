/* A deliberately naive dominator and frontier reference for small generated graphs (n up to
 * a few hundred): dominator sets as a dense matrix by the textbook data-flow iteration,
 * idom = the strict dominator with the most dominators, DF by Cytron's definition. Used to
 * check that generated families have the dominators and frontiers FAMILIES.md states. */
#ifndef SSALAB_TESTS_GEN_DOM_H
#define SSALAB_TESTS_GEN_DOM_H

#include <criterion/criterion.h>

#include "cfg/cfg.h"

#include <stdlib.h>
#include <string.h>

/* idom[v] for every block, SSA_NONE for the entry and unreachable blocks. */
static inline void gen_ref_idom(const struct cfg *g, uint32_t *idom)
{
	uint32_t n = g->n;
	uint8_t *dom = malloc((size_t)n * n); /* dom[v*n+d]: d dominates v */
	uint8_t *tmp = malloc(n);
	cr_assert(dom && tmp);
	memset(dom, 1, (size_t)n * n);
	memset(dom, 0, n);
	dom[0] = 1;
	bool changed = true;
	while (changed) {
		changed = false;
		for (uint32_t v = 1; v < n; v++) {
			memset(tmp, 1, n);
			bool anyp = false;
			for (uint32_t e = g->pred_off[v]; e < g->pred_off[v + 1]; e++) {
				uint32_t u = g->pred[e];
				anyp = true;
				for (uint32_t d = 0; d < n; d++)
					tmp[d] &= dom[(size_t)u * n + d];
			}
			if (!anyp)
				memset(tmp, 1, n);
			tmp[v] = 1;
			if (memcmp(tmp, dom + (size_t)v * n, n) != 0) {
				memcpy(dom + (size_t)v * n, tmp, n);
				changed = true;
			}
		}
	}
	/* Unreachable blocks keep "everything dominates me": find them by a search. */
	uint8_t *seen = calloc(n, 1);
	uint32_t *stack = malloc((size_t)n * sizeof *stack);
	cr_assert(seen && stack);
	uint32_t sp = 0;
	seen[0] = 1;
	stack[sp++] = 0;
	while (sp) {
		uint32_t u = stack[--sp];
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++)
			if (!seen[g->succ[e]]) {
				seen[g->succ[e]] = 1;
				stack[sp++] = g->succ[e];
			}
	}
	for (uint32_t v = 0; v < n; v++) {
		idom[v] = SSA_NONE;
		if (v == 0 || !seen[v])
			continue;
		uint32_t best = SSA_NONE, bestc = 0;
		for (uint32_t d = 0; d < n; d++) {
			if (d == v || !dom[(size_t)v * n + d])
				continue;
			uint32_t c = 0;
			for (uint32_t x = 0; x < n; x++)
				c += dom[(size_t)d * n + x];
			if (best == SSA_NONE || c > bestc) {
				best = d;
				bestc = c;
			}
		}
		idom[v] = best;
	}
	free(dom);
	free(tmp);
	free(seen);
	free(stack);
}

/* Total size of all dominance frontiers (as sets). */
static inline uint64_t gen_ref_df_total(const struct cfg *g, const uint32_t *idom)
{
	uint32_t n = g->n;
	uint8_t *df = calloc((size_t)n * n, 1); /* df[x*n+y]: y in DF(x) */
	cr_assert(df);
	for (uint32_t u = 0; u < n; u++)
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
			uint32_t v = g->succ[e];
			if (u != 0 && idom[u] == SSA_NONE)
				continue; /* unreachable source */
			for (uint32_t r = u; r != idom[v] && r != SSA_NONE; r = idom[r])
				df[(size_t)r * n + v] = 1;
		}
	uint64_t total = 0;
	for (size_t i = 0; i < (size_t)n * n; i++)
		total += df[i];
	free(df);
	return total;
}

#endif
