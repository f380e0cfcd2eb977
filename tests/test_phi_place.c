/* φ placement: the seeds' worked examples, every algorithm and flavour against IDF(def) from the
 * fixpoint definition and liveness by path search on random programs, phi-idf == phi-dj on
 * generated programs of every family, and pruned ⊆ semi-pruned ⊆ minimal. */
#include "support/phi_util.h"

#include "gen/gen.h"

#include <stdio.h>

static const enum phi_flavor flavors[] = {PHI_MINIMAL, PHI_SEMIPRUNED, PHI_PRUNED};

/* Places with algorithm a and flavour f; liveness by walk (dataflow when use_dataflow). */
static void place(struct phi_sets *out, const struct phi_algo *a, const struct prog *p,
		  struct phit_ctx *c, enum phi_flavor f, bool use_dataflow)
{
	struct phi_input in = {.prog = p, .dt = &c->dt, .vb = &c->vb, .df = &c->df,
			       .live = use_dataflow ? &c->ld : NULL};
	uint64_t cnt[PHI_MAX_COUNTERS];
	cr_assert_eq(phi_compute(a, &in, f, out, cnt), SSA_OK, "%s %s", a->head.name,
		     phi_flavor_name(f));
	cr_assert_eq(cnt[0], out->total);
}

/* Asserts the φ blocks of v under every algorithm and liveness source. expect ends SSA_NONE. */
static void expect_phis(const struct prog *p, struct phit_ctx *c, enum phi_flavor f, uint32_t v,
			const uint32_t *expect, const char *what)
{
	for (size_t a = 0; a < phi_nalgos; a++)
		for (int dflow = 0; dflow < 2; dflow++) {
			struct phi_sets s = {0};
			place(&s, phi_algos[a], p, c, f, dflow);
			uint64_t k = s.off[v];
			for (const uint32_t *b = expect; *b != SSA_NONE; b++, k++)
				cr_assert(k < s.off[v + 1] && s.blocks[k] == *b,
					  "%s %s %s: variable %u should have a φ at %u", what,
					  phi_algos[a]->head.name, phi_flavor_name(f), v, *b);
			cr_assert_eq(k, s.off[v + 1], "%s %s %s: variable %u has extra φs", what,
				     phi_algos[a]->head.name, phi_flavor_name(f), v);
			phi_sets_free(&s);
		}
}

#define L(...) ((const uint32_t[]){__VA_ARGS__, SSA_NONE})
#define E ((const uint32_t[]){SSA_NONE})

Test(phi, seed000_bb1_to_bb8)
{
	/* Seed 000: stores to a in bb1, bb2, bb3, bb5, bb6; loads in bb2, bb3, bb5, bb6, bb7, bb8
	 * (each loaded block loads before it stores). The article's walk puts φs in bb2, bb8 and
	 * bb7, and its renamed program uses all three, so every flavour keeps them. */
	static const uint32_t e[][2] = {{0, 1}, {1, 2}, {1, 4}, {2, 3}, {3, 2}, {3, 8}, {4, 5},
					{4, 6}, {5, 7}, {6, 7}, {7, 8}, {8, 9}};
	struct cfg g;
	phit_cfg(&g, 10, e, 12);
	struct prog p;
	phit_prog(&p, &g, 1, "|d0|u0 d0|u0 d0||u0 d0|u0 d0|u0|u0|");
	struct phit_ctx c;
	phit_ctx_init(&c, &p);
	for (size_t f = 0; f < 3; f++)
		expect_phis(&p, &c, flavors[f], 0, L(2, 7, 8), "bb1..bb8");
	phit_ctx_free(&c);
	prog_free(&p);
}

