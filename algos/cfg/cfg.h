/* The control-flow graph: n blocks (ids 0..n-1, block 0 the entry) and m edges in compressed
 * sparse rows with 32-bit ids. Successors keep each block's edge order (depth-first searches
 * follow it); predecessors are built once by a stable counting sort, so pred(v) lists the edges
 * into v ordered by (source block, position among the source's successors). Multi-edges and
 * self-loops are kept; blocks unreachable from the entry are allowed.
 *
 * Limits: n >= 1 and n, m < 2^32 - 1 (UINT32_MAX is the SSA_NONE sentinel). */
#ifndef SSALAB_CFG_H
#define SSALAB_CFG_H

#include <stdbool.h>
#include <stdint.h>

#define SSA_NONE UINT32_MAX
#define CFG_MAX_BLOCKS (UINT32_MAX - 1u)
#define CFG_MAX_EDGES (UINT32_MAX - 1u)

struct cfg {
	uint32_t n;
	uint32_t m;
	uint32_t *succ_off; /* n+1 offsets into succ */
	uint32_t *succ;     /* m targets, block by block, in edge order */
	uint32_t *pred_off; /* n+1 offsets into pred */
	uint32_t *pred;     /* m sources */
};

/* A raw edge list, the form generators and readers produce before the CSR is built. */
struct edge_list {
	uint32_t n;
	uint32_t m;
	uint32_t cap;
	uint32_t *src;
	uint32_t *dst;
};

int edge_list_init(struct edge_list *el, uint32_t n, uint32_t cap);
/* Appends u->v, growing the arrays geometrically; SSA_ETOOBIG past CFG_MAX_EDGES. */
int edge_list_push(struct edge_list *el, uint32_t u, uint32_t v);
void edge_list_free(struct edge_list *el);

/* Builds g from el (ids already validated < el->n): successors stably sorted by source, so a
 * block's successors keep the order their edges had in the list. */
int cfg_from_edges(struct cfg *g, const struct edge_list *el);

/* Builds g from a successor CSR given by the caller (ownership of succ_off/succ moves to g);
 * computes predecessors. */
int cfg_from_succ_csr(struct cfg *g, uint32_t n, uint32_t m, uint32_t *succ_off, uint32_t *succ);

/* (Re)builds pred_off/pred from the successor CSR. */
int cfg_build_preds(struct cfg *g);

/* The reverse graph: edges flipped, entry unchanged (callers renumber if they need another
 * entry). Successor order of the result is the predecessor order of g. */
int cfg_reverse(struct cfg *out, const struct cfg *g);

/* Deep copy. */
int cfg_clone(struct cfg *out, const struct cfg *g);

void cfg_free(struct cfg *g);

/* Structural check of a CSR built elsewhere (e.g. loaded from a binary file): offsets
 * monotone and ending at m, ids < n, preds a permutation-consistent mirror of succs.
 * On failure writes a short reason into why (may be NULL). */
bool cfg_is_valid(const struct cfg *g, char *why, unsigned whylen);

/* Bytes the CSR of n blocks and m edges occupies. */
uint64_t cfg_bytes(uint64_t n, uint64_t m);

static inline uint32_t cfg_out_degree(const struct cfg *g, uint32_t b)
{
	return g->succ_off[b + 1] - g->succ_off[b];
}

static inline uint32_t cfg_in_degree(const struct cfg *g, uint32_t b)
{
	return g->pred_off[b + 1] - g->pred_off[b];
}

#endif
