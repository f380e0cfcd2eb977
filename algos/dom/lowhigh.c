/* A low-high order of a dominator tree D of a flow graph G (entry s): a preorder delta of D in
 * which every reachable v != s has the edge idom(v)->v, or a predecessor u before v and a
 * predecessor w after v's subtree. dom_lowhigh_order builds one for a correct D, which then
 * certifies D; verify.c checks the order by that definition, so nothing here has to be trusted
 * for a certificate to be sound. The work is the derived graph (Georgiadis and Tarjan's
 * reduction to one group per block, below) and, per group, one of three constructions of our
 * own: lowhigh_harm.c, the default, proven complete in O(m alpha(m, n)); this file's cascade,
 * proven complete but O(n m), kept as a rival with cost counters (dom_lowhigh_order_by); and
 * lowhigh_peel.c, argued independently, which runs on a group the others refuse to confirm
 * that the tree is wrong. Memory: dom_lowhigh_bytes. Iterative throughout.
 * Paper: Georgiadis, Tarjan, "Dominator tree certification and divergent spanning trees",
 * ACM TALG 2016 (its text was not available to us). */
#include "dom/lowhigh.h"
#include "dom/lowhigh_harm.h"
#include "dom/lowhigh_peel.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

#define LAB_BITS 62
#define LAB_END ((uint64_t)1 << LAB_BITS) /* the end sentinel's label, above every range */
#define LAB_T 1.25                        /* density threshold base of the relabelling */

