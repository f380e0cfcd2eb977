/* phi-djq: φ placement (phi.h) by the iterated dominance frontier on the DJ graph, each root's
 * frontier found by range-minimum queries over its subtree's J edges instead of a walk of the
 * subtree, so a root costs what its frontier holds, not what its subtree holds.
 * Time: O(n + m) per run to build (J edges in preorder, the tree), then per variable
 * O(q + r log m) for q roots and r reported edges (each edge at most once per variable).
 * Memory 3n words + n bits + 2 words per J edge + a tree of 2P words (P the power of two >= J
 * edges) (+3n for the liveness walk) + the output. Requires the dominator tree (depth, tin, tlast,
 * order) of the program's CFG. Same answer as phi-idf and phi-dj, every flavour.
 * Paper: V. C. Sreedhar, G. R. Gao, "A Linear Time Algorithm for Placing φ-Nodes", POPL 1995. */
#include "phi/phi.h"
#include "phi/place.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* How it works.
 *
 * Sreedhar and Gao, 1995, "A Linear Time Algorithm for Placing φ-Nodes" (POPL), as phi-dj
 * (dj.c): for a root R, the CFG edges x->y with x in R's dominator subtree, y not a tree child
 * of x, and depth(y) <= depth(R) are exactly R's dominance frontier (y is not strictly dominated
 * by R because it is no deeper; R dominates the predecessor x). phi-dj finds them by walking
 * the subtree; where a definition sits high in a deep tree (global variables in a structured
 * function) that walk passes through most of the function to reach a handful of edges (8.6
 * blocks walked per block for 64 variables on structured 10^6). Here the J edges are stored in
 * dominator-tree preorder of their source, so a subtree's J edges are one index range, and a
 * min-segment-tree over the targets' depths answers "the next J edge at or after i whose target
 * is no deeper than L" in O(log m); a root's query costs O((frontier edges + 1) log m) whatever
 * the size of its subtree.
 *
 * An edge, once reported for a variable, is removed from the tree (its leaf set to infinity)
 * until the variable is done, then restored: any later root whose query would reach it again
 * would only find a target already judged. That makes the answer independent of the order in
 * which roots are taken, so the queue is a plain stack (no levels, no sort): IDF is the closure
 * of DF over def ∪ IDF, and every root's frontier is reported in full minus targets already seen.
 *
 * Pruned: as in phi-dj, a block where v is dead is marked seen, gets no φ and is never a root
 * (see dj.c for why no live φ is lost). Per-variable stamps, no O(n) clearing per variable. */

#define DEPTH_INF UINT32_MAX

/* A target with this many J edges into it is a hub (the exit block all returns jump to, a loop
 * header with many continues). Without hubs, a root high in the tree reported every return in
 * its subtree, one per edge, though only the first found a new target: 1.4·10^6 reports for
 * 1419 φs on structured 10^6 with 64 variables. A hub is instead asked once per root: does its
 * sorted source list meet the root's preorder range (a binary search)? */
#define HUB_MIN 64

/* Roots whose subtree holds at most this many J edges scan them directly. */
#define SCAN_MAX 32

struct hub {
	uint32_t depth, tin;
	uint32_t off, end; /* its sources in hsrc[off .. end) */
};

struct djq_scratch {
	struct phi_common c;
	uint32_t n, gen;
	/* Indexed by preorder number. */
	/* mark[i] >> 2 == gen: bit 0 = a definition block of the variable, bit 1 = judged as an IDF
	 * candidate (seen); one array instead of two stamps saves 4 bytes per block at 10^8. */
	uint32_t *mark;
	uint32_t *joff;         /* n+1: the node's J edges start at joff[i] */
	uint32_t *stack;        /* roots to query, at most one entry per node per variable */
	/* Indexed by J edge (preorder of the source, then CFG order). */
	uint32_t *jtgt;    /* the target's preorder number */
	uint32_t *removed; /* edges removed for the current variable, restored at its end */
	uint64_t jcap, rcap; /* capacities of jtgt and removed */
	/* Min-tree over the targets' depths: leaves at tree[P + j], node i = min(2i, 2i+1). */
	uint32_t *tree;
	uint64_t tcap; /* entries allocated (2P) */
	uint32_t P;
	/* Hubs: targets of at least HUB_MIN J edges, kept out of the tree (see build). */
	struct hub *hub;   /* ascending depth */
	uint32_t nhub;
	uint64_t hubcap;
	uint32_t *hsrc;    /* each hub's sources' preorder numbers, ascending */
	uint64_t hsrccap;
	uint64_t *hubbit;  /* n bits by preorder number: set for the hubs of the last build */
};

