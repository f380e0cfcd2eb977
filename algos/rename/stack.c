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
 * plus one per variable; the open path holds only blocks that pushed (at most one word per
 * value, and at most n), and one byte per block says what a block has to do. No recursion: the
 * tree is visited in the preorder domtree already holds, and a block is closed when the next
 * block with work leaves its interval.
 * Requires: t is the dominator tree of p's CFG rooted at 0; s is laid out for p. */
#include "rename/rename.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* Two walks, one answer. In a program with few definitions (64 variables, 768 ops and ~1,400 φs
 * over 10^6 blocks) almost every block does nothing: no φ, no op, no successor with a φ. The
 * sparse walk lists what has work -- each block with φs or ops, and each operand slot of a φ
 * block with the source block of its edge -- keyed by preorder number (a block's own work
 * before the operands of its out-edges), sorts the list by radix and replays it with the open
 * path: a block without work pushes nothing, so every entry sees the stacks the full walk
 * would show it. Its cost is a scan of the φ and op offsets plus the list, so it is taken when
 * the list holds at most n / RS_SPARSE_DIV entries. Otherwise the dense walk visits the whole
 * preorder, skipping blocks by one flag byte each, and finds an out-edge's operand slot by a
 * binary search for the source in the target's predecessor list, which is ordered by source
 * block (cfg.h); the copies of a multi-edge follow in the source's successor order, and all of
 * a source's edges into one φ block are filled together, once (bit F_DONE marks the target
 * while the source's successors are scanned). */
#define RS_SPARSE_DIV 16u

enum { F_WORK = 1, F_SRC = 2, F_PHIS = 4, F_DONE = 8 };

/* An entry of the sparse walk's list: key = 2 tin + 0 for a block's own work (a = the block),
 * 2 tin + 1 for an operand slot (a = the φ block, b = the slot) whose edge leaves that block. */
struct rs_item {
	uint32_t key, a, b;
};

struct stack_scratch {
	uint32_t *prev;  /* nops + nphi */
	uint32_t *top;   /* nvars */
	uint32_t *open;  /* the open blocks that pushed, root first */
	/* The sparse walk's list and its radix buffer (cap entries each), or the dense walk's
	 * flags (n bytes): one allocation of mem bytes serves either. */
	void *mem;
	uint64_t cap;
};

static uint64_t open_words(uint64_t n, uint64_t nops, uint64_t nphi)
{
	uint64_t v = ssa_sat_add(nops, nphi);
	return v < n ? v : n;
}

static uint64_t sparse_cap(uint64_t n)
{
	return n / RS_SPARSE_DIV + 64;
}

static uint64_t mem_bytes(uint64_t n)
{
	uint64_t lists = ssa_bytes(sparse_cap(n), 2 * sizeof(struct rs_item));
	return lists > n ? lists : n;
}

static uint64_t stack_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops, uint64_t nphi)
{
	(void)m;
	/* the struct, prev, top, open, and the walks' shared memory */
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct stack_scratch)),
				 ssa_array_bytes(ssa_sat_add(nops, nphi), sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(nvars, sizeof(uint32_t)));
	uint64_t open = open_words(n, nops, nphi);
	b = ssa_sat_add(b, ssa_array_bytes(open ? open : 1, sizeof(uint32_t)));
	return ssa_sat_add(b, ssa_array_bytes(mem_bytes(n), 1));
}

static void stack_free(void *p)
{
	struct stack_scratch *s = p;
	if (!s)
		return;
	ssa_free_all(s->prev, s->top, s->open, s->mem, NULL);
	free(s);
}

