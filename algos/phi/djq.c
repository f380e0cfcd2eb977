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
#include "phi/djq.h"
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

/* Hubs (jindex.h): a target with PHI_HUB_MIN (64) or more J edges into it, such as the exit
 * block all returns jump to or a loop header with many continues. Without hubs, a root high in the tree reported every return in
 * its subtree, one per edge, though only the first found a new target: 1.4·10^6 reports for
 * 1419 φs on structured 10^6 with 64 variables. A hub is instead asked once per root: does its
 * sorted source list meet the root's preorder range (a binary search)? */

/* What the arrays build() sizes take for nt J edges in the tree and nhub hubs with nh edges. */
static uint64_t djq_edge_bytes(uint64_t guess, uint64_t k);

static uint64_t djq_build_bytes(uint64_t guess, uint64_t nt, uint64_t nhub, uint64_t nh)
{
	uint64_t b = djq_edge_bytes(guess, nt);
	b = ssa_sat_add(b, ssa_array_bytes(2 * phi_tree_leaves(nt), sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(2 * nhub + 8, sizeof(struct phi_hub)));
	b = ssa_sat_add(b, ssa_array_bytes(nh ? nh : 1, sizeof(uint32_t)));
	return ssa_sat_add(b, ssa_qsort_bytes(nhub, sizeof(struct phi_hub))); /* the hubs' sort */
}

/* Without the tree: as if all n blocks' worth of J edges went into the tree (the graph's own
 * count is known only with the dominator tree, djq_scratch_bytes_in). */
uint64_t djq_scratch_bytes(uint64_t n, uint64_t nvars)
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
uint64_t djq_scratch_bytes_in(const struct phi_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	const struct domtree *dt = in->dt;
	uint64_t n = g->n;
	uint64_t fixed = djq_scratch_bytes(n, in->prog->nvars) - djq_build_bytes(n, n, 0, 0);
	uint64_t nj, nhub, nh;
	if (!dt || phi_jindex_count(g, dt, &nj, &nhub, &nh) != SSA_OK)
		return ssa_sat_add(fixed, djq_build_bytes(g->m + 1, g->m, g->m / PHI_HUB_MIN, g->m));
	uint64_t guess = g->m + 1 > dt->nreach ? g->m + 1 - dt->nreach : 1;
	return ssa_sat_add(fixed, djq_build_bytes(guess, nj, nhub, nh));
}

void djq_scratch_free(void *p)
{
	struct djq_scratch *s = p;
	if (!s)
		return;
	phi_common_free(&s->c);
	phi_hubs_free(&s->hubs);
	ssa_free_all(s->mark, s->joff, s->stack, s->jtgt, s->removed, s->tree, NULL);
	free(s);
}

int djq_scratch_alloc(void **out, uint32_t n, uint32_t nvars)
{
	struct djq_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return SSA_ENOMEM;
	int st = phi_common_alloc(&s->c, n, nvars);
	s->n = n;
	s->mark = ssa_calloc_array(n, sizeof(uint32_t));
	s->joff = ssa_alloc_array((size_t)n + 1, sizeof(uint32_t));
	s->stack = ssa_alloc_array(n, sizeof(uint32_t));
	if (st == SSA_OK)
		st = phi_hubs_alloc(&s->hubs, n);
	if (st == SSA_OK && (!s->mark || !s->joff || !s->stack))
		st = SSA_ENOMEM;
	if (st != SSA_OK) {
		djq_scratch_free(s);
		return st;
	}
	*out = s;
	return SSA_OK;
}

/* J edges in preorder of their source, the tree over their targets' depths, and the hubs: one
 * pass over the reached blocks' out-edges after the hubs are known. The J edges' count is known
 * only at its end, so their arrays grow during the pass (a first guess of m - n + 1, a tree's
 * worth of edges fewer than m) and the depths wait in removed[] until the tree's size is
 * known; the arrays persist across runs and keep the size of the last one. */
int djq_build(void *scratch, const struct cfg *g, const struct domtree *dt)
{
	struct djq_scratch *s = scratch;
	uint32_t nr = dt->nreach;
	const uint32_t *idom = dt->idom, *tin = dt->tin, *order = dt->order, *depth = dt->depth;
	const uint32_t *succ_off = g->succ_off, *succ = g->succ;
	const uint64_t *hubbit = s->hubs.hubbit;
	int st = phi_hubs_find(&s->hubs, g, dt);
	if (st != SSA_OK)
		return st;
	if (!s->jcap) {
		uint64_t guess = (uint64_t)g->m + 1 > nr ? (uint64_t)g->m + 1 - nr : 1;
		uint32_t *t = phi_grow(s->jtgt, &s->jcap, guess, sizeof(uint32_t));
		if (t)
			s->jtgt = t;
		uint32_t *r = t ? phi_grow(s->removed, &s->rcap, guess, sizeof(uint32_t)) : NULL;
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
				uint32_t *t = phi_grow(s->jtgt, &s->jcap, want, sizeof(uint32_t));
				if (t)
					s->jtgt = jtgt = t;
				uint32_t *r = t ? phi_grow(s->removed, &s->rcap, want, sizeof(uint32_t)) : NULL;
				if (!r)
					return SSA_ENOMEM;
				s->removed = jdep = r;
				cap = want;
			}
			jtgt[k] = ty;
			jdep[k] = depth[y];
			k += j & ~hub;
			if (hub) {
				struct phi_hub *h = phi_hub_of(&s->hubs, ty);
				s->hubs.hsrc[h->end++] = i;
			}
		}
	}
	s->joff[nr] = (uint32_t)k;
	uint64_t p = phi_tree_leaves(k);
	if (p > UINT32_MAX)
		return SSA_ETOOBIG;
	uint32_t *tr = phi_grow(s->tree, &s->tcap, 2 * p, sizeof(uint32_t));
	if (!tr)
		return SSA_ENOMEM;
	s->tree = tr;
	s->P = (uint32_t)p;
	memcpy(tr + p, jdep, (size_t)k * sizeof(uint32_t));
	for (uint64_t j = k; j < p; j++)
		tr[p + j] = PHI_DEPTH_INF;
	phi_tree_fill(tr, s->P);
	phi_hubs_sort(&s->hubs);
	return SSA_OK;
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

