/* df-cytron: dominance frontiers (df.h) bottom-up over the dominator tree:
 * DF(x) = DF_local(x) ∪ ⋃ DF_up(z) over the children z of x, blocks in reverse preorder of the
 * tree; each set ascending and without duplicates, byte for byte the other algorithms' output.
 * Time O(m + Σ|DF| log max|DF|), each entry of DF(z) read once, by idom(z); memory 3n words of
 * scratch plus 2·Σ|DF| entries while building. Requires the dominator tree of g.
 * Paper: Cytron, Ferrante, Rosen, Wegman, Zadeck, "Efficiently Computing Static Single
 * Assignment Form and the Control Dependence Graph", TOPLAS 13(4), 1991, Figure 10. */
#include "df/df.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* The equations, and the order.
 *
 * The paper's Figure 10:
 *   DF(x) = DF_local(x) ∪ ⋃_{z child of x} DF_up(z)
 *   DF_local(x) = { y ∈ succ(x) : idom(y) != x },  DF_up(z) = { y ∈ DF(z) : idom(y) != idom(z) }.
 * Blocks are visited in reverse preorder of the dominator tree, which finishes every subtree before
 * its root (the paper's postorder, without recursion). Duplicates inside one DF(x) are dropped
 * with stamp[y] = x, so nothing is cleared per block.
 *
 * The sets are built in visiting order into a growing buffer (children must stay readable until
 * their parent is done), then copied into block order and sorted, so the output matches the
 * other algorithms byte for byte. */

struct cytron_scratch {
	uint32_t n;
	uint32_t *stamp;
	uint64_t *start; /* where DF(x) begins in buf */
	uint32_t *buf;
	uint64_t cap;
};

static uint64_t cytron_scratch_bytes(uint64_t n, uint64_t m)
{
	(void)m;
	/* the struct, stamp, start, and the building buffer's first 1024 entries (its growth:
	 * cytron_run_bytes) */
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct cytron_scratch)),
				 ssa_array_bytes(n, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(n + 1, sizeof(uint64_t)));
	return ssa_sat_add(b, ssa_array_bytes(1024, sizeof(uint32_t)));
}

/* The building buffer doubles (capped at the limit) until it holds all total entries; growing
 * keeps the old one until the copy; then each set is sorted (qsort's copy: at most all total
 * entries in one set). Beyond the buffer's first 1024 entries, which the scratch counts. */
static uint64_t cytron_run_bytes(uint64_t total, uint64_t limit)
{
	uint64_t cap = 1024, prev = 0;
	while (cap < total && cap < limit) {
		prev = cap;
		cap = 2 * cap < limit ? 2 * cap : limit;
	}
	uint64_t old = prev ? ssa_array_bytes(prev, sizeof(uint32_t)) : 0;
	uint64_t sort = ssa_qsort_bytes(total, sizeof(uint32_t));
	return ssa_sat_add(ssa_array_bytes(cap, sizeof(uint32_t)), old > sort ? old : sort) -
	       ssa_array_bytes(1024, sizeof(uint32_t));
}

static void cytron_scratch_free(void *p)
{
	struct cytron_scratch *s = p;
	if (!s)
		return;
	ssa_free_all(s->stamp, s->start, s->buf, NULL);
	free(s);
}