Test(phi, seed001_fib_flavours)
{
	/* Seed 001's fib at -O0: entry=0, if.then=1, if.end=2, while.cond=3, while.body=4,
	 * while.end=5, return=6. Variables: retval=0, n.addr=1, a=2, b=3, i=4, c=5. The entry
	 * stores n.addr, a, b, i, c and loads n.addr; if.then stores retval; while.cond loads i and
	 * n.addr; while.body loads b, stores c, loads a and b, stores b, loads c, stores a, loads
	 * and stores i; while.end loads b and stores retval; return loads retval.
	 * Frontiers (test_phi_df): DF(while.body) = {while.cond}, DF(while.cond) = {while.cond,
	 * return}, DF(if.then) = DF(while.end) = {return}.
	 * minimal: retval {return}; n.addr none (entry only); a, b, i, c: IDF({entry, while.body})
	 *   = {while.cond, return}.
	 * semi-pruned: c is stored before every load of it, so it is not a non-local name and
	 *   loses its φs; the others as minimal.
	 * pruned: at return only retval is live; a, b, i are live into while.cond (a and i are
	 *   loaded in while.body before being stored, b in while.end): {while.cond}. This is what
	 *   the article sees LLVM's mem2reg do ("LLVM prunes dead φs"). */
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 6}, {2, 3}, {3, 4},
					{3, 5}, {4, 3}, {5, 6}};
	struct cfg g;
	phit_cfg(&g, 7, e, 8);
	struct prog p;
	phit_prog(&p, &g, 6,
		  "d1 d2 d3 d4 d5 u1|d0||u4 u1|u3 d5 u2 u3 d3 u5 d2 u4 d4|u3 d0|u0");
	struct phit_ctx c;
	phit_ctx_init(&c, &p);
	const uint32_t *minimal[] = {L(6), E, L(3, 6), L(3, 6), L(3, 6), L(3, 6)};
	const uint32_t *semi[] = {L(6), E, L(3, 6), L(3, 6), L(3, 6), E};
	const uint32_t *pruned[] = {L(6), E, L(3), L(3), L(3), E};
	for (uint32_t v = 0; v < 6; v++) {
		expect_phis(&p, &c, PHI_MINIMAL, v, minimal[v], "fib");
		expect_phis(&p, &c, PHI_SEMIPRUNED, v, semi[v], "fib");
		expect_phis(&p, &c, PHI_PRUNED, v, pruned[v], "fib");
	}
	phit_ctx_free(&c);
	prog_free(&p);
}

Test(phi, entry_is_not_a_definition)
{
	/* A diamond 0->1, 0->2, 1->3, 2->3 with v defined only in 1: IDF({1}) = {3}. Were the
	 * entry a definition, nothing would change here; but with the loop 3->0 added, the entry
	 * gets a φ only because v flows around the loop from 1: IDF({1}) = {3, 0}. */
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 0}};
	struct cfg g;
	phit_cfg(&g, 4, e, 4);
	struct prog p;
	phit_prog(&p, &g, 1, "|d0||u0");
	struct phit_ctx c;
	phit_ctx_init(&c, &p);
	expect_phis(&p, &c, PHI_MINIMAL, 0, L(3), "diamond");
	expect_phis(&p, &c, PHI_PRUNED, 0, L(3), "diamond");
	phit_ctx_free(&c);
	prog_free(&p);

	phit_cfg(&g, 4, e, 5);
	phit_prog(&p, &g, 1, "u0|d0||");
	phit_ctx_init(&c, &p);
	expect_phis(&p, &c, PHI_MINIMAL, 0, L(0, 3), "diamond loop");
	expect_phis(&p, &c, PHI_PRUNED, 0, L(0, 3), "diamond loop");
	phit_ctx_free(&c);
	prog_free(&p);
}

/* Checks every algorithm, flavour and liveness source on p against phi_oracle (IDF as the
 * fixpoint of the frontier definition, algos/phi/oracle.c). */
static void check_against_oracle(const struct prog *p, const char *what)
{
	struct phit_ctx c;
	phit_ctx_init(&c, p);
	for (size_t f = 0; f < 3; f++) {
		struct phi_sets want = {0};
		cr_assert_eq(phi_oracle(p, &c.dt, &c.vb, flavors[f], &want), SSA_OK);
		for (size_t a = 0; a < phi_nalgos; a++)
			for (int d = 0; d < 2; d++) {
				struct phi_sets got = {0};
				char diff[200];
				place(&got, phi_algos[a], p, &c, flavors[f], d);
				cr_assert(phi_sets_equal(&got, &want, diff, sizeof diff),
					  "%s: %s %s (%s liveness): %s", what, phi_algos[a]->head.name,
					  phi_flavor_name(flavors[f]), d ? "dataflow" : "walk", diff);
				phi_sets_free(&got);
			}
		phi_sets_free(&want);
	}
	phit_ctx_free(&c);
}

/* The oracle's liveness is the dataflow; pruned placement must also agree with liveness by
 * path search, which shares nothing with either. */
