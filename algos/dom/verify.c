/* Dominator-tree verifier. Given g (entry s = 0) and a claimed idom array D, it checks:
 *
 *  (1) shape: D is a tree rooted at s whose vertex set is exactly the blocks reachable from s
 *      (unreachable blocks and s have no idom; every reachable block other than s has one);
 *  (2) parent property: for every edge u->v with u reachable and v != s, D(v) is an ancestor
 *      of u in D (or u itself);
 *  (3) nearest common dominator: for every reachable v != s, D(v) is the nearest common
 *      ancestor in D of v's reachable predecessors other than v, i.e. either D(v) is itself a
 *      predecessor or the predecessors do not all lie in the subtree of one child of D(v);
 *  (4) optionally (dom_verify_cert), a low-high order of D (Georgiadis and Tarjan, "Dominator
 *      tree verification and vertex-disjoint paths", SODA 2005; "Dominator tree certification
 *      and divergent spanning trees", ACM TALG 2016): built here from D and g, then checked
 *      against its definition.
 *
 * What (1)-(3) prove. (1)+(2) imply that every D-ancestor of v dominates v: a path from s to v
 * that avoids an ancestor a must enter the subtree of a by an edge x->y with x outside it and
 * y a proper descendant of a, but (2) makes D(y), a descendant of a, an ancestor of x. So D
 * never claims a false dominance; it may only claim too little. (3) holds for the true tree
 * (the true idom dominates every predecessor, and the predecessors' nearest common dominator
 * dominates v), so a correct tree always passes; (3) rejects a parent placed above the nearest
 * common dominator of the predecessors. A tree that hangs v too high can still pass (1)-(3):
 * s->x->a, a<->b with D(a) claimed to be s instead of x.
 *
 * What (4) adds. A low-high order that passes the check proves D is the dominator tree (the
 * argument is written out above lh_check). Our construction of the order is a greedy method,
 * not the authors' linear-time one, and it does not always find an order for a correct tree
 * (it does for every generator family except random and itworst in our tests, up to 10^7
 * blocks for structured; for 99.8% of random graphs of up to 40 blocks and 98% of up to 200,
 * but rarely for large random ones), so a missing certificate means "not proven", never
 * "wrong".
 *
 * Time: (1)-(3) O(n + m log d) (binary search among a node's children ordered by preorder);
 * (4) about the same plus a union-find, tried up to LH_ATTEMPTS times per block with
 * children (twice for blocks with more than LH_SMALL_GROUP children). Memory: n bytes + 8n words for (1)-(3); (4) about 15n + 2m words more. All
 * scratch is freed on return. Iterative throughout. */
