/* phi-dj: φ placement by the iterated dominance frontier on the DJ graph, without DF sets.
 * For each variable, the blocks of IDF(definition blocks), or with pruning only those where the
 * variable is live-in. Time per variable O(walked blocks + their out-edges + q log q) for q queue
 * entries: linear on ladder, where Σ|DF| is quadratic. Memory 10n words + 2 words per J edge
 * (+3n for the liveness walk) + the output; per-variable state is generation-stamped, so nothing
 * O(n) is cleared per variable. Requires the dominator tree (depth, tin, tlast, order) of the
 * program's CFG. The tests compare it with the frontier-based placement and, pruned, with
 * IDF(def) ∩ LiveIn on thousands of random programs.
 * Sreedhar and Gao, 1995, "A Linear Time Algorithm for Placing φ-Nodes" (POPL); in the form of
 * LLVM's IDFCalculator (GenericIteratedDominanceFrontier.h). */
#include "phi/phi.h"
#include "phi/dj.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* The DJ graph is the dominator tree (D edges) plus the CFG edges that are not tree edges (J
 * edges). For a variable, the definition blocks go into a priority queue keyed by dominator-tree
 * depth, deepest first. For each root R taken from the queue, walk R's dominator subtree,
 * skipping nodes some earlier walk of this variable already covered; every CFG edge X->Y from the
 * walked nodes with depth(Y) <= depth(R) is a J edge leaving R's subtree, so Y is in
 * DF(R) ∪ DF(subtree) ⊆ IDF. Each new IDF block gets a φ and, unless it is a definition block,
 * enters the queue. Because roots come out deepest first, a subtree skipped as "already walked"
 * was walked from a root at least as deep, whose level bound was no looser, so its J edges were
 * already judged against a bound at least as permissive for the frontier we need.
 *
 * Three refinements of ours over LLVM; the first two are built once per run in O(n+m):
 * - The DJ graph is renumbered in dominator-tree preorder, J edges only, each stored as its
 *   target's queue key (depth << 32 | preorder number). A subtree is then the index range
 *   [i, last[i]], so a walk is a forward scan that jumps over skipped subtrees: no stack, no
 *   pointer chasing, sequential memory.
 * - reach[i] = the smallest depth of a J-edge target from i's subtree. A walk from a root at
 *   level L enters a subtree only when reach <= L: one with no J edge reaching that high cannot
 *   add to IDF, now or for any later root (later roots are no deeper). Without this, a
 *   definition high in a deep dominator tree (a statement on the main path of a structured
 *   function) walks everything below it, O(n) per variable whatever the answer.
 * - The queue is a list per level, not a binary heap: the deepest non-empty level is taken
 *   whole and its roots walked in ascending preorder. Roots of one level head disjoint subtrees,
 *   so their order does not matter, and ascending order turns the random reads of node[] and
 *   jkey[] into forward scans where a variable's IDF covers much of the graph (random CFGs).
 *
 * Pruned: a block where v is dead is marked seen but gets no φ and never enters the queue (as in
 * LLVM). That loses no live φ: if v is live-in at Z ∈ IDF(def) and Z is reached only through a
 * dead Y, every path from Y to Z's live use crosses a definition dominated by Y, which itself
 * reaches Z. */

/* What scratch_alloc allocates; the J-edge keys start at n entries. */
uint64_t dj_scratch_bytes(uint64_t n, uint64_t nvars)
{
	/* the struct, the common part; isdef, seen, lhead, lgen, next, batch; node; lbits, pbits;
	 * jkey */
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct dj_scratch)), phi_common_bytes(n, nvars));
	b = ssa_sat_add(b, ssa_bytes(6, ssa_array_bytes(n, sizeof(uint32_t))));
	b = ssa_sat_add(b, ssa_array_bytes(n + 1, sizeof(struct djnode)));
	b = ssa_sat_add(b, ssa_bytes(2, ssa_array_bytes(n / 64 + 1, sizeof(uint64_t))));
	b = ssa_sat_add(b, ssa_array_bytes(n ? n : 1, sizeof(uint64_t)));
	/* qsort's copy of a level's roots, sorted that way only below 64 or n / 256 of them */
	return ssa_sat_add(b, ssa_qsort_bytes(n / 256, sizeof(uint32_t)));
}

