/* The reaching-definition check: every use and every φ operand reads the nearest definition of
 * its variable above it in the dominator tree, not merely some dominating one (ssa_verify's
 * condition).
 *
 * Method (shares no code or traversal with the renamers, which walk the dominator tree with
 * per-variable stacks or search predecessors): the program points of each variable are listed
 * in dominator-tree preorder, in-block order inside a block (a block's φs first, then its ops,
 * then the φ operands of its out-edges, which read at the end of the block). Definitions are
 * φs and definition ops; reads are uses and φ operands. One counting pass sizes the per-variable
 * lists, a second fills them in that order (so the lists come out sorted without a sort). Then
 * each variable's list is swept with a stack of definitions whose blocks' preorder intervals
 * [tin, tlast] nest: before a point at block b, every definition whose interval does not contain
 * tin[b] is popped. The definitions left all dominate the point (their blocks dominate b; a
 * same-block definition precedes the point in the list), and the top is the nearest one: the
 * deepest dominating block, and within it the latest. A read must equal the top (SSA_UNDEF when
 * the stack is empty).
 *
 * What this proves, with ssa_verify: the SSA form is the one a renamer must produce for its φ
 * set, independently of how it was produced. That the φ set itself is adequate (no join left
 * without a φ for a live variable) is the placement stage's check and the interpreter's.
 *
 * The lists are built for a batch of whole variables at a time, each batch by one more preorder
 * pass, up to a budget of points (a variable with more is a batch of its own): the φ operands, a
 * point each, outnumber the blocks on large graphs (1.9 per block on structured code at 10^7
 * with 64 variables) and would otherwise hold the most memory of the whole check. The default
 * budget, max(n/2, (nops + operands)/4), keeps the batches' lists within 6 bytes a block or 3 an
 * op or operand (the form holds 4 per operand), and their number (two consecutive ones hold more
 * than the budget) within about 25.
 * Time O(batches (n + m + nops + operands) + nphi + nvars); memory 12 bytes per point of the
 * largest batch, 8 per definition of the variable with most, 16 per variable, 4 per edge (and 4
 * per block while the edge slots are computed). Reads in blocks unreachable from the entry
 * (and operands of their out-edges) must be SSA_UNDEF. Precondition: the form's layout is valid
 * (ssa_verify). */
#include "ssa/ssa.h"

#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>

/* A point: (index << 2) | kind. */
enum { PT_DEF = 0, PT_USE = 1, PT_ARG = 2 };

uint64_t ssa_reaching_batch_points(uint64_t n, uint64_t nops, uint64_t operands)
{
	uint64_t a = n / 2, b = ssa_sat_add(nops, operands) / 4;
	return a > b ? (a ? a : 1) : b;
}

uint64_t ssa_reaching_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t npoints)
{
	/* the points of a batch and the stack (at most every point a definition) */
	uint64_t b = ssa_bytes(npoints, sizeof(uint64_t) + sizeof(uint32_t));
	b = ssa_sat_add(b, ssa_bytes(npoints, 2 * sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_bytes(ssa_sat_add(nvars, 1), 2 * sizeof(uint64_t)));
	return ssa_sat_add(b, ssa_bytes(ssa_sat_add(n, m), sizeof(uint32_t)));
}

struct reach_ctx {
	const struct prog *p;
	const struct domtree *t;
	const struct ssa_form *s;
	const uint32_t *edge_slot;
	uint64_t *count; /* per variable: its points; then the start of its list in the batch */
	uint64_t *defs;  /* per variable: its definitions (count pass) */
	uint64_t *item;  /* the batch's points, grouped by variable */
	uint32_t *where; /* the block of each point */
	uint32_t lo, hi; /* the batch: variables lo .. hi-1 */
	bool counting;
};

static void put(struct reach_ctx *c, uint32_t var, uint64_t item, uint32_t block)
{
	if (c->counting) {
		c->count[var]++;
		c->defs[var] += (item & 3) == PT_DEF;
		return;
	}
	if (var < c->lo || var >= c->hi)
		return;
	uint64_t k = c->count[var]++;
	c->item[k] = item;
	c->where[k] = block;
}

/* Emits the points of every reachable block in dominator preorder. */
static void emit(struct reach_ctx *c)
{
	const struct prog *p = c->p;
	const struct cfg *g = &p->cfg;
	const struct ssa_form *s = c->s;
	for (uint32_t k = 0; k < c->t->nreach; k++) {
		const uint32_t b = c->t->order[k];
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
			put(c, s->phi_var[q], (uint64_t)(s->nops + q) << 2 | PT_DEF, b);
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
			put(c, prog_op_var(p->ops[i]),
			    (uint64_t)i << 2 | (prog_op_is_def(p->ops[i]) ? PT_DEF : PT_USE), b);
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
			const uint32_t y = g->succ[e], slot = c->edge_slot[e];
			for (uint32_t q = s->phi_off[y]; q < s->phi_off[y + 1]; q++)
				put(c, s->phi_var[q], (s->arg_off[q] + slot) << 2 | PT_ARG, b);
		}
	}
}

