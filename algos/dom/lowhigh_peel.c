/* The fallback of lowhigh.c: a sibling order for one group (a block c and its children), found
 * whenever the tree is the dominator tree. lowhigh.c runs it on a group only when the default
 * construction (lowhigh_harm.c) or the cascade refuses it, which their proofs say cannot happen
 * on a correct tree; it stays as a second, independently argued construction in case such a
 * proof has a gap, and it confirms that a refused group has no order (SSA_EVERIFY). The tests
 * also force it on every group (dom_lowhigh_order_by with DOM_LOWHIGH_PEEL). verify.c re-checks
 * every order it produces.
 * Time O((k + e) log k) for the flatness check of k children and e sibling edges, then
 * O(k (k + e)) per group: O(n (n + m)) over the whole tree at worst. Memory: n bytes and
 * 6n + 4 words, plus the check's graph, idoms and reference scratch (lh_peel_bytes).
 * Our own construction ("P" in algos/dom/notes/LOWHIGH-NOTES.md, with the argument in full). */
#include "dom/lowhigh_peel.h"
#include "dom/reference.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* Model. Placed children are anchors and sit in a list between two sentinels L and R, which
 * both have an edge to every direct child. The other children are members. Let F be the
 * group's graph with a super source s' feeding every anchor. F is "flat" when no vertex but s'
 * dominates a member. Only a flat F can be completed: an order gives every member two
 * disjoint chains of witnesses, one going left and one going right, ending at two different
 * anchors. At the start F is flat for a correct tree (checked below). P keeps F flat and
 * removes one member per step:
 *
 *  - Peel: a member y with in-neighbours at two different anchors p and q goes right next to
 *    p, on q's side. F stays flat (paths through y now start at y).
 *  - Merge, when no member can be peeled: take an anchor a with member out-neighbours, a
 *    depth-first search of F - a from s', and a's member out-neighbour x with the largest
 *    search number. x dominates no member in F - a: if it dominated y, a path of F to y
 *    avoiding x (one exists, F is flat) must pass a; it leaves a for the last time through an
 *    out-neighbour z of a, so x dominates z in F - a, hence z lies in x's search subtree and
 *    is numbered after x, against the choice of x. Hence merging
 *    x into a (a takes over x's out-edges) keeps F flat. x is recorded with a witness w != a
 *    among its in-neighbours (one exists: a does not dominate x).
 *  - At the end the merged blocks are inserted last-in first-out, each right next to its
 *    anchor a on its witness's side. w was a member when x was merged, so it is placed by
 *    then. Every insertion goes right next to the node it stands for, so the node lands on
 *    that node's side of everything else in the list and every earlier witness stays true.
 *
 * Before it starts, P checks that F is flat, i.e. that every child has idom c in H_c, with one
 * run of dom_reference (algos/dom/reference.c, Lengauer-Tarjan) on the group's graph. A
 * correct tree always passes (a child dominating a sibling in H_c would dominate it in G), and
 * a group that fails has no order: the tree is wrong. So such a group is rejected in
 * O((k + e) log k) time instead of after up to k costly steps, and P itself runs only on flat
 * groups, where by the argument above it always finishes. (P also stops with SSA_EVERIFY if a
 * step finds F not flat; after the check that cannot happen.)
 *
 * Time: the check O((k + e) log k) for k children and e sibling edges; then at most k steps,
 * each a scan of the members and their in-edges, a search, and a list insertion by shifting:
 * O(k (k + e)) per group, so O(n (n + m)) over the whole tree in the worst case. Within a step
 * no dominator computation is needed: the search replaces the dominator tree of F - a.
 * Memory: n bytes and 6n + 4 words, plus the check's graph, idoms and reference scratch
 * (lh_peel_bytes). Iterative throughout. */

enum { PL_MEMBER = 1, PL_ANCHOR = 2, PL_MERGED = 3 };

uint64_t lh_peel_bytes(uint64_t n, uint64_t m)
{
	uint64_t b = ssa_sat_add(n, ssa_bytes(ssa_sat_add(ssa_bytes(n, 6), 4), sizeof(uint32_t)));
	/* the flatness check: the group's graph (at most n blocks, m edges), its idoms, and the
	 * reference's scratch */
	b = ssa_sat_add(b, ssa_sat_add(cfg_bytes(n, m), ssa_bytes(n, sizeof(uint32_t))));
	return ssa_sat_add(b, dom_reference_bytes(n, m));
}

int lh_peel_alloc(struct lh_peel *p, uint32_t n)
{
	memset(p, 0, sizeof *p);
	p->n = n;
	p->st = ssa_alloc_array(n, 1);
	p->aux = ssa_alloc_array((size_t)n + 2, sizeof(uint32_t));
	p->pre = ssa_alloc_array(n, sizeof(uint32_t));
	p->seq = ssa_alloc_array((size_t)n + 2, sizeof(uint32_t));
	p->stk = ssa_alloc_array(n, sizeof(uint32_t));
	p->cur = ssa_alloc_array(n, sizeof(uint32_t));
	p->logx = ssa_alloc_array(n, sizeof(uint32_t));
	if (p->st && p->aux && p->pre && p->seq && p->stk && p->cur && p->logx)
		return SSA_OK;
	lh_peel_free(p);
	return SSA_ENOMEM;
}

void lh_peel_free(struct lh_peel *p)
{
	ssa_free_all(p->st, p->aux, p->pre, p->seq, p->stk, p->cur, p->logx);
	memset(p, 0, sizeof *p);
}

/* What u stands for in F: itself (member or anchor) or the anchor it was merged into. */
static uint32_t rep(const struct lh_peel *p, uint32_t u)
{
	return p->st[u] == PL_MERGED ? p->aux[u] : u;
}

/* Inserts x at place i of seq (len entries), keeping aux = place for everything moved. */
static void seq_insert(struct lh_peel *p, uint32_t *len, uint32_t i, uint32_t x)
{
	memmove(p->seq + i + 1, p->seq + i, (size_t)(*len - i) * sizeof(uint32_t));
	p->seq[i] = x;
	(*len)++;
	for (uint32_t j = i; j < *len; j++)
		p->aux[p->seq[j]] = j;
}

/* Right next to anchor a, on the side of the placed node b. */
static void insert_beside(struct lh_peel *p, uint32_t *len, uint32_t a, uint32_t b, uint32_t x)
{
	const uint32_t ia = p->aux[a];
	seq_insert(p, len, p->aux[b] > ia ? ia + 1 : ia, x);
}

/* One pass over the members, peeling every member that has two distinct anchors. */
static uint32_t peel_pass(struct lh_peel *p, const struct lh_sib *s, const uint32_t *ch,
			  uint32_t k, uint32_t *len)
{
	const uint32_t L = p->n, R = p->n + 1;
	uint32_t peeled = 0;
	for (uint32_t j = 0; j < k; j++) {
		const uint32_t y = ch[j];
		if (p->st[y] != PL_MEMBER)
			continue;
		uint32_t a1 = SSA_NONE, a2 = SSA_NONE;
		if (s->carc[y]) {
			a1 = L;
			a2 = R;
		}
		for (uint32_t i = s->din_off[y]; i < s->din_off[y + 1] && a2 == SSA_NONE; i++) {
			const uint32_t u = s->din[i];
			if (p->st[u] == PL_MEMBER)
				continue;
			const uint32_t a = rep(p, u);
			if (a1 == SSA_NONE)
				a1 = a;
			else if (a != a1)
				a2 = a;
		}
		if (a2 == SSA_NONE)
			continue;
		insert_beside(p, len, a1, a2, y);
		p->st[y] = PL_ANCHOR;
		peeled++;
	}
	return peeled;
}

/* Depth-first search of F - a from s' over the members: every anchor but a, and every block
 * merged into one, is part of the source. Numbers the members reached 1, 2, ... in pre. */
static void search(struct lh_peel *p, const struct lh_sib *s, const uint32_t *ch, uint32_t k,
		   uint32_t a)
{
	for (uint32_t j = 0; j < k; j++)
		if (p->st[ch[j]] == PL_MEMBER)
			p->pre[ch[j]] = 0;
	uint32_t num = 0;
	for (uint32_t j = 0; j < k; j++) {
		const uint32_t src = ch[j];
		if (p->st[src] == PL_MEMBER || rep(p, src) == a)
			continue;
		for (uint32_t e = s->dout_off[src]; e < s->dout_off[src + 1]; e++) {
			const uint32_t r = s->dout[e];
			if (p->st[r] != PL_MEMBER || p->pre[r])
				continue;
			uint32_t sp = 0;
			p->pre[r] = ++num;
			p->stk[sp] = r;
			p->cur[sp++] = s->dout_off[r];
			while (sp) {
				const uint32_t x = p->stk[sp - 1];
				if (p->cur[sp - 1] == s->dout_off[x + 1]) {
					sp--;
					continue;
				}
				const uint32_t y = s->dout[p->cur[sp - 1]++];
				if (p->st[y] != PL_MEMBER || p->pre[y])
					continue;
				p->pre[y] = ++num;
				p->stk[sp] = y;
				p->cur[sp++] = s->dout_off[y];
			}
		}
	}
}

/* Whether member y has an in-edge from anchor a in F. */
static bool fed_by(const struct lh_peel *p, const struct lh_sib *s, uint32_t y, uint32_t a)
{
	for (uint32_t i = s->din_off[y]; i < s->din_off[y + 1]; i++)
		if (p->st[s->din[i]] != PL_MEMBER && rep(p, s->din[i]) == a)
			return true;
	return false;
}

/* One merge (the second step of the header). false when F is found not flat. */
static bool merge_one(struct lh_peel *p, const struct lh_sib *s, const uint32_t *ch, uint32_t k,
		      uint32_t *nlog)
{
	/* An anchor with member out-neighbours. Direct members are always peeled, so it is a
	 * block, never L or R. */
	uint32_t a = SSA_NONE;
	for (uint32_t j = 0; j < k && a == SSA_NONE; j++) {
		const uint32_t y = ch[j];
		if (p->st[y] != PL_MEMBER)
			continue;
		for (uint32_t i = s->din_off[y]; i < s->din_off[y + 1]; i++)
			if (p->st[s->din[i]] != PL_MEMBER) {
				a = rep(p, s->din[i]);
				break;
			}
	}
	if (a == SSA_NONE)
		return false; /* the members are out of reach of every anchor */
	search(p, s, ch, k, a);
	uint32_t x = SSA_NONE;
	for (uint32_t j = 0; j < k; j++) {
		const uint32_t y = ch[j];
		if (p->st[y] != PL_MEMBER || !fed_by(p, s, y, a))
			continue;
		if (!p->pre[y])
			return false; /* a dominates y */
		if (x == SSA_NONE || p->pre[y] > p->pre[x])
			x = y;
	}
	uint32_t w = SSA_NONE;
	for (uint32_t i = s->din_off[x]; i < s->din_off[x + 1] && w == SSA_NONE; i++) {
		const uint32_t f = rep(p, s->din[i]);
		if (f != a && f != x)
			w = f;
	}
	if (w == SSA_NONE)
		return false; /* a dominates x */
	p->st[x] = PL_MERGED;
	p->aux[x] = a;
	p->pre[x] = w;
	p->logx[(*nlog)++] = x;
	return true;
}

/* *flat = whether the group starts flat: in H_c (c as block 0, ch[j] as block j + 1) every
 * child has idom c, computed by dom_reference (algos/dom/reference.c). */
static int group_flat(struct lh_peel *p, const struct lh_sib *s, const uint32_t *ch, uint32_t k,
		      bool *flat)
{
	*flat = false;
	uint64_t e = 0;
	for (uint32_t j = 0; j < k; j++) {
		const uint32_t y = ch[j];
		p->pre[y] = j + 1; /* local ids; pre is free until the construction starts */
		e += s->carc[y] + (s->dout_off[y + 1] - s->dout_off[y]);
	}
	if (e >= UINT32_MAX)
		return SSA_ETOOBIG; /* cannot happen: every edge is one of g's */
	uint32_t *off = ssa_alloc_array((size_t)k + 2, sizeof(uint32_t));
	uint32_t *succ = ssa_alloc_array((size_t)e, sizeof(uint32_t));
	uint32_t *idom = ssa_alloc_array((size_t)k + 1, sizeof(uint32_t));
	if (!off || !succ || !idom) {
		ssa_free_all(off, succ, idom);
		return SSA_ENOMEM;
	}
	uint32_t q = 0;
	off[0] = 0;
	for (uint32_t j = 0; j < k; j++)
		if (s->carc[ch[j]])
			succ[q++] = j + 1;
	for (uint32_t j = 0; j < k; j++) {
		off[j + 1] = q;
		for (uint32_t i = s->dout_off[ch[j]]; i < s->dout_off[ch[j] + 1]; i++)
			succ[q++] = p->pre[s->dout[i]];
	}
	off[k + 1] = q;
	struct cfg h;
	int rc = cfg_from_succ_csr(&h, k + 1, q, off, succ); /* owns off and succ, even on failure */
	if (rc == SSA_OK) {
		rc = dom_reference(&h, idom);
		*flat = rc == SSA_OK;
		for (uint32_t j = 1; j <= k && *flat; j++)
			*flat = idom[j] == 0;
		cfg_free(&h);
	}
	free(idom);
	return rc;
}

int lh_peel_group(struct lh_peel *p, const struct lh_sib *s, const uint32_t *ch, uint32_t k,
		  uint32_t *out)
{
	const uint32_t L = p->n, R = p->n + 1;
	uint32_t len = 0, nlog = 0, left = k;
	bool flat;
	int rc = group_flat(p, s, ch, k, &flat);
	if (rc != SSA_OK || !flat)
		return rc != SSA_OK ? rc : SSA_EVERIFY;
	seq_insert(p, &len, 0, L);
	seq_insert(p, &len, 1, R);
	for (uint32_t j = 0; j < k; j++)
		p->st[ch[j]] = PL_MEMBER;
	while (left) {
		const uint32_t peeled = peel_pass(p, s, ch, k, &len);
		left -= peeled;
		if (!left || peeled)
			continue;
		if (!merge_one(p, s, ch, k, &nlog))
			return SSA_EVERIFY; /* cannot happen after the check: F stays flat */
		left--;
	}
	while (nlog) {
		const uint32_t x = p->logx[--nlog];
		const uint32_t a = p->aux[x], w = p->pre[x];
		insert_beside(p, &len, a, w, x);
		p->st[x] = PL_ANCHOR;
	}
	if (len != k + 2)
		return SSA_EVERIFY; /* cannot happen: every child was placed once */
	memcpy(out, p->seq + 1, (size_t)k * sizeof(uint32_t));
	return SSA_OK;
}
