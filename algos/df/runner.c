/* df-runner: dominance frontiers (df.h) by the "runner" walk: for every join y and predecessor p,
 * the blocks p, idom(p), idom(idom(p)), ... up to but excluding idom(y) get y in their frontier.
 * Each DF(x) comes out ascending without duplicates and without sorting; the answer is refused
 * with SSA_ETOOBIG as soon as Σ|DF| passes the limit, before any set is allocated.
 * Time O(m + Σ|DF|); memory 2n words of scratch plus the sets (n+1 offsets, Σ|DF| entries).
 * Requires the dominator tree of g.
 * Papers: Cytron, Ferrante, Rosen, Wegman, Zadeck, TOPLAS 1991, as restated by Cooper, Harvey,
 * Kennedy, "A Simple, Fast Dominance Algorithm", 2001, Figure 5. */
#include "df/df.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* How duplicates and the limit are handled.
 *
 * Duplicates: a walk stops at a block already stamped with y (stamp[x] = the last y added to
 * DF(x)), because all of that block's ancestors below idom(y) already hold y. So every step adds
 * one entry and no n-sized array is cleared per block. Blocks y are taken in ascending order, so
 * each DF(x) comes out ascending without sorting.
 *
 * Two passes over the same walk: the first counts |DF(x)| (refusing with SSA_ETOOBIG as soon as
 * Σ|DF| passes the limit, before any set is allocated), the second fills the CSR.
 * Each step reads one 8-byte record (idom, stamp) and the set's cursor. */

/* Per block, what a runner step reads, side by side so a step costs one cache miss: the
 * parent in the dominator tree (RUNNER_OUT for blocks outside it) and the stamp. */
struct rnode {
	uint32_t up;
	uint32_t stamp;
};

/* Block ids are < n <= CFG_MAX_BLOCKS = UINT32_MAX - 1, so UINT32_MAX - 1 is no idom. */
#define RUNNER_OUT (UINT32_MAX - 1u)

struct runner_scratch {
	uint32_t n;
	struct rnode *node;
};

static uint64_t runner_scratch_bytes(uint64_t n, uint64_t m)
{
	(void)m;
	return ssa_sat_add(ssa_alloc_size(sizeof(struct runner_scratch)),
			   ssa_array_bytes(n, sizeof(struct rnode)));
}

static void runner_scratch_free(void *p)
{
	struct runner_scratch *s = p;
	if (!s)
		return;
	free(s->node);
	free(s);
}

static int runner_scratch_alloc(void **out, uint32_t n, uint32_t m)
{
	(void)m;
	struct runner_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return SSA_ENOMEM;
	s->n = n;
	s->node = ssa_alloc_array(n, sizeof(struct rnode));
	if (!s->node) {
		runner_scratch_free(s);
		return SSA_ENOMEM;
	}
	*out = s;
	return SSA_OK;
}

/* One pass of walks. Counting (fill false): off[r+1] += 1 per entry, giving up past limit.
 * Filling: off[r] is r's write cursor. Returns the number of entries, or limit + 1. */
static uint64_t walks(struct rnode *node, const struct cfg *g, uint64_t *off, uint32_t *set,
		      bool fill, uint64_t limit, uint64_t *nwalks)
{
	uint32_t n = g->n;
	uint64_t t = 0, w = 0;
	for (uint32_t b = 0; b < n; b++)
		node[b].stamp = SSA_NONE;
	for (uint32_t y = 0; y < n; y++) {
		uint32_t stop = node[y].up;
		if (stop == RUNNER_OUT)
			continue;
		for (uint32_t e = g->pred_off[y]; e < g->pred_off[y + 1]; e++) {
			uint32_t r = g->pred[e];
			if (node[r].up == RUNNER_OUT)
				continue;
			w++;
			/* Once r holds y, so do all its ancestors below idom(y): stop there. */
			while (r != stop && node[r].stamp != y) {
				node[r].stamp = y;
				if (fill) {
					set[off[r]++] = y;
				} else {
					off[r + 1]++;
					if (++t > limit)
						return t;
				}
				r = node[r].up;
			}
		}
	}
	*nwalks = w;
	return t;
}

static int runner_run(void *p, const struct cfg *g, const struct domtree *dt, uint64_t limit,
		      struct df_sets *out, uint64_t *counters)
{
	struct runner_scratch *s = p;
	uint32_t n = g->n;
	memset(counters, 0, DF_MAX_COUNTERS * sizeof *counters);
	if (n > s->n)
		return SSA_EUSAGE;
	struct rnode *node = s->node;
	for (uint32_t b = 0; b < n; b++)
		node[b].up = dt->tin[b] == SSA_NONE ? RUNNER_OUT : dt->idom[b];

	/* Pass 1 counts into a temporary offset array; the sets are sized from it. */
	int st = df_sets_reserve(out, n, 0);
	if (st != SSA_OK)
		return st;
	uint64_t *off = out->off, nw;
	memset(off, 0, ((size_t)n + 1) * sizeof *off);
	uint64_t total = walks(node, g, off, NULL, false, limit, &nw);
	if (total > limit)
		return SSA_ETOOBIG;
	uint32_t mx = 0;
	for (uint32_t x = 0; x < n; x++) {
		if (off[x + 1] > mx)
			mx = (uint32_t)off[x + 1];
		off[x + 1] += off[x];
	}
	st = df_sets_reserve(out, n, total);
	if (st != SSA_OK)
		return st;
	off = out->off;
	/* Pass 2: off[x] is x's cursor; afterwards it holds x's end = x+1's start. Blocks y are
	 * taken in ascending order, so each set comes out ascending. */
	walks(node, g, off, out->set, true, limit, &nw);
	memmove(off + 1, off, (size_t)n * sizeof *off);
	off[0] = 0;
	out->total = total;
	out->max = mx;
	counters[0] = nw;
	counters[1] = total; /* every step of a walk adds one entry */
	return SSA_OK;
}

const struct df_algo df_runner_algo = {
	.head = {
		.name = "df-runner",
		.summary = "runner walk from each join's predecessors up to its idom, stamp de-duplication",
		.citation = "Cytron et al. 1991; Cooper, Harvey, Kennedy 2001, 'A Simple, Fast Dominance "
			    "Algorithm'",
		.complexity = "O(m + sum|DF|) time (two passes), 2n words + the sets",
		.counter_names = {"walks", "steps"},
	},
	.scratch_bytes = runner_scratch_bytes,
	.scratch_alloc = runner_scratch_alloc,
	.scratch_free = runner_scratch_free,
	.run = runner_run,
};
