/* The compiler transformations of the stream generators, one step each (stream_internal.h):
 * the CFG each produces is the one LLVM's utility produces, and the updates are recorded in the
 * order LLVM hands them to its DomTreeUpdater, with a batch mark (sg_flush) where it calls
 * applyUpdates:
 *   SplitCriticalEdge (BreakCriticalEdges.cpp): Insert u->s, Insert s->v, Delete u->v;
 *   MergeBlockIntoPredecessor (BasicBlockUtils.cpp): the predecessor's new edges first
 *     ("inserts before deletes ... to reduce compile time"), then the block's old out-edges,
 *     then the edge into the block;
 *   SplitBlock with a DomTreeUpdater: Insert Old->New, then per successor Insert New->s,
 *     Delete Old->s;
 *   JumpThreading's ThreadEdge: Insert New->Succ, Insert Pred->New, Delete Pred->BB;
 *   rotateLoop (LoopRotationUtils.cpp): Insert PH->Exit, Insert PH->NewHeader, Delete PH->H;
 *     then SplitCriticalEdge of the new preheader edge and of the critical loop-exit edges
 *     into Exit, then MergeBlockIntoPredecessor of the old header into the latch;
 *   DeleteDeadBlocks: one Delete per out-edge of every dead block, one batch.
 * Peeling, unrolling and inlining have no such list in LLVM (peelLoop and UnrollLoop edit the
 * tree by hand with addNewBlock and changeImmediateDominator; the inliner leaves the tree to be
 * recomputed): here they send what an updater would need, new blocks and their edges first
 * (all unreachable, so free to tell), then the edge that makes them reachable, then the edge it
 * replaces, so nothing reachable is ever cut off in between.
 * Where LLVM names a CFG edge once and the graph has parallel copies (a switch with two cases
 * to one block), the stream names each copy: the dynamic-dominator stage works on multisets.
 *
 * Time: each step is linear in the degrees of the blocks it touches, plus the loop's size for
 * peel and unroll (times k) and, for a region deletion, one reachability search O(n + m). */
#include "gen/stream_internal.h"
#include "util/status.h"

#include <stdlib.h>

bool sgx_is_critical(const struct sg *g, uint32_t e)
{
	return !g->dead[e] && sg_outdeg(g, g->src[e]) > 1 && sg_indeg(g, g->dst[e]) > 1;
}

uint32_t sgx_split_edge(struct sg *g, struct sg_loops *L, uint32_t e)
{
	if (g->err || e >= g->ne || g->dead[e])
		return SSA_NONE;
	uint32_t u = g->src[e], v = g->dst[e];
	uint32_t s = sg_add_block(g);
	if (s == SSA_NONE)
		return SSA_NONE;
	sg_insert(g, u, s);
	sg_insert(g, s, v);
	sg_delete(g, e);
	sg_flush(g);
	if (L)
		sg_loop_assign(g, L, s, sg_loop_common(L, u, v));
	return g->err ? SSA_NONE : s;
}

/* b's out-edge ids into g->tmp, grouped by target in the order each target first appears
 * (LLVM walks a block's unique successors); returns how many. Uses stamp/aux. */
static uint32_t out_grouped(struct sg *g, uint32_t b)
{
	uint32_t d = sg_outdeg(g, b);
	uint32_t *t = sg_tmp(g, 2 * (size_t)d + 1);
	if (!t)
		return 0;
	/* aux[target] = number of copies, then the next free slot of its group. */
	sg_new_stamp(g);
	uint32_t ngroups = 0;
	for (uint32_t i = 0; i < d; i++) {
		uint32_t v = g->dst[sg_out(g, b, i)];
		if (g->stamp[v] != g->stamp_cur) {
			g->stamp[v] = g->stamp_cur;
			g->aux[v] = 0;
			t[d + ngroups++] = v; /* targets in first-appearance order */
		}
		g->aux[v]++;
	}
	uint32_t at = 0;
	for (uint32_t k = 0; k < ngroups; k++) {
		uint32_t v = t[d + k], c = g->aux[v];
		g->aux[v] = at;
		at += c;
	}
	for (uint32_t i = 0; i < d; i++) {
		uint32_t e = sg_out(g, b, i);
		t[g->aux[g->dst[e]]++] = e;
	}
	return d;
}

