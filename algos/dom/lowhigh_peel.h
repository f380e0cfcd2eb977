/* Internal to algos/dom: the derived graph of lowhigh.c, and the fallback sibling-order
 * construction (lowhigh_peel.c); dom_lowhigh_order_by(..., DOM_LOWHIGH_PEEL, ...) uses it for
 * every group. */
#ifndef SSALAB_DOM_LOWHIGH_PEEL_H
#define SSALAB_DOM_LOWHIGH_PEEL_H

#include "cfg/cfg.h"
#include "dom/domtree.h"

#include <stdbool.h>
#include <stdint.h>

/* The derived graph of lowhigh.c, shared read-only: carc[v] says the edge idom(v)->v exists
 * ("direct" child); din/dout are the sibling in- and out-neighbours (CSR by block, no
 * self-loops, every neighbour a child of the same block). */
struct lh_sib {
	const uint8_t *carc;
	const uint32_t *din_off, *din;
	const uint32_t *dout_off, *dout;
};

/* Scratch of the fallback for n blocks, allocated once and reused by every group. */
struct lh_peel {
	uint32_t n;
	uint8_t *st;   /* n: per child of the group, member, anchor or merged */
	uint32_t *aux; /* n + 2: place in seq of an anchor (the sentinels L = n, R = n + 1), or
			* the anchor a merged block was merged into */
	uint32_t *pre; /* n: search number of a member, or the witness of a merged block */
	uint32_t *seq; /* n + 2: the order being built, L first and R last */
	uint32_t *stk, *cur, *logx; /* n each: search stack and cursors, merges in order */
};

uint64_t lh_peel_bytes(uint64_t n, uint64_t m); /* at most, for a graph of n blocks, m edges */
int lh_peel_alloc(struct lh_peel *p, uint32_t n); /* SSA_OK or SSA_ENOMEM */
void lh_peel_free(struct lh_peel *p);

/* Orders the k children ch[0..k) of one block into out[0..k) so that every child that is not
 * direct has a sibling in-neighbour on each side. SSA_OK always when the tree is the dominator
 * tree (lowhigh_peel.c proves it); SSA_EVERIFY when no order exists (the tree is wrong);
 * SSA_ENOMEM. */
int lh_peel_group(struct lh_peel *p, const struct lh_sib *s, const uint32_t *ch, uint32_t k,
		  uint32_t *out);

#endif