/* Reduction. Every reachable predecessor u of v lies under c = idom(v) (the verifier's parent
 * property). Replace u by the child of c above u (its "sibling" of v), or drop it when that
 * child is v itself. Then delta is a low-high order iff, for every block c, the order it gives
 * c's children is a "sibling order": each child x without the edge c->x has two sibling
 * in-neighbours, one placed before x and one after. So each block's children are ordered
 * alone (a group), in the graph H_c of sibling edges plus c->x for "direct" children x.
 *
 * The cascade: a sibling order for one group. The order lives in a doubly linked list with
 * order-maintenance labels (Bender et al.'s relabelling of the smallest sparse enclosing label
 * range, amortised O(log k) per insertion), so "is a before b" is one comparison. The group is
 * solved as an instance: a region of the list with a left bound BL, a right bound BR (list
 * sentinels) and maybe a centre (a node already placed), plus a set of member blocks to
 * place inside it. The top instance is the whole group, BL standing for c itself.
 *
 *  1. Depth-first search of H_c restricted to the members, from the members that have an
 *     in-neighbour outside the instance (a direct edge at the top); members are taken in
 *     reverse postorder of that search, so every in-neighbour of x except those reached by
 *     a back edge (x's descendants in the search) is taken before x.
 *  2. Each in-neighbour u already taken has an anchor: u itself once placed, else the node u
 *     was cloned onto (below). Outside the instance an anchor stands as the centre if it is
 *     the centre, else as BL or BR by its side of the centre. A direct child at the top goes
 *     right after BL. A member with two distinct anchors a1, a2 is inserted right next to a1,
 *     on a2's side: between them. A member with only one anchor q is cloned onto q: it is not
 *     placed now, and it will be inserted later right next to q, on a side chosen then. Its
 *     witness is the in-neighbour that gave it q.
 *  2b. Cascade. Whenever a member x is taken, a clone y of q among x's out-neighbours whose
 *     anchor differs from x's is put right next to q, on x's anchor's side, when y's witness
 *     still stands at q or lies on q's other side, and no other pending clone has y as its
 *     witness; then the same is tried from y. Without it a chain of blocks that each need
 *     their two neighbours (z_i <-> z_i+1 between two direct children: itworst, idfsquad)
 *     was solved one link per level, k levels of k members. A pending clone z whose witness
 *     is such a y first moves to another witness if it has one (lh_rewitness): an
 *     in-neighbour still standing at q and taken before z. Without that, a chain of clones
 *     each witnessed by the one before held the whole chain back, one link per level.
 *  3. The clones still pending of each anchor q form a new instance, in the order they were
 *     taken (so its search starts where the last one ended): two sentinels are put right
 *     before and right after q (so everything already in the list stays outside), q is its
 *     centre.
 *
 * Why the result is always a sibling order when the construction completes (soundness; the
 * verifier re-checks it anyway). Insertion never changes the relative order of nodes already
 * in the list. A clone x of q ends up in q's region, i.e. adjacent to q among everything that
 * existed when x was cloned; so for every node z placed before x's region was made (z != q),
 * x lands on the same side of z as q. Hence a member placed between the anchors a1 and a2 of
 * two in-neighbours really lies between those two in-neighbours, whichever of them are still
 * clones at that moment, and likewise for the bounds BL and BR, which stand for nodes that are
 * left (right) of the whole region. A clone y of q placed by the cascade sits right next to
 * q, outside q's later region, so it too is on q's side of every other node, as every
 * placement that took q for y assumed; its witness ends in q's region or on q's far side, and
 * x on the other side of y (in x's anchor's region, or placed). By induction over the
 * instances every placed member has an in-neighbour on each side, and direct children need
 * none.
 *
 * Completeness: on a correct tree every instance places a member, so the construction never
 * gets stuck and makes at most k instances for k children (proof in full in
 * algos/dom/notes/LOWHIGH-NOTES.md, "The main construction is complete"). Call an instance flat
 * when, with a super source feeding its anchors (BL, the centre, BR; at the top c), nothing
 * but the source dominates a member, in the graph of its members and the sibling edges into
 * them, each outside in-neighbour standing for its anchor.
 *  (a) Every instance of a correct tree is flat. The top one is, since a child dominating a
 *      sibling in H_c would dominate it in G. Take a clone y still pending on anchor a when an
 *      instance I ends, so a member of a's new instance. Two disjoint paths from c to y in H_c
 *      share no block of that instance on their last stretches inside it, so no member
 *      dominates y. y's chain of witnesses (wit; refs keeps the cascade from placing one
 *      while it is in use, and a clone only moves to a witness standing at a and taken
 *      before it, so the chain stays acyclic) runs inside the new instance from a's own
 *      side: a itself, or the side of I's region a bounds. I was flat, so a path into y
 *      avoids a, and its last block outside the new instance stands on the other side. So
 *      no anchor dominates y either.
 *  (b) A flat instance places a member. If it placed none, every member would be cloned onto
 *      the one anchor of its taken in-neighbours. That anchor is the same at both ends of a
 *      tree, forward or cross edge of the search, and a back edge stays inside one search
 *      tree, so the members cloned onto an anchor A would be entered only from each other
 *      and from A: A would dominate them.
 * lowhigh_peel.c, proven complete by a different argument, stays behind this in case the
 * proof has a gap. It runs only when an instance places nothing: never on a correct tree in
 * our tests (algos/dom/README.md), and on a wrong one it confirms the group is not
 * flat (one Lengauer-Tarjan run of dom_reference on H_c) and returns SSA_EVERIFY.
 *
 * Time: the derived graph O(n + m) (lh_arcs); then for the cascade, an instance costs O(members +
 * their in- and out-edges) plus O(log) per insertion, amortised (a cascade reads each out-edge of
 * a block at most twice: once when it is taken, once when it is placed); a block is a member of
 * one instance per level of cloning. Every instance places a member, so a group of k children and
 * e sibling edges costs O(k (k + e)) at worst, O(n m) in all: no linear bound yet (the levels
 * measured: results/lowhigh/README.md; graphs that make them grow: tools/lowhigh_adversary.c).
 * Memory: 6n + 2 + 2m words for
 * the derived graph and the walk, 11n more for the cascade's instance state, 5 words for each of
 * its at most 3n + 2 list nodes, 3 words per pending instance, or lowhigh_harm.c's scratch instead
 * of all that; and for the fallback, allocated only when it runs, n bytes and 6n + 4 words plus
 * its check's graph and scratch (lh_peel_bytes; dom_lowhigh_bytes counts it all). Iterative
 * throughout. */