bool sgx_merge(struct sg *g, struct sg_loops *L, uint32_t b)
{
	if (g->err || b == 0 || b >= g->n || sg_indeg(g, b) == 0)
		return false;
	uint32_t p = g->src[sg_in(g, b, 0)];
	if (p == b)
		return false;
	for (uint32_t i = 1; i < sg_indeg(g, b); i++)
		if (g->src[sg_in(g, b, i)] != p)
			return false;
	for (uint32_t i = 0; i < sg_outdeg(g, p); i++)
		if (g->dst[sg_out(g, p, i)] != b)
			return false;
	/* p's single successor is b and b's single predecessor p: p takes b's terminator. */
	uint32_t d = out_grouped(g, b), c = sg_outdeg(g, p);
	uint32_t *t = sg_tmp(g, (size_t)d + c);
	if (!t)
		return false;
	for (uint32_t i = 0; i < c; i++)
		t[d + i] = sg_out(g, p, i); /* every one of them goes to b */
	for (uint32_t i = 0; i < d; i++)
		sg_insert(g, p, g->dst[t[i]]);
	for (uint32_t i = 0; i < d; i++)
		sg_delete(g, t[i]);
	for (uint32_t i = 0; i < c; i++)
		sg_delete(g, t[d + i]);
	sg_flush(g);
	if (L)
		sg_loop_assign(g, L, b, SSA_NONE);
	return !g->err;
}

uint32_t sgx_split_block(struct sg *g, struct sg_loops *L, uint32_t b)
{
	if (g->err || b >= g->n)
		return SSA_NONE;
	uint32_t d = out_grouped(g, b);
	uint32_t b2 = sg_add_block(g);
	if (b2 == SSA_NONE)
		return SSA_NONE;
	sg_insert(g, b, b2);
	/* g->tmp still holds b's old out-edges (sg_add_block and sg_insert do not touch it). */
	for (uint32_t i = 0; i < d && !g->err; i++) {
		uint32_t e = g->tmp[i];
		sg_insert(g, b2, g->dst[e]);
		sg_delete(g, e);
	}
	sg_flush(g);
	if (L)
		sg_loop_assign(g, L, b2, sg_loop_of(L, b));
	return g->err ? SSA_NONE : b2;
}

/* Distinct predecessors (dir 0) or successors (dir 1) of b, counted up to 2. */
static uint32_t distinct2(struct sg *g, uint32_t b, int succ)
{
	uint32_t d = succ ? sg_outdeg(g, b) : sg_indeg(g, b);
	uint32_t first = SSA_NONE;
	for (uint32_t i = 0; i < d; i++) {
		uint32_t x = succ ? g->dst[sg_out(g, b, i)] : g->src[sg_in(g, b, i)];
		if (first == SSA_NONE)
			first = x;
		else if (x != first)
			return 2;
	}
	return first == SSA_NONE ? 0 : 1;
}

bool sgx_thread(struct sg *g, const struct sg_loops *L, uint32_t p, uint32_t bb, uint32_t s)
{
	if (g->err || bb == 0 || bb >= g->n || p == bb || s == bb)
		return false;
	if (L && (sg_is_header(L, bb) || sg_is_header(L, s)))
		return false;
	if (distinct2(g, bb, 0) < 2 || distinct2(g, bb, 1) < 2)
		return false;
	if (sg_find(g, p, bb) == SSA_NONE || sg_find(g, bb, s) == SSA_NONE)
		return false;
	uint32_t c = 0, *t = sg_tmp(g, sg_outdeg(g, p));
	if (!t)
		return false;
	for (uint32_t i = 0; i < sg_outdeg(g, p); i++)
		if (g->dst[sg_out(g, p, i)] == bb)
			t[c++] = sg_out(g, p, i);
	uint32_t nb = sg_add_block(g);
	if (nb == SSA_NONE)
		return false;
	sg_insert(g, nb, s);
	for (uint32_t i = 0; i < c; i++)
		sg_insert(g, p, nb);
	for (uint32_t i = 0; i < c; i++)
		sg_delete(g, g->tmp[i]);
	sg_flush(g);
	return !g->err;
}

