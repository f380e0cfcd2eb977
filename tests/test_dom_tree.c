/* The shared dominator-tree builder against brute force: on random trees (and forests of
 * unreachable blocks), "a dominates b" by the interval test equals walking b's idom chain up
 * to a; depth equals the chain length; children are ascending; a computed tree can be
 * recomputed in place; idom arrays that are not trees are rejected. The builder from a
 * dominator algorithm's own numbering (domtree_compute_numbered) gives the same tree up to the
 * order of siblings, on random trees and on every family through auto's and snca's tree step,
 * and rejects numberings that are not such a tree. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/domtree.h"
#include "gen/gen.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* A random tree over a random subset of blocks, rooted at 0; the rest have no idom. When po is
 * not NULL it gets the blocks of the tree in the order they joined it (parents first), and
 * *npo their count. */
static void random_idom_order(struct ssa_rng *r, uint32_t n, uint32_t *idom, uint32_t *po,
			      uint32_t *npo)
{
	uint32_t *in_tree = malloc(n * sizeof *in_tree), k = 1;
	in_tree[0] = 0;
	idom[0] = SSA_NONE;
	for (uint32_t b = 1; b < n; b++) {
		if (ssa_rng_chance(r, 1, 5)) {
			idom[b] = SSA_NONE; /* unreachable */
			continue;
		}
		/* Parent among blocks already in the tree: acyclic by construction. */
		idom[b] = in_tree[ssa_rng_below(r, k)];
		in_tree[k++] = b;
	}
	if (po) {
		memcpy(po, in_tree, k * sizeof *po);
		*npo = k;
	}
	free(in_tree);
}

static void random_idom(struct ssa_rng *r, uint32_t n, uint32_t *idom)
{
	random_idom_order(r, n, idom, NULL, NULL);
}

static bool chain_dominates(const uint32_t *idom, uint32_t a, uint32_t b, uint32_t root)
{
	/* b is in the tree iff its chain reaches the root. */
	uint32_t x = b;
	bool hit = false;
	while (x != SSA_NONE) {
		if (x == a)
			hit = true;
		if (x == root)
			return hit;
		x = idom[x];
	}
	return false;
}

static uint32_t chain_depth(const uint32_t *idom, uint32_t b)
{
	uint32_t d = 0;
	while (idom[b] != SSA_NONE) {
		b = idom[b];
		d++;
	}
	return d;
}

Test(domtree, intervals_equal_idom_chains_on_random_trees)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, 7);
	for (int it = 0; it < 300; it++) {
		uint32_t n = 1 + (uint32_t)ssa_rng_below(&r, 60);
		uint32_t *idom = malloc(n * sizeof *idom);
		random_idom(&r, n, idom);
		struct domtree t;
		cr_assert_eq(domtree_alloc(&t, n), SSA_OK);
		/* Compute twice in the same storage: the second must not see the first's data. */
		for (int pass = 0; pass < 2; pass++) {
			cr_assert_eq(domtree_compute(&t, idom, 0), SSA_OK, "iteration %d", it);
			uint32_t inside = 0;
			for (uint32_t b = 0; b < n; b++) {
				bool reach = chain_dominates(idom, 0, b, 0);
				inside += reach;
				cr_assert_eq(t.tin[b] != SSA_NONE, reach, "it %d block %u", it, b);
				if (reach)
					cr_assert_eq(t.depth[b], chain_depth(idom, b));
				for (uint32_t a = 0; a < n; a++)
					cr_assert_eq(domtree_dominates(&t, a, b),
						     chain_dominates(idom, a, b, 0),
						     "it %d: %u dom %u", it, a, b);
				for (uint32_t c = t.child_off[b]; c + 1 < t.child_off[b + 1]; c++)
					cr_assert_lt(t.child[c], t.child[c + 1]);
			}
			cr_assert_eq(t.nreach, inside);
			for (uint32_t i = 0; i < t.nreach; i++)
				cr_assert_eq(t.tin[t.order[i]], i);
		}
		domtree_free(&t);
		free(idom);
	}
}

Test(domtree, rejects_what_is_not_a_tree)
{
	struct domtree t;
	uint32_t cycle[] = {SSA_NONE, 2, 1, 0};      /* 1 and 2 idom each other */
	uint32_t self[] = {SSA_NONE, 1};             /* a block its own idom */
	uint32_t range[] = {SSA_NONE, 9};            /* idom out of range */
	uint32_t rooted[] = {1, SSA_NONE};           /* the root has an idom */
	cr_expect_eq(domtree_build(&t, cycle, 4, 0), SSA_EVERIFY);
	cr_expect_eq(domtree_build(&t, self, 2, 0), SSA_EVERIFY);
	cr_expect_eq(domtree_build(&t, range, 2, 0), SSA_EVERIFY);
	cr_expect_eq(domtree_build(&t, rooted, 2, 0), SSA_EVERIFY);
}

