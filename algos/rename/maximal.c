/* phi-maximal: SSA construction without dominance frontiers (rename.h): a φ for every variable
 * at every join (or every block but the entry), renamed with rename-stack, then pruned of
 * redundant φs (Aycock-Horspool, to a fixpoint) and, for the pruned flavour, of dead φs.
 * Guarantees (tests/test_rename_maximal.c): after the redundant rule the φ set equals minimal
 * SSA on reducible CFGs and contains it on irreducible ones; with both rules it equals pruned SSA
 * on reducible CFGs (phi_maximal_check, at the end, holds a result to them).
 * Time O(V * (joins + their in-edges)) to place and rename, plus O(operands + rechecks x
 * operands per φ) for the fixpoint and O(operands) for liveness. Memory: V x joins φs with
 * V x Σindeg(joins) operands (phi_maximal_bytes, estimated before anything is allocated), the
 * renamer's scratch, 26 bytes per φ plus two words per operand for pruning, the compacted result.
 * Papers: J. Aycock, N. Horspool, "Simple generation of static single-assignment form", CC 2000;
 * Choi, Cytron, Ferrante, "Automatic construction of sparse data flow evaluation graphs",
 * POPL 1991 (pruned SSA: dead φs). */
#include "dom/dom.h"
#include "dom/reducible.h"
#include "rename/rename.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How it works.
 *
 * phi-maximal: SSA construction without dominance frontiers. Place a φ for every variable at
 * every join (or, as an option, at every block but the entry, as the Russian article in the
 * seeds does), rename with rename-stack, then prune:
 *   (1) redundant φs (Aycock and Horspool, 2000, "Simple generation of static single-assignment
 *       form", CC 2000): a φ whose operands are all itself or one other value x is replaced by x
 *       (by "undefined" when there is no other value), repeated to a fixpoint; replaced values
 *       are forwarded through a union-find style array with path compression, and every use and
 *       remaining operand is redirected at the end;
 *   (2) dead φs (the pruned flavour, as LLVM's mem2reg and the CIS 341 lecture do): a φ is kept
 *       only if a real use depends on it, found by a worklist from the uses.
 * The entry counts as a join as soon as it has a predecessor: control also enters it from
 * outside, with every variable undefined, so its φs carry an implicit undefined operand.
 *
 * Time: O(V * (joins + their in-edges)) to place and rename, plus O(operands + rechecks x operands per φ) for the
 * fixpoint (one sweep in dominator-tree preorder, then a worklist that re-examines only the φs
 * reading a removed one, with near-constant forwarding by path compression) and O(operands) for
 * liveness. Memory: the maximal form, V*joins φs with V*Σindeg(joins) operands
 * (estimated by phi_maximal_bytes before anything is allocated), rename-stack's scratch, for
 * pruning 26 bytes per φ plus the φ-reader lists (two words per operand), and the compacted
 * result. */

void phi_maximal_count(const struct prog *p, const struct phi_maximal_opts *o, uint64_t *nphi,
		       uint64_t *nargs)
{
	uint64_t blocks, edges;
	cfg_joins(&p->cfg, o->every_block, &blocks, &edges);
	*nphi = ssa_bytes(blocks, p->nvars);
	*nargs = ssa_bytes(edges, p->nvars);
}

uint64_t ssa_prune_bytes(uint64_t n, uint64_t nops, uint64_t nphi, bool redundant, uint64_t kept,
			 uint64_t kargs, uint64_t nent)
{
	/* fwd, work, state; wit, queued, head, tail and the reader entries for the redundant
	 * rule; compacting: newid and the result */
	uint64_t word = ssa_array_bytes(nphi, sizeof(uint32_t)), byte = ssa_array_bytes(nphi, 1);
	uint64_t prune = ssa_sat_add(ssa_bytes(2, word), byte);
	if (redundant) {
		prune = ssa_sat_add(prune, ssa_array_bytes(2 * nphi, sizeof(uint32_t)));
		prune = ssa_sat_add(prune, ssa_sat_add(byte, ssa_bytes(2, word)));
		prune = ssa_sat_add(prune, ssa_bytes(2, ssa_array_bytes(nent, sizeof(uint32_t))));
	}
	return ssa_sat_add(ssa_sat_add(prune, word), ssa_form_bytes(n, nops, kept, kargs));
}

/* The phases of phi_maximal, the maximal form alive in all three: the layout (with the block
 * flags), rename-stack's scratch, then the pruning's arrays with the compacted result. */
uint64_t phi_maximal_bytes_kept(const struct prog *p, const struct phi_maximal_opts *o,
				uint64_t kept, uint64_t kargs, uint64_t nent)
{
	const struct cfg *g = &p->cfg;
	uint64_t nphi, nargs;
	phi_maximal_count(p, o, &nphi, &nargs);
	const struct rename_algo *stack = algo_find(rename_algos, rename_nalgos, "rename-stack");
	uint64_t rename = stack->scratch_bytes(g->n, g->m, p->nvars, p->nops, nphi);
	return phi_maximal_form_bytes(p, o, rename, false, kept, kargs, nent);
}

uint64_t phi_maximal_form_bytes(const struct prog *p, const struct phi_maximal_opts *o,
				uint64_t ren, bool keep_ren, uint64_t kept, uint64_t kargs,
				uint64_t nent)
{
	const struct cfg *g = &p->cfg;
	uint64_t nphi, nargs;
	phi_maximal_count(p, o, &nphi, &nargs);
	uint64_t form = ssa_form_bytes(g->n, p->nops, nphi, nargs);
	uint64_t layout = ssa_array_bytes(g->n, 1);
	uint64_t prune = ssa_prune_bytes(g->n, p->nops, nphi, o->prune_redundant, kept, kargs, nent);
	uint64_t top = layout > prune ? layout : prune;
	top = keep_ren ? ssa_sat_add(top, ren) : top > ren ? top : ren;
	return ssa_sat_add(form, top);
}

uint64_t phi_maximal_stage_bytes(const struct prog *p, const struct phi_maximal_opts *o,
				 const struct phi_counts *kept)
{
	const struct cfg *g = &p->cfg;
	uint64_t nphi, nargs;
	phi_maximal_count(p, o, &nphi, &nargs);
	uint64_t run = ssa_sat_add(domtree_bytes(g->n),
				   phi_maximal_bytes_kept(p, o, kept ? kept->nphi : nphi,
							  kept ? kept->nargs : nargs, nargs));
	uint64_t tree = dom_tree_default_bytes(g->n, g->m);
	return tree > run ? tree : run;
}

uint64_t phi_maximal_bytes(const struct prog *p, const struct phi_maximal_opts *o)
{
	uint64_t nphi, nargs;
	phi_maximal_count(p, o, &nphi, &nargs);
	return phi_maximal_bytes_kept(p, o, nphi, nargs, nargs);
}

/* The value v stands for after redundant φs were replaced, compressing the path it took. */
static uint32_t resolve(const struct ssa_form *s, uint32_t *fwd, const uint8_t *state, uint32_t v)
{
	uint32_t r = v;
	while (ssa_value_is_phi(s, r) && state[r - s->nops] == 1)
		r = fwd[r - s->nops];
	while (ssa_value_is_phi(s, v) && state[v - s->nops] == 1) {
		uint32_t next = fwd[v - s->nops];
		fwd[v - s->nops] = r;
		v = next;
	}
	return r;
}

/* Aycock-Horspool on one φ: true (and *x = the value) when every operand is the φ itself or x.
 * wit[2q], wit[2q+1] remember two operand positions that held distinct values at the last look
 * (SSA_NONE = the entry's implicit undefined operand): values only merge by forwarding, so while
 * those two still differ the φ stays, and a join with thousands of predecessors is not rescanned
 * each time one of its operands is replaced. */
static bool phi_redundant(const struct ssa_form *s, const struct cfg *g, const struct domtree *t,
			  uint32_t *fwd, const uint8_t *state, uint32_t *wit, uint32_t q,
			  uint32_t *x)
{
	const uint32_t *pred = g->pred + g->pred_off[s->phi_block[q]];
	const uint64_t off = s->arg_off[q];
	uint32_t self = s->nops + q, same = 0, same_at = SSA_NONE;
	if (wit[2 * q] != wit[2 * q + 1]) {
		uint32_t w0 = wit[2 * q], w1 = wit[2 * q + 1];
		uint32_t a0 = w0 == SSA_NONE ? SSA_UNDEF : resolve(s, fwd, state, s->arg[off + w0]);
		uint32_t a1 = w1 == SSA_NONE ? SSA_UNDEF : resolve(s, fwd, state, s->arg[off + w1]);
		if (a0 != a1 && a0 != self && a1 != self)
			return false;
	}
	bool have = false;
	/* The entry's φs also receive "undefined" from outside the function. */
	if (s->phi_block[q] == 0) {
		same = SSA_UNDEF;
		have = true;
	}
	for (uint64_t j = off; j < s->arg_off[q + 1]; j++) {
		/* An edge from a block the entry cannot reach is never taken. */
		if (t->tin[pred[j - off]] == SSA_NONE)
			continue;
		uint32_t a = resolve(s, fwd, state, s->arg[j]);
		if (a == self)
			continue;
		if (!have) {
			same = a;
			same_at = (uint32_t)(j - off);
			have = true;
		} else if (a != same) {
			wit[2 * q] = same_at;
			wit[2 * q + 1] = (uint32_t)(j - off);
			return false;
		}
	}
	*x = have ? same : SSA_UNDEF;
	return true;
}

int ssa_prune(struct ssa_form *in, const struct cfg *g, const struct domtree *t, bool redundant,
	      bool dead, struct ssa_form *out, struct phi_maximal_stats *st)
{
	const uint32_t nphi = in->nphi, nops = in->nops;
	const uint64_t nargs = in->arg_off[nphi];
	uint32_t *fwd = ssa_alloc_array(nphi, sizeof(uint32_t));
	uint32_t *work = ssa_alloc_array(nphi, sizeof(uint32_t));
	uint8_t *state = ssa_calloc_array(nphi, 1); /* 0 kept, 1 redundant, 2 dead */
	uint8_t *queued = NULL;
	uint32_t *head = NULL, *tail = NULL, *ent_user = NULL, *ent_next = NULL, *wit = NULL;
	int rc = SSA_ENOMEM;
	if (!fwd || !work || !state)
		goto done;
	st->removed_redundant = st->removed_dead = 0;
	st->rechecks = 0;

	if (redundant && nargs >= SSA_NONE) {
		rc = SSA_ETOOBIG; /* reader entries are numbered in 32 bits */
		goto done;
	}
	if (redundant) {
		wit = ssa_alloc_array(2 * (size_t)nphi, sizeof(uint32_t));
		if (!wit)
			goto done;
		memset(wit, 0, 2 * (size_t)nphi * sizeof(uint32_t)); /* equal: no witnesses yet */
		/* Phase 1: one sweep in dominator-tree preorder (then the blocks outside the tree),
		 * so a loop's outer φs are decided before the inner ones that read them. Most
		 * maximal φs go here, without any per-operand bookkeeping. */
		for (uint32_t k = 0; k <= t->nreach; k++) {
			uint32_t lo, hi;
			if (k < t->nreach) {
				lo = in->phi_off[t->order[k]];
				hi = in->phi_off[t->order[k] + 1];
			} else {
				lo = hi = 0;
			}
			for (uint32_t q = lo; q < hi; q++) {
				uint32_t x;
				if (phi_redundant(in, g, t, fwd, state, wit, q, &x)) {
					state[q] = 1;
					fwd[q] = x;
					st->removed_redundant++;
				}
			}
		}
		for (uint32_t b = 0; b < in->n; b++) {
			if (t->tin[b] != SSA_NONE)
				continue;
			for (uint32_t q = in->phi_off[b]; q < in->phi_off[b + 1]; q++) {
				uint32_t x;
				if (phi_redundant(in, g, t, fwd, state, wit, q, &x)) {
					state[q] = 1;
					fwd[q] = x;
					st->removed_redundant++;
				}
			}
		}
		/* Phase 2, to the fixpoint: a survivor may have become redundant after it was
		 * looked at (a loop header whose back-edge operand was removed later in the
		 * sweep). Reader lists among the survivors: the φs whose operands resolve to each
		 * φ. A removed φ's readers now read its replacement, so its list is spliced onto
		 * the replacement's (O(1) with tails) and removing that later re-examines them. */
		uint64_t nent = 0;
		uint32_t sp = 0;
		for (uint32_t q = 0; q < nphi; q++) {
			if (state[q] != 0)
				continue;
			work[sp++] = q;
			for (uint64_t j = in->arg_off[q]; j < in->arg_off[q + 1]; j++) {
				in->arg[j] = resolve(in, fwd, state, in->arg[j]);
				nent += ssa_value_is_phi(in, in->arg[j]) && in->arg[j] - nops != q;
			}
		}
		queued = ssa_alloc_array(nphi, 1);
		head = ssa_alloc_array(nphi, sizeof(uint32_t));
		tail = ssa_alloc_array(nphi, sizeof(uint32_t));
		ent_user = ssa_alloc_array(nent, sizeof(uint32_t));
		ent_next = ssa_alloc_array(nent, sizeof(uint32_t));
		if (!queued || !head || !tail || !ent_user || !ent_next)
			goto done;
		memset(head, 0xff, (size_t)nphi * sizeof(uint32_t));
		memset(tail, 0xff, (size_t)nphi * sizeof(uint32_t));
		memset(queued, 0, nphi);
		uint32_t ne = 0;
		for (uint32_t k = 0; k < sp; k++) {
			uint32_t q = work[k];
			queued[q] = 1;
			for (uint64_t j = in->arg_off[q]; j < in->arg_off[q + 1]; j++) {
				uint32_t a = in->arg[j];
				if (!ssa_value_is_phi(in, a) || a - nops == q)
					continue;
				uint32_t r = a - nops;
				ent_user[ne] = q;
				ent_next[ne] = head[r];
				if (head[r] == SSA_NONE)
					tail[r] = ne;
				head[r] = ne++;
			}
		}
		uint64_t pops = 0;
		while (sp > 0) {
			uint32_t q = work[--sp], x;
			queued[q] = 0;
			pops++;
			if (state[q] != 0 || !phi_redundant(in, g, t, fwd, state, wit, q, &x))
				continue;
			state[q] = 1;
			fwd[q] = x;
			st->removed_redundant++;
			/* Requeue the readers still alive; entries of removed readers are
			 * dropped from the list so a long forwarding chain does not walk them
			 * again. */
			uint32_t nh = SSA_NONE, nt = SSA_NONE;
			for (uint32_t e = head[q], next; e != SSA_NONE; e = next) {
				uint32_t u = ent_user[e];
				next = ent_next[e];
				if (state[u] != 0)
					continue;
				if (!queued[u]) {
					queued[u] = 1;
					work[sp++] = u;
				}
				ent_next[e] = SSA_NONE;
				if (nt == SSA_NONE)
					nh = e;
				else
					ent_next[nt] = e;
				nt = e;
			}
			head[q] = nh;
			tail[q] = nt;
			if (ssa_value_is_phi(in, x) && head[q] != SSA_NONE) {
				uint32_t r = x - nops;
				if (head[r] == SSA_NONE)
					head[r] = head[q];
				else
					ent_next[tail[r]] = head[q];
				tail[r] = tail[q];
			}
		}
		st->rechecks = pops;
	}
	for (uint32_t i = 0; i < nops; i++)
		in->opval[i] = resolve(in, fwd, state, in->opval[i]);
	for (uint32_t q = 0; q < nphi; q++)
		if (state[q] == 0)
			for (uint64_t j = in->arg_off[q]; j < in->arg_off[q + 1]; j++)
				in->arg[j] = resolve(in, fwd, state, in->arg[j]);

	if (dead) {
		/* state 3 = live for the duration of the marking; the survivors go back to 0. */
		uint32_t sp = 0;
		for (uint32_t i = 0; i < nops; i++) {
			uint32_t v = in->opval[i];
			if (v != i && ssa_value_is_phi(in, v) && state[v - nops] == 0) {
				state[v - nops] = 3;
				work[sp++] = v - nops;
			}
		}
		while (sp > 0) {
			uint32_t q = work[--sp];
			for (uint64_t j = in->arg_off[q]; j < in->arg_off[q + 1]; j++) {
				uint32_t v = in->arg[j];
				if (ssa_value_is_phi(in, v) && state[v - nops] == 0) {
					state[v - nops] = 3;
					work[sp++] = v - nops;
				}
			}
		}
		for (uint32_t q = 0; q < nphi; q++) {
			if (state[q] == 0) {
				state[q] = 2;
				st->removed_dead++;
			} else if (state[q] == 3) {
				state[q] = 0;
			}
		}
	}
	for (uint32_t q = 0; q < nphi; q++)
		state[q] = state[q] == 0;
	rc = ssa_form_compact(out, in, state);
	if (rc == SSA_OK)
		st->kept = out->nphi;
done:
	ssa_free_all(fwd, work, state, queued, head, tail, ent_user, ent_next, wit, NULL);
	return rc;
}

int phi_maximal(const struct prog *p, const struct domtree *t, const struct phi_maximal_opts *o,
		uint64_t mem_limit, struct ssa_form *out, struct phi_maximal_stats *st)
{
	const struct cfg *g = &p->cfg;
	memset(st, 0, sizeof(*st));
	memset(out, 0, sizeof(*out));
	st->bytes = phi_maximal_bytes(p, o);
	if (mem_limit && st->bytes > mem_limit)
		return SSA_ETOOBIG;
	uint8_t *at = ssa_alloc_array(g->n, 1);
	if (!at)
		return SSA_ENOMEM;
	for (uint32_t b = 0; b < g->n; b++)
		at[b] = cfg_is_join(g, b, o->every_block);
	struct ssa_form max;
	int rc = ssa_form_layout_all(&max, p, at);
	free(at);
	if (rc != SSA_OK)
		return rc;
	st->placed = max.nphi;
	rc = rename_compute(algo_find(rename_algos, rename_nalgos, "rename-stack"), p, t, &max, NULL);
	if (rc == SSA_OK)
		rc = ssa_prune(&max, g, t, o->prune_redundant, o->prune_dead, out, st);
	ssa_form_free(&max);
	return rc;
}

int phi_maximal_check(const struct prog *p, const struct domtree *t,
		      const struct phi_maximal_opts *o, const struct ssa_form *s, uint64_t seed,
		      uint32_t walks, char *msg, size_t msglen)
{
	char m[256];
	int st = ssa_check_form(p, t, s, NULL, NULL, seed, walks, m, sizeof m);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "%s", m);
		return st;
	}
	char base[sizeof m];
	snprintf(base, sizeof base, "%s", m);
	bool red = false;
	if (o->prune_redundant && (st = cfg_is_reducible(&p->cfg, &red)) != SSA_OK)
		return st;
	if (!o->prune_redundant || !red) {
		snprintf(msg, msglen, "%s%s", m,
			 o->prune_redundant ? "; irreducible: no phi-set oracle" : "");
		return SSA_OK;
	}
	/* On a reducible CFG the pruning rules leave exactly minimal (or pruned) SSA. */
	enum phi_flavor f = o->prune_dead ? PHI_PRUNED : PHI_MINIMAL;
	struct phi_sets want = {0}, got = {0};
	st = phi_place_prog(phi_default_algo(), p, t, f, &want);
	if (st == SSA_OK)
		st = ssa_form_phi_sets(s, &got);
	bool eq = st == SSA_OK && phi_sets_equal(&got, &want, m, sizeof m);
	phi_sets_free(&want);
	if (got.off)
		ssa_phi_sets_release(&got);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "%s; phi-dj: %s", base, ssa_status_str(st));
		return st;
	}
	if (!eq) {
		snprintf(msg, msglen, "%s; reducible CFG but phi set differs from phi-dj %s: %s", base,
			 phi_flavor_name(f), m);
		return SSA_EVERIFY;
	}
	snprintf(msg, msglen, "%s + phi set = phi-dj %s (reducible)", base, phi_flavor_name(f));
	return SSA_OK;
}
