/* The mutable CFG of the dynamic-dominator stage (update.h): per block a successor list and a
 * predecessor list, each a segment of one flat pool with slack, relocated to the pool's end
 * (capacity doubled) when it fills up; the pool is rebuilt compactly when it runs out of room,
 * so an insertion costs O(1) amortized and a deletion O(degree) (a scan for the copy, then the
 * later entries shift down, so the order of the rest is kept). Parallel edges are explicit:
 * deleting u->v removes the last copy of v in succ(u) and of u in pred(v) and keeps the others.
 * Blocks can only be added; a new block is edgeless.
 *
 * Memory: 4 words per block of capacity (offsets, lengths, capacities of both lists) plus the
 * two pools, at most 2 * (2m + 2n) words after a rebuild. Limits as struct cfg: n <= 2^32 - 2
 * blocks, m <= 2^32 - 2 edges. */
#ifndef SSALAB_UPDATE_DYN_CFG_H
#define SSALAB_UPDATE_DYN_CFG_H

#include "cfg/cfg.h"

#include <stddef.h>
#include <stdint.h>

struct update;

/* One direction's lists: block b's are pool[off[b] .. off[b] + len[b]), room for cap[b]. */
struct dyn_lists {
	uint64_t *off;
	uint32_t *len;
	uint32_t *cap;
	uint32_t *pool;
	uint64_t used; /* pool words handed out to segments (live or abandoned) */
	uint64_t size; /* pool words allocated */
	uint64_t held; /* sum of cap[]: what a compact rebuild keeps */
};

struct dyn_cfg {
	uint32_t n;    /* blocks 0..n-1 */
	uint32_t ncap; /* blocks the per-block arrays hold */
	uint32_t m;    /* edges, every parallel copy counted */
	struct dyn_lists succ, pred;
};

/* A copy of g (successor order kept, predecessors in g's order), with room for n_cap blocks
 * before the per-block arrays grow (n_cap < g->n is taken as g->n). SSA_ENOMEM. */
int dyn_cfg_init(struct dyn_cfg *d, const struct cfg *g, uint32_t n_cap);
void dyn_cfg_free(struct dyn_cfg *d);

/* One more copy of u -> v (ids < n). SSA_ETOOBIG past CFG_MAX_EDGES edges, SSA_ENOMEM. */
int dyn_cfg_insert(struct dyn_cfg *d, uint32_t u, uint32_t v);
/* One copy of u -> v fewer; SSA_EINPUT (graph unchanged) when there is none. */
int dyn_cfg_delete(struct dyn_cfg *d, uint32_t u, uint32_t v);
/* A new edgeless block, id n (returned in *id). SSA_ETOOBIG past CFG_MAX_BLOCKS, SSA_ENOMEM. */
int dyn_cfg_add_block(struct dyn_cfg *d, uint32_t *id);

/* Applies ops[0..k) in order (UPDATE_BATCH entries are skipped). On failure *bad (may be NULL)
 * is the index of the op that failed and the ops before it stay applied: SSA_EINPUT for a
 * deletion of an edge that is not there, an id out of range or a new block whose id is not n,
 * SSA_ETOOBIG or SSA_ENOMEM as above. */
int dyn_cfg_apply(struct dyn_cfg *d, const struct update *ops, size_t k, size_t *bad);

/* The copies of u -> v, counted over the shorter of succ(u) and pred(v). */
uint32_t dyn_cfg_count(const struct dyn_cfg *d, uint32_t u, uint32_t v);

/* A struct cfg of the current graph: successors in list order, predecessors in the canonical
 * order of cfg.h (cfg_preds_fill). out is allocated here (cfg_free). */
int dyn_cfg_export(const struct dyn_cfg *d, struct cfg *out);

/* The same into arrays kept across calls, for callers that export after every batch:
 * ex->g is valid until the next call or dyn_export_free; arrays grow geometrically. */
struct dyn_export {
	struct cfg g;
	uint32_t ncap, mcap;
};
int dyn_cfg_export_into(const struct dyn_cfg *d, struct dyn_export *ex);
void dyn_export_free(struct dyn_export *ex);

/* Bytes of a dyn_cfg of n blocks and m edges right after a compact rebuild, at most. */
uint64_t dyn_cfg_bytes(uint64_t n, uint64_t m);

static inline const uint32_t *dyn_succ(const struct dyn_cfg *d, uint32_t b, uint32_t *deg)
{
	*deg = d->succ.len[b];
	return d->succ.pool + d->succ.off[b];
}

static inline const uint32_t *dyn_pred(const struct dyn_cfg *d, uint32_t b, uint32_t *deg)
{
	*deg = d->pred.len[b];
	return d->pred.pool + d->pred.off[b];
}

#endif
