/* Checks of a loop nesting forest that share no code with the algorithms (loops.h).
 *
 * loops_oracle_check: the definition of loops.h computed directly, for small graphs. Its own
 * iterative DFS (successors in edge order, as the definition fixes), every header found by
 * looking at every in-edge, L(h) as an n-byte row per block filled by a backward search confined
 * to desc(h), parents and depths by row inclusion, entries by looking at every predecessor.
 * Time O(n^2 + n·m), memory n^2 bytes: refused (SSA_ETOOBIG) above LOOPS_ORACLE_MAX_BLOCKS.
 *
 * loops_facts_check: what holds at any size, in O(n + m): the number of loops equals the number
 * of blocks with a retreating in-edge (by its own DFS), every loop's header is such a block, the
 * forest's preorder numbering is consistent (parent < l <= last[l] <= last[parent], depth =
 * parent's + 1), and the forest has an irreducible loop iff cfg_is_reducible says no. */
#include "loops/loops.h"

#include "dom/reducible.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lo_dfs {
	uint32_t *pre, *last; /* SSA_NONE for blocks the entry does not reach */
};

/* Iterative preorder DFS from block 0; stack holds (block, next edge) pairs. */
static int lo_dfs_build(const struct cfg *g, struct lo_dfs *d)
{
	uint32_t n = g->n;
	d->pre = ssa_alloc_array(n, sizeof(uint32_t));
	d->last = ssa_alloc_array(n, sizeof(uint32_t));
	uint32_t *sb = ssa_alloc_array(n, sizeof(uint32_t));
	uint32_t *se = ssa_alloc_array(n, sizeof(uint32_t));
	if (!d->pre || !d->last || !sb || !se) {
		ssa_free_all(d->pre, d->last, sb, se);
		d->pre = d->last = NULL;
		return SSA_ENOMEM;
	}
	for (uint32_t b = 0; b < n; b++)
		d->pre[b] = d->last[b] = SSA_NONE;
	uint32_t cnt = 0, top = 0;
	d->pre[0] = cnt++;
	sb[top] = 0;
	se[top++] = g->succ_off[0];
	while (top) {
		uint32_t b = sb[top - 1];
		if (se[top - 1] == g->succ_off[b + 1]) {
			d->last[b] = cnt - 1;
			top--;
			continue;
		}
		uint32_t s = g->succ[se[top - 1]++];
		if (d->pre[s] == SSA_NONE) {
			d->pre[s] = cnt++;
			sb[top] = s;
			se[top++] = g->succ_off[s];
		}
	}
	ssa_free_all(sb, se);
	return SSA_OK;
}

static bool lo_desc(const struct lo_dfs *d, uint32_t h, uint32_t w)
{
	return d->pre[w] != SSA_NONE && d->pre[h] <= d->pre[w] && d->pre[w] <= d->last[h];
}

static bool lo_is_header(const struct cfg *g, const struct lo_dfs *d, uint32_t h)
{
	if (d->pre[h] == SSA_NONE)
		return false;
	for (uint32_t i = g->pred_off[h]; i < g->pred_off[h + 1]; i++)
		if (lo_desc(d, h, g->pred[i]))
			return true;
	return false;
}

#define FAIL(...) do { snprintf(msg, msglen, __VA_ARGS__); rc = SSA_EVERIFY; goto out; } while (0)

