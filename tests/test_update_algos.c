/* Every algorithm of update_algos[] against the oracle after every batch: exhaustively over small
 * graphs and their single-edge changes, on random streams (insertions, deletions, mixed, batches
 * of many sizes, new blocks), forward and as post-dominators, and on the bug classes users of
 * incremental dominator trees have hit (algos/update/README.md lists them). */
#include <criterion/criterion.h>

#include "support/domcheck_graphs.h"
#include "support/domcheck_random.h"
#include "update/check.h"
#include "update/dyn_cfg.h"
#include "update/reverse.h"
#include "update/stream.h"
#include "util/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A stream from the body of a file: the header (with its count) and 'end' are added. */
static void stream_parse(const struct cfg *g, const char *body, struct update_stream *s)
{
	uint64_t k = 0;
	for (const char *p = body; *p; p++)
		if ((p == body || p[-1] == '\n') && (*p == 'i' || *p == 'd' || *p == 'a'))
			k++;
	size_t len = strlen(body) + 64;
	char *text = malloc(len);
	snprintf(text, len, "p update %u %llu\n%s\nend\n", g->n, (unsigned long long)k, body);
	FILE *f = fmemopen(text, strlen(text), "rb");
	struct io_error err;
	int st = update_stream_read(f, "t.upd", g, NULL, s, &err);
	fclose(f);
	char msg[512] = "";
	if (st)
		io_error_format(&err, msg, sizeof msg);
	cr_assert_eq(st, SSA_OK, "%s", msg);
	free(text);
}

/* Every algorithm, checked after every batch, on g and s; and on the post-dominator problem. */
static void check_all(const struct cfg *g, const struct update_stream *s, const char *what)
{
	struct cfg rg;
	struct update_stream rs;
	cr_assert_eq(update_reverse(g, s, &rg, &rs), SSA_OK, "%s: reverse", what);
	for (size_t i = 0; i < update_nalgos; i++) {
		const struct update_algo *a = update_algos[i];
		char msg[256];
		struct update_check_report rep;
		int st = update_run_checked(a, g, s, 1, &rep, NULL, msg, sizeof msg);
		cr_assert_eq(st, SSA_OK, "%s, %s: after batch %llu: %s", what, a->head.name,
			     (unsigned long long)rep.failed_batch, msg);
		st = update_run_checked(a, &rg, &rs, 1, &rep, NULL, msg, sizeof msg);
		cr_assert_eq(st, SSA_OK, "%s, %s, post-dominators: after batch %llu: %s", what,
			     a->head.name, (unsigned long long)rep.failed_batch, msg);
	}
	update_stream_free(&rs);
	cfg_free(&rg);
}

static void check_text(const char *graph, const char *body)
{
	struct cfg g;
	cr_assert_eq(dc_parse(&g, graph), SSA_OK, "%s", graph);
	struct update_stream s;
	stream_parse(&g, body, &s);
	char what[256];
	snprintf(what, sizeof what, "[%s] + [%s]", graph, body);
	check_all(&g, &s, what);
	update_stream_free(&s);
	cfg_free(&g);
}

Test(update_algos, registry)
{
	cr_assert(update_nalgos >= 5);
	for (size_t i = 0; i < update_nalgos; i++) {
		const struct update_algo *a = update_algos[i];
		cr_assert(a->state_bytes(1000, 2000) > 0, "%s", a->head.name);
		cr_assert(a->init && a->apply && a->idom && a->free, "%s", a->head.name);
	}
	cr_assert_not_null(algo_find(update_algos, update_nalgos, "recompute"));
	cr_assert_not_null(algo_find(update_algos, update_nalgos, "dbs"));
	cr_assert_not_null(algo_find(update_algos, update_nalgos, "dsnca"));
}

/* Every graph on 3 blocks (self-loops included, 512 of them) and every single change of it:
 * one more copy of any edge, or one copy fewer of any present edge; each change is a batch,
 * undone by the next. */