/* The tree's leaf count for nj J edges: a power of two, at least 1. nj <= m < 2^32 keeps 2P
 * within 2^33 entries. */
static uint64_t leaves_for(uint64_t nj)
{
	uint64_t p = 1;
	while (p < nj)
		p <<= 1;
	return p;
}

/* What the arrays build() sizes take for nt J edges in the tree and nhub hubs with nh edges. */
static uint64_t djq_edge_bytes(uint64_t guess, uint64_t k);

static uint64_t djq_build_bytes(uint64_t guess, uint64_t nt, uint64_t nhub, uint64_t nh)
{
	uint64_t b = djq_edge_bytes(guess, nt);
	b = ssa_sat_add(b, ssa_array_bytes(2 * leaves_for(nt), sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(2 * nhub + 8, sizeof(struct hub)));
	b = ssa_sat_add(b, ssa_array_bytes(nh ? nh : 1, sizeof(uint32_t)));
	return ssa_sat_add(b, ssa_qsort_bytes(nhub, sizeof(struct hub))); /* the hubs' sort */
}

/* Without the tree: as if all n blocks' worth of J edges went into the tree (the graph's own
 * count is known only with the dominator tree, djq_scratch_bytes_in). */
static uint64_t djq_scratch_bytes(uint64_t n, uint64_t nvars)
{
	/* the struct, the common part, mark, joff, stack, hubbit; build()'s arrays as if all n
	 * blocks' J edges went into the tree (djq_scratch_bytes_in counts the graph's own) */
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct djq_scratch)), phi_common_bytes(n, nvars));
	b = ssa_sat_add(b, ssa_bytes(2, ssa_array_bytes(n, sizeof(uint32_t))));
	b = ssa_sat_add(b, ssa_array_bytes(n + 1, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(n / 64 + 1, sizeof(uint64_t)));
	return ssa_sat_add(b, djq_build_bytes(n, n, 0, 0));
}

/* build()'s J edge arrays start at guess entries and grow by half plus 1024 while the pass
 * writes at index k; they end above k, and a growth briefly holds the old jtgt beside both new
 * arrays. */
static uint64_t djq_edge_bytes(uint64_t guess, uint64_t k)
{
	uint64_t cap = guess ? guess : 1, prev = 0;
	while (cap <= k) {
		prev = cap;
		cap = ssa_sat_add(cap, cap / 2 + 1024);
	}
	uint64_t b = ssa_bytes(2, ssa_array_bytes(cap, sizeof(uint32_t)));
	return prev ? ssa_sat_add(b, ssa_array_bytes(prev, sizeof(uint32_t))) : b;
}

/* The J edges, hubs and tree leaves build() will size, counted as it counts them (without
 * in->dt: at most m J edges, and as many hubs as they can make). */
static uint64_t djq_scratch_bytes_in(const struct phi_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	const struct domtree *dt = in->dt;
	uint64_t n = g->n;
	uint64_t fixed = djq_scratch_bytes(n, in->prog->nvars) - djq_build_bytes(n, n, 0, 0);
	uint32_t *cnt = dt ? ssa_calloc_array(dt->nreach ? dt->nreach : 1, sizeof(uint32_t)) : NULL;
	if (!cnt)
		return ssa_sat_add(fixed, djq_build_bytes(g->m + 1, g->m, g->m / HUB_MIN, g->m));
	/* hubs as find_hubs finds them; then every edge of a reached block is written at k */
	uint64_t nj = 0, nhub = 0, nh = 0;
	for (uint32_t y = 0; y < n; y++) {
		uint32_t j0 = g->pred_off[y], j1 = g->pred_off[y + 1];
		if (j1 - j0 < HUB_MIN || dt->tin[y] == SSA_NONE)
			continue;
		uint32_t c = 0;
		for (uint32_t e = j0; e < j1; e++)
			c += g->pred[e] != dt->idom[y] && dt->tin[g->pred[e]] != SSA_NONE;
		if (c >= HUB_MIN) {
			cnt[dt->tin[y]] = 1;
			nhub++;
			nh += c;
		}
	}
	for (uint32_t i = 0; i < dt->nreach; i++) {
		uint32_t x = dt->order[i];
		for (uint32_t e = g->succ_off[x]; e < g->succ_off[x + 1]; e++)
			nj += dt->idom[g->succ[e]] != x && !cnt[dt->tin[g->succ[e]]];
	}
	free(cnt);
	uint64_t guess = g->m + 1 > dt->nreach ? g->m + 1 - dt->nreach : 1;
	return ssa_sat_add(fixed, djq_build_bytes(guess, nj, nhub, nh));
}

