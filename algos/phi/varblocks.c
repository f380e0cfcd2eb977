/* Per-variable definition blocks and upward-exposed-use blocks of a program.
 *
 * One scan of the ops in block order, twice (count, then fill, which visits only the blocks
 * with ops that the count listed), with a per-variable stamp holding the last block that
 * recorded the variable, so each list comes out ascending and duplicate-free with no per-block
 * clearing. "Upward-exposed" follows Briggs, Cooper, Harvey and
 * Simpson, 1998, "Practical Improvements to the Construction and Destruction of Static Single
 * Assignment Form": a use of v in b not preceded in b by a definition of v.
 * Time O(n + nops + V); memory (V+1)·2 offsets + one entry per (variable, block) pair + V words
 * (+ min(n, nops) words while it runs). */
#include "phi/phi.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

uint64_t var_blocks_bytes(uint64_t n, uint64_t nvars, uint64_t nops)
{
	/* def_off and ue_off, stamp and the scan's second stamp, the two lists, and the list of
	 * the blocks with ops (at most min(nops, n)) */
	uint64_t b = ssa_bytes(2, ssa_array_bytes(nvars + 1, sizeof(uint64_t)));
	b = ssa_sat_add(b, ssa_bytes(2, ssa_array_bytes(nvars, sizeof(uint32_t))));
	b = ssa_sat_add(b, ssa_array_bytes(nops < n ? nops : n, sizeof(uint32_t)));
	return ssa_sat_add(b, ssa_bytes(2, ssa_array_bytes(nops, sizeof(uint32_t))));
}

void var_blocks_free(struct var_blocks *vb)
{
	ssa_free_all(vb->def_off, vb->def, vb->ue_off, vb->ue, vb->stamp, NULL);
	memset(vb, 0, sizeof *vb);
}

/* One block's ops. With fill false, counts into def_off[v+1] / ue_off[v+1]; with fill true,
 * writes at the cursors def_off[v] / ue_off[v] (advanced, restored by the caller). dstamp[v] ==
 * b+1 when b defines v (so far in the block), ustamp[v] == b+1 when b's upward-exposed use of v
 * is noted. */
static inline void scan_block(struct var_blocks *vb, const struct prog *p, uint32_t b,
			      uint32_t *dstamp, uint32_t *ustamp, bool fill)
{
	for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
		uint32_t op = p->ops[i], v = prog_op_var(op);
		if (prog_op_is_def(op)) {
			if (dstamp[v] == b + 1)
				continue;
			dstamp[v] = b + 1;
			if (fill)
				vb->def[vb->def_off[v]++] = b;
			else
				vb->def_off[v + 1]++;
		} else if (dstamp[v] != b + 1 && ustamp[v] != b + 1) {
			ustamp[v] = b + 1;
			if (fill)
				vb->ue[vb->ue_off[v]++] = b;
			else
				vb->ue_off[v + 1]++;
		}
	}
}

int var_blocks_build(struct var_blocks *vb, const struct prog *p)
{
	uint32_t nv = p->nvars;
	memset(vb, 0, sizeof *vb);
	vb->nvars = nv;
	vb->def_off = ssa_calloc_array((size_t)nv + 1, sizeof(uint64_t));
	vb->ue_off = ssa_calloc_array((size_t)nv + 1, sizeof(uint64_t));
	vb->stamp = ssa_calloc_array(nv, sizeof(uint32_t));
	uint32_t *ustamp = ssa_calloc_array(nv, sizeof(uint32_t));
	if (!vb->def_off || !vb->ue_off || !vb->stamp || !ustamp) {
		free(ustamp);
		var_blocks_free(vb);
		return SSA_ENOMEM;
	}
	/* The blocks with ops, listed by the counting pass so the filling pass visits only them
	 * (at most nops of them: a program with few ops costs one pass over the n offsets). */
	uint32_t nb = 0, *blocks = ssa_alloc_array(p->nops < p->cfg.n ? p->nops : p->cfg.n,
						  sizeof(uint32_t));
	if (!blocks) {
		free(ustamp);
		var_blocks_free(vb);
		return SSA_ENOMEM;
	}
	/* Block ids + 1 never exceed UINT32_MAX (n <= CFG_MAX_BLOCKS), so 0 is a safe "unset". */
	for (uint32_t b = 0; b < p->cfg.n; b++)
		if (p->op_off[b] != p->op_off[b + 1]) {
			blocks[nb++] = b;
			scan_block(vb, p, b, vb->stamp, ustamp, false);
		}
	for (uint32_t v = 0; v < nv; v++) {
		vb->def_off[v + 1] += vb->def_off[v];
		vb->ue_off[v + 1] += vb->ue_off[v];
	}
	vb->def = ssa_alloc_array((size_t)vb->def_off[nv], sizeof(uint32_t));
	vb->ue = ssa_alloc_array((size_t)vb->ue_off[nv], sizeof(uint32_t));
	if (!vb->def || !vb->ue) {
		free(ustamp);
		free(blocks);
		var_blocks_free(vb);
		return SSA_ENOMEM;
	}
	memset(vb->stamp, 0, (size_t)nv * sizeof(uint32_t));
	memset(ustamp, 0, (size_t)nv * sizeof(uint32_t));
	for (uint32_t k = 0; k < nb; k++)
		scan_block(vb, p, blocks[k], vb->stamp, ustamp, true);
	free(blocks);
	/* The cursors ended at the next list's start: shift back. */
	memmove(vb->def_off + 1, vb->def_off, (size_t)nv * sizeof(uint64_t));
	memmove(vb->ue_off + 1, vb->ue_off, (size_t)nv * sizeof(uint64_t));
	vb->def_off[0] = vb->ue_off[0] = 0;
	free(ustamp);
	return SSA_OK;
}
