/* Test helpers for the SSA suites: build small programs from text, random programs, generated
 * ones, the dominator tree, an IDF/liveness oracle for minimal and pruned placement computed from the
 * definitions (slow, obviously right), and a "rename, verify, interpret, compare" driver.
 * Header-only (static inline). */
#ifndef SSALAB_TEST_SSA_PROGS_H
#define SSALAB_TEST_SSA_PROGS_H

#include "cfg/prog.h"
#include "dom/domtree.h"
#include "dom/oracle.h"
#include "gen/gen.h"
#include "rename/rename.h"
#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Program from a CFG text "5: 0>1 0>2 1>3 2>3" and ops "1: d0 u0; 3: u0 u1" (block: ops,
 * dK = define variable K, uK = use it). SSA_OK or SSA_EINPUT. */
static inline int sp_prog(struct prog *p, const char *cfgtext, uint32_t nvars, const char *ops)
{
	char *end;
	unsigned long n = strtoul(cfgtext, &end, 10);
	if (end == cfgtext || *end != ':' || n == 0)
		return SSA_EINPUT;
	struct edge_list el;
	if (edge_list_init(&el, (uint32_t)n, 4) != SSA_OK)
		return SSA_ENOMEM;
	const char *s = end + 1;
	for (;;) {
		while (*s == ' ' || *s == '\n')
			s++;
		if (!*s)
			break;
		unsigned long u = strtoul(s, &end, 10);
		if (end == s || *end != '>')
			goto bad;
		s = end + 1;
		unsigned long v = strtoul(s, &end, 10);
		if (end == s || u >= n || v >= n)
			goto bad;
		s = end;
		edge_list_push(&el, (uint32_t)u, (uint32_t)v);
	}
	struct cfg g;
	if (cfg_from_edges(&g, &el) != SSA_OK)
		goto bad;
	edge_list_free(&el);
	/* ops: count first, then fill block by block. */
	uint32_t *cnt = calloc(n + 1, sizeof(uint32_t));
	uint32_t *tmpb = malloc(4096 * sizeof(uint32_t)), *tmpo = malloc(4096 * sizeof(uint32_t));
	uint32_t k = 0;
	s = ops ? ops : "";
	while (*s) {
		while (*s == ' ' || *s == ';' || *s == '\n')
			s++;
		if (!*s)
			break;
		unsigned long b = strtoul(s, &end, 10);
		if (end == s || *end != ':' || b >= n)
			return SSA_EINPUT;
		s = end + 1;
		for (;;) {
			while (*s == ' ')
				s++;
			if (*s != 'd' && *s != 'u')
				break;
			uint32_t kind = *s == 'd' ? PROG_DEF : PROG_USE;
			unsigned long var = strtoul(s + 1, &end, 10);
			if (end == s + 1 || var >= nvars || k >= 4096)
				return SSA_EINPUT;
			s = end;
			tmpb[k] = (uint32_t)b;
			tmpo[k++] = prog_op((uint32_t)var, kind);
			cnt[b + 1]++;
		}
	}
	uint32_t *off = malloc((n + 1) * sizeof(uint32_t));
	uint32_t *opv = malloc((k ? k : 1) * sizeof(uint32_t));
	off[0] = 0;
	for (unsigned long b = 0; b < n; b++)
		off[b + 1] = off[b] + cnt[b + 1];
	for (unsigned long b = 0; b < n; b++)
		cnt[b] = off[b];
	for (uint32_t i = 0; i < k; i++)
		opv[cnt[tmpb[i]]++] = tmpo[i];
	free(cnt);
	free(tmpb);
	free(tmpo);
	prog_init(p, &g, nvars, k, off, opv);
	return SSA_OK;
bad:
	edge_list_free(&el);
	return SSA_EINPUT;
}

/* A random program: n blocks, each with 1-3 successors drawn mostly forward (so most blocks are
 * reachable) with some back edges, multi-edges and self-loops; ops drawn from nvars variables. */
