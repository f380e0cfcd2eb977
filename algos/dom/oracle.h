/* The dominator oracle: immediate dominators computed straight from the definition, slowly,
 * so that every fast algorithm has something obviously right to be compared with.
 * See algos/dom/oracle.c for the method. */
#ifndef SSALAB_DOM_ORACLE_H
#define SSALAB_DOM_ORACLE_H

#include "cfg/cfg.h"

#include <stdint.h>

/* The oracle does one graph search per reachable block, n*(n+m) steps in the worst case; it
 * refuses graphs above this product (about a few seconds of work) with SSA_ETOOBIG. */
#define DOM_ORACLE_MAX_WORK 1000000000ull

/* The work bound n*(n+m) the oracle compares with DOM_ORACLE_MAX_WORK (saturating). */
uint64_t dom_oracle_work(uint64_t n, uint64_t m);

/* true when dom_oracle accepts a graph of n blocks and m edges. */
bool dom_oracle_fits(uint64_t n, uint64_t m);

/* Bytes the oracle allocates for n blocks (freed before it returns). */
uint64_t dom_oracle_bytes(uint64_t n);

/* Fills idom[0..n-1] for g with entry 0: SSA_NONE for the entry and for blocks unreachable
 * from it. Returns SSA_OK, SSA_ETOOBIG above DOM_ORACLE_MAX_WORK, or SSA_ENOMEM; idom is
 * left unspecified on failure. */
int dom_oracle(const struct cfg *g, uint32_t *idom);

#endif
