/* The low-high certificate (algos/dom/lowhigh.c, checked by algos/dom/verify.c): the true dominator
 * tree is certified on every generator family, forward and reversed, on thousands of small random
 * graphs of every shape (self-loops, multi-edges, edges into the entry, unreachable blocks,
 * irreducible loops) and on algos/dom/README.md's counterexample to orders that keep search
 * subtrees contiguous; trees hung higher, lower or with swapped parents never are. Each
 * construction is also run on its own: the default harmonic one (lowhigh_harm.c, suite
 * lowhigh_harm), the cascade (lowhigh_stats) and the fallback of lowhigh_peel.c forced on every
 * group (lowhigh_peel). */
#include <criterion/criterion.h>

#include "dom/domtree.h"
#include "dom/lowhigh.h"
#include "dom/lowhigh_peel.h"
#include "dom/reference.h"
#include "dom/reverse.h"
#include "cfg/traverse.h"
#include "gen/gen.h"
#include "support/domcheck_graphs.h"
#include "support/domcheck_random.h"
#include "support/gen_util.h"
#include "util/rng.h"

static void expect_certified(const struct cfg *g, const uint32_t *idom, const char *what)
{
	char msg[256];
	bool cert = false;
	int rc = dom_verify_cert(g, idom, &cert, msg, sizeof msg);
	cr_assert_eq(rc, SSA_OK, "%s: %s", what, msg);
	cr_assert(cert, "%s (n=%u, m=%u): the true tree was not certified: %s", what, g->n, g->m,
		  msg);
	cr_assert(strstr(msg, "certified by a low-high order"), "%s: %s", what, msg);
}

Test(lowhigh, readme_counterexample_is_certified)
{
	/* algos/dom/README.md: every idom is 0, and no low-high order keeps the search subtree of
	 * block 4 contiguous. */
	struct cfg g;
	cr_assert_eq(dc_parse(&g, "7: 0>2 0>6 1>4 2>5 2>3 2>3 2>6 3>1 3>5 4>4 4>2 4>3 5>1 5>4 "
				  "6>3 6>3 6>6"),
		     SSA_OK);
	cr_assert_eq(g.m, 17);
	uint32_t idom[7];
	cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
	for (uint32_t v = 1; v < 7; v++)
		cr_assert_eq(idom[v], 0);
	expect_certified(&g, idom, "README counterexample");
	cfg_free(&g);
}

Test(lowhigh, special_shapes_are_certified)
{
	static const char *const graphs[] = {
		"1:",                                   /* the entry alone */
		"2: 0>0 0>1 1>1 1>0",                   /* self-loops, entry with predecessors */
		"4: 0>1 0>2 1>3 2>3 3>1 3>2",           /* irreducible */
		"5: 0>1 0>2 1>2 2>1 1>3 2>3 3>4 4>3 4>0", /* irreducible, back edge to the entry */
		"6: 0>1 1>2 2>1 3>4 4>5 5>3 0>1 0>1",   /* unreachable cycle, multi-edges */
		"5: 0>1 0>2 1>3 2>4 3>4 4>3",           /* two entries into a 2-cycle */
		"7: 0>1 0>2 1>3 2>4 3>4 4>3 3>5 4>6 5>6 6>5",
	};
	for (size_t i = 0; i < sizeof graphs / sizeof *graphs; i++) {
		struct cfg g;
		cr_assert_eq(dc_parse(&g, graphs[i]), SSA_OK, "%s", graphs[i]);
		uint32_t idom[8];
		cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
		expect_certified(&g, idom, graphs[i]);
		cfg_free(&g);
	}
}

/* Sibling in-neighbours found far below the parent: 19's predecessors 10 and 18 lie 9 levels
 * under idom(19) = 0, and 21's predecessor 9 lies 8 under it, deeper than lh_arcs walks up
 * (LH_NEAR), so its preorder pass must name 1 and 2; 20 (from 5, 4 levels down, and 19) takes
 * the walk. Each of 19-21 has no edge from 0, so it is certified only if those are right. */
Test(lowhigh, witnesses_deep_below_the_parent)
{
	struct cfg g;
	cr_assert_eq(dc_parse(&g, "22: 0>1 0>2 1>3 3>4 4>5 5>6 6>7 7>8 8>9 9>10 2>11 11>12 "
				  "12>13 13>14 14>15 15>16 16>17 17>18 10>19 18>19 5>20 19>20 "
				  "9>21 20>21"),
		     SSA_OK);
	uint32_t idom[22];
	cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
	for (uint32_t v = 19; v < 22; v++)
		cr_assert_eq(idom[v], 0, "block %u", v);
	cr_assert_eq(idom[10], 9);
	expect_certified(&g, idom, "deep witnesses");
	struct cfg r;
	cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
	uint32_t *ridom = malloc(r.n * sizeof *ridom);
	cr_assert_not_null(ridom);
	cr_assert_eq(dom_oracle(&r, ridom), SSA_OK);
	expect_certified(&r, ridom, "deep witnesses, reversed");
	free(ridom);
	cfg_free(&r);
	cfg_free(&g);
}

