/* Construction of a low-high order of a dominator tree (lowhigh.c); the verifier (verify.c)
 * checks whatever it builds against the definition. */
#ifndef SSALAB_DOM_LOWHIGH_H
#define SSALAB_DOM_LOWHIGH_H

#include "cfg/cfg.h"
#include "dom/domtree.h"

#include <stdint.h>

/* Bytes dom_lowhigh_order allocates at most for n blocks and m edges (freed on return). */
uint64_t dom_lowhigh_bytes(uint64_t n, uint64_t m);

/* Builds a candidate low-high order of t for g (entry t->root = 0): pos[v] is v's place in a
 * preorder of t, for every block of t (others untouched). The blocks of t are the reachable
 * ones; t must have the verifier's shape and parent property (every reachable predecessor of
 * v lies under idom(v)). Returns SSA_OK, SSA_EVERIFY when no
 * low-high order exists (t is not the dominator tree: for the true tree an order is always
 * found, see lowhigh.c), SSA_ETOOBIG above about 1.4*10^9 blocks, or SSA_ENOMEM. */
int dom_lowhigh_order(const struct cfg *g, const struct domtree *t, uint32_t *pos);

/* The work of one construction, to measure how far from linear it runs (tools/lowhigh_cost.c):
 * the construction is proven complete but has no proven linear bound, so this is what shows
 * its cost at scale. */
struct dom_lowhigh_stats {
	uint64_t groups;            /* blocks with children: one ordering problem each */
	uint64_t instances;         /* instances the main construction solved */
	uint64_t memberships;       /* children summed over instances: each once per clone level */
	uint64_t max_level;         /* most instances one child was a member of */
	uint64_t edge_reads;        /* sibling edges read by the instances' searches and takes */
	uint64_t fallback_groups;   /* groups handed to lowhigh_peel.c (proven none on a correct tree) */
	uint64_t fallback_children; /* their children */
};

/* dom_lowhigh_order, and the counts of its work in *stats (zeroed first; stats may be NULL).
 * Counting allocates n more words than dom_lowhigh_bytes. */
int dom_lowhigh_order_stats(const struct cfg *g, const struct domtree *t, uint32_t *pos,
			    struct dom_lowhigh_stats *stats);

#endif
