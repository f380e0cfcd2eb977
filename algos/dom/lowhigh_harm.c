/* The default sibling-order construction of lowhigh.c ("harmonic positions"): orders the children
 * of one block c so that every child x without the edge c->x ("direct") has a sibling
 * in-neighbour on each side. On a correct tree it always finds an order; on a wrong one it may
 * refuse a group with SSA_EVERIFY, and lowhigh.c then runs lowhigh_peel.c to confirm. verify.c
 * re-checks every order, so nothing here has to be trusted for soundness.
 * Time per group of k children and e sibling edges O((k + e) alpha(k + e, k)): one
 * Lengauer-Tarjan semidominator pass with balanced linking, a counting sort and a union-find;
 * O(m alpha(m, n)) over the whole tree. Memory: n words plus 18 (kmax + 2) words and
 * 2 (kmax + 2) bytes (lh_harm_bytes). Iterative throughout.
 * Our own construction, proven complete in algos/dom/notes/LOWHIGH-NOTES.md ("Harmonic
 * positions", "In C"); it uses Lengauer and Tarjan, "A fast algorithm for finding dominators in
 * a flowgraph", TOPLAS 1979. */
#include "dom/lowhigh_harm.h"
#include "util/mem.h"
#include "util/status.h"

#include <string.h>

#define NONE UINT32_MAX

/* Model. H is the group's graph: the parent s, its children, the edges s->x of the direct
 * children and the sibling edges. T is a depth-first search tree of H from s, t(v) the parent
 * of v in T, and sd(v) the number of v's semidominator. Every non-direct v gets one more
 * in-neighbour q(v) != t(v): the one through which the Lengauer-Tarjan pass finds sd(v). The
 * graph W of T plus these edges has the same dominators as H, so on a correct tree no child is
 * dominated by another; and an order of W in which every non-direct v lies between t(v) and
 * q(v) is an order of H.
 *
 * Why such an order exists, and which one we build. Fix the direct children at distinct
 * positions and put every other v at pos(v) = (1 - w_v) pos(t(v)) + w_v pos(q(v)), 0 < w_v < 1.
 * Then v lies strictly between t(v) and q(v) unless D(v) = pos(q(v)) - pos(t(v)) is zero.
 * Summing along T, D(v) is, for a "source" (t(v) and q(v) below different direct children d(.)),
 * the difference of those two fixed positions, and otherwise a signed sum of w_y D(y) over the
 * blocks y of S(v): the two tree paths from a = LCA(t(v), q(v)) down to q(v) (sign +) and to
 * t(v) (sign -), a and v excluded. Number the non-direct children in the order pi of increasing
 * sd, ties by decreasing preorder number, and take w_y = eps^(2^pi(y)). If every non-source v
 * has a block of S(v) before it in pi, then by induction over pi the leading term of D(v) is
 * that of dom(v), the first block of S(v) in pi: its exponent lies in [2^pi, 2^(pi+1)), so two
 * blocks never tie, and sign D(v) = sign D(dom(v)) times dom(v)'s side. That premise holds on a
 * correct tree. When q(v) is numbered after v, the pass found sd(v) as the sd of some m on the
 * path (a, q(v)], numbered after v: m is in S(v) and before v in pi. When q(v) is numbered
 * before v, q(v) = sd(v) is an ancestor of t(v), a = q(v), and S(v) is the path (sd(v), t(v)];
 * if no block on it had a smaller sd than v, sd(v) would be v's immediate dominator (Lengauer
 * and Tarjan's rule), not s. So every D(v) is nonzero and the positions give an order. They
 * compare without arithmetic: below the same direct child, the block first in pi on the tree
 * path between x and x' (their LCA excluded) decides, x after x' when that block lies on x's
 * side with sign + or on x''s side with sign -. So the order is built by undoing the cuts: in
 * decreasing pi, each v's part of T joins its parent's part, after it when sign(v) = + and before
 * it otherwise; the direct children's parts follow one another in search order.
 *
 * dom(v) comes out of the semidominator pass: pi compares (sd, number) exactly as the pass's
 * path minima do when they break ties towards the larger number, the deeper block. On q's side,
 * the path is the one the pass evaluates for q(v) when q(v) is numbered after v: it runs up to,
 * not including, the root of q(v)'s linked tree, which is v when q(v) lies below v (then
 * a = t(v), and the path is S(v)'s q side) and otherwise LCA(v, q(v)) = a. On t's side, the
 * query (a, t(v)] waits in a bucket at a, like the pass's own idom step, and is answered when
 * the child of a above v is linked.
 *
 * On a wrong tree a group may have no order: a child the search from s does not reach, a child
 * whose tree parent is its semidominator (then that parent dominates it), or a non-source whose
 * S(v) has nothing before it in pi (then sd(v) dominates it). Each gives SSA_EVERIFY; lowhigh.c
 * then runs the independent lowhigh_peel.c to confirm it.
 *
 * Time per group of k children and e sibling edges: the search O(k + e); the semidominator pass
 * with its path minima O((k + e) alpha(k + e, k)), with Lengauer and Tarjan's balanced linking
 * ("A fast algorithm for finding dominators in a flowgraph", TOPLAS 1979) and a union-find by
 * rank for the real roots; pi by counting sort O(k); the order O(k alpha(k, k)), union-find by
 * rank again. So O(m alpha(m, n)) over the whole tree, the bound of the sophisticated
 * Lengauer-Tarjan algorithm itself, and of the simpler versions of Georgiadis and Tarjan's
 * algorithms; strictly linear time would take linear-time set union (Gabow and Tarjan), which
 * nothing in ssalab uses. Memory: n words plus 18 (kmax + 2) words and 2 (kmax + 2) bytes
 * (lh_harm_bytes). Iterative throughout. */

