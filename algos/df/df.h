/* Stage 2: dominance frontiers. DF(x) = { y : x dominates a predecessor of y and x does not
 * strictly dominate y }. Every algorithm has the same entry point and one line in df_algos[]
 * (algos/df/registry.c); bench and the tests iterate that table.
 *
 * Contract of run(): given the CFG g and its dominator tree dt (algos/dom/domtree.h), fills out
 * with DF(x) for every block x as compressed sparse rows: set[off[x] .. off[x+1]) ascending and
 * without duplicates; blocks outside the dominator tree have empty frontiers and never appear in
 * one. Σ|DF| can be quadratic in n (ladder, repeat-until: 10^11-10^12 entries at 10^6 blocks), so
 * run() takes a limit on Σ|DF| and returns SSA_ETOOBIG, without allocating the sets, when the
 * answer would exceed it. counters[] are zeroed and then filled with the algorithm's work counts.
 * Scratch is allocated once for graphs up to (n, m) and reused across runs; out is reused too
 * (its arrays grow, never shrink) and released with df_sets_free. */
#ifndef SSALAB_DF_H
#define SSALAB_DF_H

#include "util/algo.h"
#include "cfg/cfg.h"
#include "cfg/names.h"
#include "dom/domtree.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DF_MAX_COUNTERS 4

/* Default limit on Σ|DF| for callers without a better idea: 2^28 entries (1 GiB of sets). */
#define DF_DEFAULT_LIMIT (UINT64_C(1) << 28)

struct df_sets {
	uint32_t n;
	uint64_t total;  /* Σ|DF| */
	uint32_t max;    /* max |DF(x)| */
	uint64_t *off;   /* n+1 offsets into set */
	uint32_t *set;   /* total entries */
	uint64_t cap;    /* entries set can hold without growing */
};

struct df_algo {
	struct algo_head head; /* name, summary, citation, complexity, counter names */
	/* Scratch bytes for a graph of n blocks and m edges (the sets themselves excluded: see
	 * df_sets_bytes). UINT64_MAX when the algorithm refuses such sizes outright. */
	uint64_t (*scratch_bytes)(uint64_t n, uint64_t m);
	int (*scratch_alloc)(void **scratch, uint32_t n, uint32_t m);
	void (*scratch_free)(void *scratch);
	int (*run)(void *scratch, const struct cfg *g, const struct domtree *dt, uint64_t limit,
		   struct df_sets *out, uint64_t *counters);
	/* Optional: what a run allocates on top of the scratch and the sets for an answer of total
	 * entries under limit, at its peak (a building buffer that grows); NULL for nothing. */
	uint64_t (*run_bytes)(uint64_t total, uint64_t limit);
};

extern const struct df_algo *const df_algos[];
extern const size_t df_nalgos;

/* Allocates scratch, runs once, frees. */
int df_compute(const struct df_algo *a, const struct cfg *g, const struct domtree *dt,
	       uint64_t limit, struct df_sets *out, uint64_t *counters);

void df_sets_free(struct df_sets *s);

/* What frontiers by a from the CFG alone allocate at their peak (saturating): the default tree
 * (dom_tree_default_bytes), the counting pass (the tree and n stamps), then the tree, a's
 * scratch, the sets of total entries and what a run adds. Above limit the count refuses before
 * the sets; a's refusal for size (scratch_bytes UINT64_MAX) gives 0, nothing allocated. total is
 * the caller's, counted (df_count) or bounded. An upper bound; tests/test_bench_memory.c holds
 * bench's df stage within 1.3x of jemalloc's peak. */
/* a's scratch with what a run adds to it for total entries (run_bytes) against limit. */
uint64_t df_run_bytes(const struct df_algo *a, uint64_t n, uint64_t m, uint64_t total,
		      uint64_t limit);
uint64_t df_stage_bytes(const struct df_algo *a, uint64_t n, uint64_t m, uint64_t total,
			uint64_t limit);

/* Bytes of the sets of n blocks with total entries, as df_sets_reserve allocates them. */
uint64_t df_sets_bytes(uint64_t n, uint64_t total);

/* Makes out hold n blocks and room for total entries (growing, never shrinking). */
int df_sets_reserve(struct df_sets *out, uint32_t n, uint64_t total);

/* Recomputes total and max from off. */
void df_sets_stats(struct df_sets *s);

/* Σ|DF| without building the sets: the runner walk with its duplicate stop, counting only, and
 * giving up (SSA_ETOOBIG, *total = limit + 1) as soon as the count passes limit, so it costs
 * O(m + min(Σ|DF|, limit)) time. stamp holds n words of scratch. Also gives max|DF| when it
 * finishes (*max may be NULL); cnt (n words, may be NULL) receives |DF(x)|. */
int df_count(const struct cfg *g, const struct domtree *dt, uint64_t limit, uint32_t *stamp,
	     uint32_t *cnt, uint64_t *total, uint32_t *max);
/* df_count's Σ|DF| with its n stamps allocated and freed here (SSA_ENOMEM when they cannot be). */
int df_count_total(const struct cfg *g, const struct domtree *dt, uint64_t limit, uint64_t *total);

/* The frontier stage's check, beside what it checks (check.c): out, the sets a made over g and
 * dt, against df-naive (the definition) when its n*(n+m) work is at most DF_CHECK_NAIVE_WORK
 * and a is not df-naive, else against df-runner (df-cytron when a is df-runner), and its total
 * against counted, Σ|DF| by the counting pass. SSA_OK with what was compared in msg,
 * SSA_EVERIFY with the first difference, or the status of a reference that could not run. */
#define DF_CHECK_NAIVE_WORK 400000000ull
int df_check_sets(const struct df_algo *a, const struct cfg *g, const struct domtree *dt,
		  uint64_t limit, const struct df_sets *out, uint64_t counted, char *msg,
		  size_t msglen);

/* true when a and b hold the same sets; otherwise writes the first difference into msg. */
bool df_sets_equal(const struct df_sets *a, const struct df_sets *b, char *msg, size_t msglen);

/* Writes n lines "<block>:" then the frontier ascending, space-separated. SSA_EIO on error. */
int df_sets_dump(const struct df_sets *s, FILE *out);
/* The same with block names where bnames has them (NULL or no names: exactly df_sets_dump). */
int df_sets_dump_named(const struct df_sets *s, FILE *out, const struct names *bnames);

#endif
