/* Private to the stream generators (gen/stream*.c) and their tests: the multigraph the
 * generators edit while they record what they did, and the compiler transformations as single
 * steps, so a test can apply one of them to a hand-built CFG and check the result.
 *
 * The graph (struct sg) gives every edge an id that is never reused: an edge is inserted once
 * and deleted at most once, so a transformation can collect the ids of the edges it will touch
 * before touching any (split every critical edge, delete a region) without rescanning lists.
 * Per block, the ids of its out-edges and in-edges are segments of two flat pools; a full
 * segment moves to the pool's end with twice the room, and a deletion swaps the last entry into
 * the hole (O(1); successor order is not kept, which no dominator question depends on). Every
 * edit appends its update to the stream being recorded. Errors are sticky: the first failure
 * (out of memory, a size limit) is kept in g->err and every later edit does nothing, so the
 * transformations test g->err once at the end instead of after every edit. */
#ifndef SSALAB_GEN_STREAM_INTERNAL_H
#define SSALAB_GEN_STREAM_INTERNAL_H

#include "gen/stream.h"
#include "util/rng.h"

#include <stdbool.h>
#include <stdint.h>

struct sg_lists {
	uint64_t *off;    /* block -> start of its segment in pool */
	uint32_t *len;    /* entries in use */
	uint32_t *cap;    /* room in the segment */
	uint32_t *pool;   /* edge ids */
	uint64_t used, size;
};

struct sg {
	uint32_t n, ncap;          /* blocks 0..n-1; per-block arrays hold ncap */
	struct sg_lists out, in;
	/* Edges ever present, ids 0..ne-1: ends, position in out(src) and in(dst) while live. */
	uint32_t ne, necap;
	uint32_t *src, *dst, *spos, *ppos;
	uint8_t *dead;
	/* Live edge ids, dense (random deletions draw from it): live[lpos[e]] == e. */
	uint32_t nlive;
	uint32_t *live, *lpos;
	/* The stream recorded so far. */
	struct update *ops;
	uint64_t nops, opscap;
	uint64_t inserts, deletes, blocks, batches;
	/* 0: a batch mark at every sg_flush (one batch per applyUpdates call of the pass, what
	 * LLVM's passes send); else sg_flush does nothing and the driver marks every batch_every
	 * transformations. */
	uint32_t batch_every;
	struct ssa_rng rng;
	int err;
	/* Scratch for the transformations: per block (ncap) a mark valid while stamp[b] equals
	 * stamp_cur and a value beside it; a buffer of tmpcap words. */
	uint32_t *stamp, *aux;
	uint32_t stamp_cur;
	uint32_t *tmp;
	size_t tmpcap;
};

int sg_init(struct sg *g, const struct cfg *c, uint64_t seed);
void sg_free(struct sg *g);
/* A new edgeless block (UPDATE_BLOCK); its id, or SSA_NONE after an error. */
uint32_t sg_add_block(struct sg *g);
/* One more copy of u -> v (UPDATE_INSERT); its edge id, or SSA_NONE after an error. */
uint32_t sg_insert(struct sg *g, uint32_t u, uint32_t v);
/* Removes live edge e (UPDATE_DELETE of one copy of src -> dst). */
void sg_delete(struct sg *g, uint32_t e);
/* A batch mark now, unless the stream is empty or already ends with one. */
void sg_mark(struct sg *g);
/* Where a pass hands its updates to the tree: a mark when batch_every == 0. */
void sg_flush(struct sg *g);
/* A live edge u -> v, or SSA_NONE; scans the shorter of out(u) and in(v). */
uint32_t sg_find(const struct sg *g, uint32_t u, uint32_t v);
uint32_t sg_count(const struct sg *g, uint32_t u, uint32_t v);
/* The current graph as a CSR (successors in list order). */
int sg_snapshot(const struct sg *g, struct cfg *out);
/* Moves the recorded stream into out (ending it with a batch mark); g keeps its graph. */
int sg_take_stream(struct sg *g, uint32_t n_start, struct update_stream *out);
/* A fresh mark: every stamp[b] differs from stamp_cur afterwards. */
void sg_new_stamp(struct sg *g);
/* g->tmp with room for k words (NULL after an error). */
uint32_t *sg_tmp(struct sg *g, size_t k);

static inline uint32_t sg_outdeg(const struct sg *g, uint32_t b) { return g->out.len[b]; }
static inline uint32_t sg_indeg(const struct sg *g, uint32_t b) { return g->in.len[b]; }
/* The i-th out-edge / in-edge id of b (order changes as edges come and go). */
static inline uint32_t sg_out(const struct sg *g, uint32_t b, uint32_t i)
{
	return g->out.pool[g->out.off[b] + i];
}
static inline uint32_t sg_in(const struct sg *g, uint32_t b, uint32_t i)
{
	return g->in.pool[g->in.off[b] + i];
}
static inline uint64_t sg_edge_updates(const struct sg *g) { return g->inserts + g->deletes; }

