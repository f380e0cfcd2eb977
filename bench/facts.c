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

/* Every word of the program and its CFG, so that two inputs at one address with the same sizes
 * (the functions of a module, files of one directory) never share facts. */
static uint64_t mix(uint64_t h, const uint32_t *w, uint64_t count)
{
	for (uint64_t i = 0; i < count; i++)
		h = (h ^ w[i]) * UINT64_C(0x9E3779B97F4A7C15) + (h >> 29);
	return h;
}

uint64_t bench_input_fingerprint(const struct prog *p)
{
	const struct cfg *g = &p->cfg;
	uint64_t h = ((uint64_t)g->n << 32 | g->m) ^ ((uint64_t)p->nvars << 32 | p->nops);
	h = mix(h, g->succ_off, (uint64_t)g->n + 1);
	h = mix(h, g->succ, g->m);
	if (p->op_off)
		h = mix(h, p->op_off, (uint64_t)g->n + 1);
	if (p->ops)
		h = mix(h, p->ops, p->nops);
	return h;
}

void bench_joins(const struct cfg *g, uint64_t *joins, uint64_t *join_edges)
{
	uint64_t j = 0, e = 0;
	for (uint32_t b = 0; b < g->n; b++) {
		uint32_t d = cfg_in_degree(g, b);
		if (d >= (b == 0 ? 1u : 2u)) {
			j++;
			e += d;
		}
	}
	*joins = j;
	*join_edges = e;
}

uint64_t bench_facts_bytes(const struct bench_input *in, int flavor)
{
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	uint64_t tree = domtree_bytes(g->n), word = ssa_array_bytes(g->n, sizeof(uint32_t));
	uint64_t b = dom_tree_default_bytes(g->n, g->m);
	uint64_t count = ssa_sat_add(tree, word); /* df_count's stamps, djq's J-edge counts */
	b = b > count ? b : count;
	if (flavor >= 0 && p->nvars) {
		uint64_t joins, jedges;
		bench_joins(g, &joins, &jedges);
		struct phi_input pin = {.prog = p};
		uint64_t place = ssa_sat_add(tree, var_blocks_bytes(g->n, p->nvars, p->nops));
		place = ssa_sat_add(place, phi_scratch_bytes(phi_default_algo(), &pin));
		place = ssa_sat_add(place, phi_output_bytes(ssa_bytes(joins, p->nvars), p->nvars));
		b = b > place ? b : place;
	}
	return b;
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

/* The φs of flavor by the default placement over dt, and their operands. */
static int count_phis(const struct prog *p, const struct domtree *dt, int flavor, uint64_t *nphi,
		      uint64_t *nargs)
{
	struct var_blocks vb = {0};
	struct phi_sets ps = {0};
	int st = var_blocks_build(&vb, p);
	if (st == SSA_OK) {
		struct phi_input pin = {.prog = p, .dt = dt, .vb = &vb};
		st = phi_compute(phi_default_algo(), &pin, (enum phi_flavor)flavor, &ps, NULL);
	}
	if (st == SSA_OK) {
		uint64_t a = 0;
		for (uint64_t i = 0; i < ps.total; i++)
			a += cfg_in_degree(&p->cfg, ps.blocks[i]);
		*nphi = ps.total;
		*nargs = a;
	}
	phi_sets_free(&ps);
	var_blocks_free(&vb);
	return st;
}

bool bench_facts_live_joins(const struct bench_input *in, uint64_t *nphi, uint64_t *nargs)
{
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	uint64_t key = bench_input_fingerprint(p);
	if (cache.key != key) {
		memset(&cache, 0, sizeof cache);
		cache.key = key;
	}
	if (!cache.have_live) {
		uint64_t avail = bench_mem_available();
		uint64_t need = ssa_sat_add(var_blocks_bytes(g->n, p->nvars, p->nops), live_walk_bytes(g->n));
		if (avail && need > avail / 4 * 3)
			return false;
		struct var_blocks vb = {0};
		struct live_walk lw = {0};
		int st = var_blocks_build(&vb, p);
		if (st == SSA_OK)
			st = live_walk_alloc(&lw, g->n);
		uint64_t c = 0, a = 0;
		for (uint32_t v = 0; v < p->nvars && st == SSA_OK; v++) {
			live_walk_var(&lw, p, &vb, v);
			for (uint32_t i = 0; i < lw.nlist; i++) {
				uint32_t b = lw.list[i], d = cfg_in_degree(g, b);
				if (d >= (b == 0 ? 1u : 2u)) {
					c++;
					a += d;
				}
			}
		}
		if (lw.live)
			live_walk_free(&lw);
		var_blocks_free(&vb);
		if (st != SSA_OK)
			return false;
		cache.have_live = true;
		cache.live_phi = c;
		cache.live_args = a;
	}
	*nphi = cache.live_phi;
	*nargs = cache.live_args;
	return true;
}

int bench_facts_reducible(const struct bench_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	uint64_t key = bench_input_fingerprint(in->prog);
	if (cache.key != key) {
		memset(&cache, 0, sizeof cache);
		cache.key = key;
	}
	if (!cache.reducible) {
		uint64_t avail = bench_mem_available();
		bool red;
		if ((avail && cfg_reducible_bytes(g->n, g->m) > avail / 4 * 3) ||
		    cfg_is_reducible(g, &red) != SSA_OK)
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
	uint64_t key = bench_input_fingerprint(p);
	if (cache.key != key) {
		memset(&cache, 0, sizeof cache);
		cache.key = key;
	}
	if (cache.valid && cache.tree.df_limit != limit)
		cache.valid = false; /* the tree's facts again; the φ counts do not depend on it */
	if (!cache.valid || (want_phi && !cache.have_flavor[flavor])) {
		uint64_t avail = bench_mem_available();
		if (avail && bench_facts_bytes(in, want_phi ? flavor : -1) > avail / 4 * 3)
			return NULL;
		struct domtree dt;
		int st = dom_tree_default(g, &dt);
		if (st != SSA_OK)
			return NULL;
		if (!cache.valid) {
			uint32_t *stamp = ssa_alloc_array(g->n, sizeof(uint32_t));
			uint64_t total = 0;
			st = stamp ? df_count(g, &dt, limit, stamp, NULL, &total, NULL) : SSA_ENOMEM;
			free(stamp);
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
			st = count_phis(p, &dt, flavor, &cache.nphi[flavor], &cache.nargs[flavor]);
			if (st != SSA_OK) {
				domtree_free(&dt);
				return NULL;
			}
			cache.have_flavor[flavor] = true;
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
