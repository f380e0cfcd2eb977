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
 * Coverage (opts.cover): random walks from the entry rarely reach every block of a large graph
 * (a 10^6-block chain with 256 walks of 2n steps reaches it, a wide random graph does not). So,
 * after the random walks, the blocks reachable from the entry are taken in decreasing
 * breadth-first depth, and for each one that still holds a use never executed, a directed walk
 * follows the breadth-first tree path from the entry to it (executing every block on the way,
 * φs through the path's edges), then continues at random for max_len blocks. Deepest first,
 * one walk covers the whole path, so there is at most one directed walk per block with uses;
 * their total steps stop at cover_budget (default 64 (n + nops) + 2^20), so the work stays
 * bounded on brooms and the stats say how much was covered: static_covered of static_uses,
 * the uses in reachable blocks.
 *
 * Time O(walks * (max_len * (ops + φs per block) + nvars)) plus the directed walks (at most the
 * budget in blocks); memory 8 bytes per variable, 12 bytes per SSA value, the edge-slot map
 * (m + n words), a φ buffer, and with cover 3n words plus nops bytes. */
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

struct run {
	const struct prog *p;
	const struct ssa_form *s;
	struct ssa_interp_stats *st;
	char *msg;
	size_t msglen;
	size_t nvals;
	uint64_t *cur, *env, *tmp, fresh;
	uint32_t *stamp;
	uint8_t *seen; /* per op: a use executed at least once (NULL: not tracked) */
};

/* Executes block b entered through operand slot `slot` (SSA_NONE at the start of a walk). */
static int exec_block(struct run *r, uint32_t w, uint32_t step, uint32_t b, uint32_t slot,
		      uint32_t prevb)
{
	const struct prog *p = r->p;
	const struct ssa_form *s = r->s;
	char *msg = r->msg;
	size_t msglen = r->msglen;
	r->st->blocks++;
	/* φs: all operands read first, then all results written. */
	uint32_t first = s->phi_off[b], last = s->phi_off[b + 1];
	for (uint32_t q = first; q < last; q++) {
		uint32_t a = slot == SSA_NONE ? SSA_UNDEF : s->arg[s->arg_off[q] + slot];
		if (a != SSA_UNDEF && (a >= r->nvals || r->stamp[a] != w)) {
			snprintf(msg, msglen,
				 "walk %" PRIu32 " step %" PRIu32 ": phi of v%" PRIu32
				 " at block %" PRIu32 " (from block %" PRIu32
				 ") reads a value not computed on this path",
				 w, step, s->phi_var[q], b, prevb);
			return SSA_EVERIFY;
		}
		r->tmp[q - first] = a == SSA_UNDEF ? 0 : r->env[a];
		if (r->tmp[q - first] != r->cur[s->phi_var[q]]) {
			snprintf(msg, msglen,
				 "walk %" PRIu32 " step %" PRIu32 ": phi of v%" PRIu32
				 " at block %" PRIu32 " (from block %" PRIu32
				 ") gets another definition than the program",
				 w, step, s->phi_var[q], b, prevb);
			return SSA_EVERIFY;
		}
	}
	for (uint32_t q = first; q < last; q++) {
		r->env[s->nops + q] = r->tmp[q - first];
		r->stamp[s->nops + q] = w;
	}
	r->st->phis += last - first;
	for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
		uint32_t op = p->ops[i], var = prog_op_var(op);
		if (prog_op_is_def(op)) {
			r->cur[var] = ++r->fresh;
			r->env[i] = r->fresh;
			r->stamp[i] = w;
			continue;
		}
		uint32_t v = s->opval[i];
		uint64_t got;
		if (v == SSA_UNDEF) {
			got = 0;
		} else if (v >= r->nvals || r->stamp[v] != w) {
			snprintf(msg, msglen,
				 "walk %" PRIu32 " step %" PRIu32 ": use op %" PRIu32 " (v%" PRIu32
				 ", block %" PRIu32 ") reads a value not computed on this path",
				 w, step, i, var, b);
			return SSA_EVERIFY;
		} else {
			got = r->env[v];
		}
		r->st->uses++;
		if (r->seen && !r->seen[i]) {
			r->seen[i] = 1;
			r->st->static_covered++;
		}
		if (got != r->cur[var]) {
			char vb[64];
			ssa_value_str(s, v, vb, sizeof(vb));
			snprintf(msg, msglen,
				 "walk %" PRIu32 " step %" PRIu32 ": use op %" PRIu32 " (v%" PRIu32
				 ", block %" PRIu32 ") reads %s, the program reads %s",
				 w, step, i, var, b, vb, r->cur[var] ? "another definition" : "undefined");
			return SSA_EVERIFY;
		}
	}
	return SSA_OK;
}

/* One walk: first along path[0..plen) (edge indices into g->succ, starting at the entry),
 * then at random until a block without successors or max_len random steps. */
