/* structured: the CFG of a random structured C function as clang -O0 lays it out, with
 * exactly --blocks blocks. Statements: if, if/else, while, do-while, for, switch (2-9 cases,
 * fall-through with probability 1/4, with or without default), `if (c) break;`,
 * `if (c) continue;`, `if (c) return;`, and a plain label block; straight-line code does not
 * create blocks. Nesting is bounded by --depth (default 8). With --goto=P, each statement is
 * `if (c) goto L;` with probability P/1000, L a random block already laid out (which can enter
 * a loop in its middle: irreducible). Without goto the CFG is reducible: every edge is a
 * structured one, and break/continue/return only leave constructs.
 *
 * Block accounting: block 0 is the entry, block n-1 the single return block (as clang's
 * `return` block at -O0), and every statement consumes a known number of new blocks plus the
 * blocks its bodies get from the enclosing sequence's budget, so the total is exact. Every
 * jump statement sits inside an `if`, so every sequence falls through at its end and no block
 * is unreachable.
 *
 * Generation uses an explicit stack of open sequences (one frame per nesting level, at most
 * --depth+1), while a sequence's length is a loop, so a 10^8-block function needs no
 * recursion. Time O(n), memory the edge list (12 bytes per block reserved).
 * Measured at 10^6 blocks, seed 1: 1.373 edges per block; 66% of blocks have one successor,
 * 33% two, 0.6% more (switch dispatch); the return block collects every early return. */
#include "gen/build.h"
#include "util/rng.h"

#include <stdlib.h>

/* What the enclosing construct does when the sequence in a frame is finished. */
enum seq_kind { K_TOP, K_IF, K_THEN, K_ELSE, K_WHILE, K_DO, K_FOR, K_CASE };

struct frame {
	uint32_t cur;        /* the block the sequence currently appends to */
	uint32_t brk, cont;  /* targets of break/continue, SSA_NONE outside a loop/switch */
	uint32_t kind;       /* enum seq_kind */
	uint32_t a, b, c;    /* construct blocks: see close_frame */
	uint32_t icase, ncase;
	uint32_t depth;
	uint64_t budget;     /* new blocks this sequence still has to lay out */
	uint64_t pend;       /* blocks reserved for the else branch / the remaining cases */
};

enum stmt { S_LABEL, S_IF, S_IFELSE, S_IFJUMP, S_WHILE, S_DO, S_FOR, S_SWITCH, S_NSTMT };
/* Base cost in new blocks (bodies excluded) and relative frequency. */
static const uint32_t stmt_cost[S_NSTMT] = {1, 2, 3, 2, 3, 3, 4, 3};
static const uint32_t stmt_weight[S_NSTMT] = {1, 8, 6, 4, 3, 1, 3, 1};

struct sgen {
	struct edge_list *el;
	struct ssa_rng rng;
	uint32_t next;   /* next block id to lay out */
	uint32_t ret;    /* the return block */
	uint32_t maxd;
	uint32_t goto_pm;
};

static uint32_t new_block(struct sgen *s)
{
	return s->next++;
}

/* Blocks a body opened at depth d (its sequence at depth d+1) may take from r spare ones:
 * none at the nesting bound, else a draw skewed toward small bodies and capped so deep
 * levels stay small (4^(levels left) blocks), as in real functions. */
static uint64_t body_budget(struct sgen *s, uint32_t d, uint64_t r)
{
	if (d + 1 >= s->maxd || r == 0)
		return 0;
	uint32_t left = s->maxd - 1 - d;
	uint64_t cap = left >= 20 ? (UINT64_C(1) << 40) : (UINT64_C(1) << (2 * left));
	uint64_t lim = r < cap ? r : cap;
	return ssa_rng_below(&s->rng, ssa_rng_below(&s->rng, lim + 1) + 1);
}

static enum stmt pick_stmt(struct sgen *s, uint64_t budget)
{
	uint32_t total = 0;
	for (int k = 0; k < S_NSTMT; k++)
		if (stmt_cost[k] <= budget)
			total += stmt_weight[k];
	uint32_t x = (uint32_t)ssa_rng_below(&s->rng, total);
	for (int k = 0; k < S_NSTMT; k++)
		if (stmt_cost[k] <= budget) {
			if (x < stmt_weight[k])
				return (enum stmt)k;
			x -= stmt_weight[k];
		}
	return S_LABEL; /* not reached: budget >= 1 admits S_LABEL */
}

/* Opens one statement in the sequence f (f->budget >= 1). Pushes a child frame for a body
 * (returning 1) or completes the statement in place (returning 0). */
