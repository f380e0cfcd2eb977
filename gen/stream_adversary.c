/* The adversarial streams: update sequences chosen from the start graph's dominator tree (and
 * depth-first search) so that a dynamic-dominator algorithm does the most work per update.
 * Which algorithm each one targets, and why, is in gen/README.md; in short:
 *   flip        setup: a new block y with an edge to every block at dominator depth >= 2;
 *               then entry -> y in and out, in turn. Each update moves the idom of every one of
 *               those blocks (to the entry and back): Theta(n) changes per update, for every
 *               algorithm; LLVM's deletion also collects them in a list it searches linearly.
 *   deep-insert entry -> v for every v on the deepest root path of the dominator tree, top
 *               down, then deleted bottom up, over and over. Each insertion lifts v and with it
 *               the depth of its whole subtree (depth-based search renumbers it); each
 *               deletion has the entry as nearest common dominator, so LLVM recomputes.
 *   rebuild     delete and re-insert, in turn, the edge x -> y whose deletion keeps y reachable
 *               and has the largest dominator subtree to rebuild (idom(y)'s: the nearest common
 *               dominator of x and y when y does not dominate x); no idom changes.
 *   cross       insert and delete, in turn, x -> y where x comes just before y in the DFS
 *               preorder but is not its ancestor and idom(y) dominates x: no idom changes,
 *               but a kept DFS tree is no longer a DFS tree after the insertion, and after its
 *               rerun y hangs from x, so the deletion cuts a tree edge.
 * Time O(n + m) to choose (one dominator tree, one DFS), then O(1) per update. */
#include "gen/stream_internal.h"
#include "cfg/traverse.h"
#include "dom/dom.h"
#include "dom/domtree.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Alternates insert and delete of u -> v (first_insert says which comes first) n times. */
static void alternate(struct sg *g, uint32_t u, uint32_t v, bool first_insert, uint64_t n,
		      uint32_t k)
{
	for (uint64_t i = 0; i < n && !g->err; i++) {
		if ((i % 2 == 0) == first_insert)
			sg_insert(g, u, v);
		else
			sg_delete(g, sg_find(g, u, v));
		if ((i + 1) % k == 0)
			sg_mark(g);
	}
}

static int flip(struct sg *g, const struct domtree *t, uint64_t n, uint32_t k,
		struct gen_stream_info *info)
{
	uint32_t y = sg_add_block(g);
	for (uint32_t i = 0; i < t->nreach && !g->err; i++)
		if (t->depth[t->order[i]] >= 2)
			sg_insert(g, y, t->order[i]);
	info->setup = g->inserts;
	if (info->setup == 0) {
		snprintf(info->note, sizeof info->note,
			 "flip: no block at dominator depth 2 or more to move");
		return SSA_EUSAGE;
	}
	sg_mark(g); /* y is unreachable: the setup changes no idom */
	alternate(g, 0, y, true, n, k);
	return SSA_OK;
}

static int deep_insert(struct sg *g, const struct domtree *t, uint64_t n, uint32_t k,
		       struct gen_stream_info *info)
{
	uint32_t deep = 0;
	for (uint32_t b = 0; b < t->n; b++)
		if (t->depth[b] != SSA_NONE && t->depth[b] > t->depth[deep])
			deep = b;
	uint32_t d = t->depth[deep];
	if (d < 2) {
		snprintf(info->note, sizeof info->note,
			 "deep-insert: the dominator tree has no block at depth 2 or more");
		return SSA_EUSAGE;
	}
	/* path[i] is the ancestor of deep at depth i. */
	uint32_t *path = ssa_alloc_array((size_t)d + 1, sizeof *path);
	if (!path)
		return SSA_ENOMEM;
	for (uint32_t v = deep; v != SSA_NONE; v = t->idom[v])
		path[t->depth[v]] = v;
	uint64_t made = 0;
	while (made < n && !g->err) {
		for (uint32_t i = 2; i <= d && made < n; i++, made++) {
			sg_insert(g, 0, path[i]);
			if ((made + 1) % k == 0)
				sg_mark(g);
		}
		for (uint32_t i = d; i >= 2 && made < n; i--, made++) {
			sg_delete(g, sg_find(g, 0, path[i]));
			if ((made + 1) % k == 0)
				sg_mark(g);
		}
	}
	free(path);
	return SSA_OK;
}

