/* phi-maximal plus pruning, tested as the properties it is known for: after the redundant-φ
 * rule the φ set equals minimal SSA on reducible CFGs and contains it on irreducible ones (with
 * an example where it is strictly larger); after both rules it equals pruned SSA on reducible
 * CFGs; every result passes the verifier and the interpreter. */
#include <criterion/criterion.h>

#include "dom/reducible.h"
#include "support/ssa_progs.h"

static void maximal(const struct prog *p, const struct domtree *t, bool every, bool red, bool dead,
		    struct ssa_form *out, struct phi_maximal_stats *st)
{
	struct phi_maximal_opts o = {.every_block = every, .prune_redundant = red, .prune_dead = dead};
	cr_assert_eq(phi_maximal(p, t, &o, 0, out, st), SSA_OK);
	char msg[300];
	cr_assert_eq(ssa_verify(p, t, out, msg, sizeof(msg)), SSA_OK, "verifier: %s", msg);
	cr_assert_eq(ssa_check_reaching(p, t, out, msg, sizeof(msg)), SSA_OK, "reaching: %s", msg);
	struct ssa_interp_opts io = {.seed = 11, .walks = 20, .max_len = 4 * p->cfg.n + 8};
	struct ssa_interp_stats is;
	cr_assert_eq(ssa_interp_check(p, out, &io, &is, msg, sizeof(msg)), SSA_OK, "interp: %s", msg);
	cr_assert_eq(st->placed, st->removed_redundant + st->removed_dead + st->kept);
}

Test(rename_maximal, random_programs_properties)
{
	unsigned reducible_seen = 0, irreducible_seen = 0, strict_seen = 0;
	for (uint64_t seed = 1; seed <= 1200; seed++) {
		uint32_t n = 1 + (uint32_t)(seed % 31), nvars = 1 + (uint32_t)(seed % 3);
		struct prog p;
		struct domtree t;
		cr_assert_eq(sp_random_prog(&p, seed * 7919, n, nvars, 3), SSA_OK);
		cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
		bool red;
		cr_assert_eq(cfg_is_reducible(&p.cfg, &red), SSA_OK);
		struct phi_sets minimal, pruned;
		sp_oracle_phis(&p, &t, false, &minimal);
		sp_oracle_phis(&p, &t, true, &pruned);
		for (int every = 0; every < 2; every++) {
			struct ssa_form a, b;
			struct phi_maximal_stats sa, sb;
			maximal(&p, &t, every, true, false, &a, &sa);
			maximal(&p, &t, every, true, true, &b, &sb);
			struct phi_sets pa, pb;
			cr_assert_eq(ssa_form_phi_sets(&a, &pa), SSA_OK);
			cr_assert_eq(ssa_form_phi_sets(&b, &pb), SSA_OK);
			cr_assert(sp_phi_subset(&minimal, &pa),
				  "seed %llu n %u vars %u every %d: a minimal phi was removed",
				  (unsigned long long)seed, n, nvars, every);
			cr_assert(sp_phi_subset(&pruned, &pb),
				  "seed %llu n %u vars %u every %d: a pruned phi was removed",
				  (unsigned long long)seed, n, nvars, every);
			if (red) {
				cr_assert(sp_phi_equal(&minimal, &pa),
					  "seed %llu n %u vars %u every %d: reducible, redundant-phi "
					  "removal left %llu phis, minimal has %llu",
					  (unsigned long long)seed, n, nvars, every,
					  (unsigned long long)pa.total,
					  (unsigned long long)minimal.total);
				cr_assert(sp_phi_equal(&pruned, &pb),
					  "seed %llu n %u vars %u every %d: reducible, both rules left "
					  "%llu phis, pruned has %llu",
					  (unsigned long long)seed, n, nvars, every,
					  (unsigned long long)pb.total, (unsigned long long)pruned.total);
				/* Same φs, so the whole forms must be the same SSA. */
				struct ssa_form m;
				char msg[600];
				cr_assert_eq(sp_rename_checked(&p, &t, &minimal, rename_algos[0], seed, &m,
							       msg, sizeof(msg)),
					     SSA_OK, "%s", msg);
				cr_assert(ssa_form_equal(&m, &a, msg, sizeof(msg)), "seed %llu: %s",
					  (unsigned long long)seed, msg);
				ssa_form_free(&m);
			} else if (pa.total > minimal.total) {
				strict_seen++;
			}
			ssa_phi_sets_release(&pa);
			ssa_phi_sets_release(&pb);
			ssa_form_free(&a);
			ssa_form_free(&b);
		}
		if (red)
			reducible_seen++;
		else
			irreducible_seen++;
		ssa_phi_sets_release(&minimal);
		ssa_phi_sets_release(&pruned);
		domtree_free(&t);
		prog_free(&p);
	}
	/* The random programs must exercise both kinds of graph and the superset case. */
	cr_assert_gt(reducible_seen, 100);
	cr_assert_gt(irreducible_seen, 100);
	cr_assert_gt(strict_seen, 0);
}