static void check_pruned_liveness(const struct prog *p, const char *what)
{
	uint32_t n = p->cfg.n;
	struct phit_ctx c;
	phit_ctx_init(&c, p);
	struct phi_sets want = {0};
	cr_assert_eq(phi_oracle(p, &c.dt, &c.vb, PHI_PRUNED, &want), SSA_OK);
	uint8_t *vis = ssa_alloc_array(n, 1);
	uint32_t *stack = ssa_alloc_array((size_t)n * 2 + 1, sizeof(uint32_t));
	cr_assert(vis && stack);
	for (uint32_t v = 0; v < p->nvars; v++)
		for (uint64_t k = want.off[v]; k < want.off[v + 1]; k++)
			cr_assert(phit_live_in(p, want.blocks[k], v, vis, stack),
				  "%s: var %u has a pruned φ at %u where it is dead", what, v,
				  want.blocks[k]);
	free(vis);
	free(stack);
	phi_sets_free(&want);
	phit_ctx_free(&c);
}

Test(phi, random_programs_match_the_definition)
{
	for (uint64_t seed = 1; seed <= 2000; seed++) {
		struct ssa_rng r;
		ssa_rng_seed(&r, seed * 7919);
		uint32_t n = 1 + (uint32_t)(ssa_rng_next(&r) % 30);
		struct cfg g;
		phit_random_cfg(&g, &r, n, (uint32_t)(ssa_rng_next(&r) % (2 * n + 1)));
		struct prog p;
		phit_random_prog(&p, &g, &r, 1 + (uint32_t)(ssa_rng_next(&r) % 5));
		char what[64];
		snprintf(what, sizeof what, "random seed %lu (n=%u)", (unsigned long)seed, n);
		check_against_oracle(&p, what);
		check_pruned_liveness(&p, what);
		prog_free(&p);
	}
}

/* A random CFG with hub targets: a random tree over n blocks, n / 2 random edges, then nhub
 * targets of kmin + [0, kspan) extra in-edges from random blocks each; the targets are random
 * blocks (spread: false) or n - 1, n - 3, ... (spread: true, distinct). */
