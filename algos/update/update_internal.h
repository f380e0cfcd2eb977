/* Private to algos/update: what more than one algorithm runs. rebuild.c rebuilds a whole tree
 * with the static kernel; dbs.c holds LLVM's scheme (the depth-based search for insertions,
 * subtree rebuilds for deletions), which auto.c runs under a budget; batch.c the repair of a
 * whole batch at once. They edit a struct dtree (dtree.h) whose idom array is the answer. */
#ifndef SSALAB_UPDATE_INTERNAL_H
#define SSALAB_UPDATE_INTERNAL_H

#include "update/dtree.h"
#include "update/dyn_cfg.h"
#include "update/update.h"

#include <stdint.h>

/* rebuild.c: a whole tree from scratch by the project's default static algorithm (algos/dom's
 * auto) on the graph exported as a CSR. Memory: the kernel's scratch (8n words plus a constant),
 * the CSR (2n + 2m words, grown geometrically), an idom array. */
struct dom_algo;
struct upd_rebuild {
	const struct dom_algo *kernel;
	void *scratch;
	uint32_t cap;
	uint32_t *idom;
	struct dyn_export ex;
};
int upd_rebuild_init(struct upd_rebuild *r, uint32_t n_max);
void upd_rebuild_free(struct upd_rebuild *r);
uint64_t upd_rebuild_bytes(uint64_t n_max, uint64_t m_max);
/* r->idom for g. */
int upd_rebuild_idom(struct upd_rebuild *r, const struct dyn_cfg *g);
/* A rebuild is worth this many units of t->work per block and edge: the ratio of a rebuild's
 * time per block and edge to dbs's time per unit of work, measured 2.35 and 2.4 on structured
 * 10^5 (README.md beside this file), rounded up for the tree's lists and levels. */
#define UPD_REBUILD_UNITS 3u
/* t for g (t->work grows by UPD_REBUILD_UNITS (n + m)). */
int upd_rebuild_tree(struct upd_rebuild *r, const struct dyn_cfg *g, struct dtree *t);

struct dbs_engine {
	struct dtree t;
	struct upd_view v;
	uint32_t *heap;  /* the depth-based search's queue, a max-heap by level */
	uint32_t *aff;   /* affected blocks of one insertion */
	uint32_t *unaff; /* visited, unaffected blocks still to expand at the current level */
	struct upd_rebuild rb;
};

/* Counters of dbs_apply, indexes into the algorithm's counters[]. */
enum {
	DBS_C_INSERTS,   /* insertions that changed the edge set (not a parallel copy) */
	DBS_C_DELETES,   /* deletions that removed the last copy of an edge */
	DBS_C_AFFECTED,  /* blocks re-parented by the depth-based search */
	DBS_C_SUBTREES,  /* subtrees rebuilt by Semi-NCA (deletions, new reachable regions) */
	DBS_C_REBUILDS,  /* whole-tree rebuilds (a deletion whose region reached the root) */
	DBS_C_WORK,      /* blocks and edges visited */
	DBS_C_GAVE_UP,   /* batches finished by a rebuild when the budget ran out (auto) */
	DBS_NCOUNTERS
};

int dbs_engine_init(struct dbs_engine *e, uint32_t n_max);
void dbs_engine_free(struct dbs_engine *e);
uint64_t dbs_engine_bytes(uint64_t n_max, uint64_t m_max);
/* The tree of g from scratch. */
int dbs_engine_build(struct dbs_engine *e, const struct dyn_cfg *g, uint64_t *counters);
/* Repairs the tree for ops[0..k) (g holds them), one update at a time, each seen against the
 * graph as it was right after it (view.h). When a deletion's region reaches the root, or the
 * work of this batch exceeds budget (UINT64_MAX: none), the rest of the batch is skipped and
 * the tree rebuilt from g, which already holds it (LLVM does the same). */
int dbs_engine_apply(struct dbs_engine *e, const struct dyn_cfg *g, const struct update *ops,
		     size_t k, uint64_t budget, uint64_t *counters);

/* batch.c: repairs t for the whole batch ops[0..k) at once, on g (which holds it): one
 * Semi-NCA over the smallest subtree that can have changed, plus the blocks that became
 * reachable; when that subtree is the whole tree, rb (may be NULL) rebuilds it with the static
 * kernel instead. lost: scratch of t->cap words. counters[0..3] are added to: regions rebuilt, their
 * blocks, blocks that left the tree, blocks and edges visited. */
int batch_repair(struct dtree *t, struct upd_view *v, struct upd_rebuild *rb,
		 const struct dyn_cfg *g, const struct update *ops, size_t k, uint32_t *lost,
		 uint64_t *counters);

#endif
