/* LLVM's incremental dominator tree (algos/peers/llvm_update.cpp): llvm-update (insertEdge /
 * deleteEdge per update) and llvm-update-batch (applyUpdates per batch) against the oracle
 * after every batch, on random streams over small graphs of every shape (unreachable blocks,
 * self-loops, parallel edges, edges into the entry), on the compiler-shaped and adversarial
 * streams of gen/stream.h, on parallel copies of one edge (LLVM names edges, not copies) and
 * on blocks made reachable inside a batch; LLVM's incremental post-dominator tree against
 * LLVM's own recomputation. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/oracle.h"
#include "gen/gen.h"
#include "gen/stream.h"
#include "peers/peers.h"
#include "update/dyn_cfg.h"
#include "update/stream.h"
#include "update/update.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct update_algo *const forward[] = {&peer_llvm_update, &peer_llvm_update_batch};
static const struct update_algo *const backward[] = {&peer_llvm_update_pdom,
						     &peer_llvm_update_pdom_batch};

/* The first block whose idom differs, or SSA_NONE. */
static uint32_t first_diff(const uint32_t *a, const uint32_t *b, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return i;
	return SSA_NONE;
}

/* Graphs up to this many blocks are checked with the oracle after every batch; larger ones
 * with `auto` (itself checked against the oracle in test_dom_algos), as the oracle's
 * n(n + m) steps per batch would dominate the suite. */
#define ORACLE_MAX_BLOCKS 64u

/* Runs a over s from g; after every batch its tree must equal the oracle's (forward) or LLVM's
 * fresh post-dominator tree (post). Returns the batch index of the first mismatch, or -1; the
 * mismatch is described in why. */
static long run_checked(const struct update_algo *a, const struct cfg *g,
			const struct update_stream *s, bool post, char *why, size_t whylen)
{
	struct dyn_cfg d;
	cr_assert_eq(dyn_cfg_init(&d, g, s->n_end), SSA_OK);
	void *state = NULL;
	cr_assert_eq(a->init(&state, &d, s->n_end), SSA_OK, "%s: init", a->head.name);
	uint32_t *want = malloc(((size_t)s->n_end + 1) * sizeof *want);
	cr_assert_not_null(want);
	uint64_t counters[UPDATE_MAX_COUNTERS] = {0}, at = 0, start;
	size_t k;
	long batch = 0, bad = -1;
	while (bad < 0 && update_stream_next_batch(s, &at, &start, &k)) {
		cr_assert_eq(dyn_cfg_apply(&d, s->ops + start, k, NULL), SSA_OK);
		cr_assert_eq(a->apply(state, &d, s->ops + start, k, counters), SSA_OK, "%s: apply",
			     a->head.name);
		if (post) {
			cr_assert_eq(peer_llvm_pdom_fresh(&d, want), SSA_OK);
		} else {
			struct cfg c;
			cr_assert_eq(dyn_cfg_export(&d, &c), SSA_OK);
			if (c.n <= ORACLE_MAX_BLOCKS)
				cr_assert_eq(dom_oracle(&c, want), SSA_OK);
			else
				cr_assert_eq(dom_compute(algo_find(dom_algos, dom_nalgos, "auto"), &c,
							 want, NULL),
					     SSA_OK);
			cfg_free(&c);
		}
		const uint32_t *have = a->idom(state);
		uint32_t b = first_diff(have, want, d.n);
		if (b != SSA_NONE) {
			bad = batch;
			snprintf(why, whylen, "%s: after batch %ld (ops %llu..%llu): block %u has %s %d, "
					      "expected %d", a->head.name, batch,
				 (unsigned long long)start, (unsigned long long)(start + k), b,
				 post ? "ipdom" : "idom", (int)have[b], (int)want[b]);
		}
		batch++;
	}
	a->free(state);
	free(want);
	dyn_cfg_free(&d);
	return bad;
}

static void expect_all(const struct cfg *g, const struct update_stream *s, const char *what)
{
	char why[400];
	for (size_t i = 0; i < 2; i++)
		cr_assert_eq(run_checked(forward[i], g, s, false, why, sizeof why), -1, "%s: %s",
			     what, why);
}

