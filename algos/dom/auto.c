/* auto: immediate dominators by the cheapest safe path for the graph's size and shape. Up to
 * DOM_AUTO_SMALL_N = 64 blocks, a tree-shaped graph's idoms read off its predecessors, else
 * iter's dataflow with each set one 64-bit word: in one pass in block order when the blocks are
 * numbered in a topological order (up to 8 edges per block), else after a DFS (up to 2 edges
 * per block). Above, a graph without joins
 * (blocks of 2+ predecessors) by one BFS; up to DOM_AUTO_MID_N = 3500 blocks (2 edges per
 * block, joins in 1/4 to 15/32 of the blocks), ibfs's BFS and NCA updates of the joins, the
 * second pass over the late ones only, under a budget (4 passes, 6 steps per predecessor read
 * plus 3n, 8m in all); otherwise, and when a budget runs out, Semi-NCA whose NCA walks earn 2
 * steps per vertex with at most 64 + n/16 in hand, finished by simple Lengauer-Tarjan's
 * relative-dominator half when they run dry.
 * Time O(m log n) on every input: the choice reads the offsets once, and each give-up wastes at
 * most a linear amount of work. Memory: snca's 7n words plus the DFS parents, and at most
 * 2 * 3500 predecessor words for the mid path: 8n words plus a constant. Preconditions as
 * snca. Measurements: algos/dom/README.md, results/auto/README.md, results/crossover/README.md.
 * Counters: phase one's compress steps, NCA steps taken, 1 if it fell back, the fallback's
 * compress steps, semidominators found at a dominator cut, the small path's passes (0: not
 * taken; DOM_AUTO_SMALL_PASSES: gave up), the mid path's passes (0: not taken), 1 if it gave up;
 * all 0 for a tree-shaped graph or one without joins.
 * Papers: Georgiadis, Tarjan, Werneck 2006, "Finding Dominators in Practice" (Semi-NCA, IBFS);
 * Lengauer, Tarjan 1979, "A Fast Algorithm for Finding Dominators in a Flowgraph", TOPLAS 1(1). */
#include "dom/dom_internal.h"
#include "dom/domtree.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The NCA budget (auto_nca): AUTO_NCA_PER_VERTEX steps earned per vertex, at most
 * AUTO_NCA_SLACK + n / AUTO_NCA_SLACK_DIV in hand. */
#define AUTO_NCA_SLACK 64u
#define AUTO_NCA_SLACK_DIV 16u
#define AUTO_NCA_PER_VERTEX 2u

/* Why the budgets. Semi-NCA is the fastest in practice, but its nearest-common-ancestor walks
 * are quadratic on sncaworst (k^2 steps) and ladder; LLVM's GenericDomTreeConstruction.h mentions
 * switching algorithms for such inputs, no production compiler does. Where Semi-NCA behaves, the
 * walk from parent(w) to semi(w) is short and the walks are spread over the vertices, so a
 * budget earned per vertex never runs dry on ordinary graphs and auto does exactly snca's work.
 * When it does, the waste is about the budget in hand (64 + n/16 dependent loads) plus the
 * fallback, which keeps phase one's DFS numbering, parents and semidominators; one pass files
 * the vertices in buckets by semidominator and the buckets are evaluated in decreasing order of
 * semidominator, the order LT empties them. Vertices whose semidominator is their DFS parent or
 * the root are not filed: their relative dominator is the semidominator itself (on ladder and
 * sncaworst that is every vertex, and the fallback costs two linear passes).
 *
 * Small functions: Semi-NCA's per-call work (numbering, cuts, two phases) dominates there, while
 * one-word sets cost little more than the DFS every algorithm needs; the word size is the
 * threshold because wider sets lost to Semi-NCA by instruction count, and dense graphs skip the
 * path because it spends a word operation per edge where Semi-NCA's scans stop at the entry's
 * cut. The passes after a DFS stop at 2 edges per block: denser graphs that are not numbered
 * in order are random-like (itworst; 15 real functions of the corpus's 13 000 up to 64
 * blocks), take 3 passes or more, and Semi-NCA was 1.25-3x faster there. Mid-size functions: ibfs's BFS and one pass over the joins, then a pass over the joins
 * with a predecessor numbered at or after them, cost less than Semi-NCA's two phases, on C's
 * shallow dominator trees and, since the walks for one join stop where an earlier walk for it
 * passed, on the deep ones of C++ and Rust too; on denser graphs (itworst, dense: more than 2
 * edges per block, where no real function of the corpus is) Semi-NCA's cuts win, so the path is
 * skipped. A backward third pass settles ibfsquad in 4 (ibfs needs k+1). Where ibfs is
 * quadratic (sncaworst, repeat-until, ladder, idfsquad: about n^2/4 steps in the first pass)
 * the steps outrun the per-read allowance after O(sqrt(n)) vertices and Semi-NCA answers. The
 * waste is then a BFS, at most 4 scans of the m predecessors and 8m + 2n steps: linear. The path
 * needs the predecessors in BFS numbers (m words, at most 2 * 3500); its stamps and lists borrow
 * Semi-NCA's scratch.
 *
 * Which mid-size graphs take the path, by their share of joins, counted before any search (a
 * give-up found during the sweeps is paid with the BFS and the predecessor lists, about as
 * much as Semi-NCA's whole work on those graphs, and auto stayed 2-3.5x slt's time there).
 * The families where the path gives up or loses (ladder, sncaworst, repeat-until: a join in
 * every other block; idfsquad 2/3, ibfsquad nearly all, random and irreducible 0.6-0.9) have
 * at least 0.49; no real function of 65-3500 blocks in the corpus has more than 0.45, so
 * 15/32 is the bound. Below a quarter (most Rust functions, long chains of calls with a few
 * cleanup joins) Semi-NCA beat the path: 1.17-1.27x over regex-syntax's functions of 65-3500
 * blocks with the path, 1.02-1.06x without it there. No joins at all (a chain,
 * a tree): every reached block's predecessor is its idom, and a BFS marks the reached ones.
 * The count costs one read of n + 1 offsets, a few percent of a DFS. */