static void djq_scratch_free(void *p)
{
	struct djq_scratch *s = p;
	if (!s)
		return;
	phi_common_free(&s->c);
	ssa_free_all(s->mark, s->joff, s->stack, s->jtgt, s->removed, s->tree, s->hub,
		     s->hsrc, s->hubbit, NULL);
	free(s);
}

static int djq_scratch_alloc(void **out, uint32_t n, uint32_t nvars)
{
	struct djq_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return SSA_ENOMEM;
	int st = phi_common_alloc(&s->c, n, nvars);
	s->n = n;
	s->mark = ssa_calloc_array(n, sizeof(uint32_t));
	s->joff = ssa_alloc_array((size_t)n + 1, sizeof(uint32_t));
	s->stack = ssa_alloc_array(n, sizeof(uint32_t));
	s->hubbit = ssa_calloc_array((size_t)n / 64 + 1, sizeof(uint64_t));
	if (st == SSA_OK && (!s->mark || !s->joff || !s->stack || !s->hubbit))
		st = SSA_ENOMEM;
	if (st != SSA_OK) {
		djq_scratch_free(s);
		return st;
	}
	*out = s;
	return SSA_OK;
}

static void *grow(void *p, uint64_t *cap, uint64_t want, size_t size)
{
	if (want <= *cap && p)
		return p;
	uint64_t c = want ? want : 1;
	void *q = ssa_realloc_array(p, (size_t)c, size);
	if (q)
		*cap = c;
	return q;
}

static int cmp_hub(const void *a, const void *b)
{
	const struct hub *x = a, *y = b;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return (x->tin > y->tin) - (x->tin < y->tin);
}

static int cmp_hub_tin(const void *a, const void *b)
{
	const struct hub *x = a, *y = b;
	return (x->tin > y->tin) - (x->tin < y->tin);
}

/* The hubs: only a block with HUB_MIN predecessors or more can be one, so their J edges are
 * counted from those predecessor lists alone (an edge from a reached block that is not the
 * tree edge idom(y) -> y). Leaves them ascending by preorder number, each with its sources'
 * range in hsrc (end = off, the fill cursor), and their bits set. */
static int find_hubs(struct djq_scratch *s, const struct cfg *g, const struct domtree *dt)
{
	for (uint32_t k = 0; k < s->nhub; k++)
		s->hubbit[s->hub[k].tin >> 6] &= ~(UINT64_C(1) << (s->hub[k].tin & 63));
	s->nhub = 0;
	uint64_t nhub = 0, nh = 0;
	for (uint32_t y = 0; y < g->n; y++) {
		uint32_t j0 = g->pred_off[y], j1 = g->pred_off[y + 1];
		if (j1 - j0 < HUB_MIN || dt->tin[y] == SSA_NONE)
			continue;
		uint32_t c = 0, d = dt->idom[y];
		for (uint32_t j = j0; j < j1; j++)
			c += g->pred[j] != d && dt->tin[g->pred[j]] != SSA_NONE;
		if (c < HUB_MIN)
			continue;
		if (nhub == s->hubcap) {
			struct hub *hb = grow(s->hub, &s->hubcap, 2 * nhub + 8, sizeof(struct hub));
			if (!hb)
				return SSA_ENOMEM;
			s->hub = hb;
		}
		s->hub[nhub++] = (struct hub){.depth = dt->depth[y], .tin = dt->tin[y], .end = c};
		nh += c;
	}
	if (nhub > 1)
		qsort(s->hub, (size_t)nhub, sizeof(struct hub), cmp_hub_tin);
	uint32_t *hs = grow(s->hsrc, &s->hsrccap, nh, sizeof(uint32_t));
	if (!hs)
		return SSA_ENOMEM;
	s->hsrc = hs;
	uint32_t off = 0;
	for (uint64_t k = 0; k < nhub; k++) {
		struct hub *h = &s->hub[k];
		uint32_t c = h->end;
		h->off = h->end = off;
		off += c;
		s->hubbit[h->tin >> 6] |= UINT64_C(1) << (h->tin & 63);
	}
	s->nhub = (uint32_t)nhub;
	return SSA_OK;
}