static int open_stmt(struct sgen *s, struct frame *f, struct frame *child, int *err)
{
	struct edge_list *el = s->el;
	*err = SSA_OK;
#define PUSH(u, v)                                                                               \
	do {                                                                                       \
		if ((*err = edge_list_push(el, (u), (v))) != SSA_OK)                               \
			return 0;                                                                  \
	} while (0)
	uint32_t cur = f->cur;
	if (s->goto_pm && f->budget >= 2 && ssa_rng_chance(&s->rng, s->goto_pm, 1000)) {
		/* if (c) goto L; L any block laid out so far except the entry. */
		uint32_t target = s->next > 1 ? 1 + (uint32_t)ssa_rng_below(&s->rng, s->next - 1) : s->ret;
		uint32_t t = new_block(s), e = new_block(s);
		PUSH(cur, t);
		PUSH(cur, e);
		PUSH(t, target);
		f->cur = e;
		f->budget -= 2;
		return 0;
	}
	enum stmt k = pick_stmt(s, f->budget);
	uint64_t spare = f->budget - stmt_cost[k];
	*child = (struct frame){.brk = f->brk, .cont = f->cont, .depth = f->depth + 1};
	switch (k) {
	case S_LABEL: {
		uint32_t b = new_block(s);
		PUSH(cur, b);
		f->cur = b;
		f->budget -= 1;
		return 0;
	}
	case S_IFJUMP: {
		/* return always possible; break and continue only inside a loop/switch. */
		uint32_t choices[3], nc = 0;
		choices[nc++] = s->ret;
		if (f->brk != SSA_NONE)
			choices[nc++] = f->brk;
		if (f->cont != SSA_NONE)
			choices[nc++] = f->cont;
		uint32_t target = choices[ssa_rng_below(&s->rng, nc)];
		uint32_t t = new_block(s), e = new_block(s);
		PUSH(cur, t);
		PUSH(cur, e);
		PUSH(t, target);
		f->cur = e;
		f->budget -= 2;
		return 0;
	}
	case S_IF: {
		uint64_t x = body_budget(s, f->depth, spare);
		uint32_t t = new_block(s), e = new_block(s);
		PUSH(cur, t);
		PUSH(cur, e);
		child->kind = K_IF;
		child->cur = t;
		child->a = e;
		child->budget = x;
		f->budget -= 2 + x;
		return 1;
	}
	case S_IFELSE: {
		uint64_t x = body_budget(s, f->depth, spare);
		uint64_t xt = ssa_rng_below(&s->rng, x + 1);
		uint32_t t = new_block(s), e = new_block(s), j = new_block(s);
		PUSH(cur, t);
		PUSH(cur, e);
		child->kind = K_THEN;
		child->cur = t;
		child->a = j;
		child->b = e;
		child->budget = xt;
		child->pend = x - xt;
		f->budget -= 3 + x;
		return 1;
	}
	case S_WHILE:
	case S_FOR: {
		uint64_t x = body_budget(s, f->depth, spare);
		uint32_t c = new_block(s), b = new_block(s);
		uint32_t inc = k == S_FOR ? new_block(s) : c;
		uint32_t e = new_block(s);
		PUSH(cur, c);
		PUSH(c, b);
		PUSH(c, e);
		if (k == S_FOR)
			PUSH(inc, c);
		child->kind = k == S_FOR ? K_FOR : K_WHILE;
		child->cur = b;
		child->a = inc; /* where the body falls through to: the condition or the increment */
		child->b = e;
		child->brk = e;
		child->cont = inc;
		child->budget = x;
		f->budget -= stmt_cost[k] + x;
		return 1;
	}
	case S_DO: {
		uint64_t x = body_budget(s, f->depth, spare);
		uint32_t b = new_block(s), c = new_block(s), e = new_block(s);
		PUSH(cur, b);
		PUSH(c, b);
		PUSH(c, e);
		child->kind = K_DO;
		child->cur = b;
		child->a = c;
		child->b = e;
		child->brk = e;
		child->cont = c;
		child->budget = x;
		f->budget -= 3 + x;
		return 1;
	}
	case S_SWITCH: {
		/* r cases cost r+1 blocks with the end block: 2 <= r <= min(9, budget-1). */
		uint64_t rmax = f->budget - 1 < 9 ? f->budget - 1 : 9;
		uint32_t r = 2 + (uint32_t)ssa_rng_below(&s->rng, rmax - 1);
		spare = f->budget - (r + 1);
		uint64_t x = body_budget(s, f->depth, spare);
		uint32_t first = s->next;
		for (uint32_t i = 0; i < r; i++)
			PUSH(cur, new_block(s));
		uint32_t e = new_block(s);
		if (ssa_rng_chance(&s->rng, 1, 2)) /* no default: the dispatch can skip every case */
			PUSH(cur, e);
		uint64_t x0 = ssa_rng_below(&s->rng, x / r * 2 + 1);
		if (x0 > x)
			x0 = x;
		child->kind = K_CASE;
		child->cur = first;
		child->a = e;
		child->b = first;
		child->icase = 0;
		child->ncase = r;
		child->brk = e;
		child->budget = x0;
		child->pend = x - x0;
		f->budget -= r + 1 + x;
		return 1;
	}
	case S_NSTMT:
		break;
	}
#undef PUSH
	return 0;
}