/* Small random graphs of every shape, forward and reversed: the oracle's tree is certified. */
Test(lowhigh, true_trees_of_random_graphs_are_certified)
{
	char what[96];
	unsigned graphs = 0;
	for (uint64_t seed = 1; seed <= 12000; seed++) {
		struct cfg g, r;
		const uint32_t maxn = seed % 10 == 0 ? 300 : seed % 2 ? 12 : 60;
		cr_assert_eq(dc_random_graph(&g, seed, maxn), SSA_OK);
		uint32_t *idom = malloc((g.n + 1) * sizeof *idom);
		cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
		snprintf(what, sizeof what, "seed %llu", (unsigned long long)seed);
		expect_certified(&g, idom, what);
		cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
		cr_assert_eq(dom_oracle(&r, idom), SSA_OK);
		snprintf(what, sizeof what, "seed %llu reversed", (unsigned long long)seed);
		expect_certified(&r, idom, what);
		graphs += 2;
		free(idom);
		cfg_free(&r);
		cfg_free(&g);
	}
	cr_log_info("%u true trees certified", graphs);
}

/* Every generator family, forward and reversed, with the tree of the independent reference. */
Test(lowhigh, every_family_forward_and_reverse_is_certified)
{
	char what[128];
	for (size_t f = 0; f < gen_nfamilies; f++) {
		for (uint64_t seed = 1; seed <= 2; seed++) {
			const char *family = gen_families[f].name;
			struct cfg g, r;
			struct gen_info info;
			if (!gen_make_or_skip(&g, &info, family, seed == 1 ? 20000 : 3000, seed))
				continue;
			uint32_t *idom = malloc((g.n + 1) * sizeof *idom);
			cr_assert_eq(dom_reference(&g, idom), SSA_OK);
			snprintf(what, sizeof what, "%s seed %llu", family, (unsigned long long)seed);
			expect_certified(&g, idom, what);
			cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
			cr_assert_eq(dom_reference(&r, idom), SSA_OK);
			snprintf(what, sizeof what, "%s seed %llu --reverse", family,
				 (unsigned long long)seed);
			expect_certified(&r, idom, what);
			free(idom);
			cfg_free(&r);
			cfg_free(&g);
		}
	}
}

/* One wrong tree: mut is truth with block v hung higher (TAMPER_HIGHER: under its idom's
 * idom), lower (TAMPER_LOWER: under a sibling) or swapping parents with another block
 * (TAMPER_SWAP), v and the other block drawn from rng (two draws, always). False when the
 * draw does not allow the change or leaves the tree as it was. */
enum tamper { TAMPER_HIGHER, TAMPER_LOWER, TAMPER_SWAP };
static bool tamper(uint32_t *mut, const uint32_t *truth, uint32_t n, struct ssa_rng *rng,
		   enum tamper kind, uint32_t *moved)
{
	memcpy(mut, truth, n * sizeof *mut);
	const uint32_t v = (uint32_t)ssa_rng_below(rng, n);
	const uint32_t w = (uint32_t)ssa_rng_below(rng, n);
	const uint32_t d = mut[v];
	*moved = v;
	if (d == SSA_NONE)
		return false;
	switch (kind) {
	case TAMPER_HIGHER:
		if (mut[d] == SSA_NONE)
			return false;
		mut[v] = mut[d];
		break;
	case TAMPER_LOWER:
		if (w == v || mut[w] != d)
			return false;
		mut[v] = w;
		break;
	case TAMPER_SWAP:
		if (mut[w] == SSA_NONE || mut[w] == d)
			return false;
		mut[v] = mut[w];
		mut[w] = d;
		break;
	}
	return dc_first_diff(mut, truth, n) != UINT32_MAX;
}

/* The graph of a tampering test: a random graph of n blocks from seed * mult, reversed (into
 * *r) on even seeds, and its true tree from the oracle in truth. Returns the graph to use. */
static struct cfg *tamper_graph(struct cfg *g0, struct cfg *r, uint64_t seed, uint64_t mult,
				uint32_t n, uint32_t *truth)
{
	cr_assert_eq(dc_random_graph(g0, seed * mult, n), SSA_OK);
	struct cfg *g = g0;
	if (seed % 2 == 0) {
		cr_assert_eq(dom_reverse_cfg(g0, r, NULL), SSA_OK);
		g = r;
	}
	cr_assert_eq(dom_oracle(g, truth), SSA_OK);
	return g;
}

/* Wrong trees: one or two blocks hung higher (an ancestor of the true idom), lower (a sibling
 * becomes the parent), or two blocks swapping parents. None may be certified; the test also
 * requires that many of them pass the necessary conditions (1)-(3), so that the certificate
 * is what rejects them. */
