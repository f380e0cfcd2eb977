/* The SSA verifier: checks any SSA form (ssa.h) against its program and dominator tree.
 *
 * Checks, in order: the φ layout (offsets monotone, blocks and variables consistent, at most one
 * φ per variable and block, ascending), operand counts equal predecessor counts, every value in
 * range and of the variable that reads it, a definition op reading itself (each value defined
 * exactly once follows: a definition op is its own value, a φ is its own entry), and dominance:
 * a use reads a definition earlier in its block or in a strictly dominating block, or a φ of a
 * dominating block (φs sit at the top of their block, before every op); a φ operand's value is
 * defined in a block dominating the end of the corresponding predecessor. In blocks unreachable
 * from the entry, and on edges out of them, only SSA_UNDEF is accepted (the renamers' rule).
 *
 * In the spirit of QBE's ssacheck and libFirm's verifier. Time O(n + nops + operands) with the
 * dominator tree's O(1) interval test; memory nops words (the block of each op). */
#include "ssa/ssa.h"

#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>

static uint32_t value_var(const struct prog *p, const struct ssa_form *s, uint32_t v)
{
	return v < s->nops ? prog_op_var(p->ops[v]) : s->phi_var[v - s->nops];
}

#define FAIL(...)                                                                              \
	do {                                                                                   \
		snprintf(msg, msglen, __VA_ARGS__);                                            \
		rc = SSA_EVERIFY;                                                              \
		goto out;                                                                      \
	} while (0)

