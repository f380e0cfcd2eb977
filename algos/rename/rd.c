/* rename-rd: SSA renaming with one "reaching definition" per variable instead of stacks. Blocks
 * are visited in dominator-tree preorder; every new value links to the reaching definition it
 * replaces, and before each use (and at the end of a block, for the φ operands of its
 * successors) the variable's reaching definition is lazily corrected by climbing that chain
 * until the definition's block dominates the current point. Nothing is popped on the way out:
 * a stale value is skipped the next time the variable is read from outside its subtree.
 *
 * The SSA book's variant (Rastello and Bouchez Tichadou, eds., "SSA-based Compiler Design",
 * Springer 2022, ch. 3, Algorithm 3.3 with updateReachingDef), as in the seeds' lab guide and
 * lecture notes; the lazy chain idea goes back to Cytron et al. 1991.
 *
 * Time O(n + m + ops + operands + chain climbs); each climb skips a value whose dominator
 * subtree was left, and a value can be skipped again from another subtree, so climbs are not
 * bounded by the number of values (counted: counter "climbs"). Dominance is the domtree's O(1)
 * interval test. Memory: the chain (one word per SSA value), the block of each definition op
 * (nops words), the reaching definition per variable, and the edge-slot map (m + n words).
 * Requires: t is the dominator tree of p's CFG rooted at 0; s is laid out for p. */
#include "rename/rename.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

struct rd_scratch {
	uint32_t *chain;     /* nops + nphi: the reaching definition a value replaced */
	uint32_t *opblock;   /* nops: block of a definition op, set when it is defined */
	uint32_t *reach;     /* nvars */
	uint32_t *edge_slot; /* m */
	uint32_t *cursor;    /* n */
};

static uint64_t rd_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops, uint64_t nphi)
{
	/* the struct, chain, opblock, reach, edge_slot, cursor */
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct rd_scratch)),
				 ssa_array_bytes(ssa_sat_add(nops, nphi), sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(nops, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(nvars, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(m, sizeof(uint32_t)));
	return ssa_sat_add(b, ssa_array_bytes(n, sizeof(uint32_t)));
}

static void rd_free(void *p)
{
	struct rd_scratch *s = p;
	if (!s)
		return;
	ssa_free_all(s->chain, s->opblock, s->reach, s->edge_slot, s->cursor, NULL);
	free(s);
}

static int rd_alloc(void **out, const struct prog *p, const struct ssa_form *f)
{
	struct rd_scratch *s = calloc(1, sizeof(*s));
	if (!s)
		return SSA_ENOMEM;
	s->chain = ssa_alloc_array((size_t)f->nops + f->nphi, sizeof(uint32_t));
	s->opblock = ssa_alloc_array(f->nops, sizeof(uint32_t));
	s->reach = ssa_alloc_array(p->nvars, sizeof(uint32_t));
	s->edge_slot = ssa_alloc_array(p->cfg.m, sizeof(uint32_t));
	s->cursor = ssa_alloc_array(p->cfg.n, sizeof(uint32_t));
	if (!s->chain || !s->opblock || !s->reach || !s->edge_slot || !s->cursor) {
		rd_free(s);
		return SSA_ENOMEM;
	}
	*out = s;
	return SSA_OK;
}

/* updateReachingDef(v, point in block b): a value defined in b itself was defined earlier in
 * this visit, so it dominates the point; otherwise its block must dominate b. */
static inline uint32_t rd_update(struct rd_scratch *s, const struct ssa_form *f,
				 const struct domtree *t, uint32_t v, uint32_t b, uint64_t *climbs)
{
	uint32_t r = s->reach[v];
	while (r != SSA_UNDEF) {
		uint32_t rb = r < f->nops ? s->opblock[r] : f->phi_block[r - f->nops];
		if (rb == b || domtree_dominates(t, rb, b))
			break;
		r = s->chain[r];
		(*climbs)++;
	}
	s->reach[v] = r;
	return r;
}

static int rd_run(void *scratch, const struct prog *p, const struct domtree *t, struct ssa_form *f,
		  uint64_t *counters)
{
	struct rd_scratch *s = scratch;
	const struct cfg *g = &p->cfg;
	const uint32_t nops = f->nops;
	uint64_t climbs = 0, uses = 0, operands = 0, defs = 0;

	for (int i = 0; i < RENAME_MAX_COUNTERS; i++)
		counters[i] = 0;
	ssa_edge_slots(g, s->edge_slot, s->cursor);
	ssa_fill_unreached(p, t, f, s->edge_slot);
	for (uint32_t v = 0; v < p->nvars; v++)
		s->reach[v] = SSA_UNDEF;

	for (uint32_t k = 0; k < t->nreach; k++) {
		uint32_t b = t->order[k];
		for (uint32_t q = f->phi_off[b]; q < f->phi_off[b + 1]; q++) {
			uint32_t v = f->phi_var[q];
			s->chain[nops + q] = rd_update(s, f, t, v, b, &climbs);
			s->reach[v] = nops + q;
			defs++;
		}
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			uint32_t op = p->ops[i], v = prog_op_var(op);
			uint32_t r = rd_update(s, f, t, v, b, &climbs);
			if (prog_op_is_def(op)) {
				f->opval[i] = i;
				s->opblock[i] = b;
				s->chain[i] = r;
				s->reach[v] = i;
				defs++;
			} else {
				f->opval[i] = r;
				uses++;
			}
		}
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
			uint32_t y = g->succ[e], slot = s->edge_slot[e];
			for (uint32_t q = f->phi_off[y]; q < f->phi_off[y + 1]; q++)
				f->arg[f->arg_off[q] + slot] =
					rd_update(s, f, t, f->phi_var[q], b, &climbs);
			operands += f->phi_off[y + 1] - f->phi_off[y];
		}
	}
	counters[0] = defs;
	counters[1] = uses;
	counters[2] = operands;
	counters[3] = climbs;
	return SSA_OK;
}

const struct rename_algo rename_rd_algo = {
	.head = {
		.name = "rename-rd",
		.summary = "SSA book: reachingDef per variable, updateReachingDef climbs the def chain",
		.citation = "Rastello, Bouchez Tichadou (eds.) 2022, SSA-based Compiler Design, ch. 3 "
			    "(after Cytron et al. 1991)",
		.complexity = "O(n + m + ops + operands + climbs) time, values + ops + vars + n + m words",
		.counter_names = {"defs", "uses", "operands", "climbs"},
	},
	.scratch_bytes = rd_bytes,
	.scratch_alloc = rd_alloc,
	.scratch_free = rd_free,
	.run = rd_run,
};
