/* The facts memory estimates read off upstream results (facts.h): one dominator tree per input
 * and request, freed before returning; numbers cached by a fingerprint of the program. */
#include "bench/facts.h"
#include "bench/memstat.h"
#include "df/df.h"
#include "dom/dom.h"
#include "dom/reducible.h"
#include "phi/phi.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

const struct bench_facts *bench_facts_counts(const struct bench_input *in, int flavor,
					     uint64_t df_limit, struct phi_counts *c)
{
	const struct bench_facts *f = bench_facts(in, flavor);
	if (f)
		*c = (struct phi_counts){.nphi = f->nphi, .nargs = f->nargs, .df_total = f->df_total};
	else
		phi_count_bounds(in->prog, df_limit, c);
	return f;
}

uint64_t bench_facts_phi_scratch(const struct bench_facts *f, const struct phi_algo *a,
				 const struct bench_input *in)
{
	for (size_t i = 0; f && i < phi_nalgos; i++)
		if (phi_algos[i] == a)
			return f->phi_scratch[i];
	struct phi_input pin = {.prog = in->prog};
	return phi_scratch_bytes(a, &pin);
}

static struct {
	bool valid;
	uint64_t key;
	struct bench_facts tree;       /* the tree's facts: df_total, phi_scratch */
	bool have_flavor[3];
	int reducible; /* 0: unknown, 1: no, 2: yes */
	bool have_live;
	uint64_t live_phi, live_args;
	uint64_t nphi[3], nargs[3];
	struct bench_facts out;        /* what the last call returned */
} cache;

/* The cache, emptied when it holds another input's facts. */
static void cache_for(const struct prog *p)
{
	uint64_t key = prog_fingerprint(p);
	if (cache.key != key) {
		memset(&cache, 0, sizeof cache);
		cache.key = key;
	}
}

/* Whether bytes fit in 3/4 of MemAvailable (or MemAvailable is unknown). */
static bool fits(uint64_t bytes)
{
	uint64_t avail = bench_mem_available();
	return !avail || bytes <= avail / 4 * 3;
}

bool bench_facts_live_joins(const struct bench_input *in, uint64_t *nphi, uint64_t *nargs)
{
	const struct prog *p = in->prog;
	cache_for(p);
	if (!cache.have_live) {
		if (!fits(live_join_pairs_bytes(p->cfg.n, p->nvars, p->nops)) ||
		    live_join_pairs(p, &cache.live_phi, &cache.live_args) != SSA_OK)
			return false;
		cache.have_live = true;
	}
	*nphi = cache.live_phi;
	*nargs = cache.live_args;
	return true;
}

int bench_facts_reducible(const struct bench_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	cache_for(in->prog);
	if (!cache.reducible) {
		bool red;
		if (!fits(cfg_reducible_bytes(g->n, g->m)) || cfg_is_reducible(g, &red) != SSA_OK)
			return -1;
		cache.reducible = red ? 2 : 1;
	}
	return cache.reducible - 1;
}

const struct bench_facts *bench_facts(const struct bench_input *in, int flavor)
{
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	uint64_t limit = in->opts->df_limit;
	if (flavor > PHI_PRUNED || phi_nalgos > BENCH_FACTS_MAX_PHI)
		return NULL;
	bool want_phi = flavor >= 0 && p->nvars > 0;
	cache_for(p);
	if (cache.valid && cache.tree.df_limit != limit)
		cache.valid = false; /* the tree's facts again; the φ counts do not depend on it */
	if (!cache.valid || (want_phi && !cache.have_flavor[flavor])) {
		if (!fits(phi_count_bytes(p, want_phi)))
			return NULL;
		struct domtree dt;
		int st = dom_tree_default(g, &dt);
		if (st != SSA_OK)
			return NULL;
		if (!cache.valid) {
			uint64_t total = 0;
			st = df_count_total(g, &dt, limit, &total);
			if (st != SSA_OK && st != SSA_ETOOBIG) {
				domtree_free(&dt);
				return NULL;
			}
			cache.tree.df_limit = limit;
			cache.tree.df_total = st == SSA_ETOOBIG ? ssa_sat_add(limit, 1) : total;
			struct phi_input pin = {.prog = p, .dt = &dt};
			for (size_t i = 0; i < phi_nalgos; i++)
				cache.tree.phi_scratch[i] = phi_scratch_bytes(phi_algos[i], &pin);
			cache.valid = true;
		}
		if (want_phi && !cache.have_flavor[flavor]) {
			st = phi_place_count(p, &dt, (enum phi_flavor)flavor, &cache.nphi[flavor],
					     &cache.nargs[flavor]);
			cache.have_flavor[flavor] = st == SSA_OK;
			if (st != SSA_OK) {
				domtree_free(&dt);
				return NULL;
			}
		}
		domtree_free(&dt);
	}
	cache.out = cache.tree;
	cache.out.have_phi = want_phi;
	cache.out.flavor = flavor;
	if (want_phi) {
		cache.out.nphi = cache.nphi[flavor];
		cache.out.nargs = cache.nargs[flavor];
	}
	return &cache.out;
}
