/* havlak: the loop nesting forest (loops.h) by Havlak's algorithm with Ramalingam's correction,
 * so deep nests of multi-entry loops stay near-linear.
 * Time O((n + m) α(n)): two union-find passes with union by rank and path halving, one DFS,
 * linear renumbering. Memory: 18n + 2m words and n bytes of scratch (plus the forest, 8n
 * words). Iterative throughout (explicit DFS stack, body worklist). No precondition beyond a
 * valid CFG.
 * Papers: P. Havlak, "Nesting of reducible and irreducible loops", TOPLAS 19(4), 1997;
 * G. Ramalingam, "Identifying loops in almost linear time", TOPLAS 21(2), 1999 (the
 * correction), and "On loops, dominators, and dominance frontiers", TOPLAS 24(5), 2002 (the
 * definition in loops.h). */
#include "loops/loops.h"
#include "loops/uf.h"

#include "util/mem.h"
#include "util/status.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* How it works, and the correction.
 *
 * Headers are processed in reverse DFS preorder, so every loop nested in L(w) is collapsed, by
 * union-find, into its header before w is processed. L(w) is collected backwards from the
 * sources of w's retreating edges: a set representative x in the body pulls in FIND(y) for
 * every edge y->z with z in x's set and y in desc(w). Havlak keeps an edge y->z whose y is not
 * in desc(w) on the list of w's set, to be looked at again by every enclosing header, which is
 * quadratic on deep nests of multi-entry loops. The correction used here: such an edge can only
 * ever matter to a header that is an ancestor of y, i.e. of c = LCA(y, z) in the DFS tree, so
 * it is parked at c (LCAs by Tarjan's offline algorithm during the DFS) and handed to FIND(z)'s
 * list when the sweep reaches c; from then on every header that scans it has y in its subtree,
 * so each non-retreating edge is scanned at most once. The loops of z the edge enters (those
 * with headers strictly below c) are then exactly the chain up to FIND(z), which gives z's
 * entry_top with one comparison. */

struct havlak {
	uint32_t n;
	uint32_t *pre, *last, *order;      /* DFS: preorder, largest preorder in subtree */
	uint32_t *stk_b, *stk_e;           /* DFS stack: block, next successor edge */
	uint32_t *uf, *label;              /* union-find: parent, the set's name */
	uint8_t *rank;
	uint32_t *park;     /* n: first parked edge at an LCA block, then the pending list head */
	uint32_t *pend;     /* n: head of the pending edge list of a set representative */
	uint32_t *next;     /* m: edge list links */
	uint32_t *src;      /* m: source of a parked edge (edges are successor-edge indices) */
	uint32_t *mark;     /* n: body membership stamp (header's preorder + 1) */
	uint32_t *body;     /* n: the representatives collected for the current header */
	uint32_t *etop;     /* n: outermost header block the block enters, SSA_NONE */
	uint32_t *hloop;    /* n: a header's loop, in processing order */
	uint32_t *tl_head, *tl_parent, *tl_size; /* per loop in processing order */
	uint32_t *inner;    /* n: a block's innermost loop, in processing order */
	uint32_t *pos;      /* per loop: its preorder number in the forest */
};

static uint64_t havlak_bytes(uint64_t n, uint64_t m)
{
	/* the struct; eighteen arrays of n words, rank; next and src */
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct havlak)),
				 ssa_bytes(18, ssa_array_bytes(n, sizeof(uint32_t))));
	b = ssa_sat_add(b, ssa_array_bytes(n, 1));
	return ssa_sat_add(b, ssa_bytes(2, ssa_array_bytes(m, sizeof(uint32_t))));
}

static void havlak_free(void *p)
{
	struct havlak *h = p;
	if (!h)
		return;
	ssa_free_all(h->pre, h->last, h->order, h->stk_b, h->stk_e, h->uf, h->label, h->rank,
		     h->park, h->pend, h->next, h->src, h->mark, h->body, h->etop, h->hloop,
		     h->tl_head, h->tl_parent, h->tl_size, h->inner, h->pos);
	free(h);
}

static int havlak_alloc(void **out, uint32_t n, uint32_t m)
{
	struct havlak *h = calloc(1, sizeof(*h));
	if (!h)
		return SSA_ENOMEM;
	h->n = n;
	uint32_t **w[] = {&h->pre, &h->last, &h->order, &h->stk_b, &h->stk_e, &h->uf, &h->label,
			  &h->park, &h->pend, &h->mark, &h->body, &h->etop, &h->hloop, &h->tl_head,
			  &h->tl_parent, &h->tl_size, &h->inner, &h->pos};
	bool ok = true;
	for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
		ok &= (*w[i] = ssa_alloc_array(n, sizeof(uint32_t))) != NULL;
	h->rank = ssa_alloc_array(n, 1);
	h->next = ssa_alloc_array(m, sizeof(uint32_t));
	h->src = ssa_alloc_array(m, sizeof(uint32_t));
	if (!ok || !h->rank || !h->next || !h->src) {
		havlak_free(h);
		return SSA_ENOMEM;
	}
	*out = h;
	return SSA_OK;
}

