/* A correct SSA form to break, for the suites that check what rejects broken forms
 * (test_ssa_verify.c, test_ssa_reaching.c): a program from text (sp_prog), its dominator
 * tree, the oracle's minimal φs and the form rename_algos[0] makes of them, checked by
 * sp_rename_checked. Header-only; include after criterion. */
#ifndef SSALAB_TEST_SSA_FIXTURE_H
#define SSALAB_TEST_SSA_FIXTURE_H

#include "support/ssa_progs.h"

struct sp_fixture {
	struct prog p;
	struct domtree t;
	struct phi_sets ps;
	struct ssa_form s;
};

static inline void sp_fixture_setup(struct sp_fixture *f, const char *cfg, uint32_t nvars,
				    const char *ops)
{
	char msg[600];
	cr_assert_eq(sp_prog(&f->p, cfg, nvars, ops), SSA_OK);
	cr_assert_eq(sp_domtree(&f->p.cfg, &f->t), SSA_OK);
	sp_oracle_phis(&f->p, &f->t, false, &f->ps);
	cr_assert_eq(sp_rename_checked(&f->p, &f->t, &f->ps, rename_algos[0], 1, &f->s, msg,
				       sizeof(msg)),
		     SSA_OK, "%s", msg);
}

static inline void sp_fixture_free(struct sp_fixture *f)
{
	ssa_form_free(&f->s);
	ssa_phi_sets_release(&f->ps);
	domtree_free(&f->t);
	prog_free(&f->p);
}

#endif