static void stream(const struct cfg *g, const char *kind, uint64_t seed, uint64_t updates,
		   uint32_t batch, struct update_stream *s)
{
	struct gen_stream_params sp;
	gen_stream_params_default(&sp);
	sp.kind = kind;
	sp.seed = seed;
	sp.updates = updates;
	sp.batch = batch;
	struct gen_stream_info info;
	int st = gen_stream(&sp, g, s, &info);
	cr_assert_eq(st, SSA_OK, "%s: %s", kind, info.note);
}

/* A random graph of n blocks: entry edges, self-loops, parallel edges, unreachable blocks. */
static void random_graph(struct cfg *g, uint32_t n, uint32_t m, struct ssa_rng *r)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, m + 1), SSA_OK);
	for (uint32_t i = 0; i < m; i++)
		cr_assert_eq(edge_list_push(&el, (uint32_t)ssa_rng_below(r, n),
					    (uint32_t)ssa_rng_below(r, n)),
			     SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

static void make_cfg(struct cfg *g, uint32_t n, const uint32_t (*e)[2], size_t m)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 16), SSA_OK);
	for (size_t i = 0; i < m; i++)
		cr_assert_eq(edge_list_push(&el, e[i][0], e[i][1]), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

static void make_stream(struct update_stream *s, uint32_t n, const struct update *ops, size_t k)
{
	s->n_start = n;
	s->n_end = n;
	for (size_t i = 0; i < k; i++)
		s->n_end += ops[i].kind == UPDATE_BLOCK;
	s->count = k;
	s->ops = malloc(k * sizeof *ops);
	cr_assert_not_null(s->ops);
	memcpy(s->ops, ops, k * sizeof *ops);
	s->names = NULL;
}

#define INS(u, v) {UPDATE_INSERT, u, v}
#define DEL(u, v) {UPDATE_DELETE, u, v}
#define BLK(u) {UPDATE_BLOCK, u, 0}
#define BAT {UPDATE_BATCH, 0, 0}

Test(peers_llvm_update, random_streams_on_small_graphs, .timeout = 600)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, 42);
	static const char *const kinds[] = {"mixed", "insert", "delete"};
	for (uint64_t seed = 1; seed <= 300; seed++) {
		uint32_t n = 1 + (uint32_t)ssa_rng_below(&r, 16);
		struct cfg g;
		random_graph(&g, n, (uint32_t)ssa_rng_below(&r, 3 * n + 1), &r);
		for (size_t k = 0; k < 3; k++)
			for (uint32_t batch = 1; batch <= 7; batch += 6) {
				struct update_stream s;
				stream(&g, kinds[k], seed, 60, batch, &s);
				char what[80];
				snprintf(what, sizeof what, "%s seed %llu batch %u n %u", kinds[k],
					 (unsigned long long)seed, batch, n);
				expect_all(&g, &s, what);
				update_stream_free(&s);
			}
		cfg_free(&g);
	}
}

Test(peers_llvm_update, compiler_and_adversarial_streams_on_every_family, .timeout = 600)
{
	for (size_t f = 0; f < gen_nfamilies; f++) {
		struct gen_params p;
		gen_params_default(&p);
		p.family = gen_families[f].name;
		p.blocks = 60;
		p.seed = 5;
		struct cfg g;
		struct gen_info gi;
		if (gen_cfg(&p, &g, &gi) != SSA_OK)
			continue;
		for (size_t k = 0; k < gen_stream_nkinds; k++) {
			if (gen_stream_kinds[k].cls == GEN_STREAM_RANDOM)
				continue;
			struct gen_stream_params sp;
			gen_stream_params_default(&sp);
			sp.kind = gen_stream_kinds[k].name;
			sp.seed = 3;
			sp.updates = gen_stream_kinds[k].cls == GEN_STREAM_ADVERSARY ? 40 : 0;
			struct update_stream s;
			struct gen_stream_info info;
			int st = gen_stream(&sp, &g, &s, &info);
			if (st == SSA_EUSAGE)
				continue; /* an adversary with nothing to attack here */
			cr_assert_eq(st, SSA_OK, "%s", info.note);
			char what[80];
			snprintf(what, sizeof what, "%s on %s", sp.kind, p.family);
			expect_all(&g, &s, what);
			update_stream_free(&s);
			/* A lazy updater's view: four transformations per batch. */
			if (gen_stream_kinds[k].cls == GEN_STREAM_COMPILER) {
				sp.batch = 4;
				cr_assert_eq(gen_stream(&sp, &g, &s, &info), SSA_OK);
				expect_all(&g, &s, what);
				update_stream_free(&s);
			}
		}
		cfg_free(&g);
	}
}

