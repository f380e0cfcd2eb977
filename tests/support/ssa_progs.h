/* Test helpers for the SSA suites: build small programs from text, random programs, the
 * dominator tree, an IDF/liveness oracle for minimal and pruned placement computed from the
 * definitions (slow, obviously right), and a "rename, verify, interpret, compare" driver.
 * Header-only (static inline). */
#ifndef SSALAB_TEST_SSA_PROGS_H
#define SSALAB_TEST_SSA_PROGS_H

#include "cfg/prog.h"
#include "dom/domtree.h"
#include "dom/oracle.h"
#include "ssa/ssa.h"
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

static inline int sp_domtree(const struct cfg *g, struct domtree *t)
{
	uint32_t *idom = malloc((size_t)g->n * sizeof(uint32_t));
	int rc = dom_oracle(g, idom);
	if (rc == SSA_OK)
		rc = domtree_build(t, idom, g->n, 0);
	free(idom);
	return rc;
}

/* Placement oracle: IDF(D(v)) as the fixpoint J = DF(D ∪ J) with DF from the definition, and for
 * pruned only the blocks where v is live-in (backward dataflow to a fixpoint). */
static inline int sp_oracle_phis(const struct prog *p, const struct domtree *t, bool pruned,
				 struct phi_sets *out)
{
	const struct cfg *g = &p->cfg;
	uint32_t n = g->n, V = p->nvars;
	uint8_t *df = calloc((size_t)n * n, 1); /* df[x*n+y] */
	for (uint32_t y = 0; y < n; y++)
		for (uint32_t k = g->pred_off[y]; k < g->pred_off[y + 1]; k++)
			for (uint32_t x = 0; x < n; x++)
				if (domtree_dominates(t, x, g->pred[k]) &&
				    !domtree_strictly_dominates(t, x, y))
					df[(size_t)x * n + y] = 1;
	uint8_t *live = calloc((size_t)n * V, 1); /* live-in[b*V+v] */
	uint8_t *gen = calloc((size_t)n * V, 1), *kill = calloc((size_t)n * V, 1);
	for (uint32_t b = 0; b < n; b++)
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			uint32_t v = prog_op_var(p->ops[i]);
			if (prog_op_is_def(p->ops[i]))
				kill[(size_t)b * V + v] = 1;
			else if (!kill[(size_t)b * V + v])
				gen[(size_t)b * V + v] = 1;
		}
	for (bool ch = true; ch;) {
		ch = false;
		for (uint32_t b = n; b-- > 0;)
			for (uint32_t v = 0; v < V; v++) {
				uint8_t l = gen[(size_t)b * V + v];
				if (!l && !kill[(size_t)b * V + v])
					for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++)
						l |= live[(size_t)g->succ[e] * V + v];
				if (l && !live[(size_t)b * V + v]) {
					live[(size_t)b * V + v] = 1;
					ch = true;
				}
			}
	}
	out->nvars = V;
	out->off = calloc((size_t)V + 1, sizeof(uint64_t));
	out->blocks = malloc(((size_t)n * V + 1) * sizeof(uint32_t));
	uint8_t *inset = malloc(n);
	uint64_t tot = 0;
	for (uint32_t v = 0; v < V; v++) {
		memset(inset, 0, n);
		for (bool ch = true; ch;) {
			ch = false;
			for (uint32_t x = 0; x < n; x++) {
				bool src = inset[x] || kill[(size_t)x * V + v];
				if (!src)
					continue;
				for (uint32_t y = 0; y < n; y++)
					if (df[(size_t)x * n + y] && !inset[y]) {
						inset[y] = 1;
						ch = true;
					}
			}
		}
		for (uint32_t b = 0; b < n; b++)
			if (inset[b] && (!pruned || live[(size_t)b * V + v]))
				out->blocks[tot++] = b;
		out->off[v + 1] = tot;
	}
	out->total = tot;
	free(inset);
	free(df);
	free(live);
	free(gen);
	free(kill);
	return SSA_OK;
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
		snprintf(msg, msglen, "%s: %s", a->name, ssa_status_str(rc));
		return rc;
	}
	char m[200];
	rc = ssa_verify(p, t, s, m, sizeof(m));
	if (rc != SSA_OK) {
		snprintf(msg, msglen, "%s: verifier: %s", a->name, m);
		return rc;
	}
	rc = ssa_check_reaching(p, t, s, m, sizeof(m));
	if (rc != SSA_OK) {
		snprintf(msg, msglen, "%s: reaching check: %s", a->name, m);
		return rc;
	}
	struct ssa_interp_opts io = {.seed = seed, .walks = 20, .max_len = 4 * p->cfg.n + 8,
				     .cover = true};
	struct ssa_interp_stats st;
	rc = ssa_interp_check(p, s, &io, &st, m, sizeof(m));
	if (rc != SSA_OK) {
		snprintf(msg, msglen, "%s: interpreter: %s", a->name, m);
	} else if (st.static_covered != st.static_uses) {
		snprintf(msg, msglen, "%s: interpreter covered %llu of %llu reachable static uses",
			 a->name, (unsigned long long)st.static_covered,
			 (unsigned long long)st.static_uses);
		rc = SSA_EVERIFY;
	}
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
	return a->total == b->total && sp_phi_subset(a, b);
}

#endif