Test(lowhigh, tampered_trees_are_never_certified)
{
	enum { N = 40 };
	uint32_t truth[N + 1], mut[N + 1];
	char msg[256];
	unsigned tried = 0, passed_necessary = 0;
	for (uint64_t seed = 1; seed <= 4000; seed++) {
		struct cfg g0, r;
		struct cfg *g = tamper_graph(&g0, &r, seed, 104729, N, truth);
		const bool rev = g == &r;
		const uint32_t n = g->n;
		struct ssa_rng rng;
		ssa_rng_seed(&rng, seed);
		for (int k = 0; k < 12; k++) {
			uint32_t v;
			if (!tamper(mut, truth, n, &rng, (enum tamper)(k % 3), &v))
				continue;
			tried++;
			bool cert = false;
			int rc = dom_verify_cert(g, mut, &cert, msg, sizeof msg);
			cr_assert(rc == SSA_OK || rc == SSA_EVERIFY, "rc %d", rc);
			passed_necessary += rc == SSA_OK;
			cr_assert(!(rc == SSA_OK && cert),
				  "seed %llu%s try %d: a wrong tree was certified (block %u)",
				  (unsigned long long)seed, rev ? " reversed" : "", k, v);
		}
		if (rev)
			cfg_free(&r);
		cfg_free(&g0);
	}
	cr_log_info("tampered trees: %u tried, %u passed the necessary conditions, none certified",
		    tried, passed_necessary);
	cr_assert(tried > 10000 && passed_necessary > 100, "tried %u, passed %u", tried,
		  passed_necessary);
}

/* A 10^6-block chain and a 2*10^5-block random graph: iterative, and the memory estimate
 * is what the verifier documents. */
Test(lowhigh, large_graphs)
{
	static const char *const fams[] = {"chain", "random"};
	for (int i = 0; i < 2; i++) {
		struct gen_params p;
		gen_params_default(&p);
		p.family = fams[i];
		p.blocks = i == 0 ? 1000000 : 200000;
		struct cfg g;
		struct gen_info info;
		cr_assert_eq(gen_cfg(&p, &g, &info), SSA_OK, "%s", info.note);
		uint32_t *idom = malloc(g.n * sizeof *idom);
		cr_assert_eq(dom_reference(&g, idom), SSA_OK);
		expect_certified(&g, idom, fams[i]);
		cr_assert(dom_lowhigh_bytes(g.n, g.m) < dom_verify_bytes(g.n, g.m, true));
		free(idom);
		cfg_free(&g);
	}
}

/* ---- The fallback (algos/dom/lowhigh_peel.c), forced on every group ----
 *
 * The main constructions never get stuck in these tests, so the fallback is run through
 * dom_lowhigh_order_by with DOM_LOWHIGH_PEEL, which uses it for every group, and its order is
 * checked here by the definition of a low-high order (a check of our own, independent of
 * verify.c). */

/* Whether pos is a low-high order of t for g: a preorder of t (pos[v] after pos[idom v], v's
 * subtree inside its parent's, the entry first), and every reachable v != entry has the edge
 * idom(v)->v or a reachable predecessor before v and one after v's subtree. */
static bool is_lowhigh_order(const struct cfg *g, const struct domtree *t, const uint8_t *reach,
			     const uint32_t *pos)
{
	const uint32_t n = g->n;
	uint8_t *seen = calloc(t->nreach ? t->nreach : 1, 1);
	bool ok = pos[0] == 0;
	for (uint32_t v = 0; v < n && ok; v++) {
		if (!reach[v])
			continue;
		ok = pos[v] < t->nreach && !seen[pos[v]];
		if (ok)
			seen[pos[v]] = 1;
	}
	free(seen);
	for (uint32_t v = 1; v < n && ok; v++) {
		if (!reach[v])
			continue;
		const uint32_t d = t->idom[v];
		const uint32_t sv = t->tlast[v] - t->tin[v], sd = t->tlast[d] - t->tin[d];
		ok = pos[d] < pos[v] && pos[v] + sv <= pos[d] + sd;
		bool direct = false, low = false, high = false;
		for (uint32_t i = g->pred_off[v]; i < g->pred_off[v + 1]; i++) {
			const uint32_t u = g->pred[i];
			if (!reach[u] || u == v)
				continue;
			direct |= u == d;
			low |= pos[u] < pos[v];
			high |= pos[u] > pos[v] + sv;
		}
		ok = ok && (direct || (low && high));
	}
	return ok;
}

/* 1 when the method builds an order of idom's tree that passes the check, 0 when its order
 * fails the check, -1 when it finds that no order exists; its counts in *st (may be NULL).
 * idom must pass dom_verify. */
static int method_certifies(const struct cfg *g, const uint32_t *idom,
			    enum dom_lowhigh_method method, struct dom_lowhigh_stats *st)
{
	const uint32_t n = g->n;
	uint8_t *reach = malloc(n);
	uint32_t *stack = malloc(n * sizeof *stack), *pos = malloc(n * sizeof *pos);
	cr_assert(reach && stack && pos);
	cfg_reach(g, 0, reach, stack);
	struct domtree t = {0};
	cr_assert_eq(domtree_build(&t, idom, n, 0), SSA_OK);
	const int rc = dom_lowhigh_order_by(g, &t, pos, method, st);
	cr_assert(rc == SSA_OK || rc == SSA_EVERIFY, "rc %d", rc);
	const int res = rc != SSA_OK ? -1 : is_lowhigh_order(g, &t, reach, pos) ? 1 : 0;
	domtree_free(&t);
	free(reach);
	free(stack);
	free(pos);
	return res;
}

