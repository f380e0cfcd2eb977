/* Renaming: the seeds' worked example with its exact operands, every renamer against the
 * others, the verifier and the interpreter on thousands of small random programs (minimal and
 * pruned placement from the oracle), the parallel φ semantics of the lab guide's 6-versus-10
 * example, and the condition under which rename-cfgdfs is right. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "support/ssa_progs.h"

#include <inttypes.h>

static const char *bb_cfg = "10: 0>1 1>2 1>4 2>3 3>2 3>8 4>5 4>6 5>7 6>7 7>8 8>9";
/* bb1 stores a; bb2, bb3, bb5, bb6 load then store; bb7 and bb8 load (000 in the seeds). */
static const char *bb_ops = "1: d0; 2: u0 d0; 3: u0 d0; 5: u0 d0; 6: u0 d0; 7: u0; 8: u0";

/* Index of the k-th op of block b. */
static uint32_t op_at(const struct prog *p, uint32_t b, uint32_t k)
{
	return p->op_off[b] + k;
}

static uint32_t phi_of(const struct ssa_form *s, uint32_t b, uint32_t var)
{
	for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
		if (s->phi_var[q] == var)
			return s->nops + q;
	return SSA_UNDEF;
}

/* Every renamer after rename_algos[0] gives a form that passes the checks and equals ref, the
 * first one's. */
static void expect_renamers_equal(const struct prog *p, const struct domtree *t,
				  const struct phi_sets *ps, const struct ssa_form *ref, uint64_t seed)
{
	char msg[600];
	for (size_t a = 1; a < rename_nalgos; a++) {
		struct ssa_form s;
		cr_assert_eq(sp_rename_checked(p, t, ps, rename_algos[a], seed, &s, msg, sizeof(msg)),
			     SSA_OK, "%s", msg);
		cr_assert(ssa_form_equal(ref, &s, msg, sizeof(msg)), "%s: %s", rename_algos[a]->head.name,
			  msg);
		ssa_form_free(&s);
	}
}

