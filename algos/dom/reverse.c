/* Reverse CFG with a virtual exit, for post-dominators (reverse.h): one virtual exit joined to
 * every block without successors and to the smallest block id of every region the program cannot
 * leave (the bottom strongly connected components of the blocks that reach no exit), as
 * compilers do; answers differ from LLVM's choice only inside such loops.
 * Time O(n + m); memory: the result (n + 2 + 2(m + k) words plus n+2 offsets) and 6n words of
 * scratch, freed on return. Iterative (explicit stack).
 * Paper: R. E. Tarjan, "Depth-first search and linear graph algorithms", SIAM J. Comput. 1972
 * (strongly connected components). */
#include "dom/reverse.h"
#include "dom/dom.h"
#include "cfg/traverse.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* Why a virtual exit, and which block it joins.
 *
 * A post-dominator of b is a block on every path from b to the exit; with several exits, or
 * with infinite loops that never reach one, "the exit" must be made up. As compilers do (LLVM's
 * PostDominatorTree, GCC's calc_dominance_info(CDI_POST_DOMINATORS)), we add one virtual exit
 * joined to every block without successors, and to one block of every region the program
 * cannot leave. Those regions are the bottom strongly connected components of the subgraph of
 * blocks that cannot reach an exit (every such block can reach one); we join the smallest
 * block id of each, which in laid-out code is usually the loop header, so the loop's blocks
 * get the header as their post-dominator chain's end. LLVM joins instead the block its
 * reverse DFS finds last; both are valid choices, and the answers differ only inside such
 * loops. */

uint64_t dom_reverse_bytes(uint64_t n, uint64_t m)
{
	/* At most n extra edges from the virtual exit. The phases: the backward search (live,
	 * link, queue), the regions' search (live, link and six arrays of n words), the successor
	 * CSR beside link, then the predecessor build beside it (cfg_preds_fill's scratch). */
	uint64_t m2 = ssa_sat_add(m, n), bytes = ssa_bytes(2, ssa_array_bytes(n, 1));
	uint64_t word = ssa_array_bytes(n, sizeof(uint32_t));
	uint64_t search = ssa_sat_add(bytes, ssa_bytes(6, word));
	uint64_t succ = ssa_sat_add(ssa_array_bytes(n + 2, sizeof(uint32_t)),
				    ssa_array_bytes(m2, sizeof(uint32_t)));
	uint64_t csr = ssa_sat_add(succ, ssa_array_bytes(n, 1));
	uint64_t built = ssa_sat_add(cfg_bytes(n + 1, m2), cfg_preds_scratch_bytes(n + 1, m2));
	uint64_t peak = search > csr ? search : csr;
	return peak > built ? peak : built;
}

void dom_reverse_map(const uint32_t *ridom, uint32_t n, uint32_t *ipdom)
{
	for (uint32_t b = 0; b < n; b++) {
		uint32_t r = ridom[b + 1];
		ipdom[b] = (r == SSA_NONE || r == 0) ? SSA_NONE : r - 1;
	}
}

/* Marks in link[] the blocks the virtual exit joins: exits, and the smallest block of every
 * bottom SCC among blocks in `dead` (those that cannot reach an exit). */
static int pick_regions(const struct cfg *g, const uint8_t *live, uint8_t *link, uint32_t *nregions)
{
	const uint32_t n = g->n;
	uint32_t *index = ssa_alloc_array(n, sizeof(uint32_t));
	uint32_t *low = ssa_alloc_array(n, sizeof(uint32_t));
	uint32_t *comp = ssa_alloc_array(n, sizeof(uint32_t));
	uint32_t *stk = ssa_alloc_array(n, sizeof(uint32_t));
	uint32_t *call = ssa_alloc_array(n, sizeof(uint32_t));
	uint32_t *cursor = ssa_alloc_array(n, sizeof(uint32_t));
	if (!index || !low || !comp || !stk || !call || !cursor) {
		ssa_free_all(index, low, comp, stk, call, cursor, NULL);
		return SSA_ENOMEM;
	}
	memset(index, 0xff, (size_t)n * sizeof *index);
	memset(comp, 0xff, (size_t)n * sizeof *comp);
	uint32_t next = 0, sp = 0, ncomp = 0;
	for (uint32_t r = 0; r < n; r++) {
		if (live[r] || index[r] != SSA_NONE)
			continue;
		uint32_t top = 0;
		index[r] = low[r] = next++;
		stk[sp++] = r;
		call[top] = r;
		cursor[top++] = g->succ_off[r];
		while (top) {
			uint32_t u = call[top - 1];
			uint32_t i = cursor[top - 1];
			if (i < g->succ_off[u + 1]) {
				cursor[top - 1] = i + 1;
				uint32_t v = g->succ[i];
				/* Edges from dead blocks only lead to dead blocks. */
				if (index[v] == SSA_NONE) {
					index[v] = low[v] = next++;
					stk[sp++] = v;
					call[top] = v;
					cursor[top++] = g->succ_off[v];
				} else if (comp[v] == SSA_NONE && index[v] < low[u]) {
					low[u] = index[v];
				}
				continue;
			}
			top--;
			if (top && low[u] < low[call[top - 1]])
				low[call[top - 1]] = low[u];
			if (low[u] == index[u]) {
				uint32_t w;
				do {
					w = stk[--sp];
					comp[w] = ncomp;
				} while (w != u);
				ncomp++;
			}
		}
	}
	/* A component is a bottom one when no edge leaves it; low[] is reused as the flag. */
	memset(low, 0, (size_t)ncomp * sizeof *low);
	for (uint32_t u = 0; u < n; u++) {
		if (live[u])
			continue;
		for (uint32_t i = g->succ_off[u]; i < g->succ_off[u + 1]; i++)
			if (comp[g->succ[i]] != comp[u])
				low[comp[u]] = 1;
	}
	uint32_t count = 0;
	for (uint32_t u = 0; u < n; u++) {
		if (live[u] || low[comp[u]])
			continue;
		low[comp[u]] = 1; /* first, hence smallest, block of this component */
		link[u] = 1;
		count++;
	}
	*nregions = count;
	ssa_free_all(index, low, comp, stk, call, cursor, NULL);
	return SSA_OK;
}

int dom_reverse_cfg(const struct cfg *g, struct cfg *out, struct dom_reverse_info *info)
{
	const uint32_t n = g->n, m = g->m;
	memset(out, 0, sizeof *out);
	if (n >= CFG_MAX_BLOCKS)
		return SSA_ETOOBIG;
	uint8_t *live = ssa_calloc_array(n, 1); /* can reach an exit */
	uint8_t *link = ssa_calloc_array(n, 1);
	uint32_t *queue = ssa_alloc_array(n, sizeof(uint32_t));
	if (!live || !link || !queue) {
		ssa_free_all(live, link, queue, NULL);
		return SSA_ENOMEM;
	}
	uint32_t nexits = 0, qt = 0;
	for (uint32_t b = 0; b < n; b++) {
		if (cfg_out_degree(g, b) == 0) {
			link[b] = live[b] = 1;
			queue[qt++] = b;
			nexits++;
		}
	}
	for (uint32_t qh = 0; qh < qt; qh++) {
		uint32_t v = queue[qh];
		for (uint32_t i = g->pred_off[v]; i < g->pred_off[v + 1]; i++) {
			uint32_t u = g->pred[i];
			if (!live[u]) {
				live[u] = 1;
				queue[qt++] = u;
			}
		}
	}
	free(queue);
	uint32_t nregions = 0;
	int rc = SSA_OK;
	if (qt < n)
		rc = pick_regions(g, live, link, &nregions);
	free(live);
	if (rc != SSA_OK) {
		free(link);
		return rc;
	}

	uint64_t m2 = (uint64_t)m + nexits + nregions;
	if (m2 > CFG_MAX_EDGES) {
		free(link);
		return SSA_ETOOBIG;
	}
	uint32_t *off = ssa_alloc_array((size_t)n + 2, sizeof(uint32_t));
	uint32_t *succ = ssa_alloc_array((size_t)m2, sizeof(uint32_t));
	if (!off || !succ) {
		ssa_free_all(off, succ, link, NULL);
		return SSA_ENOMEM;
	}
	uint32_t k = 0;
	off[0] = 0;
	for (uint32_t b = 0; b < n; b++)
		if (link[b])
			succ[k++] = b + 1;
	free(link);
	off[1] = k;
	for (uint32_t v = 0; v < n; v++) {
		for (uint32_t i = g->pred_off[v]; i < g->pred_off[v + 1]; i++)
			succ[k++] = g->pred[i] + 1;
		off[v + 2] = k;
	}
	rc = cfg_from_succ_csr(out, n + 1, (uint32_t)m2, off, succ);
	if (rc != SSA_OK)
		return rc; /* cfg_from_succ_csr has freed off and succ */
	if (info) {
		info->exits = nexits;
		info->regions = nregions;
	}
	return SSA_OK;
}

uint64_t dom_stage_bytes(const struct dom_algo *a, uint64_t n, uint64_t m, bool reverse)
{
	uint64_t rev = 0, build = 0;
	if (reverse) {
		build = dom_reverse_bytes(n, m);
		m = m + n; /* the virtual exit's edges, at most n */
		n = n + 1;
		rev = cfg_bytes(n, m);
	}
	uint64_t b = ssa_sat_add(ssa_sat_add(a->scratch_bytes(n, m),
					     ssa_array_bytes(n, sizeof(uint32_t))), rev);
	return b > build ? b : build;
}
