/* The reverse CFG for post-dominators: any dominator algorithm run on it from its entry
 * computes post-dominators of the original graph. */
#ifndef SSALAB_DOM_REVERSE_H
#define SSALAB_DOM_REVERSE_H

#include "cfg/cfg.h"

#include <stdint.h>

struct dom_reverse_info {
	uint32_t exits;   /* original blocks without successors, joined to the virtual exit */
	uint32_t regions; /* regions that cannot reach an exit (infinite loops), one block each */
};

/* Builds out from g: block 0 of out is a new virtual exit and original block b is block b+1.
 * Every edge u->v of g becomes (v+1)->(u+1), in g's predecessor order; the virtual exit gets
 * edges, in ascending original id, to every exit block (no successors) and to the smallest-id
 * block of every bottom strongly connected component among the blocks that cannot reach an
 * exit (a region the program never leaves, e.g. `for (;;)`). Every block of g, reachable from
 * g's entry or not, is then reachable from the virtual exit. SSA_ETOOBIG when n+1 or the edge
 * count would not fit; SSA_ENOMEM. info may be NULL. */
int dom_reverse_cfg(const struct cfg *g, struct cfg *out, struct dom_reverse_info *info);

/* Bytes dom_reverse_cfg allocates at its peak, for a graph of n blocks and m edges: at most the
 * result (cfg_bytes(n + 1, m + n)) and its predecessor build's scratch, or its searches'
 * scratch (freed on return) when that is larger. */
uint64_t dom_reverse_bytes(uint64_t n, uint64_t m);

/* Turns the idom array of the reverse CFG (n+1 entries) into immediate post-dominators of the
 * n original blocks: ipdom[b] = the original id, or SSA_NONE when b's immediate
 * post-dominator is the virtual exit (b leaves the function, or ends a region linked to it). */
void dom_reverse_map(const uint32_t *ridom, uint32_t n, uint32_t *ipdom);

#endif
