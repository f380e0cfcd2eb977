/* Dominator-tree verifier. Given g (entry s = 0) and a claimed idom array D, it checks:
 *  (1) shape: D is a tree rooted at s over exactly the blocks reachable from s;
 *  (2) parent property: for every edge u->v with u reachable and v != s, D(v) is an ancestor
 *      of u in D (or u itself);
 *  (3) nearest common dominator: for every reachable v != s, D(v) is the nearest common
 *      ancestor in D of v's reachable predecessors other than v;
 *  (4) optionally (dom_verify_cert), a low-high order of D, built by lowhigh.c and checked here
 *      against its definition: a passing order proves D is the dominator tree.
 * (1)-(3) never pass a false dominance but may pass a tree hung too high; (4) passes only the
 * dominator tree. Time: (1)-(3) O(n + m log d); (4) O(m alpha(m, n)) plus an O(n + m) check.
 * Memory: n bytes + 8n words for (1)-(3); (4) dom_lowhigh_bytes plus n words. All scratch is
 * freed on return. Iterative throughout.
 * Georgiadis, Tarjan, "Dominator tree verification and vertex-disjoint paths", SODA 2005;
 * "Dominator tree certification and divergent spanning trees", ACM TALG 2016. */
#include "dom/verify.h"
#include "cfg/traverse.h"
#include "dom/domtree.h"
#include "dom/lowhigh.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What (1)-(3) prove. (1)+(2) imply that every D-ancestor of v dominates v: a path from s to v
 * that avoids an ancestor a must enter the subtree of a by an edge x->y with x outside it and
 * y a proper descendant of a, but (2) makes D(y), a descendant of a, an ancestor of x. So D
 * never claims a false dominance; it may only claim too little. (3) holds for the true tree
 * (the true idom dominates every predecessor, and the predecessors' nearest common dominator
 * dominates v), so a correct tree always passes; (3) rejects a parent placed above the nearest
 * common dominator of the predecessors, i.e. D(v) must be itself a predecessor or the
 * predecessors must not all lie in the subtree of one child of D(v). A tree that hangs v too
 * high can still pass (1)-(3): s->x->a, a<->b with D(a) claimed to be s instead of x. In (1),
 * unreachable blocks and s have no idom; every reachable block other than s has one. (3) finds
 * the child of D(v) above a predecessor by binary search among D(v)'s children in preorder.
 *
 * What (4) adds. A low-high order that passes the check proves D is the dominator tree (the
 * argument is written out above lh_check). The order is built by algos/dom/lowhigh.c (our own
 * construction, lowhigh_harm.c, on Georgiadis and Tarjan's derived graph) and then checked here
 * by its definition, so a wrong tree is never certified. For a correct tree the construction
 * always finds an order (proven in lowhigh_harm.c; where it refuses a block's children, the
 * independently proven lowhigh_peel.c confirms that none exists), so a missing certificate
 * means the tree is wrong; the message still says only "not certified", which is all this
 * check itself proves. */

uint64_t dom_verify_bytes(uint64_t n, uint64_t m, bool certify)
{
	uint64_t b = ssa_sat_add(ssa_sat_add(domtree_bytes(n), ssa_bytes(n, 2 * sizeof(uint32_t))), n);
	if (certify)
		b = ssa_sat_add(b, ssa_sat_add(dom_lowhigh_bytes(n, m), ssa_bytes(n, sizeof(uint32_t))));
	return b;
}

static void say(char *msg, size_t msglen, const char *fmt, ...)
{
	if (!msg || !msglen)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, msglen, fmt, ap);
	va_end(ap);
}