int ssa_check_reaching(const struct prog *p, const struct domtree *t, const struct ssa_form *s,
		       char *msg, size_t msglen)
{
	return ssa_check_reaching_batched(p, t, s, 0, NULL, msg, msglen);
}

int ssa_check_reaching_batched(const struct prog *p, const struct domtree *t,
			       const struct ssa_form *s, uint64_t batch_points, uint32_t *batches,
			       char *msg, size_t msglen)
{
	const struct cfg *g = &p->cfg;
	const uint64_t nvals = (uint64_t)s->nops + s->nphi;
	char got[64], want[64];
	if (msglen)
		msg[0] = 0;
	if (batches)
		*batches = 0;
	if (s->n != g->n || s->nops != p->nops || s->nvars != p->nvars || t->n != g->n) {
		snprintf(msg, msglen, "form is for another program");
		return SSA_EVERIFY;
	}
	/* Unreachable blocks read nothing. */
	for (uint32_t b = 0; b < g->n; b++) {
		if (t->tin[b] != SSA_NONE)
			continue;
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
			if (!prog_op_is_def(p->ops[i]) && s->opval[i] != SSA_UNDEF) {
				snprintf(msg, msglen, "use op %" PRIu32 " in unreachable block %" PRIu32
					 " does not read undef", i, b);
				return SSA_EVERIFY;
			}
	}
	for (uint32_t q = 0; q < s->nphi; q++) {
		const uint32_t y = s->phi_block[q];
		for (uint32_t j = 0; j < cfg_in_degree(g, y); j++) {
			uint32_t pb = g->pred[g->pred_off[y] + j];
			if (t->tin[pb] == SSA_NONE && s->arg[s->arg_off[q] + j] != SSA_UNDEF) {
				snprintf(msg, msglen, "phi of v%" PRIu32 " at block %" PRIu32
					 " operand %" PRIu32 " from unreachable block %" PRIu32
					 " is not undef", s->phi_var[q], y, j, pb);
				return SSA_EVERIFY;
			}
		}
	}

	int rc = SSA_ENOMEM;
	const uint32_t nvars = p->nvars;
	struct reach_ctx c = {.p = p, .t = t, .s = s, .counting = true};
	uint32_t *edge_slot = ssa_alloc_array(g->m, sizeof(uint32_t));
	uint32_t *cursor = ssa_alloc_array(g->n, sizeof(uint32_t));
	c.count = ssa_calloc_array(nvars, sizeof(uint64_t));
	c.defs = ssa_calloc_array(nvars, sizeof(uint64_t));
	uint32_t *stk_val = NULL, *stk_blk = NULL, nbatch = 0;
	if (!edge_slot || !cursor || !c.count || !c.defs)
		goto out;
	ssa_edge_slots(g, edge_slot, cursor);
	free(cursor);
	cursor = NULL;
	c.edge_slot = edge_slot;
	emit(&c);
	/* Batches of whole variables, each up to the budget unless one variable exceeds it. */
	if (!batch_points)
		batch_points = ssa_reaching_batch_points(g->n, p->nops, s->arg_off[s->nphi]);
	uint64_t cap = 0, maxdefs = 0, in = 0;
	for (uint32_t v = 0; v < nvars; v++) {
		if (in && in + c.count[v] > batch_points)
			in = 0;
		in += c.count[v];
		cap = in > cap ? in : cap;
		maxdefs = c.defs[v] > maxdefs ? c.defs[v] : maxdefs;
	}
	if (cap > SIZE_MAX / sizeof(uint64_t)) {
		rc = SSA_ETOOBIG;
		goto out;
	}
	c.item = ssa_alloc_array(cap, sizeof(uint64_t));
	c.where = ssa_alloc_array(cap, sizeof(uint32_t));
	stk_val = ssa_alloc_array(maxdefs, sizeof(uint32_t));
	stk_blk = ssa_alloc_array(maxdefs, sizeof(uint32_t));
	if (!c.item || !c.where || !stk_val || !stk_blk)
		goto out;
	c.counting = false;

	rc = SSA_OK;
	for (uint32_t lo = 0, hi; lo < nvars; lo = hi) {
		/* count[v] becomes the start of v's list in the batch, then (after emit) its end */
		uint64_t at = 0;
		for (hi = lo; hi < nvars && (hi == lo || at + c.count[hi] <= batch_points); hi++) {
			uint64_t k = c.count[hi];
			c.count[hi] = at;
			at += k;
		}
		c.lo = lo;
		c.hi = hi;
		nbatch++;
		if (at)
			emit(&c);
		for (uint32_t var = lo; var < hi; var++) {
			const uint64_t first = var > lo ? c.count[var - 1] : 0, end = c.count[var];
			uint64_t sp = 0;
			for (uint64_t k = first; k < end; k++) {
				const uint32_t b = c.where[k], tb = t->tin[b];
				while (sp && !(t->tin[stk_blk[sp - 1]] <= tb && tb <= t->tlast[stk_blk[sp - 1]]))
					sp--;
				const uint64_t it = c.item[k], idx = it >> 2;
				const unsigned kind = it & 3;
				if (kind == PT_DEF) {
					stk_val[sp] = (uint32_t)idx;
					stk_blk[sp++] = b;
					continue;
				}
				const uint32_t expect = sp ? stk_val[sp - 1] : SSA_UNDEF;
				const uint32_t read = kind == PT_USE ? s->opval[idx] : s->arg[idx];
				if (read == expect)
					continue;
				if (read != SSA_UNDEF && read >= nvals)
					snprintf(got, sizeof got, "value %" PRIu32 " (out of range)", read);
				else
					ssa_value_str(s, read, got, sizeof got);
				ssa_value_str(s, expect, want, sizeof want);
				if (kind == PT_USE) {
					snprintf(msg, msglen, "use op %" PRIu64 " (v%" PRIu32 ", block %" PRIu32
						 ") reads %s, but the nearest definition above it is %s",
						 idx, var, b, got, want);
				} else {
					/* Find the φ and slot of operand idx (a rare path: one search). */
					uint32_t lo2 = 0, hi2 = s->nphi;
					while (hi2 - lo2 > 1) {
						uint32_t mid = lo2 + (hi2 - lo2) / 2;
						if (s->arg_off[mid] <= idx)
							lo2 = mid;
						else
							hi2 = mid;
					}
					snprintf(msg, msglen, "phi of v%" PRIu32 " at block %" PRIu32
						 " operand %" PRIu64 " (edge from block %" PRIu32 ") is %s, but the"
						 " nearest definition dominating the end of block %" PRIu32 " is %s",
						 var, s->phi_block[lo2], idx - s->arg_off[lo2], b, got, b, want);
				}
				rc = SSA_EVERIFY;
				goto out;
			}
		}
	}
out:
	ssa_free_all(edge_slot, cursor, c.count, c.defs, c.item, c.where, stk_val, stk_blk);
	if (batches)
		*batches = nbatch;
	return rc;
}