Test(rename_algos, article_bb1_bb8_every_renamer)
{
	struct prog p;
	struct domtree t;
	struct phi_sets ps;
	char msg[600];
	cr_assert_eq(sp_prog(&p, bb_cfg, 1, bb_ops), SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	sp_oracle_phis(&p, &t, false, &ps);
	/* The article's φ blocks: bb2, bb7, bb8. */
	cr_assert_eq(ps.total, 3);
	cr_assert(ps.blocks[0] == 2 && ps.blocks[1] == 7 && ps.blocks[2] == 8);
	for (size_t a = 0; a < rename_nalgos; a++) {
		struct ssa_form s;
		int rc = sp_rename_checked(&p, &t, &ps, rename_algos[a], 1, &s, msg, sizeof(msg));
		cr_assert_eq(rc, SSA_OK, "%s", msg);
		uint32_t p2 = phi_of(&s, 2, 0), p7 = phi_of(&s, 7, 0), p8 = phi_of(&s, 8, 0);
		uint32_t d1 = op_at(&p, 1, 0), d2 = op_at(&p, 2, 1), d3 = op_at(&p, 3, 1);
		uint32_t d5 = op_at(&p, 5, 1), d6 = op_at(&p, 6, 1);
		const uint32_t *arg = s.arg;
		/* bb2 = phi [bb1: 1], [bb3: %t1]; bb7 = phi [bb5: 2], [bb6: 3];
		 * bb8 = phi [bb3: %t1], [bb7: %a_bb7] (predecessors in ascending block order). */
		cr_assert(arg[s.arg_off[p2 - s.nops]] == d1 && arg[s.arg_off[p2 - s.nops] + 1] == d3,
			  "%s: bb2 phi", rename_algos[a]->head.name);
		cr_assert(arg[s.arg_off[p7 - s.nops]] == d5 && arg[s.arg_off[p7 - s.nops] + 1] == d6,
			  "%s: bb7 phi", rename_algos[a]->head.name);
		cr_assert(arg[s.arg_off[p8 - s.nops]] == d3 && arg[s.arg_off[p8 - s.nops] + 1] == p7,
			  "%s: bb8 phi", rename_algos[a]->head.name);
		cr_assert_eq(s.opval[op_at(&p, 2, 0)], p2);
		cr_assert_eq(s.opval[op_at(&p, 3, 0)], d2);
		cr_assert_eq(s.opval[op_at(&p, 5, 0)], d1);
		cr_assert_eq(s.opval[op_at(&p, 6, 0)], d1);
		cr_assert_eq(s.opval[op_at(&p, 7, 0)], p7);
		cr_assert_eq(s.opval[op_at(&p, 8, 0)], p8);
		ssa_form_free(&s);
	}
	ssa_phi_sets_release(&ps);
	domtree_free(&t);
	prog_free(&p);
}

/* The fib function of the Russian article (001) after clang -O0, variables n, a, b, i, t
 * (0..4): entry stores all, the loop header tests i < n, the body computes t = a + b, a = b,
 * b = t, i = i + 1, the exit returns a. Blocks: 0 entry, 1 header, 2 body, 3 exit. */
Test(rename_algos, fib_loop)
{
	struct prog p;
	struct domtree t;
	struct phi_sets ps;
	char msg[600];
	cr_assert_eq(sp_prog(&p, "4: 0>1 1>2 1>3 2>1", 5,
			     "0: d0 d1 d2 d3; 1: u3 u0; 2: u1 u2 d4 u2 d1 u4 d2 u3 d3; 3: u1"),
		     SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	sp_oracle_phis(&p, &t, true, &ps);
	/* Pruned: a, b, i get a φ at the header; n is never redefined, t is dead there. */
	cr_assert_eq(ps.total, 3);
	for (uint32_t v = 1; v <= 3; v++)
		cr_assert(ps.off[v + 1] - ps.off[v] == 1 && ps.blocks[ps.off[v]] == 1);
	struct ssa_form ref;
	cr_assert_eq(sp_rename_checked(&p, &t, &ps, rename_algos[0], 3, &ref, msg, sizeof(msg)),
		     SSA_OK, "%s", msg);
	cr_assert_eq(ref.opval[op_at(&p, 1, 1)], op_at(&p, 0, 0)); /* n in the header: entry's */
	cr_assert_eq(ref.opval[op_at(&p, 3, 0)], phi_of(&ref, 1, 1)); /* return a: header φ */
	expect_renamers_equal(&p, &t, &ps, &ref, 3);
	ssa_form_free(&ref);
	ssa_phi_sets_release(&ps);
	domtree_free(&t);
	prog_free(&p);
}

/* What the estimates read ahead of renaming and the upstream in one call, on fib_loop's
 * program: one join (the header, in-degree 2); pruned SSA's φs for a, b, i there (6
 * operands); n, a, b, i live into it (the φs and operands an on-the-fly construction can
 * make); rename_input_build's form renamed by rename-stack passes the checks against
 * rename_second's renamer. */
Test(rename_algos, upstream_in_one_call_and_what_estimates_count)
{
	struct prog p;
	cr_assert_eq(sp_prog(&p, "4: 0>1 1>2 1>3 2>1", 5,
			     "0: d0 d1 d2 d3; 1: u3 u0; 2: u1 u2 d4 u2 d1 u4 d2 u3 d3; 3: u1"),
		     SSA_OK);
	uint64_t joins, edges, nphi, nargs;
	cfg_joins(&p.cfg, false, &joins, &edges);
	cr_assert(joins == 1 && edges == 2, "joins %" PRIu64 " edges %" PRIu64, joins, edges);
	cfg_joins(&p.cfg, true, &joins, &edges); /* every block with a predecessor */
	cr_assert(joins == 3 && edges == 4, "every: joins %" PRIu64 " edges %" PRIu64, joins, edges);
	cr_assert_eq(live_join_pairs(&p, &nphi, &nargs), SSA_OK);
	cr_assert(nphi == 4 && nargs == 8, "live pairs %" PRIu64 " operands %" PRIu64, nphi, nargs);
	const struct rename_algo *stack = algo_find(rename_algos, rename_nalgos, "rename-stack");
	const struct rename_algo *rd = algo_find(rename_algos, rename_nalgos, "rename-rd");
	cr_assert(rename_second(stack) == rd && rename_second(rd) == stack);
	struct domtree t;
	struct phi_sets ps;
	struct ssa_form s;
	void *scratch = NULL;
	const char *failed;
	char msg[600];
	cr_assert_eq(rename_input_build(NULL, &p, PHI_PRUNED, stack, &t, &ps, &s, &scratch,
					&failed), SSA_OK, "%s", failed);
	cr_assert(ps.total == 3 && s.nphi == 3 && scratch);
	cr_assert_eq(phi_sets_operands(&ps, &p.cfg), 6);
	uint64_t c[RENAME_MAX_COUNTERS];
	cr_assert_eq(stack->run(scratch, &p, &t, &s, c), SSA_OK);
	cr_assert_eq(ssa_check_form(&p, &t, &s, &ps, rename_second(stack), 1, 8, msg, sizeof msg),
		     SSA_OK, "%s", msg);
	cr_assert_eq(s.opval[op_at(&p, 3, 0)], phi_of(&s, 1, 1)); /* return a: header φ */
	stack->scratch_free(scratch);
	ssa_form_free(&s);
	phi_sets_free(&ps);
	domtree_free(&t);
	prog_free(&p);
}

/* Thousands of random programs: every renamer passes the verifier and the interpreter and
 * gives rename-stack's canonical result, for minimal and pruned placement. */
Test(rename_algos, random_programs_all_renamers_agree)
{
	char msg[600], why[400];
	unsigned done = 0;
	for (uint64_t seed = 1; seed <= 1500; seed++) {
		uint32_t n = 1 + (uint32_t)(seed % 37), nvars = 1 + (uint32_t)(seed % 4);
		struct prog p;
		struct domtree t;
		cr_assert_eq(sp_random_prog(&p, seed, n, nvars, 3), SSA_OK);
		cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
		for (int pruned = 0; pruned < 2; pruned++) {
			struct phi_sets ps;
			sp_oracle_phis(&p, &t, pruned, &ps);
			struct ssa_form ref;
			int rc = sp_rename_checked(&p, &t, &ps, rename_algos[0], seed, &ref, msg,
						   sizeof(msg));
			cr_assert_eq(rc, SSA_OK, "seed %llu n %u vars %u pruned %d: %s",
				     (unsigned long long)seed, n, nvars, pruned, msg);
			for (size_t a = 1; a < rename_nalgos; a++) {
				struct ssa_form s;
				rc = sp_rename_checked(&p, &t, &ps, rename_algos[a], seed, &s, msg,
						       sizeof(msg));
				cr_assert_eq(rc, SSA_OK, "seed %llu n %u vars %u pruned %d: %s",
					     (unsigned long long)seed, n, nvars, pruned, msg);
				cr_assert(ssa_form_equal(&ref, &s, why, sizeof(why)),
					  "seed %llu n %u vars %u pruned %d: %s vs rename-stack: %s",
					  (unsigned long long)seed, n, nvars, pruned,
					  rename_algos[a]->head.name, why);
				ssa_form_free(&s);
			}
			ssa_form_free(&ref);
			ssa_phi_sets_release(&ps);
			done++;
		}
		domtree_free(&t);
		prog_free(&p);
	}
	cr_assert_eq(done, 3000);
}

/* rename-cfgdfs reads the newest definition along its DFS path; that is the SSA value only when
 * the placement is complete. Diamond 0->1, 0->2, 1->3, 2->3 with v defined in 1 and used in 3:
 * without the φ at 3 (a broken placement), the dominator-based renamers read "undefined" (no
 * definition dominates 3) while the CFG walk reads the definition in 1, the first branch it took.
 * Both are wrong, and the verifier rejects the walk's answer; with the φ all agree. */
Test(rename_algos, cfgdfs_needs_a_complete_placement)
{
	struct prog p;
	struct domtree t;
	char msg[300];
	cr_assert_eq(sp_prog(&p, "4: 0>1 0>2 1>3 2>3", 1, "1: d0; 3: u0"), SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	uint64_t off[2] = {0, 0};
	uint32_t blk[1] = {3};
	struct phi_sets none = {.nvars = 1, .total = 0, .off = off, .blocks = blk};
	struct ssa_form a, b;
	cr_assert_eq(ssa_form_layout(&a, &p, &none), SSA_OK);
	cr_assert_eq(ssa_form_layout(&b, &p, &none), SSA_OK);
	cr_assert_eq(rename_compute(algo_find(rename_algos, rename_nalgos, "rename-stack"), &p, &t, &a, NULL), SSA_OK);
	cr_assert_eq(rename_compute(algo_find(rename_algos, rename_nalgos, "rename-cfgdfs"), &p, &t, &b, NULL), SSA_OK);
	uint32_t use = op_at(&p, 3, 0);
	cr_assert_eq(a.opval[use], SSA_UNDEF);
	cr_assert_eq(b.opval[use], op_at(&p, 1, 0));
	cr_assert_eq(ssa_verify(&p, &t, &b, msg, sizeof(msg)), SSA_EVERIFY);
	struct ssa_interp_opts io = {.seed = 5, .walks = 50, .max_len = 10};
	struct ssa_interp_stats st;
	cr_assert_eq(ssa_interp_check(&p, &a, &io, &st, msg, sizeof(msg)), SSA_EVERIFY);
	ssa_form_free(&a);
	ssa_form_free(&b);
	off[1] = 1;
	struct phi_sets one = {.nvars = 1, .total = 1, .off = off, .blocks = blk};
	for (size_t k = 0; k < rename_nalgos; k++) {
		cr_assert_eq(sp_rename_checked(&p, &t, &one, rename_algos[k], 9, &a, msg, sizeof(msg)),
			     SSA_OK, "%s", msg);
		cr_assert_eq(a.opval[use], a.nops + 0);
		ssa_form_free(&a);
	}
	domtree_free(&t);
	prog_free(&p);
}

/* Switch-like terminators and multi-edges: block 0 branches to 1 twice and to 2; a φ at 1 gets
 * one operand per edge. A self-loop at 2 feeds its own φ. */
Test(rename_algos, multi_edges_and_self_loops)
{
	struct prog p;
	struct domtree t;
	struct phi_sets ps;
	char msg[600];
	cr_assert_eq(sp_prog(&p, "4: 0>1 0>1 0>2 2>2 2>1 1>3 2>3", 2,
			     "0: d0; 2: u0 d0 d1; 1: u0 u1; 3: u0 u1"),
		     SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	sp_oracle_phis(&p, &t, false, &ps);
	struct ssa_form ref;
	cr_assert_eq(sp_rename_checked(&p, &t, &ps, rename_algos[0], 2, &ref, msg, sizeof(msg)),
		     SSA_OK, "%s", msg);
	uint32_t q = phi_of(&ref, 1, 0) - ref.nops;
	cr_assert_eq(ref.arg_off[q + 1] - ref.arg_off[q], 3);
	cr_assert_eq(ref.arg[ref.arg_off[q]], op_at(&p, 0, 0));
	cr_assert_eq(ref.arg[ref.arg_off[q] + 1], op_at(&p, 0, 0));
	cr_assert_eq(ref.arg[ref.arg_off[q] + 2], op_at(&p, 2, 1));
	expect_renamers_equal(&p, &t, &ps, &ref, 2);
	ssa_form_free(&ref);
	ssa_phi_sets_release(&ps);
	domtree_free(&t);
	prog_free(&p);
}

/* Unreachable blocks: their uses and the operands of their out-edges are undefined. */
Test(rename_algos, unreachable_blocks_read_undef)
{
	struct prog p;
	struct domtree t;
	struct phi_sets ps;
	char msg[600];
	cr_assert_eq(sp_prog(&p, "4: 0>1 2>1 2>3 3>2", 1, "0: d0; 2: u0 d0; 3: u0; 1: u0"), SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	uint64_t off[2] = {0, 1};
	uint32_t blk[1] = {1};
	ps = (struct phi_sets){.nvars = 1, .total = 1, .off = off, .blocks = blk};
	for (size_t a = 0; a < rename_nalgos; a++) {
		struct ssa_form s;
		cr_assert_eq(sp_rename_checked(&p, &t, &ps, rename_algos[a], 4, &s, msg, sizeof(msg)),
			     SSA_OK, "%s", msg);
		cr_assert_eq(s.opval[op_at(&p, 2, 0)], SSA_UNDEF);
		cr_assert_eq(s.opval[op_at(&p, 3, 0)], SSA_UNDEF);
		cr_assert_eq(s.arg[s.arg_off[0]], op_at(&p, 0, 0));
		cr_assert_eq(s.arg[s.arg_off[0] + 1], SSA_UNDEF);
		cr_assert_eq(s.opval[op_at(&p, 1, 0)], s.nops);
		ssa_form_free(&s);
	}
	domtree_free(&t);
	prog_free(&p);
}

/* The lab guide's (002) example: blocks 0 (entry), 1 ("%6", the loop) and 2 ("%2", the exit);
 * edges 0>2 0>1 1>1 1>2. The loop's φs %7, %8, %9 read [0 from entry] and [%10, %7, %11 from
 * the loop]; %10 = %7 + 1 (or %8 + 1), %11 = %9 + 1, loop while %7 < 5; the exit returns
 * %5 = φ[0, %11]. Evaluated in parallel the result is 6, and 10 with %10 = %8 + 1; evaluating the
 * φs one after another would make %8 read the new %7 and give 6 for both. */
static uint64_t lab_guide_run(bool use_p8)
{
	struct prog p;
	cr_assert_eq(sp_prog(&p, "3: 0>2 0>1 1>1 1>2", 3, ""), SSA_OK);
	/* Values: φs 0..2 at block 1 (%7 %8 %9), φs 3..5 at block 2 (%3 %4 %5), then the two adds
	 * as extra value numbers 6 (%10) and 7 (%11), stored past the φs in env. */
	uint32_t phi_off[4] = {0, 0, 3, 6};
	uint32_t phi_var[6] = {0, 1, 2, 0, 1, 2};
	uint32_t phi_block[6] = {1, 1, 1, 2, 2, 2};
	uint64_t arg_off[7] = {0, 2, 4, 6, 8, 10, 12};
	/* Operand slots follow pred order: block 1 <- {0, 1}, block 2 <- {0, 1}. Constant 0 is
	 * SSA_UNDEF with undef = 0. */
	uint32_t arg[12] = {SSA_UNDEF, 6, SSA_UNDEF, 0, SSA_UNDEF, 7,
			    SSA_UNDEF, 6, SSA_UNDEF, 0, SSA_UNDEF, 7};
	struct ssa_form s = {.n = 3, .nvars = 3, .nops = 0, .nphi = 6, .phi_off = phi_off,
			     .phi_var = phi_var, .phi_block = phi_block, .arg_off = arg_off,
			     .arg = arg, .opval = NULL};
	uint64_t env[8] = {0}, tmp[3];
	uint32_t b = 1, slot = 0; /* 0 < 5: the entry branches to the loop */
	for (int guard = 0; guard < 100; guard++) {
		ssa_eval_phis(&s, b, slot, env, tmp, 0);
		if (b == 2)
			break;
		env[6] = (use_p8 ? env[1] : env[0]) + 1;
		env[7] = env[2] + 1;
		slot = 1;
		b = env[0] < 5 ? 1 : 2;
	}
	prog_free(&p);
	return env[5];
}

Test(rename_algos, lab_guide_parallel_phis_6_versus_10)
{
	cr_assert_eq(lab_guide_run(false), 6);
	cr_assert_eq(lab_guide_run(true), 10);
}

/* The "ssa" dump format, pinned on the article's example (algos/ssa/README.md, "The ssa dump"). */
Test(rename_algos, dump_format)
{
	struct prog p;
	struct domtree t;
	struct phi_sets ps;
	char msg[600];
	cr_assert_eq(sp_prog(&p, bb_cfg, 1, bb_ops), SSA_OK);
	cr_assert_eq(sp_domtree(&p.cfg, &t), SSA_OK);
	sp_oracle_phis(&p, &t, false, &ps);
	struct ssa_form s;
	cr_assert_eq(sp_rename_checked(&p, &t, &ps, rename_algos[0], 1, &s, msg, sizeof(msg)), SSA_OK,
		     "%s", msg);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_eq(ssa_form_dump(f, &p, &s), SSA_OK);
	fclose(f);
	const char *want = "ssa blocks 10 vars 1 ops 11 phis 3 operands 6\n"
			   "b1: | d0:v0\n"
			   "b2: p0:v0=phi(d0,d4) | u1:v0=p0 d2:v0\n"
			   "b3: | u3:v0=d2 d4:v0\n"
			   "b5: | u5:v0=d0 d6:v0\n"
			   "b6: | u7:v0=d0 d8:v0\n"
			   "b7: p1:v0=phi(d6,d8) | u9:v0=p1\n"
			   "b8: p2:v0=phi(d4,p1) | u10:v0=p2\n";
	cr_assert_str_eq(buf, want);
	free(buf);
	ssa_form_free(&s);
	ssa_phi_sets_release(&ps);
	domtree_free(&t);
	prog_free(&p);
}

/* rename-stack's sparse walk (a sorted list of the blocks and operand slots with work) and its
 * dense walk (the whole preorder, flags, binary searches in predecessor lists) fill the same
 * words: opval and every operand, exactly, the counters of pushes, uses and operands too. */
static void expect_stack_walks_equal(const struct prog *p, const struct domtree *t,
				     const struct phi_sets *ps, const char *what)
{
	const struct rename_algo *a = algo_find(rename_algos, rename_nalgos, "rename-stack");
	struct ssa_form f[3];
	uint64_t c[3][RENAME_MAX_COUNTERS];
	static const enum rename_stack_walk walks[3] = {RENAME_STACK_SPARSE, RENAME_STACK_DENSE,
							RENAME_STACK_AUTO};
	for (int w = 0; w < 3; w++) {
		void *scratch;
		if (ssa_form_layout(&f[w], p, ps) != SSA_OK ||
		    a->scratch_alloc(&scratch, p, &f[w]) != SSA_OK)
			cr_assert_fail("%s: layout or scratch", what);
		/* Poison the outputs, so a word a walk forgets shows. */
		memset(f[w].arg, 0x5a, (size_t)f[w].arg_off[f[w].nphi] * sizeof(uint32_t));
		memset(f[w].opval, 0x5a, (size_t)p->nops * sizeof(uint32_t));
		if (rename_stack_run_walk(scratch, p, t, &f[w], c[w], walks[w]) != SSA_OK)
			cr_assert_fail("%s: walk %d failed", what, w);
		a->scratch_free(scratch);
	}
	char msg[400];
	if (ssa_verify(p, t, &f[0], msg, sizeof msg) != SSA_OK)
		cr_assert_fail("%s: %s", what, msg);
	for (int w = 1; w < 3; w++) {
		/* Criterion formats an assertion's message even when it passes: test first. */
		if (memcmp(f[0].arg, f[w].arg, (size_t)f[0].arg_off[f[0].nphi] * sizeof(uint32_t)))
			cr_assert_fail("%s: walk %d: operands differ", what, w);
		if (memcmp(f[0].opval, f[w].opval, (size_t)p->nops * sizeof(uint32_t)))
			cr_assert_fail("%s: walk %d: uses differ", what, w);
		if (memcmp(c[0], c[w], 3 * sizeof c[0][0]))
			cr_assert_fail("%s: walk %d: counters differ", what, w);
	}
	for (int w = 0; w < 3; w++)
		ssa_form_free(&f[w]);
}

Test(rename_algos, stack_sparse_and_dense_walks_agree)
{
	char what[160];
	/* Random programs: multi-edges, self-loops, unreachable blocks. */
	for (uint64_t seed = 1; seed <= 400; seed++) {
		struct prog p;
		struct domtree t;
		struct phi_sets ps;
		if (sp_random_prog(&p, seed, 1 + (uint32_t)(seed % 37), 1 + (uint32_t)(seed % 4), 3) ||
		    sp_domtree(&p.cfg, &t))
			cr_assert_fail("random seed %llu: program or tree", (unsigned long long)seed);
		for (int pruned = 0; pruned < 2; pruned++) {
			if (sp_oracle_phis(&p, &t, pruned, &ps) != SSA_OK)
				cr_assert_fail("random seed %llu: placement", (unsigned long long)seed);
			snprintf(what, sizeof what, "random seed %llu pruned %d", (unsigned long long)seed,
				 pruned);
			expect_stack_walks_equal(&p, &t, &ps, what);
			ssa_phi_sets_release(&ps);
		}
		domtree_free(&t);
		prog_free(&p);
	}
	/* Every family at sizes where the list is long against n, then structured programs large
	 * enough for the descriptor's run to take the sparse walk, with and without gotos. */
	static const struct {
		const char *family;
		uint64_t blocks;
		uint32_t gotos;
	} big[] = {{"structured", 20000, 0}, {"structured", 20000, 50}, {"chain", 20000, 0},
		   {"diamonds", 20000, 0}};
	size_t nf = gen_nfamilies * 2 + sizeof big / sizeof big[0];
	for (size_t i = 0; i < nf; i++) {
		const char *fam = i < 2 * gen_nfamilies ? gen_families[i / 2].name
							 : big[i - 2 * gen_nfamilies].family;
		uint64_t blocks = i < 2 * gen_nfamilies ? (i % 2 ? 1000 : 50)
						       : big[i - 2 * gen_nfamilies].blocks;
		uint32_t gotos = i < 2 * gen_nfamilies ? 0 : big[i - 2 * gen_nfamilies].gotos;
		struct prog p;
		struct domtree t;
		cr_assert_eq(sp_family_prog(&p, fam, blocks, 1, 16, gotos), SSA_OK);
		cr_assert_eq(dom_tree_default(&p.cfg, &t), SSA_OK);
		for (int fl = PHI_MINIMAL; fl <= PHI_PRUNED; fl++) {
			struct phi_sets ps = {0};
			cr_assert_eq(phi_place_prog(algo_find(phi_algos, phi_nalgos, "phi-djq"), &p, &t,
						    (enum phi_flavor)fl, &ps), SSA_OK);
			snprintf(what, sizeof what, "%s n=%llu gotos %u %s", fam,
				 (unsigned long long)blocks, gotos, phi_flavor_name((enum phi_flavor)fl));
			expect_stack_walks_equal(&p, &t, &ps, what);
			phi_sets_free(&ps);
		}
		domtree_free(&t);
		prog_free(&p);
	}
}