/* ---- The loop forest of the graph as it was at sg_loops_compute, kept current for the blocks
 * the loop transformations add (each new block joins the loop LLVM's LoopInfo would put it in:
 * the innermost loop containing both ends of a split edge, the original's loop for an unrolled
 * copy, the parent loop for a peeled one). ---- */
struct sg_loops {
	uint32_t nloops;
	uint32_t *header, *parent, *last, *entries; /* per loop, as in loops.h */
	uint32_t *block_loop;                      /* per block (cap entries), SSA_NONE: none */
	uint32_t cap;
	/* Blocks whose innermost loop is l, for the blocks present at compute time:
	 * members[moff[l] .. moff[l+1]), ascending. */
	uint32_t *moff, *members;
};

int sg_loops_compute(const struct sg *g, struct sg_loops *L);
void sg_loops_free(struct sg_loops *L);
bool sg_loop_contains(const struct sg_loops *L, uint32_t l, uint32_t b);
/* Block b (possibly new) now belongs to loop l (SSA_NONE: none). */
void sg_loop_assign(struct sg *g, struct sg_loops *L, uint32_t b, uint32_t l);
static inline uint32_t sg_loop_of(const struct sg_loops *L, uint32_t b)
{
	return b < L->cap ? L->block_loop[b] : SSA_NONE;
}
static inline bool sg_is_header(const struct sg_loops *L, uint32_t b)
{
	uint32_t l = sg_loop_of(L, b);
	return l != SSA_NONE && L->header[l] == b;
}
/* The innermost loop containing both a and b, SSA_NONE if none. */
uint32_t sg_loop_common(const struct sg_loops *L, uint32_t a, uint32_t b);

/* ---- The transformations (gen/stream_xform.c). Each checks its preconditions on the current
 * graph and returns false, changing nothing, when they fail; otherwise it edits g, recording
 * the updates in the order LLVM's utility sends them, with an sg_flush where LLVM calls
 * applyUpdates. L may be NULL for the ones that do not need loops. gen/README.md gives the
 * exact CFG each produces. ---- */

/* u -> v is critical: u has more than one out-edge and v more than one in-edge (copies count). */
bool sgx_is_critical(const struct sg *g, uint32_t e);
/* SplitCriticalEdge: new block s; Insert u->s, Insert s->v, Delete u->v. Any live edge. */
uint32_t sgx_split_edge(struct sg *g, struct sg_loops *L, uint32_t e);
/* MergeBlockIntoPredecessor(b): b != 0 whose in-edges all come from one block p != b whose
 * out-edges all go to b. */
bool sgx_merge(struct sg *g, struct sg_loops *L, uint32_t b);
/* SplitBlock(b) at its terminator: b's out-edges move to a new block b2, b -> b2. Returns b2. */
uint32_t sgx_split_block(struct sg *g, struct sg_loops *L, uint32_t b);
/* JumpThreading's ThreadEdge: p's edges to bb go to a new copy of bb that jumps to s.
 * bb has >= 2 distinct predecessors and >= 2 distinct successors, p and s are among them,
 * p != bb != s, bb != 0; with L, loop headers are not threaded through or into (LLVM's
 * LoopHeaders rule). */
bool sgx_thread(struct sg *g, const struct sg_loops *L, uint32_t p, uint32_t bb, uint32_t s);
bool sgx_rotate(struct sg *g, struct sg_loops *L, uint32_t l);
/* Peels one iteration of innermost loop l; unrolls it k times (k >= 2). */
bool sgx_peel(struct sg *g, struct sg_loops *L, uint32_t l);
bool sgx_unroll(struct sg *g, struct sg_loops *L, uint32_t l, uint32_t k);
/* Folds u's branch to v (Delete u->v: v's only in-edge) and deletes every edge of the blocks
 * left unreachable from the entry (DeleteDeadBlocks): one batch each. *dead gets their count. */
bool sgx_delete_region(struct sg *g, uint32_t e, uint32_t *dead);
/* Inlines callee (entry 0, exits its blocks without successors) at block b. */
bool sgx_inline(struct sg *g, struct sg_loops *L, uint32_t b, const struct cfg *callee);

/* ---- The adversaries (gen/stream_adversary.c): n updates after a setup batch, a mark every
 * k updates. SSA_EUSAGE with info->note when the start graph has nothing to attack. ---- */
int gen_stream_adversary(struct sg *g, const char *kind, uint64_t n, uint32_t k,
			 struct gen_stream_info *info);

#endif
