/* A dominator-tree verifier fast enough for 10^8 blocks: O(m log n) time. dom_verify checks
 * necessary conditions with no dominator algorithm inside; dom_verify_cert also certifies the tree
 * with a low-high order, which proves it correct. The order's construction (lowhigh.c) runs a
 * semidominator pass on each block's children, and a dominator algorithm only on its fallback path,
 * but never has to be trusted: the order is checked here by its definition. See verify.c for
 * exactly what each outcome proves. */
#ifndef SSALAB_DOM_VERIFY_H
#define SSALAB_DOM_VERIFY_H

#include "cfg/cfg.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes dom_verify (certify false) or dom_verify_cert (certify true) allocates at most for n
 * blocks and m edges (freed before it returns). */
uint64_t dom_verify_bytes(uint64_t n, uint64_t m, bool certify);

/* Checks idom (n entries, SSA_NONE for the entry and unreachable blocks) against g with
 * entry 0. Returns SSA_OK, SSA_EVERIFY with the first violation described in msg (e.g.
 * "edge 4->7: idom(7)=2 does not dominate 4"), or SSA_ENOMEM. msg may be NULL. */
int dom_verify(const struct cfg *g, const uint32_t *idom, char *msg, size_t msglen);

/* dom_verify, then, when its conditions hold, the certificate: a low-high order built by lowhigh.c
 * and checked by its definition (verify.c). *certified = true is a proof that idom is the dominator
 * tree. false means no low-high order exists, so the tree is wrong (the construction always finds
 * one for a correct tree: lowhigh_harm.c and lowhigh_peel.c give the argument). certified may be
 * NULL (then no certificate is attempted, as dom_verify). On success msg says which: "ok, certified
 * by a low-high order" or "ok, necessary conditions only". */
int dom_verify_cert(const struct cfg *g, const uint32_t *idom, bool *certified, char *msg,
		    size_t msglen);

#endif