static int forced_certifies(const struct cfg *g, const uint32_t *idom)
{
	return method_certifies(g, idom, DOM_LOWHIGH_PEEL, NULL);
}

/* The true tree of g (the oracle's, or the independent reference's where the oracle does not
 * accept g) must pass the verifier and be certified through the fallback. */
static void expect_forced_certified(const struct cfg *g, const char *what)
{
	uint32_t *idom = malloc((g->n + 1) * sizeof *idom);
	if (dom_oracle_fits(g->n, g->m))
		cr_assert_eq(dom_oracle(g, idom), SSA_OK);
	else
		cr_assert_eq(dom_reference(g, idom), SSA_OK);
	char msg[256];
	cr_assert_eq(dom_verify(g, idom, msg, sizeof msg), SSA_OK, "%s: %s", what, msg);
	const int res = forced_certifies(g, idom);
	cr_assert_eq(res, 1, "%s (n=%u, m=%u): the fallback %s", what, g->n, g->m,
		     res < 0 ? "found no order" : "built an order that fails the definition");
	free(idom);
}

Test(lowhigh_peel, hand_made_groups_are_certified)
{
	/* p=0, a=1, b=2, x=3, y=4. In the x/y example neither x nor y can be peeled at first
	 * (one anchor each), so the fallback has to merge; the b->a variant breaks the cheaper
	 * merge rules of algos/dom/notes/LOWHIGH-NOTES.md. */
	static const char *const graphs[] = {
		"5: 0>1 0>2 1>3 4>3 2>4 3>4",
		"5: 0>1 0>2 1>3 4>3 2>4 3>4 2>1",
		"6: 0>1 0>2 1>3 4>3 2>4 3>4 2>1 0>5 5>4",
		"7: 0>2 0>6 1>4 2>5 2>3 2>3 2>6 3>1 3>5 4>4 4>2 4>3 5>1 5>4 6>3 6>3 6>6",
		"1:",
		"2: 0>0 0>1 1>1 1>0",
		"4: 0>1 0>2 1>3 2>3 3>1 3>2",
		"5: 0>1 0>2 1>2 2>1 1>3 2>3 3>4 4>3 4>0",
		"6: 0>1 1>2 2>1 3>4 4>5 5>3 0>1 0>1",
		"7: 0>1 0>2 1>3 2>4 3>4 4>3 3>5 4>6 5>6 6>5",
	};
	for (size_t i = 0; i < sizeof graphs / sizeof *graphs; i++) {
		struct cfg g, r;
		cr_assert_eq(dc_parse(&g, graphs[i]), SSA_OK, "%s", graphs[i]);
		expect_forced_certified(&g, graphs[i]);
		cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
		expect_forced_certified(&r, graphs[i]);
		cfg_free(&r);
		cfg_free(&g);
	}
}

/* Thousands of random graphs of 1-12 blocks and a few hundred of up to 300, forward and
 * reversed. */
Test(lowhigh_peel, true_trees_of_random_graphs_are_certified)
{
	char what[96];
	for (uint64_t seed = 1; seed <= 8300; seed++) {
		struct cfg g, r;
		cr_assert_eq(dc_random_graph(&g, seed * 7919, seed > 8000 ? 300 : 12), SSA_OK);
		snprintf(what, sizeof what, "seed %llu", (unsigned long long)seed);
		expect_forced_certified(&g, what);
		cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
		snprintf(what, sizeof what, "seed %llu reversed", (unsigned long long)seed);
		expect_forced_certified(&r, what);
		cfg_free(&r);
		cfg_free(&g);
	}
}

Test(lowhigh_peel, every_family_forward_and_reverse_is_certified)
{
	char what[128];
	unsigned fams = 0;
	for (size_t f = 0; f < gen_nfamilies; f++) {
		const char *family = gen_families[f].name;
		struct cfg g, r;
		struct gen_info info;
		if (!gen_make_or_skip(&g, &info, family, 400, 3))
			continue;
		snprintf(what, sizeof what, "%s", family);
		expect_forced_certified(&g, what);
		cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
		snprintf(what, sizeof what, "%s --reverse", family);
		expect_forced_certified(&r, what);
		cfg_free(&r);
		cfg_free(&g);
		fams++;
	}
	cr_assert(fams > 0);
}

/* Trees hung higher or lower that still pass the necessary conditions: the fallback must
 * either find no order or build one that fails the definition. */