uint64_t lh_harm_bytes(uint64_t n, uint64_t kmax)
{
	const uint64_t k2 = ssa_sat_add(kmax, 2);
	const uint64_t words = ssa_sat_add(n, ssa_bytes(k2, 18));
	return ssa_sat_add(ssa_bytes(words, sizeof(uint32_t)), ssa_bytes(k2, 2));
}

void lh_harm_free(struct lh_harm *h)
{
	ssa_free_all(h->num, h->blk, h->par, h->dir, h->q, h->jq, h->jt, h->semi, h->anc, h->lab,
		     h->size, h->child, h->rt, h->rtop, h->bhead, h->bnext, h->stk, h->cur, h->popq,
		     h->sign, h->rank, NULL);
	memset(h, 0, sizeof *h);
}

int lh_harm_alloc(struct lh_harm *h, uint32_t n, uint32_t kmax)
{
	memset(h, 0, sizeof *h);
	const size_t k2 = (size_t)kmax + 2; /* the children, s and nil */
	h->n = n;
	h->kmax = kmax;
	h->num = ssa_alloc_array(n ? n : 1, sizeof(uint32_t));
	uint32_t **per_child[] = {&h->blk,  &h->par,   &h->dir,  &h->q,    &h->jq,   &h->jt,
				  &h->semi, &h->anc,   &h->lab,  &h->size, &h->child, &h->rt,
				  &h->rtop, &h->bhead, &h->bnext, &h->stk, &h->cur,  &h->popq};
	bool ok = h->num != NULL;
	for (size_t i = 0; i < sizeof per_child / sizeof *per_child; i++)
		ok = (*per_child[i] = ssa_alloc_array(k2, sizeof(uint32_t))) != NULL && ok;
	h->sign = ssa_alloc_array(k2, 1);
	h->rank = ssa_alloc_array(k2, 1);
	if (ok && h->sign && h->rank)
		return SSA_OK;
	lh_harm_free(h);
	return SSA_ENOMEM;
}

/* Depth-first search of H from s = 0: numbers the children in preorder. Returns how many
 * numbers were given (k + 1 when every child is reached). */
static uint32_t harm_dfs(struct lh_harm *h, const struct lh_sib *s, const uint32_t *ch, uint32_t k)
{
	for (uint32_t i = 0; i < k; i++)
		h->num[ch[i]] = NONE;
	uint32_t cnt = 1, sp = 1;
	h->blk[0] = NONE;
	h->par[0] = NONE;
	h->stk[0] = 0;
	h->cur[0] = 0; /* at s: an index into ch (its out-edges are the direct children) */
	while (sp) {
		const uint32_t x = h->stk[sp - 1];
		uint32_t y = NONE;
		if (x == 0) {
			while (y == NONE && h->cur[0] < k) {
				const uint32_t c = ch[h->cur[0]++];
				if (s->carc[c] && h->num[c] == NONE)
					y = c;
			}
		} else {
			const uint32_t stop = s->dout_off[h->blk[x] + 1];
			while (y == NONE && h->cur[sp - 1] < stop) {
				const uint32_t c = s->dout[h->cur[sp - 1]++];
				if (h->num[c] == NONE)
					y = c;
			}
		}
		if (y == NONE) {
			sp--;
			continue;
		}
		h->num[y] = cnt;
		h->blk[cnt] = y;
		h->par[cnt] = x;
		h->stk[sp] = cnt;
		h->cur[sp++] = s->dout_off[y];
		cnt++;
	}
	return cnt;
}