Test(peers_llvm_update, compiler_stream_at_two_thousand_blocks, .timeout = 600)
{
	struct gen_params p;
	gen_params_default(&p);
	p.family = "structured";
	p.blocks = 2000;
	struct cfg g;
	struct gen_info gi;
	cr_assert_eq(gen_cfg(&p, &g, &gi), SSA_OK);
	struct update_stream s;
	for (uint32_t batch = 0; batch <= 16; batch += 16) {
		stream(&g, "compiler", 1, 0, batch, &s);
		expect_all(&g, &s, "compiler on structured 2000");
		update_stream_free(&s);
	}
	cfg_free(&g);
}

/* A switch with two cases to block 1 (two copies of 0 -> 1): deleting one copy leaves the edge,
 * so LLVM must not be told; deleting the second makes 1 unreachable. In one batch as well, with
 * the pattern that nets to nothing (delete, delete, insert: the edge is there after it). */
Test(peers_llvm_update, parallel_copies_of_one_edge)
{
	struct cfg g;
	make_cfg(&g, 4, (const uint32_t[][2]){{0, 1}, {0, 1}, {0, 2}, {1, 3}, {2, 3}}, 5);
	static const struct update one_by_one[] = {DEL(0, 1), BAT, DEL(0, 1), BAT, INS(0, 1), BAT,
						   INS(0, 1), BAT};
	static const struct update in_one_batch[] = {DEL(0, 1), DEL(0, 1), INS(0, 1), BAT,
						     DEL(0, 1), INS(0, 1), DEL(0, 1), BAT};
	struct update_stream s;
	make_stream(&s, 4, one_by_one, sizeof one_by_one / sizeof one_by_one[0]);
	expect_all(&g, &s, "one copy at a time");
	update_stream_free(&s);
	make_stream(&s, 4, in_one_batch, sizeof in_one_batch / sizeof in_one_batch[0]);
	expect_all(&g, &s, "copies within a batch");
	/* What LLVM is told: the first batch nets to nothing for it (the edge exists before and
	 * after), the second to one deletion. */
	struct dyn_cfg d;
	cr_assert_eq(dyn_cfg_init(&d, &g, 4), SSA_OK);
	void *state;
	cr_assert_eq(peer_llvm_update_batch.init(&state, &d, 4), SSA_OK);
	uint64_t c[UPDATE_MAX_COUNTERS] = {0};
	cr_assert_eq(dyn_cfg_apply(&d, in_one_batch, 3, NULL), SSA_OK);
	cr_assert_eq(peer_llvm_update_batch.apply(state, &d, in_one_batch, 3, c), SSA_OK);
	cr_assert_eq(c[0], 2, "told: delete (copies 1 -> 0), insert (0 -> 1)");
	cr_assert_eq(c[1], 1, "not told: the first delete (2 -> 1)");
	peer_llvm_update_batch.free(state);
	dyn_cfg_free(&d);
	update_stream_free(&s);
	cfg_free(&g);
}

/* New blocks joined to each other while unreachable, then made reachable, then cut off, all
 * inside batches; and a block made reachable and unreachable again within one batch. */
Test(peers_llvm_update, blocks_made_reachable_inside_a_batch)
{
	struct cfg g;
	make_cfg(&g, 4, (const uint32_t[][2]){{0, 1}, {1, 2}, {2, 3}, {1, 3}}, 4);
	static const struct update ops[] = {
		BLK(4), BLK(5), INS(5, 3), INS(4, 5), INS(5, 2), INS(0, 4), DEL(1, 2), BAT,
		BLK(6), INS(6, 1), INS(3, 6), DEL(0, 4), BAT,
		INS(0, 4), DEL(0, 4), INS(6, 4), BAT,
		DEL(0, 1), INS(0, 6), BAT,
	};
	struct update_stream s;
	make_stream(&s, 4, ops, sizeof ops / sizeof ops[0]);
	expect_all(&g, &s, "new blocks in batches");
	update_stream_free(&s);
	cfg_free(&g);
}

