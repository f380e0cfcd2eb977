/* live-walk: the live-in blocks of one variable by a backward walk over predecessors.
 *
 * v is live-in at b iff some path from the start of b reaches a use of v with no definition of v
 * before it. The blocks with an upward-exposed use are live-in; a block is live-in through a
 * successor when it does not define v. So the live-in set is what a backward search from the
 * upward-exposed blocks reaches without entering defining blocks. This is how LLVM's mem2reg
 * (PromoteMemToReg.cpp, ComputeLiveInBlocks) prunes φs one alloca at a time; the idea is the
 * per-variable liveness of Appel, "Modern Compiler Implementation" (1998), 19.2 / 10.
 * Time O(defs + Σ in-degree of the live-in blocks) per variable; memory 3n words, reused: the
 * marks are generation stamps, so nothing n-sized is cleared per variable. */
#include "phi/phi.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t live_walk_bytes(uint64_t n)
{
	return ssa_bytes(3, ssa_array_bytes(n, sizeof(uint32_t)));
}

int live_walk_alloc(struct live_walk *lw, uint32_t n)
{
	memset(lw, 0, sizeof *lw);
	lw->n = n;
	lw->live = ssa_calloc_array(n, sizeof(uint32_t));
	lw->def = ssa_calloc_array(n, sizeof(uint32_t));
	lw->list = ssa_alloc_array(n, sizeof(uint32_t));
	if (!lw->live || !lw->def || !lw->list) {
		live_walk_free(lw);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

void live_walk_free(struct live_walk *lw)
{
	ssa_free_all(lw->live, lw->def, lw->list, NULL);
	memset(lw, 0, sizeof *lw);
}

uint64_t live_walk_var(struct live_walk *lw, const struct prog *p, const struct var_blocks *vb,
		       uint32_t v)
{
	const struct cfg *g = &p->cfg;
	if (++lw->gen == 0) {
		/* The stamps wrapped after 2^32 - 1 variables: start over once. */
		memset(lw->live, 0, (size_t)lw->n * sizeof(uint32_t));
		memset(lw->def, 0, (size_t)lw->n * sizeof(uint32_t));
		lw->gen = 1;
	}
	uint32_t gen = lw->gen, nl = 0;
	for (uint64_t i = vb->def_off[v]; i < vb->def_off[v + 1]; i++)
		lw->def[vb->def[i]] = gen;
	for (uint64_t i = vb->ue_off[v]; i < vb->ue_off[v + 1]; i++) {
		lw->live[vb->ue[i]] = gen;
		lw->list[nl++] = vb->ue[i];
	}
	/* list doubles as the stack: entries before `next` are done, the rest are pending. */
	uint64_t steps = 0;
	for (uint32_t next = 0; next < nl; next++) {
		uint32_t b = lw->list[next];
		for (uint32_t e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
			uint32_t q = g->pred[e];
			steps++;
			/* A defining block without an upward-exposed use is live-out, not live-in. */
			if (lw->live[q] == gen || lw->def[q] == gen)
				continue;
			lw->live[q] = gen;
			lw->list[nl++] = q;
		}
	}
	lw->nlist = nl;
	return steps;
}

uint64_t live_join_pairs_bytes(uint64_t n, uint64_t nvars, uint64_t nops)
{
	return ssa_sat_add(var_blocks_bytes(n, nvars, nops), live_walk_bytes(n));
}

int live_join_pairs(const struct prog *p, uint64_t *nphi, uint64_t *nargs)
{
	const struct cfg *g = &p->cfg;
	struct var_blocks vb = {0};
	struct live_walk lw = {0};
	int st = var_blocks_build(&vb, p);
	if (st == SSA_OK)
		st = live_walk_alloc(&lw, g->n);
	uint64_t c = 0, a = 0;
	for (uint32_t v = 0; v < p->nvars && st == SSA_OK; v++) {
		live_walk_var(&lw, p, &vb, v);
		for (uint32_t i = 0; i < lw.nlist; i++) {
			uint32_t b = lw.list[i];
			if (cfg_is_join(g, b, false)) {
				c++;
				a += cfg_in_degree(g, b);
			}
		}
	}
	live_walk_free(&lw);
	var_blocks_free(&vb);
	*nphi = c;
	*nargs = a;
	return st;
}

int live_dump_named(FILE *out, const struct prog *p, const struct var_blocks *vb,
		    struct live_walk *lw, const struct live_dataflow *ld)
{
	char buf[NAMES_MAX_LEN + 16];
	for (uint32_t v = 0; v < p->nvars; v++) {
		fprintf(out, "%s:", names_str(&p->vnames, v, "", buf, sizeof buf));
		if (lw)
			live_walk_var(lw, p, vb, v);
		for (uint32_t b = 0; b < p->cfg.n; b++)
			if (lw ? live_walk_is_live(lw, b) : live_dataflow_is_live(ld, b, v))
				fprintf(out, " %s", names_str(&p->bnames, b, "", buf, sizeof buf));
		fputc('\n', out);
	}
	return ferror(out) ? SSA_EIO : SSA_OK;
}
