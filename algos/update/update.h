/* Stage: keeping the dominator tree current while a pass edits the CFG (dynamic dominators).
 *
 * The input is a CFG plus an update stream: edge insertions and deletions, new blocks, and marks
 * that close a batch. As in LLVM, the graph is edited first and the tree is told afterwards: the
 * driver applies one batch to a struct dyn_cfg, then hands the same batch to the algorithm, whose
 * tree must then equal the dominator tree of the edited graph from entry 0 (idom of the entry and
 * of unreachable blocks SSA_NONE). Every algorithm has one file and one line in update_algos[]
 * (algos/update/registry.c); bench, the tests and the fuzzer iterate that table. */
#ifndef SSALAB_UPDATE_H
#define SSALAB_UPDATE_H

#include "cfg/cfg.h"
#include "io/io.h"
#include "util/algo.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define UPDATE_MAX_COUNTERS 8

enum update_kind {
	UPDATE_INSERT = 1, /* edge u -> v added (one more copy if it is already there) */
	UPDATE_DELETE = 2, /* one copy of edge u -> v removed (it must be there) */
	UPDATE_BLOCK = 3,  /* block u added, unreachable and edgeless; u is the next free id */
	UPDATE_BATCH = 4,  /* the updates since the previous mark (or the start) form one batch */
};

struct update {
	uint32_t kind; /* enum update_kind */
	uint32_t u, v; /* v unused (0) for UPDATE_BLOCK; both unused for UPDATE_BATCH */
};

/* A stream over a start graph of n_start blocks; after it, n_end = n_start + its UPDATE_BLOCKs.
 * names, when not NULL, holds n_end block names (the start graph's, then the new blocks'); a
 * name may be NULL. The last update is always UPDATE_BATCH: a stream is a sequence of batches
 * (an empty stream has count 0). Ownership: ops, names and every non-NULL names[i] are separate
 * malloc'd blocks, all freed by update_stream_free. The file format, its reader, writer and
 * checks are in update/stream.h. */
struct update_stream {
	uint32_t n_start;
	uint32_t n_end;
	uint64_t count;
	struct update *ops;
	char **names;
};

void update_stream_free(struct update_stream *s);

/* The mutable CFG the driver edits and the algorithms read: per block a successor and a
 * predecessor list in flat arrays (no per-edge nodes), parallel edges explicit, deletion
 * removes one copy. Blocks can only be added. */
struct dyn_cfg;

struct update_algo {
	struct algo_head head;
	/* Memory for graphs of at most n_max blocks and m_max edges, for the driver's refusal. */
	uint64_t (*state_bytes)(uint64_t n_max, uint64_t m_max);
	/* Builds the tree of g (entry 0) from scratch; capacity for n_max blocks. */
	int (*init)(void **state, const struct dyn_cfg *g, uint32_t n_max);
	/* g already holds the batch ops[0..k) (no UPDATE_BATCH inside); repairs the tree. counters[]
	 * are added to, named by head.counter_names. */
	int (*apply)(void *state, const struct dyn_cfg *g, const struct update *ops, size_t k,
	             uint64_t *counters);
	/* The current idom array, one entry per block of g. */
	const uint32_t *(*idom)(void *state);
	void (*free)(void *state);
};

extern const struct update_algo *const update_algos[];
extern const size_t update_nalgos;

/* Runs a over the whole stream s from the start graph g (s->n_start == g->n): init, then each
 * batch applied to a dyn_cfg and handed to apply. idom receives the final tree (s->n_end
 * entries); counters (UPDATE_MAX_COUNTERS, may be NULL) the sums over all batches. For callers
 * that need one answer; update/check.h runs the same loop with a check after batches. */
int update_run(const struct update_algo *a, const struct cfg *g, const struct update_stream *s,
	       uint32_t *idom, uint64_t *counters);
/* What update_run of a allocates beside the stream, over one that reaches n_max blocks and m_max
 * edges (update_stream_extent): the tree (n_max words), the mutable graph (dyn_cfg_bytes) and a's
 * state (state_bytes). An upper bound; tests/test_bench_memory.c holds bench's update stage within
 * 1.3x of jemalloc's peak. */
uint64_t update_run_bytes(const struct update_algo *a, uint64_t n_max, uint64_t m_max);
/* Before a stream of ops updates to a graph of n blocks and m edges exists: *n_max, *m_max bound
 * what it can reach (each update adds at most a block or an edge; reversed, the virtual exit adds
 * a block and an edge per block), and the result is the stream's own bytes. */
uint64_t update_stream_bound(uint64_t n, uint64_t m, uint64_t ops, bool reverse, uint64_t *n_max,
			     uint64_t *m_max);

#endif