/* Inlining: the callee's blocks arrive unreachable with their edges, then the call edge makes
 * them reachable and the split block's old edge goes, in one batch. */
Test(peers_llvm_update, inline_batches)
{
	for (uint64_t seed = 1; seed <= 40; seed++) {
		struct gen_params p;
		gen_params_default(&p);
		p.family = seed % 2 ? "structured" : "random";
		p.blocks = 60;
		p.seed = seed;
		struct cfg g;
		struct gen_info gi;
		cr_assert_eq(gen_cfg(&p, &g, &gi), SSA_OK);
		struct update_stream s;
		stream(&g, "inline", seed, 0, 0, &s);
		expect_all(&g, &s, p.family);
		update_stream_free(&s);
		cfg_free(&g);
	}
}

/* ssalab's post-dominators of g with the virtual exit joined to the given roots: the tree any
 * post-dominator construction must give once the roots are chosen (ipdom SSA_NONE under the
 * virtual exit). */
static void postdom_with_roots(const struct cfg *g, const uint8_t *isroot, uint32_t *ipdom)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, g->n + 1, g->m + g->n + 1), SSA_OK);
	for (uint32_t b = 0; b < g->n; b++)
		if (isroot[b])
			cr_assert_eq(edge_list_push(&el, 0, b + 1), SSA_OK);
	for (uint32_t v = 0; v < g->n; v++)
		for (uint32_t i = g->pred_off[v]; i < g->pred_off[v + 1]; i++)
			cr_assert_eq(edge_list_push(&el, v + 1, g->pred[i] + 1), SSA_OK);
	struct cfg r;
	cr_assert_eq(cfg_from_edges(&r, &el), SSA_OK);
	edge_list_free(&el);
	uint32_t *ridom = malloc(((size_t)g->n + 1) * sizeof *ridom);
	cr_assert_not_null(ridom);
	cr_assert_eq(dom_oracle(&r, ridom), SSA_OK);
	for (uint32_t b = 0; b < g->n; b++)
		ipdom[b] = ridom[b + 1] == 0 || ridom[b + 1] == SSA_NONE ? SSA_NONE : ridom[b + 1] - 1;
	free(ridom);
	cfg_free(&r);
}

/* LLVM's post-dominator tree, updated incrementally, against LLVM's own recomputation after
 * every batch. They differ, in LLVM 22.1.8, in one way only (the next test shows the smallest
 * case): the incremental tree keeps a root that FindRoots would no longer choose inside a region
 * that cannot reach an exit. Every difference must be of that kind: other roots, and a tree
 * that is exactly the post-dominator tree for the roots it has (so nothing else is wrong). */
