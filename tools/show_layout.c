/* show --html: a layered drawing of a small directed graph (the CFG, the dominator tree), in
 * the manner of Sugiyama, Tagawa and Toda (1981) without their refinements:
 *   1. a depth-first search from node 0 (then from any node it missed) marks the retreating
 *      edges; turned around, every edge points down;
 *   2. layers by longest path from the sources, so every edge goes at least one layer down;
 *   3. an edge over several layers gets a dummy node on each layer between, so it can bend
 *      around the boxes;
 *   4. the order inside each layer: depth-first discovery, then sweeps down and up that move
 *      each node to the barycentre of its neighbours in the layer before;
 *   5. x coordinates: packed, then pulled towards the neighbours' mean and pushed apart again.
 * Everything is iterative and O((n + dummies)^2) at worst, for SHOW_MAX_BLOCKS nodes. */
#include "show_layout.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

#define LAYER_GAP 56.0
#define NODE_GAP 28.0
#define DUMMY_W 8.0
#define MARGIN 16.0
#define SWEEPS 16
#define PULLS 24

void show_layout_free(struct show_layout *L)
{
	ssa_free_all(L->x, L->y, L->w, L->layer, L->path_off, L->path, L->reversed, NULL);
	memset(L, 0, sizeof *L);
}

/* Sorts ids[0..k) by key, stable (insertion: a layer holds at most a few hundred nodes). */
static void sort_by(uint32_t *ids, uint32_t k, const double *key)
{
	for (uint32_t i = 1; i < k; i++) {
		uint32_t x = ids[i], j = i;
		while (j > 0 && key[ids[j - 1]] > key[x]) {
			ids[j] = ids[j - 1];
			j--;
		}
		ids[j] = x;
	}
}

