/* The loop nesting forest (algos/loops/) against a brute-force reading of its definition
 * (loops.h), on hand-made graphs, thousands of small random graphs and every generator family;
 * known facts of the families at large sizes (nesting depth, multi-entry loops, no recursion on
 * 10^6-block chains and nests); reducibility agrees with cfg_is_reducible. */
#include <criterion/criterion.h>

#include "dom/reducible.h"
#include "gen/gen.h"
#include "loops/loops.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the reference: the definition, computed directly (small graphs only) ---- */

struct bf {
	uint32_t n, cnt;
	uint32_t *pre, *last; /* recursive DFS, successors in edge order */
	uint8_t *is_header;
	uint8_t *in;          /* in[h*n+b]: b in L(h) */
};

static void bf_dfs(const struct cfg *g, struct bf *r, uint32_t b)
{
	r->pre[b] = r->cnt++;
	for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++)
		if (r->pre[g->succ[e]] == SSA_NONE)
			bf_dfs(g, r, g->succ[e]);
	r->last[b] = r->cnt - 1;
}

static bool bf_desc(const struct bf *r, uint32_t h, uint32_t w)
{
	return r->pre[w] != SSA_NONE && r->pre[h] <= r->pre[w] && r->pre[w] <= r->last[h];
}

static void bf_build(const struct cfg *g, struct bf *r)
{
	uint32_t n = g->n;
	r->n = n;
	r->cnt = 0;
	r->pre = malloc(n * sizeof(uint32_t));
	r->last = malloc(n * sizeof(uint32_t));
	r->is_header = calloc(n, 1);
	r->in = calloc((size_t)n * n, 1);
	for (uint32_t b = 0; b < n; b++)
		r->pre[b] = r->last[b] = SSA_NONE;
	bf_dfs(g, r, 0);
	uint32_t *work = malloc(n * sizeof(uint32_t));
	for (uint32_t h = 0; h < n; h++) {
		if (r->pre[h] == SSA_NONE)
			continue;
		for (uint32_t i = g->pred_off[h]; i < g->pred_off[h + 1]; i++)
			if (bf_desc(r, h, g->pred[i]))
				r->is_header[h] = 1;
		if (!r->is_header[h])
			continue;
		/* backward search from h, never leaving desc(h) */
		uint8_t *in = r->in + (size_t)h * n;
		uint32_t top = 0;
		in[h] = 1;
		work[top++] = h;
		while (top) {
			uint32_t x = work[--top];
			for (uint32_t i = g->pred_off[x]; i < g->pred_off[x + 1]; i++) {
				uint32_t y = g->pred[i];
				if (bf_desc(r, h, y) && !in[y]) {
					in[y] = 1;
					work[top++] = y;
				}
			}
		}
	}
	free(work);
}

static void bf_free(struct bf *r)
{
	free(r->pre);
	free(r->last);
	free(r->is_header);
	free(r->in);
}

static uint32_t bf_size(const struct bf *r, uint32_t h)
{
	uint32_t s = 0;
	for (uint32_t b = 0; b < r->n; b++)
		s += r->in[(size_t)h * r->n + b];
	return s;
}

static bool bf_entry(const struct cfg *g, const struct bf *r, uint32_t h, uint32_t x)
{
	const uint8_t *in = r->in + (size_t)h * r->n;
	if (!in[x])
		return false;
	if (x == h)
		return true;
	for (uint32_t i = g->pred_off[x]; i < g->pred_off[x + 1]; i++) {
		uint32_t y = g->pred[i];
		if (r->pre[y] != SSA_NONE && !in[y])
			return true;
	}
	return false;
}

/* The smallest loop (by header) strictly containing L(h), or SSA_NONE; checks laminarity. */
static uint32_t bf_parent(const struct bf *r, uint32_t h, uint32_t *depth)
{
	uint32_t n = r->n, best = SSA_NONE, bs = UINT32_MAX, sh = bf_size(r, h);
	*depth = 1;
	for (uint32_t k = 0; k < n; k++) {
		if (!r->is_header[k] || k == h)
			continue;
		const uint8_t *a = r->in + (size_t)h * n, *b = r->in + (size_t)k * n;
		uint32_t both = 0, sk = bf_size(r, k);
		for (uint32_t x = 0; x < n; x++)
			both += a[x] && b[x];
		cr_assert(both == 0 || both == sh || both == sk, "loops %u and %u overlap", h, k);
		if (both == sh && sk > sh) {
			(*depth)++;
			if (sk < bs) {
				bs = sk;
				best = k;
			}
		}
	}
	return best;
}

