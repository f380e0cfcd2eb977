/* The renaming stage's reference, shared by bench (rename, maximal, pipeline) and the tests: a
 * renamed form is accepted when the SSA verifier passes, every use and φ operand reads its
 * nearest dominating definition (ssa_check_reaching, which shares no code with the renamers),
 * the equivalence interpreter, walking until every reachable static use has run, finds every use
 * reading the value the original program reads, and, when a second renamer is given, that
 * renamer produces the same canonical form over the same φ sets. */
#include "rename/rename.h"
#include "dom/reducible.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Whether a and b, forms of one program, have the same φs in the same places. */
static bool same_layout(const struct ssa_form *a, const struct ssa_form *b)
{
	if (a->n != b->n || a->nphi != b->nphi)
		return false;
	const size_t q = a->nphi;
	return !memcmp(a->phi_off, b->phi_off, ((size_t)a->n + 1) * sizeof *a->phi_off) &&
	       !memcmp(a->phi_var, b->phi_var, q * sizeof *a->phi_var) &&
	       !memcmp(a->phi_block, b->phi_block, q * sizeof *a->phi_block) &&
	       !memcmp(a->arg_off, b->arg_off, (q + 1) * sizeof *a->arg_off);
}

int ssa_check_form(const struct prog *p, const struct domtree *t, const struct ssa_form *s,
		   const struct phi_sets *ps, const struct rename_algo *other, uint64_t seed,
		   uint32_t walks, char *msg, size_t msglen)
{
	char m[256];
	int st = ssa_verify(p, t, s, m, sizeof m);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier: %s", st == SSA_EVERIFY ? m : ssa_status_str(st));
		return st;
	}
	st = ssa_check_reaching(p, t, s, m, sizeof m);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier ok, reaching definitions: %s",
			 st == SSA_EVERIFY ? m : ssa_status_str(st));
		return st;
	}
	/* Walks long enough to cross a small CFG twice; bounded on large ones. Directed walks then
	 * reach every block whose uses the random ones missed. */
	uint32_t len = p->cfg.n < 100000 ? 2 * p->cfg.n + 8 : 200000;
	struct ssa_interp_opts io = {.seed = seed, .walks = walks, .max_len = len, .cover = true};
	struct ssa_interp_stats is;
	st = ssa_interp_check(p, s, &io, &is, m, sizeof m);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier + reaching ok, interpreter: %s",
			 st == SSA_EVERIFY ? m : ssa_status_str(st));
		return st;
	}
	if (is.static_covered != is.static_uses) {
		snprintf(msg, msglen,
			 "verifier + reaching ok, interpreter covered only %" PRIu64 "/%" PRIu64
			 " reachable static uses",
			 is.static_covered, is.static_uses);
		return SSA_EVERIFY;
	}
	char what[160];
	snprintf(what, sizeof what,
		 "verifier + reaching definitions + interpreter (%" PRIu64 "/%" PRIu64
		 " reachable static uses)",
		 is.static_covered, is.static_uses);
	if (!ps || !other) {
		snprintf(msg, msglen, "%s", what);
		return SSA_OK;
	}
	struct ssa_form o;
	st = ssa_form_layout(&o, p, ps);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier + interpreter ok; layout for %s: %s",
			 other->head.name, ssa_status_str(st));
		return st;
	}
	if (!same_layout(s, &o)) {
		snprintf(msg, msglen, "verifier + interpreter ok; the form's phis are not those of "
				      "the phi sets");
		ssa_form_free(&o);
		return SSA_EVERIFY;
	}
	/* A renamer writes only operands and uses: the second one works over s's layout, so the
	 * check holds one more set of operands, not a second n + 1 offsets (a tenth of the
	 * check's peak at 10^7 blocks). */
	uint32_t *own_arg = o.arg, *own_opval = o.opval;
	o.arg = o.opval = NULL;
	ssa_form_free(&o);
	o = *s;
	o.arg = own_arg;
	o.opval = own_opval;
	st = rename_compute(other, p, t, &o, NULL);
	bool eq = st == SSA_OK && ssa_form_equal(s, &o, m, sizeof m);
	ssa_free_all(own_arg, own_opval);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier + interpreter ok; %s: %s", other->head.name,
			 ssa_status_str(st));
		return st;
	}
	if (!eq) {
		snprintf(msg, msglen, "verifier + interpreter ok; vs %s: %s", other->head.name, m);
		return SSA_EVERIFY;
	}
	snprintf(msg, msglen, "%s + same as %s", what, other->head.name);
	return SSA_OK;
}

int ssa_check_pruned(const struct prog *p, const struct ssa_form *s, uint64_t seed,
		     uint32_t walks, char *msg, size_t msglen)
{
	struct domtree dt = {0};
	struct phi_sets ps;
	struct ssa_form want;
	bool red = false;
	char m[320], d[256];
	/* the pruned pipeline's tree, φs and form: renamed only on a reducible CFG */
	const char *what;
	int st = rename_input_build(NULL, p, PHI_PRUNED, NULL, &dt, &ps, &want, NULL, &what);
	if (st != SSA_OK && strcmp(what, "dominators"))
		what = "pruned pipeline";
	if (st == SSA_OK) {
		what = "ssa_check_form";
		st = ssa_check_form(p, &dt, s, NULL, NULL, seed, walks, m, sizeof m);
		if (st == SSA_EVERIFY) {
			snprintf(msg, msglen, "%s", m);
			goto out;
		}
	}
	if (st == SSA_OK) {
		what = "reducibility";
		st = cfg_is_reducible(&p->cfg, &red);
	}
	if (st == SSA_OK && red) {
		what = "pruned pipeline";
		st = rename_compute(algo_find(rename_algos, rename_nalgos, "rename-stack"), p, &dt,
				    &want, NULL);
	}
	if (st != SSA_OK) {
		snprintf(msg, msglen, "%s: %s", what, ssa_status_str(st));
		goto out;
	}
	if (red) {
		if (!ssa_form_equal(&want, s, d, sizeof d)) {
			snprintf(msg, msglen, "%s; reducible CFG but the form differs from pruned "
				 "SSA (auto + %s + rename-stack): %s", m, phi_default_algo()->head.name, d);
			st = SSA_EVERIFY;
			goto out;
		}
		snprintf(msg, msglen, "%s + form = pruned pipeline's (reducible)", m);
	} else {
		uint64_t pruned = ps.total;
		if (s->nphi < pruned) {
			snprintf(msg, msglen, "%s; %" PRIu32 " phis, fewer than pruned SSA's %" PRIu64,
				 m, s->nphi, pruned);
			st = SSA_EVERIFY;
			goto out;
		}
		snprintf(msg, msglen, "%s + %" PRIu32 " phis >= pruned SSA's %" PRIu64
			 " (irreducible: no form oracle)", m, s->nphi, pruned);
	}
out:
	ssa_form_free(&want);
	phi_sets_free(&ps);
	domtree_free(&dt);
	return st;
}
