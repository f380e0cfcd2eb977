/* iter: immediate dominators (dom.h) by the iterative set-based dataflow of the lecture notes:
 * Dom(b) = {b} ∪ ⋂ Dom(p) over b's predecessors, passes in reverse postorder to a fixpoint; the
 * immediate dominator is the strict dominator that comes last in reverse postorder.
 * Time O(passes * m * n/64) word operations (passes <= n + 1, usually 2-3). Memory n^2/8 bytes
 * for the sets plus 9n words: a teaching baseline, practical to ~10^5 blocks; scratch_bytes lets
 * callers refuse sizes that do not fit. Preconditions: a valid CFG; unreachable blocks get
 * SSA_NONE and are ignored as predecessors.
 * Source: the textbook formulation (Aho, Sethi, Ullman, "Compilers: Principles, Techniques, and
 * Tools", 1986) and the course notes in the repository's seeds. */
#include "cfg/traverse.h"
#include "dom/dom_internal.h"
#include "util/bitset.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* Why the sets stop at the diagonal.
 *
 * Sets are bitsets over reverse-postorder positions. Dominators precede a block in reverse
 * postorder (they are DFS-tree ancestors), so bits above position r of Dom(r) are always
 * empty in the answer: each set only stores and intersects words 0..r/64, which halves the
 * work but not the allocation. */

struct iter_work {
	uint32_t cap;
	uint64_t words;    /* words per set, for cap blocks */
	uint64_t *sets;    /* cap sets of `words` words */
	uint64_t *tmp;     /* one set */
	uint32_t *rpo_num; /* block -> reverse-postorder position */
	struct cfg_dfs dfs;
};

static uint64_t iter_scratch_bytes(uint64_t n, uint64_t m)
{
	(void)m;
	uint64_t w = bitset_words(n);
	uint64_t sets = ssa_array_bytes(ssa_bytes(n, w), sizeof(uint64_t));
	uint64_t rest = ssa_sat_add(ssa_array_bytes(w, 8), ssa_array_bytes(n, 4));
	rest = ssa_sat_add(rest, cfg_dfs_bytes(n));
	return ssa_sat_add(ssa_sat_add(sets, rest), ssa_alloc_size(sizeof(struct iter_work)));
}

static void iter_scratch_free(void *scratch)
{
	struct iter_work *w = scratch;
	if (!w)
		return;
	ssa_free_all(w->sets, w->tmp, w->rpo_num, NULL);
	cfg_dfs_free(&w->dfs);
	free(w);
}

static int iter_scratch_alloc(void **scratch, uint32_t n, uint32_t m)
{
	(void)m;
	uint64_t words = bitset_words(n);
	size_t total;
	if (!ssa_mul_ok((size_t)n, (size_t)words, &total) ||
	    !ssa_mul_ok(total, sizeof(uint64_t), &(size_t){0}))
		return SSA_ETOOBIG;
	struct iter_work *w = calloc(1, sizeof *w);
	if (!w)
		return SSA_ENOMEM;
	w->cap = n;
	w->words = words;
	w->sets = ssa_alloc_array(total, sizeof(uint64_t));
	w->tmp = ssa_alloc_array(words, sizeof(uint64_t));
	w->rpo_num = ssa_alloc_array(n, sizeof(uint32_t));
	if (!w->sets || !w->tmp || !w->rpo_num || cfg_dfs_alloc(&w->dfs, n) != SSA_OK) {
		iter_scratch_free(w);
		return SSA_ENOMEM;
	}
	*scratch = w;
	return SSA_OK;
}