/* The small path: graphs of at most AUTO_SMALL_N blocks (dom_internal.h). */
#define AUTO_SMALL_N DOM_AUTO_SMALL_N
#define AUTO_SMALL_PASSES DOM_AUTO_SMALL_PASSES
_Static_assert(AUTO_SMALL_N <= 64, "the small path keeps each dominator set in one word");

/* The mid path: graphs of AUTO_SMALL_N < n <= AUTO_MID_N blocks (dom_internal.h). */
#define AUTO_MID_N DOM_AUTO_MID_N
#define AUTO_MID_PASSES DOM_AUTO_MID_PASSES
#define AUTO_MID_STEPS_PER_EDGE DOM_AUTO_MID_STEPS_PER_EDGE
#define AUTO_MID_STEPS_PER_SCAN DOM_AUTO_MID_STEPS_PER_SCAN
#define AUTO_MID_SLACK_PER_VERTEX DOM_AUTO_MID_SLACK_PER_VERTEX
#define AUTO_MID_MAX_DENSITY DOM_AUTO_MID_MAX_DENSITY
#define AUTO_SMALL_MAX_DENSITY DOM_AUTO_SMALL_MAX_DENSITY
#define AUTO_SMALL_DFS_MAX_DENSITY DOM_AUTO_SMALL_DFS_MAX_DENSITY
#define AUTO_MID_MAX_M DOM_AUTO_MID_MAX_M
#define AUTO_MID_MIN_JOINS_PER_32 DOM_AUTO_MID_MIN_JOINS_PER_32
#define AUTO_MID_MAX_JOINS_PER_32 DOM_AUTO_MID_MAX_JOINS_PER_32

/* Iterative dataflow with each dominator set in one 64-bit word, for n <= 64: bit i stands
 * for the block at reverse-postorder position i. Dom(b) = {b} + AND of Dom(p) over b's
 * predecessors, in reverse postorder until a pass changes nothing; every word starts full
 * (the top of the lattice), so a predecessor not reached from the entry, or not yet visited,
 * constrains nothing. The idom is the strict dominator latest in reverse postorder, the
 * highest bit below b's own. Everything lives in fixed arrays on the C stack (2.3 KB), so
 * the path allocates and clears nothing of size n beyond n words. Returns SSA_EBUDGET,
 * having written nothing, when AUTO_SMALL_PASSES passes did not settle (irreducible loops
 * nested that deep), and the caller runs Semi-NCA instead: at most 4 (m + n) word
 * operations are wasted, so the path cannot make auto quadratic. */
