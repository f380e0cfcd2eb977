/* The dominator algorithms of algos/dom/: every registered algorithm against the oracle on hand
 * graphs and thousands of random small graphs, their counters against the facts of
 * FAMILIES.md (chk's passes on itworst, snca's k^2 NCA steps on sncaworst, auto's fallback),
 * and deep graphs that would overflow a recursive implementation. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/dom_internal.h"
#include "dom/oracle.h"
#include "gen/gen.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void build(struct cfg *g, uint32_t n, const uint32_t (*edges)[2], uint32_t m)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, m ? m : 1), SSA_OK);
	for (uint32_t i = 0; i < m; i++)
		cr_assert_eq(edge_list_push(&el, edges[i][0], edges[i][1]), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

/* Runs a on g and compares with want (n entries); what names the graph in a failure. */
static void expect_idoms(const struct dom_algo *a, const struct cfg *g, const uint32_t *want,
			 const char *what)
{
	uint32_t *got = malloc((size_t)g->n * sizeof *got);
	uint64_t c[DOM_MAX_COUNTERS];
	cr_assert_not_null(got);
	cr_assert_eq(dom_compute(a, g, got, c), SSA_OK, "%s on %s: run failed", a->head.name, what);
	for (uint32_t b = 0; b < g->n; b++)
		cr_assert_eq(got[b], want[b], "%s on %s: idom(%u) = %d, expected %d", a->head.name, what,
			     b, (int)got[b], (int)want[b]);
	free(got);
}

static void expect_all(const struct cfg *g, const uint32_t *want, const char *what)
{
	for (size_t i = 0; i < dom_nalgos; i++)
		expect_idoms(dom_algos[i], g, want, what);
}

static void expect_oracle(const struct cfg *g, const char *what)
{
	uint32_t *want = malloc((size_t)g->n * sizeof *want);
	cr_assert_not_null(want);
	cr_assert_eq(dom_oracle(g, want), SSA_OK);
	expect_all(g, want, what);
	free(want);
}

#define N_ SSA_NONE

/* Names, heads and the lookup of every table are checked in test_bench_registry.c; here what
 * only the dominator table promises. */
Test(dom_algos, registry_names_and_find)
{
	for (size_t i = 0; i < dom_nalgos; i++)
		cr_assert(dom_algos[i]->scratch_bytes(1000, 2000) > 0, "%s", dom_algos[i]->head.name);
	cr_assert_null(algo_find(dom_algos, dom_nalgos, "nope"));
	cr_assert_null(algo_find(dom_algos, dom_nalgos, NULL));
	cr_assert(dom_nalgos >= 2);
}

Test(dom_algos, single_block_and_self_loop)
{
	static const uint32_t e[][2] = {{0, 0}};
	struct cfg g;
	build(&g, 1, e, 0);
	uint32_t want[] = {N_};
	expect_all(&g, want, "single block");
	cfg_free(&g);
	build(&g, 1, e, 1);
	expect_all(&g, want, "single block with self-loop");
	cfg_free(&g);
}

Test(dom_algos, diamond_loop_unreachable_multi_edges)
{
	/* 0 -> 1,2 -> 3 -> 4 -> 1 (loop), 3 -> 5; 6 unreachable -> 3; duplicate 0->1; 5 self-loop. */
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {0, 1}, {1, 3}, {2, 3}, {3, 4},
					{4, 1}, {3, 5}, {6, 3}, {5, 5}};
	struct cfg g;
	build(&g, 7, e, sizeof e / sizeof *e);
	uint32_t want[] = {N_, 0, 0, 0, 3, 3, N_};
	expect_all(&g, want, "diamond with loop");
	cfg_free(&g);
}

Test(dom_algos, irreducible_and_entry_in_loop)
{
	/* Two-entry loop 1 <-> 2 entered from 0 at both; 2 -> 3; 3 -> 0 makes the entry a loop
	 * header. */
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 2}, {2, 1}, {2, 3}, {3, 0}};
	struct cfg g;
	build(&g, 4, e, sizeof e / sizeof *e);
	uint32_t want[] = {N_, 0, 0, 2};
	expect_all(&g, want, "irreducible loop");
	cfg_free(&g);
}

