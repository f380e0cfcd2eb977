/* Braun et al.'s on-the-fly construction (algos/construct/braun.c, both table entries): the seeds'
 * examples with their exact φs, the verifier and the interpreter on thousands of small random
 * programs and on every generator family, and the φ set against Cytron-style placement:
 *   - reducible CFGs: braun and braun-noscc both give exactly pruned SSA (minimal placement
 *     restricted to live-in blocks), and the whole form equals rename-stack's over that set;
 *   - irreducible CFGs: braun-noscc contains pruned SSA and may keep redundant φ groups; braun
 *     (with the SCC step) gives exactly pruned SSA as well.
 * Deep graphs (10^6-block chain and repeat-until nest) run without recursion; scratch reuse
 * gives the same form. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/reducible.h"
#include "gen/gen.h"
#include "phi/phi.h"
#include "construct/construct.h"
#include "support/ssa_progs.h"

static uint32_t phi_of(const struct ssa_form *s, uint32_t b, uint32_t var)
{
	for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
		if (s->phi_var[q] == var)
			return s->nops + q;
	return SSA_UNDEF;
}

static int big_tree(const struct prog *p, struct domtree *t)
{
	uint32_t *idom = malloc((size_t)p->cfg.n * sizeof(uint32_t));
	int rc = dom_compute(algo_find(dom_algos, dom_nalgos, "auto"), &p->cfg, idom, NULL);
	if (rc == SSA_OK)
		rc = domtree_build(t, idom, p->cfg.n, 0);
	free(idom);
	return rc;
}

/* Constructs with a, then verifier and interpreter; msg says what failed. */
static int build_checked(const struct prog *p, const struct domtree *t,
			 const struct construct_algo *a, uint64_t seed, struct ssa_form *s,
			 uint64_t *counters, char *msg, size_t msglen)
{
	int rc = construct_compute(a, p, s, counters);
	if (rc != SSA_OK) {
		snprintf(msg, msglen, "%s: %s", a->head.name, ssa_status_str(rc));
		return rc;
	}
	char m[300];
	if ((rc = ssa_verify(p, t, s, m, sizeof m)) != SSA_OK) {
		snprintf(msg, msglen, "%s: verifier: %s", a->head.name, m);
		return rc;
	}
	struct ssa_interp_opts io = {.seed = seed, .walks = 20,
				     .max_len = p->cfg.n < 100000 ? 4 * p->cfg.n + 8 : 1u << 20};
	struct ssa_interp_stats st;
	if ((rc = ssa_interp_check(p, s, &io, &st, m, sizeof m)) != SSA_OK)
		snprintf(msg, msglen, "%s: interpreter: %s", a->head.name, m);
	return rc;
}

static const char *bb_cfg = "10: 0>1 1>2 1>4 2>3 3>2 3>8 4>5 4>6 5>7 6>7 7>8 8>9";
static const char *bb_ops = "1: d0; 2: u0 d0; 3: u0 d0; 5: u0 d0; 6: u0 d0; 7: u0; 8: u0";

