/* The dominator tree built from immediate dominators; every later stage uses only this.
 * Children are in CSR, each list in the order the preorder visits them (ascending block id from
 * domtree_compute, the dominator algorithm's numbering from domtree_compute_numbered; a lean
 * tree has none), and the tree is numbered in preorder so that "a dominates b" is the interval
 * test tin[a] <= tin[b] <= tlast[a]. Blocks outside the tree (unreachable from the root) have
 * tin = SSA_NONE: they dominate nothing and nothing dominates them. */
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
	uint32_t *child_off; /* n+1; NULL in a lean tree (domtree_alloc_lean) */
	uint32_t *child;     /* nreach-1 children; NULL in a lean tree */
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
/* A tree without children lists, for callers none of whose readers look at children:
 * child_off and child stay NULL through domtree_compute_numbered; domtree_compute, which walks
 * them, allocates them (the tree is then an ordinary one). domtree_lean_bytes is its size. */
int domtree_alloc_lean(struct domtree *t, uint32_t n);
uint64_t domtree_lean_bytes(uint64_t n);
int domtree_compute(struct domtree *t, const uint32_t *idom, uint32_t root);
void domtree_free(struct domtree *t);
/* The tree from a dominator algorithm's own numbering of the nr blocks it reached: ord[x] the
 * block numbered x (ord[0] the root), didom[x] < x the number of x's immediate dominator, with
 * t->idom already holding the same answer by block (the algorithm's run wrote it there). The
 * same idom, depth, subtrees and children as domtree_compute, but siblings are numbered, and
 * listed, in the algorithm's order rather than by block id, so tin, tlast and order may differ.
 * About a third of domtree_compute's time: no walk, and no children lists unless t has them
 * (domtree_alloc_lean leaves them out). sz: nr words of the caller's scratch. SSA_EVERIFY when
 * the numbering is not such a tree or disagrees with t->idom. */
int domtree_compute_numbered(struct domtree *t, const uint32_t *ord, const uint32_t *didom,
			     uint32_t nr, uint32_t *sz);

/* n lines "<block> <idom>", -1 for the root and blocks without an idom; block names where
 * bnames has them (NULL: numbers, the bench idom dump's format). */
int dom_idom_dump_named(FILE *out, const uint32_t *idom, uint32_t n, const struct names *bnames);
/* The tree as a graphviz digraph "domtree": "  d -> b;" for every block b whose idom is d, in
 * block order, a named block labelled with its name (quotes and backslashes escaped). post:
 * post-dominators in original ids (dom_reverse_map), the digraph "postdomtree" with a box
 * "exit" whose children are the blocks with no ipdom. SSA_EIO on a write error. */
int dom_tree_dump_dot_named(FILE *out, const uint32_t *idom, uint32_t n, bool post,
			    const struct names *bnames);
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