Test(lowhigh_peel, tampered_trees_are_never_certified)
{
	enum { N = 30 };
	uint32_t truth[N + 1], mut[N + 1];
	unsigned tried = 0, refused = 0;
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		struct cfg g0, r;
		struct cfg *g = tamper_graph(&g0, &r, seed, 15485863, N, truth);
		const bool rev = g == &r;
		const uint32_t n = g->n;
		struct ssa_rng rng;
		ssa_rng_seed(&rng, seed);
		for (int k = 0; k < 12; k++) {
			uint32_t v;
			if (!tamper(mut, truth, n, &rng, k % 2 ? TAMPER_LOWER : TAMPER_HIGHER, &v))
				continue;
			if (dom_verify(g, mut, NULL, 0) != SSA_OK)
				continue; /* the construction requires the necessary conditions */
			tried++;
			const int res = forced_certifies(g, mut);
			refused += res < 0;
			cr_assert(res != 1, "seed %llu%s try %d: a wrong tree was certified (block %u)",
				  (unsigned long long)seed, rev ? " reversed" : "", k, v);
		}
		if (rev)
			cfg_free(&r);
		cfg_free(&g0);
	}
	cr_log_info("fallback on tampered trees: %u passed the necessary conditions, %u found to "
		    "have no order, none certified", tried, refused);
	cr_assert(tried > 100, "tried %u", tried);
}

/* The order and counts the cascade (dom_lowhigh_order_by) gives for the true tree of g; pos must
 * hold n. */
static struct dom_lowhigh_stats stats_of(const struct cfg *g, const uint32_t *idom,
					 uint32_t *pos, struct domtree *t)
{
	const uint32_t n = g->n;
	uint8_t *reach = malloc(n);
	uint32_t *stack = malloc(n * sizeof *stack), *plain = malloc(n * sizeof *plain);
	cr_assert(reach && stack && plain);
	cfg_reach(g, 0, reach, stack);
	cr_assert_eq(domtree_build(t, idom, n, 0), SSA_OK);
	struct dom_lowhigh_stats st;
	memset(&st, 0xab, sizeof st); /* the call must zero it */
	cr_assert_eq(dom_lowhigh_order_by(g, t, pos, DOM_LOWHIGH_CASCADE, &st), SSA_OK);
	cr_assert(is_lowhigh_order(g, t, reach, pos));
	/* counting changes nothing: the same order as without */
	cr_assert_eq(dom_lowhigh_order_by(g, t, plain, DOM_LOWHIGH_CASCADE, NULL), SSA_OK);
	for (uint32_t v = 0; v < n; v++)
		if (reach[v])
			cr_assert_eq(plain[v], pos[v], "block %u", v);
	free(reach);
	free(stack);
	free(plain);
	return st;
}

Test(lowhigh_stats, hand_counted_example)
{
	/* The x/y example (p=0, a=1, b=2, x=3, y=4), taken in the order b, a, x, y: b and a are
	 * direct and placed; x has only a and is cloned onto it; y has b and x (standing for a)
	 * and is placed between them; that resolves x, which the cascade puts right next to a on
	 * y's side. One instance, every child a member once. Edge reads: the search's 4, the
	 * takes' 2 + 2 (x's and y's in-edges), the cascades' 5 (out-edges of b, a, x, y, x). */
	struct cfg g;
	cr_assert_eq(dc_parse(&g, "5: 0>1 0>2 1>3 4>3 2>4 3>4"), SSA_OK);
	uint32_t idom[5], pos[5];
	cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
	struct domtree t = {0};
	const struct dom_lowhigh_stats st = stats_of(&g, idom, pos, &t);
	cr_assert_eq(st.groups, 1);
	cr_assert_eq(st.instances, 1);
	cr_assert_eq(st.memberships, 4);
	cr_assert_eq(st.max_level, 1);
	cr_assert_eq(st.edge_reads, 13);
	cr_assert_eq(st.fallback_groups, 0);
	cr_assert_eq(st.fallback_children, 0);
	domtree_free(&t);
	cfg_free(&g);
}

Test(lowhigh_stats, families_need_no_fallback)
{
	for (size_t f = 0; f < gen_nfamilies; f++) {
		const char *family = gen_families[f].name;
		struct cfg g;
		struct gen_info info;
		if (!gen_make_or_skip(&g, &info, family, 3000, 1))
			continue;
		uint32_t *idom = malloc(g.n * sizeof *idom), *pos = malloc(g.n * sizeof *pos);
		cr_assert_eq(dom_reference(&g, idom), SSA_OK);
		struct domtree t = {0};
		const struct dom_lowhigh_stats st = stats_of(&g, idom, pos, &t);
		uint64_t parents = 0;
		for (uint32_t v = 0; v < g.n; v++)
			parents += t.child_off[v + 1] > t.child_off[v];
		cr_assert_eq(st.groups, parents, "%s", family);
		cr_assert_eq(st.fallback_groups, 0, "%s", family);
		cr_assert_geq(st.instances, st.groups, "%s", family);
		cr_assert_geq(st.memberships, t.nreach - 1, "%s", family);
		cr_assert_geq(st.max_level, t.nreach > 1 ? 1 : 0, "%s", family);
		domtree_free(&t);
		free(idom);
		free(pos);
		cfg_free(&g);
	}
}