/* ---- The low-high certificate ----
 *
 * Definitions (Georgiadis and Tarjan). A preorder delta of the tree D is a low-high order when
 * every reachable v != s has the edge D(v)->v, or two reachable predecessors u and w with
 * delta(u) < delta(v) < delta(w) and w not a descendant of v. Theorem: if D has the shape (1)
 * and the parent property (2), and a low-high order exists, D is the dominator tree. Our
 * proof, for the reader who wants to check it: for a block c, let H_c be the graph on c and
 * its children where each edge u->v into a child v becomes (the child of c above u)->v, or
 * c->v when u = c. Any path from s to a child v enters subtree(c) only through c (2), so it
 * projects onto a walk of H_c from c, and a walk of H_c lifts back to a path of G that avoids
 * the subtrees of the children it avoids. So if no child of c dominates a sibling in H_c, for
 * every c, no block outside v's tree ancestors dominates v. A low-high order makes that so:
 * fix a child x and let B be the siblings unreachable from c in H_c without x; if B is not
 * empty, the first of B and x in sibling order has a lower in-neighbour that is also in B or x
 * (or is c, then it is reachable), so the first is x, and likewise the last is x; B is empty.
 *
 * The order is built by algos/dom/lowhigh.c and checked here by the definition, so a wrong
 * tree can never pass, whatever the construction does. */

/* The check of a claimed low-high order pos (delta) of the tree t, by the definition. */
static bool lh_check(const struct cfg *g, const struct domtree *t, const uint8_t *reach,
		     const uint32_t *pos, uint32_t *bad)
{
	const uint32_t n = g->n;
	for (uint32_t v = 0; v < n; v++) {
		if (!reach[v])
			continue;
		if (pos[v] >= t->nreach || t->order[t->tin[v]] != v) {
			*bad = v;
			return false;
		}
	}
	/* A permutation of 0..nreach-1 whose subtrees are nested intervals is a preorder. */
	if (pos[0] != 0) {
		*bad = 0;
		return false;
	}
	for (uint32_t v = 1; v < n; v++) {
		if (!reach[v])
			continue;
		uint32_t d = t->idom[v];
		uint64_t sv = t->tlast[v] - t->tin[v] + 1, sd = t->tlast[d] - t->tin[d] + 1;
		if (!(pos[d] < pos[v] && pos[v] + sv <= pos[d] + sd)) {
			*bad = v;
			return false;
		}
	}
	for (uint32_t v = 1; v < n; v++) {
		if (!reach[v])
			continue;
		const uint32_t d = t->idom[v], pv = pos[v];
		const uint32_t after = pv + (t->tlast[v] - t->tin[v]); /* last place in v's subtree */
		bool low = false, high = false, direct = false;
		for (uint32_t i = g->pred_off[v]; i < g->pred_off[v + 1]; i++) {
			uint32_t u = g->pred[i];
			if (!reach[u] || u == v)
				continue;
			direct |= u == d;
			low |= pos[u] < pv;
			high |= pos[u] > after;
			if (direct || (low && high))
				break;
		}
		if (!direct && !(low && high)) {
			*bad = v;
			return false;
		}
	}
	return true;
}

/* SSA_OK with *certified set when the constructed order passes lh_check; SSA_OK with
 * *certified false when no order was built or it failed the check (then the tree is wrong,
 * or the construction met a case it cannot handle, which our tests never produced for a
 * correct tree); SSA_ENOMEM. */
static int lowhigh_certify(const struct cfg *g, const struct domtree *t, const uint8_t *reach,
			   bool *certified, uint32_t *stuck)
{
	*certified = false;
	uint32_t *pos = ssa_alloc_array(g->n, sizeof(uint32_t));
	if (!pos)
		return SSA_ENOMEM;
	int rc = dom_lowhigh_order(g, t, pos);
	if (rc == SSA_OK)
		*certified = lh_check(g, t, reach, pos, stuck);
	free(pos);
	return rc == SSA_EVERIFY || rc == SSA_ETOOBIG ? SSA_OK : rc;
}

int dom_verify(const struct cfg *g, const uint32_t *idom, char *msg, size_t msglen)
{
	return dom_verify_cert(g, idom, NULL, msg, msglen);
}