static int auto_small(const struct cfg *g, uint32_t *idom, uint64_t *passes_out)
{
	const uint32_t n = g->n;
	const uint32_t *succ_off = g->succ_off, *succ = g->succ;
	const uint32_t *pred_off = g->pred_off, *pred = g->pred;
	uint32_t porder[AUTO_SMALL_N], stk[AUTO_SMALL_N], cur[AUTO_SMALL_N];
	uint64_t dom[AUTO_SMALL_N];

	/* Postorder by an iterative DFS in edge order; seen is the visited set. */
	uint64_t seen = 1;
	uint32_t np = 0, top = 0, b = 0, e = succ_off[0], end = succ_off[1];
	for (;;) {
		if (e < end) {
			uint32_t v = succ[e++];
			if (seen >> v & 1)
				continue;
			seen |= (uint64_t)1 << v;
			cur[top] = e;
			stk[top++] = b;
			b = v;
			e = succ_off[v];
			end = succ_off[v + 1];
		} else {
			porder[np++] = b;
			if (!top)
				break;
			b = stk[--top];
			e = cur[top];
			end = succ_off[b + 1];
		}
	}
	const uint32_t last = np - 1; /* the entry's postorder number */
	for (uint32_t x = 0; x < n; x++)
		dom[x] = ~(uint64_t)0;
	dom[0] = 1;
	/* Pass one, recording the reads of a word still full: a predecessor later in reverse
	 * postorder (a retreating edge) or unreached. Every other predecessor's word is final for
	 * this pass, so pass one is a fixed point iff each recorded edge p -> v constrains
	 * nothing: Dom(v) minus v within Dom(p). On reducible graphs it always holds (the loop
	 * header and its dominators dominate p), so one pass and a check of the back edges
	 * replace the usual confirming pass. */
	uint32_t late_v[AUTO_SMALL_N], late_p[AUTO_SMALL_N], late_i[AUTO_SMALL_N], nlate = 0;
	bool settled = true;
	for (uint32_t i = 1; i < np; i++) {
		uint32_t v = porder[last - i];
		uint64_t x = ~(uint64_t)0;
		for (uint32_t k = pred_off[v], kend = pred_off[v + 1]; k < kend; k++) {
			uint32_t p = pred[k];
			uint64_t d = dom[p];
			if (d == ~(uint64_t)0) {
				if (nlate < AUTO_SMALL_N) {
					late_v[nlate] = v;
					late_p[nlate] = p;
					late_i[nlate++] = i;
				} else {
					settled = false;
				}
			}
			x &= d;
		}
		dom[v] = x | (uint64_t)1 << i;
	}
	for (uint32_t k = 0; settled && k < nlate; k++)
		if (dom[late_v[k]] & ~((uint64_t)1 << late_i[k]) & ~dom[late_p[k]])
			settled = false;
	uint64_t passes = 1;
	for (int changed = !settled; changed;) {
		if (passes == AUTO_SMALL_PASSES) {
			*passes_out = passes;
			return SSA_EBUDGET;
		}
		passes++;
		changed = 0;
		for (uint32_t i = 1; i < np; i++) {
			uint32_t v = porder[last - i];
			uint64_t x = ~(uint64_t)0;
			for (uint32_t k = pred_off[v], kend = pred_off[v + 1]; k < kend; k++)
				x &= dom[pred[k]];
			x |= (uint64_t)1 << i;
			if (x != dom[v]) {
				dom[v] = x;
				changed = 1;
			}
		}
	}
	*passes_out = passes;
	memset(idom, 0xff, (size_t)n * sizeof *idom);
	for (uint32_t i = 1; i < np; i++) {
		uint32_t v = porder[last - i];
		uint64_t strict = dom[v] & ~((uint64_t)1 << i);
		idom[v] = porder[last - (63u - (uint32_t)__builtin_clzll(strict))];
	}
	return SSA_OK;
}

/* A tree-shaped function (of the functions of 2-4 blocks: 33-97% in the C++ and Rust corpora,
 * none in C): m = n - 1 and every block but the entry has exactly one
 * predecessor, numbered below it, so every block is reached and its only predecessor is its
 * immediate dominator. One read of the offsets settles it, where the bitset path's DFS and
 * pass cost 1.5x ibfs's BFS on such functions. Returns false, having written nothing, for
 * any other graph. */
static bool auto_tree_shaped(const struct cfg *g, uint32_t *idom)
{
	const uint32_t n = g->n;
	if ((uint64_t)g->m + 1 != n)
		return false;
	const uint32_t *pred_off = g->pred_off, *pred = g->pred;
	/* pred_off[v] = v - 1 for v = 1 .. n: the entry has none and every other block one */
	for (uint32_t v = 1; v < n; v++)
		if (pred_off[v] != v - 1 || pred[v - 1] >= v)
			return false;
	idom[0] = SSA_NONE;
	for (uint32_t v = 1; v < n; v++)
		idom[v] = pred[v - 1];
	return true;
}

