/* rename-cfgdfs: SSA renaming (rename.h) by a depth-first walk of the CFG itself, not the
 * dominator tree, carrying a stack of variable->value frames; every arrival at a block fills the
 * operand of its φs for the edge taken, the first arrival also renames its ops.
 * Right whenever the placement is complete (minimal, semi-pruned, pruned, maximal); with a
 * placement missing a needed φ it returns the path's value, not the dominating one.
 * Time O(ops * definitions on the path) in the worst case (counter "steps"), quadratic on a deep
 * chain reading a variable defined at the top; gives up with SSA_EBUDGET after
 * RENAME_CFGDFS_STEP_BUDGET steps. Memory: the log (2 words per SSA value), the DFS stack
 * (3n words), visited bytes, the edge-slot map (m + n words).
 * Source: the English "mem2reg" article in the seeds (000), decide_values_start_from, made
 * iterative, with operands keyed by incoming edge. */
#include "rename/rename.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* How it works, and when it is right.
 *
 * rename-cfgdfs: SSA renaming by a depth-first walk of the CFG itself (not the dominator tree),
 * as the English mem2reg article in the seeds describes. The walk carries a stack of
 * variable->value frames: a block with two or more successors (a branch or a switch) opens a
 * fresh frame for each outgoing edge and drops it when that edge's subtree is done; a block's
 * φs and definitions write into the top frame; a use reads the newest entry for its variable,
 * searching the frames from the top down. Every arrival at a block, first or not, fills the
 * operand of its φs for the edge taken; only the first arrival processes the block's ops.
 *
 * Source: the article "mem2reg" (000 in the seeds), decide_values_start_from, made iterative,
 * with operands keyed by incoming edge (the article keys them by the defining block, which
 * merges two edges that bring the same value) and switch-like terminators. The frames are one
 * flat log of (variable, value) entries; a frame is a log height to truncate back to.
 *
 * When it is right: the value it gives a point is the newest definition along one path from the
 * entry (the DFS tree path). That equals the SSA value exactly when the φ placement makes every
 * live value path-independent, which minimal, semi-pruned, pruned and maximal placements all do
 * (a φ operand's variable is live at the end of its predecessor). With a placement that misses a
 * needed φ it silently returns the path's value, where the dominator-based renamers return the
 * dominating one; tests/test_rename_algos.c shows such a case.
 *
 * Cost: a look-up walks the log down to the variable's newest entry, so it is proportional to
 * the definitions made along the path since then: O(ops * path definitions) in the worst case,
 * quadratic on a deep chain that reads a variable defined only at the top (counter "steps"). It
 * gives up with SSA_EBUDGET after RENAME_CFGDFS_STEP_BUDGET steps. Memory: the log (2 words per
 * SSA value), the DFS stack (3n words), visited bytes, the edge-slot map (m + n words). */

struct cfgdfs_scratch {
	uint32_t *log_var, *log_val; /* nops + nphi */
	uint32_t *stk_block, *stk_edge, *stk_height; /* n */
	uint8_t *visited;            /* n */
	uint32_t *edge_slot;         /* m */
	uint32_t *cursor;            /* n */
};

static uint64_t cfgdfs_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops, uint64_t nphi)
{
	(void)nvars;
	/* the struct; log_var, log_val; stk_block, stk_edge, stk_height, cursor; visited;
	 * edge_slot */
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct cfgdfs_scratch)),
				 ssa_bytes(2, ssa_array_bytes(ssa_sat_add(nops, nphi), sizeof(uint32_t))));
	b = ssa_sat_add(b, ssa_bytes(4, ssa_array_bytes(n, sizeof(uint32_t))));
	b = ssa_sat_add(b, ssa_array_bytes(n, 1));
	return ssa_sat_add(b, ssa_array_bytes(m, sizeof(uint32_t)));
}

static void cfgdfs_free(void *p)
{
	struct cfgdfs_scratch *s = p;
	if (!s)
		return;
	ssa_free_all(s->log_var, s->log_val, s->stk_block, s->stk_edge, s->stk_height, s->visited,
		     s->edge_slot, s->cursor, NULL);
	free(s);
}

static int cfgdfs_alloc(void **out, const struct prog *p, const struct ssa_form *f)
{
	struct cfgdfs_scratch *s = calloc(1, sizeof(*s));
	if (!s)
		return SSA_ENOMEM;
	size_t nv = (size_t)f->nops + f->nphi, n = p->cfg.n;
	s->log_var = ssa_alloc_array(nv, sizeof(uint32_t));
	s->log_val = ssa_alloc_array(nv, sizeof(uint32_t));
	s->stk_block = ssa_alloc_array(n, sizeof(uint32_t));
	s->stk_edge = ssa_alloc_array(n, sizeof(uint32_t));
	s->stk_height = ssa_alloc_array(n, sizeof(uint32_t));
	s->visited = ssa_alloc_array(n, 1);
	s->edge_slot = ssa_alloc_array(p->cfg.m, sizeof(uint32_t));
	s->cursor = ssa_alloc_array(n, sizeof(uint32_t));
	if (!s->log_var || !s->log_val || !s->stk_block || !s->stk_edge || !s->stk_height ||
	    !s->visited || !s->edge_slot || !s->cursor) {
		cfgdfs_free(s);
		return SSA_ENOMEM;
	}
	*out = s;
	return SSA_OK;
}

