/* The floor: the cheapest whole-graph passes every SSA-construction algorithm pays for at
 * least once, timed under the same policy so the algorithms' times can be read as multiples
 * of them.
 *   dfs    iterative depth-first search from the entry in successor order with preorder,
 *          postorder, parent and reverse postorder (algos/cfg/traverse.c). O(n + m) time,
 *          7n words.
 *   preds  the predecessor CSR rebuilt from the successor CSR by a stable counting sort,
 *          pred(v) ordered by (source, position among the source's successors), as
 *          cfg_build_preds defines it. O(n + m) time, n + 2 + m words.
 * Each has a check against a simple reference that shares no code with the kernel. */
#include "bench/kernel.h"
#include "cfg/traverse.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- dfs ---- */

struct dfs_state {
	const struct cfg *g;
	struct cfg_dfs d;
};

static uint64_t dfs_mem(const struct bench_input *in)
{
	return cfg_dfs_bytes(in->prog->cfg.n);
}

static int dfs_setup(const struct bench_input *in, void **state, char *err, size_t errlen)
{
	struct dfs_state *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, errlen, "dfs: out of memory");
		return SSA_ENOMEM;
	}
	s->g = &in->prog->cfg;
	int st = cfg_dfs_alloc(&s->d, s->g->n);
	if (st) {
		free(s);
		snprintf(err, errlen, "dfs: cannot allocate 7n words for n=%" PRIu32, in->prog->cfg.n);
		return st;
	}
	*state = s;
	return SSA_OK;
}

static int dfs_run(void *state, uint64_t *counters)
{
	struct dfs_state *s = state;
	cfg_dfs_run(&s->d, s->g, 0);
	counters[0] = s->d.nreach;
	return SSA_OK;
}

/* The reference: reachability by a breadth-first search, then the exact textbook DFS
 * characterised without simulating it. With subtree sizes and depths derived from parent[],
 * a numbering is the DFS that scans successors in edge order iff, for every reached u, scanning
 * u's successors in order with a cursor starting at pre[u]+1, each successor v with
 * pre[v] >= cursor (not yet visited at that moment) is u's child numbered exactly cursor, and
 * the cursor then skips v's subtree, ending at pre[u] + size[u]. Postorder follows:
 * post[b] = pre[b] - depth[b] + size[b] - 1 (blocks finished before b are its descendants and
 * the earlier blocks that are not its ancestors). */
static int dfs_check(void *state, char *msg, size_t msglen)
{
#define BAD(...) do { snprintf(msg, msglen, __VA_ARGS__); st = SSA_EVERIFY; goto out; } while (0)
	struct dfs_state *s = state;
	const struct cfg *g = s->g;
	const struct cfg_dfs *d = &s->d;
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

static void put_id(FILE *out, uint32_t v)
{
	if (v == SSA_NONE)
		fputs(" -1", out);
	else
		fprintf(out, " %" PRIu32, v);
}

static int dfs_dump(void *state, const char *kind, FILE *out)
{
	struct dfs_state *s = state;
	if (!strcmp(kind, "dfs")) {
		for (uint32_t b = 0; b < s->g->n; b++) {
			fprintf(out, "%" PRIu32, b);
			put_id(out, s->d.pre[b]);
			put_id(out, s->d.post[b]);
			put_id(out, s->d.parent[b]);
			fputc('\n', out);
		}
	} else if (!strcmp(kind, "rpo")) {
		for (uint32_t i = 0; i < s->d.nreach; i++)
			fprintf(out, "%" PRIu32 "\n", s->d.rpo[i]);
	} else {
		return SSA_EUSAGE;
	}
	return ferror(out) ? SSA_EIO : SSA_OK;
}

static void dfs_teardown(void *state)
{
	struct dfs_state *s = state;
	cfg_dfs_free(&s->d);
	free(s);
}

/* ---- preds ---- */

struct preds_state {
	const struct cfg *g;
	uint32_t *off; /* n + 2: the counting sort counts at off[v + 2] so no shift is needed */
	uint32_t *pred;
};

static uint64_t preds_mem(const struct bench_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	return ssa_bytes((uint64_t)g->n + 2 + g->m, sizeof(uint32_t));
}

static int preds_setup(const struct bench_input *in, void **state, char *err, size_t errlen)
{
	struct preds_state *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, errlen, "preds: out of memory");
		return SSA_ENOMEM;
	}
	s->g = &in->prog->cfg;
	s->off = ssa_alloc_array((size_t)s->g->n + 2, sizeof *s->off);
	s->pred = ssa_alloc_array(s->g->m, sizeof *s->pred);
	if (!s->off || !s->pred) {
		ssa_free_all(s->off, s->pred, s, NULL);
		snprintf(err, errlen, "preds: cannot allocate n+m words");
		return SSA_ENOMEM;
	}
	*state = s;
	return SSA_OK;
}