/* Whether x comes before y in pi: the smaller sd, ties to the larger number. Path minima use
 * the same order, so each has one answer, the first block of the path in pi. nil (k + 1, sd 0)
 * comes before nothing. */
static inline bool harm_before(const struct lh_harm *h, uint32_t x, uint32_t y)
{
	return h->semi[x] < h->semi[y] || (h->semi[x] == h->semi[y] && x > y);
}

/* The linked forest, balanced as in Lengauer and Tarjan's sophisticated version: anc, lab, size
 * and child describe a virtual forest with the same path minima as the real one, and nil ends
 * the child chains. The virtual forest does not show a number's real root, so that is kept
 * apart in a union-find (rt, rank) whose sets carry their root in rtop. */

/* The first number in pi on the real path from x up to, not including, its tree's root. */
static uint32_t harm_eval(struct lh_harm *h, uint32_t x)
{
	if (h->anc[x] == NONE)
		return h->lab[x];
	uint32_t sp = 0;
	for (uint32_t y = x; h->anc[h->anc[y]] != NONE; y = h->anc[y])
		h->stk[sp++] = y;
	while (sp) {
		const uint32_t y = h->stk[--sp], a = h->anc[y];
		if (harm_before(h, h->lab[a], h->lab[y]))
			h->lab[y] = h->lab[a];
		h->anc[y] = h->anc[a];
	}
	const uint32_t up = h->lab[h->anc[x]], own = h->lab[x];
	return harm_before(h, up, own) ? up : own;
}

static void harm_link(struct lh_harm *h, uint32_t v, uint32_t w)
{
	uint32_t *size = h->size, *child = h->child, *lab = h->lab, *anc = h->anc;
	uint32_t s = w;
	while (harm_before(h, lab[w], lab[child[s]])) {
		const uint32_t c = child[s];
		if ((uint64_t)size[s] + size[child[c]] >= 2 * (uint64_t)size[c]) {
			anc[c] = s;
			child[s] = child[c];
		} else {
			size[c] = size[s];
			anc[s] = c;
			s = c;
		}
	}
	lab[s] = lab[w];
	size[v] += size[w];
	if (size[v] < 2 * (uint64_t)size[w]) {
		const uint32_t t = s;
		s = child[v];
		child[v] = t;
	}
	for (; s != h->nil; s = child[s])
		anc[s] = v;
}

static uint32_t harm_find(uint32_t *rt, uint32_t x)
{
	while (rt[x] != x) {
		rt[x] = rt[rt[x]];
		x = rt[x];
	}
	return x;
}

/* Union by rank of the sets of x and y (distinct); returns the new representative. */
static uint32_t harm_union(struct lh_harm *h, uint32_t x, uint32_t y)
{
	if (h->rank[x] < h->rank[y]) {
		const uint32_t t = x;
		x = y;
		y = t;
	}
	h->rt[y] = x;
	h->rank[x] += h->rank[x] == h->rank[y];
	return x;
}

/* Semidominators in decreasing preorder, keeping q(v) and the least block (by sd, then the larger
 * number) on each of the two paths of every non-source v: jq on q's side, jt on t's side, NONE
 * when that side is empty. False when some non-direct child's semidominator is its tree parent,
 * which then dominates it. */
static bool harm_semi(struct lh_harm *h, const struct lh_sib *s, uint32_t k)
{
	h->nil = k + 1;
	for (uint32_t w = 0; w <= k + 1; w++) {
		h->semi[w] = w;
		h->lab[w] = w;
		h->anc[w] = NONE;
		h->size[w] = 1;
		h->child[w] = h->nil;
		h->bhead[w] = NONE;
		h->rt[w] = h->rtop[w] = w;
		h->rank[w] = 0;
	}
	h->semi[h->nil] = 0;
	h->size[h->nil] = 0;
	for (uint32_t w = k; w >= 1; w--) {
		const uint32_t b = h->blk[w], p = h->par[w];
		h->jq[w] = h->jt[w] = NONE;
		if (s->carc[b]) {
			h->semi[w] = 0;
		} else {
			uint32_t best = NONE, bq = NONE, bmin = NONE;
			for (uint32_t i = s->din_off[b]; i < s->din_off[b + 1]; i++) {
				const uint32_t u = h->num[s->din[i]];
				if (u == p)
					continue; /* the parent only ever gives p, too high for q (below) */
				uint32_t val = u, m = NONE;
				if (u > w) {
					m = harm_eval(h, u);
					val = h->semi[m];
				}
				if (val < best) {
					best = val;
					bq = u;
					bmin = m;
				}
			}
			if (best >= p)
				return false;
			h->semi[w] = best;
			h->q[w] = bq;
			if (h->dir[bq] == h->dir[p]) { /* not a source: both paths matter */
				/* a: q itself when numbered before w, else the root of its linked tree
				 * (no link has happened since its evaluation), t(w) when that is w */
				uint32_t top = bq < w ? bq : h->rtop[harm_find(h->rt, bq)];
				top = top == w ? p : top;
				h->jq[w] = bmin;
				if (top != p) {
					h->bnext[w] = h->bhead[top];
					h->bhead[top] = w;
					h->tqueries++;
				}
			}
		}
		harm_link(h, p, w);
		const uint32_t r = harm_union(h, harm_find(h->rt, p), harm_find(h->rt, w));
		h->rtop[r] = p;
		/* w is the child of p above every v waiting at p, so (p, t(v)] is linked now */
		for (uint32_t v = h->bhead[p]; v != NONE; v = h->bnext[v])
			h->jt[v] = harm_eval(h, h->par[v]);
		h->bhead[p] = NONE;
	}
	return true;
}