Test(update_algos, exhaustive_three_blocks)
{
	for (uint32_t mask = 0; mask < 512; mask++) {
		struct edge_list el;
		cr_assert_eq(edge_list_init(&el, 3, 10), SSA_OK);
		for (uint32_t e = 0; e < 9; e++)
			if (mask >> e & 1)
				edge_list_push(&el, e / 3, e % 3);
		struct cfg g;
		cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
		edge_list_free(&el);
		struct update ops[9 * 4 * 2];
		uint64_t k = 0;
		for (uint32_t e = 0; e < 9; e++) {
			uint32_t u = e / 3, v = e % 3;
			ops[k++] = (struct update){UPDATE_INSERT, u, v};
			ops[k++] = (struct update){UPDATE_BATCH, 0, 0};
			ops[k++] = (struct update){UPDATE_DELETE, u, v};
			ops[k++] = (struct update){UPDATE_BATCH, 0, 0};
			if (mask >> e & 1) {
				ops[k++] = (struct update){UPDATE_DELETE, u, v};
				ops[k++] = (struct update){UPDATE_BATCH, 0, 0};
				ops[k++] = (struct update){UPDATE_INSERT, u, v};
				ops[k++] = (struct update){UPDATE_BATCH, 0, 0};
			}
		}
		struct update_stream s = {.n_start = 3, .n_end = 3, .count = k, .ops = ops};
		char what[32];
		snprintf(what, sizeof what, "3-block graph %u", mask);
		check_all(&g, &s, what);
		cfg_free(&g);
	}
}

/* Every graph on 4 blocks without self-loops (4096) and every edge toggled on and off. */
Test(update_algos, exhaustive_four_blocks)
{
	static const uint32_t pairs[12][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 2}, {1, 3},
					      {2, 0}, {2, 1}, {2, 3}, {3, 0}, {3, 1}, {3, 2}};
	for (uint32_t mask = 0; mask < 4096; mask++) {
		struct edge_list el;
		cr_assert_eq(edge_list_init(&el, 4, 13), SSA_OK);
		for (uint32_t e = 0; e < 12; e++)
			if (mask >> e & 1)
				edge_list_push(&el, pairs[e][0], pairs[e][1]);
		struct cfg g;
		cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
		edge_list_free(&el);
		struct update ops[12 * 4];
		uint64_t k = 0;
		for (uint32_t e = 0; e < 12; e++) {
			bool there = mask >> e & 1;
			uint32_t first = there ? UPDATE_DELETE : UPDATE_INSERT;
			uint32_t second = there ? UPDATE_INSERT : UPDATE_DELETE;
			ops[k++] = (struct update){first, pairs[e][0], pairs[e][1]};
			ops[k++] = (struct update){UPDATE_BATCH, 0, 0};
			ops[k++] = (struct update){second, pairs[e][0], pairs[e][1]};
			ops[k++] = (struct update){UPDATE_BATCH, 0, 0};
		}
		struct update_stream s = {.n_start = 4, .n_end = 4, .count = k, .ops = ops};
		char what[32];
		snprintf(what, sizeof what, "4-block graph %u", mask);
		check_all(&g, &s, what);
		cfg_free(&g);
	}
}

/* A random stream over g: `steps` edits, a share ins_pct of them insertions (the rest
 * deletions of an edge present at that point, when there is one), new blocks with probability
 * new_pct, batches of `batch` edits (0: random sizes 1..8). Edges favour targets near the source
 * when local is set, so deletions cut real structure rather than random chords. */
