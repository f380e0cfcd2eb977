/* Private to algos/update: what dsnca and dslt share. Both keep the depth-first spanning tree of
 * the last full run and the semidominators over it, and both decide the same way what an edge
 * update does to them (dsnca.c gives the argument); they differ in how the immediate dominators
 * follow from the semidominators. Memory: UPD_KEPT_WORDS words per block of capacity, plus the
 * view (view.h). */
#ifndef SSALAB_UPDATE_KEPT_H
#define SSALAB_UPDATE_KEPT_H

#include "update/view.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct upd_kept {
	uint32_t cap;     /* blocks of capacity */
	uint32_t nr;      /* blocks reached, numbered 1..nr */
	uint32_t *pre;    /* block -> DFS number, 0 unreached */
	uint32_t *idom;   /* block -> immediate dominator, the answer */
	uint32_t *order;  /* number -> block */
	uint32_t *parent; /* number -> DFS parent */
	uint32_t *last;   /* number -> largest number in its DFS subtree */
	uint32_t *semi;   /* number -> semidominator */
	uint32_t *stk, *cur; /* the DFS's stack and edge cursors, scratch between runs */
	struct upd_view v;
};

#define UPD_KEPT_WORDS 8

/* Arrays for max(n_max, g->n) blocks and the view over g, and the algorithm's own nextra arrays
 * of as many words (*extra[i]); SSA_ENOMEM (then upd_kept_free and free the extra ones). */
int upd_kept_init(struct upd_kept *t, const struct dyn_cfg *g, uint32_t n_max,
		  uint32_t **const extra[], size_t nextra);
void upd_kept_free(struct upd_kept *t);

/* An algorithm's apply: upd_view_replay over the kept view, refused (SSA_EUSAGE) when g has
 * outgrown the capacity. */
int upd_kept_apply(struct upd_kept *t, const struct dyn_cfg *g, const struct update *ops,
		   size_t k, void *state, bool (*one)(void *, const struct update *, uint64_t *),
		   void (*rerun)(void *, uint64_t *), uint64_t *counters);
/* An algorithm's idom, for a state whose first member is its struct upd_kept. */
const uint32_t *upd_kept_idom(void *state);

/* Numbers the view's graph afresh by an iterative DFS from block 0 (idom of the unreached
 * SSA_NONE, semi of number 1 set to 1); returns the edges it looked at. */
uint64_t upd_kept_number(struct upd_kept *t);

enum upd_effect {
	UPD_IGNORED, /* the edge cannot matter: from an unreached block, or a doubled edge */
	UPD_SKIPPED, /* its candidate cannot move semi(y): nothing to redo */
	UPD_PARTIAL, /* the tree survives: redo from pre(y) */
	UPD_RERUN    /* the tree is no longer a DFS tree: a new block reached, a left-to-right
		      * cross edge inserted, or a tree edge deleted */
};

/* What update o, already visible in t->v, does to the kept tree; *work grows by the steps of the
 * walk for y's candidate. */
enum upd_effect upd_kept_effect(const struct upd_kept *t, const struct update *o, uint64_t *work);

#endif