Test(peers_llvm_update, post_dominators_against_llvm_recomputed, .timeout = 600)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, 7);
	uint32_t stale[2] = {0, 0}, batches = 0;
	for (uint64_t seed = 1; seed <= 200; seed++) {
		uint32_t n = 2 + (uint32_t)ssa_rng_below(&r, 14);
		struct cfg g;
		random_graph(&g, n, (uint32_t)ssa_rng_below(&r, 3 * n + 1), &r);
		struct update_stream s;
		stream(&g, "mixed", seed, 40, seed % 3 ? 1 : 5, &s);
		for (size_t i = 0; i < 2; i++) {
			const struct update_algo *a = backward[i];
			struct dyn_cfg d;
			cr_assert_eq(dyn_cfg_init(&d, &g, s.n_end), SSA_OK);
			void *state;
			cr_assert_eq(a->init(&state, &d, s.n_end), SSA_OK);
			uint32_t fresh[32], ours[32];
			uint8_t isroot[32];
			uint64_t c[UPDATE_MAX_COUNTERS] = {0}, at = 0, start;
			size_t k;
			while (update_stream_next_batch(&s, &at, &start, &k)) {
				cr_assert_eq(dyn_cfg_apply(&d, s.ops + start, k, NULL), SSA_OK);
				cr_assert_eq(a->apply(state, &d, s.ops + start, k, c), SSA_OK);
				batches++;
				cr_assert_eq(peer_llvm_pdom_fresh(&d, fresh), SSA_OK);
				const uint32_t *have = a->idom(state);
				if (first_diff(have, fresh, d.n) == SSA_NONE)
					continue;
				stale[i]++;
				bool roots_differ = false;
				for (uint32_t b = 0; b < d.n; b++) {
					isroot[b] = have[b] == SSA_NONE;
					roots_differ |= isroot[b] != (fresh[b] == SSA_NONE);
				}
				cr_assert(roots_differ, "%s seed %llu: same roots, other tree",
					  a->head.name, (unsigned long long)seed);
				struct cfg now;
				cr_assert_eq(dyn_cfg_export(&d, &now), SSA_OK);
				postdom_with_roots(&now, isroot, ours);
				uint32_t b = first_diff(have, ours, d.n);
				cr_assert_eq(b, SSA_NONE,
					     "%s seed %llu: ipdom(%u) = %d is wrong even for LLVM's own "
					     "roots (%d)", a->head.name, (unsigned long long)seed, b,
					     (int)have[b], (int)ours[b]);
				/* LLVM's verifier agrees (checked once: it prints both trees). */
				if (stale[0] + stale[1] == 1)
					cr_assert_eq(peer_llvm_update_verify(a, state), SSA_EVERIFY,
						     "LLVM's verifier accepts a tree that differs from "
						     "its recomputation");
				cfg_free(&now);
			}
			a->free(state);
			dyn_cfg_free(&d);
		}
		update_stream_free(&s);
		cfg_free(&g);
	}
	cr_log_info("LLVM's incremental post-dominator tree kept a stale root after %u (one by one) "
		    "and %u (batches) of %u batches", stale[0], stale[1], batches / 2);
}

/* A finding, LLVM 22.1.8: 0 -> 2, 1 -> 2, 2 -> 0 cannot reach an exit; FindRoots roots it at 2.
 * Insert 0 -> 1: a fresh tree is rooted at 1, but insertEdge leaves the root at 2. InsertReachable
 * returns early when the nearest common dominator is one level above the target ("nothing
 * affected"), before UpdateRootsAfterUpdate, the step that recomputes the tree when the roots
 * FindRoots would choose have changed; LLVM's own verify() then reports "PostDominatorTree is
 * different than a freshly computed one!". This test pins the behaviour: if it fails, LLVM now
 * re-checks the roots here (update the test and algos/peers/README.md). */
Test(peers_llvm_update, llvm_postdom_insertion_keeps_a_stale_root)
{
	struct cfg g;
	make_cfg(&g, 3, (const uint32_t[][2]){{0, 2}, {1, 2}, {2, 0}}, 3);
	for (size_t i = 0; i < 2; i++) {
		const struct update_algo *a = backward[i];
		struct dyn_cfg d;
		cr_assert_eq(dyn_cfg_init(&d, &g, 3), SSA_OK);
		void *state;
		cr_assert_eq(a->init(&state, &d, 3), SSA_OK);
		const uint32_t *before = a->idom(state);
		cr_assert(before[0] == 2 && before[1] == 2 && before[2] == SSA_NONE,
			  "%s: rooted at 2 before", a->head.name);
		static const struct update ins = INS(0, 1);
		uint64_t c[UPDATE_MAX_COUNTERS] = {0};
		cr_assert_eq(dyn_cfg_apply(&d, &ins, 1, NULL), SSA_OK);
		cr_assert_eq(a->apply(state, &d, &ins, 1, c), SSA_OK);
		uint32_t fresh[3];
		cr_assert_eq(peer_llvm_pdom_fresh(&d, fresh), SSA_OK);
		cr_assert(fresh[0] == 1 && fresh[1] == SSA_NONE && fresh[2] == 0,
			  "a fresh tree is rooted at 1");
		const uint32_t *have = a->idom(state);
		cr_expect(have[0] == 2 && have[1] == 2 && have[2] == SSA_NONE,
			  "%s: LLVM now updates the root (ipdoms %d %d %d)", a->head.name,
			  (int)have[0], (int)have[1], (int)have[2]);
		cr_expect_eq(peer_llvm_update_verify(a, state), SSA_EVERIFY);
		a->free(state);
		dyn_cfg_free(&d);
	}
	cfg_free(&g);
}
