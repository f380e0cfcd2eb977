/* The references of the placement stage, shared by bench and the tests.
 *   phi_oracle    IDF(def(v)) of every variable as the least fixpoint J = DF(def ∪ J) over
 *                 df-naive's sets (the definition of the dominance frontier), then the flavour's
 *                 filter with dataflow liveness. O(V n (n + m)) time at worst: small inputs.
 *   live_compare  the live-in sets of the bitset dataflow against per-variable walks.
 *   phi_check_sets, live_check  the checks of bench's placement stage, built on them. */
#include "phi/phi.h"
#include "df/df.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int phi_oracle(const struct prog *p, const struct domtree *dt, const struct var_blocks *vb,
	       enum phi_flavor flavor, struct phi_sets *want)
{
	uint32_t n = p->cfg.n;
	struct df_sets df = {0};
	struct live_dataflow ld = {0};
	uint64_t c[4];
	uint8_t *in = ssa_alloc_array(n, 1), *isdef = ssa_alloc_array(n, 1);
	uint64_t *off = ssa_alloc_array((size_t)p->nvars + 1, sizeof(uint64_t));
	uint32_t *blocks = NULL;
	uint64_t len = 0, cap = 0;
	int st = in && isdef && off ? SSA_OK : SSA_ENOMEM;
	if (st == SSA_OK)
		st = df_compute(algo_find(df_algos, df_nalgos, "df-naive"), &p->cfg, dt, DF_DEFAULT_LIMIT, &df, NULL);
	if (st == SSA_OK)
		st = live_dataflow_alloc(&ld, n, p->nvars);
	if (st == SSA_OK)
		st = live_dataflow_run(&ld, p, c);
	for (uint32_t v = 0; st == SSA_OK && v < p->nvars; v++) {
		off[v] = len;
		if (flavor != PHI_MINIMAL && !var_blocks_nonlocal(vb, v))
			continue;
		memset(in, 0, n);
		memset(isdef, 0, n);
		for (uint64_t i = vb->def_off[v]; i < vb->def_off[v + 1]; i++)
			isdef[vb->def[i]] = 1;
		for (bool changed = true; changed;) {
			changed = false;
			for (uint32_t x = 0; x < n; x++)
				if (isdef[x] || in[x])
					for (uint64_t k = df.off[x]; k < df.off[x + 1]; k++)
						if (!in[df.set[k]]) {
							in[df.set[k]] = 1;
							changed = true;
						}
		}
		for (uint32_t b = 0; b < n; b++) {
			if (!in[b] || (flavor == PHI_PRUNED && !live_dataflow_is_live(&ld, b, v)))
				continue;
			if (len == cap) {
				cap = cap ? 2 * cap : 1024;
				uint32_t *nb = ssa_realloc_array(blocks, (size_t)cap, sizeof(uint32_t));
				if (!nb) {
					st = SSA_ENOMEM;
					break;
				}
				blocks = nb;
			}
			blocks[len++] = b;
		}
	}
	if (st == SSA_OK) {
		off[p->nvars] = len;
		want->nvars = p->nvars;
		want->total = len;
		want->off = off;
		want->blocks = blocks ? blocks : ssa_alloc_array(1, sizeof(uint32_t));
		off = NULL;
		blocks = NULL;
	}
	free(in);
	free(isdef);
	free(off);
	free(blocks);
	df_sets_free(&df);
	if (ld.in)
		live_dataflow_free(&ld);
	return st;
}

/* Compares live-in sets of every variable between the dataflow result and fresh walks. */
int live_compare(const struct prog *p, const struct var_blocks *vb, const struct live_dataflow *ld,
		 struct live_walk *lw, char *msg, size_t msglen)
{
	for (uint32_t v = 0; v < p->nvars; v++) {
		live_walk_var(lw, p, vb, v);
		uint64_t count = 0;
		for (uint32_t b = 0; b < p->cfg.n; b++) {
			bool d = live_dataflow_is_live(ld, b, v), w = live_walk_is_live(lw, b);
			if (d != w) {
				snprintf(msg, msglen, "variable %" PRIu32 " at block %" PRIu32
					 ": dataflow says %s, walk says %s", v, b,
					 d ? "live" : "dead", w ? "live" : "dead");
				return SSA_EVERIFY;
			}
			count += w;
		}
		if (count != lw->nlist) {
			snprintf(msg, msglen, "variable %" PRIu32 ": walk listed %" PRIu32
				 " blocks, marked %" PRIu64, v, lw->nlist, count);
			return SSA_EVERIFY;
		}
	}
	snprintf(msg, msglen, "dataflow == walk for %" PRIu32 " variables: ok", p->nvars);
	return SSA_OK;
}