/* Random graphs: a family picked by seed. Half get a spanning arborescence (everything
 * reachable), half are plain random (unreachable blocks, dead predecessors). */
static void random_graph(struct cfg *g, uint64_t seed, uint32_t maxn)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, seed);
	uint32_t n = 1 + (uint32_t)ssa_rng_below(&r, maxn);
	uint32_t extra = (uint32_t)ssa_rng_below(&r, 3 * (uint64_t)n + 1);
	int tree = ssa_rng_below(&r, 2) == 0;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 4 * n + 1), SSA_OK);
	if (tree)
		for (uint32_t v = 1; v < n; v++)
			cr_assert_eq(edge_list_push(&el, (uint32_t)ssa_rng_below(&r, v), v), SSA_OK);
	for (uint32_t i = 0; i < extra; i++) {
		uint32_t u = (uint32_t)ssa_rng_below(&r, n), v = (uint32_t)ssa_rng_below(&r, n);
		cr_assert_eq(edge_list_push(&el, u, v), SSA_OK);
	}
	/* Shuffle so tree edges are not always first in a block's successor list. */
	for (uint32_t i = el.m; i > 1; i--) {
		uint32_t j = (uint32_t)ssa_rng_below(&r, i);
		uint32_t ts = el.src[i - 1], td = el.dst[i - 1];
		el.src[i - 1] = el.src[j];
		el.dst[i - 1] = el.dst[j];
		el.src[j] = ts;
		el.dst[j] = td;
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

Test(dom_algos, random_small_graphs_equal_oracle)
{
	char what[96];
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		struct cfg g;
		random_graph(&g, seed, seed <= 2000 ? 12 : 80);
		snprintf(what, sizeof what, "random graph seed %llu (n=%u m=%u)",
			 (unsigned long long)seed, g.n, g.m);
		expect_oracle(&g, what);
		cfg_free(&g);
	}
}

/* ---- every generator family, small, against the oracle ---- */

static int gen_small(struct cfg *g, const char *family, uint64_t blocks, uint64_t seed,
		     struct gen_info *info)
{
	struct gen_params p;
	gen_params_default(&p);
	p.family = family;
	p.blocks = blocks;
	p.seed = seed;
	if (strcmp(family, "itworst") == 0)
		p.edges = blocks * 4;
	return gen_cfg(&p, g, info);
}

Test(dom_algos, every_family_equals_oracle)
{
	static const uint64_t sizes[] = {1, 2, 3, 5, 9, 17, 40, 101, 300};
	char what[256];
	for (size_t f = 0; f < gen_nfamilies; f++) {
		for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
			for (uint64_t seed = 1; seed <= 3; seed++) {
				struct cfg g;
				struct gen_info info;
				int rc = gen_small(&g, gen_families[f].name, sizes[s], seed, &info);
				if (rc == SSA_EUSAGE)
					continue; /* the family has a minimum size */
				cr_assert_eq(rc, SSA_OK, "gen %s blocks=%llu: %s", gen_families[f].name,
					     (unsigned long long)sizes[s], info.note);
				snprintf(what, sizeof what, "family %s blocks=%llu seed=%llu (%s)",
					 gen_families[f].name, (unsigned long long)sizes[s],
					 (unsigned long long)seed, info.note);
				expect_oracle(&g, what);
				cfg_free(&g);
			}
		}
	}
}

/* ---- counters: the facts FAMILIES.md states ---- */

static void run_counted(const char *algo, const struct cfg *g, uint64_t *c)
{
	const struct dom_algo *a = algo_find(dom_algos, dom_nalgos, algo);
	cr_assert_not_null(a);
	uint32_t *idom = malloc((size_t)g->n * sizeof *idom);
	cr_assert_not_null(idom);
	cr_assert_eq(dom_compute(a, g, idom, c), SSA_OK);
	free(idom);
}

