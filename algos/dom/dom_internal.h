/* Private to algos/dom: the descriptors registry.c lists, the depth-first numbering the
 * Lengauer-Tarjan family shares, and the Semi-NCA phases auto reuses. Not a public interface. */
#ifndef SSALAB_DOM_INTERNAL_H
#define SSALAB_DOM_INTERNAL_H

#include "dom/dom.h"

#include <stdint.h>

extern const struct dom_algo dom_algo_iter;
extern const struct dom_algo dom_algo_chk;
extern const struct dom_algo dom_algo_slt;
extern const struct dom_algo dom_algo_lt;
extern const struct dom_algo dom_algo_snca;
extern const struct dom_algo dom_algo_auto;

/* Depth-first search from block 0 following successors in edge order, so the numbering is the
 * textbook recursive one (the adversarial families rely on it). Numbers start at base (0 or 1).
 *   pre[b]      block -> DFS number, SSA_NONE when unreached (n entries, all written)
 *   order[x]    DFS number -> block
 *   parent[x]   DFS number of the tree parent (parent[base] = SSA_NONE); written with a
 *               stride of parent_stride words so it can land inside packed records
 *   stk, cur    scratch: the explicit stack of DFS numbers, and each open node's next edge,
 *               indexed by DFS number; base + n words each
 * Returns the number of reached blocks. */
uint32_t dom_dfs(const struct cfg *g, uint32_t base, uint32_t *pre, uint32_t *order,
		 uint32_t *parent, size_t parent_stride, uint32_t *stk, uint32_t *cur);

/* Writes the block-space answer: idom[order[x]] = order[didom[x]] for every reached non-root
 * x in [base+1, base+nreach), SSA_NONE everywhere else. */
void dom_emit(uint32_t *idom, uint32_t n, uint32_t base, uint32_t nreach, const uint32_t *order,
	      const uint32_t *didom);

/* Semi-NCA, split in its two phases so auto can run them separately (snca.c). */
struct snca_rec {
	uint32_t anc; /* path-compression link; the DFS parent until compressed */
	uint32_t lab; /* smallest semidominator on the compressed path (a value, not a node) */
};

struct snca_work {
	uint32_t cap;         /* blocks the arrays are sized for */
	uint32_t nreach;
	uint32_t *pre;        /* n */
	uint32_t *order;      /* n */
	uint32_t *idom;       /* n + 1: DFS parent, then the immediate dominator (DFS numbers) */
	uint32_t *semi;       /* n */
	uint32_t *stk;        /* n: DFS stack, then the compression stack */
	struct snca_rec *rec; /* n */
	uint32_t *parent;     /* n, only when allocated with keep_parent (auto's fallback) */
};

uint64_t snca_work_bytes(uint64_t n, int keep_parent);
int snca_work_alloc(struct snca_work *w, uint32_t n, int keep_parent);
void snca_work_free(struct snca_work *w);
/* The descriptor-level scratch of snca (keep_parent 0) and auto (1): a heap snca_work. */
int snca_scratch_new(void **scratch, uint32_t n, int keep_parent);
void snca_scratch_delete(void *scratch);

/* Phase one: DFS and semidominators. counters[0] += compress steps. */
void snca_semi(struct snca_work *w, const struct cfg *g, uint64_t *compress_steps);

/* Phase two: idom[x] = nearest common ancestor walk from the parent up to semi[x]. Stops
 * with SSA_EBUDGET once more than budget steps were taken (UINT64_MAX: no budget).
 * *steps receives the steps taken. */
int snca_nca(struct snca_work *w, uint64_t budget, uint64_t *steps);

#endif
