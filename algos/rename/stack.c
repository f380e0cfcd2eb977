/* rename-stack: SSA renaming by a preorder walk of the dominator tree with one value stack per
 * variable; a block pushes its φs and definitions, rewrites each use to the top of its
 * variable's stack, fills the operand of every φ in its CFG successors for the edge it leaves
 * by, and pops what it pushed once its dominator subtree is done.
 *
 * Cytron, Ferrante, Rosen, Wegman, Zadeck, 1991, "Efficiently computing static single
 * assignment form and the control dependence graph" (TOPLAS 13(4)), the Rename procedure.
 *
 * Time O(n + m + nops + Σ φ operands). Memory: the per-variable stacks are linked through the
 * values (prev[value] = the value below it), so all of them together take one word per SSA value
 * plus one per variable; the walk keeps the open dominator-tree path (n words), and the edge
 * to operand-slot map m + n words. No recursion: the tree is visited in the preorder domtree
 * already holds, and a block is closed when the next preorder block leaves its interval.
 * Requires: t is the dominator tree of p's CFG rooted at 0; s is laid out for p. */
#include "rename/rename.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

struct stack_scratch {
	uint32_t *prev;      /* nops + nphi */
	uint32_t *top;       /* nvars */
	uint32_t *open;      /* n: the open path of the dominator tree */
	uint32_t *edge_slot; /* m */
	uint32_t *cursor;    /* n */
};

static uint64_t stack_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops, uint64_t nphi)
{
	/* the struct, prev, top, open, edge_slot, cursor */
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct stack_scratch)),
				 ssa_array_bytes(ssa_sat_add(nops, nphi), sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(nvars, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_bytes(2, ssa_array_bytes(n, sizeof(uint32_t))));
	return ssa_sat_add(b, ssa_array_bytes(m, sizeof(uint32_t)));
}

static void stack_free(void *p)
{
	struct stack_scratch *s = p;
	if (!s)
		return;
	ssa_free_all(s->prev, s->top, s->open, s->edge_slot, s->cursor, NULL);
	free(s);
}

static int stack_alloc(void **out, const struct prog *p, const struct ssa_form *f)
{
	struct stack_scratch *s = calloc(1, sizeof(*s));
	if (!s)
		return SSA_ENOMEM;
	s->prev = ssa_alloc_array((size_t)f->nops + f->nphi, sizeof(uint32_t));
	s->top = ssa_alloc_array(p->nvars, sizeof(uint32_t));
	s->open = ssa_alloc_array(p->cfg.n, sizeof(uint32_t));
	s->edge_slot = ssa_alloc_array(p->cfg.m, sizeof(uint32_t));
	s->cursor = ssa_alloc_array(p->cfg.n, sizeof(uint32_t));
	if (!s->prev || !s->top || !s->open || !s->edge_slot || !s->cursor) {
		stack_free(s);
		return SSA_ENOMEM;
	}
	*out = s;
	return SSA_OK;
}

static int stack_run(void *scratch, const struct prog *p, const struct domtree *t,
		     struct ssa_form *f, uint64_t *counters)
{
	struct stack_scratch *s = scratch;
	const struct cfg *g = &p->cfg;
	const uint32_t nops = f->nops;
	uint32_t *prev = s->prev, *top = s->top, *open = s->open;
	uint64_t pushes = 0, uses = 0, operands = 0, maxdepth = 0;

	for (int i = 0; i < RENAME_MAX_COUNTERS; i++)
		counters[i] = 0;
	ssa_edge_slots(g, s->edge_slot, s->cursor);
	ssa_fill_unreached(p, t, f, s->edge_slot);
	for (uint32_t v = 0; v < p->nvars; v++)
		top[v] = SSA_UNDEF;

	uint32_t depth = 0;
	for (uint32_t k = 0; k <= t->nreach; k++) {
		/* Close every open block whose subtree does not contain the next one (all of them
		 * after the last block); pops run in reverse push order so the links unwind. */
		uint32_t next_tin = k < t->nreach ? k : UINT32_MAX;
		while (depth > 0 && t->tlast[open[depth - 1]] < next_tin) {
			uint32_t b = open[--depth];
			for (uint32_t i = p->op_off[b + 1]; i-- > p->op_off[b];)
				if (prog_op_is_def(p->ops[i]))
					top[prog_op_var(p->ops[i])] = prev[i];
			for (uint32_t q = f->phi_off[b + 1]; q-- > f->phi_off[b];)
				top[f->phi_var[q]] = prev[nops + q];
		}
		if (k == t->nreach)
			break;
		uint32_t b = t->order[k];
		open[depth++] = b;
		if (depth > maxdepth)
			maxdepth = depth;
		for (uint32_t q = f->phi_off[b]; q < f->phi_off[b + 1]; q++) {
			uint32_t v = f->phi_var[q];
			prev[nops + q] = top[v];
			top[v] = nops + q;
			pushes++;
		}
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			uint32_t op = p->ops[i], v = prog_op_var(op);
			if (prog_op_is_def(op)) {
				f->opval[i] = i;
				prev[i] = top[v];
				top[v] = i;
				pushes++;
			} else {
				f->opval[i] = top[v];
				uses++;
			}
		}
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
			uint32_t y = g->succ[e], slot = s->edge_slot[e];
			for (uint32_t q = f->phi_off[y]; q < f->phi_off[y + 1]; q++)
				f->arg[f->arg_off[q] + slot] = top[f->phi_var[q]];
			operands += f->phi_off[y + 1] - f->phi_off[y];
		}
	}
	counters[0] = pushes;
	counters[1] = uses;
	counters[2] = operands;
	counters[3] = maxdepth;
	return SSA_OK;
}

const struct rename_algo rename_stack_algo = {
	.head = {
		.name = "rename-stack",
		.summary = "Cytron et al.: dominator-tree preorder, per-variable value stacks",
		.citation = "Cytron, Ferrante, Rosen, Wegman, Zadeck 1991, Efficiently computing static "
			    "single assignment form and the control dependence graph",
		.complexity = "O(n + m + ops + operands) time, values + vars + 2n + m words",
		.counter_names = {"pushes", "uses", "operands", "tree_depth"},
	},
	.scratch_bytes = stack_bytes,
	.scratch_alloc = stack_alloc,
	.scratch_free = stack_free,
	.run = stack_run,
};