struct lh {
	uint32_t n, nodes;
	uint8_t *carc;             /* n: edge idom(v)->v */
	uint32_t *din_off, *din;   /* sibling in-neighbours by target */
	uint32_t *dout_off, *dout; /* sibling out-neighbours by source */
	uint32_t *anc;             /* anchor node of a taken block (itself once placed) */
	uint32_t *wit;             /* a clone's in-neighbour that gave it its anchor */
	uint32_t *refs;            /* pending clones whose wit is this block */
	uint32_t *dhead, *dnext;   /* those clones not yet offered another witness (a list) */
	uint32_t *nfail;           /* those clones that have no other witness */
	uint32_t *rw;              /* a clone's cursor over din for another witness; NONE: none */
	uint32_t *tk;              /* take number within the instance */
	uint32_t *inst;            /* instance a block is a member of */
	uint8_t *st;               /* within its instance: 0 new, 1 searched, 2 taken */
	uint32_t *bnext;           /* member chains and clone chains */
	uint32_t *stk, *cur, *ord; /* search stack, edge cursor, postorder */
	uint32_t *sch;             /* children of every block in sibling order */
	/* list nodes: blocks 0..n-1, then sentinels */
	uint32_t *next, *prev, *bhead;
	uint64_t *lab;
	uint32_t *ins; /* pending instances: (BL, centre, first member); BR = BL + 1 */
	uint32_t iid;
	struct dom_lowhigh_stats *stats; /* NULL unless counted */
	uint32_t *lvl;                   /* with stats: instances each child was a member of */
};

/* What the default (harmonic) construction allocates: the derived graph and the walk (6n + 2 +
 * 2m words, 2n bytes), the harmonic scratch, and the fallback, allocated only if it runs. The
 * cascade needs 11n words and 3n + 2 list nodes more (lh_order). */
uint64_t dom_lowhigh_bytes(uint64_t n, uint64_t m)
{
	uint64_t b = ssa_bytes(ssa_sat_add(ssa_sat_add(6 * n, 2), 2 * m), sizeof(uint32_t));
	b = ssa_sat_add(b, ssa_sat_add(n, n)); /* carc, st */
	b = ssa_sat_add(b, lh_harm_bytes(n, n));
	return ssa_sat_add(b, lh_peel_bytes(n, m));
}

/* The derived graph: carc[v], and sibling in-neighbours (din) and out-neighbours (dout).
 * An edge u->v (u != v, u != idom(v), u outside v's subtree) becomes c->v for the child c of
 * d = idom(v) above u; the parent property puts d above u. When u is at most LH_NEAR levels
 * below d, c is found by walking up from u, in the loop that reads the predecessor lists in
 * memory order. The other edges get their c in one walk of the tree in preorder, where
 * path[k] is the block last seen at depth k, so u's ancestor at depth k while u's out-edges
 * are read, and c is path[depth(d) + 1]: O(1) per edge. A binary search over d's children
 * (the verifier's way) made this step 80x a depth-first search on itworst, whose blocks have
 * thousands of children; the preorder walk alone made random graphs 25% slower, its reads
 * being scattered. far[u] marks the blocks with an edge left to the walk. */
#define LH_NEAR 4
static void lh_arcs(struct lh *h, const struct cfg *g, const struct domtree *t, uint32_t *path,
		    uint8_t *far)
{
	const uint32_t n = g->n;
	memset(far, 0, n);
	h->din_off[0] = 0;
	for (uint32_t v = 0; v < n; v++) {
		uint32_t k = h->din_off[v], nfar = 0;
		if (v != t->root && t->tin[v] != SSA_NONE) {
			const uint32_t d = t->idom[v], dd = t->depth[d];
			for (uint32_t i = g->pred_off[v]; i < g->pred_off[v + 1]; i++) {
				uint32_t u = g->pred[i];
				if (u == d) {
					h->carc[v] = 1;
					continue;
				}
				if (u == v || t->tin[u] == SSA_NONE || domtree_dominates(t, v, u))
					continue; /* no witness: a self-loop, or from v's own subtree */
				if (t->depth[u] - dd > LH_NEAR) {
					far[u] = 1;
					nfar++;
					continue;
				}
				while (t->idom[u] != d)
					u = t->idom[u];
				h->din[k++] = u;
			}
		}
		h->cur[v] = k; /* where the far edges go */
		h->din_off[v + 1] = k + nfar;
	}
	for (uint32_t i = 0; i < t->nreach; i++) {
		const uint32_t u = t->order[i];
		path[t->depth[u]] = u;
		if (!far[u])
			continue;
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
			const uint32_t v = g->succ[e];
			if (v == u || v == t->root || domtree_dominates(t, v, u))
				continue;
			const uint32_t dd = t->depth[t->idom[v]];
			if (t->depth[u] - dd > LH_NEAR)
				h->din[h->cur[v]++] = path[dd + 1];
		}
	}
	const uint32_t k = h->din_off[n];
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