static void random_stream(const struct cfg *g, uint64_t seed, uint32_t steps, uint32_t ins_pct,
			  uint32_t new_pct, uint32_t batch, struct update_stream *s)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, seed);
	struct dyn_cfg d;
	cr_assert_eq(dyn_cfg_init(&d, g, g->n + steps), SSA_OK);
	uint64_t cap = (uint64_t)steps * 2 + 2;
	memset(s, 0, sizeof *s);
	s->ops = malloc(cap * sizeof *s->ops);
	s->n_start = g->n;
	uint64_t k = 0;
	uint32_t in_batch = 0, size = batch ? batch : 1 + (uint32_t)ssa_rng_below(&r, 8);
	for (uint32_t i = 0; i < steps; i++) {
		struct update o;
		if (ssa_rng_below(&r, 100) < new_pct) {
			uint32_t id;
			cr_assert_eq(dyn_cfg_add_block(&d, &id), SSA_OK);
			o = (struct update){UPDATE_BLOCK, id, 0};
		} else {
			bool ins = ssa_rng_below(&r, 100) < ins_pct || d.m == 0;
			if (!ins) {
				/* a random present edge: a random block with successors, then one of them */
				uint32_t u, deg = 0;
				for (int t = 0; t < 64 && !deg; t++) {
					u = (uint32_t)ssa_rng_below(&r, d.n);
					dyn_succ(&d, u, &deg);
				}
				if (!deg)
					ins = true;
				else {
					const uint32_t *sv = dyn_succ(&d, u, &deg);
					uint32_t v = sv[ssa_rng_below(&r, deg)];
					cr_assert_eq(dyn_cfg_delete(&d, u, v), SSA_OK);
					o = (struct update){UPDATE_DELETE, u, v};
				}
			}
			if (ins) {
				uint32_t u = (uint32_t)ssa_rng_below(&r, d.n);
				uint32_t v = (uint32_t)ssa_rng_below(&r, d.n);
				cr_assert_eq(dyn_cfg_insert(&d, u, v), SSA_OK);
				o = (struct update){UPDATE_INSERT, u, v};
			}
		}
		s->ops[k++] = o;
		if (++in_batch == size) {
			s->ops[k++] = (struct update){UPDATE_BATCH, 0, 0};
			in_batch = 0;
			size = batch ? batch : 1 + (uint32_t)ssa_rng_below(&r, 8);
		}
	}
	if (in_batch || k == 0)
		s->ops[k++] = (struct update){UPDATE_BATCH, 0, 0};
	s->count = k;
	s->n_end = d.n;
	dyn_cfg_free(&d);
	char why[128];
	cr_assert_eq(update_stream_check(g, s, NULL, why, sizeof why), SSA_OK, "%s", why);
}

static void random_case(uint64_t seed, uint32_t maxn, uint32_t steps, uint32_t ins_pct,
			uint32_t new_pct, uint32_t batch)
{
	struct cfg g;
	cr_assert_eq(dc_random_graph(&g, seed, maxn), SSA_OK);
	struct update_stream s;
	random_stream(&g, seed * 7 + 1, steps, ins_pct, new_pct, batch, &s);
	char what[128];
	snprintf(what, sizeof what, "random seed %llu (n %u, %u steps, %u%% ins, batch %u)",
		 (unsigned long long)seed, g.n, steps, ins_pct, batch);
	check_all(&g, &s, what);
	update_stream_free(&s);
	cfg_free(&g);
}

Test(update_algos, random_insertions)
{
	for (uint64_t seed = 1; seed <= 300; seed++)
		random_case(seed, 30, 40, 100, 0, 1 + seed % 3);
}

Test(update_algos, random_deletions)
{
	for (uint64_t seed = 1; seed <= 300; seed++)
		random_case(seed, 30, 40, 0, 0, 1 + seed % 3);
}

Test(update_algos, random_mixed_with_new_blocks)
{
	static const uint32_t batches[] = {1, 2, 3, 5, 8, 20, 0};
	for (uint64_t seed = 1; seed <= 700; seed++)
		random_case(seed, 40, 60, 50, 8, batches[seed % 7]);
}