static int stack_alloc(void **out, const struct prog *p, const struct ssa_form *f)
{
	struct stack_scratch *s = calloc(1, sizeof(*s));
	if (!s)
		return SSA_ENOMEM;
	uint64_t open = open_words(p->cfg.n, f->nops, f->nphi);
	s->prev = ssa_alloc_array((size_t)f->nops + f->nphi, sizeof(uint32_t));
	s->top = ssa_alloc_array(p->nvars, sizeof(uint32_t));
	s->open = ssa_alloc_array(open ? (size_t)open : 1, sizeof(uint32_t));
	s->mem = ssa_alloc_array((size_t)mem_bytes(p->cfg.n), 1);
	s->cap = sparse_cap(p->cfg.n);
	if (!s->prev || !s->top || !s->open || !s->mem) {
		stack_free(s);
		return SSA_ENOMEM;
	}
	*out = s;
	return SSA_OK;
}

/* The walk's state: the stacks, the open path and the counters. */
struct walk {
	const struct prog *p;
	const struct domtree *t;
	struct ssa_form *f;
	uint32_t *prev, *top, *open;
	uint32_t depth;
	uint64_t pushes, uses, operands, maxdepth;
};

/* Pops every open block whose subtree does not hold preorder number k, in reverse push order
 * so the links unwind. */
static inline void walk_close(struct walk *w, uint32_t k)
{
	const struct prog *p = w->p;
	const struct ssa_form *f = w->f;
	while (w->depth > 0 && w->t->tlast[w->open[w->depth - 1]] < k) {
		uint32_t c = w->open[--w->depth];
		for (uint32_t i = p->op_off[c + 1]; i-- > p->op_off[c];)
			if (prog_op_is_def(p->ops[i]))
				w->top[prog_op_var(p->ops[i])] = w->prev[i];
		for (uint32_t q = f->phi_off[c + 1]; q-- > f->phi_off[c];)
			w->top[f->phi_var[q]] = w->prev[f->nops + q];
	}
}

/* Block b's φs and ops: push the definitions, read the uses; b joins the open path. */
static inline void walk_block(struct walk *w, uint32_t b)
{
	const struct prog *p = w->p;
	struct ssa_form *f = w->f;
	const uint32_t nops = f->nops;
	w->open[w->depth++] = b;
	if (w->depth > w->maxdepth)
		w->maxdepth = w->depth;
	for (uint32_t q = f->phi_off[b]; q < f->phi_off[b + 1]; q++) {
		uint32_t v = f->phi_var[q];
		w->prev[nops + q] = w->top[v];
		w->top[v] = nops + q;
		w->pushes++;
	}
	for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
		uint32_t op = p->ops[i], v = prog_op_var(op);
		if (prog_op_is_def(op)) {
			f->opval[i] = i;
			w->prev[i] = w->top[v];
			w->top[v] = i;
			w->pushes++;
		} else {
			f->opval[i] = w->top[v];
			w->uses++;
		}
	}
}

/* The operand in slot of every φ of block y: the current top of its variable. */
static inline void walk_slot(struct walk *w, uint32_t y, uint32_t slot)
{
	struct ssa_form *f = w->f;
	uint32_t q0 = f->phi_off[y], q1 = f->phi_off[y + 1];
	for (uint32_t q = q0; q < q1; q++)
		f->arg[f->arg_off[q] + slot] = w->top[f->phi_var[q]];
	w->operands += q1 - q0;
}

/* Blocks outside the tree get their answer as ssa_fill_unreached gives it: their uses and the
 * operands of their out-edges read SSA_UNDEF. */
static inline void unreached_ops(const struct prog *p, struct ssa_form *f, uint32_t b)
{
	for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
		f->opval[i] = prog_op_is_def(p->ops[i]) ? i : SSA_UNDEF;
}

static inline void unreached_slot(struct ssa_form *f, uint32_t y, uint32_t slot)
{
	for (uint32_t q = f->phi_off[y]; q < f->phi_off[y + 1]; q++)
		f->arg[f->arg_off[q] + slot] = SSA_UNDEF;
}