/* The hub whose target has preorder number ty (its bit is set). */
static inline struct hub *hub_of(struct djq_scratch *s, uint32_t ty)
{
	uint32_t lo = 0, hi = s->nhub - 1;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (s->hub[mid].tin < ty)
			lo = mid + 1;
		else
			hi = mid;
	}
	return &s->hub[lo];
}

/* J edges in preorder of their source, the tree over their targets' depths, and the hubs: one
 * pass over the reached blocks' out-edges after the hubs are known. The J edges' count is known
 * only at its end, so their arrays grow during the pass (a first guess of m - n + 1, a tree's
 * worth of edges fewer than m) and the depths wait in removed[] until the tree's size is
 * known; the arrays persist across runs and keep the size of the last one. */
static int build(void *scratch, const struct cfg *g, const struct domtree *dt)
{
	struct djq_scratch *s = scratch;
	uint32_t nr = dt->nreach;
	const uint32_t *idom = dt->idom, *tin = dt->tin, *order = dt->order, *depth = dt->depth;
	const uint32_t *succ_off = g->succ_off, *succ = g->succ;
	const uint64_t *hubbit = s->hubbit;
	int st = find_hubs(s, g, dt);
	if (st != SSA_OK)
		return st;
	if (!s->jcap) {
		uint64_t guess = (uint64_t)g->m + 1 > nr ? (uint64_t)g->m + 1 - nr : 1;
		uint32_t *t = grow(s->jtgt, &s->jcap, guess, sizeof(uint32_t));
		if (t)
			s->jtgt = t;
		uint32_t *r = t ? grow(s->removed, &s->rcap, guess, sizeof(uint32_t)) : NULL;
		if (!r)
			return SSA_ENOMEM;
		s->removed = r;
	}
	uint32_t *jtgt = s->jtgt, *jdep = s->removed, *joff = s->joff;
	uint64_t k = 0, cap = s->jcap < s->rcap ? s->jcap : s->rcap;
	/* Every edge is written at k and counted only when it is a J edge to a target that is no
	 * hub: whether an edge is a tree edge follows no pattern a branch predictor learns. */
	for (uint32_t i = 0; i < nr; i++) {
		uint32_t x = order[i];
		joff[i] = (uint32_t)k;
		for (uint32_t e = succ_off[x]; e < succ_off[x + 1]; e++) {
			uint32_t y = succ[e], ty = tin[y];
			uint32_t j = idom[y] != x; /* not a tree edge (nor a copy of one) */
			uint32_t hub = (uint32_t)(hubbit[ty >> 6] >> (ty & 63)) & j;
			if (k == cap) {
				uint64_t want = cap + cap / 2 + 1024;
				uint32_t *t = grow(s->jtgt, &s->jcap, want, sizeof(uint32_t));
				if (t)
					s->jtgt = jtgt = t;
				uint32_t *r = t ? grow(s->removed, &s->rcap, want, sizeof(uint32_t)) : NULL;
				if (!r)
					return SSA_ENOMEM;
				s->removed = jdep = r;
				cap = want;
			}
			jtgt[k] = ty;
			jdep[k] = depth[y];
			k += j & ~hub;
			if (hub) {
				struct hub *h = hub_of(s, ty);
				s->hsrc[h->end++] = i;
			}
		}
	}
	s->joff[nr] = (uint32_t)k;
	uint64_t p = leaves_for(k);
	if (p > UINT32_MAX)
		return SSA_ETOOBIG;
	uint32_t *tr = grow(s->tree, &s->tcap, 2 * p, sizeof(uint32_t));
	if (!tr)
		return SSA_ENOMEM;
	s->tree = tr;
	s->P = (uint32_t)p;
	memcpy(tr + p, jdep, (size_t)k * sizeof(uint32_t));
	for (uint64_t j = k; j < p; j++)
		tr[p + j] = DEPTH_INF;
	for (uint32_t i = s->P; i-- > 1;) {
		uint32_t a = tr[2 * i], b = tr[2 * i + 1];
		tr[i] = a < b ? a : b;
	}
	if (s->nhub > 1)
		qsort(s->hub, (size_t)s->nhub, sizeof(struct hub), cmp_hub);
	return SSA_OK;
}

