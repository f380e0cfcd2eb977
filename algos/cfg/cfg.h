/* The control-flow graph: n blocks (ids 0..n-1, block 0 the entry) and m edges in compressed
 * sparse rows with 32-bit ids. Successors keep each block's edge order (depth-first searches
 * follow it); predecessors are built once by a stable counting sort, so pred(v) lists the edges
 * into v ordered by (source block, position among the source's successors). Multi-edges and
 * self-loops are kept; blocks unreachable from the entry are allowed.
 *
 * Limits: n >= 1 and n, m < 2^32 - 1 (UINT32_MAX is the SSA_NONE sentinel). */
#ifndef SSALAB_CFG_H
#define SSALAB_CFG_H

#include <stdbool.h>
#include <stdint.h>

#define SSA_NONE UINT32_MAX
#define CFG_MAX_BLOCKS (UINT32_MAX - 1u)
#define CFG_MAX_EDGES (UINT32_MAX - 1u)

struct cfg {
	uint32_t n;
	uint32_t m;
	uint32_t *succ_off; /* n+1 offsets into succ */
	uint32_t *succ;     /* m targets, block by block, in edge order */
	uint32_t *pred_off; /* n+1 offsets into pred */
	uint32_t *pred;     /* m sources */
};

/* A raw edge list, the form generators and readers produce before the CSR is built. */
struct edge_list {
	uint32_t n;
	uint32_t m;
	uint32_t cap;
	uint32_t *src;
	uint32_t *dst;
};

int edge_list_init(struct edge_list *el, uint32_t n, uint32_t cap);
/* Appends u->v, growing the arrays geometrically; SSA_ETOOBIG past CFG_MAX_EDGES. */
int edge_list_push(struct edge_list *el, uint32_t u, uint32_t v);
void edge_list_free(struct edge_list *el);

/* Builds g from el (ids already validated < el->n): successors stably sorted by source, so a
 * block's successors keep the order their edges had in the list. */
int cfg_from_edges(struct cfg *g, const struct edge_list *el);

/* Builds g from a successor CSR given by the caller (ownership of succ_off/succ moves to g);
 * computes predecessors. */
int cfg_from_succ_csr(struct cfg *g, uint32_t n, uint32_t m, uint32_t *succ_off, uint32_t *succ);

/* (Re)builds pred_off/pred from the successor CSR with cfg_preds_fill (pred_off is allocated
 * with n + 2 entries, of which the CSR uses n + 1). */
int cfg_build_preds(struct cfg *g);

/* The predecessor CSR of g's successors, pred(v) in edge order, written into off (n + 2 entries;
 * off[0..n] are the offsets afterwards) and pred (m entries); reads only n, m, succ_off, succ.
 * Two builds give the same words:
 *   cfg_preds_count      the stable counting sort: no extra memory, but on random targets with
 *                        pred[] beyond the cache a miss per edge in off[] and in pred[];
 *   cfg_preds_partition  edges first distributed into buckets of target blocks, then a counting
 *                        sort inside each bucket, all in cache; scratch: the largest bucket's
 *                        edge count + 2 * buckets + 1 words, plus m/2 words of 16-bit keys
 *                        when a block id and a key do not fit in one word together (beyond
 *                        2^22 blocks); SSA_ENOMEM (nothing written) if it cannot have it.
 * cfg_preds_fill takes the partition from CFG_PREDS_PARTITION_MIN_WORDS words (n + m) on when a
 * sample of the edges says they jump far (below), and falls back to the counting sort if its
 * scratch cannot be allocated. */
void cfg_preds_fill(const struct cfg *g, uint32_t *off, uint32_t *pred);
/* An upper bound on the scratch cfg_preds_fill may allocate while it runs, for memory
 * estimates: 0 below CFG_PREDS_PARTITION_MIN_WORDS, else the partition's (a bucket of at most m
 * edges, its bucket table, and the 16-bit keys beyond 2^22 blocks). */
uint64_t cfg_preds_scratch_bytes(uint64_t n, uint64_t m);
/* What cfg_preds_fill allocates at its peak on g itself (the partition's bucket table, keys and
 * largest bucket, or 0 when it sorts in place): one sampling pass and one counting pass over
 * the edges. */
uint64_t cfg_preds_scratch_bytes_of(const struct cfg *g);
void cfg_preds_count(const struct cfg *g, uint32_t *off, uint32_t *pred);
int cfg_preds_partition(const struct cfg *g, uint32_t *off, uint32_t *pred);

/* Tuning, measured with both builds on the same graphs (results/preds/README.md).
 * Edges per bucket: 2^15 to 2^20 tried on dense 10^6 with the keys in their own array, 2^17
 * fastest (fewer write streams in the distribution beat a bucket that fits L2 whole); the most
 * buckets the distribution writes to at once. cfg_preds_fill partitions from n + m = 2^20 words
 * on (break-even at 0.5-0.9 million words on dense and random; at 1.0-1.2 million the partition
 * took 0.73-0.89 of the plain sort's time) when at least 1 in CFG_PREDS_FAR_DIV sampled edges
 * jumps over CFG_PREDS_NEAR_BLOCKS ids: the plain sort's time grows with that fraction, from 0.6
 * of the partition's on structured 10^6 (2% far) to 2.5x on dense (all far); structured with
 * --goto=50 to 500 put the break-even between 7% far (partition 0.96-1.26 of plain) and 14%
 * (0.82). */
#define CFG_PREDS_BUCKET_EDGES (1u << 17)
#define CFG_PREDS_MAX_BUCKETS 4096u
#define CFG_PREDS_PARTITION_MIN_WORDS (1u << 20)
#define CFG_PREDS_SAMPLE 4096u
#define CFG_PREDS_NEAR_BLOCKS (1u << 14)
#define CFG_PREDS_FAR_DIV 10u

/* The reverse graph: edges flipped, entry unchanged (callers renumber if they need another
 * entry). Successor order of the result is the predecessor order of g. */
int cfg_reverse(struct cfg *out, const struct cfg *g);

/* Deep copy. */
int cfg_clone(struct cfg *out, const struct cfg *g);

void cfg_free(struct cfg *g);

/* Structural check of a CSR built elsewhere (e.g. loaded from a binary file): offsets
 * monotone and ending at m, ids < n, preds a permutation-consistent mirror of succs.
 * On failure writes a short reason into why (may be NULL). */
bool cfg_is_valid(const struct cfg *g, char *why, unsigned whylen);

/* Bytes the CSR of n blocks and m edges occupies (its four arrays, pred_off with the n + 2
 * entries cfg_build_preds gives it). */
uint64_t cfg_bytes(uint64_t n, uint64_t m);

static inline uint32_t cfg_out_degree(const struct cfg *g, uint32_t b)
{
	return g->succ_off[b + 1] - g->succ_off[b];
}

static inline uint32_t cfg_in_degree(const struct cfg *g, uint32_t b)
{
	return g->pred_off[b + 1] - g->pred_off[b];
}

/* Whether b gets a φ in maximal SSA: a join (2+ predecessors), or the entry with any (control
 * also enters it from outside); with every, any block but an entry without predecessors. */
static inline bool cfg_is_join(const struct cfg *g, uint32_t b, bool every)
{
	return b == 0 ? cfg_in_degree(g, 0) >= 1 : every || cfg_in_degree(g, b) >= 2;
}

/* The blocks with cfg_is_join(g, b, every) and their in-degrees summed: per variable, the φs of
 * maximal SSA and their operands, the proven bounds of every placement's. One pass. */
void cfg_joins(const struct cfg *g, bool every, uint64_t *joins, uint64_t *join_edges);

#endif
