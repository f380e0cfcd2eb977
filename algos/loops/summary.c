/* loops_graph_summary (loops.h): the loop count, maximum nesting depth, irreducible loops and
 * blocks in loops of the forest loops.h defines, the figures loops_summarize reads off a forest,
 * without building one. Memory: 8n + 2m words and n bytes, freed on return (havlak's scratch and
 * forest take 26n + 2m words). Time O((n + m) α(n)). Iterative throughout.
 * The sweep is havlak.c's (Havlak 1997 with Ramalingam's 1999 correction: edges parked at the
 * DFS LCA of their ends, headers in reverse preorder, inner loops collapsed by union-find), with
 * what the summary does not need left out: loops are named by their header blocks, not
 * renumbered, and no loop's blocks are listed. Papers: P. Havlak, "Nesting of reducible and
 * irreducible loops", TOPLAS 19(4), 1997; G. Ramalingam, "Identifying loops in almost linear
 * time", TOPLAS 21(2), 1999. */
#include "loops/loops.h"
#include "loops/uf.h"

#include "util/mem.h"
#include "util/status.h"

#include <string.h>

/* Where it saves, against havlak.c.
 * - One word per block, up[b], replaces the forest: for a header, the header of its parent
 *   loop; for another block, the header of its innermost loop (SSA_NONE outside every loop).
 *   Both are set once, when the set named b is first pulled into a loop body, and both are the
 *   first loop b can enter without being its header.
 * - No body list and no membership stamps: a set pulled into w's body is united with w at once
 *   (so a second find says w), and its pending edges are spliced onto w's worklist. Edge lists
 *   are circular, held by their tail, so a splice is O(1).
 * - One list head per block serves twice: a block's parked edges until the sweep reaches it,
 *   its pending edges after (a parked edge's target set is always swept already).
 * - Entries: an edge y->x handed at its LCA to r = find(x) != x makes x a non-header entry of
 *   every loop from up[x] out to r (havlak.c's entry_top). Only the outermost such r per start
 *   is kept, in reach[up[x]] as r's preorder; loop h is irreducible iff some start at h or in a
 *   loop nested in it reaches out to h or beyond, i.e. iff the minimum of reach over h's
 *   subforest is at most pre[h] (the loops around a start are its forest ancestors, whose
 *   headers come first in preorder).
 * reach also marks headers: REACH_NONE for other blocks, REACH_HEADER until an entry is seen. */
enum { REACH_NONE = UINT32_MAX, REACH_HEADER = UINT32_MAX - 1 };

struct lean {
	uint32_t *pre, *last, *order; /* DFS preorder, largest preorder below, preorder -> block */
	uint32_t *uf, *label;         /* union-find: parent, the set's name; then loop depths */
	uint8_t *rank;
	uint32_t *list;  /* tail of a block's parked, then pending, circular edge list */
	uint32_t *up;    /* the DFS stack's blocks, then the loop above (see above) */
	uint32_t *reach; /* the DFS stack's next edges, then the outermost entry reach */
	uint32_t *next;  /* m: circular list links (edges are successor-edge indices) */
	uint32_t *src;   /* m: the source of a parked edge */
};

