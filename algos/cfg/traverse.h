/* Depth-first traversal of a CFG from a root, iterative with an explicit stack (a 10^7-block
 * chain must not overflow the C stack). Successors are followed in edge order, so the numbers
 * are exactly those of the textbook recursive DFS; the adversarial families depend on that. */
#ifndef SSALAB_TRAVERSE_H
#define SSALAB_TRAVERSE_H

#include "cfg/cfg.h"

struct cfg_dfs {
	uint32_t n;      /* blocks the arrays are sized for */
	uint32_t nreach; /* blocks reached from the root */
	uint32_t *pre;    /* block -> preorder number, SSA_NONE if unreached */
	uint32_t *post;   /* block -> postorder number, SSA_NONE if unreached */
	uint32_t *parent; /* block -> DFS-tree parent, SSA_NONE for the root and unreached blocks */
	uint32_t *order;  /* preorder number -> block, nreach entries */
	uint32_t *rpo;    /* i -> the i-th block in reverse postorder, nreach entries */
	/* scratch: the explicit stack of (block, next successor index) */
	uint32_t *stack_block;
	uint32_t *stack_edge;
};

/* Allocates every array for n blocks (7n words). */
int cfg_dfs_alloc(struct cfg_dfs *d, uint32_t n);
void cfg_dfs_free(struct cfg_dfs *d);
uint64_t cfg_dfs_bytes(uint64_t n);

/* Fills d for g from root; d must be allocated for at least g->n blocks. Reusable across runs. */
void cfg_dfs_run(struct cfg_dfs *d, const struct cfg *g, uint32_t root);

/* Marks reached[b] = 1 for every block reachable from root, 0 otherwise; stack holds n words.
 * Returns the number reached. */
uint32_t cfg_reach(const struct cfg *g, uint32_t root, uint8_t *reached, uint32_t *stack);

/* Same over predecessor edges: blocks from which target is reachable. */
uint32_t cfg_coreach(const struct cfg *g, uint32_t target, uint8_t *reached, uint32_t *stack);

#endif
