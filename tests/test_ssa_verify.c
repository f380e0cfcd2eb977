/* The verifier and the interpreter reject broken SSA: each mutation of a correct form is caught
 * with a message naming the problem. And the layout into an earlier form's arrays
 * (ssa_form_relayout) gives a fresh layout's words. */
#include <criterion/criterion.h>

#include "support/ssa_fixture.h"

/* Diamond with a loop: 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 1, 3 -> 4. v0 defined in 0 and 2,
 * used in 1, 3, 4; v1 defined in 1, used in 4. */
static const char *cfgtext = "5: 0>1 0>2 1>3 2>3 3>1 3>4";
static const char *opstext = "0: d0; 1: u0 d1; 2: u0 d0; 3: u0; 4: u0 u1";

static void setup_fx(struct sp_fixture *f)
{
	sp_fixture_setup(f, cfgtext, 2, opstext);
}

static void expect_reject(struct sp_fixture *f, const char *needle)
{
	char msg[300];
	cr_assert_eq(ssa_verify(&f->p, &f->t, &f->s, msg, sizeof(msg)), SSA_EVERIFY,
		     "verifier accepted a broken form (expected: %s)", needle);
	cr_assert(strstr(msg, needle), "message \"%s\" lacks \"%s\"", msg, needle);
}

static uint32_t op_at(const struct prog *p, uint32_t b, uint32_t k)
{
	return p->op_off[b] + k;
}

Test(ssa_verify, accepts_the_correct_form)
{
	struct sp_fixture f;
	setup_fx(&f);
	char msg[300];
	cr_assert_eq(ssa_verify(&f.p, &f.t, &f.s, msg, sizeof(msg)), SSA_OK, "%s", msg);
	sp_fixture_free(&f);
}

Test(ssa_verify, use_not_dominated)
{
	struct sp_fixture f;
	setup_fx(&f);
	/* The use in 3 reads the definition in 2, which does not dominate 3. */
	f.s.opval[op_at(&f.p, 3, 0)] = op_at(&f.p, 2, 1);
	expect_reject(&f, "does not dominate");
	struct ssa_interp_opts io = {.seed = 3, .walks = 50, .max_len = 30};
	struct ssa_interp_stats st;
	char msg[300];
	cr_assert_eq(ssa_interp_check(&f.p, &f.s, &io, &st, msg, sizeof(msg)), SSA_EVERIFY);
	sp_fixture_free(&f);
}

Test(ssa_verify, use_before_def_in_same_block)
{
	struct sp_fixture f;
	setup_fx(&f);
	/* The use in 2 reads the definition that follows it. */
	f.s.opval[op_at(&f.p, 2, 0)] = op_at(&f.p, 2, 1);
	expect_reject(&f, "does not dominate");
	sp_fixture_free(&f);
}

Test(ssa_verify, wrong_variable)
{
	struct sp_fixture f;
	setup_fx(&f);
	f.s.opval[op_at(&f.p, 4, 1)] = op_at(&f.p, 0, 0); /* v1's use reads v0's definition */
	expect_reject(&f, "of v0");
	sp_fixture_free(&f);
}

Test(ssa_verify, reads_a_use)
{
	struct sp_fixture f;
	setup_fx(&f);
	f.s.opval[op_at(&f.p, 4, 0)] = op_at(&f.p, 3, 0);
	expect_reject(&f, "a use");
	sp_fixture_free(&f);
}

Test(ssa_verify, definition_not_its_own_value)
{
	struct sp_fixture f;
	setup_fx(&f);
	f.s.opval[op_at(&f.p, 0, 0)] = SSA_UNDEF;
	expect_reject(&f, "not its own value");
	sp_fixture_free(&f);
}

Test(ssa_verify, phi_operand_not_dominating_predecessor)
{
	struct sp_fixture f;
	setup_fx(&f);
	/* φ of v0 at 3 (preds 1, 2): the operand for the edge from 1 becomes 2's definition. */
	uint32_t q = SSA_NONE;
	for (uint32_t k = f.s.phi_off[3]; k < f.s.phi_off[4]; k++)
		if (f.s.phi_var[k] == 0)
			q = k;
	cr_assert_neq(q, SSA_NONE);
	f.s.arg[f.s.arg_off[q]] = op_at(&f.p, 2, 1);
	expect_reject(&f, "does not dominate the end of block 1");
	struct ssa_interp_opts io = {.seed = 3, .walks = 50, .max_len = 30};
	struct ssa_interp_stats st;
	char msg[300];
	cr_assert_eq(ssa_interp_check(&f.p, &f.s, &io, &st, msg, sizeof(msg)), SSA_EVERIFY);
	sp_fixture_free(&f);
}

Test(ssa_verify, out_of_range_value)
{
	struct sp_fixture f;
	setup_fx(&f);
	f.s.opval[op_at(&f.p, 1, 0)] = f.s.nops + f.s.nphi + 3;
	expect_reject(&f, "out of range");
	sp_fixture_free(&f);
}

