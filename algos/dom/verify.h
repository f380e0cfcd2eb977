/* A dominator-tree verifier fast enough for 10^8 blocks: O(m log n) time, no dominator
 * algorithm inside. It checks necessary conditions only; see verify.c for exactly what an
 * accepted tree is proven to satisfy and which wrong trees can still pass. */
#ifndef SSALAB_DOM_VERIFY_H
#define SSALAB_DOM_VERIFY_H

#include "cfg/cfg.h"

#include <stddef.h>
#include <stdint.h>

/* Bytes dom_verify allocates for n blocks (freed before it returns). */
uint64_t dom_verify_bytes(uint64_t n);

/* Checks idom (n entries, SSA_NONE for the entry and unreachable blocks) against g with
 * entry 0. Returns SSA_OK, SSA_EVERIFY with the first violation described in msg (e.g.
 * "edge 4->7: idom(7)=2 does not dominate 4"), or SSA_ENOMEM. msg may be NULL. */
int dom_verify(const struct cfg *g, const uint32_t *idom, char *msg, size_t msglen);

#endif