static int iter_run(void *scratch, const struct cfg *g, uint32_t *idom, uint64_t *counters)
{
	struct iter_work *w = scratch;
	if (g->n > w->cap)
		return SSA_EUSAGE;
	memset(counters, 0, DOM_MAX_COUNTERS * sizeof *counters);

	cfg_dfs_run(&w->dfs, g, 0);
	const uint32_t nr = w->dfs.nreach, *rpo = w->dfs.rpo;
	const uint32_t *pred_off = g->pred_off, *pred = g->pred;
	const uint64_t W = w->words;
	uint64_t *sets = w->sets, *tmp = w->tmp;
	uint32_t *num = w->rpo_num;

	memset(num, 0xff, (size_t)g->n * sizeof *num);
	for (uint32_t r = 0; r < nr; r++)
		num[rpo[r]] = r;

	/* Dom(entry) = {entry}; every other set full (up to its own position). */
	for (uint32_t r = 0; r < nr; r++) {
		uint64_t *s = sets + (uint64_t)r * W;
		uint64_t top = r >> 6;
		for (uint64_t i = 0; i < top; i++)
			s[i] = ~UINT64_C(0);
		s[top] = r ? (~UINT64_C(0) >> (63 - (r & 63))) : 1;
	}

	uint64_t passes = 0, ops = 0;
	int changed = 1;
	while (changed) {
		changed = 0;
		passes++;
		for (uint32_t r = 1; r < nr; r++) {
			uint32_t b = rpo[r];
			uint64_t top = r >> 6, len = top + 1;
			uint64_t mask = ~UINT64_C(0) >> (63 - (r & 63));
			/* Dom(p) is empty above p's own word, so only min(len, p/64+1) words can
			 * survive the intersection; the rest of tmp is cleared below. */
			uint64_t live = 0;
			int first = 1;
			for (uint32_t e = pred_off[b], end = pred_off[b + 1]; e < end; e++) {
				uint32_t p = num[pred[e]];
				if (p == SSA_NONE)
					continue;
				const uint64_t *ps = sets + (uint64_t)p * W;
				uint64_t plen = ((uint64_t)p >> 6) + 1;
				if (first) {
					live = plen < len ? plen : len;
					memcpy(tmp, ps, live * sizeof *tmp);
					first = 0;
				} else {
					if (plen < live)
						live = plen;
					for (uint64_t i = 0; i < live; i++)
						tmp[i] &= ps[i];
				}
				ops += live;
			}
			for (uint64_t i = live; i < len; i++)
				tmp[i] = 0;
			tmp[top] &= mask;
			tmp[top] |= UINT64_C(1) << (r & 63);
			uint64_t *s = sets + (uint64_t)r * W;
			ops += len;
			if (memcmp(s, tmp, len * sizeof *tmp) != 0) {
				memcpy(s, tmp, len * sizeof *tmp);
				changed = 1;
			}
		}
	}
	counters[0] = passes;
	counters[1] = ops;

	/* idom(r): the highest position below r in Dom(r). */
	memset(idom, 0xff, (size_t)g->n * sizeof *idom);
	for (uint32_t r = 1; r < nr; r++) {
		const uint64_t *s = sets + (uint64_t)r * W;
		uint64_t i = r >> 6;
		uint64_t word = s[i] & ~(~UINT64_C(0) << (r & 63)); /* drop r and above */
		while (!word)
			word = s[--i]; /* bit 0 (the entry) is always set, so this stops */
		uint64_t d = i * 64 + 63 - (uint64_t)__builtin_clzll(word);
		idom[rpo[r]] = rpo[d];
	}
	return SSA_OK;
}

const struct dom_algo dom_iter_algo = {
	.head = {
		.name = "iter",
		.summary = "set-based iterative dataflow over bitsets in reverse postorder (lecture notes)",
		.citation = "Aho, Sethi, Ullman 1986, Compilers (iterative dominator dataflow)",
		.complexity = "O(passes*m*n/64) word ops; n^2/8 bytes + 9n words",
		.worst_degree = 3,
		.counter_names = {"passes", "word_ops"},
	},
	.scratch_bytes = iter_scratch_bytes,
	.scratch_alloc = iter_scratch_alloc,
	.scratch_free = iter_scratch_free,
	.run = iter_run,
};
