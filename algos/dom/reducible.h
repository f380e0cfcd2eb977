/* Reducibility of a CFG (the part reachable from the entry). */
#ifndef SSALAB_DOM_REDUCIBLE_H
#define SSALAB_DOM_REDUCIBLE_H

#include "cfg/cfg.h"

#include <stdbool.h>
#include <stdint.h>

/* *reducible = whether every retreating edge of a depth-first search from the entry (an edge
 * u->v with v an ancestor of u in the DFS tree, self-loops included) goes to a block that
 * dominates u. Blocks unreachable from the entry are ignored. Near-linear: one DFS and one
 * near-linear dominator computation. Returns SSA_OK or SSA_ENOMEM. */
int cfg_is_reducible(const struct cfg *g, bool *reducible);

/* Bytes cfg_is_reducible allocates at most for n blocks and m edges (freed on return). */
uint64_t cfg_reducible_bytes(uint64_t n, uint64_t m);

#endif