int dom_verify_cert(const struct cfg *g, const uint32_t *idom, bool *certified, char *msg,
		    size_t msglen)
{
	const bool certify = certified != NULL;
	if (certified)
		*certified = false;
	const uint32_t n = g->n;
	say(msg, msglen, "ok");
	uint8_t *reach = ssa_alloc_array(n, 1);
	uint32_t *stack = ssa_alloc_array(n, sizeof(uint32_t));
	if (!reach || !stack) {
		ssa_free_all(reach, stack, NULL);
		return SSA_ENOMEM;
	}
	cfg_reach(g, 0, reach, stack);
	free(stack);

	int rc = SSA_EVERIFY;
	struct domtree t = {0};
	uint32_t *ctin = NULL;
	for (uint32_t b = 0; b < n; b++) {
		uint32_t d = idom[b];
		if (b == 0 || !reach[b]) {
			if (d != SSA_NONE) {
				say(msg, msglen, "block %u is %s but has idom %u", b,
				    b == 0 ? "the entry" : "unreachable", d);
				goto out;
			}
		} else if (d == SSA_NONE) {
			say(msg, msglen, "reachable block %u has no idom", b);
			goto out;
		} else if (d >= n || !reach[d]) {
			say(msg, msglen, "block %u has idom %u, %s", b, d,
			    d >= n ? "out of range" : "an unreachable block");
			goto out;
		}
	}
	rc = domtree_build(&t, idom, n, 0);
	if (rc == SSA_EVERIFY) {
		say(msg, msglen, "idom is not a tree rooted at the entry (it has a cycle)");
		goto out;
	}
	if (rc != SSA_OK)
		goto out;
	ctin = ssa_alloc_array(n, sizeof(uint32_t));
	if (!ctin) {
		rc = SSA_ENOMEM;
		goto out;
	}
	for (uint32_t j = 0; j + 1 < t.nreach; j++)
		ctin[j] = t.tin[t.child[j]];
	rc = SSA_EVERIFY;

	for (uint32_t v = 1; v < n; v++) {
		if (!reach[v])
			continue;
		const uint32_t d = idom[v];
		uint32_t only_child = SSA_NONE; /* child of d holding every predecessor so far */
		bool spread = false;
		for (uint32_t i = g->pred_off[v]; i < g->pred_off[v + 1]; i++) {
			uint32_t u = g->pred[i];
			if (!reach[u] || u == v)
				continue;
			if (!domtree_dominates(&t, d, u)) {
				say(msg, msglen, "edge %u->%u: idom(%u)=%u does not dominate %u", u,
				    v, v, d, u);
				goto out;
			}
			if (spread)
				continue;
			if (only_child != SSA_NONE && domtree_dominates(&t, only_child, u))
				continue; /* same child again: no search (itworst has 10^3 per block) */
			uint32_t c = u == d ? SSA_NONE : domtree_child_toward(&t, ctin, d, u);
			if (c == SSA_NONE || (only_child != SSA_NONE && c != only_child))
				spread = true;
			else
				only_child = c;
		}
		if (!spread) {
			if (only_child == SSA_NONE)
				say(msg, msglen, "block %u is reachable but has no reachable "
				    "predecessor other than itself", v);
			else if (only_child == v)
				say(msg, msglen, "block %u: every predecessor lies in its own "
				    "subtree, so the tree cannot be its dominator tree", v);
			else
				say(msg, msglen, "block %u: idom %u is too high, every predecessor "
				    "lies under %u", v, d, only_child);
			goto out;
		}
	}
	bool cert = false;
	uint32_t stuck = SSA_NONE;
	rc = certify ? lowhigh_certify(g, &t, reach, &cert, &stuck) : SSA_OK;
	if (certified)
		*certified = cert;
	if (rc == SSA_OK && certify)
		say(msg, msglen, cert ? "ok, certified by a low-high order"
				      : "ok, necessary conditions only (no low-high order found)");
out:
	domtree_free(&t);
	free(ctin);
	free(reach);
	return rc;
}
