/* The differential checks over every stage table, shared by the fuzzer (fuzz_diff.c, where a
 * failure aborts) and the shrinker (fuzz_shrink.c, where it returns to the search): the includer
 * defines FUZZ_FAIL(...) with printf-style arguments, which must not return. Header-only. */
#ifndef SSALAB_FUZZ_CHECKS_H
#define SSALAB_FUZZ_CHECKS_H

#include "df/df.h"
#include "dom/dom.h"
#include "dom/domtree.h"
#include "dom/lowhigh.h"
#include "dom/oracle.h"
#include "dom/reference.h"
#include "dom/verify.h"
#include "phi/phi.h"
#include "rename/rename.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DIE FUZZ_FAIL

/* Every low-high construction finds an order for the true tree, and neither fast one hands a
 * block to the fallback (their completeness proofs say none ever needs it). scratch holds n. */
static inline void check_lowhigh_methods(const struct cfg *g, const uint32_t *idom,
					 uint32_t *scratch)
{
	struct domtree t = {0};
	if (domtree_build(&t, idom, g->n, 0) != SSA_OK)
		DIE("domtree_build failed");
	static const enum dom_lowhigh_method methods[] = {DOM_LOWHIGH_HARMONIC, DOM_LOWHIGH_CASCADE,
							  DOM_LOWHIGH_PEEL};
	for (size_t i = 0; i < sizeof methods / sizeof *methods; i++) {
		struct dom_lowhigh_stats st;
		if (dom_lowhigh_order_by(g, &t, scratch, methods[i], &st) != SSA_OK)
			DIE("low-high construction %zu found no order for the true tree", i);
		if (st.fallback_groups)
			DIE("low-high construction %zu needed the fallback on %llu groups", i,
			    (unsigned long long)st.fallback_groups);
	}
	domtree_free(&t);
}

static inline void check_dom(const struct cfg *g, uint32_t *want)
{
	const uint32_t n = g->n;
	uint32_t *got = malloc(n * sizeof *got);
	char msg[256];
	if (dom_oracle(g, want) != SSA_OK)
		DIE("oracle failed");
	for (size_t a = 0; a < dom_nalgos; a++) {
		if (dom_compute(dom_algos[a], g, got, NULL) != SSA_OK)
			DIE("%s failed", dom_algos[a]->head.name);
		if (memcmp(got, want, n * sizeof *got))
			DIE("%s disagrees with the oracle", dom_algos[a]->head.name);
	}
	if (dom_reference(g, got) != SSA_OK || memcmp(got, want, n * sizeof *got))
		DIE("dom_reference disagrees with the oracle");
	bool cert;
	if (dom_verify_cert(g, want, &cert, msg, sizeof msg) != SSA_OK)
		DIE("verifier rejects the oracle's tree: %s", msg);
	if (!cert)
		DIE("the oracle's tree is not certified: %s", msg);
	check_lowhigh_methods(g, want, got);
	/* A wrong tree must never be certified: hang each vertex one level too high. */
	for (uint32_t v = 1; v < n; v++) {
		if (want[v] == SSA_NONE || want[v] == 0)
			continue;
		memcpy(got, want, n * sizeof *got);
		got[v] = want[want[v]];
		int rc = dom_verify_cert(g, got, &cert, msg, sizeof msg);
		if (rc == SSA_OK && cert)
			DIE("a tree with block %u hung too high was certified", v);
	}
	free(got);
}

static inline void check_df(const struct cfg *g, const struct domtree *t)
{
	struct df_sets ref = {0}, s = {0};
	if (df_compute(algo_find(df_algos, df_nalgos, "df-naive"), g, t, DF_DEFAULT_LIMIT, &ref, NULL) != SSA_OK)
		DIE("df-naive failed");
	uint32_t *mark = calloc(g->n, sizeof *mark);
	for (size_t a = 0; a < df_nalgos; a++) {
		if (df_compute(df_algos[a], g, t, DF_DEFAULT_LIMIT, &s, NULL) != SSA_OK)
			DIE("%s failed", df_algos[a]->head.name);
		if (s.total != ref.total)
			DIE("%s: %llu frontier entries, df-naive %llu", df_algos[a]->head.name,
			    (unsigned long long)s.total, (unsigned long long)ref.total);
		for (uint32_t x = 0; x < g->n; x++) {
			uint32_t stamp = (uint32_t)(a * g->n + x + 1);
			for (uint64_t i = ref.off[x]; i < ref.off[x + 1]; i++)
				mark[ref.set[i]] = stamp;
			if (s.off[x + 1] - s.off[x] != ref.off[x + 1] - ref.off[x])
				DIE("%s: |DF(%u)| differs", df_algos[a]->head.name, x);
			for (uint64_t i = s.off[x]; i < s.off[x + 1]; i++)
				if (mark[s.set[i]] != stamp)
					DIE("%s: DF(%u) holds %u, df-naive's does not", df_algos[a]->head.name, x,
					    s.set[i]);
		}
	}
	free(mark);
	df_sets_free(&ref);
	df_sets_free(&s);
}

