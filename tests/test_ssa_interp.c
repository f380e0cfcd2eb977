/* Interpreter coverage: with opts.cover the directed walks execute every use in a block
 * reachable from the entry (counted once per static use), where the random walks alone leave
 * most of a long chain or a wide graph unexecuted; a budget bounds the work and the stats say
 * what it reached. */
#include <criterion/criterion.h>

#include "gen/gen.h"
#include "support/ssa_progs.h"

static void renamed(struct prog *p, struct domtree *t, struct phi_sets *ps, struct ssa_form *s)
{
	char msg[600];
	cr_assert_eq(sp_domtree(&p->cfg, t), SSA_OK);
	cr_assert_eq(phi_place_prog(algo_find(phi_algos, phi_nalgos, "phi-dj"), p, NULL, PHI_MINIMAL, ps), SSA_OK);
	cr_assert_eq(ssa_form_layout(s, p, ps), SSA_OK);
	cr_assert_eq(rename_compute(rename_algos[0], p, t, s, NULL), SSA_OK);
	cr_assert_eq(ssa_verify(p, t, s, msg, sizeof msg), SSA_OK, "%s", msg);
}

static uint64_t reachable_uses(const struct prog *p, const struct domtree *t)
{
	uint64_t k = 0;
	for (uint32_t b = 0; b < p->cfg.n; b++)
		if (t->tin[b] != SSA_NONE)
			for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
				k += !prog_op_is_def(p->ops[i]);
	return k;
}

static void gen_prog_of(const char *family, uint64_t blocks, uint32_t vars, struct prog *p)
{
	struct gen_params gp;
	gen_params_default(&gp);
	gp.family = family;
	gp.blocks = blocks;
	gp.seed = 3;
	gp.vars = vars;
	struct cfg g;
	struct gen_info info;
	cr_assert_eq(gen_cfg(&gp, &g, &info), SSA_OK, "%s", info.note);
	cr_assert_eq(gen_prog(&gp, &g, p), SSA_OK);
}

Test(ssa_interp, chain_every_reachable_use_covered)
{
	struct prog p;
	struct domtree t;
	struct phi_sets ps = {0};
	struct ssa_form s = {0};
	gen_prog_of("chain", 20000, 4, &p);
	renamed(&p, &t, &ps, &s);
	char msg[300];
	struct ssa_interp_opts o = {.seed = 1, .walks = 8, .max_len = 64};
	struct ssa_interp_stats st;
	cr_assert_eq(ssa_interp_check(&p, &s, &o, &st, msg, sizeof msg), SSA_OK, "%s", msg);
	cr_assert_eq(st.static_uses, 0); /* not counted without cover */
	o.cover = true;
	cr_assert_eq(ssa_interp_check(&p, &s, &o, &st, msg, sizeof msg), SSA_OK, "%s", msg);
	cr_assert_gt(st.static_uses, 0);
	cr_assert_eq(st.static_uses, reachable_uses(&p, &t));
	cr_assert_eq(st.static_covered, st.static_uses, "%llu/%llu",
		     (unsigned long long)st.static_covered, (unsigned long long)st.static_uses);
	cr_assert_geq(st.restarts, 1);
	ssa_form_free(&s);
	phi_sets_free(&ps);
	domtree_free(&t);
	prog_free(&p);
}

Test(ssa_interp, random_programs_every_reachable_use_covered)
{
	char msg[300];
	for (uint64_t seed = 1; seed <= 200; seed++) {
		struct prog p;
		struct domtree t;
		struct phi_sets ps = {0};
		struct ssa_form s = {0};
		cr_assert_eq(sp_random_prog(&p, seed, 2 + (uint32_t)(seed % 60), 3, 3), SSA_OK);
		renamed(&p, &t, &ps, &s);
		struct ssa_interp_opts o = {.seed = seed, .walks = 1, .max_len = 3, .cover = true};
		struct ssa_interp_stats st;
		cr_assert_eq(ssa_interp_check(&p, &s, &o, &st, msg, sizeof msg), SSA_OK, "%s", msg);
		cr_assert_eq(st.static_uses, reachable_uses(&p, &t), "seed %llu",
			     (unsigned long long)seed);
		cr_assert_eq(st.static_covered, st.static_uses, "seed %llu: %llu/%llu",
			     (unsigned long long)seed, (unsigned long long)st.static_covered,
			     (unsigned long long)st.static_uses);
		ssa_form_free(&s);
		phi_sets_free(&ps);
		domtree_free(&t);
		prog_free(&p);
	}
}

Test(ssa_interp, budget_bounds_the_directed_walks)
{
	struct prog p;
	struct domtree t;
	struct phi_sets ps = {0};
	struct ssa_form s = {0};
	gen_prog_of("random", 5000, 4, &p);
	renamed(&p, &t, &ps, &s);
	char msg[300];
	struct ssa_interp_opts o = {.seed = 1, .walks = 1, .max_len = 4, .cover = true,
				    .cover_budget = 1};
	struct ssa_interp_stats st;
	cr_assert_eq(ssa_interp_check(&p, &s, &o, &st, msg, sizeof msg), SSA_OK, "%s", msg);
	cr_assert_lt(st.static_covered, st.static_uses);
	cr_assert_eq(st.restarts, 1); /* the first directed walk spends the budget */
	ssa_form_free(&s);
	phi_sets_free(&ps);
	domtree_free(&t);
	prog_free(&p);
}

Test(ssa_interp, directed_walk_catches_a_wrong_use_random_walks_miss)
{
	/* The wrong use sits at the end of a long chain that 4-block walks never reach. */
	struct prog p;
	struct domtree t;
	struct phi_sets ps = {0};
	struct ssa_form s = {0};
	gen_prog_of("chain", 3000, 2, &p);
	renamed(&p, &t, &ps, &s);
	uint32_t last = SSA_NONE;
	for (uint32_t i = p.nops; i-- > 0;)
		if (!prog_op_is_def(p.ops[i]) && s.opval[i] != SSA_UNDEF) {
			last = i;
			break;
		}
	cr_assert_neq(last, SSA_NONE);
	s.opval[last] = SSA_UNDEF;
	char msg[300];
	struct ssa_interp_opts o = {.seed = 1, .walks = 4, .max_len = 4};
	struct ssa_interp_stats st;
	cr_assert_eq(ssa_interp_check(&p, &s, &o, &st, msg, sizeof msg), SSA_OK);
	o.cover = true;
	cr_assert_eq(ssa_interp_check(&p, &s, &o, &st, msg, sizeof msg), SSA_EVERIFY);
	cr_assert(strstr(msg, "reads undef"), "%s", msg);
	ssa_form_free(&s);
	phi_sets_free(&ps);
	domtree_free(&t);
	prog_free(&p);
}
