/* What a renamer reads, built from a program in one call, and its memory (rename.h). */
#include "dom/dom.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/status.h"

#include <string.h>

int rename_input_build(const struct phi_algo *pa, const struct prog *p, enum phi_flavor flavor,
		       const struct rename_algo *ra, struct domtree *dt, struct phi_sets *ps,
		       struct ssa_form *s, void **scratch, const char **failed)
{
	if (!pa)
		pa = phi_default_algo();
	memset(ps, 0, sizeof *ps);
	memset(s, 0, sizeof *s);
	*failed = "dominators";
	int st = dom_tree_default(&p->cfg, dt);
	if (st == SSA_OK) {
		*failed = pa->head.name;
		st = phi_place_prog(pa, p, dt, flavor, ps);
	}
	if (st == SSA_OK) {
		*failed = "layout and scratch";
		st = ssa_form_layout(s, p, ps);
	}
	if (st == SSA_OK && ra)
		st = ra->scratch_alloc(scratch, p, s);
	return st;
}

uint64_t rename_input_bytes(const struct phi_algo *pa, const struct prog *p, uint64_t scratch,
			    uint64_t nphi, uint64_t nargs, uint64_t df_total, uint64_t *kept)
{
	const struct cfg *g = &p->cfg;
	uint64_t tree = domtree_bytes(g->n), peak = dom_tree_default_bytes(g->n, g->m);
	uint64_t place = ssa_sat_add(tree, phi_place_prog_bytes(pa ? pa : phi_default_algo(), p,
								scratch, nphi, df_total));
	peak = peak > place ? peak : place;
	/* the tree, the φ sets (offsets and blocks) and the form stay; layout's cursor beside */
	uint64_t sets = phi_sets_bytes(nphi, p->nvars);
	*kept = ssa_sat_add(ssa_sat_add(tree, sets), ssa_form_bytes(g->n, p->nops, nphi, nargs));
	uint64_t layout = ssa_sat_add(*kept, ssa_array_bytes(g->n, sizeof(uint32_t)));
	return peak > layout ? peak : layout;
}

uint64_t rename_stage_bytes(const struct rename_algo *ra, const struct phi_algo *pa,
			    const struct prog *p, uint64_t scratch, uint64_t nphi, uint64_t nargs,
			    uint64_t df_total)
{
	const struct cfg *g = &p->cfg;
	uint64_t kept, peak = rename_input_bytes(pa, p, scratch, nphi, nargs, df_total, &kept);
	uint64_t run = ssa_sat_add(kept, ra->scratch_bytes(g->n, g->m, p->nvars, p->nops, nphi));
	return peak > run ? peak : run;
}

const struct rename_algo *rename_second(const struct rename_algo *a)
{
	return algo_find(rename_algos, rename_nalgos,
			 a && !strcmp(a->head.name, "rename-stack") ? "rename-rd" : "rename-stack");
}