/* Order maintenance: make room right after a by spreading the labels of the smallest aligned
 * label range around a that is sparse enough (Bender, Cole, Demaine, Farach-Colton, Zito,
 * "Two simplified algorithms for maintaining order in a list", ESA 2002). */
static void lab_room(struct lh *h, uint32_t a)
{
	uint32_t lo = a, hi = a;
	uint64_t cnt = 1;
	double lim = 1.0;
	for (unsigned i = 1; i <= LAB_BITS; i++) {
		const uint64_t size = (uint64_t)1 << i, base = h->lab[a] & ~(size - 1);
		lim *= 2.0 / LAB_T;
		while (h->prev[lo] != SSA_NONE && h->lab[h->prev[lo]] >= base) {
			lo = h->prev[lo];
			cnt++;
		}
		while (h->lab[h->next[hi]] < base + size) { /* the end sentinel is never inside */
			hi = h->next[hi];
			cnt++;
		}
		if ((double)(cnt + 1) <= lim && size / (cnt + 1) >= 2) {
			const uint64_t gap = size / (cnt + 1);
			uint64_t l = base;
			for (uint32_t x = lo;; x = h->next[x]) {
				h->lab[x] = l;
				l += gap;
				if (x == hi)
					break;
			}
			return;
		}
	}
}

static void insert_after(struct lh *h, uint32_t a, uint32_t x)
{
	if (h->lab[h->next[a]] - h->lab[a] < 2)
		lab_room(h, a);
	const uint32_t b = h->next[a];
	h->lab[x] = h->lab[a] + (h->lab[b] - h->lab[a]) / 2;
	h->next[a] = x;
	h->prev[x] = a;
	h->next[x] = b;
	h->prev[b] = x;
}

static void insert_before(struct lh *h, uint32_t b, uint32_t x)
{
	insert_after(h, h->prev[b], x);
}

/* The anchor of u as seen from the instance (bl, bl + 1, ctr); SSA_NONE when u is a member
 * not taken yet. */
static uint32_t anchor_of(const struct lh *h, uint32_t u, uint32_t id, uint32_t bl,
			  uint32_t ctr)
{
	if (h->inst[u] == id)
		return h->st[u] == 2 ? h->anc[u] : SSA_NONE;
	const uint32_t a = h->anc[u];
	if (a == ctr)
		return ctr;
	return h->lab[a] < h->lab[bl] ? bl : bl + 1;
}

/* The cascade wants to place y, but pending clones use y as their witness (refs[y]): a clone
 * z of q keeps a path from q's side only through its chain of witnesses, so y may leave only
 * if each such z takes another witness: an in-neighbour that still stands at q and was taken
 * before z (so chains stay acyclic and end at q's side). Each z's cursor rw[z] moves forward
 * only, since an in-neighbour that is not such a witness never becomes one within the
 * instance; a z with none left counts in nfail[y] and keeps y where it is. True when no clone
 * uses y as its witness any more. */
