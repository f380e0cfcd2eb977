/* The floor: the whole-graph passes every SSA-construction algorithm pays for at least once
 * (bench's stage "floor"), and their references.
 *   cfg_preds_sort   the predecessor CSR rebuilt from the successor CSR by cfg_preds_fill, the
 *                    build cfg_build_preds uses (cfg.h): pred(v) ordered by (source, position
 *                    among the source's successors). O(n + m) time, n + 2 + m words, plus
 *                    the partitioned path's scratch (cfg.h).
 *   cfg_dfs_check    the reference for cfg_dfs_run (traverse.c), sharing no code with it.
 *   cfg_preds_check  the reference for cfg_preds_sort.
 * And their dumps (bench --dump=dfs, rpo, preds). */
#include "cfg/floor.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cfg_preds_sort(const struct cfg *g, uint32_t *off, uint32_t *pred)
{
	cfg_preds_fill(g, off, pred);
}

/* The reference: reachability by a breadth-first search, then the exact textbook DFS
 * characterised without simulating it. With subtree sizes and depths derived from parent[],
 * a numbering is the DFS that scans successors in edge order iff, for every reached u, scanning
 * u's successors in order with a cursor starting at pre[u]+1, each successor v with
 * pre[v] >= cursor (not yet visited at that moment) is u's child numbered exactly cursor, and
 * the cursor then skips v's subtree, ending at pre[u] + size[u]. Postorder follows:
 * post[b] = pre[b] - depth[b] + size[b] - 1 (blocks finished before b are its descendants and
 * the earlier blocks that are not its ancestors). */
int cfg_dfs_check(const struct cfg *g, const struct cfg_dfs *d, char *msg, size_t msglen)
{
#define BAD(...) do { snprintf(msg, msglen, __VA_ARGS__); st = SSA_EVERIFY; goto out; } while (0)
	const uint32_t n = g->n;
	int st = SSA_OK;
	uint32_t *queue = ssa_alloc_array(n, sizeof *queue);
	uint32_t *size = ssa_alloc_array(n, sizeof *size);
	uint32_t *depth = ssa_alloc_array(n, sizeof *depth);
	uint8_t *seen = ssa_calloc_array(n, 1);
	if (!queue || !size || !depth || !seen) {
		snprintf(msg, msglen, "reference: out of memory");
		st = SSA_ENOMEM;
		goto out;
	}
	uint32_t head = 0, tail = 0;
	seen[0] = 1;
	queue[tail++] = 0;
	while (head < tail) {
		uint32_t u = queue[head++];
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++)
			if (!seen[g->succ[e]]) {
				seen[g->succ[e]] = 1;
				queue[tail++] = g->succ[e];
			}
	}
	if (d->nreach != tail)
		BAD("reached %" PRIu32 " blocks, breadth-first search reaches %" PRIu32, d->nreach, tail);
	for (uint32_t b = 0; b < n; b++) {
		if (!seen[b]) {
			if (d->pre[b] != SSA_NONE || d->post[b] != SSA_NONE || d->parent[b] != SSA_NONE)
				BAD("block %" PRIu32 " is unreachable but numbered", b);
			continue;
		}
		if (d->pre[b] >= tail || d->order[d->pre[b]] != b)
			BAD("block %" PRIu32 ": pre %" PRIu32 " does not invert order[]", b, d->pre[b]);
		if (b == 0 ? d->parent[b] != SSA_NONE
			   : (d->parent[b] >= n || !seen[d->parent[b]] ||
			      d->pre[d->parent[b]] >= d->pre[b]))
			BAD("block %" PRIu32 ": bad parent %" PRIu32, b, d->parent[b]);
	}
	if (d->pre[0] != 0)
		BAD("the entry has preorder number %" PRIu32, d->pre[0]);
	for (uint32_t i = 0; i < tail; i++) {
		uint32_t b = d->order[i];
		size[b] = 1;
		depth[b] = b == 0 ? 0 : depth[d->parent[b]] + 1;
	}
	for (uint32_t i = tail; i-- > 1;) {
		uint32_t b = d->order[i];
		size[d->parent[b]] += size[b];
	}
	for (uint32_t i = 0; i < tail; i++) {
		uint32_t u = d->order[i];
		uint32_t cursor = i + 1;
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
			uint32_t v = g->succ[e];
			if (d->pre[v] < cursor)
				continue;
			if (d->pre[v] != cursor || d->parent[v] != u)
				BAD("block %" PRIu32 ": successor %" PRIu32 " (edge %" PRIu32
				    ") should be its child numbered %" PRIu32 ", has pre %" PRIu32,
				    u, v, e - g->succ_off[u], cursor, d->pre[v]);
			cursor += size[v];
		}
		if (cursor != i + size[u])
			BAD("block %" PRIu32 ": children do not account for its subtree", u);
		uint32_t post = i - depth[u] + size[u] - 1;
		if (d->post[u] != post)
			BAD("block %" PRIu32 ": post %" PRIu32 ", expected %" PRIu32, u, d->post[u], post);
		if (d->rpo[tail - 1 - post] != u)
			BAD("rpo[%" PRIu32 "] is %" PRIu32 ", expected %" PRIu32, tail - 1 - post,
			    d->rpo[tail - 1 - post], u);
	}
	snprintf(msg, msglen, "reference: BFS reachability + DFS order characterisation");
