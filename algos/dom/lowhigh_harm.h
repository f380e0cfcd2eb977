/* Internal to algos/dom: the harmonic sibling-order construction (lowhigh_harm.c), the main
 * construction of lowhigh.c. */
#ifndef SSALAB_DOM_LOWHIGH_HARM_H
#define SSALAB_DOM_LOWHIGH_HARM_H

#include "dom/lowhigh_peel.h"

#include <stddef.h>
#include <stdint.h>

/* Scratch for groups of at most kmax children in a graph of n blocks, reused by every group.
 * Arrays over a group are indexed by search number: 0 is the group's parent, 1..k its
 * children. */
struct lh_harm {
	uint32_t n, kmax;
	uint32_t *num;              /* n: a child's search number in its group */
	uint32_t *blk;              /* search number -> block */
	uint32_t *par, *dir;        /* search-tree parent; the first direct child at or above */
	uint32_t *q;                /* the semidominator in-neighbour */
	uint32_t *jq, *jt;          /* least block by (sd, larger number) on q's and t's path */
	uint32_t nil;               /* k + 1 for the current group: ends the child chains */
	uint32_t *semi, *anc, *lab; /* Lengauer-Tarjan; semi and lab reused by the order as lists */
	uint32_t *size, *child;     /* the balanced linking */
	uint32_t *rt, *rtop;        /* union-find: real roots of the linked trees, then parts */
	uint8_t *rank;
	uint32_t *bhead, *bnext;    /* t-side queries waiting at the top of their path */
	uint32_t *stk, *cur;        /* search stack and edge cursors; compression stack */
	uint32_t *popq;             /* the non-direct children in pi order */
	int8_t *sign;               /* side of t(v) that v goes on: +1 after, -1 before, 0 unknown */
	uint64_t sources, tqueries; /* counts: sources, t-side path minima through the buckets */
};

uint64_t lh_harm_bytes(uint64_t n, uint64_t kmax); /* what lh_harm_alloc allocates */
int lh_harm_alloc(struct lh_harm *h, uint32_t n, uint32_t kmax); /* SSA_OK or SSA_ENOMEM */
void lh_harm_free(struct lh_harm *h);

/* Orders the k <= kmax children ch[0..k) of one block into out[0..k) so that every child that is
 * not direct has a sibling in-neighbour on each side. SSA_OK always when the tree is the
 * dominator tree (proof in lowhigh_harm.c); SSA_EVERIFY when the group shows the tree is wrong
 * (no order exists). */
int lh_harm_group(struct lh_harm *h, const struct lh_sib *s, const uint32_t *ch, uint32_t k,
		  uint32_t *out);

#endif