#include "dom/verify.h"
#include "cfg/traverse.h"
#include "dom/domtree.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t dom_verify_bytes(uint64_t n, uint64_t m, bool certify)
{
	uint64_t b = ssa_sat_add(ssa_sat_add(domtree_bytes(n), ssa_bytes(n, 2 * sizeof(uint32_t))), n);
	if (certify)
		b = ssa_sat_add(b, ssa_sat_add(ssa_bytes(ssa_sat_add(16 * n + 4, 2 * m), 4), 3 * n + 1));
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

/* The child of d whose subtree holds u (u a proper descendant of d): the last child whose
 * preorder number is <= tin[u], children being listed in preorder. ctin[j] = tin[child[j]],
 * a contiguous copy, so the search does not miss the cache at every step when d has 10^6
 * children. */
static uint32_t child_toward(const struct domtree *t, const uint32_t *ctin, uint32_t d,
			     uint32_t u)
{
	/* Usually u is a child or grandchild of d: a few steps up beat a search. */
	uint32_t a = u;
	for (int k = 0; k < 4; k++) {
		uint32_t p = t->idom[a];
		if (p == d)
			return a;
		if (p == SSA_NONE)
			break;
		a = p;
	}
	uint32_t lo = t->child_off[d], hi = t->child_off[d + 1], x = t->tin[u];
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (ctin[mid] <= x)
			lo = mid;
		else
			hi = mid;
	}
	return t->child[lo];
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
 * Constructing the order (our own greedy method; see the file comment for how often it
 * succeeds): for each block c, a depth-first search T_c of H_c from c; each child x without
 * the edge c->x is placed in the in-order of T_c, on the left or right of its T_c parent p
 * (later siblings of the same side farther out), so that one more in-neighbour y of x lands
 * on the side opposite p. Where y lies relative to x depends on one side variable (that of
 * the T_c child of y above x, of x above y, or of the lowest common ancestor above y), so
 * each choice is an equality or inequality between two side variables, kept consistent by a
 * union-find with parity; a greedy pass tries x's in-neighbours in order. Whatever it builds
 * is then checked by the definition above, so a wrong tree can never pass; a correct tree
 * for which the greedy pass finds no order would be reported as unverified. */

#define LH_WALK_LIMIT 256 /* steps of one walk to a common ancestor */
#define LH_WALK_PER_CHILD 16 /* total walk steps per child and attempt */
#define LH_ATTEMPTS 16 /* per block: search and witness orders tried */
#define LH_SMALL_GROUP 4096 /* above this many children, only 2 attempts */

static uint32_t uf_find(uint32_t *uf, uint8_t *par, uint32_t x, uint8_t *px)
{
	uint32_t r = x;
	uint8_t p = 0;
	while (uf[r] != r) {
		p ^= par[r];
		r = uf[r];
	}
	uint8_t q = p;
	while (uf[x] != x) {
		uint32_t next = uf[x];
		uint8_t old = par[x];
		uf[x] = r;
		par[x] = q;
		q ^= old;
		x = next;
	}
	*px = p;
	return r;
}

/* Records side(x) XOR side(z) == want; false when that contradicts what is recorded. */
static bool uf_relate(uint32_t *uf, uint8_t *par, uint32_t x, uint32_t z, uint8_t want,
		      uint32_t fixed)
{
	uint8_t px, pz;
	uint32_t rx = uf_find(uf, par, x, &px), rz = uf_find(uf, par, z, &pz);
	if (rx == rz)
		return (uint8_t)(px ^ pz) == want;
	if (rx == fixed) { /* the fixed node stays a root, so a failed group can be reset */
		rx = rz;
		rz = fixed;
	}
	uf[rx] = rz;
	par[rx] = px ^ pz ^ want;
	return true;
}

struct lh {
	uint8_t *carc;            /* edge D(v)->v exists */
	uint32_t *din_off, *din;  /* H edges by target: sibling sources */
	uint32_t *dout_off, *dout;
	uint32_t *pre, *tpar, *tsize, *vis; /* T_c: preorder number, parent, size; vis = by pre */
	uint32_t *tfirst, *tcnt, *tch;      /* T_c children of a member, ascending pre */
	uint32_t *tchpre;                   /* pre of tch[i], contiguous for the searches */
	const uint32_t *ctin;               /* tin of t->child[j] (child_toward) */
	uint32_t root, rfirst, rcnt;        /* the group being built and its root's T_c children */
	uint32_t *uf;
	uint8_t *par, *side;
	uint32_t *stk, *cur, *start, *pos;
	uint32_t *sch; /* children of every block in sibling order, in the slots of t->child */
};

static uint32_t tchild_toward(const struct lh *h, uint32_t a, uint32_t y)
{
	uint32_t lo = a == h->root ? h->rfirst : h->tfirst[a];
	uint32_t hi = lo + (a == h->root ? h->rcnt : h->tcnt[a]), x = h->pre[y];
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (h->tchpre[mid] <= x)
			lo = mid;
		else
			hi = mid;
	}
	return h->tch[lo];
}

static bool tanc(const struct lh *h, uint32_t a, uint32_t y)
{
	return h->pre[a] <= h->pre[y] && h->pre[y] - h->pre[a] < h->tsize[a];
}

