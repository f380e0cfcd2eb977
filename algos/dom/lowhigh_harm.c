/* The main sibling-order construction of lowhigh.c ("harmonic positions"): orders the children of
 * one block so that every child x without the edge c->x ("direct") has a sibling in-neighbour on
 * each side. Our own construction, proven complete in algos/dom/LOWHIGH-NOTES.md ("Harmonic
 * positions"); verify.c re-checks every order, so nothing here has to be trusted for soundness.
 *
 * Model. H is the group's graph: the parent s, its children, the edges s->x of the direct
 * children and the sibling edges. T is a depth-first search tree of H from s, t(v) the parent
 * of v in T. Every non-direct v gets one more in-neighbour q(v) != t(v): the one through which
 * the Lengauer-Tarjan pass finds sdom(v). The graph W of T plus these edges has the same
 * dominators as H, so on a correct tree no child is dominated by another; and an order of W in
 * which every non-direct v lies between t(v) and q(v) is an order of H.
 *
 * Why such an order exists, and which one we build. Fix the direct children at distinct
 * positions and put every other v at pos(v) = (1 - w_v) pos(t(v)) + w_v pos(q(v)), 0 < w_v < 1.
 * Then v lies strictly between t(v) and q(v) unless D(v) = pos(q(v)) - pos(t(v)) is zero.
 * Summing along T, D(v) is, for a "source" (t(v) and q(v) below different direct children d(.)),
 * the difference of those two fixed positions, and otherwise a signed sum of w_y D(y) over the
 * blocks y of S(v): the two tree paths from a = LCA(t(v), q(v)) down to q(v) (sign +) and to
 * t(v) (sign -), a excluded. With weights w_y = eps^(2^pi(y)) for a numbering pi, the leading
 * term of D(v) is that of the block of S(v) numbered first. A search fixes pi without any
 * arithmetic: sources are resolved at the start, their sign read off the order of the direct
 * children; each resolved block y popped (numbered) in turn resolves every unresolved v with y
 * in S(v), with sign(v) = sign(y) times y's side. On a correct tree every block gets resolved:
 * a set K never resolved would have D = 0 throughout, and each class of K sharing one position
 * is entered only from one block outside K, which would then dominate it in W. The positions
 * then compare combinatorially: below the same direct child, the first-numbered block on the
 * tree path between x and x' (their LCA excluded) decides, x after x' when that block lies on
 * x's side with sign + or on x''s side with sign -. So the order is built by undoing the cuts:
 * in decreasing pi, each v's part of T joins its parent's part, after it when sign(v) = + and
 * before it otherwise; the direct children's parts follow one another in search order.
 *
 * Finding S(v) costs nothing extra. When the pass reaches q(v) from a later-numbered block, the
 * path it compresses runs from q(v) up to, not including, the root of q(v)'s tree in the linked
 * forest. That root is v when q(v) lies below v (then a = t(v), and that path is S(v), which
 * leaves v out), else LCA(v, q(v)) = a. When q(v) is numbered before v it is sdom(v) itself, an
 * ancestor of t(v), so a = q(v) and only t's path is left. Each path (a, x] is an entry at its
 * lower end x; popping y must report the entries with x below y and a above y. A min-tree over
 * the entries sorted by x, keyed by the number of a, reports and deletes each in O(log k).
 *
 * On a wrong tree a group may have no order: a child the search from s does not reach, a child
 * whose parent in T is its semidominator (then that parent dominates it), or a block never
 * resolved (by the proof above, only when some child dominates another). Each gives
 * SSA_EVERIFY; lowhigh.c then runs the independent lowhigh_peel.c to confirm it.
 *
 * Time per group of k children and e sibling edges: the search O(k + e), the semidominator pass
 * with path compression O(e log k), the resolution O(k log k), the order O(k alpha(k)).
 * Memory: n words plus 15 (kmax + 1) words, kmax + 1 bytes and the range tree of at most 8 kmax
 * words (lh_harm_bytes). Iterative throughout. */
#include "dom/lowhigh_harm.h"
#include "util/mem.h"
#include "util/status.h"

#include <string.h>

#define NONE UINT32_MAX

static size_t leaves_for(uint64_t entries)
{
	size_t p = 1;
	while (p < entries)
		p <<= 1;
	return p;
}

uint64_t lh_harm_bytes(uint64_t n, uint64_t kmax)
{
	const uint64_t k1 = ssa_sat_add(kmax, 1);
	uint64_t words = ssa_sat_add(n, ssa_bytes(k1, 12));
	words = ssa_sat_add(words, ssa_sat_add(ssa_sat_add(k1, 1), ssa_bytes(k1, 2))); /* eoff, ewho */
	words = ssa_sat_add(words, ssa_bytes(leaves_for(ssa_bytes(k1, 2)), 2));      /* rmin */
	return ssa_sat_add(ssa_bytes(words, sizeof(uint32_t)), k1);
}