static inline int sp_random_prog(struct prog *p, uint64_t seed, uint32_t n, uint32_t nvars,
				 uint32_t maxops)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, seed);
	struct edge_list el;
	if (edge_list_init(&el, n, 4 * n) != SSA_OK)
		return SSA_ENOMEM;
	for (uint32_t u = 0; u < n; u++) {
		uint32_t deg = u + 1 == n ? (uint32_t)ssa_rng_below(&r, 2) : 1 + (uint32_t)ssa_rng_below(&r, 3);
		for (uint32_t k = 0; k < deg; k++) {
			uint32_t v;
			if (u + 1 < n && ssa_rng_below(&r, 4) != 0)
				v = u + 1 + (uint32_t)ssa_rng_below(&r, n - u - 1 < 4 ? n - u - 1 : 4);
			else
				v = (uint32_t)ssa_rng_below(&r, n);
			edge_list_push(&el, u, v);
		}
	}
	struct cfg g;
	int rc = cfg_from_edges(&g, &el);
	edge_list_free(&el);
	if (rc != SSA_OK)
		return rc;
	uint32_t *off = malloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *ops = malloc(((size_t)n * maxops + 1) * sizeof(uint32_t));
	uint32_t k = 0;
	off[0] = 0;
	for (uint32_t b = 0; b < n; b++) {
		uint32_t c = (uint32_t)ssa_rng_below(&r, maxops + 1);
		for (uint32_t i = 0; i < c; i++)
			ops[k++] = prog_op((uint32_t)ssa_rng_below(&r, nvars),
					   ssa_rng_below(&r, 5) < 2 ? PROG_DEF : PROG_USE);
		off[b + 1] = k;
	}
	prog_init(p, &g, nvars, k, off, ops);
	return SSA_OK;
}

/* A generated program: family's CFG of about blocks blocks by seed, with vars variables;
 * goto_permille as the structured family takes it (0, the default, for none). */
static inline int sp_family_prog(struct prog *p, const char *family, uint64_t blocks,
				 uint64_t seed, uint32_t vars, uint32_t goto_permille)
{
	struct gen_params gp;
	gen_params_default(&gp);
	gp.family = family;
	gp.blocks = blocks;
	gp.seed = seed;
	gp.vars = vars;
	gp.goto_permille = goto_permille;
	struct cfg g;
	struct gen_info info;
	int rc = gen_cfg(&gp, &g, &info);
	if (rc != SSA_OK)
		return rc;
	rc = gen_prog(&gp, &g, p);
	if (rc != SSA_OK)
		cfg_free(&g);
	return rc;
}

static inline int sp_domtree(const struct cfg *g, struct domtree *t)
{
	uint32_t *idom = malloc((size_t)g->n * sizeof(uint32_t));
	int rc = dom_oracle(g, idom);
	if (rc == SSA_OK)
		rc = domtree_build(t, idom, g->n, 0);
	free(idom);
	return rc;
}

/* Placement oracle: phi_oracle (algos/phi/oracle.c), IDF(D(v)) as the fixpoint of the
 * frontier definition, pruned by dataflow liveness. */
static inline int sp_oracle_phis(const struct prog *p, const struct domtree *t, bool pruned,
				 struct phi_sets *out)
{
	struct var_blocks vb;
	int rc = var_blocks_build(&vb, p);
	if (rc == SSA_OK)
		rc = phi_oracle(p, t, &vb, pruned ? PHI_PRUNED : PHI_MINIMAL, out);
	var_blocks_free(&vb);
	return rc;
}

/* Lays out ps over p and renames with algorithm a; then verifier and interpreter. Returns a
 * status; msg says what failed. */
static inline int sp_rename_checked(const struct prog *p, const struct domtree *t,
				    const struct phi_sets *ps, const struct rename_algo *a,
				    uint64_t seed, struct ssa_form *s, char *msg, size_t msglen)
{
	int rc = ssa_form_layout(s, p, ps);
	if (rc != SSA_OK) {
		snprintf(msg, msglen, "layout: %s", ssa_status_str(rc));
		return rc;
	}
	rc = rename_compute(a, p, t, s, NULL);
	if (rc != SSA_OK) {
		snprintf(msg, msglen, "%s: %s", a->head.name, ssa_status_str(rc));
		return rc;
	}
	char m[200];
	rc = ssa_check_form(p, t, s, NULL, NULL, seed, 20, m, sizeof m);
	if (rc != SSA_OK)
		snprintf(msg, msglen, "%s: %s", a->head.name, m);
	return rc;
}

/* Whether every block of phi set a is in b (per variable); strict set when also a != b. */
static inline bool sp_phi_subset(const struct phi_sets *a, const struct phi_sets *b)
{
	for (uint32_t v = 0; v < a->nvars; v++) {
		uint64_t j = b->off[v];
		for (uint64_t i = a->off[v]; i < a->off[v + 1]; i++) {
			while (j < b->off[v + 1] && b->blocks[j] < a->blocks[i])
				j++;
			if (j == b->off[v + 1] || b->blocks[j] != a->blocks[i])
				return false;
		}
	}
	return true;
}

static inline bool sp_phi_equal(const struct phi_sets *a, const struct phi_sets *b)
{
	char diff[200];
	return phi_sets_equal(a, b, diff, sizeof diff);
}

#endif