/* The edges of every H_c at once: carc[v], and sibling sources by target and by source. */
static void lh_arcs(struct lh *h, const struct cfg *g, const struct domtree *t,
		    const uint8_t *reach)
{
	const uint32_t n = g->n;
	uint32_t k = 0;
	for (uint32_t v = 0; v < n; v++) {
		h->din_off[v] = k;
		if (v == 0 || !reach[v])
			continue;
		const uint32_t d = t->idom[v];
		for (uint32_t i = g->pred_off[v]; i < g->pred_off[v + 1]; i++) {
			uint32_t u = g->pred[i];
			if (!reach[u] || u == v)
				continue;
			if (u == d) {
				h->carc[v] = 1;
				continue;
			}
			uint32_t sib = child_toward(t, h->ctin, d, u);
			if (sib != v)
				h->din[k++] = sib;
		}
	}
	h->din_off[n] = k;
	memset(h->dout_off, 0, ((size_t)n + 1) * sizeof(uint32_t));
	for (uint32_t i = 0; i < k; i++)
		h->dout_off[h->din[i] + 1]++;
	for (uint32_t v = 0; v < n; v++)
		h->dout_off[v + 1] += h->dout_off[v];
	memcpy(h->cur, h->dout_off, (size_t)n * sizeof(uint32_t));
	for (uint32_t v = 0; v < n; v++)
		for (uint32_t i = h->din_off[v]; i < h->din_off[v + 1]; i++)
			h->dout[h->cur[h->din[i]]++] = v;
}

/* Orders the children of c (numbered from base in T_c preorder) into h->sch. Attempts differ
 * in the order T_c follows edges (bit 0: reversed; bits 2-3: rotated) and the order
 * in-neighbours are tried (bit 1): a different search tree can make the greedy pass succeed,
 * since it only finds orders in which every subtree of T_c is contiguous. */