static void hub_cfg(struct cfg *g, struct ssa_rng *r, uint32_t n, uint32_t nhub, uint32_t kmin,
		    uint32_t kspan, bool spread)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, 2 * n + nhub * (kmin + kspan)), SSA_OK);
	for (uint32_t b = 1; b < n; b++)
		cr_assert_eq(edge_list_push(&el, (uint32_t)(ssa_rng_next(r) % b), b), SSA_OK);
	for (uint32_t i = 0; i < n / 2; i++)
		cr_assert_eq(edge_list_push(&el, (uint32_t)(ssa_rng_next(r) % n),
					    (uint32_t)(ssa_rng_next(r) % n)),
			     SSA_OK);
	for (uint32_t h = 0; h < nhub; h++) {
		uint32_t hub = spread ? n - 1 - 2 * h : (uint32_t)(ssa_rng_next(r) % n);
		uint32_t k = kmin + (uint32_t)(ssa_rng_next(r) % kspan);
		for (uint32_t i = 0; i < k; i++)
			cr_assert_eq(edge_list_push(&el, (uint32_t)(ssa_rng_next(r) % n), hub), SSA_OK);
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

/* Random CFGs with hub targets: 1-4 blocks with 64-200 extra in-edges each (phi-djq answers
 * targets of 64 or more J edges by binary search, not through its tree; an exit all returns
 * jump to is one). Every algorithm against the definition. */
Test(phi, hub_targets_match_the_definition)
{
	for (uint64_t seed = 1; seed <= 60; seed++) {
		struct ssa_rng r;
		ssa_rng_seed(&r, seed * 104729);
		uint32_t n = 80 + (uint32_t)(ssa_rng_next(&r) % 200), nhub = 1 + seed % 4;
		struct cfg g;
		hub_cfg(&g, &r, n, nhub, 64, 137, false);
		struct prog p;
		phit_random_prog(&p, &g, &r, 1 + (uint32_t)(ssa_rng_next(&r) % 6));
		char what[64];
		snprintf(what, sizeof what, "hub seed %lu (n=%u)", (unsigned long)seed, n);
		check_against_oracle(&p, what);
		prog_free(&p);
	}
}

/* More hub targets than phi-djh's mask holds (32): the first 32 by block id are hubs, the
 * rest ordinary J edges, and both must give the definition's answer. 40 targets of 70-90 extra
 * in-edges each, every algorithm against the definition. */
Test(phi, more_hubs_than_the_mask_holds)
{
	for (uint64_t seed = 1; seed <= 8; seed++) {
		struct ssa_rng r;
		ssa_rng_seed(&r, seed * 15485863);
		uint32_t n = 100 + (uint32_t)(ssa_rng_next(&r) % 60);
		struct cfg g;
		hub_cfg(&g, &r, n, 40, 70, 21, true);
		struct prog p;
		phit_random_prog(&p, &g, &r, 2 + (uint32_t)(ssa_rng_next(&r) % 5));
		char what[64];
		snprintf(what, sizeof what, "40 hubs, seed %lu (n=%u)", (unsigned long)seed, n);
		check_against_oracle(&p, what);
		prog_free(&p);
	}
}

/* A chain 0 -> 1 -> ... -> k whose blocks 1..k all return to the exit x = k + 1 (idom(x) = 1):
 * x is a hub of k - 1 J edges. A variable defined in 2 (and in 50) has its one φ at x. phi-dj
 * walks the whole chain below 2 to find the return edges; phi-djh finds x from 2's hub mask and
 * walks no block. */
Test(phi, djh_answers_the_returns_without_walking)
{
	const uint32_t k = 100, x = k + 1;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, k + 2, 2 * k), SSA_OK);
	for (uint32_t b = 0; b < k; b++)
		cr_assert_eq(edge_list_push(&el, b, b + 1), SSA_OK);
	for (uint32_t b = 1; b <= k; b++)
		cr_assert_eq(edge_list_push(&el, b, x), SSA_OK);
	struct cfg g;
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	uint32_t *off = ssa_calloc_array((size_t)k + 3, sizeof(uint32_t));
	uint32_t *ops = ssa_alloc_array(4, sizeof(uint32_t));
	cr_assert(off && ops);
	uint32_t nops = 0;
	for (uint32_t b = 0; b < k + 2; b++) {
		if (b == 2 || b == 50)
			ops[nops++] = prog_op(b == 2 ? 0 : 1, PROG_DEF);
		if (b == 2)
			ops[nops++] = prog_op(1, PROG_DEF);
		if (b == x)
			ops[nops++] = prog_op(0, PROG_USE);
		off[b + 1] = nops;
	}
	struct prog p;
	prog_init(&p, &g, 2, nops, off, ops);
	struct phit_ctx c;
	phit_ctx_init(&c, &p);
	static const char *const names[] = {"phi-dj", "phi-djh"};
	uint64_t walked[2];
	for (size_t a = 0; a < 2; a++) {
		const struct phi_algo *al = algo_find(phi_algos, phi_nalgos, names[a]);
		cr_assert_not_null(al, "%s is registered", names[a]);
		struct phi_input in = {.prog = &p, .dt = &c.dt, .vb = &c.vb, .df = &c.df};
		uint64_t cnt[PHI_MAX_COUNTERS];
		struct phi_sets s = {0};
		cr_assert_eq(phi_compute(al, &in, PHI_MINIMAL, &s, cnt), SSA_OK);
		cr_assert_eq(s.total, 2, "%s", names[a]);
		cr_assert(s.blocks[0] == x && s.blocks[1] == x, "%s", names[a]);
		walked[a] = cnt[4];
		phi_sets_free(&s);
	}
	/* phi-dj, per variable: blocks 2..k once (v1 walks 50..k from 50, then 2..49 from 2). */
	cr_assert_eq(walked[0], 2 * (k - 1));
	cr_assert_eq(walked[1], 0);
	phit_ctx_free(&c);
	prog_free(&p);
}

/* a ⊆ b for every variable (both lists ascending). */
static bool subset(const struct phi_sets *a, const struct phi_sets *b, uint32_t *bad)
{
	for (uint32_t v = 0; v < a->nvars; v++) {
		uint64_t j = b->off[v];
		for (uint64_t i = a->off[v]; i < a->off[v + 1]; i++) {
			while (j < b->off[v + 1] && b->blocks[j] < a->blocks[i])
				j++;
			if (j == b->off[v + 1] || b->blocks[j] != a->blocks[i]) {
				*bad = v;
				return false;
			}
		}
	}
	return true;
}