int ssa_verify(const struct prog *p, const struct domtree *t, const struct ssa_form *s, char *msg,
	       size_t msglen)
{
	const struct cfg *g = &p->cfg;
	char vb[64];
	int rc = SSA_OK;
	uint32_t *opblock = NULL;
	if (msglen)
		msg[0] = 0;
	if (s->n != g->n || s->nops != p->nops || s->nvars != p->nvars) {
		snprintf(msg, msglen, "form is for another program");
		return SSA_EVERIFY;
	}
	if ((uint64_t)s->nops + s->nphi >= SSA_UNDEF) {
		snprintf(msg, msglen, "too many values");
		return SSA_EVERIFY;
	}
	opblock = ssa_alloc_array(p->nops, sizeof(uint32_t));
	if (!opblock)
		return SSA_ENOMEM;
	const uint64_t nvals = (uint64_t)s->nops + s->nphi;

	/* Layout. */
	if (s->phi_off[0] != 0 || s->phi_off[g->n] != s->nphi)
		FAIL("phi offsets do not span the %" PRIu32 " phis", s->nphi);
	if (s->arg_off[0] != 0)
		FAIL("operand offsets do not start at 0");
	for (uint32_t b = 0; b < g->n; b++) {
		if (s->phi_off[b] > s->phi_off[b + 1])
			FAIL("phi offsets decrease at block %" PRIu32, b);
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++) {
			if (s->phi_block[q] != b)
				FAIL("phi %" PRIu32 " listed in block %" PRIu32 " says block %" PRIu32, q,
				     b, s->phi_block[q]);
			if (s->phi_var[q] >= s->nvars)
				FAIL("phi %" PRIu32 " has variable %" PRIu32 " out of range", q,
				     s->phi_var[q]);
			if (q > s->phi_off[b] && s->phi_var[q - 1] >= s->phi_var[q])
				FAIL("block %" PRIu32 ": variable v%" PRIu32
				     " has two phis or phis are not ascending",
				     b, s->phi_var[q]);
			uint64_t cnt = s->arg_off[q + 1] - s->arg_off[q];
			if (s->arg_off[q + 1] < s->arg_off[q] || cnt != cfg_in_degree(g, b))
				FAIL("phi %" PRIu32 " (v%" PRIu32 " at block %" PRIu32 ") has %" PRIu64
				     " operands, block has %" PRIu32 " predecessors",
				     q, s->phi_var[q], b, cnt, cfg_in_degree(g, b));
		}
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
			opblock[i] = b;
	}

	/* Uses and definitions. */
	for (uint32_t b = 0; b < g->n; b++) {
		bool reached = t->tin[b] != SSA_NONE;
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			uint32_t op = p->ops[i], v = s->opval[i], var = prog_op_var(op);
			if (prog_op_is_def(op)) {
				if (v != i)
					FAIL("definition op %" PRIu32 " (block %" PRIu32
					     ") is not its own value",
					     i, b);
				continue;
			}
			if (v == SSA_UNDEF)
				continue;
			ssa_value_str(s, v, vb, sizeof(vb));
			if (v >= nvals)
				FAIL("use op %" PRIu32 " (block %" PRIu32 ") reads %s, out of range", i,
				     b, vb);
			if (!reached)
				FAIL("use op %" PRIu32 " in unreachable block %" PRIu32
				     " reads %s, not undef",
				     i, b, vb);
			if (v < s->nops && !prog_op_is_def(p->ops[v]))
				FAIL("use op %" PRIu32 " (block %" PRIu32 ") reads op %" PRIu32
				     ", a use",
				     i, b, v);
			if (value_var(p, s, v) != var)
				FAIL("use op %" PRIu32 " of v%" PRIu32 " (block %" PRIu32
				     ") reads %s of v%" PRIu32,
				     i, var, b, vb, value_var(p, s, v));
			bool ok;
			if (v < s->nops) {
				uint32_t db = opblock[v];
				ok = db == b ? v < i : domtree_strictly_dominates(t, db, b);
			} else {
				ok = domtree_dominates(t, s->phi_block[v - s->nops], b);
			}
			if (!ok)
				FAIL("use op %" PRIu32 " (block %" PRIu32 ") reads %s, whose definition "
				     "does not dominate it",
				     i, b, vb);
		}
	}

	/* φ operands: operand j of a φ at y belongs to the edge pred[pred_off[y] + j]. */
	for (uint32_t q = 0; q < s->nphi; q++) {
		uint32_t y = s->phi_block[q], var = s->phi_var[q];
		for (uint32_t j = 0; j < cfg_in_degree(g, y); j++) {
			uint32_t v = s->arg[s->arg_off[q] + j], pb = g->pred[g->pred_off[y] + j];
			if (v == SSA_UNDEF)
				continue;
			ssa_value_str(s, v, vb, sizeof(vb));
			if (v >= nvals)
				FAIL("phi of v%" PRIu32 " at block %" PRIu32 " operand %" PRIu32
				     " is %s, out of range",
				     var, y, j, vb);
			if (t->tin[pb] == SSA_NONE)
				FAIL("phi of v%" PRIu32 " at block %" PRIu32 " operand %" PRIu32
				     " from unreachable block %" PRIu32 " is %s, not undef",
				     var, y, j, pb, vb);
			if (v < s->nops && !prog_op_is_def(p->ops[v]))
				FAIL("phi of v%" PRIu32 " at block %" PRIu32 " operand %" PRIu32
				     " is op %" PRIu32 ", a use",
				     var, y, j, v);
			if (value_var(p, s, v) != var)
				FAIL("phi of v%" PRIu32 " at block %" PRIu32 " operand %" PRIu32
				     " is %s of v%" PRIu32,
				     var, y, j, vb, value_var(p, s, v));
			uint32_t db = v < s->nops ? opblock[v] : s->phi_block[v - s->nops];
			if (!domtree_dominates(t, db, pb))
				FAIL("phi of v%" PRIu32 " at block %" PRIu32 " operand %" PRIu32
				     " (edge from block %" PRIu32 ") is %s, whose definition does not "
				     "dominate the end of block %" PRIu32,
				     var, y, j, pb, vb, pb);
		}
	}
out:
	free(opblock);
	return rc;
}
