/* Private to algos/update: the graph as it was part-way through a batch, for the algorithms
 * that repair the tree one update at a time (dbs, dsnca, dslt). The driver hands them the graph
 * with the whole batch already applied; LLVM sees each update through a "pre-view" of the CFG
 * (GraphDiff) for the same reason. Here the lists of the blocks a batch touches are copied into
 * an overlay and the batch is undone there; upd_view_step then replays it one update at a
 * time. Every other block reads the graph itself, and a batch of one update needs no overlay.
 *
 * Cost per batch: the touched blocks' list lengths plus O(k); memory 2 words per block of
 * capacity (the slots) plus the overlay (their lists and 2k words of room), kept across batches. */
#ifndef SSALAB_UPDATE_VIEW_H
#define SSALAB_UPDATE_VIEW_H

#include "update/dyn_cfg.h"
#include "update/update.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct upd_view {
	const struct dyn_cfg *g;
	bool overlay;      /* false: the view is g itself */
	uint32_t cap;      /* blocks the slots cover */
	uint32_t *slot_s;  /* block -> its successor list in the overlay, SSA_NONE: read g */
	uint32_t *slot_p;  /* block -> its predecessor list in the overlay */
	uint32_t nlists;   /* overlay lists in use */
	uint32_t lcap;     /* overlay lists allocated */
	uint64_t *loff;    /* list i is pool[loff[i] .. loff[i] + llen[i]) */
	uint32_t *llen;
	uint32_t *lblock;  /* list i belongs to block lblock[i] (for the reset) */
	uint32_t *pool;
	uint64_t pcap;
	const struct update *ops;
	size_t k, done;    /* ops[0 .. done) are visible */
};

/* Slots for n_max blocks; the overlay grows as batches need it. SSA_ENOMEM. */
int upd_view_init(struct upd_view *v, uint32_t n_max);
void upd_view_free(struct upd_view *v);
uint64_t upd_view_bytes(uint64_t n_max);

/* Starts a batch: g holds ops[0..k) applied; the view shows g before them (none visible). */
int upd_view_begin(struct upd_view *v, const struct dyn_cfg *g, const struct update *ops,
		   size_t k);
/* Makes the next update visible (ops[done]). */
void upd_view_step(struct upd_view *v);
/* Ends the batch: the view is g again. */
void upd_view_end(struct upd_view *v);

static inline const uint32_t *upd_succ(const struct upd_view *v, uint32_t b, uint32_t *deg)
{
	if (v->overlay && v->slot_s[b] != SSA_NONE) {
		uint32_t i = v->slot_s[b];
		*deg = v->llen[i];
		return v->pool + v->loff[i];
	}
	return dyn_succ(v->g, b, deg);
}

static inline const uint32_t *upd_pred(const struct upd_view *v, uint32_t b, uint32_t *deg)
{
	if (v->overlay && v->slot_p[b] != SSA_NONE) {
		uint32_t i = v->slot_p[b];
		*deg = v->llen[i];
		return v->pool + v->loff[i];
	}
	return dyn_pred(v->g, b, deg);
}

/* The batch loop of the one-update-at-a-time repairs: each edge insertion or deletion of ops
 * is made visible and handed to one(state, op, counters); when one returns true (the tree must
 * be rebuilt), the view ends, v->g becomes g, which already holds the rest of the batch, and
 * rerun(state, counters) rebuilds once for all of it. Returns upd_view_begin's status. */
int upd_view_replay(struct upd_view *v, const struct dyn_cfg *g, const struct update *ops,
		    size_t k, void *state, bool (*one)(void *, const struct update *, uint64_t *),
		    void (*rerun)(void *, uint64_t *), uint64_t *counters);

/* The copies of u -> v in the view (over the shorter of the two lists). */
uint32_t upd_view_count(const struct upd_view *v, uint32_t u, uint32_t w);

#endif