/* Blocks numbered in a topological order (every predecessor numbered below its block, none
 * into the entry, every other block entered: so all are reached and the graph is acyclic, as
 * most C functions without loops are laid out): the small path's dataflow with bit i standing
 * for block i needs no DFS and one pass, since every predecessor's set is final when read,
 * and a dominator is numbered below every block it dominates, so the idom is the highest bit
 * below the block's own. Returns false at the first edge that breaks the order (at most one
 * pass wasted), having written some of idom[], which every other path rewrites in full. */
static bool auto_small_forward(const struct cfg *g, uint32_t *idom)
{
	const uint32_t n = g->n;
	const uint32_t *pred_off = g->pred_off, *pred = g->pred;
	uint64_t dom[AUTO_SMALL_N];
	if (pred_off[1] != 0)
		return false;
	dom[0] = 1;
	for (uint32_t v = 1; v < n; v++) {
		uint32_t k = pred_off[v], kend = pred_off[v + 1];
		if (k == kend)
			return false;
		uint64_t x = ~(uint64_t)0;
		for (; k < kend; k++) {
			uint32_t p = pred[k];
			if (p >= v)
				return false;
			x &= dom[p];
		}
		/* x holds bit 0 (the entry dominates every predecessor) and no bit >= v */
		idom[v] = 63u - (uint32_t)__builtin_clzll(x);
		dom[v] = x | (uint64_t)1 << v;
	}
	idom[0] = SSA_NONE;
	return true;
}

/* eval for the fallback: labels are vertices compared by semi[], the forest is implicit as in
 * snca (vertices numbered <= lim are roots). Returns the vertex of smallest semidominator on
 * the path from v up to, not including, its root. */
static inline uint32_t auto_eval(struct snca_rec *rec, const uint32_t *semi, uint32_t *stk,
				 uint32_t v, uint32_t lim, uint64_t *steps)
{
	uint32_t a = rec[v].anc;
	if (a <= lim)
		return rec[v].lab;
	uint32_t top = 0, x = v;
	do {
		stk[top++] = x;
		x = rec[x].anc;
	} while (rec[x].anc > lim);
	*steps += top;
	while (top) {
		uint32_t y = stk[--top];
		uint32_t ay = rec[y].anc;
		if (semi[rec[ay].lab] < semi[rec[y].lab])
			rec[y].lab = rec[ay].lab;
		rec[y].anc = rec[ay].anc;
	}
	return rec[v].lab;
}

/* The second half of simple LT given semi[] and parent[]; leaves the idoms in semi[]. */
static void auto_fallback(struct snca_work *w, uint64_t *steps)
{
	const uint32_t nr = w->nreach;
	struct snca_rec *rec = w->rec;
	uint32_t *semi = w->semi, *parent = w->parent, *stk = w->stk;
	uint32_t *head = w->idom; /* n + 1 words, free now: first vertex of each bucket */
	uint32_t *next = w->pre;  /* n words, free since phase one: the rest of the bucket */

	/* One pass resets the link forest to the DFS tree (phase one compressed it) and files
	 * vertices in the bucket of their semidominator -- except where the relative dominator
	 * is known without an eval: the semidominator itself when it is the DFS parent (the
	 * path to evaluate is the vertex alone) or the root (which is then the immediate
	 * dominator). parent[x] becomes x's relative dominator. */
	memset(head, 0xff, (size_t)nr * sizeof *head);
	for (uint32_t x = nr - 1; x >= 1; x--) {
		uint32_t s = semi[x], p = parent[x];
		rec[x].anc = p;
		rec[x].lab = x;
		if (s == p || s == 0) {
			parent[x] = s;
			continue;
		}
		next[x] = head[s];
		head[s] = x;
	}
	uint64_t cs = 0;
	/* LT empties bucket(t) right after linking t's children, i.e. with every vertex above t
	 * in the forest: limit t. Decreasing t keeps the implicit forest valid. */
	for (uint32_t t = nr - 1; t-- > 1;) {
		for (uint32_t v = head[t]; v != SSA_NONE; v = next[v]) {
			uint32_t u = auto_eval(rec, semi, stk, v, t, &cs);
			parent[v] = semi[u] < semi[v] ? u : t; /* relative dominator */
		}
	}

	/* Relative to immediate dominators, in increasing order; semi[] becomes idom[]. */
	for (uint32_t x = 1; x < nr; x++) {
		uint32_t r = parent[x];
		semi[x] = r == semi[x] ? r : semi[r];
	}
	*steps += cs;
}

/* auto's scratch: Semi-NCA's arrays (with the DFS parents for the fallback) and the mid
 * path's predecessor list. The mid path borrows pre, order, semi and idom for the BFS numbers,
 * the BFS order, the tentative tree and the predecessor offsets, rec[].lab for its stamps, stk
 * and parent for its lists of joins and late joins; snca_semi rewrites all of them before
 * reading, so a give-up leaves nothing behind. */