/* Compares every field of f with the reference. */
static void check_against_bf(const struct cfg *g, const struct loop_forest *f, const char *what)
{
	struct bf r;
	bf_build(g, &r);
	uint32_t n = g->n, headers = 0, irred = 0;
	for (uint32_t h = 0; h < n; h++)
		headers += r.is_header[h];
	cr_assert_eq(f->nloops, headers, "%s: %u loops, reference %u", what, f->nloops, headers);
	uint32_t *loop_of = malloc(n * sizeof(uint32_t));
	for (uint32_t b = 0; b < n; b++)
		loop_of[b] = SSA_NONE;
	for (uint32_t l = 0; l < f->nloops; l++) {
		uint32_t h = f->header[l];
		cr_assert(h < n && r.is_header[h] && loop_of[h] == SSA_NONE, "%s: loop %u header %u",
			  what, l, h);
		loop_of[h] = l;
		cr_assert(f->last[l] >= l && f->last[l] < f->nloops, "%s: loop %u last", what, l);
	}
	for (uint32_t l = 0; l < f->nloops; l++) {
		uint32_t h = f->header[l], depth, entries = 0;
		uint32_t ph = bf_parent(&r, h, &depth);
		cr_assert_eq(f->parent[l], ph == SSA_NONE ? SSA_NONE : loop_of[ph],
			     "%s: parent of loop at %u", what, h);
		cr_assert_eq(f->depth[l], depth, "%s: depth of loop at %u: %u, reference %u", what, h,
			     f->depth[l], depth);
		cr_assert_eq(f->nblocks[l], bf_size(&r, h), "%s: size of loop at %u", what, h);
		for (uint32_t b = 0; b < n; b++) {
			bool in = r.in[(size_t)h * n + b];
			cr_assert_eq(loops_contains(f, l, b), in, "%s: block %u in loop at %u: %d", what,
				     b, h, (int)in);
			bool ent = bf_entry(g, &r, h, b);
			entries += ent;
			cr_assert_eq(loops_is_entry(f, l, b), ent, "%s: block %u entry of loop at %u: %d",
				     what, b, h, (int)ent);
		}
		cr_assert_eq(f->entries[l], entries, "%s: entries of loop at %u: %u, reference %u",
			     what, h, f->entries[l], entries);
		irred += entries > 1;
	}
	for (uint32_t b = 0; b < n; b++) {
		/* innermost: the smallest loop holding b */
		uint32_t best = SSA_NONE, bs = UINT32_MAX;
		for (uint32_t h = 0; h < n; h++)
			if (r.is_header[h] && r.in[(size_t)h * n + b] && bf_size(&r, h) < bs) {
				bs = bf_size(&r, h);
				best = h;
			}
		cr_assert_eq(f->block_loop[b], best == SSA_NONE ? SSA_NONE : loop_of[best],
			     "%s: innermost loop of block %u", what, b);
	}
	bool red;
	cr_assert_eq(cfg_is_reducible(g, &red), SSA_OK);
	cr_assert_eq(red, irred == 0, "%s: reducible %d but %u irreducible loops", what, (int)red,
		     irred);
	free(loop_of);
	bf_free(&r);
}

static void run_all(const struct cfg *g, const char *what, struct loops_summary *sum)
{
	for (size_t a = 0; a < loops_nalgos; a++) {
		struct loop_forest f;
		uint64_t c[LOOPS_MAX_COUNTERS];
		cr_assert_eq(loop_forest_alloc(&f, g->n), SSA_OK);
		cr_assert_eq(loops_compute(loops_algos[a], g, &f, c), SSA_OK);
		if (g->n <= 1200)
			check_against_bf(g, &f, what);
		if (strcmp(loops_algos[a]->head.name, "havlak") == 0) {
			/* Ramalingam's correction: every edge parked and scanned at most once. */
			cr_assert_leq(c[1], g->m, "%s: %llu edges parked", what, (unsigned long long)c[1]);
			cr_assert_leq(c[2], g->m, "%s: %llu edges scanned", what, (unsigned long long)c[2]);
		}
		if (sum)
			loops_summarize(&f, sum);
		loop_forest_free(&f);
	}
}