int lh_harm_group(struct lh_harm *h, const struct lh_sib *s, const uint32_t *ch, uint32_t k,
		  uint32_t *out)
{
	if (k > h->kmax)
		return SSA_EUSAGE;
	if (harm_dfs(h, s, ch, k) != k + 1)
		return SSA_EVERIFY;
	h->dir[0] = NONE;
	for (uint32_t w = 1; w <= k; w++)
		h->dir[w] = s->carc[h->blk[w]] ? w : h->dir[h->par[w]];
	if (!harm_semi(h, s, k))
		return SSA_EVERIFY;
	/* pi: counting sort of the non-direct children on sd, numbers taken in decreasing order */
	uint32_t *at = h->bhead, nd = 0; /* the buckets are empty again */
	memset(at, 0, ((size_t)k + 1) * sizeof(uint32_t));
	for (uint32_t w = 1; w <= k; w++)
		if (!s->carc[h->blk[w]]) {
			at[h->semi[w]]++; /* sd < w <= k */
			nd++;
		}
	for (uint32_t x = 0, sum = 0; x <= k; x++) {
		const uint32_t c = at[x];
		at[x] = sum;
		sum += c;
	}
	for (uint32_t w = k; w >= 1; w--)
		if (!s->carc[h->blk[w]])
			h->popq[at[h->semi[w]]++] = w;
	/* the signs, in pi order: a source by its direct children, any other v by dom(v) */
	for (uint32_t w = 0; w <= k; w++)
		h->sign[w] = 0;
	for (uint32_t i = 0; i < nd; i++) {
		const uint32_t v = h->popq[i], p = h->par[v], q = h->q[v];
		if (h->dir[q] != h->dir[p]) {
			h->sign[v] = h->dir[q] > h->dir[p] ? 1 : -1;
			h->sources++;
			continue;
		}
		uint32_t d = h->jq[v];
		int8_t side = 1;
		if (h->jt[v] != NONE && (d == NONE || harm_before(h, h->jt[v], d))) {
			d = h->jt[v];
			side = -1;
		}
		if (d == NONE || !harm_before(h, d, v) || !h->sign[d])
			return SSA_EVERIFY; /* sd(v) dominates v: the tree is wrong */
		h->sign[v] = (int8_t)(side * h->sign[d]);
	}
	/* Undo the cuts in decreasing pi: parts are union-find sets (rt, rank) whose lists run
	 * from head (in semi) to tail (in lab) along next (in cur). */
	uint32_t *head = h->semi, *tail = h->lab, *next = h->cur;
	for (uint32_t x = 0; x <= k; x++) {
		head[x] = tail[x] = h->rt[x] = x;
		h->rank[x] = 0;
		next[x] = NONE;
	}
	for (uint32_t i = nd; i-- > 0;) {
		const uint32_t y = h->popq[i];
		const uint32_t ry = harm_find(h->rt, y), rp = harm_find(h->rt, h->par[y]);
		const bool after = h->sign[y] > 0;
		const uint32_t first = after ? rp : ry, last = after ? ry : rp;
		next[tail[first]] = head[last];
		const uint32_t hd = head[first], tl = tail[last], r = harm_union(h, rp, ry);
		head[r] = hd;
		tail[r] = tl;
	}
	uint32_t j = 0;
	for (uint32_t d = 1; d <= k; d++)
		if (s->carc[h->blk[d]])
			for (uint32_t x = head[harm_find(h->rt, d)]; x != NONE && j < k; x = next[x])
				out[j++] = h->blk[x];
	return j == k ? SSA_OK : SSA_EVERIFY;
}
