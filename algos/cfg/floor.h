/* The floor kernels' own code and the references that check the floor (floor.c). */
#ifndef SSALAB_CFG_FLOOR_H
#define SSALAB_CFG_FLOOR_H

#include "cfg/names.h"
#include "cfg/traverse.h"
#include "util/algo.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Predecessors of g by cfg_preds_fill (cfg.h), the build every CFG gets: off has n + 2 entries
 * (off[0..n] are the CSR offsets afterwards), pred m. On graphs it partitions it allocates its
 * scratch per call (cfg.h: up to the largest bucket, plus m/2 words past 2^22 blocks), and if
 * that fails it sorts without. */
void cfg_preds_sort(const struct cfg *g, uint32_t *off, uint32_t *pred);

/* SSA_OK when d is exactly the DFS cfg_dfs_run computes from block 0 (successors in edge
 * order), SSA_EVERIFY with the first difference in msg, SSA_ENOMEM. Uses 3n words + n bytes. */
int cfg_dfs_check(const struct cfg *g, const struct cfg_dfs *d, char *msg, size_t msglen);

/* SSA_OK when off/pred (n + 1 offsets, m entries) are g's predecessors by the edge-order
 * definition and equal g's own predecessor CSR; SSA_EVERIFY with the first difference. */
int cfg_preds_check(const struct cfg *g, const uint32_t *off, const uint32_t *pred, char *msg,
		    size_t msglen);

/* The dumps of the floor's results, blocks by name where bn has them (NULL: numbers), -1 for
 * none. cfg_dfs_dump_named: per block "B pre post parent" (pre and post numbers, the parent
 * by name), or with rpo the reverse postorder, one reachable block a line.
 * cfg_preds_dump_named: per block "B:" then its predecessors. SSA_EIO on a write error. */
int cfg_dfs_dump_named(FILE *out, const struct cfg_dfs *d, uint32_t n, bool rpo,
		       const struct names *bn);
int cfg_preds_dump_named(FILE *out, uint32_t n, const uint32_t *off, const uint32_t *pred,
			 const struct names *bn);

/* The floor's passes as entries of floor_algos[] (registry.c), bench's stage floor: an entry
 * says which pass it is; the adapter runs it and checks it with the reference above. */
enum floor_pass { FLOOR_DFS, FLOOR_PREDS };

struct floor_algo {
	struct algo_head head; /* name, summary, citation, complexity, counter names */
	enum floor_pass pass;
};

/* What a's pass allocates on g: the DFS's arrays (cfg_dfs_bytes), or the predecessor CSR (n + 2
 * and m words) with cfg_preds_sort's scratch. Tests hold bench's floor stage to it within 1.3x
 * of jemalloc's peak. */
uint64_t floor_stage_bytes(const struct floor_algo *a, const struct cfg *g);

extern const struct floor_algo *const floor_algos[];
extern const size_t floor_nalgos;

#endif