/* Whether some source of hub h lies in the preorder range [lo, last]. */
static inline bool hub_meets(const struct djq_scratch *s, const struct hub *h, uint32_t lo,
			     uint32_t last)
{
	uint32_t a = h->off, b = h->end;
	while (a < b) {
		uint32_t mid = a + (b - a) / 2;
		if (s->hsrc[mid] < lo)
			a = mid + 1;
		else
			b = mid;
	}
	return a < h->end && s->hsrc[a] <= last;
}

/* The first J edge j in [pos, hi) whose leaf is <= level, or hi. Climbs from pos's leaf to the
 * first subtree to its right holding a small enough leaf, stopping once that subtree starts at
 * or past hi, then descends to its leftmost such leaf. *steps counts tree nodes visited. */
static inline uint32_t next_edge(const uint32_t *tree, uint32_t P, uint32_t pos, uint32_t hi,
				 uint32_t level, uint64_t *steps)
{
	if (pos >= hi)
		return hi;
	uint64_t i = (uint64_t)P + pos;
	unsigned h = 0; /* height of node i above the leaves */
	while (tree[i] > level) {
		while (i & 1) { /* a right child: its right neighbour is in the parent's sibling */
			i >>= 1;
			h++;
		}
		if (i == 0)
			return hi;
		i++;
		(*steps)++;
		if ((i << h) - P >= hi)
			return hi;
	}
	while (i < P) {
		i = 2 * i + (tree[2 * i] > level);
		(*steps)++;
	}
	return (uint32_t)(i - P);
}

static inline void leaf_remove(uint32_t *tree, uint32_t P, uint32_t j)
{
	uint64_t i = (uint64_t)P + j;
	tree[i] = DEPTH_INF;
	for (i >>= 1; i; i >>= 1) {
		uint32_t a = tree[2 * i], b = tree[2 * i + 1], m = a < b ? a : b;
		if (tree[i] == m)
			break;
		tree[i] = m;
	}
}

/* Puts a leaf back; ancestors only ever decrease towards the true minimum, so restoring many
 * leaves in any order is exact. */
static inline void leaf_restore(uint32_t *tree, uint32_t P, uint32_t j, uint32_t d)
{
	uint64_t i = (uint64_t)P + j;
	tree[i] = d;
	for (i >>= 1; i && tree[i] > d; i >>= 1)
		tree[i] = d;
}

/* Target y, not seen before for variable v, is in the IDF: its marks become mark (seen, and
 * y's definition bit); where the flavour allows a φ it gets one, and it becomes a root unless it
 * is a definition block (those were all roots from the start). */
static inline int djq_take(struct phi_common *c, const struct phi_input *in, enum phi_flavor f,
			   uint32_t v, uint32_t *marks, uint32_t *stack, uint32_t *sp, uint32_t y,
			   uint32_t mark)
{
	marks[y] = mark;
	uint32_t yb = in->dt->order[y];
	if (!phi_common_allowed(c, in, f, v, yb))
		return SSA_OK;
	int st = phi_common_push(c, yb);
	if (st == SSA_OK && !(mark & 1))
		stack[(*sp)++] = y;
	return st;
}

