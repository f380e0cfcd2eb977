/* The dominator tree built from immediate dominators; every later stage uses only this.
 * Children are in CSR, each list ascending by block id, and the tree is numbered in preorder
 * so that "a dominates b" is the interval test tin[a] <= tin[b] <= tlast[a]. Blocks outside the
 * tree (unreachable from the root) have tin = SSA_NONE: they dominate nothing and nothing
 * dominates them. */
#ifndef SSALAB_DOMTREE_H
#define SSALAB_DOMTREE_H

#include "cfg/cfg.h"
#include "cfg/names.h"

#include <stdio.h>

struct domtree {
	uint32_t n;
	uint32_t root;
	uint32_t nreach;     /* blocks in the tree */
	uint32_t *idom;      /* n; SSA_NONE for the root and blocks outside the tree */
	uint32_t *child_off; /* n+1 */
	uint32_t *child;     /* nreach-1 children */
	uint32_t *tin;       /* preorder number, SSA_NONE outside the tree */
	uint32_t *tlast;     /* largest preorder number in the subtree */
	uint32_t *depth;     /* root 0; SSA_NONE outside the tree */
	uint32_t *order;     /* preorder number -> block, nreach entries */
};

/* Builds t from idom (copied): domtree_alloc then domtree_compute. Returns SSA_EVERIFY if
 * idom is not a tree rooted at root (a cycle, an id out of range, the root with an idom); the
 * caller's arrays are not modified, and t is left empty. */
int domtree_build(struct domtree *t, const uint32_t *idom, uint32_t n, uint32_t root);

/* For repeated builds (benchmark reps): allocate once for n blocks, then compute as often as
 * needed without allocating. On SSA_EVERIFY from compute, t keeps its arrays but its contents
 * are meaningless. */
int domtree_alloc(struct domtree *t, uint32_t n);
int domtree_compute(struct domtree *t, const uint32_t *idom, uint32_t root);
void domtree_free(struct domtree *t);

/* n lines "<block> <idom>", -1 for the root and blocks without an idom; block names where
 * bnames has them (NULL: numbers, the bench idom dump's format). */
int dom_idom_dump_named(FILE *out, const uint32_t *idom, uint32_t n, const struct names *bnames);
/* What domtree_alloc allocates for n blocks (domtree_compute allocates nothing). */
uint64_t domtree_bytes(uint64_t n);

/* The child of d whose subtree holds u, for u strictly dominated by d; ctin[j] must be
 * tin[t->child[j]] (children are listed in preorder, so a binary search over ctin finds it;
 * a contiguous copy, so the search does not miss the cache at every step of a 10^6-child block). */
uint32_t domtree_child_toward(const struct domtree *t, const uint32_t *ctin, uint32_t d, uint32_t u);

static inline bool domtree_dominates(const struct domtree *t, uint32_t a, uint32_t b)
{
	uint32_t tb = t->tin[b];
	return t->tin[a] <= tb && tb <= t->tlast[a] && tb != SSA_NONE;
}

static inline bool domtree_strictly_dominates(const struct domtree *t, uint32_t a, uint32_t b)
{
	return a != b && domtree_dominates(t, a, b);
}

#endif