int loops_oracle_check(const struct cfg *g, const struct loop_forest *f, char *msg, size_t msglen)
{
	uint32_t n = g->n;
	if (n > LOOPS_ORACLE_MAX_BLOCKS)
		return SSA_ETOOBIG;
	struct lo_dfs d = {0};
	uint8_t *in = NULL;
	uint32_t *work = NULL, *size = NULL, *loop_of = NULL;
	int rc = lo_dfs_build(g, &d);
	if (rc != SSA_OK)
		return rc;
	in = calloc((size_t)n * n, 1);
	work = ssa_alloc_array(n, sizeof(uint32_t));
	size = calloc(n, sizeof(uint32_t));
	loop_of = ssa_alloc_array(n, sizeof(uint32_t));
	if (!in || !work || !size || !loop_of) {
		rc = SSA_ENOMEM;
		goto out;
	}
	uint32_t headers = 0;
	for (uint32_t h = 0; h < n; h++) {
		loop_of[h] = SSA_NONE;
		if (!lo_is_header(g, &d, h))
			continue;
		headers++;
		uint8_t *row = in + (size_t)h * n;
		uint32_t top = 0;
		row[h] = 1;
		work[top++] = h;
		while (top) {
			uint32_t x = work[--top];
			for (uint32_t i = g->pred_off[x]; i < g->pred_off[x + 1]; i++) {
				uint32_t y = g->pred[i];
				if (lo_desc(&d, h, y) && !row[y]) {
					row[y] = 1;
					work[top++] = y;
				}
			}
		}
		for (uint32_t b = 0; b < n; b++)
			size[h] += row[b];
	}
	if (f->nloops != headers)
		FAIL("%u loops, the definition gives %u", f->nloops, headers);
	for (uint32_t l = 0; l < f->nloops; l++) {
		uint32_t h = f->header[l];
		if (h >= n || !size[h] || loop_of[h] != SSA_NONE)
			FAIL("loop %u: header %u is not a header of the definition", l, h);
		loop_of[h] = l;
	}
	for (uint32_t l = 0; l < f->nloops; l++) {
		uint32_t h = f->header[l], depth = 1, parent = SSA_NONE, psize = UINT32_MAX;
		const uint8_t *row = in + (size_t)h * n;
		for (uint32_t k = 0; k < n; k++) {
			if (!size[k] || k == h || !in[(size_t)k * n + h])
				continue;
			/* L(k) holds h and is another loop: by laminarity it strictly contains L(h). */
			depth++;
			if (size[k] < psize) {
				psize = size[k];
				parent = k;
			}
		}
		uint32_t want_parent = parent == SSA_NONE ? SSA_NONE : loop_of[parent];
		if (f->parent[l] != want_parent)
			FAIL("loop at block %u: parent %u, the definition gives loop %u", h, f->parent[l],
			     want_parent);
		if (f->depth[l] != depth)
			FAIL("loop at block %u: depth %u, the definition gives %u", h, f->depth[l], depth);
		if (f->nblocks[l] != size[h])
			FAIL("loop at block %u: %u blocks, the definition gives %u", h, f->nblocks[l],
			     size[h]);
		uint32_t entries = 0;
		for (uint32_t b = 0; b < n; b++) {
			if (loops_contains(f, l, b) != (row[b] != 0))
				FAIL("block %u %s loop at block %u by the definition", b,
				     row[b] ? "is in" : "is not in", h);
			bool ent = false;
			if (row[b]) {
				ent = b == h;
				for (uint32_t i = g->pred_off[b]; !ent && i < g->pred_off[b + 1]; i++)
					ent = d.pre[g->pred[i]] != SSA_NONE && !row[g->pred[i]];
			}
			entries += ent;
			if (loops_is_entry(f, l, b) != ent)
				FAIL("block %u %s an entry of the loop at block %u by the definition", b,
				     ent ? "is" : "is not", h);
		}
		if (f->entries[l] != entries)
			FAIL("loop at block %u: %u entries, the definition gives %u", h, f->entries[l],
			     entries);
	}
	for (uint32_t b = 0; b < n; b++) {
		uint32_t best = SSA_NONE, bs = UINT32_MAX;
		for (uint32_t h = 0; h < n; h++)
			if (size[h] && in[(size_t)h * n + b] && size[h] < bs) {
				bs = size[h];
				best = h;
			}
		uint32_t want = best == SSA_NONE ? SSA_NONE : loop_of[best];
		if (f->block_loop[b] != want)
			FAIL("block %u: innermost loop %u, the definition gives %u", b, f->block_loop[b],
			     want);
	}
	snprintf(msg, msglen, "every loop, parent, depth, member and entry = the definition (%u loops)",
		 headers);
out:
	free(in);
	ssa_free_all(d.pre, d.last, work, size, loop_of);
	return rc;
}

int loops_facts_check(const struct cfg *g, const struct loop_forest *f, char *msg, size_t msglen)
{
	struct lo_dfs d = {0};
	int rc = lo_dfs_build(g, &d);
	if (rc != SSA_OK)
		return rc;
	uint32_t headers = 0, irred = 0;
	for (uint32_t h = 0; h < g->n; h++)
		headers += lo_is_header(g, &d, h);
	if (f->nloops != headers)
		FAIL("%u loops but %u blocks with a retreating in-edge", f->nloops, headers);
	for (uint32_t l = 0; l < f->nloops; l++) {
		uint32_t h = f->header[l], p = f->parent[l];
		if (h >= g->n || !lo_is_header(g, &d, h))
			FAIL("loop %u: block %u has no retreating in-edge", l, h);
		if (f->last[l] < l || f->last[l] >= f->nloops)
			FAIL("loop %u: nested loops end at %u", l, f->last[l]);
		if (p == SSA_NONE ? f->depth[l] != 1
				  : (p >= l || f->last[l] > f->last[p] || f->depth[l] != f->depth[p] + 1))
			FAIL("loop %u (header %u): inconsistent parent %u or depth %u", l, h, p,
			     f->depth[l]);
		if (f->block_loop[h] != l)
			FAIL("loop %u: its header %u has innermost loop %u", l, h, f->block_loop[h]);
		irred += f->entries[l] > 1;
	}
	bool red;
	if ((rc = cfg_is_reducible(g, &red)) != SSA_OK)
		goto out;
	if (red != (irred == 0))
		FAIL("cfg_is_reducible says %s but the forest has %u irreducible loops",
		     red ? "reducible" : "irreducible", irred);
	snprintf(msg, msglen, "%u loops = retreating-edge targets, nesting consistent, %u irreducible "
		 "<=> cfg_is_reducible", headers, irred);
out:
	ssa_free_all(d.pre, d.last);
	return rc;
}

int loops_forest_check(const struct cfg *g, const struct loop_forest *f, char *msg, size_t msglen)
{
	char facts[256], oracle[256];
	int st = loops_facts_check(g, f, facts, sizeof facts);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "%s", st == SSA_EVERIFY ? facts : ssa_status_str(st));
		return st;
	}
	st = loops_oracle_check(g, f, oracle, sizeof oracle);
	if (st == SSA_ETOOBIG) {
		snprintf(msg, msglen, "%s (above %u blocks: no brute-force definition)", facts,
			 LOOPS_ORACLE_MAX_BLOCKS);
		return SSA_OK;
	}
	if (st != SSA_OK) {
		snprintf(msg, msglen, "%s", st == SSA_EVERIFY ? oracle : ssa_status_str(st));
		return st;
	}
	snprintf(msg, msglen, "%s; %s", oracle, facts);
	return SSA_OK;
}
