/* Internal to phi-djq (phi-djh shares its hub threshold): the index over J edges stored in
 * dominator-tree preorder of their source. A min-tree over the targets' depths answers "the next J edge at or after i whose
 * target is no deeper than L" in O(log m), and a reported edge is taken out of it until the
 * variable is done; hubs (targets of at least PHI_HUB_MIN J edges) stay out of the tree and are
 * asked once per root, by a binary search over their sorted sources. Why both: djq.c. */
#ifndef SSALAB_PHI_JINDEX_H
#define SSALAB_PHI_JINDEX_H

#include "cfg/cfg.h"
#include "dom/domtree.h"
#include "util/mem.h"

#include <stdbool.h>
#include <stdint.h>

#define PHI_DEPTH_INF UINT32_MAX

/* A target with this many J edges into it is a hub (the exit block all returns jump to, a loop
 * header with many continues): see djq.c. */
#define PHI_HUB_MIN 64
/* At most this many hubs, the first by block id; the others' edges stay in the tree. Every
 * root asks each hub no deeper than itself, so thousands of hubs (itworst: two per rung) made
 * the queries quadratic: 12476 x the DFS floor against phi-dj's 115 on itworst 10^4. */
#define PHI_HUB_MAX 32

/* p with room for at least want elements of size (*cap holds its room; NULL p: none yet):
 * grown to exactly want when short, so that an array kept across runs settles at the largest
 * input's size. NULL when out of memory, p then still valid and still *cap long. */
static inline void *phi_grow(void *p, uint64_t *cap, uint64_t want, size_t size)
{
	if (want <= *cap && p)
		return p;
	uint64_t c = want ? want : 1;
	void *q = ssa_realloc_array(p, (size_t)c, size);
	if (q)
		*cap = c;
	return q;
}

/* The tree's leaf count for nj J edges: a power of two, at least 1. nj <= m < 2^32 keeps 2P
 * within 2^33 entries. */
static inline uint64_t phi_tree_leaves(uint64_t nj)
{
	uint64_t p = 1;
	while (p < nj)
		p <<= 1;
	return p;
}

/* The first J edge j in [pos, hi) whose leaf is <= level, or hi. Climbs from pos's leaf to the
 * first subtree to its right holding a small enough leaf, stopping once that subtree starts at
 * or past hi, then descends to its leftmost such leaf. *steps counts tree nodes visited. */
static inline uint32_t phi_tree_next(const uint32_t *tree, uint32_t P, uint32_t pos, uint32_t hi,
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

static inline void phi_tree_remove(uint32_t *tree, uint32_t P, uint32_t j)
{
	uint64_t i = (uint64_t)P + j;
	tree[i] = PHI_DEPTH_INF;
	for (i >>= 1; i; i >>= 1) {
		uint32_t a = tree[2 * i], b = tree[2 * i + 1], m = a < b ? a : b;
		if (tree[i] == m)
			break;
		tree[i] = m;
	}
}

/* Puts a leaf back; ancestors only ever decrease towards the true minimum, so restoring many
 * leaves in any order is exact. */
static inline void phi_tree_restore(uint32_t *tree, uint32_t P, uint32_t j, uint32_t d)
{
	uint64_t i = (uint64_t)P + j;
	tree[i] = d;
	for (i >>= 1; i && tree[i] > d; i >>= 1)
		tree[i] = d;
}

/* Fills the inner nodes of a tree whose P leaves are set. */
void phi_tree_fill(uint32_t *tree, uint32_t P);

struct phi_hub {
	uint32_t depth, tin;
	uint32_t off, end; /* its sources in hsrc[off .. end) */
};

struct phi_hubs {
	struct phi_hub *hub; /* ascending preorder number after phi_hubs_find, depth after _sort */
	uint32_t nhub;
	uint64_t hubcap;
	uint32_t *hsrc;      /* each hub's sources' preorder numbers, ascending */
	uint64_t hsrccap;
	uint64_t *hubbit;    /* n bits by preorder number: set for the hubs of the last find */
};

/* hubbit for n blocks; the lists grow in phi_hubs_find. */
int phi_hubs_alloc(struct phi_hubs *h, uint32_t n);
void phi_hubs_free(struct phi_hubs *h);
/* What the index of g under dt holds: *nj J edges into targets that are no hubs (the tree's
 * leaves), *nhub hubs with *nh J edges. SSA_ENOMEM when its n-bit scratch cannot be had. */
int phi_jindex_count(const struct cfg *g, const struct domtree *dt, uint64_t *nj, uint64_t *nhub,
		     uint64_t *nh);
/* The hubs of g under dt, ascending by preorder number, each with its sources' range in hsrc
 * empty (end = off: the caller appends the sources in preorder), and their bits set. */
int phi_hubs_find(struct phi_hubs *h, const struct cfg *g, const struct domtree *dt);
/* Once the sources are in: ascending depth, the order the queries read them in. */
void phi_hubs_sort(struct phi_hubs *h);

static inline bool phi_is_hub(const struct phi_hubs *h, uint32_t ty)
{
	return (h->hubbit[ty >> 6] >> (ty & 63)) & 1;
}

/* The hub whose target has preorder number ty (its bit is set), before phi_hubs_sort. */
static inline struct phi_hub *phi_hub_of(struct phi_hubs *h, uint32_t ty)
{
	uint32_t lo = 0, hi = h->nhub - 1;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (h->hub[mid].tin < ty)
			lo = mid + 1;
		else
			hi = mid;
	}
	return &h->hub[lo];
}

/* Whether some source of hub b lies in the preorder range [lo, last]. */
static inline bool phi_hub_meets(const struct phi_hubs *h, const struct phi_hub *b, uint32_t lo,
				 uint32_t last)
{
	uint32_t a = b->off, e = b->end;
	while (a < e) {
		uint32_t mid = a + (e - a) / 2;
		if (h->hsrc[mid] < lo)
			a = mid + 1;
		else
			e = mid;
	}
	return a < b->end && h->hsrc[a] <= last;
}

#endif