/* The loop's preheader (the one block outside l with an edge to the header, whose only
 * out-edge that is: LLVM's getLoopPreheader) and latch (the one block inside l with edges to
 * the header, in any number: getLoopLatch). SSA_NONE for either when there is no such block. */
static void loop_ends(const struct sg *g, const struct sg_loops *L, uint32_t l, uint32_t *ph,
		      uint32_t *latch)
{
	uint32_t h = L->header[l], p = SSA_NONE, t = SSA_NONE;
	bool one_p = true, one_t = true;
	for (uint32_t i = 0; i < sg_indeg(g, h); i++) {
		uint32_t x = g->src[sg_in(g, h, i)];
		if (sg_loop_contains(L, l, x)) {
			one_t &= t == SSA_NONE || t == x;
			t = x;
		} else {
			one_p &= p == SSA_NONE || p == x;
			p = x;
		}
	}
	*ph = p != SSA_NONE && one_p && sg_outdeg(g, p) == 1 ? p : SSA_NONE;
	*latch = one_t ? t : SSA_NONE;
}

bool sgx_rotate(struct sg *g, struct sg_loops *L, uint32_t l)
{
	if (g->err || l >= L->nloops || L->entries[l] != 1)
		return false;
	uint32_t h = L->header[l];
	if (h == 0 || !sg_loop_contains(L, l, h) || sg_outdeg(g, h) != 2)
		return false;
	uint32_t a = g->dst[sg_out(g, h, 0)], b = g->dst[sg_out(g, h, 1)];
	bool ina = sg_loop_contains(L, l, a), inb = sg_loop_contains(L, l, b);
	if (ina == inb)
		return false; /* the header must exit the loop, with one edge in and one out */
	uint32_t nh = ina ? a : b, exit = ina ? b : a;
	uint32_t ph, latch;
	loop_ends(g, L, l, &ph, &latch);
	if (ph == SSA_NONE || latch == SSA_NONE || latch == h || nh == h)
		return false;
	for (uint32_t i = 0; i < sg_outdeg(g, latch); i++)
		if (!sg_loop_contains(L, l, g->dst[sg_out(g, latch, i)]))
			return false; /* an exiting latch: the loop is rotated already */
	/* The header's test is copied into the preheader. */
	uint32_t e_ph_h = sg_out(g, ph, 0);
	sg_insert(g, ph, exit);
	uint32_t e_ph_nh = sg_insert(g, ph, nh);
	sg_delete(g, e_ph_h);
	sg_flush(g);
	/* A real preheader again: ph now branches, nh has two predecessors. */
	sgx_split_edge(g, L, e_ph_nh);
	/* Dedicated exits: every critical edge into exit from a block whose loop does not hold
	 * exit (the rotated loop's exiting blocks, its inner loops' blocks, maybe ph). */
	uint32_t k = sg_indeg(g, exit), *t = sg_tmp(g, k);
	if (!t)
		return false;
	for (uint32_t i = 0; i < k; i++)
		t[i] = sg_in(g, exit, i);
	for (uint32_t i = 0; i < k && !g->err; i++) {
		uint32_t e = g->tmp[i], pl = sg_loop_of(L, g->src[e]);
		if (pl == SSA_NONE || sg_loop_contains(L, pl, exit) || !sgx_is_critical(g, e))
			continue;
		sgx_split_edge(g, L, e);
	}
	/* The old header now hangs off the latch alone: merged into it when the latch ends in an
	 * unconditional branch to it. */
	sgx_merge(g, L, h);
	if (!g->err)
		L->header[l] = nh;
	return !g->err;
}