/* The completeness proof of lowhigh.c ("Completeness") says every instance of a correct tree
 * places a child: so the fallback never runs, and there are at most as many instances as
 * children. A gap in the proof would show here first, on the small irregular graphs where the
 * fallback would otherwise repair it unnoticed (the certification tests above pass either way). */
Test(lowhigh_stats, every_instance_places_a_child)
{
	for (uint64_t seed = 1; seed <= 12000; seed++) {
		struct cfg g, r;
		const uint32_t maxn = seed % 10 == 0 ? 300 : seed % 2 ? 12 : 60;
		cr_assert_eq(dc_random_graph(&g, seed, maxn), SSA_OK);
		cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
		struct cfg *graphs[] = {&g, &r};
		for (int i = 0; i < 2; i++) {
			const uint32_t n = graphs[i]->n;
			uint32_t *idom = malloc(n * sizeof *idom), *pos = malloc(n * sizeof *pos);
			cr_assert_eq(dom_oracle(graphs[i], idom), SSA_OK);
			struct domtree t = {0};
			const struct dom_lowhigh_stats st = stats_of(graphs[i], idom, pos, &t);
			cr_assert_eq(st.fallback_groups, 0, "seed %llu%s", (unsigned long long)seed,
				     i ? " reversed" : "");
			cr_assert_leq(st.instances, t.nreach - 1, "seed %llu%s",
				      (unsigned long long)seed, i ? " reversed" : "");
			domtree_free(&t);
			free(idom);
			free(pos);
		}
		cfg_free(&r);
		cfg_free(&g);
	}
}

/* Graphs found by a hill-climbing search against the cascade (Witness chains, below). */
static const char *const witness_chain_graphs[] = {
	"12: 3>7 4>0 6>9 9>2 9>3 3>7 6>7 1>6 4>1 7>8 11>6 1>7 7>1 5>3 10>2 11>10 8>10 "
	"0>3 7>4 6>1 11>5 1>2 7>4 5>8 8>11 2>10 0>9 10>1 7>5 3>11 5>4 8>8 5>2 5>9 9>0 "
	"6>1 10>9 3>9 7>3 11>7 3>10 8>3 2>10 11>5 6>10 8>9 11>3",
	"20: 15>0 12>16 5>14 12>18 16>15 17>3 11>1 12>0 3>14 5>10 3>1 9>14 4>17 19>5 "
	"16>12 7>17 10>3 2>5 5>5 11>4 10>12 13>11 12>10 1>19 7>5 0>8 15>1 5>17 12>7 "
	"9>10 11>11 18>4 11>9 18>2 13>19 5>18 9>9 2>13 10>5 7>16 11>6 1>11 12>5 14>11 "
	"0>6 10>10 7>5 3>0 2>7 16>1 5>0 11>15 5>17 8>4 4>15 6>17 10>2 18>14 4>3 6>4 "
	"19>19 4>4 12>9 7>13 17>8 4>17 12>15 5>4 11>5 4>4 9>3 18>1 16>12 18>0 15>6 "
	"19>17",
};

/* Graphs found by a hill-climbing search for the most levels (kept outside the repository;
 * algos/dom/notes/LOWHIGH-NOTES.md, "Witness chains"): every block but the entry is a child of
 * 0, and each child's only earlier in-neighbour is the one before it on a chain, so each level
 * used to place the chain's first link and clone the rest onto it. The first took 5 levels before
 * clones could move to another witness; now 2. The second, found against the current
 * construction, still takes 9 levels of its 19 children: the construction has no linear
 * bound, but every instance places a child and the order is right. */
Test(lowhigh_stats, witness_chains)
{
	const uint64_t levels[] = {2, 9};
	for (size_t i = 0; i < 2; i++) {
		struct cfg g;
		cr_assert_eq(dc_parse(&g, witness_chain_graphs[i]), SSA_OK);
		uint32_t idom[20], pos[20];
		cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
		for (uint32_t v = 1; v < g.n; v++)
			cr_assert_eq(idom[v], 0, "graph %zu block %u", i, v);
		struct domtree t = {0};
		const struct dom_lowhigh_stats st = stats_of(&g, idom, pos, &t);
		cr_assert_eq(st.fallback_groups, 0);
		cr_assert_eq(st.max_level, levels[i], "graph %zu: %llu levels", i,
			     (unsigned long long)st.max_level);
		cr_assert_leq(st.instances, g.n - 1);
		domtree_free(&t);
		cfg_free(&g);
	}
}

/* Shapes on which the construction used to clone one child per level, k levels deep: a chain of
 * two-way edges between two direct children (each link needs both neighbours), and idfsquad
 * and itworst (their z chains). Each must now take at most two levels: nothing on them is
 * timed, the level counts are exact properties of the construction. */