/* The union-find (uf.h), with finds counted for the report. */
static uint32_t uf_find(struct havlak *h, uint32_t x, uint64_t *finds)
{
	(*finds)++;
	return loops_uf_find(h->uf, x);
}

/* The name of x's set. */
static inline uint32_t uf_name(struct havlak *h, uint32_t x, uint64_t *finds)
{
	return h->label[uf_find(h, x, finds)];
}

static void uf_union(struct havlak *h, uint32_t a, uint32_t b, uint32_t name, uint64_t *finds)
{
	*finds += 2;
	loops_uf_union(h->uf, h->label, h->rank, a, b, name);
}

static void uf_reset(struct havlak *h, uint32_t n)
{
	loops_uf_reset(h->uf, h->label, h->rank, n);
}

/* The DFS (same numbering as cfg/traverse.h) and, for every edge y->x out of a reached block
 * that is not retreating, its LCA c: a gray x makes the edge retreating; a white x makes it a
 * tree edge (c = y); a black x is finished and linked to its parents, so the name of its set
 * is its deepest gray ancestor, the LCA (Tarjan's offline LCA). Edge e is parked at c. */
static uint32_t dfs_and_park(struct havlak *h, const struct cfg *g, uint64_t *finds)
{
	const uint32_t n = g->n;
	uint32_t *pre = h->pre, *last = h->last;
	for (uint32_t i = 0; i < n; i++) {
		pre[i] = last[i] = SSA_NONE;
		h->park[i] = SSA_NONE;
	}
	uf_reset(h, n);
	uint32_t cnt = 0, sp = 0;
	pre[0] = cnt;
	h->order[cnt++] = 0;
	h->stk_b[sp] = 0;
	h->stk_e[sp++] = g->succ_off[0];
	while (sp > 0) {
		uint32_t y = h->stk_b[sp - 1];
		if (h->stk_e[sp - 1] == g->succ_off[y + 1]) {
			last[y] = cnt - 1;
			sp--;
			if (sp > 0)
				uf_union(h, y, h->stk_b[sp - 1], h->stk_b[sp - 1], finds);
			continue;
		}
		uint32_t e = h->stk_e[sp - 1]++, x = g->succ[e], c;
		if (pre[x] == SSA_NONE) {
			c = y;
			pre[x] = cnt;
			h->order[cnt++] = x;
			h->stk_b[sp] = x;
			h->stk_e[sp++] = g->succ_off[x];
		} else if (last[x] == SSA_NONE) {
			continue; /* retreating: x is on the stack */
		} else {
			c = uf_name(h, x, finds);
		}
		h->src[e] = y;
		h->next[e] = h->park[c];
		h->park[c] = e;
	}
	return cnt;
}