/* Innermost loop l with one entry (its header, not the function's entry) and a unique latch;
 * its blocks are L's members of l. */
static bool clonable(const struct sg *g, const struct sg_loops *L, uint32_t l, uint32_t *ph,
		     uint32_t *latch)
{
	if (l >= L->nloops || L->last[l] != l || L->entries[l] != 1 || L->header[l] == 0)
		return false;
	loop_ends(g, L, l, ph, latch);
	return *latch != SSA_NONE;
}

/* New copies of l's blocks (ids base .. base + count - 1, in member order), each member's
 * copy number in aux under a fresh stamp, joined to loop into. Returns base. */
static uint32_t clone_blocks(struct sg *g, struct sg_loops *L, uint32_t l, uint32_t into)
{
	uint32_t lo = L->moff[l], hi = L->moff[l + 1], base = g->n;
	sg_new_stamp(g);
	for (uint32_t i = lo; i < hi; i++) {
		uint32_t x = L->members[i];
		g->stamp[x] = g->stamp_cur;
		g->aux[x] = base + (i - lo);
		uint32_t c = sg_add_block(g);
		sg_loop_assign(g, L, c, into);
	}
	return base;
}

/* The copies' edges: in-loop targets to their copies, edges to the header to back_to, exits
 * unchanged. Call right after clone_blocks (the stamp marks the members). */
static void clone_edges(struct sg *g, const struct sg_loops *L, uint32_t l, uint32_t back_to)
{
	uint32_t h = L->header[l];
	for (uint32_t i = L->moff[l]; i < L->moff[l + 1] && !g->err; i++) {
		uint32_t x = L->members[i], cx = g->aux[x];
		for (uint32_t j = 0; j < sg_outdeg(g, x) && !g->err; j++) {
			uint32_t s = g->dst[sg_out(g, x, j)];
			uint32_t t = s == h ? back_to : g->stamp[s] == g->stamp_cur ? g->aux[s] : s;
			sg_insert(g, cx, t);
		}
	}
}

bool sgx_peel(struct sg *g, struct sg_loops *L, uint32_t l)
{
	uint32_t ph, latch;
	if (g->err || !clonable(g, L, l, &ph, &latch) || ph == SSA_NONE)
		return false;
	uint32_t h = L->header[l];
	/* peelLoop's anchors: ph -> top -> bot -> newph -> h, by three SplitBlocks. */
	uint32_t top = sgx_split_block(g, L, ph);
	uint32_t bot = top == SSA_NONE ? SSA_NONE : sgx_split_block(g, L, top);
	uint32_t nph = bot == SSA_NONE ? SSA_NONE : sgx_split_block(g, L, bot);
	if (nph == SSA_NONE)
		return false;
	clone_blocks(g, L, l, L->parent[l]);
	clone_edges(g, L, l, bot);
	uint32_t e_top_bot = sg_find(g, top, bot);
	sg_insert(g, top, g->aux[h]);
	sg_delete(g, e_top_bot);
	sg_flush(g);
	return !g->err;
}

