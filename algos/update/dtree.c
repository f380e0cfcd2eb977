/* The editable dominator tree and the region Semi-NCA (dtree.h).
 * Semi-NCA: L. Georgiadis, "Linear-Time Algorithms for Dominators and Related Problems", PhD
 * thesis, Princeton, 2005; Georgiadis, Tarjan, Werneck, "Finding Dominators in Practice", JGAA
 * 10(1), 2006. Written for a region of the graph and a view, not shared with algos/dom/snca.c,
 * which works on a CSR from block 0. */
#include "update/dtree.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

int dt_init(struct dtree *t, uint32_t n_max)
{
	memset(t, 0, sizeof *t);
	uint32_t **arrs[] = {&t->idom, &t->level,  &t->child, &t->next,  &t->prev,
			     &t->num,  &t->order,  &t->parent, &t->semi, &t->anc,
			     &t->label, &t->ridom, &t->stk,   &t->mark};
	/* numbers run 1..k, so the by-number arrays hold one more */
	for (size_t i = 0; i < sizeof arrs / sizeof arrs[0]; i++)
		if (!(*arrs[i] = ssa_alloc_array((size_t)n_max + 1, sizeof(uint32_t)))) {
			dt_free(t);
			return SSA_ENOMEM;
		}
	size_t bytes = ((size_t)n_max + 1) * sizeof(uint32_t);
	memset(t->idom, 0xff, bytes);
	memset(t->level, 0xff, bytes);
	memset(t->child, 0xff, bytes);
	memset(t->next, 0xff, bytes);
	memset(t->prev, 0xff, bytes);
	memset(t->num, 0, bytes);
	memset(t->mark, 0, bytes);
	t->cap = n_max;
	return SSA_OK;
}

void dt_free(struct dtree *t)
{
	ssa_free_all(t->idom, t->level, t->child, t->next, t->prev, t->num, t->order, t->parent,
		     t->semi, t->anc, t->label, t->ridom, t->stk, t->mark, t->edges);
	memset(t, 0, sizeof *t);
}

uint64_t dt_bytes(uint64_t n_max)
{
	return ssa_bytes(ssa_sat_add(n_max, 1), 14 * sizeof(uint32_t));
}

uint32_t dt_new_stamp(struct dtree *t)
{
	if (++t->stamp == 0) {
		memset(t->mark, 0, ((size_t)t->cap + 1) * sizeof *t->mark);
		t->stamp = 1;
	}
	return t->stamp;
}

uint32_t dt_nca(const struct dtree *t, uint32_t a, uint32_t b)
{
	const uint32_t *lev = t->level, *idom = t->idom;
	while (a != b) {
		if (lev[a] < lev[b]) {
			uint32_t x = a;
			a = b;
			b = x;
		}
		a = idom[a];
	}
	return a;
}

void dt_ncd_add(struct dtree *t, uint32_t stamp, uint32_t *r, uint32_t b)
{
	uint32_t *mark = t->mark;
	uint64_t steps = 0;
	uint32_t m = b;
	while (mark[m] != stamp) {
		mark[m] = stamp;
		steps++;
		if (t->idom[m] == SSA_NONE)
			break;
		m = t->idom[m];
	}
	t->work += steps;
	if (*r == SSA_NONE)
		*r = b; /* the first block: its whole path is marked */
	else if (t->level[m] < t->level[*r])
		*r = m;
}

void dt_detach(struct dtree *t, uint32_t x)
{
	uint32_t p = t->idom[x], nx = t->next[x], pv = t->prev[x];
	if (pv != SSA_NONE)
		t->next[pv] = nx;
	else if (p != SSA_NONE)
		t->child[p] = nx;
	if (nx != SSA_NONE)
		t->prev[nx] = pv;
	t->next[x] = t->prev[x] = SSA_NONE;
	t->idom[x] = SSA_NONE;
}

void dt_attach(struct dtree *t, uint32_t x, uint32_t p)
{
	uint32_t c = t->child[p];
	t->idom[x] = p;
	t->next[x] = c;
	t->prev[x] = SSA_NONE;
	if (c != SSA_NONE)
		t->prev[c] = x;
	t->child[p] = x;
}

