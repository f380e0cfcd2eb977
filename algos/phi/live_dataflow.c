/* live-dataflow: live-in sets of every variable at every block, by the iterative bitset dataflow.
 *
 * The classic backward may-problem (Kildall 1973, "A Unified Approach to Global Program
 * Optimization"; as in the CIS 341 lecture of the seeds): LiveIn(b) = UE(b) ∪ (LiveOut(b) \
 * Def(b)) and LiveOut(b) = ∪ LiveIn(s) over the successors s of b, solved from LiveIn = UE by a
 * worklist. Seeding the worklist in postorder lets most blocks see their successors' final sets
 * first; a block whose LiveIn grows puts its predecessors back. Bits only ever turn on, so each
 * block is revisited at most V times and the loop ends.
 * Time O((n + m)·⌈V/64⌉·d) word operations for d passes around loops (d ≤ V+1, usually 2-3);
 * memory 3·n·⌈V/64⌉ words (UE, Def, LiveIn; LiveOut is recomputed, never stored) + the DFS.
 * Handles unreachable blocks like any other (they are queued after the postorder). */
#include "phi/phi.h"
#include "util/bitset.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

uint64_t live_dataflow_bytes(uint64_t n, uint64_t nvars)
{
	uint64_t w = bitset_words(nvars);
	/* ue, kill, in; tmp; queue, queued; the DFS */
	uint64_t b = ssa_bytes(3, ssa_array_bytes(ssa_bytes(n, w), sizeof(uint64_t)));
	b = ssa_sat_add(b, ssa_array_bytes(w, sizeof(uint64_t)));
	b = ssa_sat_add(b, ssa_array_bytes(n, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(n, 1));
	return ssa_sat_add(b, cfg_dfs_bytes(n));
}

void live_dataflow_free(struct live_dataflow *ld)
{
	ssa_free_all(ld->ue, ld->kill, ld->in, ld->tmp, ld->queue, ld->queued, NULL);
	if (ld->dfs.pre)
		cfg_dfs_free(&ld->dfs);
	memset(ld, 0, sizeof *ld);
}

int live_dataflow_alloc(struct live_dataflow *ld, uint32_t n, uint32_t nvars)
{
	memset(ld, 0, sizeof *ld);
	ld->n = n;
	ld->nvars = nvars;
	ld->words = (uint32_t)bitset_words(nvars);
	size_t cells;
	if (!ssa_mul_ok(n, ld->words, &cells))
		return SSA_ETOOBIG;
	ld->ue = ssa_alloc_array(cells, sizeof(uint64_t));
	ld->kill = ssa_alloc_array(cells, sizeof(uint64_t));
	ld->in = ssa_alloc_array(cells, sizeof(uint64_t));
	ld->tmp = ssa_alloc_array(ld->words, sizeof(uint64_t));
	ld->queue = ssa_alloc_array(n, sizeof(uint32_t));
	ld->queued = ssa_alloc_array(n, 1);
	int st = SSA_ENOMEM;
	if (ld->ue && ld->kill && ld->in && ld->tmp && ld->queue && ld->queued)
		st = cfg_dfs_alloc(&ld->dfs, n);
	if (st != SSA_OK)
		live_dataflow_free(ld);
	return st;
}

int live_dataflow_run(struct live_dataflow *ld, const struct prog *p, uint64_t *counters)
{
	const struct cfg *g = &p->cfg;
	uint32_t n = g->n, W = ld->words;
	memset(counters, 0, 4 * sizeof *counters);
	if (n > ld->n || p->nvars > ld->nvars || bitset_words(p->nvars) != W)
		return SSA_EUSAGE;
	size_t cells = (size_t)n * W;
	memset(ld->ue, 0, cells * sizeof(uint64_t));
	memset(ld->kill, 0, cells * sizeof(uint64_t));
	for (uint32_t b = 0; b < n; b++) {
		uint64_t *ue = ld->ue + (size_t)b * W, *kill = ld->kill + (size_t)b * W;
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			uint32_t op = p->ops[i], v = prog_op_var(op);
			if (prog_op_is_def(op))
				bitset_set(kill, v);
			else if (!bitset_get(kill, v))
				bitset_set(ue, v);
		}
	}
	memcpy(ld->in, ld->ue, cells * sizeof(uint64_t));

	/* Worklist: postorder of the reachable blocks, then the unreachable ones. */
	cfg_dfs_run(&ld->dfs, g, 0);
	uint32_t qlen = 0;
	memset(ld->queued, 0, n);
	for (uint32_t i = ld->dfs.nreach; i-- > 0;) {
		uint32_t b = ld->dfs.rpo[i];
		ld->queue[qlen++] = b;
		ld->queued[b] = 1;
	}
	for (uint32_t b = 0; b < n; b++)
		if (!ld->queued[b]) {
			ld->queue[qlen++] = b;
			ld->queued[b] = 1;
		}
	uint32_t head = 0;
	uint64_t visits = 0, words = 0;
	uint64_t *tmp = ld->tmp;
	while (qlen) {
		uint32_t b = ld->queue[head];
		head = head + 1 == n ? 0 : head + 1;
		qlen--;
		ld->queued[b] = 0;
		visits++;
		memset(tmp, 0, (size_t)W * sizeof(uint64_t));
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
			const uint64_t *si = ld->in + (size_t)g->succ[e] * W;
			for (uint32_t w = 0; w < W; w++)
				tmp[w] |= si[w];
		}
		words += (uint64_t)W * (cfg_out_degree(g, b) + 1);
		uint64_t *in = ld->in + (size_t)b * W;
		const uint64_t *ue = ld->ue + (size_t)b * W, *kill = ld->kill + (size_t)b * W;
		bool changed = false;
		for (uint32_t w = 0; w < W; w++) {
			uint64_t nw = ue[w] | (tmp[w] & ~kill[w]);
			if (nw != in[w]) {
				in[w] = nw;
				changed = true;
			}
		}
		if (!changed)
			continue;
		for (uint32_t e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
			uint32_t q = g->pred[e];
			if (ld->queued[q])
				continue;
			ld->queued[q] = 1;
			uint64_t tail = (uint64_t)head + qlen;
			ld->queue[tail >= n ? tail - n : tail] = q;
			qlen++;
		}
	}
	uint64_t live = 0;
	for (size_t i = 0; i < cells; i++)
		live += (uint64_t)__builtin_popcountll(ld->in[i]);
	counters[0] = visits;
	counters[1] = words;
	counters[2] = live;
	return SSA_OK;
}