Test(lowhigh_stats, chains_take_no_level_per_link)
{
	const uint32_t k = 3000; /* blocks 0 (entry), 1..k the chain, entered at 1 and at k */
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, k + 1, 2 * k + 2), SSA_OK);
	cr_assert_eq(edge_list_push(&el, 0, 1), SSA_OK);
	cr_assert_eq(edge_list_push(&el, 0, k), SSA_OK);
	for (uint32_t i = 1; i < k; i++) {
		cr_assert_eq(edge_list_push(&el, i, i + 1), SSA_OK);
		cr_assert_eq(edge_list_push(&el, i + 1, i), SSA_OK);
	}
	struct cfg chain;
	cr_assert_eq(cfg_from_edges(&chain, &el), SSA_OK);
	edge_list_free(&el);
	struct cfg fam[2];
	struct gen_info info;
	gen_make(&fam[0], &info, "idfsquad", 30000, 1);
	gen_make(&fam[1], &info, "itworst", 12000, 1);
	struct cfg *graphs[] = {&chain, &fam[0], &fam[1]};
	for (size_t i = 0; i < 3; i++) {
		for (int rev = 0; rev < 2; rev++) {
			struct cfg r, *g = graphs[i];
			if (rev) {
				cr_assert_eq(dom_reverse_cfg(graphs[i], &r, NULL), SSA_OK);
				g = &r;
			}
			uint32_t *idom = malloc(g->n * sizeof *idom);
			uint32_t *pos = malloc(g->n * sizeof *pos);
			cr_assert_eq(dom_reference(g, idom), SSA_OK);
			struct domtree t = {0};
			const struct dom_lowhigh_stats st = stats_of(g, idom, pos, &t);
			cr_assert_leq(st.max_level, 2, "graph %zu%s: %llu levels", i,
				      rev ? " reversed" : "", (unsigned long long)st.max_level);
			cr_assert_leq(st.memberships, 2 * (uint64_t)(t.nreach - 1), "graph %zu", i);
			cr_assert_eq(st.fallback_groups, 0);
			domtree_free(&t);
			free(idom);
			free(pos);
			if (rev)
				cfg_free(&r);
		}
	}
	for (size_t i = 0; i < 3; i++)
		cfg_free(graphs[i]);
}

/* ---- The harmonic construction (algos/dom/lowhigh_harm.c), the default ----
 *
 * Its order must pass the definition with no group handed to the fallback: lowhigh.c runs
 * lowhigh_peel.c after any group the harmonic construction refuses, so only fallback_groups
 * shows a gap in its proof. */

/* The true tree of g must be certified by the harmonic construction alone. */
static void expect_harmonic_alone(const struct cfg *g, const char *what, uint64_t seed)
{
	uint32_t *idom = malloc((g->n + 1) * sizeof *idom);
	if (dom_oracle_fits(g->n, g->m))
		cr_assert_eq(dom_oracle(g, idom), SSA_OK);
	else
		cr_assert_eq(dom_reference(g, idom), SSA_OK);
	struct dom_lowhigh_stats st;
	const int res = method_certifies(g, idom, DOM_LOWHIGH_HARMONIC, &st);
	cr_assert_eq(res, 1, "%s %llu (n=%u): %s", what, (unsigned long long)seed, g->n,
		     res < 0 ? "no order found" : "an order that fails the definition");
	cr_assert_eq(st.fallback_groups, 0, "%s %llu: %llu groups needed the fallback", what,
		     (unsigned long long)seed, (unsigned long long)st.fallback_groups);
	free(idom);
}

/* Traced by hand through lowhigh_harm.c (pi: the smaller semidominator number first, ties to
 * the larger search number).
 *
 * The x/y example (p=0, direct a=1 and b=2, x=3 with in-neighbours a and y, y=4 with b and x):
 * the search from 0 numbers a, x, y, b (1..4). y's semidominator in-neighbour is b, below
 * another direct child than its parent x, so y is a source, after x (b comes after a). x's is
 * y, below x: its path is x..y, whose least block is y, first in pi (both have sd 0, y's number
 * is larger), so x goes after a with y's sign. Undoing the cuts gives a x y, then b: pos a=1 x=2
 * y=3 b=4.
 *
 * In the irreducible 4-block graph, 3's parent is 1 and its in-neighbour 2 hangs below 3 but is
 * direct: a source, after 1: order 1 3 2.
 *
 * In the third (a=1 and d=2 direct, b=3 from a and d, c=4 from b and d, v=5 from c and a), the
 * search numbers a b c v d (1..5); b and c are sources (in-neighbour d), after a. v's
 * semidominator is a itself, an ancestor of its parent c: its path is (a, c] = {b, c}, the
 * query waits at a until b is linked, and its least block is c (sd 0, larger number), on t's
 * side: v goes before c. Undoing the cuts: v joins c as [v c], b joins a as [a b], c's part
 * joins after it: a b v c, then d. */
