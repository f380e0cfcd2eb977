/* The rename and maximal stages' memory estimates (rename_stage_bytes, phi_maximal_stage_bytes,
 * phi_maximal_form_bytes) on the textbook diamond, each expected value worked out by hand from
 * the arrays' sizes and jemalloc's size classes (ssa_alloc_size: 8 bytes at least, 16-byte steps
 * up to 128). A renamer's own scratch comes from its descriptor; every other term is written
 * out. */
#include "support/phi_util.h"

#include "rename/rename.h"

static void diamond(struct prog *p, struct cfg *g)
{
	phit_diamond(p, g, 2, "d0 d1|d0|u1 d1|u0 d0 u1");
}

/* On the diamond (n = 4, V = 2, 8 ops):
 *   the default tree's peak 256, the tree 128, the variable lists 160 (test_phi_bytes.c)
 *   ssa_form_bytes(4, 8, 2 φs, 4 operands): phi_off 5 words (32), phi_var and phi_block
 *     (8 each), arg_off 3 u64 (32), 4 operands (16), opval 8 words (32)          = 128
 *   the same with no φs: 32 + 8 + 8 + 8 (arg_off, one u64) + 8 + 32             = 96
 *   the φ sets of 2 φs: 3 u64 offsets (32) and 2 blocks (8)                     = 40 */
enum { TREE_PEAK = 256, TREE = 128, VB = 160, FORM2 = 128, FORM0 = 96, SETS2 = 40 };

static const struct rename_algo *ren(const char *name)
{
	const struct rename_algo *a = algo_find(rename_algos, rename_nalgos, name);
	cr_assert(a, "%s", name);
	return a;
}

Test(rename_bytes, forms_as_assumed)
{
	cr_assert_eq(ssa_form_bytes(4, 8, 2, 4), FORM2);
	cr_assert_eq(ssa_form_bytes(4, 8, 0, 0), FORM0);
	cr_assert_eq(phi_sets_bytes(2, 2), SETS2);
}

Test(rename_bytes, rename_stage)
{
	struct cfg g;
	struct prog p;
	diamond(&p, &g);
	const struct phi_algo *dj = algo_find(phi_algos, phi_nalgos, "phi-djq");
	for (size_t i = 0; i < rename_nalgos; i++) {
		const struct rename_algo *ra = rename_algos[i];
		uint64_t rs = ra->scratch_bytes(4, 4, 2, 8, 2);
		/* placement with no scratch: tree 128 + lists 160 + output 40 = 328; then the tree,
		 * the φ sets and the form stay (128 + 40 + 128 = 296) with the renamer's scratch */
		uint64_t kept = TREE + SETS2 + FORM2, want = kept + rs > 328 ? kept + rs : 328;
		cr_assert_eq(rename_stage_bytes(ra, dj, &p, 0, 2, 4, 0), want, "%s", ra->head.name);
		/* a placement scratch of 3000: 128 + 160 + 3000 + 40 */
		want = kept + rs > 3328 ? kept + rs : 3328;
		cr_assert_eq(rename_stage_bytes(ra, dj, &p, 3000, 2, 4, 0), want, "%s", ra->head.name);
	}
	/* rename-stack's scratch (its fixed part: 1656 bytes here) lies between the two, so both
	 * phases show */
	uint64_t rs = ren("rename-stack")->scratch_bytes(4, 4, 2, 8, 2);
	cr_assert(TREE + SETS2 + FORM2 + rs > 328 && TREE + SETS2 + FORM2 + rs < 3328);
	prog_free(&p);
}

Test(rename_bytes, maximal_form)
{
	struct cfg g;
	struct prog p;
	diamond(&p, &g);
	struct phi_maximal_opts o = {.prune_redundant = true};
	/* One join: 2 φs, 4 operands. The pruning with all kept: fwd and work (8 each), state (8);
	 * the redundant rule's wit (4 words: 16), queued (8), head and tail (8 each), two reader
	 * lists of 4 entries (16 each); newid (8); the result (128): 24 + 16 + 24 + 32 + 8 + 128. */
	uint64_t prune = 24 + 16 + 24 + 32 + 8 + FORM2;
	cr_assert_eq(prune, 232);
	/* the form (128) with the largest of the layout's flags (8), the pruning, the renamer's */
	cr_assert_eq(phi_maximal_form_bytes(&p, &o, 100, false, 2, 4, 4), FORM2 + 232);
	cr_assert_eq(phi_maximal_form_bytes(&p, &o, 1000, false, 2, 4, 4), FORM2 + 1000);
	/* the renamer's scratch kept beside the pruning (runs that reuse it) */
	cr_assert_eq(phi_maximal_form_bytes(&p, &o, 100, true, 2, 4, 4), FORM2 + 232 + 100);
	/* nothing kept: the result is the empty form (96) */
	cr_assert_eq(phi_maximal_form_bytes(&p, &o, 100, false, 0, 0, 4), FORM2 + 200);
	/* without the redundant rule: fwd, work, state, newid and the result */
	struct phi_maximal_opts dead = {.prune_dead = true};
	cr_assert_eq(phi_maximal_form_bytes(&p, &dead, 0, false, 2, 4, 4), FORM2 + 32 + FORM2);
	prog_free(&p);
}

Test(rename_bytes, maximal_stage)
{
	struct cfg g;
	struct prog p;
	diamond(&p, &g);
	struct phi_maximal_opts o = {.prune_redundant = true};
	/* the tree (128) with phi_maximal's form (128) and its largest phase, here rename-stack's
	 * scratch (above the pruning's 232), all above the tree's own peak (256) */
	uint64_t rs = ren("rename-stack")->scratch_bytes(4, 4, 2, 8, 2);
	cr_assert_gt(rs, 232);
	cr_assert_eq(phi_maximal_stage_bytes(&p, &o, NULL), TREE + FORM2 + rs);
	struct phi_counts none = {0};
	cr_assert_eq(phi_maximal_stage_bytes(&p, &o, &none), TREE + FORM2 + rs);
	/* a kept count is taken as given: 1000 φs of 4000 operands make the pruning's result
	 * 32 + 2 x 4000 (class 4096) + 1001 u64 (8008: class 8192) + 16000 (class 16384) + 32
	 * = 32832, beside its 104 bytes of arrays for the 2 maximal φs */
	struct phi_counts many = {.nphi = 1000, .nargs = 4000};
	cr_assert_eq(phi_maximal_stage_bytes(&p, &o, &many), TREE + FORM2 + 104 + 32832);
	prog_free(&p);
}