static bool lh_rewitness(struct lh *h, uint32_t y, uint32_t id, uint32_t bl, uint32_t ctr,
			 uint64_t *reads)
{
	if (h->nfail[y])
		return false;
	for (uint32_t z = h->dhead[y], nz; z != SSA_NONE; z = nz) {
		nz = h->dnext[z];
		const uint32_t q = h->anc[z];
		if (q == z || h->wit[z] != y)
			continue; /* placed, or already moved to another witness */
		uint32_t i = h->rw[z], u = SSA_NONE;
		for (; i < h->din_off[z + 1]; i++) {
			const uint32_t c = h->din[i];
			(*reads)++;
			if (c == y || anchor_of(h, c, id, bl, ctr) != q)
				continue;
			if (h->inst[c] != id || c == q || h->tk[c] < h->tk[z]) {
				u = c;
				break;
			}
		}
		if (u == SSA_NONE) {
			h->rw[z] = SSA_NONE;
			h->nfail[y]++;
			continue;
		}
		h->refs[y]--;
		h->rw[z] = i + 1;
		h->wit[z] = u;
		if (h->inst[u] == id) {
			h->refs[u]++;
			h->dnext[z] = h->dhead[u];
			h->dhead[u] = z;
		}
	}
	h->dhead[y] = SSA_NONE;
	return h->refs[y] == 0;
}

/* Places the clones that x's anchor just resolved ("Cascade" above), then theirs, with cur
 * as the work stack. A clone y of q is put right next to q, on the side of x's anchor, when
 * that anchor is not q and y's own witness wit[y] is still behind q or placed on q's other
 * side: then wit[y] and x lie on either side of y, and y stays next to q for every
 * placement that took q as y's stand-in. Returns the number placed. */
static uint32_t lh_cascade(struct lh *h, uint32_t x0, uint32_t id, uint32_t bl, uint32_t ctr,
			   uint64_t *reads)
{
	uint32_t sp = 0, placed = 0;
	h->cur[sp++] = x0;
	while (sp) {
		const uint32_t x = h->cur[--sp], ax = h->anc[x];
		for (uint32_t i = h->dout_off[x]; i < h->dout_off[x + 1]; i++) {
			const uint32_t y = h->dout[i], q = h->anc[y];
			(*reads)++;
			if (h->inst[y] != id || h->st[y] != 2 || q == y || q == ax)
				continue;
			if (h->refs[y] && h->nfail[y])
				continue; /* a clone has no witness but y: y stays */
			const uint32_t aw = anchor_of(h, h->wit[y], id, bl, ctr);
			if (aw != q && (h->lab[aw] < h->lab[q]) == (h->lab[ax] < h->lab[q]))
				continue;
			if (h->refs[y] && !lh_rewitness(h, y, id, bl, ctr, reads))
				continue;
			if (h->lab[q] < h->lab[ax])
				insert_after(h, q, y);
			else
				insert_before(h, q, y);
			h->anc[y] = y;
			const uint32_t w = h->wit[y];
			if (h->inst[w] == id) {
				h->refs[w]--;
				if (h->rw[y] == SSA_NONE)
					h->nfail[w]--;
			}
			placed++;
			h->cur[sp++] = y;
		}
	}
	return placed;
}

/* Orders the k children of c into sch[c0..c0+k). false when an instance makes no progress
 * or a child is out of reach of the search (on a correct tree neither can happen, see
 * "Completeness" above); the caller then runs the fallback of lowhigh_peel.c on the group. */
static bool lh_fail(struct lh *h, uint32_t ntouched)
{
	for (uint32_t j = 0; j < ntouched; j++)
		h->bhead[h->stk[j]] = SSA_NONE;
	return false;
}

