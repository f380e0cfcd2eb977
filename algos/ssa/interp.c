/* The equivalence interpreter: runs the original program and its SSA form side by side along
 * seeded random walks and demands that every use (and every φ) sees the same value in both.
 *
 * Values are abstract: each executed definition creates a fresh number (0 is "undefined"), so
 * two reads agree only if they observe the same dynamic definition. The original program keeps
 * the current number per variable; the SSA program keeps one number per SSA value, stamped with
 * the walk that computed it, so reading a value this walk never computed is reported instead of
 * silently reusing an old one. φs of a block are evaluated in parallel on entry (all operands
 * read first, then all results written), the semantics LLVM and the seeds' lab guide demand.
 *
 * Time O(walks * (max_len * (ops + φs per block) + nvars)); memory 8 bytes per variable,
 * 12 bytes per SSA value, the edge-slot map (m + n words) and a φ buffer. */
#include "ssa/ssa.h"

#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>

void ssa_eval_phis(const struct ssa_form *s, uint32_t b, uint32_t slot, uint64_t *env,
		   uint64_t *tmp, uint64_t undef)
{
	uint32_t first = s->phi_off[b], last = s->phi_off[b + 1];
	for (uint32_t q = first; q < last; q++) {
		uint32_t a = s->arg[s->arg_off[q] + slot];
		tmp[q - first] = a == SSA_UNDEF ? undef : env[a];
	}
	for (uint32_t q = first; q < last; q++)
		env[s->nops + q] = tmp[q - first];
}

int ssa_interp_check(const struct prog *p, const struct ssa_form *s, const struct ssa_interp_opts *o,
		     struct ssa_interp_stats *st, char *msg, size_t msglen)
{
	const struct cfg *g = &p->cfg;
	size_t nvals = (size_t)s->nops + s->nphi;
	uint32_t maxphi = 0;
	for (uint32_t b = 0; b < g->n; b++)
		if (s->phi_off[b + 1] - s->phi_off[b] > maxphi)
			maxphi = s->phi_off[b + 1] - s->phi_off[b];
	uint64_t *cur = ssa_alloc_array(p->nvars, sizeof(uint64_t));
	uint64_t *env = ssa_alloc_array(nvals, sizeof(uint64_t));
	uint32_t *stamp = ssa_calloc_array(nvals, sizeof(uint32_t));
	uint64_t *tmp = ssa_alloc_array(maxphi, sizeof(uint64_t));
	uint32_t *edge_slot = ssa_alloc_array(g->m, sizeof(uint32_t));
	uint32_t *cursor = ssa_alloc_array(g->n, sizeof(uint32_t));
	int rc = SSA_ENOMEM;
	if (!cur || !env || !stamp || !tmp || !edge_slot || !cursor)
		goto out;
	ssa_edge_slots(g, edge_slot, cursor);
	st->blocks = st->uses = st->phis = 0;
	if (msglen)
		msg[0] = 0;

	struct ssa_rng rng;
	ssa_rng_seed(&rng, o->seed);
	uint64_t fresh = 0;
	rc = SSA_OK;
	for (uint32_t w = 1; w <= o->walks; w++) {
		for (uint32_t v = 0; v < p->nvars; v++)
			cur[v] = 0;
		uint32_t b = 0, slot = SSA_NONE, prevb = SSA_NONE;
		for (uint32_t step = 0; step < o->max_len; step++) {
			st->blocks++;
			/* φs: all operands read first, then all results written. */
			uint32_t first = s->phi_off[b], last = s->phi_off[b + 1];
			for (uint32_t q = first; q < last; q++) {
				uint32_t a = slot == SSA_NONE ? SSA_UNDEF : s->arg[s->arg_off[q] + slot];
				if (a != SSA_UNDEF && (a >= nvals || stamp[a] != w)) {
					snprintf(msg, msglen,
						 "walk %" PRIu32 " step %" PRIu32 ": phi of v%" PRIu32
						 " at block %" PRIu32 " (from block %" PRIu32
						 ") reads a value not computed on this path",
						 w, step, s->phi_var[q], b, prevb);
					rc = SSA_EVERIFY;
					goto out;
				}
				tmp[q - first] = a == SSA_UNDEF ? 0 : env[a];
				if (tmp[q - first] != cur[s->phi_var[q]]) {
					snprintf(msg, msglen,
						 "walk %" PRIu32 " step %" PRIu32 ": phi of v%" PRIu32
						 " at block %" PRIu32 " (from block %" PRIu32
						 ") gets another definition than the program",
						 w, step, s->phi_var[q], b, prevb);
					rc = SSA_EVERIFY;
					goto out;
				}
			}
			for (uint32_t q = first; q < last; q++) {
				env[s->nops + q] = tmp[q - first];
				stamp[s->nops + q] = w;
			}
			st->phis += last - first;
			for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
				uint32_t op = p->ops[i], var = prog_op_var(op);
				if (prog_op_is_def(op)) {
					cur[var] = ++fresh;
					env[i] = fresh;
					stamp[i] = w;
					continue;
				}
				uint32_t v = s->opval[i];
				uint64_t got;
				if (v == SSA_UNDEF) {
					got = 0;
				} else if (v >= nvals || stamp[v] != w) {
					snprintf(msg, msglen,
						 "walk %" PRIu32 " step %" PRIu32 ": use op %" PRIu32
						 " (v%" PRIu32 ", block %" PRIu32
						 ") reads a value not computed on this path",
						 w, step, i, var, b);
					rc = SSA_EVERIFY;
					goto out;
				} else {
					got = env[v];
				}
				st->uses++;
				if (got != cur[var]) {
					char vb[64];
					ssa_value_str(s, v, vb, sizeof(vb));
					snprintf(msg, msglen,
						 "walk %" PRIu32 " step %" PRIu32 ": use op %" PRIu32
						 " (v%" PRIu32 ", block %" PRIu32 ") reads %s, the program "
						 "reads %s",
						 w, step, i, var, b, vb,
						 cur[var] ? "another definition" : "undefined");
					rc = SSA_EVERIFY;
					goto out;
				}
			}
			uint32_t deg = cfg_out_degree(g, b);
			if (deg == 0)
				break;
			uint32_t e = g->succ_off[b] + (uint32_t)ssa_rng_below(&rng, deg);
			prevb = b;
			slot = edge_slot[e];
			b = g->succ[e];
		}
	}
out:
	ssa_free_all(cur, env, stamp, tmp, edge_slot, cursor, NULL);
	return rc;
}
