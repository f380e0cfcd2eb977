/* The round trip of one translation, as the bench stage runs it: a program with copies, its SSA
 * form (optionally copy-propagated) and whether that is conventional; then a translation's
 * output checked against the source by the equivalence interpreter. */
#include "destruct/destruct.h"
#include "dom/dom.h"

#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <string.h>

int destruct_trip_build(struct destruct_trip *t, const struct prog *p, uint64_t seed,
			enum phi_flavor flavor, bool copy_prop, const char **what)
{
	t->seed = seed;
	t->copy_prop = copy_prop;
	struct cprog_copy_opts co = {.seed = seed,
				     .copy_permille = DESTRUCT_COPY_PERMILLE,
				     .par_permille = DESTRUCT_PAR_PERMILLE};
	*what = "program with copies";
	int st = cprog_from_prog(p, &co, &t->src);
	t->have_src = st == SSA_OK;
	if (st == SSA_OK) {
		*what = "SSA construction";
		st = cprog_build_ssa(&t->src, NULL, flavor, NULL, &t->ssa, &t->dt);
		t->have_ssa = st == SSA_OK;
	}
	if (st == SSA_OK && copy_prop) {
		*what = "copy propagation";
		st = cprog_copy_propagate(&t->ssa, &t->propagated);
	}
	if (st == SSA_OK) {
		struct ssa_live L;
		*what = "CSSA check";
		st = ssa_live_build(&L, &t->ssa, &t->dt, 0);
		if (st == SSA_OK) {
			st = cssa_check(&t->ssa, &L, &t->cssa);
			ssa_live_free(&L);
		}
	}
	return st;
}

void destruct_trip_free(struct destruct_trip *t)
{
	if (t->have_ssa)
		cprog_free(&t->ssa);
	if (t->have_src)
		cprog_free(&t->src);
	domtree_free(&t->dt);
}

int destruct_trip_check(const struct destruct_trip *t, const struct destruct_algo *a,
			const struct cprog *out, uint32_t walks, char *msg, size_t msglen)
{
	char m[320], why[200];
	char input[160];
	const char *kind = t->cssa.conventional ? "conventional" : "non-conventional";
	if (t->copy_prop)
		snprintf(input, sizeof input, "input %s SSA (%" PRIu32 " phis, %" PRIu64
			 " copies propagated)", kind, t->ssa.nphi, t->propagated);
	else
		snprintf(input, sizeof input, "input %s SSA (%" PRIu32 " phis, copies kept)", kind,
			 t->ssa.nphi);
	int st = cprog_check(out, false, why, sizeof why);
	if (st != SSA_OK || out->nphi) {
		snprintf(msg, msglen, "malformed output: %s", st != SSA_OK ? why : "phis remain");
		return SSA_EVERIFY;
	}
	struct cprog_interp_opts o = {.seed = t->seed, .walks = walks, .max_len = DESTRUCT_WALK_LEN,
				      .cover = true};
	uint32_t reach = t->dt.nreach;
	if (o.walks > UINT32_MAX - reach)
		o.walks = UINT32_MAX;
	else
		o.walks += reach;
	struct cprog_interp_stats is;
	st = cprog_interp_compare(&t->src, out, &o, &is, m, sizeof m);
	if (st == SSA_EVERIFY) {
		snprintf(msg, msglen, "%s%s; the program out of SSA differs from the source: %s", input,
			 a->needs_cssa && !t->cssa.conventional ?
				 ": this method is correct only on conventional SSA" : "", m);
		return st;
	}
	if (st != SSA_OK) {
		snprintf(msg, msglen, "interpreter: %s: %s", ssa_status_str(st), m);
		return st;
	}
	snprintf(msg, msglen, "%s; interpreter: destroyed program = source (%" PRIu32
		 " walks, %" PRIu64 " blocks, %" PRIu64 " uses compared, %" PRIu64 " of %" PRIu32
		 " reachable blocks covered)",
		 input, o.walks, is.blocks, is.uses, is.covered, reach);
	return SSA_OK;
}

uint64_t destruct_trip_bound_bytes(const struct destruct_algo *a, const struct prog *p)
{
	const struct cfg *g = &p->cfg;
	uint64_t joins, args;
	cfg_joins(g, false, &joins, &args);
	/* Ops with copies: at most one copy and one 3-member parallel copy per op. */
	uint64_t ops = ssa_bytes(p->nops, 5);
	uint64_t nvars = ssa_sat_add(p->nvars, ops);
	uint64_t nphi = ssa_bytes(joins, p->nvars), nargs = ssa_bytes(args, p->nvars);
	uint64_t cap = ssa_bytes(ssa_sat_add(g->n, ops), 2);
	if (nphi > cap)
		nphi = cap;
	if (nargs > ssa_bytes(cap, 4))
		nargs = ssa_bytes(cap, 4);
	uint64_t b = ssa_bytes(cprog_bytes(g->n, ops, nphi, nargs), 3);
	b = ssa_sat_add(b, dom_tree_default_bytes(g->n, g->m));
	/* cprog_build_ssa's lowered program, placement and form */
	b = ssa_sat_add(b, ssa_form_bytes(g->n, ops, nphi, nargs));
	b = ssa_sat_add(b, var_blocks_bytes(g->n, p->nvars, ops));
	/* the CSSA check's liveness: per name, and live-out pairs guessed at n words */
	b = ssa_sat_add(b, ssa_sat_add(ssa_bytes(nvars, 24), ssa_bytes(g->n, 12)));
	return ssa_sat_add(b, a->scratch_bytes(g->n, g->m, nvars, ops, nphi, nargs));
}