struct walk {
	struct cfgdfs_scratch *s;
	uint32_t top;     /* log height */
	uint64_t steps, lookups, budget;
};

/* The article's decide_variable_value: newest entry for v on the path, or undefined. */
static inline uint32_t lookup(struct walk *w, uint32_t v)
{
	uint32_t i = w->top;
	w->lookups++;
	while (i > 0) {
		i--;
		w->steps++;
		if (w->s->log_var[i] == v)
			return w->s->log_val[i];
	}
	return SSA_UNDEF;
}

static inline void fill_phis(struct walk *w, struct ssa_form *f, uint32_t y, uint32_t slot)
{
	for (uint32_t q = f->phi_off[y]; q < f->phi_off[y + 1]; q++)
		f->arg[f->arg_off[q] + slot] = lookup(w, f->phi_var[q]);
}

/* First arrival: the block's φs and definitions enter the top frame, uses are rewritten. */
static inline void process_block(struct walk *w, const struct prog *p, struct ssa_form *f,
				 uint32_t b)
{
	struct cfgdfs_scratch *s = w->s;
	for (uint32_t q = f->phi_off[b]; q < f->phi_off[b + 1]; q++) {
		s->log_var[w->top] = f->phi_var[q];
		s->log_val[w->top++] = f->nops + q;
	}
	for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
		uint32_t op = p->ops[i], v = prog_op_var(op);
		if (prog_op_is_def(op)) {
			f->opval[i] = i;
			s->log_var[w->top] = v;
			s->log_val[w->top++] = i;
		} else {
			f->opval[i] = lookup(w, v);
		}
	}
}

static int cfgdfs_run(void *scratch, const struct prog *p, const struct domtree *t,
		      struct ssa_form *f, uint64_t *counters)
{
	(void)t; /* the method needs no dominator tree */
	struct cfgdfs_scratch *s = scratch;
	const struct cfg *g = &p->cfg;
	struct walk w = {.s = s, .top = 0, .budget = RENAME_CFGDFS_STEP_BUDGET};
	uint64_t arrivals = 0, maxlog = 0;

	for (int i = 0; i < RENAME_MAX_COUNTERS; i++)
		counters[i] = 0;
	ssa_edge_slots(g, s->edge_slot, s->cursor);
	memset(s->visited, 0, g->n);

	uint32_t sp = 0;
	s->visited[0] = 1;
	process_block(&w, p, f, 0);
	s->stk_block[0] = 0;
	s->stk_edge[0] = g->succ_off[0];
	s->stk_height[0] = w.top;
	sp = 1;
	while (sp > 0) {
		uint32_t u = s->stk_block[sp - 1], e = s->stk_edge[sp - 1];
		if (e == g->succ_off[u + 1]) {
			sp--;
			continue;
		}
		s->stk_edge[sp - 1] = e + 1;
		/* A branch gives each outgoing edge a fresh frame: drop whatever the previous
		 * edge's subtree wrote. A single successor shares the frame, as in the article. */
		if (cfg_out_degree(g, u) >= 2)
			w.top = s->stk_height[sp - 1];
		uint32_t y = g->succ[e];
		arrivals++;
		fill_phis(&w, f, y, s->edge_slot[e]);
		if (w.steps > w.budget)
			return SSA_EBUDGET;
		if (s->visited[y])
			continue;
		s->visited[y] = 1;
		process_block(&w, p, f, y);
		if (w.top > maxlog)
			maxlog = w.top;
		s->stk_block[sp] = y;
		s->stk_edge[sp] = g->succ_off[y];
		s->stk_height[sp] = w.top;
		sp++;
	}

	/* Blocks the walk never reached, and the operands of their out-edges: undefined. */
	for (uint32_t b = 0; b < g->n; b++) {
		if (s->visited[b])
			continue;
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
			f->opval[i] = prog_op_is_def(p->ops[i]) ? i : SSA_UNDEF;
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
			uint32_t y = g->succ[e];
			for (uint32_t q = f->phi_off[y]; q < f->phi_off[y + 1]; q++)
				f->arg[f->arg_off[q] + s->edge_slot[e]] = SSA_UNDEF;
		}
	}
	counters[0] = arrivals;
	counters[1] = w.lookups;
	counters[2] = w.steps;
	counters[3] = maxlog;
	return SSA_OK;
}

const struct rename_algo rename_cfgdfs_algo = {
	.head = {
		.name = "rename-cfgdfs",
		.summary = "mem2reg article: DFS over the CFG with variable->value frames pushed at branches",
		.citation = "the mem2reg article in the seeds (000), decide_values_start_from",
		.complexity = "O(n + m + (ops + operands) * path definitions) time, 2 values + 5n + m words",
		.counter_names = {"arrivals", "lookups", "steps", "max_log"},
	},
	.scratch_bytes = cfgdfs_bytes,
	.scratch_alloc = cfgdfs_alloc,
	.scratch_free = cfgdfs_free,
	.run = cfgdfs_run,
};