Test(domtree, deep_chain_of_ten_million_blocks)
{
	const uint32_t n = 10000000;
	uint32_t *idom = malloc(n * sizeof *idom);
	idom[0] = SSA_NONE;
	for (uint32_t b = 1; b < n; b++)
		idom[b] = b - 1;
	struct domtree t;
	cr_assert_eq(domtree_build(&t, idom, n, 0), SSA_OK);
	cr_assert_eq(t.depth[n - 1], n - 1);
	cr_assert_eq(t.tlast[0], n - 1);
	cr_assert(domtree_dominates(&t, 1, n - 1));
	cr_assert_not(domtree_dominates(&t, n - 1, 1));
	domtree_free(&t);
	free(idom);
}

/* t (from domtree_compute_numbered) against ref (from domtree_compute) over the same idom: the
 * same blocks, idoms, depths and subtree sizes, a valid numbering (order inverts tin, every
 * block inside its idom's interval) and, when t has them, the same children sets in preorder. */
static void expect_same_tree(const struct domtree *t, const struct domtree *ref, const char *what)
{
	const uint32_t n = ref->n;
	bool ok = t->nreach == ref->nreach && t->root == ref->root &&
		  !memcmp(t->idom, ref->idom, n * sizeof(uint32_t)) &&
		  !memcmp(t->depth, ref->depth, n * sizeof(uint32_t));
	for (uint32_t b = 0; ok && b < n; b++) {
		if (ref->tin[b] == SSA_NONE) {
			ok = t->tin[b] == SSA_NONE && t->tlast[b] == 0;
			continue;
		}
		ok = t->tin[b] < t->nreach && t->order[t->tin[b]] == b &&
		     t->tlast[b] - t->tin[b] == ref->tlast[b] - ref->tin[b];
		uint32_t d = t->idom[b];
		if (ok && d != SSA_NONE)
			ok = t->tin[d] < t->tin[b] && t->tlast[b] <= t->tlast[d];
		if (!ok || !t->child_off)
			continue;
		uint32_t c0 = t->child_off[b], k = t->child_off[b + 1] - c0;
		ok = k == ref->child_off[b + 1] - ref->child_off[b];
		for (uint32_t i = 0; ok && i < k; i++) {
			uint32_t c = t->child[c0 + i];
			ok = c < n && t->idom[c] == b && (i == 0 || t->tin[t->child[c0 + i - 1]] < t->tin[c]);
		}
	}
	if (!ok)
		cr_assert_fail("%s: the ordered tree differs from domtree_compute's", what);
}

/* ord/didom for a parents-first order po of the tree idom: ord = po, didom by position. */
static void numbering(const uint32_t *idom, const uint32_t *po, uint32_t npo, uint32_t n,
		      uint32_t *didom)
{
	uint32_t *num = malloc(n * sizeof *num);
	for (uint32_t x = 0; x < npo; x++)
		num[po[x]] = x;
	didom[0] = SSA_NONE;
	for (uint32_t x = 1; x < npo; x++)
		didom[x] = num[idom[po[x]]];
	free(num);
}

Test(domtree, numbered_equals_compute_on_random_trees)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, 11);
	for (int it = 0; it < 400; it++) {
		uint32_t n = 1 + (uint32_t)ssa_rng_below(&r, 80), npo;
		uint32_t *idom = malloc(n * sizeof *idom), *po = malloc(n * sizeof *po);
		uint32_t *didom = malloc(n * sizeof *didom), *sz = malloc(n * sizeof *sz);
		random_idom_order(&r, n, idom, po, &npo);
		/* Another parents-first order: swap neighbours that are not parent and child. */
		for (uint32_t x = 1; x + 1 < npo; x++)
			if (idom[po[x + 1]] != po[x] && ssa_rng_chance(&r, 1, 2)) {
				uint32_t y = po[x];
				po[x] = po[x + 1];
				po[x + 1] = y;
			}
		numbering(idom, po, npo, n, didom);
		struct domtree ref, full, lean;
		cr_assert_eq(domtree_build(&ref, idom, n, 0), SSA_OK);
		cr_assert_eq(domtree_alloc(&full, n), SSA_OK);
		cr_assert_eq(domtree_alloc_lean(&lean, n), SSA_OK);
		memcpy(full.idom, idom, n * sizeof *idom);
		memcpy(lean.idom, idom, n * sizeof *idom);
		char what[64];
		snprintf(what, sizeof what, "iteration %d", it);
		/* twice in the same storage: the second must not see the first's data */
		for (int pass = 0; pass < 2; pass++) {
			cr_assert_eq(domtree_compute_numbered(&full, po, didom, npo, sz), SSA_OK, "%s",
				     what);
			expect_same_tree(&full, &ref, what);
			cr_assert_eq(domtree_compute_numbered(&lean, po, didom, npo, sz), SSA_OK, "%s",
				     what);
			cr_assert_null(lean.child_off);
			expect_same_tree(&lean, &ref, what);
		}
		/* domtree_compute on a lean tree gives it children: the same tree as ref's. */
		cr_assert_eq(domtree_compute(&lean, idom, 0), SSA_OK);
		cr_assert(!memcmp(lean.tin, ref.tin, n * sizeof(uint32_t)));
		cr_assert(!memcmp(lean.child, ref.child, (ref.nreach - 1) * sizeof(uint32_t)));
		domtree_free(&ref);
		domtree_free(&full);
		domtree_free(&lean);
		free(idom);
		free(po);
		free(didom);
		free(sz);
	}
}