struct auto_work {
	struct snca_work snca;
	uint32_t mid_cap_m; /* predecessor words for the mid path; 0: the path never runs */
	uint32_t *plist;
	/* The last run's numbering for auto_tree: the immediate dominators by number (snca's
	 * order[] gives the blocks), or NULL after the small path, which keeps none. */
	const uint32_t *didom;
};

/* The mid path's predecessor words for a scratch of up to (n, m): only graphs above the
 * small path's size can take it, and only with at most AUTO_MID_MAX_M edges, so this is
 * bounded by a constant however large the graph. */
static uint64_t auto_mid_words(uint64_t n, uint64_t m)
{
	if (n <= AUTO_SMALL_N)
		return 0;
	return m < AUTO_MID_MAX_M ? m : AUTO_MID_MAX_M;
}

static uint64_t auto_scratch_bytes(uint64_t n, uint64_t m)
{
	uint64_t words = auto_mid_words(n, m);
	uint64_t mid = words ? ssa_array_bytes(words, sizeof(uint32_t)) : 0;
	return ssa_sat_add(ssa_sat_add(snca_work_bytes(n, 1), mid),
			   ssa_alloc_size(sizeof(struct auto_work)));
}

static void auto_scratch_free(void *scratch)
{
	struct auto_work *w = scratch;
	if (!w)
		return;
	snca_work_free(&w->snca);
	free(w->plist);
	free(w);
}

static int auto_scratch_alloc(void **scratch, uint32_t n, uint32_t m)
{
	struct auto_work *w = calloc(1, sizeof *w);
	if (!w)
		return SSA_ENOMEM;
	/* keep the DFS parents for the LT fallback */
	if (snca_work_alloc(&w->snca, n, 1) != SSA_OK) {
		free(w);
		return SSA_ENOMEM;
	}
	uint32_t words = (uint32_t)auto_mid_words(n, m);
	if (words) {
		w->plist = ssa_alloc_array(words, sizeof(uint32_t));
		if (!w->plist) {
			auto_scratch_free(w);
			return SSA_ENOMEM;
		}
		w->mid_cap_m = words;
	}
	*scratch = w;
	return SSA_OK;
}

/* The NCA in doms[] of the predecessors plist[e..end) of one vertex (at least one), adding the
 * steps taken to *st. Two predecessors: ibfs's two-finger walk. More: the walks stop at a
 * vertex already climbed for this vertex (stamped tag in mark[]): every stamped vertex lies
 * on a path from a predecessor read so far up to their NCA nd, so a walk that reaches one
 * leaves nd as it is (stamps in mark[].lab). The steps are then the size of the union of the paths, not the sum of
 * their lengths: a shared cleanup block reached from every call of a long chain (C++, Rust)
 * costs the chain once, not once per call. */
static inline uint32_t auto_mid_nca(const uint32_t *doms, const uint32_t *plist, uint32_t e,
				    uint32_t end, struct snca_rec *mark, uint32_t tag,
				    uint64_t *st)
{
	uint32_t nd = plist[e++];
	uint64_t s = 0;
	if (end - e <= 1) {
		for (; e < end; e++) {
			uint32_t f1 = plist[e], f2 = nd;
			while (f1 != f2) {
				while (f1 > f2) {
					f1 = doms[f1];
					s++;
				}
				while (f2 > f1) {
					f2 = doms[f2];
					s++;
				}
			}
			nd = f1;
		}
		*st += s;
		return nd;
	}
	mark[nd].lab = tag;
	for (; e < end; e++) {
		uint32_t f = plist[e];
		while (f > nd && mark[f].lab != tag) {
			mark[f].lab = tag;
			f = doms[f];
			s++;
		}
		if (f >= nd)
			continue; /* nd itself, or a stamped vertex below it */
		/* f is above nd: both climb to their NCA, stamping the way. */
		while (f != nd) {
			while (nd > f) {
				nd = doms[nd];
				mark[nd].lab = tag;
				s++;
			}
			while (f > nd) {
				f = doms[f];
				mark[f].lab = tag;
				s++;
			}
		}
	}
	*st += s;
	return nd;
}

