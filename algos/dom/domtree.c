#include "dom/domtree.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

uint64_t domtree_bytes(uint64_t n)
{
	/* idom, child, tin, tlast, depth, order: n words each; child_off n + 1 */
	return ssa_sat_add(ssa_bytes(6, ssa_array_bytes(n, sizeof(uint32_t))),
			   ssa_array_bytes(n + 1, sizeof(uint32_t)));
}

uint64_t domtree_lean_bytes(uint64_t n)
{
	/* idom, tin, tlast, depth, order: each its own allocation, rounded to its size class */
	return ssa_bytes(5, ssa_array_bytes(n, sizeof(uint32_t)));
}

void domtree_free(struct domtree *t)
{
	ssa_free_all(t->idom, t->child_off, t->child, t->tin, t->tlast, t->depth, t->order);
	memset(t, 0, sizeof *t);
}

static int alloc(struct domtree *t, uint32_t n, bool children)
{
	memset(t, 0, sizeof *t);
	t->n = n;
	t->idom = ssa_alloc_array(n, sizeof(uint32_t));
	if (children) {
		t->child_off = ssa_alloc_array((size_t)n + 1, sizeof(uint32_t));
		t->child = ssa_alloc_array(n, sizeof(uint32_t));
	}
	t->tin = ssa_alloc_array(n, sizeof(uint32_t));
	t->tlast = ssa_alloc_array(n, sizeof(uint32_t));
	t->depth = ssa_alloc_array(n, sizeof(uint32_t));
	t->order = ssa_alloc_array(n, sizeof(uint32_t));
	if (!t->idom || (children && (!t->child_off || !t->child)) || !t->tin || !t->tlast ||
	    !t->depth || !t->order) {
		domtree_free(t);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

int domtree_alloc(struct domtree *t, uint32_t n)
{
	return alloc(t, n, true);
}

int domtree_alloc_lean(struct domtree *t, uint32_t n)
{
	return alloc(t, n, false);
}

/* The children in CSR by a counting sort over blocks in ascending order, so each list is
 * ascending; *with_idom gets the number of blocks with an immediate dominator. SSA_EVERIFY for
 * an idom out of range or a block its own idom. */
static int children(struct domtree *t, const uint32_t *idom, uint32_t *with_idom)
{
	const uint32_t n = t->n;
	uint32_t *off = t->child_off;
	memset(off, 0, ((size_t)n + 1) * sizeof *off);
	uint32_t w = 0;
	for (uint32_t b = 0; b < n; b++) {
		uint32_t d = idom[b];
		if (d == SSA_NONE)
			continue;
		if (d >= n || d == b)
			return SSA_EVERIFY;
		off[d + 1]++;
		w++;
	}
	for (uint32_t b = 0; b < n; b++)
		off[b + 1] += off[b];
	for (uint32_t b = 0; b < n; b++)
		if (idom[b] != SSA_NONE)
			t->child[off[idom[b]]++] = b;
	memmove(off + 1, off, (size_t)n * sizeof *off);
	off[0] = 0;
	*with_idom = w;
	return SSA_OK;
}

int domtree_compute(struct domtree *t, const uint32_t *idom, uint32_t root)
{
	const uint32_t n = t->n;
	t->root = root;
	t->nreach = 0;
	if (root >= n || idom[root] != SSA_NONE)
		return SSA_EVERIFY;
	if (!t->child_off) {
		/* a lean tree: this walk needs the children */
		t->child_off = ssa_alloc_array((size_t)n + 1, sizeof(uint32_t));
		t->child = t->child_off ? ssa_alloc_array(n, sizeof(uint32_t)) : NULL;
		if (!t->child) {
			free(t->child_off);
			t->child_off = NULL;
			return SSA_ENOMEM;
		}
	}
	if (t->idom != idom)
		memcpy(t->idom, idom, (size_t)n * sizeof(uint32_t));
	uint32_t with_idom;
	int st = children(t, idom, &with_idom);
	if (st != SSA_OK)
		return st;
	const uint32_t *off = t->child_off;

	/* Preorder by an explicit stack whose children are pushed in reverse, so they pop in
	 * ascending order. tlast serves as that stack: at most one entry per block is ever on it,
	 * and its real values are only written afterwards, from subtree sizes. */
	uint32_t *tin = t->tin, *tlast = t->tlast, *depth = t->depth, *order = t->order;
	memset(tin, 0xff, (size_t)n * sizeof *tin);
	memset(depth, 0xff, (size_t)n * sizeof *depth);
	uint32_t *stack = tlast;
	uint32_t top = 0, count = 0;
	stack[top++] = root;
	depth[root] = 0;
	while (top) {
		uint32_t v = stack[--top];
		tin[v] = count;
		order[count++] = v;
		uint32_t dv = depth[v] + 1;
		for (uint32_t c = off[v + 1]; c > off[v]; c--) {
			uint32_t w = t->child[c - 1];
			depth[w] = dv;
			stack[top++] = w;
		}
	}
	/* A block with an idom that the walk never reached sits on a cycle of idoms. */
	if (with_idom + 1 != count)
		return SSA_EVERIFY;
	t->nreach = count;

	/* Subtree sizes in reverse preorder (children come after their parent), then
	 * tlast = tin + size - 1. Blocks outside the tree get 0, so no interval contains them. */
	memset(tlast, 0, (size_t)n * sizeof *tlast);
	for (uint32_t i = count; i-- > 0;) {
		uint32_t v = order[i];
		tlast[v] += 1; /* now the subtree size of v */
		if (idom[v] != SSA_NONE)
			tlast[idom[v]] += tlast[v];
	}
	for (uint32_t i = 0; i < count; i++) {
		uint32_t v = order[i];
		tlast[v] = tin[v] + tlast[v] - 1;
	}
	return SSA_OK;
}

/* Subtree sizes in the algorithm's numbering (a sequential pass, parents numbered below their
 * children), then each block, in number order, takes the next free number in its parent's
 * range: tlast[p] is the last number handed out in p's subtree so far, so it ends as the end
 * of p's interval. Siblings come in number order. No walk, and every array but the outputs is
 * read in number order, which a depth-first numbering keeps close to block order. */
int domtree_compute_numbered(struct domtree *t, const uint32_t *ord, const uint32_t *didom,
			     uint32_t nr, uint32_t *sz)
{
	const uint32_t n = t->n;
	t->nreach = 0;
	if (nr == 0 || nr > n || ord[0] >= n)
		return SSA_EVERIFY;
	const uint32_t root = ord[0];
	const uint32_t *idom = t->idom;
	uint32_t *tin = t->tin, *tlast = t->tlast, *depth = t->depth, *order = t->order;
	t->root = root;
	if (idom[root] != SSA_NONE)
		return SSA_EVERIFY;
	memset(sz, 0, (size_t)nr * sizeof *sz);
	for (uint32_t x = nr; x-- > 1;) {
		uint32_t d = didom[x];
		if (d >= x)
			return SSA_EVERIFY;
		uint32_t s = sz[x] + 1;
		sz[x] = s;
		sz[d] += s;
	}
	memset(tin, 0xff, (size_t)n * sizeof *tin);
	if (nr < n) {
		memset(tlast, 0, (size_t)n * sizeof *tlast);
		memset(depth, 0xff, (size_t)n * sizeof *depth);
	}
	tin[root] = 0;
	tlast[root] = 0;
	depth[root] = 0;
	order[0] = root;
	for (uint32_t x = 1; x < nr; x++) {
		uint32_t b = ord[x], p = ord[didom[x]];
		/* the numbering must be a permutation whose tree is t->idom's */
		if (b >= n || tin[b] != SSA_NONE || idom[b] != p)
			return SSA_EVERIFY;
		uint32_t tb = tlast[p] + 1;
		tlast[p] += sz[x];
		tin[b] = tb;
		tlast[b] = tb;
		depth[b] = depth[p] + 1;
		order[tb] = b;
	}
	if (nr < n) {
		/* every block with an idom was numbered */
		uint32_t with_idom = 0;
		for (uint32_t b = 0; b < n; b++)
			with_idom += idom[b] != SSA_NONE;
		if (with_idom + 1 != nr)
			return SSA_EVERIFY;
	}
	t->nreach = nr;
	if (!t->child_off)
		return SSA_OK;
	/* Children in number order, which is their preorder. */
	uint32_t *off = t->child_off;
	memset(off, 0, ((size_t)n + 1) * sizeof *off);
	for (uint32_t x = 1; x < nr; x++)
		off[idom[ord[x]] + 1]++;
	for (uint32_t b = 0; b < n; b++)
		off[b + 1] += off[b];
	for (uint32_t x = 1; x < nr; x++)
		t->child[off[idom[ord[x]]]++] = ord[x];
	memmove(off + 1, off, (size_t)n * sizeof *off);
	off[0] = 0;
	return SSA_OK;
}

int domtree_build(struct domtree *t, const uint32_t *idom, uint32_t n, uint32_t root)
{
	int st = domtree_alloc(t, n);
	if (st)
		return st;
	st = domtree_compute(t, idom, root);
	if (st)
		domtree_free(t);
	return st;
}

int dom_idom_dump_named(FILE *out, const uint32_t *idom, uint32_t n, const struct names *bn)
{
	char b1[16], b2[16];
	for (uint32_t b = 0; b < n; b++)
		if (fprintf(out, "%s %s\n", names_str(bn, b, "", b1, sizeof b1),
			    idom[b] == SSA_NONE ? "-1" : names_str(bn, idom[b], "", b2, sizeof b2)) < 0)
			return SSA_EIO;
	return SSA_OK;
}

/* A DOT string: quotes and backslashes escaped. */
static void dot_str(FILE *out, const char *str)
{
	fputc('"', out);
	for (; *str; str++) {
		if (*str == '"' || *str == '\\')
			fputc('\\', out);
		fputc(*str, out);
	}
	fputc('"', out);
}

int dom_tree_dump_dot_named(FILE *out, const uint32_t *idom, uint32_t n, bool post,
			    const struct names *bn)
{
	fprintf(out, "digraph %s {\n", post ? "postdomtree" : "domtree");
	if (post)
		fputs("  exit [shape=box];\n", out);
	/* Nodes stay numbered; a named block gets its name as label. */
	for (uint32_t b = 0; b < n && names_any(bn); b++) {
		const char *name = names_get(bn, b);
		if (!name)
			continue;
		fprintf(out, "  %" PRIu32 " [label=", b);
		dot_str(out, name);
		fputs("];\n", out);
	}
	for (uint32_t b = 0; b < n; b++) {
		if (idom[b] != SSA_NONE)
			fprintf(out, "  %" PRIu32 " -> %" PRIu32 ";\n", idom[b], b);
		else if (post)
			fprintf(out, "  exit -> %" PRIu32 ";\n", b);
	}
	fputs("}\n", out);
	return ferror(out) ? SSA_EIO : SSA_OK;
}

uint32_t domtree_child_toward(const struct domtree *t, const uint32_t *ctin, uint32_t d, uint32_t u)
{
	/* Usually u is a child or grandchild of d: a few steps up beat the search. */
	uint32_t a = u;
	for (int k = 0; k < 4; k++) {
		uint32_t p = t->idom[a];
		if (p == d)
			return a;
		if (p == SSA_NONE)
			break;
		a = p;
	}
	uint32_t lo = t->child_off[d], hi = t->child_off[d + 1], x = t->tin[u];
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (ctin[mid] <= x)
			lo = mid;
		else
			hi = mid;
	}
	return t->child[lo];
}
