/* Helpers for the frontier, placement and liveness suites (test_phi_*): hand-made CFGs and
 * programs, dominator trees, what placement takes as input (phit_ctx), random small programs,
 * and slow reference answers computed from the definitions (no code shared with the algorithms
 * under test). Header-only. */
#ifndef SSALAB_TESTS_PHI_UTIL_H
#define SSALAB_TESTS_PHI_UTIL_H

#include <criterion/criterion.h>

#include "cfg/cfg.h"
#include "cfg/prog.h"
#include "df/df.h"
#include "dom/dom.h"
#include "dom/domtree.h"
#include "dom/oracle.h"
#include "phi/phi.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

static inline void phit_cfg(struct cfg *g, uint32_t n, const uint32_t (*e)[2], uint32_t m)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, m ? m : 1), SSA_OK);
	for (uint32_t i = 0; i < m; i++)
		cr_assert_eq(edge_list_push(&el, e[i][0], e[i][1]), SSA_OK);
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

/* A program over g (moved in) from a text per block: ops like "d0 u1 d1", blocks separated by
 * '|'. E.g. "d0|u0 d0||u0" gives block 0 a def of v0, block 1 a use then a def, block 3 a use. */
static inline void phit_prog(struct prog *p, struct cfg *g, uint32_t nvars, const char *text)
{
	uint32_t n = g->n;
	uint32_t *off = ssa_calloc_array((size_t)n + 1, sizeof(uint32_t));
	uint32_t *ops = ssa_alloc_array(strlen(text) + 1, sizeof(uint32_t));
	cr_assert(off && ops);
	uint32_t b = 0, k = 0;
	for (const char *s = text; *s;) {
		if (*s == '|') {
			b++;
			cr_assert_lt(b, n, "program text has more blocks than the CFG");
			off[b + 1] = off[b] = k;
			s++;
		} else if (*s == 'd' || *s == 'u') {
			uint32_t kind = *s == 'd' ? PROG_DEF : PROG_USE;
			char *end;
			unsigned long v = strtoul(s + 1, &end, 10);
			cr_assert_lt(v, nvars);
			ops[k++] = prog_op((uint32_t)v, kind);
			s = end;
		} else {
			s++;
		}
		off[b + 1] = k;
	}
	for (uint32_t i = b + 1; i < n; i++)
		off[i + 1] = k;
	prog_init(p, g, nvars, k, off, ops);
	char why[128];
	cr_assert(prog_is_valid(p, why, sizeof why), "%s", why);
}

/* The textbook diamond 0 -> 1, 2 -> 3 with the program text over it (phit_prog): the graph
 * the memory-estimate suites work their expected bytes out on by hand. */