/* The sequence in st[top] is finished (budget 0, falling through from f->cur). Links it into
 * its construct; returns 1 when the frame is reused for the construct's next body (else
 * branch, next case), 0 when it is popped and the parent continues at *resume. */
static int close_frame(struct sgen *s, struct frame *f, uint32_t *resume, int *err)
{
	struct edge_list *el = s->el;
	uint32_t exit = f->cur;
	*err = SSA_OK;
	switch ((enum seq_kind)f->kind) {
	case K_TOP:
		*err = edge_list_push(el, exit, s->ret);
		return 0;
	case K_IF:
	case K_ELSE:
		*err = edge_list_push(el, exit, f->a);
		*resume = f->a;
		return 0;
	case K_THEN:
		*err = edge_list_push(el, exit, f->a);
		f->kind = K_ELSE;
		f->cur = f->b;
		f->budget = f->pend;
		f->pend = 0;
		return 1;
	case K_WHILE:
	case K_DO:
	case K_FOR:
		*err = edge_list_push(el, exit, f->a);
		*resume = f->b;
		return 0;
	case K_CASE: {
		uint32_t next = f->icase + 1;
		if (next == f->ncase) {
			*err = edge_list_push(el, exit, f->a);
			*resume = f->a;
			return 0;
		}
		int fall = ssa_rng_chance(&s->rng, 1, 4);
		*err = edge_list_push(el, exit, fall ? f->b + next : f->a);
		uint32_t left = f->ncase - next;
		uint64_t xi = left == 1 ? f->pend : ssa_rng_below(&s->rng, f->pend / left * 2 + 1);
		if (xi > f->pend)
			xi = f->pend;
		f->icase = next;
		f->cur = f->b + next;
		f->budget = xi;
		f->pend -= xi;
		return 1;
	}
	}
	return 0;
}

int gen_build_structured(const struct gen_params *p, struct edge_list *out, struct gen_info *info)
{
	int st = gen_need_blocks(p, info, "structured", 1);
	if (st == SSA_OK)
		st = gen_begin(out, info, "structured", p->blocks, p->blocks / 2 * 3 + 16);
	if (st != SSA_OK)
		return st;
	uint32_t n = (uint32_t)p->blocks;
	if (n == 1)
		return SSA_OK;
	struct sgen s = {.el = out, .next = 1, .ret = n - 1, .goto_pm = p->goto_permille};
	s.maxd = p->max_depth ? p->max_depth : GEN_DEFAULT_DEPTH;
	ssa_rng_seed(&s.rng, p->seed);
	struct frame *stack = ssa_alloc_array((size_t)s.maxd + 2, sizeof *stack);
	if (!stack)
		return SSA_ENOMEM;
	uint32_t sp = 0;
	stack[sp++] = (struct frame){.cur = 0, .brk = SSA_NONE, .cont = SSA_NONE, .kind = K_TOP,
				     .budget = n - 2};
	st = SSA_OK;
	while (sp > 0 && st == SSA_OK) {
		struct frame *f = &stack[sp - 1];
		if (f->budget > 0) {
			if (open_stmt(&s, f, &stack[sp], &st))
				sp++;
			continue;
		}
		uint32_t resume = SSA_NONE;
		if (close_frame(&s, f, &resume, &st))
			continue;
		sp--;
		if (sp > 0)
			stack[sp - 1].cur = resume;
	}
	free(stack);
	if (st == SSA_OK && s.next != n - 1)
		st = SSA_EVERIFY; /* the block accounting above is meant to be exact */
	uint32_t maxd = s.maxd;
	snprintf(info->note, sizeof info->note, "structured: depth<=%u, goto %u/1000 (n=%u, m=%u)",
		 maxd, p->goto_permille, n, out->m);
	return st;
}