static int havlak_run(void *scratch, const struct cfg *g, struct loop_forest *f,
		      uint64_t *counters)
{
	struct havlak *h = scratch;
	const uint32_t n = g->n;
	uint64_t finds = 0, parked = 0, scanned = 0;
	if (n > h->n || f->n < n)
		return SSA_EUSAGE;
	for (int i = 0; i < LOOPS_MAX_COUNTERS; i++)
		counters[i] = 0;

	const uint32_t nreach = dfs_and_park(h, g, &finds);
	const uint32_t *pre = h->pre, *last = h->last;
	uf_reset(h, n);
	for (uint32_t i = 0; i < n; i++) {
		h->pend[i] = SSA_NONE;
		h->mark[i] = 0;
		h->etop[i] = h->hloop[i] = h->inner[i] = SSA_NONE;
	}

	uint32_t nl = 0;
	for (uint32_t k = nreach; k-- > 0;) {
		const uint32_t w = h->order[k], stamp = k + 1;
		/* Edges whose LCA is w: from now on only headers with y in their subtree see them. */
		for (uint32_t e = h->park[w], en; e != SSA_NONE; e = en) {
			en = h->next[e];
			uint32_t x = g->succ[e], r = uf_name(h, x, &finds);
			if (r != x && (h->etop[x] == SSA_NONE || pre[r] < pre[h->etop[x]]))
				h->etop[x] = r;
			h->next[e] = h->pend[r];
			h->pend[r] = e;
			parked++;
		}
		/* Retreating edges into w seed the body. */
		bool header = false;
		uint32_t nb = 0;
		for (uint32_t i = g->pred_off[w]; i < g->pred_off[w + 1]; i++) {
			uint32_t v = g->pred[i];
			if (pre[v] == SSA_NONE || pre[v] < pre[w] || pre[v] > last[w])
				continue;
			header = true;
			uint32_t r = uf_name(h, v, &finds);
			if (r != w && h->mark[r] != stamp) {
				h->mark[r] = stamp;
				h->body[nb++] = r;
			}
		}
		if (!header)
			continue;
		/* pend[w] is empty: an edge y->w parked below w would have y in desc(w), retreating. */
		for (uint32_t i = 0; i < nb; i++) {
			uint32_t x = h->body[i];
			for (uint32_t e = h->pend[x]; e != SSA_NONE; e = h->next[e]) {
				uint32_t y = h->src[e];
				scanned++;
				assert(pre[y] >= pre[w] && pre[y] <= last[w]);
				uint32_t r = uf_name(h, y, &finds);
				if (r != w && h->mark[r] != stamp) {
					h->mark[r] = stamp;
					h->body[nb++] = r;
				}
			}
			h->pend[x] = SSA_NONE; /* every edge on it is now inside L(w) */
		}
		const uint32_t lw = nl++;
		h->tl_head[lw] = w;
		h->tl_parent[lw] = SSA_NONE;
		h->hloop[w] = lw;
		h->inner[w] = lw;
		if (h->etop[w] == SSA_NONE)
			h->etop[w] = w;
		for (uint32_t i = 0; i < nb; i++) {
			uint32_t x = h->body[i];
			if (h->hloop[x] != SSA_NONE)
				h->tl_parent[h->hloop[x]] = lw;
			else
				h->inner[x] = lw;
			uf_union(h, x, w, w, &finds);
		}
	}

	/* Renumber loops into a preorder of the forest. Processing order puts every loop before
	 * its parent, so sizes accumulate upwards in one pass and positions go downwards. */
	for (uint32_t l = 0; l < nl; l++)
		h->tl_size[l] = 1;
	for (uint32_t l = 0; l < nl; l++)
		if (h->tl_parent[l] != SSA_NONE)
			h->tl_size[h->tl_parent[l]] += h->tl_size[l];
	/* cursor of a loop's next child: kept in f->last until it is overwritten below. */
	uint32_t root_cursor = 0;
	for (uint32_t l = nl; l-- > 0;) {
		uint32_t p = h->tl_parent[l], at;
		if (p == SSA_NONE) {
			at = root_cursor;
			root_cursor += h->tl_size[l];
		} else {
			at = f->last[h->pos[p]];
			f->last[h->pos[p]] += h->tl_size[l];
		}
		h->pos[l] = at;
		f->last[at] = at + 1;
	}
	f->nloops = nl;
	for (uint32_t l = 0; l < nl; l++) {
		uint32_t q = h->pos[l];
		f->header[q] = h->tl_head[l];
		f->parent[q] = h->tl_parent[l] == SSA_NONE ? SSA_NONE : h->pos[h->tl_parent[l]];
		f->last[q] = q + h->tl_size[l] - 1;
		f->entries[q] = 0;
		f->nblocks[q] = 0;
	}
	for (uint32_t q = 0; q < nl; q++)
		f->depth[q] = f->parent[q] == SSA_NONE ? 1 : f->depth[f->parent[q]] + 1;
	/* Per block: innermost loop and entry_top; the counts as subtree sums of per-loop deltas
	 * (a block entering loops inner..top adds 1 to inner and -1 to top's parent). */
	for (uint32_t b = 0; b < n; b++) {
		uint32_t in = h->inner[b] == SSA_NONE ? SSA_NONE : h->pos[h->inner[b]];
		uint32_t t = h->etop[b] == SSA_NONE ? SSA_NONE : h->pos[h->hloop[h->etop[b]]];
		f->block_loop[b] = in;
		f->entry_top[b] = t;
		if (in == SSA_NONE)
			continue;
		f->nblocks[in]++;
		if (t != SSA_NONE) {
			f->entries[in]++;
			if (f->parent[t] != SSA_NONE)
				f->entries[f->parent[t]]--;
		}
	}
	for (uint32_t q = nl; q-- > 0;) {
		uint32_t p = f->parent[q];
		if (p != SSA_NONE) {
			f->entries[p] += f->entries[q];
			f->nblocks[p] += f->nblocks[q];
		}
	}
	counters[0] = finds;
	counters[1] = parked;
	counters[2] = scanned;
	counters[3] = nl;
	return SSA_OK;
}

const struct loops_algo loops_havlak_algo = {
	.head = {
		.name = "havlak",
		.summary = "Havlak's loop forest, Ramalingam's correction: edges parked at their DFS LCA",
		.citation = "Havlak 1997, Nesting of reducible and irreducible loops (TOPLAS); Ramalingam "
			    "1999, Identifying loops in almost linear time (TOPLAS)",
		.complexity = "O((n + m) alpha(n)) time, 18n + 2m words",
		.counter_names = {"finds", "edges_parked", "edges_scanned", "loops"},
	},
	.scratch_bytes = havlak_bytes,
	.scratch_alloc = havlak_alloc,
	.scratch_free = havlak_free,
	.run = havlak_run,
};