static int djq_run(void *p, const struct phi_input *in, enum phi_flavor f, struct phi_sets *out,
		   uint64_t *counters)
{
	struct djq_scratch *s = p;
	const struct var_blocks *vb = in->vb;
	const struct domtree *dt = in->dt;
	int st = phi_common_start(&s->c, in, out, counters, build, s);
	if (st != SSA_OK)
		return st;
	uint32_t *tree = s->tree, *mark = s->mark, *stack = s->stack;
	const uint32_t *jtgt = s->jtgt, *joff = s->joff, *order = dt->order, *depth = dt->depth;
	const uint32_t P = s->P;
	uint64_t pops = 0, reported = 0, live_steps = 0, steps = 0;
	for (uint32_t v = 0; v < vb->nvars; v++) {
		if (!phi_common_var(&s->c, in, f, v, &live_steps)) {
			phi_common_end_var(&s->c, out, v);
			continue;
		}
		if (++s->gen >= UINT32_MAX >> 2) {
			memset(mark, 0, (size_t)s->n * sizeof(uint32_t));
			s->gen = 1;
		}
		const uint32_t gen = s->gen << 2, DEF = gen | 1, SEEN = gen | 2;
		uint32_t sp = 0, nrem = 0;
		for (uint64_t i = vb->def_off[v]; i < vb->def_off[v + 1]; i++) {
			uint32_t t = dt->tin[vb->def[i]];
			if (t == SSA_NONE || mark[t] == DEF)
				continue; /* nothing is seen before the definitions are all in */
			mark[t] = DEF;
			stack[sp++] = t;
		}
		while (sp) {
			uint32_t r = stack[--sp], rb = order[r], level = depth[rb];
			uint32_t hi = joff[dt->tlast[rb] + 1];
			pops++;
			/* A small range is scanned leaf by leaf and left in the tree: cheaper than
			 * descents and removals where most roots are leaves of the dominator tree
			 * (random CFGs, 10^6 roots for 16 variables at 10^5 blocks). A later large
			 * query may report those edges again, and finds their targets seen. */
			bool scan = hi - joff[r] <= SCAN_MAX;
			for (uint32_t j = scan ? joff[r] : next_edge(tree, P, joff[r], hi, level, &steps);
			     j < hi; j = scan ? j + 1 : next_edge(tree, P, j + 1, hi, level, &steps)) {
				if (scan) {
					if (tree[P + j] > level)
						continue;
				} else {
					leaf_remove(tree, P, j);
					s->removed[nrem++] = j;
				}
				reported++;
				uint32_t y = jtgt[j];
				uint32_t my = (mark[y] & ~UINT32_C(3)) == gen ? mark[y] : 0;
				if (my & 2)
					continue;
				st = djq_take(&s->c, in, f, v, mark, stack, &sp, y, my | SEEN);
				if (st != SSA_OK)
					goto restore;
			}
			uint32_t last = dt->tlast[rb];
			for (const struct hub *h = s->hub, *he = h + s->nhub; h < he && h->depth <= level;
			     h++) {
				uint32_t y = h->tin;
				uint32_t my = (mark[y] & ~UINT32_C(3)) == gen ? mark[y] : 0;
				if ((my & 2) || !hub_meets(s, h, r, last))
					continue;
				reported++;
				st = djq_take(&s->c, in, f, v, mark, stack, &sp, y, my | SEEN);
				if (st != SSA_OK)
					goto restore;
			}
		}
	restore:
		for (uint32_t i = 0; i < nrem; i++) {
			uint32_t j = s->removed[i];
			leaf_restore(tree, P, j, depth[order[jtgt[j]]]);
		}
		if (st != SSA_OK)
			return st;
		phi_common_end_var(&s->c, out, v);
	}
	st = phi_common_finish(&s->c, out);
	counters[0] = out->total;
	counters[1] = pops;
	counters[2] = reported;
	counters[3] = live_steps;
	counters[4] = steps;
	return st;
}

const struct phi_algo phi_djq_algo = {
	.head = {
		.name = "phi-djq",
		.summary = "Sreedhar-Gao DJ-graph IDF, each root's frontier by range-min queries over its "
			   "subtree's J edges (no subtree walk)",
		.citation = "Sreedhar, Gao 1995, 'A Linear Time Algorithm for Placing phi-Nodes', POPL",
		.complexity = "O(roots + frontier edges x log m) per variable, O(n+m) per run, 3n words + "
			      "n bits + 2 per J edge + 2P",
		.counter_names = {"phis", "queue-pops", "j-edges-reported", "live-steps", "tree-steps"},
	},
	.needs_df = false,
	.scratch_bytes = djq_scratch_bytes,
	.scratch_bytes_in = djq_scratch_bytes_in,
	.scratch_alloc = djq_scratch_alloc,
	.scratch_free = djq_scratch_free,
	.run = djq_run,
};