static inline void check_form(const struct prog *p, const struct domtree *t, const struct ssa_form *s,
		       const char *what)
{
	char msg[400];
	if (ssa_verify(p, t, s, msg, sizeof msg) != SSA_OK)
		DIE("%s: verifier: %s", what, msg);
	if (ssa_check_reaching(p, t, s, msg, sizeof msg) != SSA_OK)
		DIE("%s: reaching: %s", what, msg);
	struct ssa_interp_opts io = {.seed = 7, .walks = 8, .max_len = 4 * p->cfg.n + 8,
				     .cover = true};
	struct ssa_interp_stats st;
	if (ssa_interp_check(p, s, &io, &st, msg, sizeof msg) != SSA_OK)
		DIE("%s: interpreter: %s", what, msg);
	if (st.static_covered != st.static_uses)
		DIE("%s: interpreter covered %llu of %llu reachable uses", what,
		    (unsigned long long)st.static_covered, (unsigned long long)st.static_uses);
}

static inline void check_ssa(const struct prog *p, const struct domtree *t)
{
	char msg[400], what[96];
	for (int f = PHI_MINIMAL; f <= PHI_PRUNED; f++) {
		struct phi_sets ref = {0};
		if (phi_place_prog(algo_find(phi_algos, phi_nalgos, "phi-dj"), p, t, (enum phi_flavor)f, &ref) != SSA_OK)
			DIE("phi-dj failed");
		for (size_t a = 0; a < phi_nalgos; a++) {
			struct phi_sets ps = {0};
			if (phi_place_prog(phi_algos[a], p, t, (enum phi_flavor)f, &ps) != SSA_OK)
				DIE("%s failed", phi_algos[a]->head.name);
			if (!phi_sets_equal(&ref, &ps, msg, sizeof msg))
				DIE("%s %s vs phi-dj: %s", phi_algos[a]->head.name,
				    phi_flavor_name((enum phi_flavor)f), msg);
			phi_sets_free(&ps);
		}
		struct ssa_form first = {0};
		for (size_t a = 0; a < rename_nalgos; a++) {
			struct ssa_form s = {0};
			if (ssa_form_layout(&s, p, &ref) != SSA_OK)
				DIE("layout failed");
			if (rename_compute(rename_algos[a], p, t, &s, NULL) != SSA_OK)
				DIE("%s failed", rename_algos[a]->head.name);
			snprintf(what, sizeof what, "%s %s", rename_algos[a]->head.name,
				 phi_flavor_name((enum phi_flavor)f));
			check_form(p, t, &s, what);
			if (a == 0)
				first = s;
			else if (!ssa_form_equal(&first, &s, msg, sizeof msg))
				DIE("%s vs %s: %s", what, rename_algos[0]->head.name, msg);
			if (a)
				ssa_form_free(&s);
		}
		ssa_form_free(&first);
		phi_sets_free(&ref);
	}
	for (int k = 0; k < 8; k++) {
		struct phi_maximal_opts o = {.every_block = k & 1, .prune_redundant = k & 2,
					     .prune_dead = k & 4};
		struct ssa_form m = {0};
		struct phi_maximal_stats st;
		if (phi_maximal(p, t, &o, 0, &m, &st) != SSA_OK)
			DIE("phi-maximal (%d) failed", k);
		snprintf(what, sizeof what, "phi-maximal options %d", k);
		check_form(p, t, &m, what);
		ssa_form_free(&m);
	}
}

/* Every check on one program. */
static inline void fuzz_check_prog(const struct prog *p)
{
	uint32_t *idom = malloc(p->cfg.n * sizeof *idom);
	check_dom(&p->cfg, idom);
	struct domtree t;
	if (domtree_build(&t, idom, p->cfg.n, 0) != SSA_OK)
		DIE("domtree_build rejects the oracle's tree");
	check_df(&p->cfg, &t);
	check_ssa(p, &t);
	domtree_free(&t);
	free(idom);
}

#endif
