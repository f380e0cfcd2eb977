/* The table of dominator algorithms. bench and the tests iterate it, so an algorithm added
 * here is benchmarked and cross-checked against the oracle without further wiring. */
#include "dom/dom.h"
#include "dom/dom_internal.h"
#include "dom/domtree.h"
#include "util/mem.h"
#include "util/status.h"
#if defined(SSALAB_HAVE_LLVM_PEERS) || defined(SSALAB_HAVE_BOOST_PEERS) ||                      \
	defined(SSALAB_HAVE_IGRAPH_PEERS)
#include "peers/peers.h" /* optional rivals, built when CMake finds their libraries */
#endif

#include <stdlib.h>
#include <string.h>

_Static_assert(DOM_MAX_COUNTERS <= ALGO_MAX_COUNTERS, "a counter name would not fit the head");

extern const struct dom_algo dom_iter_algo, dom_chk_algo, dom_ibfs_algo, dom_slt_algo, dom_lt_algo,
	dom_snca_algo, dom_auto_algo;

const struct dom_algo *const dom_algos[] = {
	&dom_iter_algo, &dom_chk_algo,  &dom_ibfs_algo, &dom_slt_algo,
	&dom_lt_algo,   &dom_snca_algo, &dom_auto_algo,
#ifdef SSALAB_HAVE_LLVM_PEERS
	&peer_llvm_dom, &peer_llvm_dom_map, &peer_llvm_pdom,
#endif
#ifdef SSALAB_HAVE_BOOST_PEERS
	&peer_boost_lt,
#endif
#ifdef SSALAB_HAVE_IGRAPH_PEERS
	&peer_igraph_dom,
#endif
};
const size_t dom_nalgos = sizeof dom_algos / sizeof dom_algos[0];

int dom_compute(const struct dom_algo *a, const struct cfg *g, uint32_t *idom, uint64_t *counters)
{
	uint64_t local[DOM_MAX_COUNTERS];
	void *scratch = NULL;
	if (!a || !g || !idom)
		return SSA_EUSAGE;
	int rc = a->scratch_alloc(&scratch, g->n, g->m);
	if (rc != SSA_OK)
		return rc;
	if (a->prepare)
		rc = a->prepare(scratch, g);
	if (rc == SSA_OK)
		rc = a->run(scratch, g, idom, counters ? counters : local);
	a->scratch_free(scratch);
	return rc;
}

int dom_tree_default(const struct cfg *g, struct domtree *t)
{
	memset(t, 0, sizeof *t);
	uint32_t *idom = ssa_alloc_array(g->n, sizeof(uint32_t));
	if (!idom)
		return SSA_ENOMEM;
	int st = dom_compute(&dom_auto_algo, g, idom, NULL);
	if (st == SSA_OK)
		st = domtree_build(t, idom, g->n, 0);
	free(idom);
	return st;
}

uint64_t dom_tree_default_bytes(uint64_t n, uint64_t m)
{
	/* idom throughout; auto's scratch is freed before the tree is allocated */
	uint64_t a = dom_auto_algo.scratch_bytes(n, m), t = domtree_bytes(n);
	return ssa_sat_add(ssa_array_bytes(n, sizeof(uint32_t)), a > t ? a : t);
}