static void from_edges(struct cfg *g, uint32_t n, const uint32_t *e, size_t ne)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 4), SSA_OK);
	for (size_t i = 0; i < ne; i++)
		cr_assert_eq(edge_list_push(&el, e[2 * i], e[2 * i + 1]), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

Test(loops, hand_made)
{
	struct cfg g;
	struct loop_forest f;
	/* while (c) body; exit; block 4 unreachable jumps into the body */
	static const uint32_t w[] = {0, 1, 1, 2, 1, 3, 2, 1, 4, 2};
	from_edges(&g, 5, w, 5);
	cr_assert_eq(loop_forest_alloc(&f, g.n), SSA_OK);
	cr_assert_eq(loops_compute(algo_find(loops_algos, loops_nalgos, "havlak"), &g, &f, NULL), SSA_OK);
	cr_assert_eq(f.nloops, 1);
	cr_assert_eq(f.header[0], 1);
	cr_assert_eq(f.nblocks[0], 2);
	cr_assert_eq(f.entries[0], 1);
	cr_assert_eq(f.block_loop[2], 0);
	cr_assert_eq(f.block_loop[4], SSA_NONE);
	cr_assert_eq(f.block_loop[3], SSA_NONE);
	check_against_bf(&g, &f, "while");
	loop_forest_free(&f);
	cfg_free(&g);

	/* two-entry loop 1 <-> 2 entered from 0 at both */
	static const uint32_t ir[] = {0, 1, 0, 2, 1, 2, 2, 1, 2, 3};
	from_edges(&g, 4, ir, 5);
	cr_assert_eq(loop_forest_alloc(&f, g.n), SSA_OK);
	cr_assert_eq(loops_compute(algo_find(loops_algos, loops_nalgos, "havlak"), &g, &f, NULL), SSA_OK);
	cr_assert_eq(f.nloops, 1);
	cr_assert_eq(f.header[0], 1);
	cr_assert_eq(f.entries[0], 2);
	cr_assert(loops_is_entry(&f, 0, 2));
	cr_assert(loops_is_irreducible(&f, 0));
	check_against_bf(&g, &f, "two-entry");
	loop_forest_free(&f);
	cfg_free(&g);

	/* self-loop on the entry, nested in a loop back to the entry; a multi-edge */
	static const uint32_t sl[] = {0, 0, 0, 1, 1, 1, 1, 0, 1, 2, 1, 2};
	from_edges(&g, 3, sl, 6);
	cr_assert_eq(loop_forest_alloc(&f, g.n), SSA_OK);
	cr_assert_eq(loops_compute(algo_find(loops_algos, loops_nalgos, "havlak"), &g, &f, NULL), SSA_OK);
	cr_assert_eq(f.nloops, 2);
	cr_assert_eq(f.header[0], 0);
	cr_assert_eq(f.header[1], 1);
	cr_assert_eq(f.parent[1], 0);
	cr_assert_eq(f.depth[1], 2);
	check_against_bf(&g, &f, "self-loops");
	loop_forest_free(&f);
	cfg_free(&g);
}

Test(loops, random_small_graphs)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, 17);
	for (int it = 0; it < 4000; it++) {
		uint32_t n = 1 + (uint32_t)ssa_rng_below(&r, 12);
		uint32_t m = (uint32_t)ssa_rng_below(&r, 3 * n + 1);
		struct edge_list el;
		cr_assert_eq(edge_list_init(&el, n, m + 1), SSA_OK);
		for (uint32_t k = 0; k < m; k++)
			edge_list_push(&el, (uint32_t)ssa_rng_below(&r, n), (uint32_t)ssa_rng_below(&r, n));
		struct cfg g;
		cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
		edge_list_free(&el);
		char what[64];
		snprintf(what, sizeof what, "random graph %d (n=%u m=%u)", it, n, m);
		run_all(&g, what, NULL);
		cfg_free(&g);
	}
}

static int family_cfg(const char *family, uint64_t blocks, uint64_t seed, uint32_t goto_pm,
		      struct cfg *g, struct gen_info *info)
{
	struct gen_params gp;
	gen_params_default(&gp);
	gp.family = family;
	gp.blocks = blocks;
	gp.seed = seed;
	gp.goto_permille = goto_pm;
	return gen_cfg(&gp, g, info);
}

Test(loops, every_family_against_reference)
{
	static const uint64_t sizes[] = {12, 100, 1000};
	for (size_t fam = 0; fam < gen_nfamilies; fam++)
		for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
			for (uint64_t seed = 1; seed <= 3; seed++) {
				struct cfg g;
				struct gen_info info;
				const char *name = gen_families[fam].name;
				cr_assert_eq(family_cfg(name, sizes[k], seed, 0, &g, &info), SSA_OK);
				char what[96];
				snprintf(what, sizeof what, "%s n=%llu seed %llu", name,
					 (unsigned long long)sizes[k], (unsigned long long)seed);
				run_all(&g, what, NULL);
				cfg_free(&g);
			}
	for (uint64_t seed = 1; seed <= 5; seed++) {
		struct cfg g;
		struct gen_info info;
		cr_assert_eq(family_cfg("structured", 1000, seed, 30, &g, &info), SSA_OK);
		run_all(&g, "structured with gotos", NULL);
		cfg_free(&g);
	}
}

