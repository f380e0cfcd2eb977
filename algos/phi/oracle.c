/* The references of the placement stage, shared by bench and the tests.
 *   phi_oracle    IDF(def(v)) of every variable as the least fixpoint J = DF(def ∪ J) over
 *                 df-naive's sets (the definition of the dominance frontier), then the flavour's
 *                 filter with dataflow liveness. O(V n (n + m)) time at worst: small inputs.
 *   live_compare  the live-in sets of the bitset dataflow against per-variable walks. */
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

