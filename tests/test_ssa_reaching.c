/* The reaching-definition check (ssa_check_reaching): hand-broken forms that the dominance-only
 * verifier accepts are rejected (a use or φ operand reading a dominating but not the nearest
 * definition), and every renamer's output on random programs passes. */
#include <criterion/criterion.h>

#include "support/ssa_fixture.h"

/* Diamond with a loop: 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 1, 3 -> 4. */
static const char *cfgtext = "5: 0>1 0>2 1>3 2>3 3>1 3>4";
static const char *opstext = "0: d0; 1: u0 d1; 2: u0 d0; 3: u0; 4: u0 u1";

/* The fixture, whose correct form the reaching check accepts too. */
static void setup_fx(struct sp_fixture *f, const char *cfg, uint32_t nvars, const char *ops)
{
	char msg[600];
	sp_fixture_setup(f, cfg, nvars, ops);
	cr_assert_eq(ssa_check_reaching(&f->p, &f->t, &f->s, msg, sizeof(msg)), SSA_OK, "%s", msg);
}

/* The verifier accepts the mutation, the reaching check rejects it naming needle. */
static void expect_only_reaching_rejects(struct sp_fixture *f, const char *needle)
{
	char msg[400];
	cr_assert_eq(ssa_verify(&f->p, &f->t, &f->s, msg, sizeof(msg)), SSA_OK,
		     "the mutation should pass the dominance verifier: %s", msg);
	cr_assert_eq(ssa_check_reaching(&f->p, &f->t, &f->s, msg, sizeof(msg)), SSA_EVERIFY,
		     "reaching check accepted a use of a non-nearest definition");
	cr_assert(strstr(msg, needle), "message \"%s\" lacks \"%s\"", msg, needle);
}

static uint32_t phi_of(const struct ssa_form *s, uint32_t block, uint32_t var)
{
	for (uint32_t q = s->phi_off[block]; q < s->phi_off[block + 1]; q++)
		if (s->phi_var[q] == var)
			return q;
	cr_assert_fail("no phi of v%u at block %u", var, block);
	return 0;
}

Test(ssa_reaching, use_reads_dominating_but_not_nearest_def)
{
	struct sp_fixture f;
	setup_fx(&f, cfgtext, 2, opstext);
	uint32_t use = f.p.op_off[4]; /* u0 in block 4: nearest is the phi at 3 */
	cr_assert(ssa_value_is_phi(&f.s, f.s.opval[use]));
	f.s.opval[use] = f.p.op_off[0]; /* d0 of block 0 dominates block 4 */
	expect_only_reaching_rejects(&f, "nearest definition above it is p");
	sp_fixture_free(&f);
}

Test(ssa_reaching, phi_operand_reads_wrong_def)
{
	struct sp_fixture f;
	setup_fx(&f, cfgtext, 2, opstext);
	uint32_t q = phi_of(&f.s, 3, 0);
	/* operand for the edge 2 -> 3: block 3's predecessors are 1, 2 in that order */
	uint32_t slot = f.p.cfg.pred[f.p.cfg.pred_off[3]] == 2 ? 0 : 1;
	cr_assert_eq(f.s.arg[f.s.arg_off[q] + slot], f.p.op_off[2] + 1);
	f.s.arg[f.s.arg_off[q] + slot] = f.p.op_off[0]; /* d0 of block 0, not block 2's */
	expect_only_reaching_rejects(&f, "(edge from block 2) is d0");
	sp_fixture_free(&f);
}

Test(ssa_reaching, same_block_earlier_def)
{
	struct sp_fixture f;
	setup_fx(&f, "2: 0>1", 1, "0: d0 d0 u0; 1: u0");
	f.s.opval[2] = 0; /* the first d0, shadowed by the second */
	expect_only_reaching_rejects(&f, "use op 2 (v0, block 0) reads d0, but the nearest definition above it is d1");
	sp_fixture_free(&f);
}

Test(ssa_reaching, undef_where_a_def_reaches)
{
	struct sp_fixture f;
	setup_fx(&f, "2: 0>1", 1, "0: d0; 1: u0");
	f.s.opval[1] = SSA_UNDEF;
	char msg[300];
	cr_assert_eq(ssa_check_reaching(&f.p, &f.t, &f.s, msg, sizeof(msg)), SSA_EVERIFY);
	cr_assert(strstr(msg, "reads undef, but the nearest definition above it is d0"), "%s", msg);
	sp_fixture_free(&f);
}

Test(ssa_reaching, every_renamer_on_random_programs)
{
	char msg[600];
	for (uint64_t seed = 1; seed <= 300; seed++) {
		struct prog p;
		struct domtree t;
		uint32_t n = 2 + (uint32_t)(seed % 40);
		cr_assert_eq(sp_random_prog(&p, seed, n, 1 + (uint32_t)(seed % 5), 4), SSA_OK);
		cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
		for (int pruned = 0; pruned <= 1; pruned++) {
			struct phi_sets ps;
			sp_oracle_phis(&p, &t, pruned, &ps);
			for (size_t a = 0; a < rename_nalgos; a++) {
				struct ssa_form s;
				cr_assert_eq(sp_rename_checked(&p, &t, &ps, rename_algos[a], seed, &s, msg,
							       sizeof(msg)),
					     SSA_OK, "seed %llu: %s", (unsigned long long)seed, msg);
				cr_assert_eq(ssa_check_reaching(&p, &t, &s, msg, sizeof(msg)), SSA_OK,
					     "seed %llu %s: %s", (unsigned long long)seed,
					     rename_algos[a]->head.name, msg);
				ssa_form_free(&s);
			}
			ssa_phi_sets_release(&ps);
		}
		domtree_free(&t);
		prog_free(&p);
	}
}