/* The first run grows the J-edge keys to m when m > n, the old array alive until the copy. */
uint64_t dj_scratch_bytes_in(const struct phi_input *in)
{
	uint64_t n = in->prog->cfg.n, m = in->prog->cfg.m;
	uint64_t b = dj_scratch_bytes(n, in->prog->nvars);
	return m > (n ? n : 1) ? ssa_sat_add(b, ssa_array_bytes(m, sizeof(uint64_t))) : b;
}

void dj_scratch_free(void *p)
{
	struct dj_scratch *s = p;
	if (!s)
		return;
	phi_common_free(&s->c);
	ssa_free_all(s->isdef, s->seen, s->node, s->jkey, s->lhead, s->lgen, s->next, s->lbits,
		     s->pbits, s->batch, s->jdepth, s->hubmask, NULL);
	free(s);
}

int dj_scratch_alloc(void **out, uint32_t n, uint32_t nvars)
{
	struct dj_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return SSA_ENOMEM;
	int st = phi_common_alloc(&s->c, n, nvars);
	s->n = n;
	s->isdef = ssa_calloc_array(n, sizeof(uint32_t));
	s->seen = ssa_calloc_array(n, sizeof(uint32_t));
	s->node = ssa_calloc_array((size_t)n + 1, sizeof(struct djnode));
	s->lhead = ssa_alloc_array(n, sizeof(uint32_t));
	s->lgen = ssa_calloc_array(n, sizeof(uint32_t));
	s->next = ssa_alloc_array(n, sizeof(uint32_t));
	s->lbits = ssa_calloc_array((size_t)n / 64 + 1, sizeof(uint64_t));
	s->pbits = ssa_calloc_array((size_t)n / 64 + 1, sizeof(uint64_t));
	s->batch = ssa_alloc_array(n, sizeof(uint32_t));
	s->jcap = n ? n : 1;
	s->jkey = ssa_alloc_array(s->jcap, sizeof(uint64_t));
	if (st == SSA_OK && (!s->isdef || !s->seen || !s->node || !s->lhead || !s->lgen ||
			     !s->next || !s->lbits || !s->pbits || !s->batch || !s->jkey))
		st = SSA_ENOMEM;
	if (st != SSA_OK) {
		dj_scratch_free(s);
		return st;
	}
	*out = s;
	return SSA_OK;
}

uint64_t dj_hubs_bytes(uint64_t n)
{
	return ssa_bytes(2, ssa_array_bytes(n ? n : 1, sizeof(uint32_t)));
}

int dj_hubs_alloc(struct dj_scratch *s, uint32_t n)
{
	if (n > DJ_HUB_DEPTH(DJ_HUBS - 1))
		return SSA_ETOOBIG; /* a depth could pass for a hub's */
	s->jdepth = ssa_alloc_array(n ? n : 1, sizeof(uint32_t));
	s->hubmask = ssa_alloc_array(n ? n : 1, sizeof(uint32_t));
	return s->jdepth && s->hubmask ? SSA_OK : SSA_ENOMEM;
}

/* The deepest non-empty level <= top, or SSA_NONE. Levels only get shallower while a variable
 * is placed (a J edge judged from level L leads to a level <= L), so the scan over the bitmap
 * never goes back up: O(depth / 64) words per variable at most. */