Test(update_algos, random_one_big_batch)
{
	for (uint64_t seed = 1; seed <= 200; seed++)
		random_case(seed, 60, 80, 30 + seed % 40, 5, 80);
}

/* Larger graphs, checked against the oracle (still within its limit). */
Test(update_algos, random_larger)
{
	for (uint64_t seed = 1; seed <= 12; seed++)
		random_case(seed * 1000, 400, 300, 50, 2, seed % 4 ? (uint32_t)(seed % 4) * 3 : 0);
}

/* The shape of a bug LLVM's updater once had: a switch with two edges to the same block; both
 * deleted and one inserted again in one batch nets one copy fewer, and the dominators must not
 * change. Then the same updates one batch each, and a third deletion in a batch after an
 * insertion. */
Test(update_algos, repeated_edges_deleted_twice_and_inserted_again)
{
	check_text("4: 0>1 1>2 1>2 2>3 1>3", "d 1 2\nd 1 2\ni 1 2\nbatch");
	check_text("4: 0>1 1>2 1>2 2>3 1>3", "d 1 2\nbatch\nd 1 2\nbatch\ni 1 2\nbatch");
	check_text("4: 0>1 1>2 1>2 2>3 1>3", "d 1 2\nd 1 2\nbatch\ni 1 2\ni 1 2\nd 1 2\nbatch\nd 1 2");
	check_text("3: 0>1 0>1 0>1 1>2", "d 0 1\nd 0 1\nd 0 1\ni 0 1\nbatch\nd 0 1");
}

/* A new block made reachable and unreachable again inside one batch, and the reverse. */
Test(update_algos, reachable_and_unreachable_in_one_batch)
{
	check_text("3: 0>1 1>2", "a 3\ni 1 3\ni 3 2\nd 1 3\nbatch");
	check_text("3: 0>1 1>2", "a 3\ni 1 3\ni 3 2\nd 1 2\nd 1 3\ni 1 3\nbatch");
	check_text("4: 0>1 1>2 2>3", "d 0 1\ni 0 1\nbatch\nd 0 1\ni 0 2\ni 2 1\nd 0 2\nbatch");
	check_text("5: 0>1 1>2 2>3 3>4", "d 1 2\ni 0 3\nd 0 3\ni 1 2\nbatch");
}

Test(update_algos, self_loops)
{
	check_text("3: 0>1 1>2", "i 1 1\nbatch\ni 0 0\nbatch\nd 1 1\nbatch\ni 2 2\ni 2 2\nd 2 2\nbatch");
	check_text("2: 0>0 1>1", "i 0 1\nbatch\nd 1 1\nbatch\nd 0 0\nbatch\nd 0 1\nbatch");
}

/* Edges among unreachable blocks, then the region connected and cut again. */
Test(update_algos, updates_from_and_to_unreachable_blocks)
{
	check_text("6: 0>1 3>4 4>5 5>3",
		   "i 4 2\nbatch\ni 2 5\nbatch\ni 1 3\nbatch\ni 5 1\nbatch\nd 1 3\nbatch\nd 4 2");
	check_text("6: 0>1", "i 2 3\ni 3 4\ni 4 2\nbatch\ni 1 4\nbatch\ni 3 1\nbatch\nd 1 4\nbatch");
}

/* Post-dominators: blocks becoming exits (losing their last successor) and stopping being
 * exits, and infinite loops appearing. check_all runs every case reversed as well; these
 * streams are built for it. */
Test(update_algos, exits_appearing_and_vanishing)
{
	check_text("5: 0>1 0>2 1>3 2>3 3>4", "d 3 4\nbatch\ni 3 4\nbatch\nd 1 3\nbatch\ni 1 3\nbatch");
	check_text("4: 0>1 1>2 2>1 1>3", "d 1 3\nbatch\ni 2 3\nbatch\nd 2 3\ni 1 3\nbatch");
	check_text("4: 0>1 1>2 2>3", "a 4\ni 3 4\nd 3 4\nbatch\ni 4 0\nbatch\na 5\ni 1 5\nbatch");
	check_text("3: 0>1 1>2", "d 1 2\ni 1 1\nbatch\nd 1 1\nbatch\ni 1 2\nbatch");
}