Test(phi, algorithms_and_flavours_on_every_family)
{
	static const uint64_t sizes[] = {60, 2000};
	for (size_t fam = 0; fam < gen_nfamilies; fam++)
		for (size_t z = 0; z < 2; z++)
			for (uint64_t seed = 1; seed <= 2; seed++) {
				struct gen_params gp;
				gen_params_default(&gp);
				gp.family = gen_families[fam].name;
				gp.blocks = sizes[z];
				gp.seed = seed;
				gp.vars = 12;
				gp.locality = seed == 1 ? 0 : 40;
				if (strcmp(gp.family, "itworst") == 0)
					gp.edges = sizes[z] * 4;
				struct gen_info info;
				struct cfg g;
				cr_assert_eq(gen_cfg(&gp, &g, &info), SSA_OK, "%s", info.note);
				struct prog p;
				cr_assert_eq(gen_prog(&gp, &g, &p), SSA_OK, "gen_prog on %s", info.note);
				struct phit_ctx c;
				phit_ctx_init(&c, &p);
				struct phi_sets s[3] = {{0}};
				char msg[200];
				for (size_t f = 0; f < 3; f++) {
					place(&s[f], phi_algos[0], &p, &c, flavors[f], false);
					for (size_t a = 0; a < phi_nalgos; a++)
						for (int d = 0; d < 2; d++) {
							struct phi_sets o = {0};
							place(&o, phi_algos[a], &p, &c, flavors[f], d);
							cr_assert(phi_sets_equal(&s[f], &o, msg, sizeof msg),
								  "%s vs %s, %s, %s seed %lu: %s",
								  phi_algos[a]->head.name, phi_algos[0]->head.name,
								  phi_flavor_name(flavors[f]), info.note,
								  (unsigned long)seed, msg);
							phi_sets_free(&o);
						}
				}
				uint32_t bad = 0;
				cr_assert(subset(&s[2], &s[1], &bad), "pruned ⊄ semi-pruned, var %u, %s",
					  bad, info.note);
				cr_assert(subset(&s[1], &s[0], &bad), "semi-pruned ⊄ minimal, var %u, %s",
					  bad, info.note);
				for (size_t f = 0; f < 3; f++)
					phi_sets_free(&s[f]);
				phit_ctx_free(&c);
				prog_free(&p);
			}
}

Test(phi, ladder_dj_stays_linear)
{
	/* ladder(k) with v defined in every a_i and used in b_k: |IDF| = k-1 (b_2..b_k), while
	 * phi-idf reads Θ(k²) frontier entries; phi-dj scans each edge a bounded number of times. */
	uint32_t k = 2000;
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, 2 * k, 3 * k), SSA_OK);
	for (uint32_t i = 0; i < k; i++) {
		if (i + 1 < k) {
			cr_assert_eq(edge_list_push(&el, i, i + 1), SSA_OK);
			cr_assert_eq(edge_list_push(&el, k + i, k + i + 1), SSA_OK);
		}
		cr_assert_eq(edge_list_push(&el, i, k + i), SSA_OK);
	}
	struct cfg g;
	cr_assert_eq(cfg_from_edges(&g, &el), SSA_OK);
	edge_list_free(&el);
	uint32_t *off = ssa_calloc_array(2 * (size_t)k + 1, sizeof(uint32_t));
	uint32_t *ops = ssa_alloc_array((size_t)k + 1, sizeof(uint32_t));
	for (uint32_t b = 0; b < 2 * k; b++) {
		uint32_t c = b < k ? 1 : (b == 2 * k - 1);
		off[b + 1] = off[b] + c;
		if (c)
			ops[off[b]] = prog_op(0, b < k ? PROG_DEF : PROG_USE);
	}
	struct prog p;
	prog_init(&p, &g, 1, off[2 * k], off, ops);
	struct phit_ctx c;
	phit_ctx_init(&c, &p);
	uint64_t cnt[2][PHI_MAX_COUNTERS];
	struct phi_sets s[2] = {{0}};
	for (size_t a = 0; a < 2; a++) {
		struct phi_input in = {.prog = &p, .dt = &c.dt, .vb = &c.vb, .df = &c.df};
		cr_assert_eq(phi_compute(algo_find(phi_algos, phi_nalgos, a ? "phi-dj" : "phi-idf"), &in, PHI_MINIMAL, &s[a],
					 cnt[a]),
			     SSA_OK);
		cr_assert_eq(s[a].total, k - 1);
		for (uint32_t i = 0; i < k - 1; i++)
			cr_assert_eq(s[a].blocks[i], k + 1 + i);
	}
	/* phi-idf reads every DF(a_i): (k-1)k/2 entries; phi-dj at most a few per edge. */
	cr_assert_geq(cnt[0][2], (uint64_t)(k - 1) * k / 2);
	cr_assert_leq(cnt[1][2], 4 * (uint64_t)p.cfg.m, "phi-dj scanned %lu edges",
		      (unsigned long)cnt[1][2]);
	phi_sets_free(&s[0]);
	phi_sets_free(&s[1]);
	phit_ctx_free(&c);
	prog_free(&p);
}