/* The mid path's passes: ibfs's NCA update (auto_mid_nca), over fewer vertices. Any order and
 * any subset of updates is valid for the iterative algorithm (each new d(v) is an ancestor of
 * v in the current tree, so tree parents keep smaller numbers and the two-finger walk stays
 * right); it is done once every vertex v satisfies d(v) = NCA of its predecessors.
 * - A vertex with one predecessor (most of them) has its BFS parent as d(v) from the start:
 *   pass one lists the others (joins[]) and only they are updated.
 * - The confirming pass. After a pass in increasing order, a vertex whose predecessors are all
 *   numbered below it satisfies its equation: their paths to the root hold only vertices
 *   updated before it and not since. So pass two updates only the joins with a predecessor
 *   numbered at or after them (late[], listed in pass one: loop headers and the joins the BFS
 *   reached early, 8-20% of the vertices of real functions); if none changes, the tree is
 *   final. Otherwise pass three runs over the joins in decreasing order (on ibfsquad a change
 *   travels against BFS order one vertex per forward pass, ibfs needs k+1 passes; a backward
 *   pass carries it through at once) and pass four in increasing order.
 * - Budget, checked after every vertex: more than AUTO_MID_PASSES passes that all changed
 *   something, more than AUTO_MID_STEPS_PER_SCAN steps per predecessor read so far plus a
 *   slack of AUTO_MID_SLACK_PER_VERTEX * n + 64 (the later passes are granted the
 *   allowance of a full pass's reads when they start), or more than AUTO_MID_STEPS_PER_EDGE *
 *   m steps in all: SSA_EBUDGET, doms[] half-done. Steps beyond the per-read allowance stay
 *   below 2.6n on every real function and 1.7n on structured ones, while a quadratic first pass
 *   (ladder, sncaworst, repeat-until, idfsquad) runs past it after O(sqrt(n)) vertices, about
 *   3n steps in all instead of 8m. One vertex's update takes at most 2n steps, so the
 *   overshoot is linear.
 * mark[] (nr records, .lab used), joins[] and late[] (nr words each) are scratch. */
static int auto_mid_passes(uint32_t *doms, const uint32_t *poff, const uint32_t *plist,
			   uint32_t nr, uint64_t max_steps, struct snca_rec *mark, uint32_t *joins,
			   uint32_t *late, uint64_t *passes)
{
	/* The allowance before v's predecessors: the slack plus AUTO_MID_STEPS_PER_SCAN per
	 * predecessor read before v, a running sum (a multiply per read made the path 1.2-1.3x
	 * slower than ibfs on real functions that never come near the budget). */
	uint64_t allowed = (uint64_t)AUTO_MID_SLACK_PER_VERTEX * nr + 64;
	uint64_t st = 0;
	uint32_t nj = 0, nlate = 0, tag = 0;
	bool changed = false;
	for (uint32_t x = 0; x < nr; x++)
		mark[x].lab = 0;
	/* Pass one, in increasing order, listing the joins and the late ones. */
	for (uint32_t v = 1; v < nr; v++) {
		uint32_t e = poff[v], end = poff[v + 1];
		allowed += (uint64_t)AUTO_MID_STEPS_PER_SCAN * (end - e);
		if (end - e == 1)
			continue; /* its BFS parent */
		bool is_late = false;
		for (uint32_t k = e; k < end; k++)
			is_late |= plist[k] >= v;
		joins[nj++] = v;
		late[nlate] = v;
		nlate += is_late;
		uint32_t nd = auto_mid_nca(doms, plist, e, end, mark, ++tag, &st);
		if (st > allowed || st > max_steps) {
			*passes = 1;
			return SSA_EBUDGET;
		}
		if (doms[v] != nd) {
			doms[v] = nd;
			changed = true;
		}
	}
	/* Passes two (late[], increasing), three (joins[], decreasing), four (joins[],
	 * increasing); pass one changing nothing was already a fixed point. */
	const uint64_t full = (uint64_t)AUTO_MID_STEPS_PER_SCAN * poff[nr];
	uint64_t np = 1;
	for (; changed; np++) {
		if (np == AUTO_MID_PASSES) {
			*passes = np;
			return SSA_EBUDGET;
		}
		changed = false;
		allowed += full;
		const uint32_t *list = np == 1 ? late : joins;
		const uint32_t count = np == 1 ? nlate : nj;
		for (uint32_t i = 0; i < count; i++) {
			uint32_t v = list[np == 2 ? count - 1 - i : i];
			uint32_t nd = auto_mid_nca(doms, plist, poff[v], poff[v + 1], mark, ++tag, &st);
			if (st > allowed || st > max_steps) {
				*passes = np + 1;
				return SSA_EBUDGET;
			}
			if (doms[v] != nd) {
				doms[v] = nd;
				changed = true;
			}
		}
	}
	*passes = np;
	return SSA_OK;
}

/* The number of joins (blocks of two or more predecessors), from one read of the offsets; with
 * first_only, 1 at the first join found (graphs the mid path cannot take only ask whether
 * there is one). */