static inline void phit_diamond(struct prog *p, struct cfg *g, uint32_t nvars, const char *text)
{
	static const uint32_t e[][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
	phit_cfg(g, 4, e, 4);
	phit_prog(p, g, nvars, text);
}

/* The project's dominator tree (dom_tree_default), cross-checked with the oracle when it fits. */
static inline void phit_domtree(struct domtree *t, const struct cfg *g)
{
	cr_assert_eq(dom_tree_default(g, t), SSA_OK);
	if (dom_oracle_fits(g->n, g->m)) {
		uint32_t *ref = ssa_alloc_array(g->n, sizeof(uint32_t));
		cr_assert(ref);
		cr_assert_eq(dom_oracle(g, ref), SSA_OK);
		cr_assert_eq(memcmp(ref, t->idom, (size_t)g->n * sizeof(uint32_t)), 0,
			     "dom_tree_default disagrees with the dominator oracle");
		free(ref);
	}
}

/* Everything placement needs for p, kept together: the dominator tree, the variables' blocks,
 * df-runner's frontiers and dataflow liveness. */
struct phit_ctx {
	struct domtree dt;
	struct var_blocks vb;
	struct df_sets df;
	struct live_dataflow ld;
};

static inline void phit_ctx_init(struct phit_ctx *c, const struct prog *p)
{
	memset(c, 0, sizeof *c);
	phit_domtree(&c->dt, &p->cfg);
	cr_assert_eq(var_blocks_build(&c->vb, p), SSA_OK);
	cr_assert_eq(df_compute(algo_find(df_algos, df_nalgos, "df-runner"), &p->cfg, &c->dt, DF_DEFAULT_LIMIT, &c->df,
				NULL),
		     SSA_OK);
	uint64_t cnt[4];
	cr_assert_eq(live_dataflow_alloc(&c->ld, p->cfg.n, p->nvars), SSA_OK);
	cr_assert_eq(live_dataflow_run(&c->ld, p, cnt), SSA_OK);
}

static inline void phit_ctx_free(struct phit_ctx *c)
{
	domtree_free(&c->dt);
	var_blocks_free(&c->vb);
	df_sets_free(&c->df);
	live_dataflow_free(&c->ld);
}

/* A random CFG: a spanning arborescence over the first `reach` blocks, blocks beyond it
 * unreachable (they still get edges, also into the reachable part), extra random edges with
 * back edges, self-loops and duplicates. */
static inline void phit_random_cfg(struct cfg *g, struct ssa_rng *r, uint32_t n, uint32_t extra)
{
	struct edge_list el;
	cr_assert_eq(edge_list_init(&el, n, n + extra + 1), SSA_OK);
	uint32_t reach = n - (uint32_t)(ssa_rng_next(r) % (n / 4 + 1));
	for (uint32_t b = 1; b < n; b++) {
		uint32_t lim = b < reach ? b : n;
		uint32_t from = (uint32_t)(ssa_rng_next(r) % lim);
		if (b >= reach)
			from = reach + (uint32_t)(ssa_rng_next(r) % (n - reach));
		if (from != b)
			cr_assert_eq(edge_list_push(&el, from, b), SSA_OK);
	}
	for (uint32_t i = 0; i < extra; i++) {
		uint32_t u = (uint32_t)(ssa_rng_next(r) % n), v = (uint32_t)(ssa_rng_next(r) % n);
		if (u < reach && v >= reach)
			continue; /* keep the unreachable part unreachable */
		cr_assert_eq(edge_list_push(&el, u, v), SSA_OK);
	}
	cr_assert_eq(cfg_from_edges(g, &el), SSA_OK);
	edge_list_free(&el);
}

/* Random ops over g (moved into p): each block gets 0..4 ops on nvars variables. */
static inline void phit_random_prog(struct prog *p, struct cfg *g, struct ssa_rng *r,
				    uint32_t nvars)
{
	uint32_t n = g->n;
	uint32_t *off = ssa_calloc_array((size_t)n + 1, sizeof(uint32_t));
	uint32_t *ops = ssa_alloc_array((size_t)n * 4 + 1, sizeof(uint32_t));
	cr_assert(off && ops);
	uint32_t k = 0;
	for (uint32_t b = 0; b < n; b++) {
		uint32_t c = (uint32_t)(ssa_rng_next(r) % 5);
		for (uint32_t i = 0; i < c; i++) {
			uint32_t v = (uint32_t)(ssa_rng_next(r) % nvars);
			ops[k++] = prog_op(v, (ssa_rng_next(r) % 3 == 0) ? PROG_USE : PROG_DEF);
		}
		off[b + 1] = k;
	}
	prog_init(p, g, nvars, k, off, ops);
}

/* DF straight from the definition with dominance by tree walks up idom (no interval test):
 * df[x*n + y] = 1 iff y ∈ DF(x). */
static inline bool phit_dom_walk(const struct domtree *t, uint32_t a, uint32_t b)
{
	if (t->tin[a] == SSA_NONE || t->tin[b] == SSA_NONE)
		return false;
	for (uint32_t x = b; x != SSA_NONE; x = t->idom[x])
		if (x == a)
			return true;
	return false;
}

static inline uint8_t *phit_df_matrix(const struct cfg *g, const struct domtree *t)
{
	uint32_t n = g->n;
	uint8_t *df = ssa_calloc_array((size_t)n * n, 1);
	cr_assert(df);
	for (uint32_t y = 0; y < n; y++)
		for (uint32_t e = g->pred_off[y]; e < g->pred_off[y + 1]; e++)
			for (uint32_t x = 0; x < n; x++)
				if (phit_dom_walk(t, x, g->pred[e]) &&
				    !(x != y && phit_dom_walk(t, x, y)))
					df[(size_t)x * n + y] = 1;
	return df;
}

/* Asserts that s holds exactly the sets of the matrix. */
static inline void phit_df_matches(const struct df_sets *s, const uint8_t *df, uint32_t n,
				   const char *what)
{
	cr_assert_eq(s->n, n, "%s: n", what);
	uint64_t total = 0;
	for (uint32_t x = 0; x < n; x++) {
		uint64_t k = s->off[x];
		for (uint32_t y = 0; y < n; y++) {
			if (!df[(size_t)x * n + y])
				continue;
			cr_assert(k < s->off[x + 1] && s->set[k] == y, "%s: DF(%u) lacks %u or is unsorted",
				  what, x, y);
			k++;
			total++;
		}
		cr_assert_eq(k, s->off[x + 1], "%s: DF(%u) has extra entries", what, x);
	}
	cr_assert_eq(s->total, total, "%s: total", what);
}

/* Liveness by explicit path search: v live-in at b iff a path from b's start reaches a use of v
 * before any definition of v. Forward search over blocks; vis is n bytes of scratch. */
static inline int phit_first_op(const struct prog *p, uint32_t b, uint32_t v)
{
	for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
		if (prog_op_var(p->ops[i]) == v)
			return prog_op_is_def(p->ops[i]) ? 1 : 2; /* 1 def first, 2 use first */
	return 0;
}

static inline bool phit_live_in(const struct prog *p, uint32_t b, uint32_t v, uint8_t *vis,
				uint32_t *stack)
{
	const struct cfg *g = &p->cfg;
	memset(vis, 0, g->n);
	uint32_t sp = 0;
	stack[sp++] = b;
	vis[b] = 1;
	while (sp) {
		uint32_t x = stack[--sp];
		int f = phit_first_op(p, x, v);
		if (f == 2)
			return true;
		if (f == 1)
			continue;
		for (uint32_t e = g->succ_off[x]; e < g->succ_off[x + 1]; e++)
			if (!vis[g->succ[e]]) {
				vis[g->succ[e]] = 1;
				stack[sp++] = g->succ[e];
			}
	}
	return false;
}

#endif