bool sgx_unroll(struct sg *g, struct sg_loops *L, uint32_t l, uint32_t k)
{
	uint32_t ph, latch;
	if (g->err || k < 2 || !clonable(g, L, l, &ph, &latch))
		return false;
	uint32_t h = L->header[l], size = L->moff[l + 1] - L->moff[l], ih = 0, ilatch = 0;
	if ((uint64_t)g->n + (uint64_t)size * (k - 1) > CFG_MAX_BLOCKS)
		return false;
	for (uint32_t i = L->moff[l]; i < L->moff[l + 1]; i++) {
		if (L->members[i] == h)
			ih = i - L->moff[l];
		if (L->members[i] == latch)
			ilatch = i - L->moff[l];
	}
	/* Every copy is made from the untouched loop first (copies in order, ids consecutive),
	 * each latch copy jumping back to h; then iteration j's latch is pointed at copy j+1. */
	uint32_t base = g->n;
	for (uint32_t j = 1; j < k && !g->err; j++) {
		clone_blocks(g, L, l, l);
		clone_edges(g, L, l, h);
	}
	uint32_t prev = latch;
	for (uint32_t j = 1; j < k && !g->err; j++) {
		uint32_t first = base + (j - 1) * size;
		uint32_t c = 0, *t = sg_tmp(g, sg_outdeg(g, prev));
		if (!t)
			break;
		for (uint32_t i = 0; i < sg_outdeg(g, prev); i++)
			if (g->dst[sg_out(g, prev, i)] == h)
				t[c++] = sg_out(g, prev, i);
		for (uint32_t i = 0; i < c; i++)
			sg_insert(g, prev, first + ih);
		for (uint32_t i = 0; i < c; i++)
			sg_delete(g, g->tmp[i]);
		prev = first + ilatch;
	}
	sg_flush(g);
	return !g->err;
}

bool sgx_delete_region(struct sg *g, uint32_t e, uint32_t *dead)
{
	*dead = 0;
	if (g->err || e >= g->ne || g->dead[e])
		return false;
	uint32_t u = g->src[e], v = g->dst[e];
	if (v == 0 || u == v || sg_indeg(g, v) != 1 || sg_outdeg(g, u) < 2)
		return false;
	sg_delete(g, e); /* the branch folded to its other side */
	sg_flush(g);
	/* What the entry still reaches, marked with the stamp; an explicit stack in tmp. */
	uint32_t *stack = sg_tmp(g, g->n);
	if (!stack)
		return false;
	sg_new_stamp(g);
	uint32_t sp = 0;
	stack[sp++] = 0;
	g->stamp[0] = g->stamp_cur;
	while (sp > 0) {
		uint32_t x = stack[--sp];
		for (uint32_t i = 0; i < sg_outdeg(g, x); i++) {
			uint32_t y = g->dst[sg_out(g, x, i)];
			if (g->stamp[y] != g->stamp_cur) {
				g->stamp[y] = g->stamp_cur;
				stack[sp++] = y;
			}
		}
	}
	/* Every unreachable block with an edge is dead; their in-edges come only from each other,
	 * so deleting their out-edges removes every edge they touch. */
	for (uint32_t b = 0; b < g->n && !g->err; b++) {
		if (g->stamp[b] == g->stamp_cur || (sg_outdeg(g, b) == 0 && sg_indeg(g, b) == 0))
			continue;
		(*dead)++;
		while (sg_outdeg(g, b) > 0 && !g->err)
			sg_delete(g, sg_out(g, b, sg_outdeg(g, b) - 1));
	}
	sg_flush(g);
	return !g->err;
}

bool sgx_inline(struct sg *g, struct sg_loops *L, uint32_t b, const struct cfg *callee)
{
	if (g->err || b >= g->n || callee->n == 0)
		return false;
	if ((uint64_t)g->n + 1 + callee->n > CFG_MAX_BLOCKS)
		return false;
	uint32_t rest = sgx_split_block(g, L, b); /* the call splits its block */
	if (rest == SSA_NONE)
		return false;
	uint32_t base = g->n, into = L ? sg_loop_of(L, b) : SSA_NONE;
	for (uint32_t x = 0; x < callee->n && !g->err; x++) {
		uint32_t c = sg_add_block(g);
		sg_loop_assign(g, L, c, into);
	}
	for (uint32_t x = 0; x < callee->n && !g->err; x++) {
		for (uint32_t i = callee->succ_off[x]; i < callee->succ_off[x + 1]; i++)
			sg_insert(g, base + x, base + callee->succ[i]);
		if (callee->succ_off[x] == callee->succ_off[x + 1])
			sg_insert(g, base + x, rest); /* a return goes back to the caller */
	}
	uint32_t e = sg_find(g, b, rest);
	sg_insert(g, b, base);
	sg_delete(g, e);
	sg_flush(g);
	return !g->err;
}