static int walk(struct run *r, uint32_t w, const uint32_t *path, uint32_t plen, uint32_t max_len,
		struct ssa_rng *rng, const uint32_t *edge_slot, uint64_t *steps)
{
	const struct cfg *g = &r->p->cfg;
	for (uint32_t v = 0; v < r->p->nvars; v++)
		r->cur[v] = 0;
	uint32_t b = 0, slot = SSA_NONE, prevb = SSA_NONE;
	/* the path's plen blocks, then max_len more (the random walks: max_len in all) */
	const uint64_t total = (uint64_t)plen + max_len;
	for (uint64_t step = 0; step < total; step++) {
		int rc = exec_block(r, w, (uint32_t)step, b, slot, prevb);
		if (rc != SSA_OK)
			return rc;
		++*steps;
		uint32_t e;
		if (step < plen) {
			e = path[step];
		} else {
			uint32_t deg = cfg_out_degree(g, b);
			if (deg == 0)
				break;
			e = g->succ_off[b] + (uint32_t)ssa_rng_below(rng, deg);
		}
		prevb = b;
		slot = edge_slot[e];
		b = g->succ[e];
	}
	return SSA_OK;
}

int ssa_interp_check(const struct prog *p, const struct ssa_form *s, const struct ssa_interp_opts *o,
		     struct ssa_interp_stats *st, char *msg, size_t msglen)
{
	const struct cfg *g = &p->cfg;
	struct run r = {.p = p, .s = s, .st = st, .msg = msg, .msglen = msglen};
	r.nvals = (size_t)s->nops + s->nphi;
	uint32_t maxphi = 0;
	for (uint32_t b = 0; b < g->n; b++)
		if (s->phi_off[b + 1] - s->phi_off[b] > maxphi)
			maxphi = s->phi_off[b + 1] - s->phi_off[b];
	r.cur = ssa_alloc_array(p->nvars, sizeof(uint64_t));
	r.env = ssa_alloc_array(r.nvals, sizeof(uint64_t));
	r.stamp = ssa_calloc_array(r.nvals, sizeof(uint32_t));
	r.tmp = ssa_alloc_array(maxphi, sizeof(uint64_t));
	uint32_t *edge_slot = ssa_alloc_array(g->m, sizeof(uint32_t));
	uint32_t *cursor = ssa_alloc_array(g->n, sizeof(uint32_t));
	uint32_t *bfs = NULL, *via = NULL, *path = NULL;
	int rc = SSA_ENOMEM;
	*st = (struct ssa_interp_stats){0};
	if (msglen)
		msg[0] = 0;
	if (!r.cur || !r.env || !r.stamp || !r.tmp || !edge_slot || !cursor)
		goto out;
	if (o->cover) {
		r.seen = ssa_calloc_array(p->nops, 1);
		bfs = ssa_alloc_array(g->n, sizeof(uint32_t));
		via = ssa_alloc_array(g->n, sizeof(uint32_t));
		path = ssa_alloc_array(g->n, sizeof(uint32_t));
		if ((p->nops && !r.seen) || !bfs || !via || !path)
			goto out;
	}
	ssa_edge_slots(g, edge_slot, cursor);

	struct ssa_rng rng;
	ssa_rng_seed(&rng, o->seed);
	uint64_t steps = 0;
	uint32_t w = 0;
	rc = SSA_OK;
	for (w = 1; w <= o->walks && rc == SSA_OK; w++)
		rc = walk(&r, w, NULL, 0, o->max_len, &rng, edge_slot, &steps);
	w--;
	if (rc != SSA_OK || !o->cover)
		goto out;

	/* Breadth-first tree from the entry: via[b] = the edge that first reached b, cursor[b]
	 * (free after ssa_edge_slots) its source. */
	for (uint32_t b = 0; b < g->n; b++)
		via[b] = SSA_NONE;
	uint32_t head = 0, tail = 0;
	bfs[tail++] = 0;
	via[0] = UINT32_MAX - 1; /* the entry: reached, no edge */
	while (head < tail) {
		uint32_t b = bfs[head++];
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++)
			if (via[g->succ[e]] == SSA_NONE) {
				via[g->succ[e]] = e;
				cursor[g->succ[e]] = b;
				bfs[tail++] = g->succ[e];
			}
	}
	for (uint32_t k = 0; k < tail; k++)
		for (uint32_t i = p->op_off[bfs[k]]; i < p->op_off[bfs[k] + 1]; i++)
			st->static_uses += !prog_op_is_def(p->ops[i]);
	const uint64_t budget = o->cover_budget ? o->cover_budget
						: 64 * ((uint64_t)g->n + p->nops) + (UINT64_C(1) << 20);
	uint64_t directed = 0;
	for (uint32_t k = tail; k-- > 0 && st->static_covered < st->static_uses;) {
		const uint32_t b = bfs[k];
		bool want = false;
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1] && !want; i++)
			want = !prog_op_is_def(p->ops[i]) && !r.seen[i];
		if (!want)
			continue;
		if (directed >= budget || w == UINT32_MAX - 1)
			break;
		uint32_t plen = 0;
		for (uint32_t x = b; x != 0; x = cursor[x])
			path[plen++] = via[x];
		for (uint32_t i = 0, j = plen; i < j / 2; i++) { /* entry first */
			uint32_t t = path[i];
			path[i] = path[j - 1 - i];
			path[j - 1 - i] = t;
		}
		st->restarts++;
		uint64_t before = steps;
		rc = walk(&r, ++w, path, plen, o->max_len, &rng, edge_slot, &steps);
		directed += steps - before;
		if (rc != SSA_OK)
			goto out;
	}
out:
	ssa_free_all(r.cur, r.env, r.stamp, r.tmp, edge_slot, cursor, r.seen, bfs, via, path, NULL);
	return rc;
}
