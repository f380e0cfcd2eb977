/* Every generator family at several sizes and seeds: each renamer, over minimal, semi-pruned and
 * pruned placement from phi-dj (and phi-idf's identical sets), passes the verifier and the
 * interpreter and agrees with rename-stack; phi-maximal with both rules equals pruned SSA on the
 * reducible ones and contains it on the others. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/reducible.h"
#include "gen/gen.h"
#include "phi/phi.h"
#include "support/ssa_progs.h"

static int make_tree(const struct prog *p, struct domtree *t)
{
	return dom_tree_default(&p->cfg, t);
}

static void check_family(const char *family, uint64_t blocks, uint64_t seed, uint32_t vars)
{
	struct prog p;
	struct domtree t;
	char msg[600], why[600];
	int rc = sp_family_prog(&p, family, blocks, seed, vars, 0);
	cr_assert_eq(rc, SSA_OK, "%s n=%llu seed %llu: gen: %s", family, (unsigned long long)blocks,
		     (unsigned long long)seed, ssa_status_str(rc));
	cr_assert_eq(make_tree(&p, &t), SSA_OK);
	struct phi_sets pruned = {0};
	for (int f = PHI_MINIMAL; f <= PHI_PRUNED; f++) {
		struct phi_sets ps = {0};
		rc = phi_place_prog(algo_find(phi_algos, phi_nalgos, "phi-dj"), &p, NULL, (enum phi_flavor)f, &ps);
		cr_assert_eq(rc, SSA_OK, "%s: placement: %s", family, ssa_status_str(rc));
		struct ssa_form ref;
		rc = sp_rename_checked(&p, &t, &ps, rename_algos[0], seed, &ref, msg, sizeof(msg));
		cr_assert_eq(rc, SSA_OK, "%s n=%llu seed %llu %s: %s", family,
			     (unsigned long long)blocks, (unsigned long long)seed,
			     phi_flavor_name((enum phi_flavor)f), msg);
		for (size_t a = 1; a < rename_nalgos; a++) {
			struct ssa_form s;
			rc = sp_rename_checked(&p, &t, &ps, rename_algos[a], seed, &s, msg, sizeof(msg));
			cr_assert_eq(rc, SSA_OK, "%s n=%llu seed %llu %s: %s", family,
				     (unsigned long long)blocks, (unsigned long long)seed,
				     phi_flavor_name((enum phi_flavor)f), msg);
			cr_assert(ssa_form_equal(&ref, &s, why, sizeof(why)),
				  "%s n=%llu seed %llu %s: %s vs rename-stack: %s", family,
				  (unsigned long long)blocks, (unsigned long long)seed,
				  phi_flavor_name((enum phi_flavor)f), rename_algos[a]->head.name, why);
			ssa_form_free(&s);
		}
		ssa_form_free(&ref);
		if (f == PHI_PRUNED)
			pruned = ps;
		else
			phi_sets_free(&ps);
	}
	bool red;
	cr_assert_eq(cfg_is_reducible(&p.cfg, &red), SSA_OK);
	struct phi_maximal_opts o = {.prune_redundant = true, .prune_dead = true};
	struct ssa_form m;
	struct phi_maximal_stats st;
	rc = phi_maximal(&p, &t, &o, UINT64_C(1) << 30, &m, &st);
	cr_assert_eq(rc, SSA_OK, "%s: phi-maximal: %s", family, ssa_status_str(rc));
	cr_assert_eq(ssa_verify(&p, &t, &m, msg, sizeof(msg)), SSA_OK, "%s: maximal: %s", family, msg);
	cr_assert_eq(ssa_check_reaching(&p, &t, &m, msg, sizeof(msg)), SSA_OK, "%s: maximal: %s",
		     family, msg);
	struct ssa_interp_opts io = {.seed = seed, .walks = 10, .max_len = 2 * p.cfg.n + 8,
				     .cover = true};
	struct ssa_interp_stats is;
	cr_assert_eq(ssa_interp_check(&p, &m, &io, &is, msg, sizeof(msg)), SSA_OK,
		     "%s: maximal: %s", family, msg);
	cr_assert_eq(is.static_covered, is.static_uses, "%s n=%llu: %llu/%llu reachable static uses",
		     family, (unsigned long long)blocks, (unsigned long long)is.static_covered,
		     (unsigned long long)is.static_uses);
	struct phi_sets pm;
	cr_assert_eq(ssa_form_phi_sets(&m, &pm), SSA_OK);
	cr_assert(sp_phi_subset(&pruned, &pm), "%s n=%llu seed %llu: maximal lost a pruned phi",
		  family, (unsigned long long)blocks, (unsigned long long)seed);
	if (red)
		cr_assert(sp_phi_equal(&pruned, &pm),
			  "%s n=%llu seed %llu: reducible, maximal+pruning %llu phis, pruned %llu",
			  family, (unsigned long long)blocks, (unsigned long long)seed,
			  (unsigned long long)pm.total, (unsigned long long)pruned.total);
	ssa_phi_sets_release(&pm);
	ssa_form_free(&m);
	phi_sets_free(&pruned);
	domtree_free(&t);
	prog_free(&p);
}

Test(rename_families, every_family_sizes_and_seeds)
{
	static const uint64_t sizes[] = {12, 100, 1000};
	unsigned runs = 0;
	for (size_t f = 0; f < gen_nfamilies; f++)
		for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++)
			for (uint64_t seed = 1; seed <= 3; seed++) {
				check_family(gen_families[f].name, sizes[k], seed, 8);
				runs++;
			}
	cr_assert_eq(runs, gen_nfamilies * 9);
}