/* The body of djq_place_var, inlined into the kernel's own run with no limit (the compiler drops
 * the budget checks there) and into djq_place_var for phi-auto. */
static inline __attribute__((always_inline)) int
djq_var(struct djq_scratch *s, struct phi_common *c, const struct phi_input *in, enum phi_flavor f,
	uint32_t v, uint64_t limit, uint64_t *work)
{
	const struct var_blocks *vb = in->vb;
	const struct domtree *dt = in->dt;
	uint32_t *tree = s->tree, *mark = s->mark, *stack = s->stack;
	const uint32_t *jtgt = s->jtgt, *joff = s->joff, *order = dt->order, *depth = dt->depth;
	const uint32_t P = s->P;
	uint64_t pops = 0, reported = 0, steps = 0;
	int st = SSA_OK;
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
		if (DJQ_WORK(pops, reported, steps, nrem) > limit) {
			st = SSA_EBUDGET;
			goto restore;
		}
		uint32_t r = stack[--sp], rb = order[r], level = depth[rb];
		uint32_t hi = joff[dt->tlast[rb] + 1];
		pops++;
		/* A small range is scanned leaf by leaf and left in the tree: cheaper than descents
		 * and removals where most roots are leaves of the dominator tree (random CFGs, 10^6
		 * roots for 16 variables at 10^5 blocks). A later large query may report those
		 * edges again, and finds their targets seen. */
		bool scan = hi - joff[r] <= DJQ_SCAN_MAX;
		for (uint32_t j = scan ? joff[r] : phi_tree_next(tree, P, joff[r], hi, level, &steps);
		     j < hi; j = scan ? j + 1 : phi_tree_next(tree, P, j + 1, hi, level, &steps)) {
			if (scan) {
				if (tree[P + j] > level)
					continue;
			} else {
				phi_tree_remove(tree, P, j);
				s->removed[nrem++] = j;
			}
			if (DJQ_WORK(pops, ++reported, steps, nrem) > limit) {
				st = SSA_EBUDGET;
				goto restore;
			}
			uint32_t y = jtgt[j];
			uint32_t my = (mark[y] & ~UINT32_C(3)) == gen ? mark[y] : 0;
			if (my & 2)
				continue;
			st = djq_take(c, in, f, v, mark, stack, &sp, y, my | SEEN);
			if (st != SSA_OK)
				goto restore;
		}
		uint32_t last = dt->tlast[rb];
		for (const struct phi_hub *h = s->hubs.hub, *he = h + s->hubs.nhub; h < he && h->depth <= level;
		     h++) {
			uint32_t y = h->tin;
			uint32_t my = (mark[y] & ~UINT32_C(3)) == gen ? mark[y] : 0;
			if ((my & 2) || !phi_hub_meets(&s->hubs, h, r, last))
				continue;
			reported++;
			st = djq_take(c, in, f, v, mark, stack, &sp, y, my | SEEN);
			if (st != SSA_OK)
				goto restore;
		}
	}
restore:
	for (uint32_t i = 0; i < nrem; i++) {
		uint32_t j = s->removed[i];
		phi_tree_restore(tree, P, j, depth[order[jtgt[j]]]);
	}
	work[0] += pops;
	work[1] += reported;
	work[2] += steps;
	work[3] += nrem;
	return st;
}

int djq_place_var(struct djq_scratch *s, struct phi_common *c, const struct phi_input *in,
		  enum phi_flavor f, uint32_t v, uint64_t limit, uint64_t *work)
{
	return djq_var(s, c, in, f, v, limit, work);
}

static int djq_run(void *p, const struct phi_input *in, enum phi_flavor f, struct phi_sets *out,
		   uint64_t *counters)
{
	struct djq_scratch *s = p;
	int st = phi_common_start(&s->c, in, out, counters, djq_build, s);
	if (st != SSA_OK)
		return st;
	uint64_t work[4] = {0, 0, 0, 0}, live_steps = 0;
	for (uint32_t v = 0; v < in->vb->nvars; v++) {
		if (phi_common_var(&s->c, in, f, v, &live_steps) &&
		    (st = djq_var(s, &s->c, in, f, v, UINT64_MAX, work)) != SSA_OK)
			return st;
		phi_common_end_var(&s->c, out, v);
	}
	st = phi_common_finish(&s->c, out);
	counters[0] = out->total;
	counters[1] = work[0];
	counters[2] = work[1];
	counters[3] = live_steps;
	counters[4] = work[2];
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