/* LSD radix sort of it[0..k) by key, 8 bits a pass, through tmp; returns the sorted array. */
static struct rs_item *sort_items(struct rs_item *it, struct rs_item *tmp, uint64_t k,
				  uint32_t maxkey)
{
	uint32_t cnt[256];
	for (unsigned shift = 0; shift < 32 && (maxkey >> shift); shift += 8) {
		memset(cnt, 0, sizeof cnt);
		for (uint64_t i = 0; i < k; i++)
			cnt[(it[i].key >> shift) & 255]++;
		uint32_t sum = 0;
		for (int d = 0; d < 256; d++) {
			uint32_t c = cnt[d];
			cnt[d] = sum;
			sum += c;
		}
		for (uint64_t i = 0; i < k; i++)
			tmp[cnt[(it[i].key >> shift) & 255]++] = it[i];
		struct rs_item *x = it;
		it = tmp;
		tmp = x;
	}
	return it;
}

/* The sparse walk; SSA_EBUDGET, with the form untouched but for blocks outside the tree, when
 * the list would exceed cap entries. */
static int walk_sparse(struct walk *w, struct rs_item *it, struct rs_item *tmp, uint64_t cap)
{
	const struct prog *p = w->p;
	const struct cfg *g = &p->cfg;
	const struct domtree *t = w->t;
	struct ssa_form *f = w->f;
	const bool all = t->nreach == g->n;
	uint64_t k = 0;
	if ((uint64_t)t->nreach * 2 > UINT32_MAX)
		return SSA_EBUDGET;
	for (uint32_t b = 0; b < g->n; b++) {
		uint32_t q0 = f->phi_off[b], q1 = f->phi_off[b + 1];
		if (q0 == q1 && p->op_off[b] == p->op_off[b + 1])
			continue;
		uint32_t tb = all ? 0 : t->tin[b];
		if (tb == SSA_NONE) {
			/* Unreached: so are its predecessors. */
			unreached_ops(p, f, b);
			for (uint32_t j = g->pred_off[b]; j < g->pred_off[b + 1]; j++)
				unreached_slot(f, b, j - g->pred_off[b]);
			continue;
		}
		if (k == cap)
			return SSA_EBUDGET;
		it[k++] = (struct rs_item){.key = 2 * t->tin[b], .a = b};
		if (q0 == q1)
			continue;
		uint32_t j0 = g->pred_off[b], j1 = g->pred_off[b + 1];
		if (j1 - j0 > cap - k)
			return SSA_EBUDGET;
		for (uint32_t j = j0; j < j1; j++) {
			uint32_t tx = t->tin[g->pred[j]];
			if (tx == SSA_NONE)
				unreached_slot(f, b, j - j0);
			else
				it[k++] = (struct rs_item){.key = 2 * tx + 1, .a = b, .b = j - j0};
		}
	}
	it = sort_items(it, tmp, k, 2 * t->nreach);
	for (uint64_t i = 0; i < k; i++) {
		walk_close(w, it[i].key >> 1);
		if (it[i].key & 1)
			walk_slot(w, it[i].a, it[i].b);
		else
			walk_block(w, it[i].a);
	}
	return SSA_OK;
}