static bool lh_group(struct lh *h, const struct domtree *t, uint32_t c)
{
	const uint32_t n = h->n, c0 = t->child_off[c], k = t->child_off[c + 1] - c0;
	const uint32_t head = n, end = n + 1;
	uint32_t nsent = n + 2, nins = 0;
	h->next[head] = end;
	h->prev[head] = SSA_NONE;
	h->lab[head] = 0;
	h->next[end] = SSA_NONE;
	h->prev[end] = head;
	h->lab[end] = LAB_END;
	for (uint32_t j = c0; j < c0 + k; j++)
		h->bnext[t->child[j]] = j + 1 < c0 + k ? t->child[j + 1] : SSA_NONE;
	h->ins[0] = head;
	h->ins[1] = SSA_NONE;
	h->ins[2] = t->child[c0];
	nins = 1;
	while (nins) {
		nins--;
		const uint32_t bl = h->ins[3 * nins], ctr = h->ins[3 * nins + 1];
		const uint32_t first = h->ins[3 * nins + 2], top = ctr == SSA_NONE;
		if (++h->iid == UINT32_MAX) { /* stamps wrapped: forget them all */
			memset(h->inst, 0, (size_t)n * sizeof(uint32_t));
			h->iid = 1;
		}
		const uint32_t id = h->iid;
		uint32_t members = 0;
		for (uint32_t x = first; x != SSA_NONE; x = h->bnext[x]) {
			h->inst[x] = id;
			h->st[x] = 0;
			members++;
			if (h->stats && ++h->lvl[x] > h->stats->max_level)
				h->stats->max_level = h->lvl[x];
		}
		uint64_t reads = 0;
		/* 1. search from the members entered from outside, reverse postorder into ord */
		uint32_t cnt = 0;
		for (uint32_t r = first; r != SSA_NONE; r = h->bnext[r]) {
			if (h->st[r])
				continue;
			bool entered = top && h->carc[r];
			for (uint32_t i = h->din_off[r]; i < h->din_off[r + 1] && !entered; i++)
				entered = h->inst[h->din[i]] != id;
			if (!entered)
				continue;
			uint32_t sp = 0;
			h->st[r] = 1;
			h->stk[sp] = r;
			h->cur[sp++] = 0;
			while (sp) {
				const uint32_t x = h->stk[sp - 1], lo = h->dout_off[x];
				const uint32_t deg = h->dout_off[x + 1] - lo, i = h->cur[sp - 1];
				if (i == deg) {
					h->ord[cnt++] = x;
					reads += deg;
					sp--;
					continue;
				}
				h->cur[sp - 1]++;
				const uint32_t y = h->dout[lo + i];
				if (h->inst[y] != id || h->st[y])
					continue;
				h->st[y] = 1;
				h->stk[sp] = y;
				h->cur[sp++] = 0;
			}
		}
		if (cnt != members)
			return false;
		/* 2. take the members; clones are chained by anchor (bhead/bnext), and the anchors
		 * that got clones are listed in stk (free again after the search) */
		uint32_t placed = 0, ntouched = 0;
		for (uint32_t j = cnt; j-- > 0;) {
			const uint32_t x = h->ord[j];
			h->st[x] = 2; /* what follows is read only of taken members */
			h->tk[x] = cnt - 1 - j;
			h->refs[x] = h->nfail[x] = 0;
			h->dhead[x] = SSA_NONE;
			if (top && h->carc[x]) {
				insert_after(h, head, x);
				h->anc[x] = x;
				placed++;
				placed += lh_cascade(h, x, id, bl, ctr, &reads);
				continue;
			}
			uint32_t a1 = SSA_NONE, a2 = SSA_NONE, w1 = SSA_NONE;
			for (uint32_t i = h->din_off[x]; i < h->din_off[x + 1]; i++) {
				reads++;
				const uint32_t a = anchor_of(h, h->din[i], id, bl, ctr);
				if (a == SSA_NONE || a == a1)
					continue;
				if (a1 == SSA_NONE) {
					a1 = a;
					w1 = h->din[i];
				} else {
					a2 = a;
					break;
				}
			}
			if (a1 == SSA_NONE)
				return lh_fail(h, ntouched); /* cannot happen: the search parent is taken */
			if (a2 != SSA_NONE) {
				if (h->lab[a1] < h->lab[a2])
					insert_after(h, a1, x);
				else
					insert_before(h, a1, x);
				h->anc[x] = x;
				placed++;
			} else {
				h->anc[x] = a1;
				h->wit[x] = w1;
				if (h->inst[w1] == id) {
					h->refs[w1]++;
					h->dnext[x] = h->dhead[w1];
					h->dhead[w1] = x;
					h->rw[x] = h->din_off[x];
				}
				if (h->bhead[a1] == SSA_NONE)
					h->stk[ntouched++] = a1;
				h->bnext[x] = h->bhead[a1];
				h->bhead[a1] = x;
			}
			placed += lh_cascade(h, x, id, bl, ctr, &reads);
		}
		if (h->stats) {
			h->stats->instances++;
			h->stats->memberships += members;
			h->stats->edge_reads += reads;
		}
		if (!placed)
			return lh_fail(h, ntouched);
		/* 3. a new instance around each anchor that got clones */
		for (uint32_t j = 0; j < ntouched; j++) {
			const uint32_t q = h->stk[j], sl = nsent, sr = nsent + 1;
			/* The clones still pending, back in take order (the chain was pushed in
			 * reverse): their search then starts where the last one ended. */
			uint32_t rev = SSA_NONE;
			for (uint32_t x = h->bhead[q], nx; x != SSA_NONE; x = nx) {
				nx = h->bnext[x];
				if (h->anc[x] != x) {
					h->bnext[x] = rev;
					rev = x;
				}
			}
			h->bhead[q] = SSA_NONE;
			if (rev == SSA_NONE)
				continue; /* the cascade placed them all */
			if (sr >= h->nodes || nins > n) { /* cannot happen: each instance placed one */
				for (; j < ntouched; j++)
					h->bhead[h->stk[j]] = SSA_NONE;
				return false;
			}
			nsent += 2;
			insert_before(h, q, sl);
			insert_after(h, q, sr);
			h->ins[3 * nins] = sl;
			h->ins[3 * nins + 1] = q;
			h->ins[3 * nins + 2] = rev;
			nins++;
			h->bhead[q] = SSA_NONE;
		}
	}
	uint32_t j = c0;
	for (uint32_t x = h->next[head]; x != end; x = h->next[x])
		if (x < n) {
			if (j == c0 + k)
				return false;
			h->sch[j++] = x;
		}
	return j == c0 + k;
}