Test(dom_algos, chk_passes_on_itworst_and_idfsquad)
{
	for (uint64_t k = 2; k <= 40; k += 3) {
		struct cfg g;
		struct gen_info info;
		struct gen_params p;
		gen_params_default(&p);
		p.family = "itworst";
		p.blocks = 4 * k + 1;
		p.edges = k * k + 5 * k;
		cr_assert_eq(gen_cfg(&p, &g, &info), SSA_OK);
		cr_assert_eq(info.k, k, "itworst picked %s", info.note);
		uint64_t c[DOM_MAX_COUNTERS];
		run_counted("chk", &g, c);
		cr_assert_eq(c[0], k + 1, "chk on itworst k=%llu: %llu passes, expected k+1",
			     (unsigned long long)k, (unsigned long long)c[0]);
		cfg_free(&g);

		p.family = "idfsquad";
		p.blocks = 3 * k + 1;
		p.edges = 0;
		cr_assert_eq(gen_cfg(&p, &g, &info), SSA_OK);
		cr_assert_eq(info.k, k, "idfsquad picked %s", info.note);
		run_counted("chk", &g, c);
		cr_assert_eq(c[0], k + 2, "chk on idfsquad k=%llu: %llu passes, expected k+2",
			     (unsigned long long)k, (unsigned long long)c[0]);
		cfg_free(&g);
	}
}

Test(dom_algos, chk_steps_on_itworst_grow_as_k4)
{
	/* ~1.5 k^4 intersect steps (FAMILIES.md): check the constant within a factor. */
	uint64_t k = 60;
	struct cfg g;
	struct gen_info info;
	struct gen_params p;
	gen_params_default(&p);
	p.family = "itworst";
	p.blocks = 4 * k + 1;
	p.edges = k * k + 5 * k;
	cr_assert_eq(gen_cfg(&p, &g, &info), SSA_OK);
	uint64_t c[DOM_MAX_COUNTERS];
	run_counted("chk", &g, c);
	double ratio = (double)c[1] / ((double)k * k * k * k);
	cr_assert(ratio > 1.0 && ratio < 2.0, "chk itworst k=60: %llu steps = %.2f k^4",
		  (unsigned long long)c[1], ratio);
	cfg_free(&g);
}

/* sncaworst(k) by the arcs of FAMILIES.md, so the count does not depend on the generator. */
static void sncaworst(struct cfg *g, uint32_t k)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, 2 * k + 1, 3 * k), SSA_OK);
	/* r = 0, x_i = i, y_i = k + i */
	cr_assert_eq(edge_list_push(&el, 0, 1), SSA_OK);
	for (uint32_t i = 1; i <= k; i++)
		cr_assert_eq(edge_list_push(&el, 0, k + i), SSA_OK);
	for (uint32_t i = 1; i < k; i++)
		cr_assert_eq(edge_list_push(&el, i, i + 1), SSA_OK);
	for (uint32_t i = 1; i <= k; i++)
		cr_assert_eq(edge_list_push(&el, k, k + i), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

/* ladder of k rungs: a_i = i - 1, b_i = k + i - 1; a_i -> a_{i+1} before the rung. */
static void ladder(struct cfg *g, uint32_t k)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, 2 * k, 3 * k), SSA_OK);
	for (uint32_t i = 0; i < k; i++) {
		if (i + 1 < k)
			cr_assert_eq(edge_list_push(&el, i, i + 1), SSA_OK);
		cr_assert_eq(edge_list_push(&el, i, k + i), SSA_OK);
		if (i + 1 < k)
			cr_assert_eq(edge_list_push(&el, k + i, k + i + 1), SSA_OK);
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

Test(dom_algos, snca_nca_steps_on_sncaworst_are_k_squared)
{
	static const uint32_t ks[] = {1, 2, 3, 10, 100, 1000};
	for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
		uint32_t k = ks[i];
		struct cfg g;
		sncaworst(&g, k);
		uint64_t c[DOM_MAX_COUNTERS];
		run_counted("snca", &g, c);
		cr_assert_eq(c[1], (uint64_t)k * k, "snca on sncaworst k=%u: %llu NCA steps", k,
			     (unsigned long long)c[1]);
		if (k <= 100)
			expect_oracle(&g, "sncaworst");
		cfg_free(&g);
	}
}