static int rebuild(struct sg *g, const struct cfg *c, const struct domtree *t, uint64_t n,
		   uint32_t k, struct gen_stream_info *info)
{
	uint32_t best_x = SSA_NONE, best_y = SSA_NONE, best = 0;
	for (uint32_t y = 1; y < c->n; y++) {
		if (t->tin[y] == SSA_NONE)
			continue;
		/* Sources that keep y reachable without it: reachable, not dominated by y. */
		uint32_t first = SSA_NONE;
		bool two = false;
		for (uint32_t i = c->pred_off[y]; i < c->pred_off[y + 1]; i++) {
			uint32_t x = c->pred[i];
			if (t->tin[x] == SSA_NONE || domtree_dominates(t, y, x))
				continue;
			if (first == SSA_NONE)
				first = x;
			else if (x != first)
				two = true;
		}
		uint32_t p = t->idom[y], size = t->tlast[p] - t->tin[p] + 1;
		/* A parallel copy would keep the edge: a tree that sees edges, not copies, would
		 * not be told of the deletion at all. */
		if (two && size > best && sg_count(g, first, y) == 1) {
			best = size;
			best_x = first;
			best_y = y;
		}
	}
	if (best_y == SSA_NONE) {
		snprintf(info->note, sizeof info->note,
			 "rebuild: no block has two predecessors outside its own subtree");
		return SSA_EUSAGE;
	}
	alternate(g, best_x, best_y, false, n, k);
	return SSA_OK;
}

static int cross(struct sg *g, const struct cfg *c, const struct domtree *t, uint64_t n,
		 uint32_t k, struct gen_stream_info *info)
{
	struct cfg_dfs d;
	int st = cfg_dfs_alloc(&d, c->n);
	if (st != SSA_OK)
		return st;
	cfg_dfs_run(&d, c, 0);
	uint32_t x = SSA_NONE, y = SSA_NONE;
	for (uint32_t i = d.nreach; i-- > 1;) {
		uint32_t yy = d.order[i], xx = d.order[i - 1];
		if (d.post[xx] < d.post[yy] && domtree_dominates(t, t->idom[yy], xx) &&
		    sg_find(g, xx, yy) == SSA_NONE) {
			x = xx;
			y = yy;
			break;
		}
	}
	cfg_dfs_free(&d);
	if (y == SSA_NONE) {
		snprintf(info->note, sizeof info->note,
			 "cross: no block follows a non-ancestor in DFS preorder under a common idom");
		return SSA_EUSAGE;
	}
	alternate(g, x, y, true, n, k);
	return SSA_OK;
}

int gen_stream_adversary(struct sg *g, const char *kind, uint64_t n, uint32_t k,
			 struct gen_stream_info *info)
{
	struct cfg c;
	struct domtree t;
	int st = sg_snapshot(g, &c);
	if (st != SSA_OK)
		return st;
	st = dom_tree_default(&c, &t);
	if (st != SSA_OK) {
		cfg_free(&c);
		return st;
	}
	if (strcmp(kind, "flip") == 0)
		st = flip(g, &t, n, k, info);
	else if (strcmp(kind, "deep-insert") == 0)
		st = deep_insert(g, &t, n, k, info);
	else if (strcmp(kind, "rebuild") == 0)
		st = rebuild(g, &c, &t, n, k, info);
	else
		st = cross(g, &c, &t, n, k, info);
	domtree_free(&t);
	cfg_free(&c);
	return st != SSA_OK ? st : g->err;
}
