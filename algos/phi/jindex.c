/* The J-edge index's parts that are not inline (jindex.h): the tree's inner nodes and the hubs,
 * of phi-djq. */
#include "phi/jindex.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

void phi_tree_fill(uint32_t *tree, uint32_t P)
{
	for (uint32_t i = P; i-- > 1;) {
		uint32_t a = tree[2 * i], b = tree[2 * i + 1];
		tree[i] = a < b ? a : b;
	}
}

int phi_hubs_alloc(struct phi_hubs *h, uint32_t n)
{
	*h = (struct phi_hubs){0};
	h->hubbit = ssa_calloc_array((size_t)n / 64 + 1, sizeof(uint64_t));
	return h->hubbit ? SSA_OK : SSA_ENOMEM;
}

void phi_hubs_free(struct phi_hubs *h)
{
	ssa_free_all(h->hub, h->hsrc, h->hubbit, NULL);
	*h = (struct phi_hubs){0};
}

/* Only a block with PHI_HUB_MIN predecessors or more can be a hub, so its J edges are counted
 * from those predecessor lists alone: an edge from a reached block that is not the tree edge
 * idom(y) -> y. Returns the count, or 0 below PHI_HUB_MIN. */
static uint32_t hub_edges(const struct cfg *g, const struct domtree *dt, uint32_t y)
{
	uint32_t j0 = g->pred_off[y], j1 = g->pred_off[y + 1];
	if (j1 - j0 < PHI_HUB_MIN || dt->tin[y] == SSA_NONE)
		return 0;
	uint32_t c = 0, d = dt->idom[y];
	for (uint32_t j = j0; j < j1; j++)
		c += g->pred[j] != d && dt->tin[g->pred[j]] != SSA_NONE;
	return c < PHI_HUB_MIN ? 0 : c;
}

int phi_jindex_count(const struct cfg *g, const struct domtree *dt, uint64_t *nj, uint64_t *nhub,
		     uint64_t *nh)
{
	uint64_t *hub = ssa_calloc_array((size_t)g->n / 64 + 1, sizeof(uint64_t));
	if (!hub)
		return SSA_ENOMEM;
	*nj = *nhub = *nh = 0;
	for (uint32_t y = 0; y < g->n; y++) {
		uint32_t c = *nhub < PHI_HUB_MAX ? hub_edges(g, dt, y) : 0;
		if (c)
			hub[y >> 6] |= UINT64_C(1) << (y & 63);
		*nhub += c > 0;
		*nh += c;
	}
	for (uint32_t i = 0; i < dt->nreach; i++) {
		uint32_t x = dt->order[i];
		for (uint32_t e = g->succ_off[x]; e < g->succ_off[x + 1]; e++) {
			uint32_t y = g->succ[e];
			*nj += dt->idom[y] != x && !((hub[y >> 6] >> (y & 63)) & 1);
		}
	}
	free(hub);
	return SSA_OK;
}

static int cmp_hub(const void *a, const void *b)
{
	const struct phi_hub *x = a, *y = b;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return (x->tin > y->tin) - (x->tin < y->tin);
}

static int cmp_hub_tin(const void *a, const void *b)
{
	const struct phi_hub *x = a, *y = b;
	return (x->tin > y->tin) - (x->tin < y->tin);
}

int phi_hubs_find(struct phi_hubs *h, const struct cfg *g, const struct domtree *dt)
{
	for (uint32_t k = 0; k < h->nhub; k++)
		h->hubbit[h->hub[k].tin >> 6] &= ~(UINT64_C(1) << (h->hub[k].tin & 63));
	h->nhub = 0;
	uint64_t nhub = 0, nh = 0;
	for (uint32_t y = 0; y < g->n && nhub < PHI_HUB_MAX; y++) {
		uint32_t c = hub_edges(g, dt, y);
		if (!c)
			continue;
		if (nhub == h->hubcap) {
			struct phi_hub *hb = phi_grow(h->hub, &h->hubcap, 2 * nhub + 8, sizeof(struct phi_hub));
			if (!hb)
				return SSA_ENOMEM;
			h->hub = hb;
		}
		h->hub[nhub++] = (struct phi_hub){.depth = dt->depth[y], .tin = dt->tin[y], .end = c};
		nh += c;
	}
	if (nhub > 1)
		qsort(h->hub, (size_t)nhub, sizeof(struct phi_hub), cmp_hub_tin);
	uint32_t *hs = phi_grow(h->hsrc, &h->hsrccap, nh, sizeof(uint32_t));
	if (!hs)
		return SSA_ENOMEM;
	h->hsrc = hs;
	uint32_t off = 0;
	for (uint64_t k = 0; k < nhub; k++) {
		struct phi_hub *b = &h->hub[k];
		uint32_t c = b->end;
		b->off = b->end = off;
		off += c;
		h->hubbit[b->tin >> 6] |= UINT64_C(1) << (b->tin & 63);
	}
	h->nhub = (uint32_t)nhub;
	return SSA_OK;
}

void phi_hubs_sort(struct phi_hubs *h)
{
	if (h->nhub > 1)
		qsort(h->hub, (size_t)h->nhub, sizeof(struct phi_hub), cmp_hub);
}
