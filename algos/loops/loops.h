/* The loop nesting forest of a CFG, and the table of algorithms that compute it.
 *
 * Definition (Havlak's forest, as Ramalingam states it; it depends on the depth-first search,
 * which here is the one of cfg/traverse.h: from block 0, successors in edge order). Blocks
 * unreachable from the entry belong to no loop. For a reachable block h let desc(h) be its
 * DFS-tree descendants (h included).
 *   - h is a loop header iff some edge w->h has w in desc(h) (a retreating edge; w = h, a
 *     self-loop, counts).
 *   - The loop of header h is L(h) = { w in desc(h) : w reaches h along a path that stays
 *     inside desc(h) } (h included).
 * Two loops are disjoint or nested (L(h') inside L(h) exactly when h' is in L(h)), so they form
 * a forest; a loop's parent is the smallest loop strictly containing it, its depth 1 + the
 * parent's (outermost loops have depth 1), and a block's innermost loop the smallest containing
 * it. An entry of loop L is a block of L with a predecessor outside L, the header always
 * counting (block 0 is entered from outside the function). L is irreducible iff it has an entry
 * other than its header, i.e. iff its header does not dominate all of it; a CFG is reducible
 * iff none of its loops is irreducible.
 *
 * The result uses flat arrays only. Loops are numbered in a preorder of the forest (a parent
 * before its children), so loop l's nested loops are exactly l+1 .. last[l], and "block b is in
 * loop l" is the O(1) test l <= block_loop[b] <= last[l]. Loop entries are stored per block:
 * the loops a block enters form a chain from its innermost loop outwards, so entry_top[b], the
 * outermost of them, describes them all (loops_is_entry); entries[l] counts them. */
#ifndef SSALAB_LOOPS_H
#define SSALAB_LOOPS_H

#include "util/algo.h"
#include "cfg/cfg.h"
#include "cfg/names.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define LOOPS_MAX_COUNTERS 4

struct loop_forest {
	uint32_t n;          /* blocks the arrays are sized for */
	uint32_t nloops;
	/* per block (n) */
	uint32_t *block_loop; /* innermost loop containing the block, SSA_NONE if none */
	uint32_t *entry_top;  /* outermost loop the block is an entry of, SSA_NONE if none */
	/* per loop (room for n; nloops used) */
	uint32_t *header;   /* the header block */
	uint32_t *parent;   /* enclosing loop, SSA_NONE for an outermost loop */
	uint32_t *last;     /* the loops nested in l (at any depth) are l+1 .. last[l] */
	uint32_t *depth;    /* 1 for an outermost loop */
	uint32_t *entries;  /* entry blocks, the header included: irreducible iff > 1 */
	uint32_t *nblocks;  /* blocks in the loop, nested loops' blocks included */
};

int loop_forest_alloc(struct loop_forest *f, uint32_t n);
void loop_forest_free(struct loop_forest *f);
uint64_t loop_forest_bytes(uint64_t n);
/* The loops dump: "loop L header H parent P depth D blocks B entries E [irreducible]" per loop
 * in forest preorder (parent - for an outermost loop), then "block B loop L" for every block in
 * a loop; blocks by name where bn has them (NULL: numbers). SSA_EIO on a write error. */
int loop_forest_dump_named(FILE *out, const struct loop_forest *f, const struct names *bn);

static inline bool loops_contains(const struct loop_forest *f, uint32_t l, uint32_t b)
{
	uint32_t x = f->block_loop[b];
	return x != SSA_NONE && l <= x && x <= f->last[l];
}

static inline bool loops_is_irreducible(const struct loop_forest *f, uint32_t l)
{
	return f->entries[l] > 1;
}

/* Whether block b is an entry of loop l (the header of l is). */
static inline bool loops_is_entry(const struct loop_forest *f, uint32_t l, uint32_t b)
{
	uint32_t t = f->entry_top[b];
	/* b enters its loops from the innermost up to t: l must lie on that chain. */
	return t != SSA_NONE && loops_contains(f, l, b) && t <= l && l <= f->last[t];
}

struct loops_summary {
	uint32_t loops;
	uint32_t max_depth;
	uint32_t irreducible;      /* loops with more than one entry */
	uint32_t blocks_in_loops;  /* blocks inside at least one loop */
};

void loops_summarize(const struct loop_forest *f, struct loops_summary *s);

/* Loop nesting forest algorithms. Contract of run(): fills f (allocated for at least g->n
 * blocks) for g with entry 0; counters[] are zeroed then filled. Scratch is allocated once for
 * graphs up to (n, m) and reused across runs. */
struct loops_algo {
	struct algo_head head; /* name, summary, citation, complexity, counter names */
	uint64_t (*scratch_bytes)(uint64_t n, uint64_t m);
	int (*scratch_alloc)(void **scratch, uint32_t n, uint32_t m);
	void (*scratch_free)(void *scratch);
	int (*run)(void *scratch, const struct cfg *g, struct loop_forest *f, uint64_t *counters);
};

/* What a run of a allocates for n blocks and m edges: the forest (loop_forest_bytes) and a's
 * scratch. Tests hold bench's loops stage to it within 1.3x of jemalloc's peak. */
uint64_t loops_stage_bytes(const struct loops_algo *a, uint64_t n, uint64_t m);

extern const struct loops_algo *const loops_algos[];
extern const size_t loops_nalgos;

/* Allocates scratch, runs once, frees. */
int loops_compute(const struct loops_algo *a, const struct cfg *g, struct loop_forest *f,
		  uint64_t *counters);

/* For a graph summary: what loops_summarize gives on g's forest, computed without the forest
 * (summary.c: 8n + 2m words and n bytes, loops_graph_summary_bytes, freed on return). */
int loops_graph_summary(const struct cfg *g, struct loops_summary *s);
uint64_t loops_graph_summary_bytes(uint64_t n, uint64_t m);

/* Checks that share no code with the algorithms (oracle.c). loops_oracle_check compares every
 * field of f with the definition computed directly (O(n^2 + n·m) time, n^2 bytes; SSA_ETOOBIG
 * above LOOPS_ORACLE_MAX_BLOCKS); loops_facts_check verifies in O(n + m) what holds at any size
 * (loop count = blocks with a retreating in-edge, consistent nesting, irreducible loops iff
 * cfg_is_reducible says so). SSA_OK with what was compared in msg, SSA_EVERIFY with the first
 * difference. */
#define LOOPS_ORACLE_MAX_BLOCKS 4096u
int loops_oracle_check(const struct cfg *g, const struct loop_forest *f, char *msg, size_t msglen);
int loops_facts_check(const struct cfg *g, const struct loop_forest *f, char *msg, size_t msglen);
/* Both, as bench's loops stage checks a forest: the facts always, the definition up to
 * LOOPS_ORACLE_MAX_BLOCKS blocks (above, msg says there was none). Returns as they do. */
int loops_forest_check(const struct cfg *g, const struct loop_forest *f, char *msg, size_t msglen);

#endif
