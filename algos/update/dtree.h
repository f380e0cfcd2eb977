/* Private to algos/update: the dominator tree that dbs, batch and auto edit in place, and the
 * Semi-NCA they run over a region of it.
 *
 * The tree is flat arrays indexed by block: idom, depth (level, SSA_NONE off the tree, i.e. for
 * unreachable blocks), and the children as doubly linked sibling lists (first child, next,
 * previous), so a block changes parent in O(1) and a subtree is walked without a stack (first
 * child, next sibling, idom). Nearest common dominators climb by level, O(depth).
 *
 * dt_region runs a depth-first search from one block through the blocks a mode allows, then
 * Semi-NCA on what it reached, reading the graph through a view (view.h); dt_reattach hangs the
 * result into the tree. Memory: 14 words per block of capacity plus the discovered-edge list
 * (at most one entry per edge, grown on demand). All of it iterative, with explicit stacks. */
#ifndef SSALAB_UPDATE_DTREE_H
#define SSALAB_UPDATE_DTREE_H

#include "update/view.h"

#include <stdint.h>

struct dtree {
	uint32_t cap;
	/* the tree */
	uint32_t *idom, *level, *child, *next, *prev;
	/* the region's search and Semi-NCA, by DFS number 1..k (0 = not visited) */
	uint32_t *num;    /* block -> number, 0 outside the current region (reset after use) */
	uint32_t *order;  /* number -> block */
	uint32_t *parent; /* number -> DFS parent's number */
	uint32_t *semi;   /* number -> semidominator's number */
	uint32_t *anc;    /* path-compression link */
	uint32_t *label;  /* smallest semidominator on the compressed path */
	uint32_t *ridom;  /* number -> immediate dominator's number */
	uint32_t *stk;    /* DFS stack of numbers; also the compression stack */
	uint32_t *mark;   /* block -> stamp, for visited sets without clearing */
	uint32_t stamp;
	uint32_t k;       /* blocks in the current region */
	/* edges (from, to) the search did not follow, in the modes that collect them */
	uint32_t *edges;
	uint64_t nedges, ecap;
	uint64_t work;    /* blocks and edges visited, for budgets and counters */
};

enum dt_mode {
	DT_ALL,       /* every block reachable from the root */
	DT_BELOW,     /* blocks on the tree deeper than lim */
	DT_UNREACHED, /* blocks off the tree; edges into the tree are collected */
	DT_COLLECT,   /* blocks on the tree deeper than lim; edges to the others are collected */
	/* batch.c: blocks off the tree, and blocks on it deeper than lim entered from the tree;
	 * entered from off the tree, FIRST enters those in root's subtree and collects the edges
	 * to the others, FINAL enters them all */
	DT_BATCH_FIRST,
	DT_BATCH_FINAL,
};

int dt_init(struct dtree *t, uint32_t n_max);
void dt_free(struct dtree *t);
uint64_t dt_bytes(uint64_t n_max);

/* The whole tree from an idom array of the graph's n blocks (SSA_NONE for block 0 and the
 * unreachable ones), e.g. the answer of a static algorithm: children lists, then levels by a
 * walk from block 0. O(n). */
int dt_build_from_idom(struct dtree *t, uint32_t n, const uint32_t *idom);

/* The search and Semi-NCA from root; results in num/order/ridom, t->k blocks. Edges the mode
 * collects are in t->edges (pairs). SSA_ENOMEM only from the edge list (the region is then
 * forgotten). dt_region is dt_search followed by dt_semi_nca. */
int dt_region(struct dtree *t, const struct upd_view *v, uint32_t root, enum dt_mode mode,
	      uint32_t lim);
int dt_search(struct dtree *t, const struct upd_view *v, uint32_t root, enum dt_mode mode,
	      uint32_t lim);
void dt_semi_nca(struct dtree *t, const struct upd_view *v);
/* Hangs region numbers 2..k under their new immediate dominators (number 1 keeps its place),
 * setting their levels in DFS order; then forgets the region (num reset). */
void dt_reattach(struct dtree *t);
/* Forgets the region without using it. */
void dt_region_reset(struct dtree *t);

uint32_t dt_nca(const struct dtree *t, uint32_t a, uint32_t b);
void dt_detach(struct dtree *t, uint32_t x);
void dt_attach(struct dtree *t, uint32_t x, uint32_t p);
/* Sets x's level to lev and its descendants' to match. */
void dt_relevel(struct dtree *t, uint32_t x, uint32_t lev);
/* Nearest common dominator of many blocks without climbing a path twice: *r is the running
 * answer (SSA_NONE before the first block) and the blocks on paths from the blocks seen so far
 * to the root carry stamp in t->mark; b's path is climbed only up to the first marked block. The
 * marked blocks are always ancestors of *r or in its subtree, so meeting one above *r moves *r
 * there. O(blocks newly marked) per call, O(n) per stamp in all. */
void dt_ncd_add(struct dtree *t, uint32_t stamp, uint32_t *r, uint32_t b);
/* A new stamp for t->mark (the array is cleared when the stamps wrap). */
uint32_t dt_new_stamp(struct dtree *t);

static inline bool dt_in_tree(const struct dtree *t, uint32_t b)
{
	return t->level[b] != SSA_NONE;
}

#endif
