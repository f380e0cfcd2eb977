/* out-of-ssa-webs: SSA destruction by φ-webs, as the course notes teach it (seed 003): every
 * name is renamed to the representative of its φ-web, after which each φ reads and writes one
 * variable and is dropped. No copy is inserted; a copy whose two sides fall into one web
 * disappears.
 *
 * Correct exactly when nothing in a web interferes, i.e. on conventional SSA (Sreedhar, Ju,
 * Gillies, Santhanam, SAS 1999), which is what construction produces; after copy propagation
 * it merges live ranges that overlap and is wrong (tests/test_destruct_algos.c shows where).
 * Time O(V α(V) + n + ops + φ operands); memory 2 words per name plus the output.
 * Requires: s passes cprog_check(s, true). */
#include "destruct/destruct.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

static uint64_t webs_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops, uint64_t nphi,
			   uint64_t nargs)
{
	(void)n, (void)m, (void)nops, (void)nphi, (void)nargs;
	/* web, then phi_webs' size and inphi */
	return ssa_sat_add(ssa_bytes(2, ssa_array_bytes(nvars, 4)), ssa_array_bytes(nvars, 1));
}

/* web throughout; phi_webs' arrays (freed first), then the output: the program's ops. */
static uint64_t webs_run_bytes(const struct cprog *s, const struct domtree *t)
{
	(void)t;
	uint64_t web = ssa_array_bytes(s->nvars, 4);
	uint64_t webs = ssa_sat_add(ssa_array_bytes(s->nvars, 4), ssa_array_bytes(s->nvars, 1));
	uint64_t out = cprog_bytes(s->g->n, s->nops, 0, 0);
	return ssa_sat_add(web, webs > out ? webs : out);
}

static int webs_alloc(void **scratch, const struct cprog *s)
{
	*scratch = ssa_alloc_array(s->nvars, sizeof(uint32_t));
	return *scratch ? SSA_OK : SSA_ENOMEM;
}

static void webs_free(void *scratch)
{
	free(scratch);
}

static int webs_run(void *scratch, const struct cprog *s, const struct domtree *t,
		    struct cprog *out, uint64_t *counters)
{
	(void)t;
	const struct cfg *g = s->g;
	uint32_t *web = scratch, nw;
	for (int i = 0; i < DESTRUCT_MAX_COUNTERS; i++)
		counters[i] = 0;
	int rc = phi_webs(s, web, &nw);
	if (rc != SSA_OK)
		return rc;
	rc = cprog_alloc(out, g, s->nvars, s->nops, 0, 0);
	if (rc != SSA_OK)
		return rc;
#define W(v) ((v) == SSA_UNDEF ? SSA_UNDEF : web[v])
	uint32_t k = 0;
	uint64_t copies = 0, dropped = 0;
	for (uint32_t b = 0; b < g->n; b++) {
		out->op_off[b] = k;
		bool open_par = false; /* the next kept member of this parallel copy starts it */
		for (uint32_t i = s->op_off[b]; i < s->op_off[b + 1]; i++) {
			unsigned kd = cprog_kind_of(s, i);
			if (kd == CP_PAR && (s->kind[i] & CP_PAR_FIRST))
				open_par = true;
			if (kd >= CP_COPY && s->src[i] != SSA_UNDEF && web[s->var[i]] == web[s->src[i]]) {
				dropped++;
				continue;
			}
			out->kind[k] = (uint8_t)kd;
			if (kd == CP_PAR && open_par) {
				out->kind[k] |= CP_PAR_FIRST;
				open_par = false;
			}
			out->var[k] = W(s->var[i]);
			out->src[k] = kd >= CP_COPY ? W(s->src[i]) : SSA_NONE;
			copies += kd >= CP_COPY;
			k++;
		}
	}
#undef W
	out->op_off[g->n] = k;
	out->nops = k;
	counters[0] = copies;
	counters[1] = nw;
	counters[2] = dropped;
	return SSA_OK;
}

const struct destruct_algo destruct_webs_algo = {
	.head = {
		.name = "out-of-ssa-webs",
		.summary = "rename every name to its phi-web and drop the phis (course notes); correct "
			   "only on conventional SSA",
		.citation = "Sreedhar, Ju, Gillies, Santhanam, SAS 1999 (conventional SSA); seed 003",
		.complexity = "O(V + n + ops + operands); 2 words per name",
		.counter_names = {"copies", "webs", "copies-dropped"},
	},
	.needs_cssa = true,
	.scratch_bytes = webs_bytes,
	.scratch_alloc = webs_alloc,
	.run_bytes = webs_run_bytes,
	.scratch_free = webs_free,
	.run = webs_run,
};