Test(ssa_verify, two_phis_for_one_variable)
{
	struct sp_fixture f;
	setup_fx(&f);
	cr_assert_geq(f.s.phi_off[4] - f.s.phi_off[3], 1);
	/* Relabel: block 1 has φs for v0 and v1 (both defined in the loop); make both v0. */
	cr_assert_eq(f.s.phi_off[2] - f.s.phi_off[1], 2);
	f.s.phi_var[f.s.phi_off[1] + 1] = 0;
	expect_reject(&f, "two phis");
	sp_fixture_free(&f);
}

Test(ssa_verify, operand_count)
{
	struct sp_fixture f;
	setup_fx(&f);
	/* Shift one operand from the first φ to the second. */
	cr_assert_geq(f.s.nphi, 2);
	f.s.arg_off[1]--;
	expect_reject(&f, "operands, block has");
	sp_fixture_free(&f);
}

Test(ssa_verify, phi_in_wrong_block_record)
{
	struct sp_fixture f;
	setup_fx(&f);
	f.s.phi_block[0] = 4;
	expect_reject(&f, "listed in block");
	sp_fixture_free(&f);
}

/* The interpreter also catches a form that is well-formed but means something else: a use
 * reading a dominating but overwritten definition. */
Test(ssa_verify, interpreter_catches_stale_value)
{
	struct sp_fixture f;
	setup_fx(&f);
	char msg[300];
	/* In 4, v0's use reads the entry's definition instead of the φ at 3 (0 dominates 4). */
	f.s.opval[op_at(&f.p, 4, 0)] = op_at(&f.p, 0, 0);
	cr_assert_eq(ssa_verify(&f.p, &f.t, &f.s, msg, sizeof(msg)), SSA_OK, "%s", msg);
	struct ssa_interp_opts io = {.seed = 8, .walks = 100, .max_len = 40};
	struct ssa_interp_stats st;
	cr_assert_eq(ssa_interp_check(&f.p, &f.s, &io, &st, msg, sizeof(msg)), SSA_EVERIFY);
	cr_assert(strstr(msg, "use op"), "%s", msg);
	sp_fixture_free(&f);
}

static bool same_layout(const struct ssa_form *a, const struct ssa_form *b)
{
	return a->n == b->n && a->nvars == b->nvars && a->nops == b->nops && a->nphi == b->nphi &&
	       !memcmp(a->phi_off, b->phi_off, (a->n + 1) * sizeof(uint32_t)) &&
	       !memcmp(a->phi_var, b->phi_var, a->nphi * sizeof(uint32_t)) &&
	       !memcmp(a->phi_block, b->phi_block, a->nphi * sizeof(uint32_t)) &&
	       !memcmp(a->arg_off, b->arg_off, (a->nphi + 1) * sizeof(uint64_t));
}

Test(ssa_layout, relayout_equals_a_fresh_layout)
{
	struct ssa_form s = {0};
	for (uint64_t seed = 1; seed <= 300; seed++) {
		/* Programs of a few sizes, so some relayouts change n (the arrays are replaced). */
		uint32_t n = 1 + (uint32_t)(seed % 3) * 13, nvars = 1 + (uint32_t)(seed % 5);
		struct prog p;
		struct domtree t;
		if (sp_random_prog(&p, seed, n, nvars, 3) || sp_domtree(&p.cfg, &t))
			cr_assert_fail("seed %llu: program", (unsigned long long)seed);
		for (int pruned = 1; pruned >= 0; pruned--) {
			struct phi_sets ps;
			struct ssa_form fresh;
			if (sp_oracle_phis(&p, &t, pruned, &ps) || ssa_form_layout(&fresh, &p, &ps) ||
			    ssa_form_relayout(&s, &p, &ps))
				cr_assert_fail("seed %llu: layout", (unsigned long long)seed);
			if (!same_layout(&s, &fresh))
				cr_assert_fail("seed %llu pruned %d: relayout differs", (unsigned long long)seed,
					       pruned);
			ssa_form_free(&fresh);
			ssa_phi_sets_release(&ps);
		}
		domtree_free(&t);
		prog_free(&p);
	}
	ssa_form_free(&s);
	/* A placement that is not ascending is refused, and the form freed. */
	struct prog p;
	cr_assert_eq(sp_prog(&p, "3: 0>1 1>2 0>2", 1, "0: d0; 1: d0"), SSA_OK);
	uint64_t off[2] = {0, 2};
	uint32_t blk[2] = {2, 1};
	struct phi_sets bad = {.nvars = 1, .total = 2, .off = off, .blocks = blk};
	cr_assert_eq(ssa_form_relayout(&s, &p, &bad), SSA_EINPUT);
	cr_assert_null(s.phi_off);
	prog_free(&p);
}