static int cytron_scratch_alloc(void **out, uint32_t n, uint32_t m)
{
	(void)m;
	struct cytron_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return SSA_ENOMEM;
	s->n = n;
	s->stamp = ssa_alloc_array(n, sizeof(uint32_t));
	s->start = ssa_alloc_array((size_t)n + 1, sizeof(uint64_t));
	s->cap = 1024;
	s->buf = ssa_alloc_array(s->cap, sizeof(uint32_t));
	if (!s->stamp || !s->start || !s->buf) {
		cytron_scratch_free(s);
		return SSA_ENOMEM;
	}
	*out = s;
	return SSA_OK;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* Appends y to the set being built; grows buf geometrically, refusing past limit. */
static inline int push(struct cytron_scratch *s, uint64_t *len, uint64_t limit, uint32_t y)
{
	if (*len == limit)
		return SSA_ETOOBIG;
	if (*len == s->cap) {
		uint64_t nc = 2 * s->cap;
		if (nc > limit)
			nc = limit;
		if (nc > SIZE_MAX / sizeof(uint32_t))
			return SSA_ETOOBIG;
		uint32_t *nb = ssa_realloc_array(s->buf, (size_t)nc, sizeof(uint32_t));
		if (!nb)
			return SSA_ENOMEM;
		s->buf = nb;
		s->cap = nc;
	}
	s->buf[(*len)++] = y;
	return SSA_OK;
}

static int cytron_run(void *p, const struct cfg *g, const struct domtree *dt, uint64_t limit,
		      struct df_sets *out, uint64_t *counters)
{
	struct cytron_scratch *s = p;
	uint32_t n = g->n;
	memset(counters, 0, DF_MAX_COUNTERS * sizeof *counters);
	if (n > s->n)
		return SSA_EUSAGE;
	uint32_t *stamp = s->stamp;
	uint64_t *start = s->start;
	for (uint32_t b = 0; b < n; b++)
		stamp[b] = SSA_NONE;
	uint64_t len = 0, up_reads = 0;
	int st;
	for (uint32_t i = dt->nreach; i-- > 0;) {
		uint32_t x = dt->order[i];
		start[x] = len;
		for (uint32_t e = g->succ_off[x]; e < g->succ_off[x + 1]; e++) {
			uint32_t y = g->succ[e];
			if (dt->idom[y] != x && stamp[y] != x) {
				stamp[y] = x;
				if ((st = push(s, &len, limit, y)) != SSA_OK)
					return st;
			}
		}
		for (uint32_t c = dt->child_off[x]; c < dt->child_off[x + 1]; c++) {
			uint32_t z = dt->child[c];
			/* DF(z) was finished earlier; its end is the start of the next set built. */
			uint64_t zb = start[z], ze = zb + out->off[z];
			for (uint64_t k = zb; k < ze; k++) {
				uint32_t y = s->buf[k];
				up_reads++;
				if (dt->idom[y] != x && stamp[y] != x) {
					stamp[y] = x;
					if ((st = push(s, &len, limit, y)) != SSA_OK)
						return st;
				}
			}
		}
		/* out->off doubles as the size of each finished set until the final pass. */
		out->off[x] = len - start[x];
	}
	counters[0] = up_reads;
	counters[1] = len;
	return SSA_OK;
}

/* Cytron's run leaves sizes in out->off; this wrapper turns them into the CSR. */
static int cytron_run_csr(void *p, const struct cfg *g, const struct domtree *dt, uint64_t limit,
			  struct df_sets *out, uint64_t *counters)
{
	struct cytron_scratch *s = p;
	uint32_t n = g->n;
	int st = df_sets_reserve(out, n, out->cap);
	if (st != SSA_OK)
		return st;
	/* Sizes of blocks outside the tree are zero. */
	for (uint32_t b = 0; b < n; b++)
		out->off[b] = 0;
	st = cytron_run(p, g, dt, limit, out, counters);
	if (st != SSA_OK)
		return st;
	uint64_t total = counters[1];
	/* Sets are already duplicate-free, so Σ over blocks is the buffer length. */
	st = df_sets_reserve(out, n, total);
	if (st != SSA_OK)
		return st;
	uint64_t acc = 0;
	uint32_t mx = 0;
	for (uint32_t x = 0; x < n; x++) {
		uint64_t k = out->off[x];
		out->off[x] = acc;
		if (k) {
			memcpy(out->set + acc, s->buf + s->start[x], (size_t)k * sizeof(uint32_t));
			if (k > 1)
				qsort(out->set + acc, (size_t)k, sizeof(uint32_t), cmp_u32);
		}
		if (k > mx)
			mx = (uint32_t)k;
		acc += k;
	}
	out->off[n] = acc;
	out->total = acc;
	out->max = mx;
	return SSA_OK;
}

const struct df_algo df_cytron_algo = {
	.head = {
		.name = "df-cytron",
		.summary = "Cytron et al.'s bottom-up DF_local/DF_up over the dominator tree, iterative",
		.citation = "Cytron, Ferrante, Rosen, Wegman, Zadeck 1991, TOPLAS 13(4), Fig. 10",
		.complexity = "O(m + sum|DF| log max|DF|) time, 3n words + 2*sum|DF| entries",
		.counter_names = {"up-reads", "entries"},
	},
	.scratch_bytes = cytron_scratch_bytes,
	.run_bytes = cytron_run_bytes,
	.scratch_alloc = cytron_scratch_alloc,
	.scratch_free = cytron_scratch_free,
	.run = cytron_run_csr,
};