Test(lowhigh_harm, hand_traced_examples)
{
	static const char *const graphs[] = {"5: 0>1 0>2 1>3 4>3 2>4 3>4",
					     "4: 0>1 0>2 1>3 2>3 3>1 3>2",
					     "6: 0>1 0>2 1>3 3>4 4>5 1>5 2>3 2>4"};
	static const uint32_t want[][6] = {{0, 1, 4, 2, 3}, {0, 1, 3, 2}, {0, 1, 5, 2, 4, 3}};
	static const uint64_t sources[] = {1, 1, 2}, tqueries[] = {0, 0, 1};
	for (size_t i = 0; i < 3; i++) {
		struct cfg g;
		cr_assert_eq(dc_parse(&g, graphs[i]), SSA_OK);
		uint32_t idom[6], pos[6];
		cr_assert_eq(dom_oracle(&g, idom), SSA_OK);
		struct domtree t = {0};
		cr_assert_eq(domtree_build(&t, idom, g.n, 0), SSA_OK);
		struct dom_lowhigh_stats st;
		cr_assert_eq(dom_lowhigh_order_by(&g, &t, pos, DOM_LOWHIGH_HARMONIC, &st), SSA_OK);
		for (uint32_t v = 0; v < g.n; v++)
			cr_assert_eq(pos[v], want[i][v], "graph %zu block %u: %u", i, v, pos[v]);
		cr_assert_eq(st.groups, 1);
		cr_assert_eq(st.harm_sources, sources[i]);
		cr_assert_eq(st.harm_tqueries, tqueries[i]);
		cr_assert_eq(st.fallback_groups, 0);
		cr_assert_eq(dom_lowhigh_order(&g, &t, pos), SSA_OK); /* the default is this one */
		for (uint32_t v = 0; v < g.n; v++)
			cr_assert_eq(pos[v], want[i][v]);
		cr_assert_eq(dom_lowhigh_order_by(&g, &t, pos, (enum dom_lowhigh_method)7, NULL),
			     SSA_EUSAGE);
		domtree_free(&t);
		cfg_free(&g);
	}
}

Test(lowhigh_harm, true_trees_never_need_the_fallback)
{
	for (uint64_t seed = 1; seed <= 16000; seed++) {
		struct cfg g, r;
		const uint32_t maxn = seed % 10 == 0 ? 300 : seed % 2 ? 12 : 60;
		cr_assert_eq(dc_random_graph(&g, seed + 7000000, maxn), SSA_OK);
		cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
		expect_harmonic_alone(&g, "seed", seed);
		expect_harmonic_alone(&r, "reversed, seed", seed);
		cfg_free(&r);
		cfg_free(&g);
	}
}

/* Every family, forward and reversed, and the graphs found against the cascade (the witness
 * chains above and the adversary's): no family shape needs the fallback. */
Test(lowhigh_harm, families_and_adversarial_graphs)
{
	unsigned fams = 0;
	for (size_t f = 0; f < gen_nfamilies; f++) {
		struct cfg g, r;
		struct gen_info info;
		if (!gen_make_or_skip(&g, &info, gen_families[f].name, 3000, 3))
			continue;
		cr_assert_eq(dom_reverse_cfg(&g, &r, NULL), SSA_OK);
		expect_harmonic_alone(&g, gen_families[f].name, 3000);
		expect_harmonic_alone(&r, gen_families[f].name, 3000);
		cfg_free(&r);
		cfg_free(&g);
		fams++;
	}
	cr_assert(fams > 0);
	for (size_t i = 0; i < 2; i++) {
		struct cfg g;
		cr_assert_eq(dc_parse(&g, witness_chain_graphs[i]), SSA_OK);
		expect_harmonic_alone(&g, "witness chain graph", i);
		cfg_free(&g);
	}
}

/* Wrong trees that pass the necessary conditions have no low-high order at all, so the harmonic
 * construction must refuse a group of each (then the fallback confirms it). */
Test(lowhigh_harm, tampered_trees_are_refused)
{
	enum { N = 30 };
	uint32_t truth[N + 1], mut[N + 1];
	unsigned tried = 0;
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		struct cfg g0, r;
		struct cfg *g = tamper_graph(&g0, &r, seed, 7919, N, truth);
		const bool rev = g == &r;
		struct ssa_rng rng;
		ssa_rng_seed(&rng, seed);
		for (int k = 0; k < 12; k++) {
			uint32_t v;
			if (!tamper(mut, truth, g->n, &rng, (enum tamper)(k % 3), &v))
				continue;
			if (dom_verify(g, mut, NULL, 0) != SSA_OK)
				continue;
			tried++;
			struct dom_lowhigh_stats st;
			const int res = method_certifies(g, mut, DOM_LOWHIGH_HARMONIC, &st);
			cr_assert_eq(res, -1, "seed %llu%s try %d (block %u): %s",
				     (unsigned long long)seed, rev ? " reversed" : "", k, v,
				     res ? "certified" : "an order that fails the definition");
			cr_assert_geq(st.fallback_groups, 1);
		}
		if (rev)
			cfg_free(&r);
		cfg_free(&g0);
	}
	cr_assert(tried > 100, "tried %u", tried);
}