void dt_relevel(struct dtree *t, uint32_t x, uint32_t lev)
{
	/* Preorder over first child / next sibling / parent links: no stack. */
	uint32_t *level = t->level, *child = t->child, *next = t->next, *idom = t->idom;
	uint64_t steps = 1;
	level[x] = lev;
	uint32_t cur = x;
	for (;;) {
		if (child[cur] != SSA_NONE) {
			cur = child[cur];
		} else {
			while (cur != x && next[cur] == SSA_NONE)
				cur = idom[cur];
			if (cur == x)
				break;
			cur = next[cur];
		}
		level[cur] = level[idom[cur]] + 1;
		steps++;
	}
	t->work += steps;
}

static int push_edge(struct dtree *t, uint32_t a, uint32_t b)
{
	if (t->nedges + 2 > t->ecap) {
		uint64_t cap = t->ecap ? t->ecap * 2 : 256;
		uint32_t *e = cap <= SIZE_MAX / sizeof *e ? ssa_realloc_array(t->edges, (size_t)cap, sizeof *e) : NULL;
		if (!e)
			return SSA_ENOMEM;
		t->edges = e;
		t->ecap = cap;
	}
	t->edges[t->nedges++] = a;
	t->edges[t->nedges++] = b;
	return SSA_OK;
}

/* The smallest semidominator on the compressed path from v (> lim) up to, not including, the
 * first vertex numbered <= lim; compresses the path (vertices above lim are linked). */
static inline uint32_t dt_eval(uint32_t *anc, uint32_t *label, uint32_t *stk, uint32_t v,
			       uint32_t lim, uint64_t *work)
{
	if (anc[v] <= lim)
		return label[v];
	uint32_t top = 0, u = v;
	do {
		stk[top++] = u;
		u = anc[u];
	} while (anc[u] > lim);
	*work += top;
	while (top) {
		uint32_t y = stk[--top];
		uint32_t ay = anc[y];
		if (label[ay] < label[y])
			label[y] = label[ay];
		anc[y] = anc[ay];
	}
	return label[v];
}

/* Is w (on the tree) in the subtree of r? A climb by levels. */
static bool in_subtree(const struct dtree *t, uint32_t w, uint32_t r)
{
	uint32_t lr = t->level[r];
	while (t->level[w] > lr)
		w = t->idom[w];
	return w == r;
}

int dt_search(struct dtree *t, const struct upd_view *v, uint32_t root, enum dt_mode mode,
	      uint32_t lim)
{
	uint32_t *num = t->num, *order = t->order, *parent = t->parent, *cur = t->ridom;
	uint32_t *stk = t->stk, *level = t->level, *anc = t->anc;
	uint64_t work = 0;
	int st = SSA_OK;
	t->nedges = 0;

	/* Depth-first search in successor order; ridom[] holds each open vertex's next edge. */
	uint32_t k = 1, top = 0;
	num[root] = 1;
	order[1] = root;
	parent[1] = 0;
	anc[1] = 0;
	cur[1] = 0;
	stk[top++] = 1;
	while (top) {
		uint32_t x = stk[top - 1], deg, b = order[x];
		const uint32_t *s = upd_succ(v, b, &deg);
		bool from_tree = level[b] != SSA_NONE;
		uint32_t c = cur[x];
		uint32_t go = SSA_NONE;
		while (c < deg) {
			uint32_t w = s[c++];
			work++;
			if (num[w])
				continue;
			bool in = level[w] != SSA_NONE, descend, collect = false;
			switch (mode) {
			case DT_ALL:
				descend = true;
				break;
			case DT_BELOW:
				descend = in && level[w] > lim;
				break;
			case DT_UNREACHED:
				descend = !in;
				collect = in;
				break;
			case DT_COLLECT:
				descend = in && level[w] > lim;
				collect = in && !descend;
				break;
			case DT_BATCH_FIRST:
				descend = !in || (from_tree ? level[w] > lim : in_subtree(t, w, root));
				collect = !descend;
				break;
			default: /* DT_BATCH_FINAL */
				descend = !in || !from_tree || level[w] > lim;
				break;
			}
			if (collect && (st = push_edge(t, b, w)))
				goto out;
			if (descend) {
				go = w;
				break;
			}
		}
		cur[x] = c;
		if (go == SSA_NONE) {
			top--;
			continue;
		}
		k++;
		num[go] = k;
		order[k] = go;
		parent[k] = x;
		anc[k] = x;
		cur[k] = 0;
		stk[top++] = k;
	}
out:
	t->k = k;
	t->work += work + k;
	if (st)
		dt_region_reset(t);
	return st;
}