void lh_harm_free(struct lh_harm *h)
{
	ssa_free_all(h->num, h->blk, h->par, h->end, h->dir, h->q, h->top, h->semi, h->anc, h->lab,
		     h->stk, h->cur, h->popq, h->eoff, h->ewho, h->rmin, h->sign, NULL);
	memset(h, 0, sizeof *h);
}

int lh_harm_alloc(struct lh_harm *h, uint32_t n, uint32_t kmax)
{
	memset(h, 0, sizeof *h);
	const size_t k1 = (size_t)kmax + 1;
	h->n = n;
	h->kmax = kmax;
	h->leaves = leaves_for(2 * (uint64_t)k1);
	h->num = ssa_alloc_array(n ? n : 1, sizeof(uint32_t));
	uint32_t **per_child[] = {&h->blk, &h->par, &h->end, &h->dir,  &h->q,   &h->top,
				  &h->semi, &h->anc, &h->lab, &h->stk, &h->cur, &h->popq};
	bool ok = h->num != NULL;
	for (size_t i = 0; i < sizeof per_child / sizeof *per_child; i++)
		ok = (*per_child[i] = ssa_alloc_array(k1, sizeof(uint32_t))) != NULL && ok;
	h->eoff = ssa_alloc_array(k1 + 1, sizeof(uint32_t));
	h->ewho = ssa_alloc_array(2 * k1, sizeof(uint32_t));
	h->rmin = ssa_alloc_array(2 * h->leaves, sizeof(uint32_t));
	h->sign = ssa_alloc_array(k1, 1);
	if (ok && h->eoff && h->ewho && h->rmin && h->sign)
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
			h->end[x] = cnt;
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

/* The number with the least semi on the path from x up to, not including, the root of its
 * linked tree; afterwards anc[x] is that root (when x is linked at all). */
static uint32_t harm_eval(struct lh_harm *h, uint32_t x)
{
	if (h->anc[x] == NONE)
		return x;
	uint32_t sp = 0;
	for (uint32_t y = x; h->anc[h->anc[y]] != NONE; y = h->anc[y])
		h->stk[sp++] = y;
	while (sp) {
		const uint32_t y = h->stk[--sp], a = h->anc[y];
		if (h->semi[h->lab[a]] < h->semi[h->lab[y]])
			h->lab[y] = h->lab[a];
		h->anc[y] = h->anc[a];
	}
	return h->lab[x];
}

/* Semidominators in decreasing preorder, keeping q(v) and the top a of v's paths. False when
 * some non-direct child's semidominator is its tree parent, which then dominates it. */
static bool harm_semi(struct lh_harm *h, const struct lh_sib *s, uint32_t k)
{
	for (uint32_t w = 0; w <= k; w++) {
		h->semi[w] = w;
		h->lab[w] = w;
		h->anc[w] = NONE;
	}
	for (uint32_t w = k; w >= 1; w--) {
		const uint32_t b = h->blk[w], p = h->par[w];
		if (s->carc[b]) {
			h->semi[w] = 0;
			h->anc[w] = p;
			continue;
		}
		uint32_t best = NONE, bq = NONE, btop = NONE;
		for (uint32_t i = s->din_off[b]; i < s->din_off[b + 1]; i++) {
			const uint32_t u = h->num[s->din[i]];
			if (u == p)
				continue; /* the parent only ever gives p, too high for q (below) */
			uint32_t val = u, top = u;
			if (u > w) {
				val = h->semi[harm_eval(h, u)];
				top = h->anc[u];
			}
			if (val < best) {
				best = val;
				bq = u;
				btop = top;
			}
		}
		if (best >= p)
			return false;
		h->semi[w] = best;
		h->q[w] = bq;
		h->top[w] = btop == w ? p : btop;
		h->anc[w] = p;
	}
	return true;
}

/* Reports every entry in leaves [lo, hi) whose top is below lim (a smaller number), deletes it,
 * and resolves its child; returns how many were reported. */
static uint64_t harm_report(struct lh_harm *h, size_t lo, size_t hi, uint32_t lim, uint32_t y,
			    uint32_t *npop)
{
	struct range {
		size_t node, l, r;
	} st[2 * 64 + 2]; /* two per level: a tree of at most 2^64 leaves */
	uint64_t found = 0;
	uint32_t sp = 0;
	st[sp++] = (struct range){1, 0, h->leaves};
	while (sp) {
		const struct range at = st[--sp];
		if (at.r <= lo || hi <= at.l || h->rmin[at.node] >= lim)
			continue;
		if (at.r - at.l > 1) {
			const size_t mid = at.l + (at.r - at.l) / 2;
			st[sp++] = (struct range){2 * at.node + 1, mid, at.r};
			st[sp++] = (struct range){2 * at.node, at.l, mid};
			continue;
		}
		h->rmin[at.node] = NONE;
		for (size_t up = at.node / 2; up; up /= 2) {
			const uint32_t a = h->rmin[2 * up], b = h->rmin[2 * up + 1];
			h->rmin[up] = a < b ? a : b;
		}
		found++;
		const uint32_t who = h->ewho[at.l], v = who >> 1;
		if (h->sign[v])
			continue; /* resolved through its other path */
		h->sign[v] = (int8_t)((who & 1) ? h->sign[y] : -h->sign[y]);
		h->popq[(*npop)++] = v;
	}
	return found;
}

/* The entries: every non-direct child that is not a source has its q-side path (a, q(v)] when
 * q(v) comes after v, and its t-side path (a, t(v)] when a != t(v), each kept at its lower end
 * with the number of a as key. Sources are resolved here. Returns how many are resolved. An
 * entry packs (v << 1) | side in 32 bits: v < 2^31, since lowhigh.c refuses graphs of more than
 * about 1.4*10^9 blocks. */
static uint32_t harm_entries(struct lh_harm *h, const struct lh_sib *s, uint32_t k)
{
	uint32_t npop = 0;
	memset(h->eoff, 0, ((size_t)k + 2) * sizeof(uint32_t));
	h->dir[0] = NONE;
	for (uint32_t w = 1; w <= k; w++)
		h->dir[w] = s->carc[h->blk[w]] ? w : h->dir[h->par[w]];
	for (uint32_t w = 1; w <= k; w++) {
		h->sign[w] = 0;
		if (s->carc[h->blk[w]])
			continue;
		const uint32_t p = h->par[w], q = h->q[w];
		if (h->dir[q] != h->dir[p]) {
			h->sign[w] = h->dir[q] > h->dir[p] ? 1 : -1;
			h->popq[npop++] = w;
			continue;
		}
		if (q > w)
			h->eoff[q + 1]++;
		if (h->top[w] != p)
			h->eoff[p + 1]++;
	}
	for (uint32_t x = 0; x <= k; x++)
		h->eoff[x + 1] += h->eoff[x];
	const uint32_t entries = h->eoff[k + 1];
	h->leaves = leaves_for(entries ? entries : 1);
	for (size_t i = 0; i < 2 * h->leaves; i++)
		h->rmin[i] = NONE;
	/* cur (free after the search) is the fill cursor of each lower end */
	memcpy(h->cur, h->eoff, ((size_t)k + 1) * sizeof(uint32_t));
	for (uint32_t w = 1; w <= k; w++) {
		if (s->carc[h->blk[w]] || h->sign[w])
			continue;
		const uint32_t p = h->par[w], q = h->q[w];
		if (q > w) {
			const uint32_t e = h->cur[q]++;
			h->ewho[e] = w << 1 | 1;
			h->rmin[h->leaves + e] = h->top[w];
		}
		if (h->top[w] != p) {
			const uint32_t e = h->cur[p]++;
			h->ewho[e] = w << 1;
			h->rmin[h->leaves + e] = h->top[w];
		}
	}
	for (size_t i = h->leaves - 1; i >= 1; i--) {
		const uint32_t a = h->rmin[2 * i], b = h->rmin[2 * i + 1];
		h->rmin[i] = a < b ? a : b;
	}
	return npop;
}

static uint32_t harm_find(uint32_t *up, uint32_t x)
{
	while (up[x] != x) {
		up[x] = up[up[x]];
		x = up[x];
	}
	return x;
}

int lh_harm_group(struct lh_harm *h, const struct lh_sib *s, const uint32_t *ch, uint32_t k,
		  uint32_t *out)
{
	if (k > h->kmax)
		return SSA_EUSAGE;
	if (harm_dfs(h, s, ch, k) != k + 1 || !harm_semi(h, s, k))
		return SSA_EVERIFY;
	uint32_t nondirect = 0;
	for (uint32_t w = 1; w <= k; w++)
		nondirect += !s->carc[h->blk[w]];
	uint32_t npop = harm_entries(h, s, k);
	h->sources += npop;
	for (uint32_t i = 0; i < npop; i++) {
		const uint32_t y = h->popq[i];
		h->reports += harm_report(h, h->eoff[y], h->eoff[h->end[y]], y, y, &npop);
	}
	if (npop != nondirect)
		return SSA_EVERIFY; /* some block never resolved: a child dominates a sibling */
	/* Undo the cuts in decreasing pi. Lists: head in semi, tail in lab, next in cur; parts
	 * (union-find toward the tree root) in anc. */
	uint32_t *head = h->semi, *tail = h->lab, *next = h->cur, *up = h->anc;
	for (uint32_t x = 0; x <= k; x++) {
		head[x] = tail[x] = up[x] = x;
		next[x] = NONE;
	}
	for (uint32_t i = npop; i-- > 0;) {
		const uint32_t y = h->popq[i], r = harm_find(up, h->par[y]);
		if (h->sign[y] > 0) {
			next[tail[r]] = head[y];
			tail[r] = tail[y];
		} else {
			next[tail[y]] = head[r];
			head[r] = head[y];
		}
		up[y] = r;
	}
	uint32_t j = 0;
	for (uint32_t d = 1; d <= k; d++)
		if (s->carc[h->blk[d]])
			for (uint32_t x = head[d]; x != NONE && j < k; x = next[x])
				out[j++] = h->blk[x];
	return j == k ? SSA_OK : SSA_EVERIFY;
}
