/* The library checks bench's loops stage relies on (algos/loops/oracle.c): they accept
 * Havlak's forest on every family, and each of them rejects a forest with one field wrong, so
 * neither is a check that cannot fail. */
#include <criterion/criterion.h>

#include "gen/gen.h"
#include "loops/loops.h"
#include "util/status.h"

#include <stdio.h>
#include <string.h>

static void build(const char *family, uint64_t blocks, struct cfg *g, struct loop_forest *f)
{
	struct gen_params gp;
	struct gen_info info;
	gen_params_default(&gp);
	gp.family = family;
	gp.blocks = blocks;
	gp.seed = 5;
	cr_assert_eq(gen_cfg(&gp, g, &info), SSA_OK, "%s", family);
	cr_assert_eq(loop_forest_alloc(f, g->n), SSA_OK);
	cr_assert_eq(loops_compute(loops_algos[0], g, f, NULL), SSA_OK);
}

Test(loops_oracle, accepts_havlak_on_every_family)
{
	static const char *const fam[] = {"structured", "random", "ladder", "repeat-until",
					  "irreducible", "switch", "itworst", "idfsquad",
					  "sncaworst", "chain", "dense"};
	char msg[256];
	for (size_t i = 0; i < sizeof fam / sizeof *fam; i++) {
		struct cfg g;
		struct loop_forest f;
		build(fam[i], 400, &g, &f);
		cr_expect_eq(loops_oracle_check(&g, &f, msg, sizeof msg), SSA_OK, "%s: %s", fam[i], msg);
		cr_expect_eq(loops_facts_check(&g, &f, msg, sizeof msg), SSA_OK, "%s: %s", fam[i], msg);
		loop_forest_free(&f);
		cfg_free(&g);
	}
}

Test(loops_oracle, refuses_large_graphs_but_facts_run)
{
	struct cfg g;
	struct loop_forest f;
	char msg[256];
	build("irreducible", LOOPS_ORACLE_MAX_BLOCKS + 100, &g, &f);
	cr_expect_eq(loops_oracle_check(&g, &f, msg, sizeof msg), SSA_ETOOBIG);
	cr_expect_eq(loops_facts_check(&g, &f, msg, sizeof msg), SSA_OK, "%s", msg);
	loop_forest_free(&f);
	cfg_free(&g);
}

/* One field of a correct forest broken at a time; which checks must notice it. */
Test(loops_oracle, rejects_a_forest_with_one_field_wrong)
{
	struct cfg g;
	struct loop_forest f;
	char msg[256];
	build("structured", 600, &g, &f);
	cr_assert(f.nloops > 3);
	uint32_t l = 1;
	for (int field = 0; field < 6; field++) {
		uint32_t *p = NULL, old;
		bool facts_see = false;
		switch (field) {
		case 0: p = &f.nloops; facts_see = true; break;
		case 1: p = &f.depth[l]; facts_see = true; break;
		case 2: p = &f.nblocks[l]; break;
		case 3: p = &f.entries[l]; facts_see = true; break; /* makes it irreducible */
		case 4: p = &f.header[l]; facts_see = true; break;
		case 5: p = &f.block_loop[f.header[f.nloops - 1]]; facts_see = true; break;
		}
		old = *p;
		*p = field == 0 ? old - 1 : field == 4 ? 0 : field == 5 ? SSA_NONE : old + 1;
		cr_expect_eq(loops_oracle_check(&g, &f, msg, sizeof msg), SSA_EVERIFY, "field %d", field);
		if (facts_see)
			cr_expect_eq(loops_facts_check(&g, &f, msg, sizeof msg), SSA_EVERIFY, "field %d",
				     field);
		*p = old;
	}
	cr_expect_eq(loops_oracle_check(&g, &f, msg, sizeof msg), SSA_OK, "%s", msg);
	loop_forest_free(&f);
	cfg_free(&g);
}

/* loops_forest_check, the loops stage's check: the definition's message then the facts' below
 * the oracle's limit, the facts' alone and why above it, and a wrong forest rejected. */
Test(loops_oracle, forest_check_joins_both)
{
	struct cfg g;
	struct loop_forest f;
	char msg[600], oracle[256], facts[256], want[600];
	build("structured", 600, &g, &f);
	cr_assert_eq(loops_oracle_check(&g, &f, oracle, sizeof oracle), SSA_OK);
	cr_assert_eq(loops_facts_check(&g, &f, facts, sizeof facts), SSA_OK);
	snprintf(want, sizeof want, "%s; %s", oracle, facts);
	cr_assert_eq(loops_forest_check(&g, &f, msg, sizeof msg), SSA_OK);
	cr_expect_str_eq(msg, want);
	f.nloops--;
	cr_assert_eq(loops_facts_check(&g, &f, facts, sizeof facts), SSA_EVERIFY);
	cr_expect_eq(loops_forest_check(&g, &f, msg, sizeof msg), SSA_EVERIFY);
	cr_expect_str_eq(msg, facts);
	loop_forest_free(&f);
	cfg_free(&g);
	build("irreducible", LOOPS_ORACLE_MAX_BLOCKS + 100, &g, &f);
	cr_assert_eq(loops_facts_check(&g, &f, facts, sizeof facts), SSA_OK);
	snprintf(want, sizeof want, "%s (above 4096 blocks: no brute-force definition)", facts);
	cr_assert_eq(loops_forest_check(&g, &f, msg, sizeof msg), SSA_OK);
	cr_expect_str_eq(msg, want);
	loop_forest_free(&f);
	cfg_free(&g);
}
