/* The renaming stage's shared check (ssa_check_form) with a second renamer: it accepts every
 * renamer's form over the φ sets it was laid out from, the second renamer working over the
 * form's own layout, and rejects a form whose φs are not those of the sets it is given. */
#include <criterion/criterion.h>

#include "support/ssa_progs.h"

Test(rename_check, second_renamer_over_the_same_layout)
{
	char msg[600];
	uint32_t differ = 0;
	for (uint64_t seed = 1; seed <= 120; seed++) {
		struct prog p;
		struct domtree t;
		uint32_t n = 2 + (uint32_t)(seed % 60);
		cr_assert_eq(sp_random_prog(&p, seed, n, 1 + (uint32_t)(seed % 6), 4), SSA_OK);
		cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
		struct phi_sets minimal, pruned;
		sp_oracle_phis(&p, &t, false, &minimal);
		sp_oracle_phis(&p, &t, true, &pruned);
		for (size_t a = 0; a < rename_nalgos; a++) {
			const struct rename_algo *ra = rename_algos[a];
			const struct rename_algo *other = rename_algos[(a + 1) % rename_nalgos];
			struct ssa_form s;
			cr_assert_eq(sp_rename_checked(&p, &t, &minimal, ra, seed, &s, msg, sizeof msg),
				     SSA_OK, "%s", msg);
			cr_assert_eq(ssa_check_form(&p, &t, &s, &minimal, other, seed, 20, msg, sizeof msg),
				     SSA_OK, "seed %llu %s: %s", (unsigned long long)seed, ra->head.name,
				     msg);
			cr_assert(strstr(msg, other->head.name), "%s", msg);
			if (!sp_phi_equal(&minimal, &pruned)) {
				differ++;
				int st = ssa_check_form(&p, &t, &s, &pruned, other, seed, 20, msg,
							sizeof msg);
				cr_assert_eq(st, SSA_EVERIFY, "seed %llu: %s", (unsigned long long)seed,
					     msg);
				cr_assert(strstr(msg, "not those of the phi sets"), "%s", msg);
			}
			ssa_form_free(&s);
		}
		ssa_phi_sets_release(&minimal);
		ssa_phi_sets_release(&pruned);
		domtree_free(&t);
		prog_free(&p);
	}
	cr_assert_gt(differ, 10);
}
