/* An independent dominator reference for graphs too large for the oracle: shares no code with
 * slt, lt, snca or auto (no dom_dfs, no dominator cuts) nor with chk. reference.c says how. */
#ifndef SSALAB_DOM_REFERENCE_H
#define SSALAB_DOM_REFERENCE_H

#include "cfg/cfg.h"

#include <stdint.h>

/* Bytes dom_reference allocates for n blocks (freed before it returns); m is unused today but
 * kept so callers estimate like every other kernel. */
uint64_t dom_reference_bytes(uint64_t n, uint64_t m);

/* idom[b] for every block of g with entry 0 (SSA_NONE for the entry and unreachable blocks).
 * SSA_OK, SSA_ENOMEM or SSA_ETOOBIG (n = UINT32_MAX, no room for the 1-based numbering). */
int dom_reference(const struct cfg *g, uint32_t *idom);

#endif