Test(dom_algos, snca_nca_steps_on_ladder_are_quadratic)
{
	uint64_t c[DOM_MAX_COUNTERS];
	struct cfg g;
	ladder(&g, 1000);
	run_counted("snca", &g, c);
	/* b_i's walk climbs from a_i to a_1: about k^2/2 steps in all. */
	cr_assert(c[1] >= 1000ull * 999 / 2 - 1000 && c[1] <= 1000ull * 1000,
		  "snca on ladder k=1000: %llu NCA steps", (unsigned long long)c[1]);
	cfg_free(&g);
}

/* Appends DOM_AUTO_MID_N blocks that nothing reaches and that have no edges: the same
 * reachable graph and the same m, but too many blocks for auto's small and mid-size paths,
 * so auto runs Semi-NCA and its budget is what is tested. */
static void pad(struct cfg *g)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, g->n + DOM_AUTO_MID_N, g->m), SSA_OK);
	for (uint32_t u = 0; u < g->n; u++)
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++)
			cr_assert_eq(edge_list_push(&el, u, g->succ[e]), SSA_OK);
	cfg_free(g);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

Test(dom_algos, auto_falls_back_only_when_snca_would_be_quadratic)
{
	uint64_t c[DOM_MAX_COUNTERS], cs[DOM_MAX_COUNTERS];
	struct cfg g;
	/* Small quadratic instances stay inside the NCA budget's slack of 64 steps... */
	sncaworst(&g, 4);
	pad(&g);
	run_counted("auto", &g, c);
	cr_assert_eq(c[2], 0, "auto fell back on sncaworst k=4");
	cr_assert_eq(c[1], 16);
	cfg_free(&g);
	sncaworst(&g, 9);
	pad(&g);
	run_counted("auto", &g, c);
	cr_assert_eq(c[2], 1, "auto did not fall back on sncaworst k=9 (81 steps)");
	cfg_free(&g);
	/* ...large ones run dry about 64 + n/16 steps after their walks turn long (a flat budget
	 * of m walked m), and the answer is still right. */
	static const uint32_t ks[] = {20, 100, 3000};
	for (size_t i = 0; i < sizeof ks / sizeof *ks; i++) {
		sncaworst(&g, ks[i]);
		const uint64_t reach = g.n, slack = 64 + reach / 16;
		pad(&g);
		run_counted("auto", &g, c);
		cr_assert_eq(c[2], 1, "auto did not fall back on sncaworst k=%u", ks[i]);
		cr_assert(c[1] >= slack && c[1] <= 2 * slack, "auto walked %llu NCA steps, slack %llu",
			  (unsigned long long)c[1], (unsigned long long)slack);
		if (ks[i] <= 100)
			expect_oracle(&g, "sncaworst (auto fallback)");
		cfg_free(&g);

		ladder(&g, ks[i]);
		pad(&g);
		run_counted("auto", &g, c);
		cr_assert_eq(c[2], 1, "auto did not fall back on ladder k=%u", ks[i]);
		if (ks[i] <= 100)
			expect_oracle(&g, "ladder (auto fallback)");
		cfg_free(&g);
	}
	/* Ordinary graphs never fall back, and then auto does exactly snca's work. */
	static const char *const fams[] = {"structured", "random", "diamonds", "irreducible",
					   "switch", "dense", "chain"};
	for (size_t f = 0; f < sizeof fams / sizeof *fams; f++) {
		for (uint64_t seed = 1; seed <= 3; seed++) {
			struct gen_info info;
			cr_assert_eq(gen_small(&g, fams[f], 20000, seed, &info), SSA_OK);
			run_counted("auto", &g, c);
			run_counted("snca", &g, cs);
			cr_assert_eq(c[2], 0, "auto fell back on %s seed %llu (%llu NCA steps, m=%u)",
				     fams[f], (unsigned long long)seed, (unsigned long long)c[1], g.m);
			cr_assert_eq(c[0], cs[0]);
			cr_assert_eq(c[1], cs[1]);
			cfg_free(&g);
		}
	}
}