uint64_t loops_graph_summary_bytes(uint64_t n, uint64_t m)
{
	uint64_t b = ssa_bytes(8, ssa_array_bytes(n, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(n, 1));
	return ssa_sat_add(b, ssa_bytes(2, ssa_array_bytes(m, sizeof(uint32_t))));
}

static inline uint32_t name_of(struct lean *h, uint32_t x)
{
	return h->label[loops_uf_find(h->uf, x)];
}

static void unite(struct lean *h, uint32_t a, uint32_t b, uint32_t name)
{
	loops_uf_union(h->uf, h->label, h->rank, a, b, name);
}

static void uf_reset(struct lean *h, uint32_t n)
{
	loops_uf_reset(h->uf, h->label, h->rank, n);
}

/* Adds edge e to the circular list held by *tail. */
static inline void list_push(uint32_t *next, uint32_t *tail, uint32_t e)
{
	if (*tail == SSA_NONE) {
		next[e] = e;
		*tail = e;
	} else {
		next[e] = next[*tail];
		next[*tail] = e;
	}
}

/* Moves the circular list held by *from onto the one held by *to. */
static inline void list_splice(uint32_t *next, uint32_t *to, uint32_t *from)
{
	uint32_t a = *from;
	*from = SSA_NONE;
	if (a == SSA_NONE)
		return;
	if (*to == SSA_NONE) {
		*to = a;
		return;
	}
	uint32_t t = next[a];
	next[a] = next[*to];
	next[*to] = t;
}

/* The DFS of cfg/traverse.h, parking every edge that is not retreating at the DFS LCA of its
 * ends (Tarjan's offline LCA, as in havlak.c). The stack lives in up and reach. */
static uint32_t dfs_and_park(struct lean *h, const struct cfg *g)
{
	const uint32_t n = g->n;
	uint32_t *pre = h->pre, *last = h->last, *stk_b = h->up, *stk_e = h->reach;
	for (uint32_t i = 0; i < n; i++)
		pre[i] = last[i] = h->list[i] = SSA_NONE;
	uf_reset(h, n);
	uint32_t cnt = 0, sp = 0;
	pre[0] = cnt;
	h->order[cnt++] = 0;
	stk_b[sp] = 0;
	stk_e[sp++] = g->succ_off[0];
	while (sp > 0) {
		uint32_t y = stk_b[sp - 1];
		if (stk_e[sp - 1] == g->succ_off[y + 1]) {
			last[y] = cnt - 1;
			sp--;
			if (sp > 0)
				unite(h, y, stk_b[sp - 1], stk_b[sp - 1]);
			continue;
		}
		uint32_t e = stk_e[sp - 1]++, x = g->succ[e], c;
		if (pre[x] == SSA_NONE) {
			c = y;
			pre[x] = cnt;
			h->order[cnt++] = x;
			stk_b[sp] = x;
			stk_e[sp++] = g->succ_off[x];
		} else if (last[x] == SSA_NONE) {
			continue; /* retreating: x is on the stack */
		} else {
			c = name_of(h, x);
		}
		h->src[e] = y;
		list_push(h->next, &h->list[c], e);
	}
	return cnt;
}

/* Pulls the set named r into the body of header w. */
static inline void collect(struct lean *h, uint32_t r, uint32_t w, uint32_t *work)
{
	h->up[r] = w;
	unite(h, r, w, w);
	list_splice(h->next, work, &h->list[r]);
}

static void sweep(struct lean *h, const struct cfg *g, uint32_t nreach, struct loops_summary *s)
{
	const uint32_t n = g->n;
	const uint32_t *pre = h->pre, *last = h->last;
	uint32_t *next = h->next, *up = h->up, *reach = h->reach;
	uf_reset(h, n);
	for (uint32_t i = 0; i < n; i++) {
		up[i] = SSA_NONE;
		reach[i] = REACH_NONE;
	}
	for (uint32_t k = nreach; k-- > 0;) {
		const uint32_t w = h->order[k];
		/* Edges whose LCA is w go to their target's set, named by a header below w or by the
		 * target itself; the target enters the loops from up[x] out to that header. */
		uint32_t parked = h->list[w];
		h->list[w] = SSA_NONE;
		if (parked != SSA_NONE) {
			uint32_t e = next[parked], en;
			for (bool more = true; more; e = en) {
				more = e != parked;
				en = next[e];
				uint32_t x = g->succ[e], r = name_of(h, x);
				if (r != x && pre[r] < reach[up[x]])
					reach[up[x]] = pre[r];
				list_push(next, &h->list[r], e);
			}
		}
		bool header = false;
		uint32_t work = SSA_NONE;
		for (uint32_t i = g->pred_off[w]; i < g->pred_off[w + 1]; i++) {
			uint32_t v = g->pred[i];
			if (pre[v] == SSA_NONE || pre[v] < pre[w] || pre[v] > last[w])
				continue;
			header = true;
			uint32_t r = name_of(h, v);
			if (r != w)
				collect(h, r, w, &work);
		}
		if (!header)
			continue;
		reach[w] = REACH_HEADER;
		s->loops++;
		/* Every pending edge y->z has z inside the body so far and y in desc(w) (it was
		 * handed at an LCA inside desc(w)): y reaches w inside desc(w). */
		while (work != SSA_NONE) {
			uint32_t e = next[work];
			if (e == work)
				work = SSA_NONE;
			else
				next[work] = next[e];
			uint32_t r = name_of(h, h->src[e]);
			if (r != w)
				collect(h, r, w, &work);
		}
	}
}

int loops_graph_summary(const struct cfg *g, struct loops_summary *s)
{
	const uint32_t n = g->n;
	struct lean h;
	memset(&h, 0, sizeof h);
	memset(s, 0, sizeof *s);
	uint32_t **w[] = {&h.pre, &h.last, &h.order, &h.uf, &h.label, &h.list, &h.up, &h.reach};
	bool ok = true;
	for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
		ok &= (*w[i] = ssa_alloc_array(n, sizeof(uint32_t))) != NULL;
	h.rank = ssa_alloc_array(n, 1);
	h.next = ssa_alloc_array(g->m, sizeof(uint32_t));
	h.src = ssa_alloc_array(g->m, sizeof(uint32_t));
	if (ok && h.rank && h.next && h.src) {
		const uint32_t nreach = dfs_and_park(&h, g);
		sweep(&h, g, nreach, s);
		/* Inner loops' headers come after their parents' in preorder: minima of reach go up
		 * in reverse preorder, depths (in uf, free now) down in preorder. */
		for (uint32_t k = nreach; k-- > 0;) {
			const uint32_t b = h.order[k], p = h.up[b];
			s->blocks_in_loops += p != SSA_NONE || h.reach[b] != REACH_NONE;
			if (h.reach[b] == REACH_NONE)
				continue;
			s->irreducible += h.reach[b] <= h.pre[b];
			if (p != SSA_NONE && h.reach[b] < h.reach[p])
				h.reach[p] = h.reach[b];
		}
		uint32_t *depth = h.uf;
		for (uint32_t k = 0; k < nreach; k++) {
			const uint32_t b = h.order[k], p = h.up[b];
			if (h.reach[b] == REACH_NONE)
				continue;
			depth[b] = p == SSA_NONE ? 1 : depth[p] + 1;
			if (depth[b] > s->max_depth)
				s->max_depth = depth[b];
		}
	}
	ssa_free_all(h.pre, h.last, h.order, h.uf, h.label, h.list, h.up, h.reach, h.rank, h.next,
		     h.src);
	return ok && h.rank && h.next && h.src ? SSA_OK : SSA_ENOMEM;
}