/* The oracle check: n*(n+m) for df-naive and the fixpoint iterations stay small below this. */
#define PHI_CHECK_ORACLE_WORK 100000000ull
/* A liveness cross-check allocates the other method; dataflow only below this many bytes. */
#define PHI_CHECK_DATAFLOW_BYTES (UINT64_C(2) << 30)

int live_check(const struct prog *p, const struct var_blocks *vb, const struct live_dataflow *ld,
	       char *msg, size_t msglen)
{
	if (!ld && live_dataflow_bytes(p->cfg.n, p->nvars) > PHI_CHECK_DATAFLOW_BYTES) {
		snprintf(msg, msglen, "dataflow bitsets would exceed the check's memory bound");
		return SSA_ETOOBIG;
	}
	struct live_dataflow own = {0};
	struct live_walk lw = {0};
	uint64_t c[4];
	int st = SSA_OK;
	if (!ld) {
		st = live_dataflow_alloc(&own, p->cfg.n, p->nvars);
		if (st == SSA_OK)
			st = live_dataflow_run(&own, p, c);
	}
	if (st == SSA_OK)
		st = live_walk_alloc(&lw, p->cfg.n);
	if (st == SSA_OK)
		st = live_compare(p, vb, ld ? ld : &own, &lw, msg, msglen);
	else
		snprintf(msg, msglen, "check could not run: %s", ssa_status_str(st));
	live_dataflow_free(&own);
	live_walk_free(&lw);
	return st;
}

int phi_check_sets(const struct phi_algo *a, const struct phi_input *in, enum phi_flavor flavor,
		   bool dataflow, uint64_t limit, const struct phi_sets *got, char *msg,
		   size_t msglen)
{
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	struct phi_sets want = {0};
	char who[96], diff[200];
	int st;
	uint64_t work = ssa_bytes(g->n, (uint64_t)g->n + g->m);
	if (work <= PHI_CHECK_ORACLE_WORK && ssa_bytes(work, p->nvars) <= 20 * PHI_CHECK_ORACLE_WORK) {
		snprintf(who, sizeof who, "IDF fixpoint over df-naive + dataflow liveness");
		st = phi_oracle(p, in->dt, in->vb, flavor, &want);
		if (st != SSA_OK)
			snprintf(msg, msglen, "the oracle could not run: %s", ssa_status_str(st));
	} else {
		const struct phi_algo *r = algo_find(phi_algos, phi_nalgos, strcmp(a->head.name, "phi-dj") ? "phi-dj" : "phi-idf");
		bool other_live = !dataflow;
		struct df_sets df = {0};
		struct live_dataflow ld = {0};
		struct phi_input rin = {.prog = p, .dt = in->dt, .vb = in->vb, .df = in->df};
		st = SSA_OK;
		if (r->needs_df && !in->df) {
			st = df_compute(algo_find(df_algos, df_nalgos, "df-runner"), g, in->dt, limit, &df, NULL);
			rin.df = &df;
		}
		/* the liveness the kernel did not use: dataflow unless it did (then in->live) */
		if (flavor == PHI_PRUNED && other_live) {
			uint64_t c[4];
			if (live_dataflow_bytes(g->n, p->nvars) > PHI_CHECK_DATAFLOW_BYTES)
				other_live = false;
			else if (st == SSA_OK && (st = live_dataflow_alloc(&ld, g->n, p->nvars)) == SSA_OK)
				st = live_dataflow_run(&ld, p, c);
		}
		rin.live = other_live && ld.in ? &ld : NULL;
		snprintf(who, sizeof who, "vs %s%s", r->head.name,
			 flavor != PHI_PRUNED ? "" : other_live ? " (dataflow liveness)"
					       : " (walk liveness)");
		if (st == SSA_OK)
			st = phi_compute(r, &rin, flavor, &want, NULL);
		df_sets_free(&df);
		live_dataflow_free(&ld);
		if (st == SSA_ETOOBIG) {
			snprintf(msg, msglen, "%s needs DF sets larger than --df-limit", r->head.name);
			phi_sets_free(&want);
			return st;
		}
		if (st != SSA_OK)
			snprintf(msg, msglen, "check could not run %s: %s", r->head.name,
				 ssa_status_str(st));
	}
	if (st == SSA_OK) {
		if (!phi_sets_equal(got, &want, diff, sizeof diff)) {
			snprintf(msg, msglen, "%s: %s", who, diff);
			st = SSA_EVERIFY;
		} else {
			snprintf(msg, msglen, "%s, %s: ok", who, phi_flavor_name(flavor));
		}
	}
	phi_sets_free(&want);
	return st;
}