int show_layout_graph(struct show_layout *L, uint32_t n, uint32_t m, const uint32_t *src,
		      const uint32_t *dst, const double *width, double height)
{
	memset(L, 0, sizeof *L);
	L->n = n;
	L->m = m;
	L->h = height;
	int st = SSA_ENOMEM;
	/* scratch, sized for the worst case of dummies: every edge spans every layer */
	uint64_t cap = (uint64_t)n + (uint64_t)m * (n ? n : 1);
	if (cap > SHOW_LAYOUT_MAX_NODES)
		return SSA_ETOOBIG;
	uint32_t *off = ssa_calloc_array((uint64_t)n + 1, sizeof *off);
	uint32_t *adj = ssa_alloc_array(m, sizeof *adj);
	uint32_t *state = ssa_calloc_array(n, sizeof *state);
	uint32_t *stack = ssa_alloc_array(n, sizeof *stack);
	uint32_t *cursor = ssa_alloc_array(n, sizeof *cursor);
	uint32_t *disc = ssa_alloc_array(n, sizeof *disc);
	uint32_t *indeg = ssa_calloc_array(n, sizeof *indeg);
	uint32_t *queue = ssa_alloc_array(n, sizeof *queue);
	L->reversed = ssa_calloc_array(m, 1);
	L->layer = ssa_alloc_array(cap, sizeof *L->layer);
	L->x = ssa_alloc_array(cap, sizeof *L->x);
	L->y = ssa_alloc_array(cap, sizeof *L->y);
	L->w = ssa_alloc_array(cap, sizeof *L->w);
	L->path_off = ssa_alloc_array((uint64_t)m + 1, sizeof *L->path_off);
	L->path = ssa_alloc_array(cap + m, sizeof *L->path);
	double *key = ssa_alloc_array(cap, sizeof *key);
	uint32_t *order = ssa_alloc_array(cap, sizeof *order);   /* nodes by layer, then position */
	uint32_t *loff = ssa_calloc_array(cap + 2, sizeof *loff); /* layer offsets into order */
	uint32_t *nb_off = NULL, *nb = NULL;
	if (!off || !adj || !state || !stack || !cursor || !disc || !indeg || !queue ||
	    !L->reversed || !L->layer || !L->x || !L->y || !L->w || !L->path_off || !L->path ||
	    !key || !order || !loff)
		goto out;
	if (!n) {
		st = SSA_OK;
		goto out;
	}
	/* successor CSR, edge ids */
	for (uint32_t e = 0; e < m; e++)
		off[src[e] + 1]++;
	for (uint32_t v = 0; v < n; v++)
		off[v + 1] += off[v];
	memcpy(cursor, off, n * sizeof *cursor);
	for (uint32_t e = 0; e < m; e++)
		adj[cursor[src[e]]++] = e;
	/* 1. retreating edges: state 1 on the DFS stack, 2 done */
	uint32_t ndisc = 0;
	for (uint32_t r = 0; r < n; r++) {
		if (state[r])
			continue;
		uint32_t sp = 0;
		stack[sp++] = r;
		state[r] = 1;
		disc[r] = ndisc++;
		cursor[r] = off[r];
		while (sp) {
			uint32_t u = stack[sp - 1];
			if (cursor[u] == off[u + 1]) {
				state[u] = 2;
				sp--;
				continue;
			}
			uint32_t e = adj[cursor[u]++], v = dst[e];
			if (state[v] == 1)
				L->reversed[e] = 1;
			else if (!state[v]) {
				state[v] = 1;
				disc[v] = ndisc++;
				cursor[v] = off[v];
				stack[sp++] = v;
			}
		}
	}
	/* 2. longest-path layers over the edges turned down (Kahn's order) */
	for (uint32_t e = 0; e < m; e++)
		if (src[e] != dst[e])
			indeg[L->reversed[e] ? src[e] : dst[e]]++;
	uint32_t qh = 0, qt = 0;
	for (uint32_t v = 0; v < n; v++) {
		L->layer[v] = 0;
		if (!indeg[v])
			queue[qt++] = v;
	}
	/* down-edges out of u: u's out-edges not reversed, and the reversed edges into u */
	while (qh < qt) {
		uint32_t u = queue[qh++];
		for (uint32_t e = 0; e < m; e++) {
			if (src[e] == dst[e])
				continue;
			uint32_t a = L->reversed[e] ? dst[e] : src[e], b = L->reversed[e] ? src[e] : dst[e];
			if (a != u)
				continue;
			if (L->layer[b] < L->layer[u] + 1)
				L->layer[b] = L->layer[u] + 1;
			if (--indeg[b] == 0)
				queue[qt++] = b;
		}
	}
	uint32_t nlayers = 0;
	for (uint32_t v = 0; v < n; v++)
		if (L->layer[v] + 1 > nlayers)
			nlayers = L->layer[v] + 1;
	/* 3. dummies; each edge's path from its source to its target */
	uint32_t total = n, np = 0;
	for (uint32_t v = 0; v < n; v++)
		L->w[v] = width[v];
	for (uint32_t e = 0; e < m; e++) {
		L->path_off[e] = np;
		L->path[np++] = src[e];
		uint32_t a = L->layer[src[e]], b = L->layer[dst[e]];
		if (src[e] != dst[e]) {
			int step = a < b ? 1 : -1;
			for (uint32_t l = a + (uint32_t)step; l != b && (a < b ? l < b : l > b);
			     l = (uint32_t)((int)l + step)) {
				L->layer[total] = l;
				L->w[total] = DUMMY_W;
				L->path[np++] = total++;
			}
		}
		L->path[np++] = dst[e];
	}
	L->path_off[m] = np;
	L->total = total;
	/* neighbours (through dummies) of every node, both ways */
	nb_off = ssa_calloc_array((uint64_t)total + 1, sizeof *nb_off);
	nb = ssa_alloc_array(2 * (uint64_t)np + 1, sizeof *nb);
	if (!nb_off || !nb)
		goto out;
	for (uint32_t e = 0; e < m; e++)
		for (uint32_t k = L->path_off[e]; k + 1 < L->path_off[e + 1]; k++) {
			nb_off[L->path[k] + 1]++;
			nb_off[L->path[k + 1] + 1]++;
		}
	for (uint32_t v = 0; v < total; v++)
		nb_off[v + 1] += nb_off[v];
	uint32_t *fill = ssa_alloc_array(total, sizeof *fill);
	if (!fill)
		goto out;
	memcpy(fill, nb_off, total * sizeof *fill);
	for (uint32_t e = 0; e < m; e++)
		for (uint32_t k = L->path_off[e]; k + 1 < L->path_off[e + 1]; k++) {
			nb[fill[L->path[k]]++] = L->path[k + 1];
			nb[fill[L->path[k + 1]]++] = L->path[k];
		}
	free(fill);
	/* 4. order in each layer: discovery first (dummies after their edge's source) */
	for (uint32_t v = 0; v < total; v++)
		loff[L->layer[v] + 2]++;
	for (uint32_t l = 0; l < nlayers; l++)
		loff[l + 2] += loff[l + 1];
	for (uint32_t v = 0; v < total; v++) {
		key[v] = v < n ? disc[v] : (double)n + v;
		order[loff[L->layer[v] + 1]++] = v;
	}
	/* loff[l] .. loff[l + 1] now delimit layer l */
	for (uint32_t l = 0; l < nlayers; l++)
		sort_by(order + loff[l], loff[l + 1] - loff[l], key);
	for (uint32_t l = 0; l < nlayers; l++)
		for (uint32_t i = loff[l]; i < loff[l + 1]; i++)
			L->x[order[i]] = i - loff[l]; /* position */
	for (int sweep = 0; sweep < SWEEPS; sweep++) {
		bool down = sweep % 2 == 0;
		for (uint32_t k = 1; k < nlayers; k++) {
			uint32_t l = down ? k : nlayers - 1 - k, from = down ? l - 1 : l + 1;
			for (uint32_t i = loff[l]; i < loff[l + 1]; i++) {
				uint32_t v = order[i], c = 0;
				double sum = 0;
				for (uint32_t j = nb_off[v]; j < nb_off[v + 1]; j++)
					if (L->layer[nb[j]] == from) {
						sum += L->x[nb[j]];
						c++;
					}
				/* no neighbour there: stays where it is */
				key[v] = c ? sum / c : L->x[v];
			}
			sort_by(order + loff[l], loff[l + 1] - loff[l], key);
			for (uint32_t i = loff[l]; i < loff[l + 1]; i++)
				L->x[order[i]] = i - loff[l];
		}
	}
	/* 5. coordinates: centres packed left to right, then pulled to the neighbours' mean */
	for (uint32_t l = 0; l < nlayers; l++) {
		double at = 0;
		for (uint32_t i = loff[l]; i < loff[l + 1]; i++) {
			uint32_t v = order[i];
			L->x[v] = at + L->w[v] / 2;
			at += L->w[v] + NODE_GAP;
		}
	}
	for (int it = 0; it < PULLS; it++) {
		for (uint32_t v = 0; v < total; v++) {
			double sum = 0;
			uint32_t c = 0;
			for (uint32_t j = nb_off[v]; j < nb_off[v + 1]; j++) {
				sum += L->x[nb[j]];
				c++;
			}
			key[v] = c ? (L->x[v] + sum / c) / 2 : L->x[v];
		}
		for (uint32_t l = 0; l < nlayers; l++) {
			/* keep the order and the gaps: push right, then back left */
			uint32_t a = loff[l], b = loff[l + 1];
			for (uint32_t i = a; i < b; i++) {
				uint32_t v = order[i];
				double x = key[v];
				if (i > a) {
					uint32_t u = order[i - 1];
					double min = L->x[u] + (L->w[u] + L->w[v]) / 2 + NODE_GAP;
					if (x < min)
						x = min;
				}
				L->x[v] = x;
			}
			for (uint32_t i = b - 1; i > a; i--) {
				uint32_t u = order[i - 1], v = order[i];
				double max = L->x[v] - (L->w[u] + L->w[v]) / 2 - NODE_GAP;
				if (L->x[u] > max)
					L->x[u] = max;
			}
		}
	}
	double minx = 0, maxx = 0;
	for (uint32_t v = 0; v < total; v++) {
		double a = L->x[v] - L->w[v] / 2, b = L->x[v] + L->w[v] / 2;
		if (v == 0 || a < minx)
			minx = a;
		if (v == 0 || b > maxx)
			maxx = b;
	}
	for (uint32_t v = 0; v < total; v++) {
		L->x[v] += MARGIN - minx;
		L->y[v] = MARGIN + L->layer[v] * (height + LAYER_GAP) + height / 2;
	}
	L->width = maxx - minx + 2 * MARGIN + 40; /* room for self-loops on the right */
	L->height = 2 * MARGIN + nlayers * (height + LAYER_GAP) - LAYER_GAP;
	st = SSA_OK;
out:
	ssa_free_all(off, adj, state, stack, cursor, disc, indeg, queue, key, order, loff, nb_off,
		     nb, NULL);
	if (st)
		show_layout_free(L);
	return st;
}