/* The first index of x in y's predecessor list (x is there: x -> y is an edge). */
static inline uint32_t pred_find(const struct cfg *g, uint32_t y, uint32_t x)
{
	uint32_t lo = g->pred_off[y], hi = g->pred_off[y + 1];
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (g->pred[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The dense walk: flags first (blocks outside the tree answered there), then the preorder. */
static void walk_dense(struct walk *w, uint8_t *flag)
{
	const struct prog *p = w->p;
	const struct cfg *g = &p->cfg;
	const struct domtree *t = w->t;
	struct ssa_form *f = w->f;
	const bool all = t->nreach == g->n;
	memset(flag, 0, g->n);
	for (uint32_t b = 0; b < g->n; b++) {
		uint32_t q0 = f->phi_off[b], q1 = f->phi_off[b + 1];
		if (q0 == q1 && p->op_off[b] == p->op_off[b + 1])
			continue;
		flag[b] |= F_WORK;
		if (!all && t->tin[b] == SSA_NONE)
			unreached_ops(p, f, b);
		if (q0 == q1)
			continue;
		flag[b] |= F_PHIS;
		for (uint32_t j = g->pred_off[b]; j < g->pred_off[b + 1]; j++) {
			uint32_t x = g->pred[j];
			if (all || t->tin[x] != SSA_NONE)
				flag[x] |= F_SRC;
			else
				unreached_slot(f, b, j - g->pred_off[b]);
		}
	}
	for (uint32_t k = 0; k < t->nreach; k++) {
		uint32_t b = t->order[k];
		uint8_t fb = flag[b];
		if (!fb)
			continue;
		walk_close(w, k);
		if (fb & F_WORK)
			walk_block(w, b);
		if (!(fb & F_SRC))
			continue;
		const uint32_t e0 = g->succ_off[b], e1 = g->succ_off[b + 1];
		for (uint32_t e = e0; e < e1; e++) {
			uint32_t y = g->succ[e];
			if ((flag[y] & (F_PHIS | F_DONE)) != F_PHIS)
				continue;
			flag[y] |= F_DONE;
			uint32_t j1 = g->pred_off[y + 1];
			for (uint32_t j = pred_find(g, y, b); j < j1 && g->pred[j] == b; j++)
				walk_slot(w, y, j - g->pred_off[y]);
		}
		for (uint32_t e = e0; e < e1; e++)
			flag[g->succ[e]] &= (uint8_t)~F_DONE;
	}
}

int rename_stack_run_walk(void *scratch, const struct prog *p, const struct domtree *t,
			  struct ssa_form *f, uint64_t *counters, enum rename_stack_walk which)
{
	struct stack_scratch *s = scratch;
	for (int i = 0; i < RENAME_MAX_COUNTERS; i++)
		counters[i] = 0;
	if (p->cfg.n > t->n || p->nvars != f->nvars)
		return SSA_EUSAGE;
	struct walk w = {.p = p, .t = t, .f = f, .prev = s->prev, .top = s->top, .open = s->open};
	for (uint32_t v = 0; v < p->nvars; v++)
		w.top[v] = SSA_UNDEF;
	int st = SSA_EBUDGET;
	if (which != RENAME_STACK_DENSE) {
		struct rs_item *it = s->mem, *tmp = it + s->cap;
		void *big = NULL;
		if (which == RENAME_STACK_SPARSE) {
			/* for the tests: a list as long as the program could need */
			uint64_t need = ssa_sat_add(p->cfg.n, p->cfg.m);
			big = ssa_alloc_array((size_t)need, 2 * sizeof(struct rs_item));
			if (!big)
				return SSA_ENOMEM;
			it = big;
			tmp = it + need;
			st = walk_sparse(&w, it, tmp, need);
		} else {
			st = walk_sparse(&w, it, tmp, s->cap);
		}
		free(big);
		if (st != SSA_OK && st != SSA_EBUDGET)
			return st;
	}
	if (st == SSA_EBUDGET)
		walk_dense(&w, s->mem);
	counters[0] = w.pushes;
	counters[1] = w.uses;
	counters[2] = w.operands;
	counters[3] = w.maxdepth;
	return SSA_OK;
}

static int stack_run(void *scratch, const struct prog *p, const struct domtree *t,
		     struct ssa_form *f, uint64_t *counters)
{
	return rename_stack_run_walk(scratch, p, t, f, counters, RENAME_STACK_AUTO);
}

const struct rename_algo rename_stack_algo = {
	.head = {
		.name = "rename-stack",
		.summary = "Cytron et al.: dominator-tree preorder, per-variable value stacks",
		.citation = "Cytron, Ferrante, Rosen, Wegman, Zadeck 1991, Efficiently computing static "
			    "single assignment form and the control dependence graph",
		.complexity = "O(n + m + ops + operands) time, values + vars + min(n, values) words + "
			      "n bytes",
		.counter_names = {"pushes", "uses", "operands", "open_depth"},
	},
	.scratch_bytes = stack_bytes,
	.scratch_alloc = stack_alloc,
	.scratch_free = stack_free,
	.run = stack_run,
};
