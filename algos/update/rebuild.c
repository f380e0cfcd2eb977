/* Rebuilding a whole tree from scratch with the project's default static algorithm (update_internal.h):
 * the graph exported as a CSR, algos/dom's auto kernel, then the tree's lists and levels. The
 * incremental algorithms fall back to it when a repair would reach the root. */
#include "dom/dom.h"
#include "update/update_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

static const struct dom_algo *rebuild_kernel(void)
{
	return algo_find(dom_algos, dom_nalgos, "auto");
}

int upd_rebuild_init(struct upd_rebuild *r, uint32_t n_max)
{
	memset(r, 0, sizeof *r);
	r->kernel = rebuild_kernel();
	if (!r->kernel)
		return SSA_EUSAGE;
	r->idom = ssa_alloc_array(n_max, sizeof *r->idom);
	if (!r->idom)
		return SSA_ENOMEM;
	/* auto's scratch depends on m only below a few thousand edges (its mid path) */
	int st = r->kernel->scratch_alloc(&r->scratch, n_max, CFG_MAX_EDGES);
	if (st) {
		upd_rebuild_free(r);
		return st;
	}
	r->cap = n_max;
	return SSA_OK;
}

void upd_rebuild_free(struct upd_rebuild *r)
{
	if (r->scratch)
		r->kernel->scratch_free(r->scratch);
	dyn_export_free(&r->ex);
	free(r->idom);
	memset(r, 0, sizeof *r);
}

uint64_t upd_rebuild_bytes(uint64_t n_max, uint64_t m_max)
{
	const struct dom_algo *k = rebuild_kernel();
	uint64_t b = k ? k->scratch_bytes(n_max, m_max) : 0;
	b = ssa_sat_add(b, ssa_bytes(n_max, sizeof(uint32_t)));
	/* the CSR with half again of room: offsets and lists of both directions */
	uint64_t csr = ssa_sat_add(ssa_bytes(n_max, 2), ssa_bytes(m_max, 2));
	return ssa_sat_add(b, ssa_bytes(ssa_sat_add(csr, csr / 2), sizeof(uint32_t)));
}

int upd_rebuild_idom(struct upd_rebuild *r, const struct dyn_cfg *g)
{
	if (g->n > r->cap)
		return SSA_EUSAGE;
	int st = dyn_cfg_export_into(g, &r->ex);
	if (st)
		return st;
	uint64_t c[DOM_MAX_COUNTERS];
	return r->kernel->run(r->scratch, &r->ex.g, r->idom, c);
}

int upd_rebuild_tree(struct upd_rebuild *r, const struct dyn_cfg *g, struct dtree *t)
{
	int st = upd_rebuild_idom(r, g);
	if (!st)
		st = dt_build_from_idom(t, g->n, r->idom);
	t->work += UPD_REBUILD_UNITS * ((uint64_t)g->n + g->m);
	return st;
}