static bool lh_group(struct lh *h, const struct domtree *t, uint32_t c, uint32_t base,
		     unsigned attempt)
{
	const uint32_t fixed = t->n; /* the union-find node meaning "right of the parent" */
	const uint32_t c0 = t->child_off[c], k = t->child_off[c + 1] - c0;
	const bool rev_dfs = attempt & 1, rev_try = attempt & 2;
	for (uint32_t j = c0; j < c0 + k; j++) {
		uint32_t x = t->child[j];
		h->pre[x] = SSA_NONE;
		h->uf[x] = x;
		h->par[x] = 0;
		h->sch[j] = SSA_NONE;
	}
	uint32_t cnt = base, sp = 0;
	h->stk[sp] = c;
	h->cur[sp++] = 0;
	while (sp) {
		const uint32_t x = h->stk[sp - 1], j = h->cur[sp - 1];
		const uint32_t lo = x == c ? c0 : h->dout_off[x];
		const uint32_t deg = x == c ? k : h->dout_off[x + 1] - lo;
		if (j == deg) {
			sp--;
			continue;
		}
		h->cur[sp - 1]++;
		/* bits 2-3 start each edge list a quarter further on, rotating the search order */
		uint32_t jj = (uint32_t)((j + (uint64_t)deg * (attempt >> 2) / 4) % deg);
		const uint32_t idx = lo + (rev_dfs ? deg - 1 - jj : jj);
		const uint32_t y = x == c ? t->child[idx] : h->dout[idx];
		if ((x == c && !h->carc[y]) || h->pre[y] != SSA_NONE)
			continue;
		h->pre[y] = cnt;
		h->vis[cnt++] = y;
		h->tpar[y] = x;
		h->stk[sp] = y;
		h->cur[sp++] = 0;
	}
	if (cnt - base != k)
		return false; /* a child unreachable in H_c: impossible after (2) */

	h->root = c;
	h->rcnt = 0;
	for (uint32_t j = base; j < cnt; j++) {
		h->tsize[h->vis[j]] = 1;
		h->tcnt[h->vis[j]] = 0;
	}
	for (uint32_t j = cnt; j-- > base;) {
		uint32_t y = h->vis[j], p = h->tpar[y];
		if (p != c)
			h->tsize[p] += h->tsize[y];
	}
	for (uint32_t j = base; j < cnt; j++) {
		uint32_t p = h->tpar[h->vis[j]];
		if (p == c)
			h->rcnt++;
		else
			h->tcnt[p]++;
	}
	uint32_t off = base;
	h->rfirst = off;
	off += h->rcnt;
	for (uint32_t j = base; j < cnt; j++) {
		uint32_t y = h->vis[j];
		h->tfirst[y] = off;
		off += h->tcnt[y];
		h->tcnt[y] = 0;
	}
	h->rcnt = 0;
	for (uint32_t j = base; j < cnt; j++) {
		uint32_t y = h->vis[j], p = h->tpar[y];
		uint32_t slot = p == c ? h->rfirst + h->rcnt++ : h->tfirst[p] + h->tcnt[p]++;
		h->tch[slot] = y;
		h->tchpre[slot] = j;
	}

	/* The walks to common ancestors are bounded, per search and in total, so a group whose
	 * certificate fails anyway stays linear. */
	uint64_t walk_budget = (uint64_t)LH_WALK_PER_CHILD * k;
	/* Side variables: 0 = right of the T_c parent, 1 = left. */
	for (uint32_t j = base; j < cnt; j++) {
		uint32_t x = h->vis[j];
		if (h->tpar[x] == c)
			uf_relate(h->uf, h->par, x, fixed, 0, fixed); /* c comes first */
	}
	for (uint32_t j = base; j < cnt; j++) {
		const uint32_t x = h->vis[j], p = h->tpar[x];
		if (h->carc[x])
			continue;
		bool done = false;
		const uint32_t i0 = h->din_off[x], i1 = h->din_off[x + 1];
		for (uint32_t i = i0; i < i1 && !done; i++) {
			const uint32_t y = h->din[rev_try ? i1 - 1 - (i - i0) : i];
			uint32_t z;
			uint8_t want;
			if (y == p)
				continue;
			if (tanc(h, y, x)) {
				/* y above p: y < x iff y's child toward x is on y's right. */
				z = tchild_toward(h, y, x);
				want = 1;
			} else if (tanc(h, x, y)) {
				/* y below x: y > x iff x's child toward y is on the right. */
				z = tchild_toward(h, x, y);
				want = 0;
			} else {
				/* y in a later branch: y > x iff that branch is on the right of the
				 * common ancestor (later branches on a side go farther out). */
				uint32_t a = p, steps = 0;
				while (a != c && !tanc(h, a, y) && steps++ < LH_WALK_LIMIT && walk_budget) {
					a = h->tpar[a];
					walk_budget--;
				}
				if (a != c && !tanc(h, a, y))
					continue;
				z = tchild_toward(h, a, y);
				want = 0;
			}
			done = uf_relate(h->uf, h->par, x, z, want, fixed);
		}
		if (!done)
			return false;
	}
	for (uint32_t j = base; j < cnt; j++) {
		uint8_t px;
		uf_find(h->uf, h->par, h->vis[j], &px);
		h->side[h->vis[j]] = px; /* a component without the fixed node takes 0 at its root */
	}

	/* In-order of T_c: left children latest first, the node, right children in order; the
	 * root's children all to its right in search order. */
	uint32_t next = 0;
	for (uint32_t i = h->rfirst; i < h->rfirst + h->rcnt; i++) {
		h->start[h->tch[i]] = next;
		next += h->tsize[h->tch[i]];
	}
	for (uint32_t j = base; j < cnt; j++) {
		const uint32_t x = h->vis[j], lo = h->tfirst[x], hi = lo + h->tcnt[x];
		uint32_t at = h->start[x];
		for (uint32_t i = hi; i-- > lo;)
			if (h->side[h->tch[i]]) {
				h->start[h->tch[i]] = at;
				at += h->tsize[h->tch[i]];
			}
		if (at >= k || h->sch[c0 + at] != SSA_NONE)
			return false; /* not a permutation: cannot happen */
		h->sch[c0 + at] = x;
		at++;
		for (uint32_t i = lo; i < hi; i++)
			if (!h->side[h->tch[i]]) {
				h->start[h->tch[i]] = at;
				at += h->tsize[h->tch[i]];
			}
	}
	return true;
}

/* Builds a candidate low-high order into h->pos. Returns false, with the block whose
 * children it could not order in *stuck, when the greedy passes find none. */