static uint32_t auto_joins(const struct cfg *g, bool first_only)
{
	const uint32_t *pred_off = g->pred_off;
	const uint32_t n = g->n;
	if (first_only) {
		for (uint32_t v = 0; v < n; v++)
			if (pred_off[v + 1] - pred_off[v] >= 2)
				return 1;
		return 0;
	}
	uint32_t joins = 0;
	for (uint32_t v = 0; v < n; v++)
		joins += pred_off[v + 1] - pred_off[v] >= 2;
	return joins;
}

/* A graph without joins (every block has at most one predecessor; m <= n): a reached block's
 * one predecessor is its immediate dominator, so a BFS from the entry, which marks the blocks
 * reached, is all the work (ibfs's BFS without its predecessor lists and passes). idom[]
 * doubles as the visited set: a block other than the entry is reached once, from its one
 * predecessor. Leaves the BFS numbering for auto_tree (order[], and semi[] as the parents). */
static void auto_forest(struct snca_work *w, const struct cfg *g, uint32_t *idom)
{
	const uint32_t *succ_off = g->succ_off, *succ = g->succ;
	uint32_t *order = w->order, *parent = w->semi;
	memset(idom, 0xff, (size_t)g->n * sizeof *idom);
	uint32_t nr = 1;
	order[0] = 0;
	parent[0] = 0;
	for (uint32_t h = 0; h < nr; h++) {
		uint32_t b = order[h];
		for (uint32_t e = succ_off[b], end = succ_off[b + 1]; e < end; e++) {
			uint32_t v = succ[e];
			if (v == 0 || idom[v] != SSA_NONE)
				continue;
			idom[v] = b;
			parent[nr] = h;
			order[nr++] = v;
		}
	}
	w->nreach = nr;
}

/* The mid path: ibfs's BFS, then auto_mid_passes. Returns SSA_EBUDGET, having written
 * nothing into idom, when the budget ran out; at most a BFS, AUTO_MID_PASSES scans of the m
 * predecessors and AUTO_MID_STEPS_PER_EDGE * m + 2n steps are then wasted, O(m + n). Kept out
 * of auto_run: inlined there, the path ran 1.2x slower on switch at 1000-2001 blocks once the
 * join count and the BFS for join-free graphs were added (code layout; `bench --family=switch
 * --blocks=2001 --algo=dfs,slt,snca,auto --baseline=auto`), and the call costs nothing beside
 * a BFS. */
__attribute__((noinline)) static int auto_mid(struct auto_work *w, const struct cfg *g, uint32_t *idom, uint64_t *passes)
{
	struct snca_work *s = &w->snca;
	uint32_t *num = s->pre, *order = s->order, *doms = s->semi, *poff = s->idom;
	uint32_t nr = dom_bfs_preds(g, num, order, doms, poff, w->plist);
	int rc = auto_mid_passes(doms, poff, w->plist, nr, (uint64_t)AUTO_MID_STEPS_PER_EDGE * g->m,
				 s->rec, s->stk, s->parent, passes);
	if (rc != SSA_OK)
		return rc;
	dom_emit(idom, g->n, 0, nr, order, doms);
	s->nreach = nr; /* for auto_tree: BFS numbers, in which idoms come first too */
	w->didom = doms;
	return SSA_OK;
}

/* Semi-NCA's second phase under a budget that is earned as vertices are done: a credit of
 * AUTO_NCA_PER_VERTEX steps per vertex, never more than C = AUTO_NCA_SLACK + n /
 * AUTO_NCA_SLACK_DIV in hand. Ordinary graphs walk less than one step per vertex in all
 * (0.06-0.44 per edge at 10^6 blocks, README), and no single walk is longer than the tree is
 * deep; on the quadratic families (ladder, sncaworst, idfsquad) every walk after some point
 * is long, so they run dry about C steps later, where a flat budget of m wasted m dependent
 * loads (the cap keeps the credit earned on ladder's cheap first half from paying for it). A
 * give-up on a graph that would have finished costs little: the LT fallback does the work of
 * the second half of slt. Returns SSA_EBUDGET, idom[] half-done. */
