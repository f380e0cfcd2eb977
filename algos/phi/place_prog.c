/* From a program to its φ sets in one call, for callers that want one answer (phi.h). */
#include "df/df.h"
#include "dom/dom.h"
#include "phi/phi.h"
#include "util/mem.h"
#include "util/status.h"

int phi_place_prog(const struct phi_algo *a, const struct prog *p, const struct domtree *dt,
		   enum phi_flavor flavor, struct phi_sets *out)
{
	if (!a)
		a = phi_default_algo();
	const struct cfg *g = &p->cfg;
	struct domtree own = {0};
	struct var_blocks vb = {0};
	struct df_sets df = {0};
	int st = SSA_OK;
	if (!dt) {
		st = dom_tree_default(g, &own);
		dt = &own;
	}
	if (st == SSA_OK)
		st = var_blocks_build(&vb, p);
	if (st == SSA_OK && a->needs_df)
		st = df_compute(algo_find(df_algos, df_nalgos, "df-runner"), g, dt, DF_DEFAULT_LIMIT, &df, NULL);
	if (st == SSA_OK) {
		struct phi_input in = {.prog = p, .dt = dt, .vb = &vb, .df = &df, .live = NULL};
		st = phi_compute(a, &in, flavor, out, NULL);
	}
	df_sets_free(&df);
	var_blocks_free(&vb);
	domtree_free(&own);
	return st;
}

uint64_t phi_place_prog_bytes(const struct phi_algo *a, const struct prog *p, uint64_t scratch,
			      uint64_t nphi, uint64_t df_total)
{
	const struct cfg *g = &p->cfg;
	uint64_t vb = var_blocks_bytes(g->n, p->nvars, p->nops), df = 0, build = 0;
	if (a->needs_df) {
		const struct df_algo *r = algo_find(df_algos, df_nalgos, "df-runner");
		df = df_sets_bytes(g->n, df_total < DF_DEFAULT_LIMIT ? df_total : DF_DEFAULT_LIMIT);
		build = ssa_sat_add(r->scratch_bytes(g->n, g->m), df);
	}
	uint64_t run = ssa_sat_add(ssa_sat_add(df, scratch), phi_output_bytes(nphi, p->nvars));
	return ssa_sat_add(vb, build > run ? build : run);
}

int phi_upstream_build(struct phi_upstream *u, const struct phi_algo *a, const struct prog *p,
		       enum phi_flavor flavor, bool dataflow, uint64_t df_limit, const char **what)
{
	const struct cfg *g = &p->cfg;
	*what = "variable lists";
	int st = var_blocks_build(&u->vb, p);
	if (st == SSA_OK) {
		*what = "dominators";
		st = dom_tree_default(g, &u->dt);
	}
	if (st == SSA_OK && a->needs_df) {
		*what = "dominance frontiers (df-runner)";
		st = df_compute(algo_find(df_algos, df_nalgos, "df-runner"), g, &u->dt, df_limit,
				&u->df, NULL);
	}
	if (st == SSA_OK && flavor == PHI_PRUNED && dataflow) {
		*what = "dataflow liveness";
		uint64_t c[4];
		st = live_dataflow_alloc(&u->ld, g->n, p->nvars);
		if (st == SSA_OK)
			st = live_dataflow_run(&u->ld, p, c);
	}
	if (st == SSA_OK) {
		*what = "scratch";
		st = a->scratch_alloc(&u->scratch, g->n, p->nvars);
	}
	u->in = (struct phi_input){.prog = p, .dt = &u->dt, .vb = &u->vb,
				   .df = u->df.off ? &u->df : NULL,
				   .live = dataflow && u->ld.in ? &u->ld : NULL};
	return st;
}

void phi_upstream_free(struct phi_upstream *u, const struct phi_algo *a)
{
	if (u->scratch)
		a->scratch_free(u->scratch);
	domtree_free(&u->dt);
	var_blocks_free(&u->vb);
	df_sets_free(&u->df);
	live_dataflow_free(&u->ld);
}

uint64_t phi_upstream_bytes(const struct phi_algo *a, const struct prog *p, enum phi_flavor flavor,
			    bool dataflow, uint64_t df_limit, uint64_t scratch, uint64_t nphi,
			    uint64_t df_total)
{
	uint64_t n = p->cfg.n, m = p->cfg.m, V = p->nvars;
	uint64_t b = var_blocks_bytes(n, V, p->nops);
	uint64_t tree = domtree_bytes(n), peak = dom_tree_default_bytes(n, m), df = 0;
	if (a->needs_df) {
		const struct df_algo *r = algo_find(df_algos, df_nalgos, "df-runner");
		uint64_t rs = ssa_sat_add(tree, r->scratch_bytes(n, m));
		if (df_total > df_limit) /* refused after counting: the sets' offsets only */
			rs = ssa_sat_add(rs, ssa_array_bytes(n + 1, sizeof(uint64_t)));
		else
			rs = ssa_sat_add(rs, df = df_sets_bytes(n, df_total));
		peak = peak > rs ? peak : rs;
		if (df_total > df_limit)
			return ssa_sat_add(b, peak);
	}
	uint64_t kept = ssa_sat_add(tree, df);
	if (flavor == PHI_PRUNED && dataflow)
		kept = ssa_sat_add(kept, live_dataflow_bytes(n, V));
	kept = ssa_sat_add(ssa_sat_add(kept, scratch), phi_output_bytes(nphi, V));
	return ssa_sat_add(b, peak > kept ? peak : kept);
}

uint64_t live_upstream_bytes(bool dataflow, uint64_t n, uint64_t nvars, uint64_t nops)
{
	return ssa_sat_add(var_blocks_bytes(n, nvars, nops),
			   dataflow ? live_dataflow_bytes(n, nvars) : live_walk_bytes(n));
}

void phi_count_bounds(const struct prog *p, uint64_t df_limit, struct phi_counts *c)
{
	uint64_t joins, jedges;
	cfg_joins(&p->cfg, false, &joins, &jedges);
	c->nphi = ssa_bytes(joins, p->nvars);
	c->nargs = ssa_bytes(jedges, p->nvars);
	c->df_total = ssa_bytes(p->cfg.n, joins);
	if (c->df_total > df_limit)
		c->df_total = df_limit;
}

int phi_place_count(const struct prog *p, const struct domtree *dt, enum phi_flavor flavor,
		    uint64_t *nphi, uint64_t *nargs)
{
	struct phi_sets ps = {0};
	int st = phi_place_prog(NULL, p, dt, flavor, &ps);
	if (st == SSA_OK) {
		*nphi = ps.total;
		*nargs = phi_sets_operands(&ps, &p->cfg);
	}
	phi_sets_free(&ps);
	return st;
}

uint64_t phi_count_bytes(const struct prog *p, bool place)
{
	const struct cfg *g = &p->cfg;
	uint64_t tree = domtree_bytes(g->n), word = ssa_array_bytes(g->n, sizeof(uint32_t));
	uint64_t b = dom_tree_default_bytes(g->n, g->m);
	uint64_t count = ssa_sat_add(tree, word);
	b = b > count ? b : count;
	if (place) {
		uint64_t joins, jedges;
		cfg_joins(g, false, &joins, &jedges);
		struct phi_input pin = {.prog = p};
		const struct phi_algo *a = phi_default_algo();
		uint64_t pl = ssa_sat_add(tree, phi_place_prog_bytes(a, p, phi_scratch_bytes(a, &pin),
								    ssa_bytes(joins, p->nvars), 0));
		b = b > pl ? b : pl;
	}
	return b;
}