void dt_semi_nca(struct dtree *t, const struct upd_view *v)
{
	uint32_t *num = t->num, *order = t->order, *parent = t->parent, *stk = t->stk;
	uint32_t *anc = t->anc, *semi = t->semi, *label = t->label, *ridom = t->ridom;
	uint32_t k = t->k;
	uint64_t work = 0;
	/* Semidominators in decreasing number; predecessors outside the region are ignored (in
	 * every mode no path from the root reaches a region vertex through them). */
	for (uint32_t x = k; x >= 2; x--) {
		uint32_t deg, s = parent[x];
		const uint32_t *p = upd_pred(v, order[x], &deg);
		work += deg;
		for (uint32_t i = 0; i < deg; i++) {
			uint32_t pn = num[p[i]];
			if (!pn)
				continue;
			uint32_t c = pn <= x ? pn : dt_eval(anc, label, stk, pn, x, &work);
			if (c < s)
				s = c;
		}
		semi[x] = s;
		label[x] = s;
	}
	/* Immediate dominators: the nearest common ancestor of the parent and the semidominator
	 * in the tree built so far, walking up in numbers. */
	for (uint32_t x = 2; x <= k; x++) {
		uint32_t d = parent[x], s = semi[x];
		while (d > s) {
			d = ridom[d];
			work++;
		}
		ridom[x] = d;
	}
	ridom[1] = 0;
	t->work += work;
}

int dt_region(struct dtree *t, const struct upd_view *v, uint32_t root, enum dt_mode mode,
	      uint32_t lim)
{
	int st = dt_search(t, v, root, mode, lim);
	if (!st)
		dt_semi_nca(t, v);
	return st;
}

void dt_region_reset(struct dtree *t)
{
	for (uint32_t x = 1; x <= t->k; x++)
		t->num[t->order[x]] = 0;
	t->k = 0;
}

void dt_reattach(struct dtree *t)
{
	uint32_t *order = t->order, *ridom = t->ridom, *idom = t->idom, *level = t->level;
	for (uint32_t x = 2; x <= t->k; x++) {
		uint32_t b = order[x], p = order[ridom[x]];
		if (idom[b] != p || level[b] == SSA_NONE) {
			if (idom[b] != SSA_NONE)
				dt_detach(t, b);
			dt_attach(t, b, p);
		}
		/* ridom[x] < x, so the parent's level is already the new one. */
		level[b] = level[p] + 1;
	}
	t->work += t->k;
	dt_region_reset(t);
}

int dt_build_from_idom(struct dtree *t, uint32_t n, const uint32_t *idom)
{
	if (n > t->cap)
		return SSA_EUSAGE;
	size_t bytes = (size_t)n * sizeof(uint32_t);
	memset(t->idom, 0xff, bytes);
	memset(t->level, 0xff, bytes);
	memset(t->child, 0xff, bytes);
	memset(t->next, 0xff, bytes);
	memset(t->prev, 0xff, bytes);
	/* Children in descending id order, so each list ends up ascending. */
	for (uint32_t b = n; b-- > 1;)
		if (idom[b] != SSA_NONE)
			dt_attach(t, b, idom[b]);
	t->work += 2 * (uint64_t)n;
	dt_relevel(t, 0, 0);
	return SSA_OK;
}