Test(loops, family_facts_at_scale)
{
	struct cfg g;
	struct gen_info info;
	struct loops_summary s;
	/* straight lines and acyclic shapes: no loops, and no recursion on 10^6 blocks */
	static const char *const acyclic[] = {"chain", "diamonds", "ladder"};
	for (size_t i = 0; i < 3; i++) {
		cr_assert_eq(family_cfg(acyclic[i], 1000000, 1, 0, &g, &info), SSA_OK);
		run_all(&g, acyclic[i], &s);
		cr_assert_eq(s.loops, 0, "%s has %u loops", acyclic[i], s.loops);
		cfg_free(&g);
	}
	/* k nested repeat-until loops: a forest that is one path of depth k */
	cr_assert_eq(family_cfg("repeat-until", 1000000, 1, 0, &g, &info), SSA_OK);
	run_all(&g, "repeat-until", &s);
	cr_assert_eq(s.loops, info.k);
	cr_assert_eq(s.max_depth, info.k);
	cr_assert_eq(s.irreducible, 0);
	cr_assert_eq(s.blocks_in_loops, 2 * info.k);
	cfg_free(&g);
	/* every ring of the irreducible family is one loop with 2-4 entries */
	cr_assert_eq(family_cfg("irreducible", 100000, 3, 0, &g, &info), SSA_OK);
	struct loop_forest f;
	cr_assert_eq(loop_forest_alloc(&f, g.n), SSA_OK);
	cr_assert_eq(loops_compute(loops_algos[0], &g, &f, NULL), SSA_OK);
	loops_summarize(&f, &s);
	cr_assert_eq(s.loops, info.k);
	cr_assert_eq(s.irreducible, info.k);
	cr_assert_eq(s.max_depth, 1);
	for (uint32_t l = 0; l < f.nloops; l++)
		cr_assert(f.entries[l] == f.nblocks[l] && f.nblocks[l] >= 2 && f.nblocks[l] <= 4,
			  "ring at %u: %u entries, %u blocks", f.header[l], f.entries[l], f.nblocks[l]);
	loop_forest_free(&f);
	cfg_free(&g);
	/* structured code is reducible; with gotos, irreducible loops iff not reducible */
	for (uint32_t gp = 0; gp <= 20; gp += 20) {
		cr_assert_eq(family_cfg("structured", 100000, 2, gp, &g, &info), SSA_OK);
		run_all(&g, "structured", &s);
		bool red;
		cr_assert_eq(cfg_is_reducible(&g, &red), SSA_OK);
		cr_assert_eq(red, s.irreducible == 0);
		cr_assert(s.loops > 0);
		if (gp == 0)
			cr_assert_eq(s.irreducible, 0);
		cfg_free(&g);
	}
}

/* A deep nest of multi-entry loops entered from one block outside the whole nest. Loop i has
 * header a_i and holds a_i..a_{k-1}, b_i..b_{k-1}; the outside block 1 jumps to every b_j, so
 * loop i has 1 + k - i entries and every b_j enters them all. Havlak's list of outside edges
 * would be rescanned at every level (quadratic); with the correction each edge is scanned once. */
static void multi_entry_nest(struct cfg *g, uint32_t k)
{
	const uint32_t n = 2 * k + 2; /* 0 entry, 1 the outside block, a_i = 2+2i, b_i = 3+2i */
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 4 * k + 4), SSA_OK);
	edge_list_push(&el, 0, 2);
	edge_list_push(&el, 0, 1);
	for (uint32_t i = 0; i < k; i++) {
		uint32_t a = 2 + 2 * i, b = a + 1;
		edge_list_push(&el, a, i + 1 < k ? a + 2 : b); /* down the nest, innermost to b */
		if (i + 1 < k)
			edge_list_push(&el, b + 2, b); /* b_{i+1} -> b_i: climbing out */
		edge_list_push(&el, b, a);             /* back edge of loop i */
		edge_list_push(&el, 1, b);             /* another entry from outside */
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

Test(loops, deep_multi_entry_nest)
{
	struct cfg g;
	multi_entry_nest(&g, 6);
	run_all(&g, "multi-entry nest k=6", NULL);
	cfg_free(&g);

	const uint32_t k = 200000;
	multi_entry_nest(&g, k);
	struct loop_forest f;
	uint64_t c[LOOPS_MAX_COUNTERS];
	cr_assert_eq(loop_forest_alloc(&f, g.n), SSA_OK);
	cr_assert_eq(loops_compute(algo_find(loops_algos, loops_nalgos, "havlak"), &g, &f, c), SSA_OK);
	struct loops_summary s;
	loops_summarize(&f, &s);
	cr_assert_eq(s.loops, k);
	cr_assert_eq(s.max_depth, k);
	cr_assert_eq(s.irreducible, k);
	cr_assert_leq(c[2], g.m);
	for (uint32_t l = 0; l < f.nloops; l++)
		cr_assert_eq(f.entries[l], 1 + k - l, "loop %u: %u entries", l, f.entries[l]);
	for (uint32_t i = 0; i < k; i++)
		cr_assert_eq(f.entry_top[3 + 2 * i], 0);
	loop_forest_free(&f);
	cfg_free(&g);
}