static bool lh_build(struct lh *h, const struct cfg *g, const struct domtree *t,
		     const uint8_t *reach, uint32_t *stuck)
{
	const uint32_t n = g->n;
	lh_arcs(h, g, t, reach);
	h->uf[n] = n;
	h->par[n] = 0;
	uint32_t base = 0;
	for (uint32_t i = 0; i < t->nreach; i++) {
		const uint32_t c = t->order[i], k = t->child_off[c + 1] - t->child_off[c];
		if (!k)
			continue;
		/* Retries pay off on small sibling sets; on a huge one each costs a full search. */
		const unsigned attempts = k <= LH_SMALL_GROUP ? LH_ATTEMPTS : 2;
		bool ok = false;
		for (unsigned attempt = 0; attempt < attempts && !ok; attempt++)
			ok = lh_group(h, t, c, base, attempt);
		if (!ok) {
			*stuck = c;
			return false;
		}
		base += k;
	}
	/* delta: the preorder of D visiting children in sibling order. */
	memset(h->pos, 0xff, (size_t)n * sizeof(uint32_t));
	uint32_t sp = 0, next = 0;
	h->pos[0] = next++;
	h->stk[sp] = 0;
	h->cur[sp++] = t->child_off[0];
	while (sp) {
		uint32_t x = h->stk[sp - 1], j = h->cur[sp - 1];
		if (j == t->child_off[x + 1]) {
			sp--;
			continue;
		}
		h->cur[sp - 1]++;
		uint32_t y = h->sch[j];
		h->pos[y] = next++;
		h->stk[sp] = y;
		h->cur[sp++] = t->child_off[y];
	}
	return true;
}

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
		}
		if (!direct && !(low && high)) {
			*bad = v;
			return false;
		}
	}
	return true;
}

/* SSA_OK with *certified set when some attempt builds an order that passes lh_check;
 * SSA_OK with *certified false otherwise (the tree may still be right); SSA_ENOMEM. */
static int lowhigh_certify(const struct cfg *g, const struct domtree *t, const uint32_t *ctin,
			   const uint8_t *reach, bool *certified, uint32_t *stuck)
{
	const size_t n = g->n, m = g->m;
	struct lh h = {0};
	h.ctin = ctin;
	h.carc = ssa_calloc_array(n, 1);
	h.par = ssa_alloc_array(n + 1, 1);
	h.side = ssa_alloc_array(n, 1);
	h.din_off = ssa_alloc_array(n + 1, sizeof(uint32_t));
	h.din = ssa_alloc_array(m, sizeof(uint32_t));
	h.dout_off = ssa_alloc_array(n + 1, sizeof(uint32_t));
	h.dout = ssa_alloc_array(m, sizeof(uint32_t));
	h.uf = ssa_alloc_array(n + 1, sizeof(uint32_t));
	uint32_t **words[] = {&h.pre, &h.tpar, &h.tsize, &h.vis, &h.tfirst, &h.tcnt, &h.tch,
			      &h.tchpre, &h.stk, &h.cur, &h.start, &h.pos, &h.sch};
	bool ok = h.carc && h.par && h.side && h.din_off && h.din && h.dout_off && h.dout && h.uf;
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		ok = (*words[i] = ssa_alloc_array(n, sizeof(uint32_t))) != NULL && ok;
	int rc = SSA_ENOMEM;
	*certified = false;
	if (ok) {
		rc = SSA_OK;
		*certified = lh_build(&h, g, t, reach, stuck) && lh_check(g, t, reach, h.pos, stuck);
	}
	ssa_free_all(h.carc, h.par, h.side, h.din_off, h.din, h.dout_off, h.dout, h.uf, h.pre,
		     h.tpar, h.tsize, h.vis, h.tfirst, h.tcnt, h.tch, h.tchpre, h.stk, h.cur, h.start,
		     h.pos, h.sch, NULL);
	return rc;
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
			uint32_t c = u == d ? SSA_NONE : child_toward(&t, ctin, d, u);
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
	rc = certify ? lowhigh_certify(g, &t, ctin, reach, &cert, &stuck) : SSA_OK;
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