/* The fallback on many graphs: a quadratic core (sncaworst or ladder) with random extra edges
 * appended, so the fallback's buckets and compression see irregular shapes. */
Test(dom_algos, auto_fallback_random_cores_equal_oracle)
{
	char what[128];
	unsigned fell = 0, total = 0;
	for (uint64_t seed = 1; seed <= 400; seed++) {
		struct ssa_rng r;
		ssa_rng_seed(&r, seed * 7919);
		uint32_t k = 20 + (uint32_t)ssa_rng_below(&r, 40);
		int lad = (int)ssa_rng_below(&r, 2);
		struct cfg core;
		if (lad)
			ladder(&core, k);
		else
			sncaworst(&core, k);
		/* Two extra blocks no path reaches, with edges into the core: dead predecessors. */
		struct edge_list el;
		cr_assert_eq(edge_list_init(&el, core.n + 2, core.m + 16), SSA_OK);
		for (uint32_t u = core.n; u < core.n + 2; u++)
			cr_assert_eq(edge_list_push(&el, u, (uint32_t)ssa_rng_below(&r, core.n)), SSA_OK);
		for (uint32_t u = 0; u < core.n; u++)
			for (uint32_t e = core.succ_off[u]; e < core.succ_off[u + 1]; e++)
				cr_assert_eq(edge_list_push(&el, u, core.succ[e]), SSA_OK);
		uint32_t extra = (uint32_t)ssa_rng_below(&r, 6);
		for (uint32_t i = 0; i < extra; i++)
			cr_assert_eq(edge_list_push(&el, (uint32_t)ssa_rng_below(&r, core.n),
						    (uint32_t)ssa_rng_below(&r, core.n)),
				     SSA_OK);
		struct cfg g;
		cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
		edge_list_free(&el);
		cfg_free(&core);
		snprintf(what, sizeof what, "%s k=%u + %u random edges + 2 dead blocks (seed %llu)",
			 lad ? "ladder" : "sncaworst", k, extra, (unsigned long long)seed);
		uint64_t c[DOM_MAX_COUNTERS];
		run_counted("auto", &g, c);
		fell += c[2] != 0;
		total++;
		expect_oracle(&g, what);
		cfg_free(&g);
	}
	cr_assert(fell > total / 2, "auto fell back on only %u of %u quadratic cores", fell, total);
}

/* ---- deep graphs: no recursion anywhere ---- */

/* A chain 0 -> 1 -> ... -> n-1, with back edges n-1 -> 1 and n-1 -> n/2 so that eval and
 * the NCA walk compress paths of length ~n. */
static void long_chain(struct cfg *g, uint32_t n)
{
	uint32_t m = n - 1 + 2;
	uint32_t *off = malloc(((size_t)n + 1) * sizeof *off);
	uint32_t *succ = malloc((size_t)m * sizeof *succ);
	cr_assert(off && succ);
	for (uint32_t b = 0; b + 1 < n; b++) {
		off[b] = b;
		succ[b] = b + 1;
	}
	off[n - 1] = n - 1;
	succ[n - 1] = 1;
	succ[n] = n / 2;
	off[n] = m;
	cr_assert_eq(cfg_from_succ_csr(g, n, m, off, succ), SSA_OK);
}

/* One algorithm on one chain, on a thread with a small stack (below): a recursive implementation
 * overflows it long before the chain ends, whatever its frame size. */