static int auto_nca(struct snca_work *w, uint64_t *steps)
{
	uint32_t *idom = w->idom;
	const uint32_t *semi = w->semi;
	const uint32_t nr = w->nreach;
	const uint64_t cap = AUTO_NCA_SLACK + nr / AUTO_NCA_SLACK_DIV;
	/* The credit is brought up to date only at a walk: min(cap, left + 2k) after k vertices
	 * is what adding 2 and capping k times gives, and most vertices walk no step. */
	uint64_t left = cap, taken = 0;
	uint32_t at = 0; /* the vertex left was last brought up to */
	for (uint32_t x = 1; x < nr; x++) {
		uint32_t d = idom[x], s = semi[x];
		if (d > s) {
			uint64_t earned = (uint64_t)AUTO_NCA_PER_VERTEX * (x - at);
			left = left + earned < cap ? left + earned : cap;
			at = x;
			do {
				d = idom[d];
				taken++;
				if (!--left) {
					*steps = taken;
					return SSA_EBUDGET;
				}
			} while (d > s);
		}
		idom[x] = d;
	}
	*steps = taken;
	return SSA_OK;
}

static int auto_run(void *scratch, const struct cfg *g, uint32_t *idom, uint64_t *counters)
{
	struct auto_work *aw = scratch;
	struct snca_work *w = &aw->snca;
	if (g->n > w->cap)
		return SSA_EUSAGE;
	memset(counters, 0, DOM_MAX_COUNTERS * sizeof *counters);
	aw->didom = NULL;
	if (g->n <= AUTO_SMALL_N) {
		if (auto_tree_shaped(g, idom))
			return SSA_OK; /* every counter 0: no pass of any kind */
		if (g->m <= (uint64_t)AUTO_SMALL_MAX_DENSITY * g->n) {
			if (auto_small_forward(g, idom)) {
				counters[5] = 1;
				return SSA_OK;
			}
			if (g->m <= (uint64_t)AUTO_SMALL_DFS_MAX_DENSITY * g->n &&
			    auto_small(g, idom, &counters[5]) == SSA_OK)
				return SSA_OK;
		}
	} else {
		const bool mid = g->n <= AUTO_MID_N && g->m <= aw->mid_cap_m &&
				 g->m <= (uint64_t)AUTO_MID_MAX_DENSITY * g->n;
		const uint64_t joins = auto_joins(g, !mid);
		if (!joins) {
			auto_forest(w, g, idom);
			aw->didom = w->semi;
			return SSA_OK; /* every counter 0, as for a tree-shaped small graph */
		}
		if (mid && joins * 32 >= (uint64_t)AUTO_MID_MIN_JOINS_PER_32 * g->n &&
		    joins * 32 < (uint64_t)AUTO_MID_MAX_JOINS_PER_32 * g->n) {
			if (auto_mid(aw, g, idom, &counters[6]) == SSA_OK)
				return SSA_OK;
			counters[7] = 1;
		}
	}
	snca_semi(w, g, &counters[0], &counters[4]);
	if (auto_nca(w, &counters[1]) == SSA_OK) {
		dom_emit(idom, g->n, 0, w->nreach, w->order, w->idom);
		aw->didom = w->idom;
		return SSA_OK;
	}
	counters[2] = 1;
	auto_fallback(w, &counters[3]);
	dom_emit(idom, g->n, 0, w->nreach, w->order, w->semi);
	aw->didom = w->semi;
	return SSA_OK;
}

/* The tree from the last run's numbering (dom_algo.tree): depth-first from Semi-NCA or its
 * fallback, breadth-first from the mid path; an immediate dominator is an ancestor in either
 * search tree, so it has the smaller number. stk is free after every path. */
static int auto_tree(void *scratch, const struct cfg *g, struct domtree *t)
{
	struct auto_work *w = scratch;
	(void)g;
	if (!w->didom)
		return SSA_EUSAGE;
	return domtree_compute_numbered(t, w->snca.order, w->didom, w->snca.nreach, w->snca.stk);
}

const struct dom_algo dom_auto_algo = {
	.head = {
		.name = "auto",
		.summary = "<= 64 blocks: tree read-off or one-word bitset dataflow; no joins: one "
			   "BFS; <= 3500, sparse, joins in 1/4-15/32 of the blocks: ibfs's passes "
			   "over the joins under a step budget; else (or over budget) Semi-NCA with "
			   "an NCA step budget, falling back to simple LT",
		.citation = "Georgiadis, Tarjan, Werneck 2006 (Semi-NCA) + Lengauer, Tarjan 1979 (fallback)",
		.complexity = "O(m log n) time; 8n + min(m, 7000) words",
		.counter_names = {"compress_steps", "nca_steps", "fell_back", "fallback_compress_steps",
				  "semi_at_cut", "small_passes", "mid_passes", "mid_fell_back"},
	},
	.scratch_bytes = auto_scratch_bytes,
	.scratch_alloc = auto_scratch_alloc,
	.scratch_free = auto_scratch_free,
	.run = auto_run,
	.tree = auto_tree,
};
