/* df-runner: dominance frontiers by the "runner" walk.
 *
 * For every join block y and every predecessor p of y, the blocks whose frontier holds y are
 * exactly p, idom(p), idom(idom(p)), ... up to but excluding idom(y). From Cytron, Ferrante,
 * Rosen, Wegman and Zadeck (1991) as restated by Cooper, Harvey and Kennedy, "A Simple, Fast
 * Dominance Algorithm" (2001), Figure 5.
 *
 * Duplicates: a walk stops at a block already stamped with y (stamp[x] = the last y added to
 * DF(x)), because all of that block's ancestors below idom(y) already hold y. So every step adds
 * one entry and no n-sized array is cleared per block. Blocks y are taken in ascending order, so
 * each DF(x) comes out ascending without sorting.
 *
 * Two passes over the same walk: the first counts |DF(x)| (refusing with SSA_ETOOBIG as soon as
 * Σ|DF| passes the limit, before any set is allocated), the second fills the CSR.
 * Time O(m + Σ|DF|); memory 2n words of scratch plus the sets (n+1 offsets, Σ|DF| entries).
 * Requires the dominator tree of g. */
#include "df/df.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

struct runner_scratch {
	uint32_t n;
	uint32_t *stamp;
	uint32_t *cnt; /* |DF(x)|, then the fill cursor */
};

static uint64_t runner_scratch_bytes(uint64_t n, uint64_t m)
{
	(void)m;
	return ssa_bytes(2 * n, sizeof(uint32_t));
}

static void runner_scratch_free(void *p)
{
	struct runner_scratch *s = p;
	if (!s)
		return;
	ssa_free_all(s->stamp, s->cnt, NULL);
	free(s);
}

static int runner_scratch_alloc(void **out, uint32_t n, uint32_t m)
{
	(void)m;
	struct runner_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return SSA_ENOMEM;
	s->n = n;
	s->stamp = ssa_alloc_array(n, sizeof(uint32_t));
	s->cnt = ssa_alloc_array(n, sizeof(uint32_t));
	if (!s->stamp || !s->cnt) {
		runner_scratch_free(s);
		return SSA_ENOMEM;
	}
	*out = s;
	return SSA_OK;
}

static int runner_run(void *p, const struct cfg *g, const struct domtree *dt, uint64_t limit,
		      struct df_sets *out, uint64_t *counters)
{
	struct runner_scratch *s = p;
	uint32_t n = g->n;
	memset(counters, 0, DF_MAX_COUNTERS * sizeof *counters);
	if (n > s->n)
		return SSA_EUSAGE;

	uint64_t total;
	uint32_t mx;
	int st = df_count(g, dt, limit, s->stamp, s->cnt, &total, &mx);
	if (st != SSA_OK)
		return st;
	st = df_sets_reserve(out, n, total);
	if (st != SSA_OK)
		return st;

	uint64_t *off = out->off;
	off[0] = 0;
	for (uint32_t x = 0; x < n; x++)
		off[x + 1] = off[x] + s->cnt[x];
	uint64_t walks = 0;
	uint32_t *stamp = s->stamp;
	for (uint32_t b = 0; b < n; b++)
		stamp[b] = SSA_NONE;
	/* cnt becomes the number of entries already written into each set. */
	memset(s->cnt, 0, (size_t)n * sizeof *s->cnt);
	uint32_t *fill = s->cnt, *set = out->set;
	for (uint32_t y = 0; y < n; y++) {
		if (dt->tin[y] == SSA_NONE)
			continue;
		uint32_t stop = dt->idom[y];
		for (uint32_t e = g->pred_off[y]; e < g->pred_off[y + 1]; e++) {
			uint32_t r = g->pred[e];
			if (dt->tin[r] == SSA_NONE)
				continue;
			walks++;
			while (r != stop && stamp[r] != y) {
				stamp[r] = y;
				set[off[r] + fill[r]++] = y;
				r = dt->idom[r];
			}
		}
	}
	out->total = total;
	out->max = mx;
	counters[0] = walks;
	counters[1] = total; /* every step of a walk adds one entry */
	return SSA_OK;
}

const struct df_algo df_runner_algo = {
	.name = "df-runner",
	.summary = "runner walk from each join's predecessors up to its idom, stamp de-duplication",
	.citation = "Cytron et al. 1991; Cooper, Harvey, Kennedy 2001, 'A Simple, Fast Dominance "
		    "Algorithm'",
	.complexity = "O(m + sum|DF|) time (two passes), 2n words + the sets",
	.counter_names = {"walks", "steps"},
	.scratch_bytes = runner_scratch_bytes,
	.scratch_alloc = runner_scratch_alloc,
	.scratch_free = runner_scratch_free,
	.run = runner_run,
};