/* The classic irreducible loop: 0 branches into either of 1 and 2, which jump to each other;
 * v is defined only in the entry. Minimal SSA needs no φ (one definition dominates all), but
 * maximal placement puts one at 1 and one at 2, each reading the entry's value and the other:
 * φ1 = φ(d, φ2), φ2 = φ(d, φ1), and φ3 = φ(φ1, φ2) at the exit. Each sees two distinct values,
 * so Aycock-Horspool's rule removes none: three φs where minimal SSA has none. */
Test(rename_maximal, irreducible_superset_example)
{
	struct prog p;
	struct domtree t;
	cr_assert_eq(sp_prog(&p, "4: 0>1 0>2 1>2 2>1 1>3 2>3", 1, "0: d0; 1: u0; 2: u0; 3: u0"),
		     SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	struct phi_sets minimal;
	sp_oracle_phis(&p, &t, false, &minimal);
	cr_assert_eq(minimal.total, 0);
	struct ssa_form a;
	struct phi_maximal_stats st;
	maximal(&p, &t, false, true, false, &a, &st);
	cr_assert_eq(st.placed, 3); /* joins 1, 2 and 3 */
	cr_assert_eq(st.removed_redundant, 0);
	cr_assert_eq(a.nphi, 3, "kept %u", a.nphi);
	cr_assert(a.phi_block[0] == 1 && a.phi_block[1] == 2 && a.phi_block[2] == 3);
	ssa_form_free(&a);
	/* Dead-φ elimination does not help: the uses in 1, 2 and 3 read them. */
	maximal(&p, &t, false, true, true, &a, &st);
	cr_assert_eq(a.nphi, 3);
	ssa_form_free(&a);
	ssa_phi_sets_release(&minimal);
	domtree_free(&t);
	prog_free(&p);
}

/* Counts on a loop: every-block placement puts φs in single-predecessor blocks too; all of them
 * are removed by the redundant rule; the dead rule removes the header φ of a variable never used
 * after its loop. */
Test(rename_maximal, counts_on_a_loop)
{
	struct prog p;
	struct domtree t;
	/* 0 -> 1 (header) -> 2 (body) -> 1, 1 -> 3; v0 used after the loop, v1 never used. */
	cr_assert_eq(sp_prog(&p, "4: 0>1 1>2 2>1 1>3", 2, "0: d0 d1; 2: d0 d1; 3: u0"), SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	struct ssa_form a;
	struct phi_maximal_stats st;
	maximal(&p, &t, true, true, false, &a, &st);
	cr_assert_eq(st.placed, 6);           /* blocks 1, 2, 3 x 2 variables */
	cr_assert_eq(st.removed_redundant, 4); /* those at 2 and 3 */
	cr_assert_eq(st.kept, 2);
	ssa_form_free(&a);
	maximal(&p, &t, true, true, true, &a, &st);
	cr_assert_eq(st.removed_dead, 1);
	cr_assert_eq(st.kept, 1);
	cr_assert_eq(a.phi_var[0], 0);
	ssa_form_free(&a);
	/* Without any rule, the maximal form itself is valid SSA (checked inside maximal()). */
	maximal(&p, &t, false, false, false, &a, &st);
	cr_assert_eq(st.kept, 2);
	ssa_form_free(&a);
	domtree_free(&t);
	prog_free(&p);
}

/* The memory estimate refuses before allocating. */
Test(rename_maximal, refuses_above_the_limit)
{
	struct prog p;
	struct domtree t;
	cr_assert_eq(sp_random_prog(&p, 5, 30, 8, 2), SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	struct phi_maximal_opts o = {.prune_redundant = true};
	struct ssa_form a;
	struct phi_maximal_stats st;
	uint64_t need = phi_maximal_bytes(&p, &o);
	cr_assert_gt(need, 0);
	cr_assert_eq(phi_maximal(&p, &t, &o, need - 1, &a, &st), SSA_ETOOBIG);
	cr_assert_eq(phi_maximal(&p, &t, &o, need, &a, &st), SSA_OK);
	ssa_form_free(&a);
	domtree_free(&t);
	prog_free(&p);
}
