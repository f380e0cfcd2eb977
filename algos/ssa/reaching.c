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
 * Time O(n + m + nops + nphi + operands + nvars); memory 12 bytes per point plus 8 per variable,
 * 4 per block and 4 per edge. Reads in blocks unreachable from the entry (and operands of their
 * out-edges) must be SSA_UNDEF. Precondition: the form's layout is valid (ssa_verify). */
#include "ssa/ssa.h"

#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>

/* A point: (index << 2) | kind. */
enum { PT_DEF = 0, PT_USE = 1, PT_ARG = 2 };

uint64_t ssa_reaching_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t npoints)
{
	uint64_t b = ssa_bytes(npoints, sizeof(uint64_t) + sizeof(uint32_t));
	b = ssa_sat_add(b, ssa_bytes(npoints, 2 * sizeof(uint32_t))); /* the stack */
	b = ssa_sat_add(b, ssa_bytes(ssa_sat_add(nvars, 1), sizeof(uint64_t)));
	return ssa_sat_add(b, ssa_bytes(ssa_sat_add(n, m), sizeof(uint32_t)));
}

struct reach_ctx {
	const struct prog *p;
	const struct domtree *t;
	const struct ssa_form *s;
	const uint32_t *edge_slot;
	uint64_t *fill;  /* per variable: next free slot (count pass: count) */
	uint64_t *item;  /* the points, grouped by variable */
	uint32_t *where; /* the block of each point */
	bool counting;
};

static void put(struct reach_ctx *c, uint32_t var, uint64_t item, uint32_t block)
{
	if (c->counting) {
		c->fill[var + 1]++;
		return;
	}
	uint64_t k = c->fill[var]++;
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
	const struct cfg *g = &p->cfg;
	const uint64_t nvals = (uint64_t)s->nops + s->nphi;
	char got[64], want[64];
	if (msglen)
		msg[0] = 0;
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
	struct reach_ctx c = {.p = p, .t = t, .s = s, .counting = true};
	uint32_t *edge_slot = ssa_alloc_array(g->m, sizeof(uint32_t));
	uint32_t *cursor = ssa_alloc_array(g->n, sizeof(uint32_t));
	c.fill = ssa_calloc_array((size_t)p->nvars + 1, sizeof(uint64_t));
	uint32_t *stk_val = NULL, *stk_blk = NULL;
	if (!edge_slot || !cursor || !c.fill)
		goto out;
	ssa_edge_slots(g, edge_slot, cursor);
	c.edge_slot = edge_slot;
	emit(&c);
	uint64_t maxlen = 0;
	for (uint32_t v = 0; v < p->nvars; v++) {
		if (c.fill[v + 1] > maxlen)
			maxlen = c.fill[v + 1];
		c.fill[v + 1] += c.fill[v];
	}
	const uint64_t npoints = c.fill[p->nvars];
	if (npoints > SIZE_MAX / sizeof(uint64_t)) {
		rc = SSA_ETOOBIG;
		goto out;
	}
	c.item = ssa_alloc_array(npoints, sizeof(uint64_t));
	c.where = ssa_alloc_array(npoints, sizeof(uint32_t));
	stk_val = ssa_alloc_array(maxlen, sizeof(uint32_t));
	stk_blk = ssa_alloc_array(maxlen, sizeof(uint32_t));
	if ((npoints && (!c.item || !c.where)) || (maxlen && (!stk_val || !stk_blk)))
		goto out;
	c.counting = false;
	emit(&c); /* fill[v] ends at the start of v + 1's list */

	rc = SSA_OK;
	for (uint32_t var = 0; var < p->nvars; var++) {
		const uint64_t lo = var ? c.fill[var - 1] : 0, hi = c.fill[var];
		uint64_t sp = 0;
		for (uint64_t k = lo; k < hi; k++) {
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
out:
	ssa_free_all(edge_slot, cursor, c.fill, c.item, c.where, stk_val, stk_blk, NULL);
	return rc;
}