/* The mem2reg article's bb1..bb8 (seed 000): φs at bb2, bb7, bb8 with the article's operands. */
Test(construct_braun, article_bb1_bb8)
{
	struct prog p;
	struct domtree t;
	char msg[600];
	cr_assert_eq(sp_prog(&p, bb_cfg, 1, bb_ops), SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	for (size_t a = 0; a < construct_nalgos; a++) {
		struct ssa_form s;
		uint64_t c[CONSTRUCT_MAX_COUNTERS];
		cr_assert_eq(build_checked(&p, &t, construct_algos[a], 1, &s, c, msg, sizeof msg),
			     SSA_OK, "%s", msg);
		cr_assert_eq(s.nphi, 3, "%s: %u phis", construct_algos[a]->head.name, s.nphi);
		uint32_t p2 = phi_of(&s, 2, 0), p7 = phi_of(&s, 7, 0), p8 = phi_of(&s, 8, 0);
		uint32_t d1 = p.op_off[1], d2 = p.op_off[2] + 1, d3 = p.op_off[3] + 1;
		uint32_t d5 = p.op_off[5] + 1, d6 = p.op_off[6] + 1;
		cr_assert(p2 != SSA_UNDEF && p7 != SSA_UNDEF && p8 != SSA_UNDEF);
		const uint32_t *arg = s.arg;
		cr_assert(arg[s.arg_off[p2 - s.nops]] == d1 && arg[s.arg_off[p2 - s.nops] + 1] == d3);
		cr_assert(arg[s.arg_off[p7 - s.nops]] == d5 && arg[s.arg_off[p7 - s.nops] + 1] == d6);
		cr_assert(arg[s.arg_off[p8 - s.nops]] == d3 && arg[s.arg_off[p8 - s.nops] + 1] == p7);
		cr_assert_eq(s.opval[p.op_off[2]], p2);
		cr_assert_eq(s.opval[p.op_off[3]], d2);
		cr_assert_eq(s.opval[p.op_off[5]], d1);
		cr_assert_eq(s.opval[p.op_off[7]], p7);
		cr_assert_eq(s.opval[p.op_off[8]], p8);
		/* bb2 is a loop header: its φ starts operandless, it is never trivial */
		cr_assert_eq(c[2], 0);
		ssa_form_free(&s);
	}
	domtree_free(&t);
	prog_free(&p);
}

/* The fib loop of the Russian article (001): φs for a, b, i at the header, none for n (never
 * redefined: its header φ is created and removed as trivial) nor t (dead at the header). */
Test(construct_braun, fib_loop_trivial_phi)
{
	struct prog p;
	struct domtree t;
	char msg[600];
	cr_assert_eq(sp_prog(&p, "4: 0>1 1>2 1>3 2>1", 5,
			     "0: d0 d1 d2 d3; 1: u3 u0; 2: u1 u2 d4 u2 d1 u4 d2 u3 d3; 3: u1"),
		     SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	for (size_t a = 0; a < construct_nalgos; a++) {
		struct ssa_form s;
		uint64_t c[CONSTRUCT_MAX_COUNTERS];
		cr_assert_eq(build_checked(&p, &t, construct_algos[a], 3, &s, c, msg, sizeof msg),
			     SSA_OK, "%s", msg);
		cr_assert_eq(s.nphi, 3);
		for (uint32_t v = 1; v <= 3; v++)
			cr_assert_neq(phi_of(&s, 1, v), SSA_UNDEF);
		cr_assert_eq(s.opval[p.op_off[1] + 1], p.op_off[0]); /* n: the entry's definition */
		cr_assert_eq(c[1], 4, "phis created %llu", (unsigned long long)c[1]);
		cr_assert_eq(c[2], 1, "trivial %llu", (unsigned long long)c[2]);
		ssa_form_free(&s);
	}
	domtree_free(&t);
	prog_free(&p);
}

/* The superset case of algos/rename/README.md: 0 branches into 1 and 2, which jump to each other
 * and both to 3; v is defined only in 0 and used in 1, 2, 3. Without the SCC step
 * φ1 = φ(d, φ2), φ2 = φ(d, φ1) and φ3 = φ(φ1, φ2) stay; the SCC step replaces {φ1, φ2} by d,
 * after which φ3 reads d twice and goes too: no φ, as in minimal SSA. */
Test(construct_braun, irreducible_redundant_scc)
{
	struct prog p;
	struct domtree t;
	char msg[600];
	cr_assert_eq(sp_prog(&p, "4: 0>1 0>2 1>2 1>3 2>1 2>3", 1, "0: d0; 1: u0; 2: u0; 3: u0"),
		     SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	struct ssa_form s;
	uint64_t c[CONSTRUCT_MAX_COUNTERS];
	cr_assert_eq(build_checked(&p, &t, algo_find(construct_algos, construct_nalgos, "braun-noscc"), 1, &s, c, msg, sizeof msg),
		     SSA_OK, "%s", msg);
	cr_assert_eq(s.nphi, 3);
	cr_assert_eq(c[3], 0);
	ssa_form_free(&s);
	cr_assert_eq(build_checked(&p, &t, algo_find(construct_algos, construct_nalgos, "braun"), 1, &s, c, msg, sizeof msg),
		     SSA_OK, "%s", msg);
	cr_assert_eq(s.nphi, 0);
	cr_assert_eq(c[4], 3, "scc removed %llu", (unsigned long long)c[4]);
	for (uint32_t b = 1; b <= 3; b++)
		cr_assert_eq(s.opval[p.op_off[b]], 0);
	ssa_form_free(&s);
	domtree_free(&t);
	prog_free(&p);
}

/* Entry with predecessors (its φs also get undefined from outside), unreachable predecessors
 * (undefined operands), multi-edges and self-loops. */
Test(construct_braun, entry_loop_unreachable_multi_edges)
{
	struct prog p;
	struct domtree t;
	char msg[600];
	/* 0 <-> 1 loop through the entry; 2 unreachable jumps into 1; 1 -> 3 twice; 3 self-loop */
	cr_assert_eq(sp_prog(&p, "4: 0>1 1>0 2>1 1>3 1>3 3>3", 2,
			     "0: u0 d0; 1: u0 u1; 2: d1; 3: u0 d1 u1"),
		     SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	for (size_t a = 0; a < construct_nalgos; a++) {
		struct ssa_form s;
		cr_assert_eq(build_checked(&p, &t, construct_algos[a], 2, &s, NULL, msg, sizeof msg),
			     SSA_OK, "%s", msg);
		/* v0 at the entry: φ(undefined from outside, d0 from 1) */
		uint32_t p0 = phi_of(&s, 0, 0);
		cr_assert_neq(p0, SSA_UNDEF);
		cr_assert_eq(s.opval[p.op_off[0]], p0);
		cr_assert_eq(s.opval[p.op_off[1]], p.op_off[0] + 1);
		cr_assert_eq(s.opval[p.op_off[1] + 1], SSA_UNDEF); /* v1: only the unreachable def */
		/* block 3: one reachable predecessor twice; v1 loops through the self-loop */
		cr_assert_eq(phi_of(&s, 3, 0), SSA_UNDEF);
		cr_assert_eq(s.opval[p.op_off[3]], p.op_off[0] + 1);
		cr_assert_eq(s.nphi, 1);
		ssa_form_free(&s);
	}
	domtree_free(&t);
	prog_free(&p);
}

/* Compares a construction's φ set with pruned SSA (pr) under the property that holds. */
static void check_phi_property(const char *what, const struct construct_algo *a, bool reducible,
			       const struct ssa_form *s, const struct phi_sets *pr, unsigned *strict)
{
	struct phi_sets got;
	cr_assert_eq(ssa_form_phi_sets(s, &got), SSA_OK);
	bool scc = strcmp(a->head.name, "braun") == 0;
	if (reducible || scc) {
		cr_assert(sp_phi_equal(&got, pr), "%s: %s: %llu phis, pruned SSA %llu", what, a->head.name,
			  (unsigned long long)got.total, (unsigned long long)pr->total);
	} else {
		cr_assert(sp_phi_subset(pr, &got), "%s: %s lost a phi of pruned SSA", what, a->head.name);
		if (strict)
			*strict += got.total > pr->total;
	}
	ssa_phi_sets_release(&got);
}

Test(construct_braun, random_programs)
{
	unsigned irred = 0, strict = 0;
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		uint32_t n = 1 + (uint32_t)(seed % 41), nvars = 1 + (uint32_t)(seed % 4);
		struct prog p;
		struct domtree t;
		char msg[600], why[600], what[80];
		cr_assert_eq(sp_random_prog(&p, seed, n, nvars, 3), SSA_OK);
		cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
		snprintf(what, sizeof what, "seed %llu n %u vars %u", (unsigned long long)seed, n,
			 nvars);
		bool red;
		cr_assert_eq(cfg_is_reducible(&p.cfg, &red), SSA_OK);
		irred += !red;
		struct phi_sets pr;
		sp_oracle_phis(&p, &t, true, &pr);
		struct ssa_form ref;
		cr_assert_eq(sp_rename_checked(&p, &t, &pr, rename_algos[0], seed, &ref, msg,
					       sizeof msg),
			     SSA_OK, "%s: %s", what, msg);
		for (size_t a = 0; a < construct_nalgos; a++) {
			struct ssa_form s;
			cr_assert_eq(build_checked(&p, &t, construct_algos[a], seed, &s, NULL, msg,
						   sizeof msg),
				     SSA_OK, "%s: %s", what, msg);
			check_phi_property(what, construct_algos[a], red, &s, &pr, &strict);
			if (red || strcmp(construct_algos[a]->head.name, "braun") == 0)
				cr_assert(ssa_form_equal(&ref, &s, why, sizeof why),
					  "%s: %s vs pruned + rename-stack: %s", what,
					  construct_algos[a]->head.name, why);
			ssa_form_free(&s);
		}
		ssa_form_free(&ref);
		phi_sets_free(&pr);
		domtree_free(&t);
		prog_free(&p);
	}
	/* the sample must exercise both cases */
	cr_assert(irred > 100, "only %u irreducible programs", irred);
	cr_assert(strict > 0, "braun-noscc never kept a redundant phi group");
	cr_log_info("%u irreducible programs, braun-noscc kept extra phis on %u", irred, strict);
}

static void check_family(const char *family, uint64_t blocks, uint64_t seed, uint32_t goto_pm)
{
	struct prog p;
	struct domtree t;
	char msg[600], what[96];
	snprintf(what, sizeof what, "%s n=%llu seed %llu goto %u", family,
		 (unsigned long long)blocks, (unsigned long long)seed, goto_pm);
	cr_assert_eq(sp_family_prog(&p, family, blocks, seed, 8, goto_pm), SSA_OK, "%s", what);
	cr_assert_eq(big_tree(&p, &t), SSA_OK);
	bool red;
	cr_assert_eq(cfg_is_reducible(&p.cfg, &red), SSA_OK);
	struct phi_sets pr = {0};
	cr_assert_eq(phi_place_prog(algo_find(phi_algos, phi_nalgos, "phi-dj"), &p, NULL, PHI_PRUNED, &pr), SSA_OK);
	for (size_t a = 0; a < construct_nalgos; a++) {
		struct ssa_form s;
		cr_assert_eq(build_checked(&p, &t, construct_algos[a], seed, &s, NULL, msg, sizeof msg),
			     SSA_OK, "%s: %s", what, msg);
		check_phi_property(what, construct_algos[a], red, &s, &pr, NULL);
		ssa_form_free(&s);
	}
	phi_sets_free(&pr);
	domtree_free(&t);
	prog_free(&p);
}

Test(construct_braun, every_family)
{
	static const uint64_t sizes[] = {12, 100, 1000};
	for (size_t f = 0; f < gen_nfamilies; f++)
		for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
			for (uint64_t seed = 1; seed <= 3; seed++)
				check_family(gen_families[f].name, sizes[k], seed, 0);
	for (uint64_t seed = 1; seed <= 4; seed++)
		check_family("structured", 2000, seed, 30);
}

/* No recursion whose depth grows with the graph: a use at the end of a 10^6-block chain reads
 * a definition at its start; a 10^6-block repeat-until nest has 5·10^5 nested loops. There the
 * trivial-φ cascade replaces φs along chains of headers: each φ is queued for a re-check at
 * most once at a time, so the re-checks stay below the φs created (they were quadratic before
 * the worklist kept one entry per φ). */
Test(construct_braun, deep_graphs)
{
	static const char *const fam[] = {"chain", "repeat-until", "structured"};
	static const uint64_t size[] = {1000000, 1000000, 1000000};
	for (size_t f = 0; f < 3; f++) {
		struct prog p;
		struct gen_params gp;
		gen_params_default(&gp);
		gp.family = fam[f];
		gp.blocks = size[f];
		gp.vars = 4;
		gp.define_at_entry = 1;
		struct cfg g;
		struct gen_info info;
		cr_assert_eq(gen_cfg(&gp, &g, &info), SSA_OK);
		cr_assert_eq(gen_prog(&gp, &g, &p), SSA_OK);
		struct domtree t;
		cr_assert_eq(big_tree(&p, &t), SSA_OK);
		for (size_t a = 0; a < construct_nalgos; a++) {
			struct ssa_form s;
			char msg[600];
			uint64_t c[CONSTRUCT_MAX_COUNTERS];
			cr_assert_eq(build_checked(&p, &t, construct_algos[a], 1, &s, c, msg,
						   sizeof msg),
				     SSA_OK, "%s: %s", fam[f], msg);
			cr_assert_leq(c[6], c[1], "%s: %llu re-checks for %llu phis", fam[f],
				      (unsigned long long)c[6], (unsigned long long)c[1]);
			ssa_form_free(&s);
		}
		domtree_free(&t);
		prog_free(&p);
	}
}

/* Scratch allocated once and reused: the second run gives the same form as the first. */
Test(construct_braun, scratch_reuse)
{
	struct prog p;
	cr_assert_eq(sp_family_prog(&p, "random", 3000, 5, 16, 0), SSA_OK);
	for (size_t a = 0; a < construct_nalgos; a++) {
		const struct construct_algo *al = construct_algos[a];
		void *scratch;
		cr_assert_eq(al->scratch_alloc(&scratch, &p), SSA_OK);
		struct ssa_form s1, s2;
		uint64_t c1[CONSTRUCT_MAX_COUNTERS], c2[CONSTRUCT_MAX_COUNTERS];
		cr_assert_eq(al->run(scratch, &p, &s1, c1), SSA_OK);
		cr_assert_eq(al->run(scratch, &p, &s2, c2), SSA_OK);
		char why[300];
		cr_assert(ssa_form_equal(&s1, &s2, why, sizeof why), "%s: %s", al->head.name, why);
		cr_assert_eq(s1.nphi, s2.nphi);
		cr_assert(memcmp(c1, c2, sizeof c1) == 0);
		cr_assert_eq(c1[5], s1.nphi);
		cr_assert_eq(c1[1], c1[2] + c1[4] + c1[5], "%s: created = trivial + scc + kept",
			     al->head.name);
		ssa_form_free(&s1);
		ssa_form_free(&s2);
		al->scratch_free(scratch);
	}
	prog_free(&p);
}

/* ssa_check_pruned, the construct stage's check. The diamond with x defined in 0 and 1 and read
 * in 3 has pruned SSA's one φ at 3: Braun's form equals it; the same form with the read taking
 * 0's definition instead of the φ is rejected. On the irreducible 0>1 0>2 1>2 2>1 only the φ
 * count is compared. */
Test(construct_braun, checked_against_pruned_ssa)
{
	struct prog p;
	struct ssa_form s;
	char msg[600];
	cr_assert_eq(sp_prog(&p, "4: 0>1 0>2 1>3 2>3", 1, "0: d0; 1: d0; 3: u0"), SSA_OK);
	cr_assert_eq(construct_compute(construct_algos[0], &p, &s, NULL), SSA_OK);
	cr_assert_eq(s.nphi, 1);
	cr_assert_eq(ssa_check_pruned(&p, &s, 1, 8, msg, sizeof msg), SSA_OK, "%s", msg);
	cr_expect(strstr(msg, " + form = pruned pipeline's (reducible)") != NULL, "%s", msg);
	uint32_t use = p.op_off[3];
	cr_assert_eq(s.opval[use], s.nops);
	s.opval[use] = p.op_off[0];
	cr_expect_eq(ssa_check_pruned(&p, &s, 1, 8, msg, sizeof msg), SSA_EVERIFY);
	ssa_form_free(&s);
	prog_free(&p);
	cr_assert_eq(sp_prog(&p, "3: 0>1 0>2 1>2 2>1", 1, "0: d0; 1: u0 d0; 2: u0 d0"), SSA_OK);
	cr_assert_eq(construct_compute(construct_algos[0], &p, &s, NULL), SSA_OK);
	cr_assert_eq(ssa_check_pruned(&p, &s, 1, 8, msg, sizeof msg), SSA_OK, "%s", msg);
	cr_expect(strstr(msg, " phis >= pruned SSA's 2 (irreducible: no form oracle)") != NULL, "%s",
		  msg);
	ssa_form_free(&s);
	prog_free(&p);
}