static int preds_run(void *state, uint64_t *counters)
{
	struct preds_state *s = state;
	const struct cfg *g = s->g;
	const uint32_t n = g->n, m = g->m;
	const uint32_t *succ = g->succ, *succ_off = g->succ_off;
	uint32_t *off = s->off, *pred = s->pred;
	memset(off, 0, ((size_t)n + 2) * sizeof *off);
	for (uint32_t e = 0; e < m; e++)
		off[succ[e] + 2]++;
	/* Now off[v + 1] becomes the first slot of v, and the scatter advances it to v's end,
	 * which is the first slot of v + 1: the offsets come out in place. */
	for (size_t i = 2; i < (size_t)n + 2; i++) /* n + 2 can exceed 32 bits */
		off[i] += off[i - 1];
	for (uint32_t u = 0; u < n; u++)
		for (uint32_t e = succ_off[u], end = succ_off[u + 1]; e < end; e++)
			pred[off[succ[e] + 1]++] = u;
	counters[0] = m;
	return SSA_OK;
}

/* The reference is the definition: walking the edges in (source, position) order, the k-th
 * edge into v seen must be pred(v)[k]. The core's own predecessor CSR must agree too. */
static int preds_check(void *state, char *msg, size_t msglen)
{
	struct preds_state *s = state;
	const struct cfg *g = s->g;
	uint32_t *seen = ssa_calloc_array(g->n, sizeof *seen);
	if (!seen) {
		snprintf(msg, msglen, "reference: out of memory");
		return SSA_ENOMEM;
	}
	int st = SSA_EVERIFY;
	if (s->off[0] != 0 || s->off[g->n] != g->m) {
		snprintf(msg, msglen, "offsets run from %" PRIu32 " to %" PRIu32 ", expected 0 to %" PRIu32,
			 s->off[0], s->off[g->n], g->m);
		goto out;
	}
	for (uint32_t u = 0; u < g->n; u++) {
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
			uint32_t v = g->succ[e];
			uint64_t slot = (uint64_t)s->off[v] + seen[v]++;
			if (slot >= s->off[v + 1] || s->pred[slot] != u) {
				snprintf(msg, msglen,
					 "block %" PRIu32 ": predecessor %" PRIu32 " (edge %" PRIu32
					 " of %" PRIu32 ") missing or out of order",
					 v, seen[v] - 1, e - g->succ_off[u], u);
				goto out;
			}
		}
	}
	for (uint32_t v = 0; v < g->n; v++)
		if (s->off[v] + seen[v] != s->off[v + 1]) {
			snprintf(msg, msglen, "block %" PRIu32 ": %" PRIu32 " predecessors listed, %" PRIu32
				 " edges enter it", v, s->off[v + 1] - s->off[v], seen[v]);
			goto out;
		}
	if (g->pred_off && g->pred &&
	    (memcmp(s->off, g->pred_off, ((size_t)g->n + 1) * sizeof *s->off) ||
	     memcmp(s->pred, g->pred, (size_t)g->m * sizeof *s->pred))) {
		snprintf(msg, msglen, "differs from the CFG's own predecessor CSR");
		goto out;
	}
	snprintf(msg, msglen, "reference: edge-order definition + cfg_build_preds");
	st = SSA_OK;
out:
	free(seen);
	return st;
}

static int preds_dump(void *state, const char *kind, FILE *out)
{
	struct preds_state *s = state;
	if (strcmp(kind, "preds"))
		return SSA_EUSAGE;
	for (uint32_t v = 0; v < s->g->n; v++) {
		fprintf(out, "%" PRIu32 ":", v);
		for (uint32_t i = s->off[v]; i < s->off[v + 1]; i++)
			fprintf(out, " %" PRIu32, s->pred[i]);
		fputc('\n', out);
	}
	return ferror(out) ? SSA_EIO : SSA_OK;
}

static void preds_teardown(void *state)
{
	struct preds_state *s = state;
	ssa_free_all(s->off, s->pred, s, NULL);
}

static const struct bench_kernel floor_kernels[] = {
	{
		.name = "dfs",
		.summary = "DFS from the entry: pre/postorder, parents, reverse postorder (7n words)",
		.counter_names = {"reached"},
		.mem_estimate = dfs_mem,
		.setup = dfs_setup,
		.run = dfs_run,
		.check = dfs_check,
		.dump = dfs_dump,
		.teardown = dfs_teardown,
	},
	{
		.name = "preds",
		.summary = "predecessor CSR by stable counting sort (n+m words)",
		.counter_names = {"edges"},
		.mem_estimate = preds_mem,
		.setup = preds_setup,
		.run = preds_run,
		.check = preds_check,
		.dump = preds_dump,
		.teardown = preds_teardown,
	},
};

extern const struct bench_stage bench_stage_floor;
const struct bench_stage bench_stage_floor = {
	.name = "floor",
	.title = "the floor: whole-graph passes every algorithm pays for",
	.kernels = floor_kernels,
	.nkernels = sizeof floor_kernels / sizeof *floor_kernels,
	.options = NULL,
};