Test(phi, place_prog_convenience)
{
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
	struct cfg g;
	phit_cfg(&g, 4, e, 4);
	struct prog p;
	phit_prog(&p, &g, 2, "|d0 d1|d0|u0");
	struct phi_sets s = {0};
	/* NULL is the project's default placement, an entry of the table like any other */
	cr_assert_eq(algo_find(phi_algos, phi_nalgos, phi_default_algo()->head.name), phi_default_algo());
	cr_assert_eq(phi_place_prog(NULL, &p, NULL, PHI_PRUNED, &s), SSA_OK);
	cr_assert_eq(s.total, 1);
	cr_assert_eq(s.off[1], 1);
	cr_assert_eq(s.blocks[0], 3);
	phi_sets_free(&s);
	cr_assert_eq(phi_place_prog(algo_find(phi_algos, phi_nalgos, "phi-idf"), &p, NULL, PHI_MINIMAL, &s), SSA_OK);
	cr_assert_eq(s.total, 2); /* v1 too: defined in 1 only, φ at 3 though never used */
	phi_sets_free(&s);
	enum phi_flavor f;
	cr_assert_eq(phi_flavor_parse("semi-pruned", &f), SSA_OK);
	cr_assert_eq(f, PHI_SEMIPRUNED);
	cr_assert_eq(phi_flavor_parse("maximal", &f), SSA_EUSAGE);
	prog_free(&p);
}

/* phi_upstream_build, the phi stage's setup: on the diamond 0>1 0>2 1>3 2>3 with x defined in 0
 * and 1 and read in 3, DF(1) = {3}, so phi-idf gets frontiers (Σ|DF| = 2: DF(1) = DF(2) = {3})
 * and places x's one φ at 3 over them; dataflow liveness only for pruned with dataflow; with a
 * limit of 1 entry the frontiers are refused and the step named. */
Test(phi_place, upstream_for_a_placement)
{
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
	struct cfg g;
	struct prog p;
	phit_cfg(&g, 4, e, 4);
	phit_prog(&p, &g, 1, "d0|d0||u0");
	const struct phi_algo *idf = algo_find(phi_algos, phi_nalgos, "phi-idf");
	cr_assert(idf && idf->needs_df);
	struct phi_upstream u;
	const char *what;
	memset(&u, 0, sizeof u);
	cr_assert_eq(phi_upstream_build(&u, idf, &p, PHI_MINIMAL, true, 100, &what), SSA_OK, "%s",
		     what);
	cr_assert(u.in.df == &u.df && u.in.live == NULL && u.in.dt == &u.dt && u.in.vb == &u.vb);
	cr_expect_eq(u.df.total, 2);
	struct phi_sets out = {0};
	uint64_t c[PHI_MAX_COUNTERS];
	cr_assert_eq(idf->run(u.scratch, &u.in, PHI_MINIMAL, &out, c), SSA_OK);
	cr_expect(out.total == 1 && out.blocks[0] == 3);
	phi_sets_free(&out);
	phi_upstream_free(&u, idf);
	memset(&u, 0, sizeof u);
	cr_assert_eq(phi_upstream_build(&u, idf, &p, PHI_PRUNED, true, 100, &what), SSA_OK, "%s",
		     what);
	cr_expect(u.in.live == &u.ld);
	phi_upstream_free(&u, idf);
	memset(&u, 0, sizeof u);
	cr_expect_eq(phi_upstream_build(&u, idf, &p, PHI_MINIMAL, false, 1, &what), SSA_ETOOBIG);
	cr_expect_str_eq(what, "dominance frontiers (df-runner)");
	phi_upstream_free(&u, idf);
	prog_free(&p);
}