Test(update_algos, insert_delete_pair_in_one_batch)
{
	check_text("4: 0>1 1>2 2>3", "i 0 3\nd 0 3\nbatch");
	check_text("4: 0>1 1>2 2>3", "d 1 2\ni 1 2\nbatch");
	check_text("4: 0>1 1>2 2>3", "i 0 2\nd 1 2\ni 1 2\nd 0 2\nbatch");
}

/* Deleting the only edge into a large subtree: a binary tree of 4095 blocks with back edges
 * under block 1, cut off and attached again elsewhere. */
Test(update_algos, only_edge_into_a_large_subtree)
{
	uint32_t n = 4097;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 3 * n), SSA_OK);
	edge_list_push(&el, 0, 1);
	edge_list_push(&el, 0, 4096);
	for (uint32_t b = 1; b < 4096; b++) {
		if (2 * b < 4096)
			edge_list_push(&el, b, 2 * b);
		if (2 * b + 1 < 4096)
			edge_list_push(&el, b, 2 * b + 1);
		if (b > 3 && b % 5 == 0)
			edge_list_push(&el, b, b / 4); /* back edges inside the subtree */
	}
	struct cfg g;
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	struct update_stream s;
	stream_parse(&g, "d 0 1\nbatch\ni 4096 1\nbatch\ni 0 1\nbatch\nd 4096 1\nbatch\nd 0 1\ni 0 3\n"
			 "batch\ni 0 1\nd 0 3\nbatch",
		     &s);
	for (size_t i = 0; i < update_nalgos; i++) {
		char msg[256];
		struct update_check_report rep;
		int st = update_run_checked(update_algos[i], &g, &s, 1, &rep, NULL, msg, sizeof msg);
		cr_assert_eq(st, SSA_OK, "%s: after batch %llu: %s", update_algos[i]->head.name,
			     (unsigned long long)rep.failed_batch, msg);
	}
	update_stream_free(&s);
	cfg_free(&g);
}

/* A 10^6-block chain: cut at the entry, joined again, short-cut, cut in the middle. Nothing
 * may recurse; the trees are compared with the reference and certified. */
Test(update_algos, million_block_chain, .timeout = 600)
{
	uint32_t n = 1000000;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, n), SSA_OK);
	for (uint32_t b = 0; b + 1 < n; b++)
		edge_list_push(&el, b, b + 1);
	struct cfg g;
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	struct update_stream s;
	stream_parse(&g, "d 0 1\nbatch\ni 0 1\nbatch\ni 0 999999\nbatch\nd 500000 500001\nbatch\n"
			 "i 999999 1\nbatch\nd 999999 1\ni 1 0\nbatch",
		     &s);
	for (size_t i = 0; i < update_nalgos; i++) {
		char msg[256];
		struct update_check_report rep;
		int st = update_run_checked(update_algos[i], &g, &s, 1, &rep, NULL, msg, sizeof msg);
		cr_assert_eq(st, SSA_OK, "%s: after batch %llu: %s", update_algos[i]->head.name,
			     (unsigned long long)rep.failed_batch, msg);
		cr_assert_eq(rep.how, UPDATE_CHECK_REFERENCE);
		cr_assert_eq(rep.checked, 7);
	}
	update_stream_free(&s);
	cfg_free(&g);
}

/* The deletion of 5->3 below changes idom(3) from 0 to 2, though following the semidominators
 * from 5 upwards (5, then 2, then 0) skips semi(3) = 1: the DFS-tree path 5, 4 holds it (semi(4)
 * = 1). A rule that tests only that chain, as Julia's domtree.jl does for deletions, would keep
 * the old tree. */