struct chain_job {
	const struct dom_algo *algo;
	const struct cfg *g;
	uint32_t *idom;
	int status;
};

static void *chain_job_run(void *arg)
{
	struct chain_job *j = arg;
	uint64_t c[DOM_MAX_COUNTERS];
	j->status = dom_compute(j->algo, j->g, j->idom, c);
	return NULL;
}

/* 512 KB: an iterative kernel needs a few KB of it (more under ASan); a recursion one frame per
 * block needs at least 32768 x 16 bytes at the smallest size a test uses (ALGO_TEST_MIN_BLOCKS). */
#define CHAIN_STACK_BYTES (512u << 10)

/* Every table entry on a chain whose length follows its declared worst case (algo_test_blocks):
 * 10^7 blocks for the near-linear ones, so a slow new algorithm costs the suite seconds, not
 * hours. Graphs of each length are built once. */
Test(dom_algos, ten_million_block_chain_no_stack_overflow, .timeout = 600)
{
	const uint32_t linear = 10000000;
	for (size_t i = 0; i < dom_nalgos; i++) {
		const struct dom_algo *a = dom_algos[i];
		if (a->prepare)
			continue; /* a peer library (LLVM, Boost): deep graphs in test_peers_* */
		uint32_t n = algo_test_blocks(&a->head, linear);
		struct cfg g;
		long_chain(&g, n);
		uint32_t *idom = malloc((size_t)n * sizeof *idom);
		cr_assert_not_null(idom);
		struct chain_job job = {.algo = a, .g = &g, .idom = idom, .status = -1};
		pthread_attr_t attr;
		pthread_t th;
		cr_assert_eq(pthread_attr_init(&attr), 0);
		cr_assert_eq(pthread_attr_setstacksize(&attr, CHAIN_STACK_BYTES), 0);
		cr_assert_eq(pthread_create(&th, &attr, chain_job_run, &job), 0);
		cr_assert_eq(pthread_join(th, NULL), 0);
		pthread_attr_destroy(&attr);
		cr_assert_eq(job.status, SSA_OK, "%s on a %u-block chain", a->head.name, n);
		cr_assert_eq(idom[0], SSA_NONE, "%s", a->head.name);
		for (uint32_t b = 1; b < n; b++)
			if (idom[b] != b - 1)
				cr_assert_fail("%s on a %u-block chain: idom(%u) = %u", a->head.name, n, b,
					       idom[b]);
		free(idom);
		cfg_free(&g);
	}
}

Test(dom_algos, test_sizes_follow_the_declared_worst_case)
{
	const struct dom_algo *slt = algo_find(dom_algos, dom_nalgos, "slt");
	const struct dom_algo *iter = algo_find(dom_algos, dom_nalgos, "iter");
	cr_assert_eq(algo_test_blocks(&slt->head, 10000000), 10000000);
	cr_assert_eq(algo_test_blocks(&iter->head, 10000000), ALGO_TEST_MIN_BLOCKS);
	struct algo_head quad = {.name = "q", .worst_degree = 2};
	cr_assert_eq(algo_test_blocks(&quad, 4000000000u), 63245); /* 63245^2 <= 4e9 < 63246^2 */
	cr_assert_eq(algo_test_blocks(&quad, 1000), 1000);         /* never above linear */
}

Test(dom_algos, iter_estimate_is_quadratic)
{
	const struct dom_algo *a = algo_find(dom_algos, dom_nalgos, "iter");
	cr_assert_not_null(a);
	/* n^2/8 bytes at least: 10^6 blocks need ~125 GB, so bench refuses them. */
	cr_assert(a->scratch_bytes(1000000, 2000000) >= 125000000000ull);
	cr_assert(a->scratch_bytes(UINT32_MAX - 1, UINT32_MAX - 1) > (1ull << 60));
	const struct dom_algo *snca = algo_find(dom_algos, dom_nalgos, "snca");
	cr_assert(snca->scratch_bytes(1000000, 2000000) < 64000000ull);
}