static inline uint32_t queue_top(const struct dj_scratch *s, uint32_t top)
{
	uint32_t w = top >> 6;
	uint64_t bits = s->lbits[w] & (top % 64 == 63 ? ~UINT64_C(0) : (UINT64_C(2) << (top & 63)) - 1);
	for (;;) {
		if (bits)
			return (w << 6) | (63 - (uint32_t)__builtin_clzll(bits));
		if (w == 0)
			return SSA_NONE;
		bits = s->lbits[--w];
	}
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* Moves the list of level into batch, ascending by preorder number, and empties the level.
 * Nodes of one level head disjoint subtrees, so their order does not change the answer; in
 * ascending preorder the walks read node[] and jkey[] forward instead of at random (on a random
 * CFG, where one variable's IDF covers most blocks, that halved the placement time). */
static uint32_t queue_take_level(struct dj_scratch *s, uint32_t level)
{
	uint32_t k = 0;
	for (uint32_t x = s->lhead[level]; x != SSA_NONE; x = s->next[x])
		s->batch[k++] = x;
	s->lhead[level] = SSA_NONE;
	s->lbits[level >> 6] &= ~(UINT64_C(1) << (level & 63));
	if (k >= 64 && k >= s->n / 256) {
		for (uint32_t i = 0; i < k; i++)
			s->pbits[s->batch[i] >> 6] |= UINT64_C(1) << (s->batch[i] & 63);
		uint32_t j = 0;
		for (uint32_t w = 0; j < k; w++) {
			uint64_t bits = s->pbits[w];
			s->pbits[w] = 0;
			while (bits) {
				s->batch[j++] = (w << 6) | (uint32_t)__builtin_ctzll(bits);
				bits &= bits - 1;
			}
		}
	} else if (k > 1) {
		qsort(s->batch, k, sizeof(uint32_t), cmp_u32);
	}
	return k;
}

/* phi-djh's hubs: the first DJ_HUBS blocks (by id) with PHI_HUB_MIN or more J edges into them,
 * counted from the predecessor lists of the blocks with that many predecessors. jdepth becomes
 * the tree's depths with hub h's set to DJ_HUB_DEPTH(h), deeper than any root. */
static void find_hubs(struct dj_scratch *s, const struct cfg *g, const struct domtree *dt)
{
	memcpy(s->jdepth, dt->depth, (size_t)g->n * sizeof(uint32_t));
	s->nhub = 0;
	for (uint32_t y = 0; y < g->n && s->nhub < DJ_HUBS; y++) {
		uint32_t j0 = g->pred_off[y], j1 = g->pred_off[y + 1];
		if (j1 - j0 < PHI_HUB_MIN || dt->tin[y] == SSA_NONE)
			continue;
		uint32_t c = 0, d = dt->idom[y];
		for (uint32_t j = j0; j < j1 && c < PHI_HUB_MIN; j++)
			c += g->pred[j] != d && dt->tin[g->pred[j]] != SSA_NONE;
		if (c < PHI_HUB_MIN)
			continue;
		s->hub[s->nhub++] = (struct dj_hub){.depth = dt->depth[y], .tin = dt->tin[y], .block = y};
		s->jdepth[y] = DJ_HUB_DEPTH(s->nhub - 1);
	}
}

/* The preorder DJ graph: last, J edges as keys, reach. One forward pass writes the J edges and
 * each node's own minimum; one backward pass folds subtrees into their roots. */
static int dj_build(void *scratch, const struct cfg *g, const struct domtree *dt)
{
	struct dj_scratch *s = scratch;
	uint32_t nr = dt->nreach;
	/* At most m J edges: grow once to m, then reuse across runs. */
	if (g->m > s->jcap) {
		uint64_t *nk = ssa_realloc_array(s->jkey, g->m, sizeof(uint64_t));
		if (!nk)
			return SSA_ENOMEM;
		s->jkey = nk;
		s->jcap = g->m;
	}
	uint32_t *hubmask = s->hubmask;
	if (hubmask)
		find_hubs(s, g, dt);
	struct djnode *node = s->node;
	const uint32_t *idom = dt->idom, *depth = hubmask ? s->jdepth : dt->depth, *tin = dt->tin;
	const uint32_t *succ_off = g->succ_off, *succ = g->succ;
	uint64_t *jkey = s->jkey;
	uint32_t k = 0;
	for (uint32_t i = 0; i < nr; i++) {
		uint32_t x = dt->order[i], r = SSA_NONE;
		node[i].joff = k;
		node[i].last = dt->tlast[x];
		/* A successor y of x is a tree child (idom(y) = x) or a J edge with
		 * depth(y) <= depth(x). Every edge is written at k and counted only when it is a J
		 * edge: whether an edge is a tree edge follows no pattern a branch predictor learns.
		 * An edge into hub h is kept at DJ_HUB_DEPTH(h), below every root: no walk takes
		 * it, and it sets bit h of the node's mask. */
		uint32_t mask = 0;
		for (uint32_t e = succ_off[x]; e < succ_off[x + 1]; e++) {
			uint32_t y = succ[e], dy = depth[y];
			uint32_t j = idom[y] != x;
			jkey[k] = (uint64_t)dy << 32 | tin[y];
			k += j;
			uint32_t d = j ? dy : SSA_NONE;
			r = d < r ? d : r;
			mask |= ((uint32_t)(dy >= DJ_HUB_DEPTH(DJ_HUBS - 1)) & j) << (~dy & 31);
		}
		node[i].reach = r;
		if (hubmask)
			hubmask[i] = mask;
	}
	node[nr].joff = k;
	dj_fold(s, nr);
	return SSA_OK;
}

void dj_fold(struct dj_scratch *s, uint32_t nr)
{
	struct djnode *node = s->node;
	uint32_t *hubmask = s->hubmask;
	/* Children have larger preorder numbers, so a reverse scan finishes each before its
	 * parent; i's children are i + 1 and each next one after the last of the one before, so
	 * the fold reads only node[], near i, instead of the tree's parent links. */
	for (uint32_t i = nr; i-- > 0;) {
		uint32_t r = node[i].reach, mask = hubmask ? hubmask[i] : 0;
		for (uint32_t c = i + 1, end = node[i].last; c <= end; c = node[c].last + 1) {
			r = node[c].reach < r ? node[c].reach : r;
			if (hubmask)
				mask |= hubmask[c];
		}
		node[i].reach = r;
		if (hubmask)
			hubmask[i] = mask;
	}
}

/* The body of dj_place_var, inlined into the kernel's own run with no limit (the compiler drops
 * the budget checks there) and into dj_place_var for phi-auto. */
static inline __attribute__((always_inline)) int
dj_var(struct dj_scratch *s, struct phi_common *c, const struct phi_input *in, enum phi_flavor f,
       uint32_t v, uint64_t limit, uint64_t *work)
{
	const struct var_blocks *vb = in->vb;
	const struct domtree *dt = in->dt;
	struct djnode *node = s->node;
	const uint64_t *jkey = s->jkey;
	uint32_t *seen = s->seen, *isdef = s->isdef;
	uint64_t pops = 0, edges = 0, nodes = 0, skips = 0;
	int st = SSA_OK;
	if (++s->gen == 0) {
		memset(isdef, 0, (size_t)s->n * sizeof(uint32_t));
		memset(seen, 0, (size_t)s->n * sizeof(uint32_t));
		memset(s->lgen, 0, (size_t)s->n * sizeof(uint32_t));
		for (uint32_t i = 0; i < s->n; i++)
			node[i].walked = 0;
		s->gen = 1;
	}
	uint32_t gen = s->gen, top = 0;
	for (uint64_t i = vb->def_off[v]; i < vb->def_off[v + 1]; i++) {
		uint32_t d = vb->def[i];
		if (dt->tin[d] == SSA_NONE || isdef[dt->tin[d]] == gen)
			continue;
		isdef[dt->tin[d]] = gen;
		dj_queue_push(s, dt->tin[d], dt->depth[d], gen);
		if (dt->depth[d] > top)
			top = dt->depth[d];
	}
	for (uint32_t level; (level = queue_top(s, top)) != SSA_NONE; top = level) {
		uint32_t k = queue_take_level(s, level);
		for (uint32_t b = 0; b < k; b++) {
			uint32_t root = s->batch[b];
			pops++;
			/* The hubs the subtree has J edges into (the walk never takes them). */
			for (uint32_t mask = s->hubmask ? s->hubmask[root] : 0; mask; mask &= mask - 1) {
				const struct dj_hub *h = &s->hub[__builtin_ctz(mask)];
				if (h->depth > level || seen[h->tin] == gen)
					continue;
				if ((st = dj_judge(s, c, in, f, v, h->tin, h->depth)) != SSA_OK)
					goto out;
			}
			/* Scan the subtree [root, last] in preorder; the root is always looked at,
			 * below it a skipped node's whole subtree is jumped over. */
			if (node[root].reach > level) {
				node[root].walked = gen;
				continue; /* nothing below reaches high enough */
			}
			for (uint32_t i = root, end = node[root].last; i <= end;) {
				struct djnode *x = &node[i];
				if (i != root && (x->reach > level || x->walked == gen)) {
					i = x->last + 1;
					skips++;
					continue;
				}
				x->walked = gen;
				nodes++;
				for (uint32_t j = x->joff, je = node[i + 1].joff; j < je; j++) {
					uint64_t yk = jkey[j];
					uint32_t y = (uint32_t)yk, ylevel = (uint32_t)(yk >> 32);
					edges++;
					if (ylevel > level || seen[y] == gen)
						continue;
					if ((st = dj_judge(s, c, in, f, v, y, ylevel)) != SSA_OK)
						goto out;
				}
				if (DJ_WORK(pops, edges, nodes, skips) > limit) {
					st = SSA_EBUDGET;
					goto out;
				}
				i++;
			}
		}
	}
out:
	if (st != SSA_OK) /* levels <= top may still hold roots: empty them for the next variable */
		memset(s->lbits, 0, ((size_t)(top >> 6) + 1) * sizeof(uint64_t));
	work[0] += pops;
	work[1] += edges;
	work[2] += nodes;
	work[3] += skips;
	return st;
}

int dj_place_var(struct dj_scratch *s, struct phi_common *c, const struct phi_input *in,
		 enum phi_flavor f, uint32_t v, uint64_t limit, uint64_t *work)
{
	return dj_var(s, c, in, f, v, limit, work);
}

int dj_place(struct dj_scratch *s, const struct phi_input *in, enum phi_flavor f,
	     struct phi_sets *out, uint64_t *counters)
{
	int st = phi_common_start(&s->c, in, out, counters, dj_build, s);
	if (st != SSA_OK)
		return st;
	uint64_t work[4] = {0, 0, 0, 0}, live_steps = 0;
	for (uint32_t v = 0; v < in->vb->nvars; v++) {
		if (phi_common_var(&s->c, in, f, v, &live_steps) &&
		    (st = dj_var(s, &s->c, in, f, v, UINT64_MAX, work)) != SSA_OK)
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

static int dj_run(void *p, const struct phi_input *in, enum phi_flavor f, struct phi_sets *out,
		  uint64_t *counters)
{
	return dj_place(p, in, f, out, counters);
}

const struct phi_algo phi_dj_algo = {
	.head = {
		.name = "phi-dj",
		.summary = "Sreedhar-Gao DJ-graph IDF, roots taken deepest level first (as LLVM's IDFCalculator)",
		.citation = "Sreedhar, Gao 1995, 'A Linear Time Algorithm for Placing phi-Nodes', POPL",
		.complexity = "O(walked blocks and J edges + q log q) per variable, O(n+m) per run, 13n words + J edges",
		.counter_names = {"phis", "queue-pops", "j-edges-scanned", "live-steps", "blocks-walked"},
	},
	.needs_df = false,
	.scratch_bytes = dj_scratch_bytes,
	.scratch_bytes_in = dj_scratch_bytes_in,
	.scratch_alloc = dj_scratch_alloc,
	.scratch_free = dj_scratch_free,
	.run = dj_run,
};