Test(update_algos, dsnca_deletion_rule)
{
	check_text("6: 0>1 0>2 1>2 1>4 2>3 2>4 2>5 4>5 5>3", "d 5 3\nbatch");
	struct cfg g;
	cr_assert_eq(dc_parse(&g, "6: 0>1 0>2 1>2 1>4 2>3 2>4 2>5 4>5 5>3"), SSA_OK);
	struct update_stream s;
	stream_parse(&g, "d 5 3\nbatch", &s);
	uint32_t idom[6];
	cr_assert_eq(update_run(algo_find(update_algos, update_nalgos, "dsnca"), &g, &s, idom, NULL),
		     SSA_OK);
	cr_assert_eq(idom[3], 2);
	update_stream_free(&s);
	cfg_free(&g);
}

/* update_run_checked finds a wrong tree: a deliberately broken algorithm (dbs whose apply does
 * nothing) fails after the first batch that changes a dominator. */
static int noop_apply(void *state, const struct dyn_cfg *g, const struct update *ops, size_t k,
		      uint64_t *counters)
{
	(void)state, (void)g, (void)ops, (void)k, (void)counters;
	return SSA_OK;
}

Test(update_algos, checks_can_fail)
{
	const struct update_algo *dbs = algo_find(update_algos, update_nalgos, "dbs");
	struct update_algo broken = *dbs;
	broken.apply = noop_apply;
	struct cfg g;
	cr_assert_eq(dc_parse(&g, "4: 0>1 1>2 2>3"), SSA_OK);
	struct update_stream s;
	stream_parse(&g, "i 0 0\nbatch\ni 0 2\nbatch\ni 0 3\nbatch", &s);
	char msg[256];
	struct update_check_report rep;
	cr_assert_eq(update_run_checked(&broken, &g, &s, 1, &rep, NULL, msg, sizeof msg), SSA_EVERIFY);
	cr_assert_eq(rep.failed_batch, 2);
	cr_assert_str_eq(msg, "block 2: idom 1, expected 0 (oracle)");
	update_stream_free(&s);
	cfg_free(&g);
}

Test(update_algos, check_every_spreads_large_runs)
{
	cr_assert_eq(update_check_every(100, 200, 1000), 1);
	uint64_t k = update_check_every(1000000, 2000000, 1000);
	cr_assert(k > 1 && k < 1000, "k = %llu", (unsigned long long)k);
	cr_assert_eq(update_check_every(10, 10, 0), 1);
}

/* update_check_stream, the update stage's check, says what it compared: on 0>1 1>2 2>3 with two
 * batches, every tree against the oracle; dbs that applies nothing fails after batch 2 (the
 * edge 0>2 makes 0 the idom of 2), and the message names the batch of the stream as given. */
Test(update_algos, check_stream_message)
{
	struct cfg g;
	cr_assert_eq(dc_parse(&g, "4: 0>1 1>2 2>3"), SSA_OK);
	struct update_stream s;
	stream_parse(&g, "i 0 0\nbatch\ni 0 2\nbatch", &s);
	char msg[400];
	const struct update_algo *dbs = algo_find(update_algos, update_nalgos, "dbs");
	cr_assert_eq(update_check_stream(dbs, &g, &s, false, 2, msg, sizeof msg), SSA_OK, "%s", msg);
	cr_expect_str_eq(msg, "tree after the build and after each of 2 batches = the brute-force "
			      "oracle");
	struct update_algo broken = *dbs;
	broken.apply = noop_apply;
	cr_assert_eq(update_check_stream(&broken, &g, &s, true, 5, msg, sizeof msg), SSA_EVERIFY);
	cr_expect_str_eq(msg, "post-dominator tree (reversed graph, virtual exit) after batch 2 of "
			      "5: block 2: idom 1, expected 0 (oracle)");
	update_stream_free(&s);
	cfg_free(&g);
}