out:
	ssa_free_all(queue, size, depth, seen, NULL);
	return st;
#undef BAD
}

/* The reference is the definition: walking the edges in (source, position) order, the k-th
 * edge into v seen must be pred(v)[k]. The core's own predecessor CSR must agree too. */
int cfg_preds_check(const struct cfg *g, const uint32_t *off, const uint32_t *pred, char *msg,
		    size_t msglen)
{
	uint32_t *seen = ssa_calloc_array(g->n, sizeof *seen);
	if (!seen) {
		snprintf(msg, msglen, "reference: out of memory");
		return SSA_ENOMEM;
	}
	int st = SSA_EVERIFY;
	if (off[0] != 0 || off[g->n] != g->m) {
		snprintf(msg, msglen, "offsets run from %" PRIu32 " to %" PRIu32 ", expected 0 to %" PRIu32,
			 off[0], off[g->n], g->m);
		goto out;
	}
	for (uint32_t u = 0; u < g->n; u++) {
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
			uint32_t v = g->succ[e];
			uint64_t slot = (uint64_t)off[v] + seen[v]++;
			if (slot >= off[v + 1] || pred[slot] != u) {
				snprintf(msg, msglen,
					 "block %" PRIu32 ": predecessor %" PRIu32 " (edge %" PRIu32
					 " of %" PRIu32 ") missing or out of order",
					 v, seen[v] - 1, e - g->succ_off[u], u);
				goto out;
			}
		}
	}
	for (uint32_t v = 0; v < g->n; v++)
		if (off[v] + seen[v] != off[v + 1]) {
			snprintf(msg, msglen, "block %" PRIu32 ": %" PRIu32 " predecessors listed, %" PRIu32
				 " edges enter it", v, off[v + 1] - off[v], seen[v]);
			goto out;
		}
	if (g->pred_off && g->pred &&
	    (memcmp(off, g->pred_off, ((size_t)g->n + 1) * sizeof *off) ||
	     memcmp(pred, g->pred, (size_t)g->m * sizeof *pred))) {
		snprintf(msg, msglen, "differs from the CFG's own predecessor CSR");
		goto out;
	}
	snprintf(msg, msglen, "reference: edge-order definition + cfg_build_preds");
	st = SSA_OK;
out:
	free(seen);
	return st;
}

/* A block as the dumps write it: its name, else its number. */
static const char *blk(const struct names *bn, uint32_t b, char *buf)
{
	return names_str(bn, b, "", buf, NAMES_MAX_LEN + 16);
}

/* " " and v by name (names NULL: by number), " -1" for none. */
static void put(FILE *out, const struct names *names, uint32_t v)
{
	char buf[NAMES_MAX_LEN + 16];
	if (v == SSA_NONE)
		fputs(" -1", out);
	else
		fprintf(out, " %s", names_str(names, v, "", buf, sizeof buf));
}

int cfg_dfs_dump_named(FILE *out, const struct cfg_dfs *d, uint32_t n, bool rpo,
		       const struct names *bn)
{
	char buf[NAMES_MAX_LEN + 16];
	for (uint32_t b = 0; !rpo && b < n; b++) {
		fputs(blk(bn, b, buf), out);
		put(out, NULL, d->pre[b]);
		put(out, NULL, d->post[b]);
		put(out, bn, d->parent[b]);
		fputc('\n', out);
	}
	for (uint32_t i = 0; rpo && i < d->nreach; i++)
		fprintf(out, "%s\n", blk(bn, d->rpo[i], buf));
	return ferror(out) ? SSA_EIO : SSA_OK;
}

int cfg_preds_dump_named(FILE *out, uint32_t n, const uint32_t *off, const uint32_t *pred,
			 const struct names *bn)
{
	char buf[NAMES_MAX_LEN + 16];
	for (uint32_t v = 0; v < n; v++) {
		fprintf(out, "%s:", blk(bn, v, buf));
		for (uint32_t i = off[v]; i < off[v + 1]; i++)
			put(out, bn, pred[i]);
		fputc('\n', out);
	}
	return ferror(out) ? SSA_EIO : SSA_OK;
}

uint64_t floor_stage_bytes(const struct floor_algo *a, const struct cfg *g)
{
	if (a->pass == FLOOR_DFS)
		return cfg_dfs_bytes(g->n);
	uint64_t b = ssa_sat_add(ssa_array_bytes((uint64_t)g->n + 2, sizeof(uint32_t)),
				 ssa_array_bytes(g->m, sizeof(uint32_t)));
	return ssa_sat_add(b, cfg_preds_scratch_bytes_of(g));
}