/* The points listed a batch of variables at a time: the same verdict and message whatever the
 * budget (one variable per batch, a few, all at once), on correct forms and on forms with one
 * read changed, which the check must reject in whichever batch holds its variable. */
Test(ssa_reaching, batches_give_the_same_verdict)
{
	static const uint64_t budgets[] = {1, 3, 17, UINT64_MAX};
	char msg[600], msg2[600];
	uint32_t rejected = 0;
	for (uint64_t seed = 1; seed <= 200; seed++) {
		struct prog p;
		struct domtree t;
		uint32_t n = 2 + (uint32_t)(seed % 50), nvars = 1 + (uint32_t)(seed % 7);
		cr_assert_eq(sp_random_prog(&p, seed, n, nvars, 4), SSA_OK);
		cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
		struct phi_sets ps;
		sp_oracle_phis(&p, &t, (int)(seed & 1), &ps);
		struct ssa_form s;
		cr_assert_eq(sp_rename_checked(&p, &t, &ps, rename_algos[0], seed, &s, msg,
					       sizeof(msg)),
			     SSA_OK, "seed %llu: %s", (unsigned long long)seed, msg);
		struct ssa_rng r;
		ssa_rng_seed(&r, seed);
		for (int mutate = 0; mutate <= 1; mutate++) {
			if (mutate) {
				/* one read to undef or to another value */
				uint64_t nargs = s.arg_off[s.nphi], reads = nargs + s.nops;
				uint64_t k = ssa_rng_below(&r, reads);
				uint32_t to = ssa_rng_chance(&r, 1, 2) || !s.nops
						      ? SSA_UNDEF
						      : (uint32_t)ssa_rng_below(&r, s.nops);
				if (k < nargs)
					s.arg[k] = to;
				else if (!prog_op_is_def(p.ops[k - nargs]))
					s.opval[k - nargs] = to;
			}
			int want = ssa_check_reaching(&p, &t, &s, msg, sizeof(msg));
			rejected += want == SSA_EVERIFY;
			for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
				uint32_t nb = 0;
				int got = ssa_check_reaching_batched(&p, &t, &s, budgets[b], &nb, msg2,
								     sizeof(msg2));
				cr_assert_eq(got, want, "seed %llu budget %llu: %d, unbatched %d",
					     (unsigned long long)seed,
					     (unsigned long long)budgets[b], got, want);
				cr_assert_str_eq(msg2, msg, "seed %llu budget %llu",
						 (unsigned long long)seed,
						 (unsigned long long)budgets[b]);
				/* a variable per batch, those without points joining the one before */
				if (budgets[b] == 1 && want == SSA_OK)
					cr_assert(nb >= 1 && nb <= nvars, "seed %llu: %u batches",
						  (unsigned long long)seed, nb);
				if (budgets[b] == UINT64_MAX && want == SSA_OK)
					cr_assert_eq(nb, 1);
			}
		}
		ssa_form_free(&s);
		ssa_phi_sets_release(&ps);
		domtree_free(&t);
		prog_free(&p);
	}
	cr_assert_geq(rejected, 50, "only %u mutated forms rejected", rejected);
}

/* The default budget splits a program whose points outnumber the blocks: 64 variables over
 * structured code, with the same verdict as one batch. */
Test(ssa_reaching, default_budget_splits_large_programs)
{
	char msg[600], msg1[600];
	struct prog p;
	cr_assert_eq(sp_family_prog(&p, "structured", 3000, 1, 64, 0), SSA_OK);
	struct domtree t;
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	struct phi_sets ps;
	sp_oracle_phis(&p, &t, false, &ps);
	struct ssa_form s;
	cr_assert_eq(sp_rename_checked(&p, &t, &ps, rename_algos[0], 1, &s, msg, sizeof(msg)),
		     SSA_OK, "%s", msg);
	uint64_t points = s.nops + s.nphi + s.arg_off[s.nphi];
	cr_assert_gt(points, ssa_reaching_batch_points(p.cfg.n, p.nops, s.arg_off[s.nphi]),
		     "%llu points", (unsigned long long)points);
	for (int broken = 0; broken <= 1; broken++) {
		if (broken) /* the last use of the last variable reads undef */
			for (uint32_t i = p.nops; i-- > 0;)
				if (!prog_op_is_def(p.ops[i]) && prog_op_var(p.ops[i]) == 63 &&
				    s.opval[i] != SSA_UNDEF) {
					s.opval[i] = SSA_UNDEF;
					break;
				}
		uint32_t nb = 0, one = 0;
		int st = ssa_check_reaching_batched(&p, &t, &s, 0, &nb, msg, sizeof(msg));
		cr_assert_eq(st, broken ? SSA_EVERIFY : SSA_OK, "%s", msg);
		cr_assert_gt(nb, 1, "%u batches for %llu points", nb, (unsigned long long)points);
		cr_assert_eq(ssa_check_reaching_batched(&p, &t, &s, UINT64_MAX, &one, msg1,
							sizeof(msg1)),
			     st);
		cr_assert_eq(one, 1);
		cr_assert_str_eq(msg, msg1);
	}
	ssa_form_free(&s);
	ssa_phi_sets_release(&ps);
	domtree_free(&t);
	prog_free(&p);
}
