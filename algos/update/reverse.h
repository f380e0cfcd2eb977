/* Post-dominators as a dynamic-dominator problem: the reversed graph with a virtual exit and the
 * stream translated to it, so every algorithm of update_algos[] also maintains post-dominators. */
#ifndef SSALAB_UPDATE_REVERSE_H
#define SSALAB_UPDATE_REVERSE_H

#include "update/update.h"

/* Builds rg and rs from g and s. Block 0 of rg is a virtual exit and block b of g is block b + 1;
 * every edge u -> v of g becomes (v+1) -> (u+1) (in g's predecessor order), and the exit has an
 * edge to every block without successors (ascending). The stream's updates become updates of the
 * reversed edges, and a block that gains its first successor or loses its last one (or is new,
 * hence has none) gets its exit edge deleted or inserted in the same batch: an insertion of u -> v
 * is followed by the deletion of exit -> u+1, a deletion is preceded by the insertion of
 * exit -> u+1, so the block stays reachable in between. Names move with their blocks; the exit
 * has none.
 * Unlike algos/dom/reverse.h (static post-dominators), blocks that cannot reach any exit (an
 * infinite loop) are not joined to the exit: they are unreachable in rg and have no
 * post-dominator, as in LLVM when no root is added for them. ipdom from the idom array of rg:
 * dom_reverse_map. SSA_ETOOBIG when n + 1 blocks or the edges would not fit, SSA_ENOMEM,
 * SSA_EINPUT when s is not well formed for g (update_stream_check). */
int update_reverse(const struct cfg *g, const struct update_stream *s, struct cfg *rg,
		   struct update_stream *rs);

#endif