static int lh_order(const struct cfg *g, const struct domtree *t, uint32_t *pos,
		    enum dom_lowhigh_method method, struct dom_lowhigh_stats *stats)
{
	const size_t n = g->n, m = g->m;
	const bool cascade = method == DOM_LOWHIGH_CASCADE;
	uint32_t kmax = 0;
	for (uint32_t i = 0; i < t->nreach; i++) {
		const uint32_t c = t->order[i], k = t->child_off[c + 1] - t->child_off[c];
		kmax = k > kmax ? k : kmax;
	}
	/* The cascade's list nodes: the blocks, then the sentinels of one group at a time (2 + 2
	 * per instance, at most one instance per child), 3n + 2 at worst. */
	const size_t nodes = n + 2 + 2 * (size_t)kmax;
	if (nodes >= UINT32_MAX)
		return SSA_ETOOBIG; /* sentinel ids must fit in 32 bits */
	struct lh h = {0};
	struct lh_peel peel = {0};
	struct lh_harm harm = {0};
	h.n = g->n;
	h.nodes = (uint32_t)nodes;
	h.stats = cascade ? stats : NULL;
	if (stats) {
		memset(stats, 0, sizeof *stats);
		if (cascade && !(h.lvl = ssa_calloc_array(n, sizeof(uint32_t))))
			return SSA_ENOMEM;
	}
	h.carc = ssa_calloc_array(n, 1);
	h.st = ssa_alloc_array(n, 1);
	h.din_off = ssa_alloc_array(n + 1, sizeof(uint32_t));
	h.dout_off = ssa_alloc_array(n + 1, sizeof(uint32_t));
	h.din = ssa_alloc_array(m, sizeof(uint32_t));
	h.dout = ssa_alloc_array(m, sizeof(uint32_t));
	uint32_t **words[] = {&h.stk, &h.cur, &h.ord, &h.sch};
	bool ok = h.carc && h.st && h.din_off && h.dout_off && h.din && h.dout;
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		ok = (*words[i] = ssa_alloc_array(n, sizeof(uint32_t))) != NULL && ok;
	if (cascade) {
		uint32_t **cwords[] = {&h.anc, &h.wit, &h.refs, &h.dhead, &h.dnext,
				       &h.nfail, &h.rw, &h.tk, &h.bnext};
		for (size_t i = 0; i < sizeof cwords / sizeof *cwords; i++)
			ok = (*cwords[i] = ssa_alloc_array(n, sizeof(uint32_t))) != NULL && ok;
		h.inst = ssa_calloc_array(n, sizeof(uint32_t));
		h.next = ssa_alloc_array(nodes, sizeof(uint32_t));
		h.prev = ssa_alloc_array(nodes, sizeof(uint32_t));
		h.bhead = ssa_alloc_array(nodes, sizeof(uint32_t));
		h.lab = ssa_alloc_array(nodes, sizeof(uint64_t));
		h.ins = ssa_alloc_array(n + 1, 3 * sizeof(uint32_t));
		ok = ok && h.inst && h.next && h.prev && h.bhead && h.lab && h.ins;
	}
	int rc = SSA_ENOMEM;
	if (!ok)
		goto out;
	if (method == DOM_LOWHIGH_HARMONIC && (rc = lh_harm_alloc(&harm, g->n, kmax)) != SSA_OK)
		goto out;
	if (cascade)
		memset(h.bhead, 0xff, nodes * sizeof(uint32_t));
	lh_arcs(&h, g, t, h.ord, h.st); /* ord and st are free until the first group */
	const struct lh_sib sib = {h.carc, h.din_off, h.din, h.dout_off, h.dout};
	for (uint32_t i = 0; i < t->nreach; i++) {
		const uint32_t c = t->order[i], c0 = t->child_off[c], k = t->child_off[c + 1] - c0;
		if (!k)
			continue;
		if (stats)
			stats->groups++;
		if (method == DOM_LOWHIGH_HARMONIC) {
			rc = lh_harm_group(&harm, &sib, t->child + c0, k, h.sch + c0);
			if (rc == SSA_OK)
				continue;
			if (rc != SSA_EVERIFY)
				goto out;
		} else if (cascade && lh_group(&h, t, c)) {
			continue;
		}
		if (stats && method != DOM_LOWHIGH_PEEL) {
			stats->fallback_groups++;
			stats->fallback_children += k;
		}
		/* Stuck, or the harmonic construction found no order, or forced: the fallback,
		 * whose scratch is allocated at its first use. */
		if (!peel.n && (rc = lh_peel_alloc(&peel, g->n)) != SSA_OK)
			goto out;
		rc = lh_peel_group(&peel, &sib, t->child + c0, k, h.sch + c0);
		if (rc != SSA_OK)
			goto out; /* SSA_EVERIFY: no order exists, the tree is wrong */
	}
	if (stats) {
		stats->harm_sources = harm.sources;
		stats->harm_tqueries = harm.tqueries;
	}
	/* delta: the preorder of D visiting children in sibling order */
	uint32_t sp = 0, next = 0;
	pos[t->root] = next++;
	h.stk[sp] = t->root;
	h.cur[sp++] = t->child_off[t->root];
	while (sp) {
		const uint32_t x = h.stk[sp - 1], j = h.cur[sp - 1];
		if (j == t->child_off[x + 1]) {
			sp--;
			continue;
		}
		h.cur[sp - 1]++;
		const uint32_t y = h.sch[j];
		pos[y] = next++;
		h.stk[sp] = y;
		h.cur[sp++] = t->child_off[y];
	}
	rc = SSA_OK;
out:
	ssa_free_all(h.carc, h.st, h.din_off, h.dout_off, h.din, h.dout, h.inst, h.anc, h.wit,
		     h.refs, h.dhead, h.dnext, h.nfail, h.rw, h.tk, h.bnext, h.stk, h.cur, h.ord,
		     h.sch, h.next, h.prev, h.bhead, h.lab, h.ins, h.lvl, NULL);
	if (peel.n)
		lh_peel_free(&peel);
	lh_harm_free(&harm);
	return rc;
}

int dom_lowhigh_order(const struct cfg *g, const struct domtree *t, uint32_t *pos)
{
	return lh_order(g, t, pos, DOM_LOWHIGH_HARMONIC, NULL);
}

int dom_lowhigh_order_by(const struct cfg *g, const struct domtree *t, uint32_t *pos,
			 enum dom_lowhigh_method method, struct dom_lowhigh_stats *stats)
{
	if (method != DOM_LOWHIGH_HARMONIC && method != DOM_LOWHIGH_CASCADE &&
	    method != DOM_LOWHIGH_PEEL)
		return SSA_EUSAGE;
	return lh_order(g, t, pos, method, stats);
}