Test(domtree, numbered_rejects_what_is_not_the_tree)
{
	/* 0 -> 1 -> 2, 0 -> 3; block 4 outside the tree */
	uint32_t idom[] = {SSA_NONE, 0, 1, 0, SSA_NONE};
	static const struct {
		uint32_t ord[5], didom[5], nr;
	} bad[] = {
		{{0, 2, 1, 3}, {0, 2, 0, 0}, 4},       /* an idom numbered above its block */
		{{0, 1, 1, 3}, {0, 0, 0, 0}, 4},       /* block 1 twice, 2 missing */
		{{0, 1, 3}, {0, 0, 0}, 3},             /* block 2 missing */
		{{1, 0, 2, 3}, {0, 0, 1, 1}, 4},       /* the root is not block 0's tree's root */
		{{0, 1, 2, 3, 4}, {0, 0, 1, 0, 0}, 5}, /* 4 has no idom */
		{{0, 1, 2, 3}, {0, 0, 0, 0}, 4},       /* 2's idom is 1, not 0 */
	};
	uint32_t sz[5];
	struct domtree t;
	cr_assert_eq(domtree_alloc_lean(&t, 5), SSA_OK);
	memcpy(t.idom, idom, sizeof idom);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		cr_expect_eq(domtree_compute_numbered(&t, bad[i].ord, bad[i].didom, bad[i].nr, sz),
			     SSA_EVERIFY, "case %zu", i);
	uint32_t ord[] = {0, 3, 1, 2}, didom[] = {0, 0, 0, 2};
	cr_expect_eq(domtree_compute_numbered(&t, ord, didom, 4, sz), SSA_OK);
	cr_expect_eq(t.tin[3], 1);
	cr_expect_eq(t.tin[1], 2);
	cr_expect_eq(t.tlast[1], 3);
	domtree_free(&t);
}

/* On every family, at the sizes of auto's three paths (and Semi-NCA's fallback on the
 * adversarial ones): the tree step of auto and snca gives domtree_compute's tree. */
Test(domtree, numbered_from_auto_and_snca_on_every_family)
{
	static const uint64_t sizes[] = {40, 1000, 20000};
	static const char *const algos[] = {"auto", "snca"};
	for (size_t f = 0; f < gen_nfamilies; f++)
		for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
			struct gen_params gp;
			gen_params_default(&gp);
			gp.family = gen_families[f].name;
			gp.blocks = sizes[k];
			struct cfg g;
			struct gen_info info;
			cr_assert_eq(gen_cfg(&gp, &g, &info), SSA_OK, "%s", info.note);
			for (size_t a = 0; a < 2; a++) {
				const struct dom_algo *da = algo_find(dom_algos, dom_nalgos, algos[a]);
				void *scratch;
				uint64_t c[DOM_MAX_COUNTERS];
				struct domtree ref, t;
				cr_assert_eq(da->scratch_alloc(&scratch, g.n, g.m), SSA_OK);
				cr_assert_eq(domtree_alloc(&ref, g.n), SSA_OK);
				cr_assert_eq(domtree_alloc_lean(&t, g.n), SSA_OK);
				cr_assert_eq(da->run(scratch, &g, t.idom, c), SSA_OK);
				cr_assert_eq(domtree_compute(&ref, t.idom, 0), SSA_OK);
				char what[96];
				snprintf(what, sizeof what, "%s n=%u %s", gp.family, g.n, algos[a]);
				int st = da->tree(scratch, &g, &t);
				if (st == SSA_OK)
					expect_same_tree(&t, &ref, what);
				else
					cr_assert(st == SSA_EUSAGE && a == 0 && g.n <= 64, "%s: %s", what,
						  ssa_status_str(st));
				domtree_free(&ref);
				domtree_free(&t);
				da->scratch_free(scratch);
			}
			cfg_free(&g);
		}
}
