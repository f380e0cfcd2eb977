/* gen_prog: random variables, definitions and uses over any CFG, for the SSA stages.
 *
 * Every variable gets exactly --defs definitions and --uses uses (defaults 4 and 8), placed
 * in blocks drawn uniformly from its region: all n blocks for a global variable
 * (--locality=0), else a window of --locality consecutive blocks in reverse postorder of the
 * reachable blocks, drawn per variable, as a local lives in one stretch of a function.
 * --def-at-entry adds one more definition of every variable at the very start of the entry
 * block, in variable order. Without it, about one global variable in 8 has its first use
 * moved to the very start of the entry block, where no definition reaches it unless the entry
 * has a predecessor. Within a block the ops are shuffled, so a use often precedes a definition
 * of the same variable in that block.
 *
 * Time O(n + nops) (plus one DFS when --locality is given), memory 8 bytes per op and 4 per
 * block beyond the program itself; the DFS arrays (28 bytes per block) only with locality. */
#include "gen/build.h"
#include "cfg/traverse.h"
#include "util/mem.h"
#include "util/rng.h"

#include <stdlib.h>
#include <string.h>

uint64_t gen_prog_nops(const struct gen_params *p, uint32_t nblocks)
{
	(void)nblocks;
	uint64_t d = p->defs_per_var ? p->defs_per_var : GEN_DEFAULT_DEFS;
	uint64_t u = p->uses_per_var ? p->uses_per_var : GEN_DEFAULT_USES;
	uint64_t per = d + u + (p->define_at_entry ? 1 : 0);
	return ssa_bytes(p->vars, per);
}

int gen_prog(const struct gen_params *p, struct cfg *g, struct prog *out)
{
	memset(out, 0, sizeof *out);
	if (p->vars > PROG_MAX_VARS)
		return SSA_ETOOBIG;
	if (p->vars == 0)
		return prog_empty(out, g, 0);
	uint64_t nops64 = gen_prog_nops(p, g->n);
	if (nops64 > UINT32_MAX - 1u)
		return SSA_ETOOBIG;
	uint32_t nops = (uint32_t)nops64, n = g->n, V = p->vars;
	uint32_t D = p->defs_per_var ? p->defs_per_var : GEN_DEFAULT_DEFS;
	uint32_t U = p->uses_per_var ? p->uses_per_var : GEN_DEFAULT_USES;
	uint32_t L = p->locality;

	uint32_t *blk = ssa_alloc_array(nops, sizeof *blk);  /* op i lives in block blk[i] */
	uint32_t *word = ssa_alloc_array(nops, sizeof *word);
	uint32_t *off = ssa_calloc_array((size_t)n + 1, sizeof *off);
	uint32_t *ops = ssa_alloc_array(nops, sizeof *ops);
	struct cfg_dfs dfs;
	memset(&dfs, 0, sizeof dfs);
	int st = SSA_OK;
	if (!blk || !word || !off || !ops) {
		st = SSA_ENOMEM;
		goto fail;
	}
	if (L) {
		if ((st = cfg_dfs_alloc(&dfs, n)) != SSA_OK)
			goto fail;
		cfg_dfs_run(&dfs, g, 0);
	}
	struct ssa_rng rng;
	/* A stream of its own, so the same CFG seed gives independent CFG and program draws. */
	ssa_rng_seed(&rng, p->seed ^ UINT64_C(0x70726f6772616d21));

	/* Pinned ops come first so the stable counting sort keeps them at the head of block 0. */
	uint32_t i = 0;
	if (p->define_at_entry)
		for (uint32_t v = 0; v < V; v++, i++) {
			blk[i] = 0;
			word[i] = prog_op(v, PROG_DEF);
		}
	/* undef[v] marks a global variable whose first use is pinned to the entry's start; the
	 * same bit array then saves the draws when the rest are placed. */
	uint8_t *undef = NULL;
	if (!p->define_at_entry && !L) {
		undef = ssa_calloc_array(V, 1);
		if (!undef) {
			st = SSA_ENOMEM;
			goto fail;
		}
		for (uint32_t v = 0; v < V; v++)
			if (ssa_rng_chance(&rng, 1, 8)) {
				undef[v] = 1;
				blk[i] = 0;
				word[i++] = prog_op(v, PROG_USE);
			}
	}
	uint32_t npinned = i;
	for (uint32_t v = 0; v < V; v++) {
		uint32_t lo = 0, len = n;
		const uint32_t *map = NULL; /* region index -> block, NULL for the identity */
		if (L) {
			uint32_t r = dfs.nreach;
			len = L < r ? L : r;
			lo = (uint32_t)ssa_rng_below(&rng, (uint64_t)r - len + 1);
			map = dfs.rpo;
		}
		uint32_t uses = U - (undef && undef[v] ? 1 : 0);
		for (uint32_t j = 0; j < D + uses; j++, i++) {
			uint32_t x = lo + (uint32_t)ssa_rng_below(&rng, len);
			blk[i] = map ? map[x] : x;
			word[i] = prog_op(v, j < D ? PROG_DEF : PROG_USE);
		}
	}
	free(undef);

	/* Counting sort by block (stable), then shuffle each block's ops. */
	for (uint32_t j = 0; j < nops; j++)
		off[blk[j] + 1]++;
	for (uint32_t b = 0; b < n; b++)
		off[b + 1] += off[b];
	for (uint32_t j = 0; j < nops; j++)
		ops[off[blk[j]]++] = word[j];
	memmove(off + 1, off, (size_t)n * sizeof *off);
	off[0] = 0;
	for (uint32_t b = 0; b < n; b++) {
		uint32_t s = off[b] + (b == 0 ? npinned : 0), e = off[b + 1];
		for (uint32_t j = e; j > s + 1; j--) {
			uint32_t r = s + (uint32_t)ssa_rng_below(&rng, j - s);
			uint32_t t = ops[j - 1];
			ops[j - 1] = ops[r];
			ops[r] = t;
		}
	}
	cfg_dfs_free(&dfs);
	ssa_free_all(blk, word, NULL);
	prog_init(out, g, V, nops, off, ops);
	return SSA_OK;
fail:
	cfg_dfs_free(&dfs);
	ssa_free_all(blk, word, off, ops, NULL);
	return st;
}
