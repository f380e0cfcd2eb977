#include "cfg/cfg.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int edge_list_init(struct edge_list *el, uint32_t n, uint32_t cap)
{
	memset(el, 0, sizeof *el);
	el->n = n;
	el->cap = cap ? cap : 16;
	el->src = ssa_alloc_array(el->cap, sizeof *el->src);
	el->dst = ssa_alloc_array(el->cap, sizeof *el->dst);
	if (!el->src || !el->dst) {
		edge_list_free(el);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

int edge_list_push(struct edge_list *el, uint32_t u, uint32_t v)
{
	if (el->m == el->cap) {
		if (el->cap >= CFG_MAX_EDGES)
			return SSA_ETOOBIG;
		uint64_t want = (uint64_t)el->cap * 2;
		uint32_t cap = want > CFG_MAX_EDGES ? CFG_MAX_EDGES : (uint32_t)want;
		uint32_t *s = ssa_realloc_array(el->src, cap, sizeof *s);
		if (!s)
			return SSA_ENOMEM;
		el->src = s;
		uint32_t *d = ssa_realloc_array(el->dst, cap, sizeof *d);
		if (!d)
			return SSA_ENOMEM;
		el->dst = d;
		el->cap = cap;
	}
	el->src[el->m] = u;
	el->dst[el->m] = v;
	el->m++;
	return SSA_OK;
}

void edge_list_free(struct edge_list *el)
{
	free(el->src);
	free(el->dst);
	memset(el, 0, sizeof *el);
}

uint64_t cfg_bytes(uint64_t n, uint64_t m)
{
	uint64_t succ = ssa_sat_add(ssa_array_bytes(n + 1, sizeof(uint32_t)),
				    ssa_array_bytes(m, sizeof(uint32_t)));
	uint64_t pred = ssa_sat_add(ssa_array_bytes(n + 2, sizeof(uint32_t)),
				    ssa_array_bytes(m, sizeof(uint32_t)));
	return ssa_sat_add(succ, pred);
}

void cfg_joins(const struct cfg *g, bool every, uint64_t *joins, uint64_t *join_edges)
{
	uint64_t j = 0, e = 0;
	for (uint32_t b = 0; b < g->n; b++) {
		if (cfg_is_join(g, b, every)) {
			j++;
			e += cfg_in_degree(g, b);
		}
	}
	*joins = j;
	*join_edges = e;
}

void cfg_free(struct cfg *g)
{
	ssa_free_all(g->succ_off, g->succ, g->pred_off, g->pred, NULL);
	memset(g, 0, sizeof *g);
}

/* Stable counting sort of (key[i], val[i]) by key into off/out; off has nkeys+1 entries. */
static void counting_sort(uint32_t nkeys, uint32_t m, const uint32_t *key, const uint32_t *val,
			  uint32_t *off, uint32_t *out)
{
	memset(off, 0, (size_t)(nkeys + 1) * sizeof *off);
	for (uint32_t i = 0; i < m; i++)
		off[key[i] + 1]++;
	for (uint32_t b = 0; b < nkeys; b++)
		off[b + 1] += off[b];
	/* off[b] is now the first free slot of bucket b; it ends at the start of b+1. */
	for (uint32_t i = 0; i < m; i++)
		out[off[key[i]]++] = val[i];
	/* Shift back so off[b] is the bucket's start again. */
	memmove(off + 1, off, (size_t)nkeys * sizeof *off);
	off[0] = 0;
}

int cfg_from_edges(struct cfg *g, const struct edge_list *el)
{
	memset(g, 0, sizeof *g);
	if (el->n == 0 || el->n > CFG_MAX_BLOCKS || el->m > CFG_MAX_EDGES)
		return SSA_ETOOBIG;
	g->n = el->n;
	g->m = el->m;
	g->succ_off = ssa_alloc_array((size_t)g->n + 1, sizeof(uint32_t));
	g->succ = ssa_alloc_array(g->m, sizeof(uint32_t));
	if (!g->succ_off || !g->succ) {
		cfg_free(g);
		return SSA_ENOMEM;
	}
	counting_sort(g->n, g->m, el->src, el->dst, g->succ_off, g->succ);
	int st = cfg_build_preds(g);
	if (st)
		cfg_free(g);
	return st;
}

int cfg_from_succ_csr(struct cfg *g, uint32_t n, uint32_t m, uint32_t *succ_off, uint32_t *succ)
{
	memset(g, 0, sizeof *g);
	g->n = n;
	g->m = m;
	g->succ_off = succ_off;
	g->succ = succ;
	int st = cfg_build_preds(g);
	if (st)
		cfg_free(g);
	return st;
}

/* The plain build: count in-degrees, prefix sums, then scatter each source into its target's
 * next free slot. off has n + 2 entries: counting into off[v + 2] makes off[v + 1] the first
 * slot of v after the prefix sums, and the scatter advances it to v's end, which is the first
 * slot of v + 1, so the offsets come out in place. On a graph whose targets are random and whose
 * pred[] does not fit in the cache, every edge costs a miss in off[] and another in pred[]. */
void cfg_preds_count(const struct cfg *g, uint32_t *off, uint32_t *pred)
{
	const uint32_t n = g->n, m = g->m;
	const uint32_t *succ = g->succ, *succ_off = g->succ_off;
	memset(off, 0, ((size_t)n + 2) * sizeof *off);
	for (uint32_t e = 0; e < m; e++)
		off[succ[e] + 2]++;
	for (size_t i = 2; i < (size_t)n + 2; i++) /* n + 2 can exceed 32 bits */
		off[i] += off[i - 1];
	for (uint32_t u = 0; u < n; u++)
		for (uint32_t e = succ_off[u], end = succ_off[u + 1]; e < end; e++)
			pred[off[succ[e] + 1]++] = u;
}

/* Bucket width: a bucket holds the targets v with the same v >> shift, about
 * CFG_PREDS_BUCKET_EDGES edges, so that pass 3's working set (its edges' sources twice, their
 * keys, its blocks' offsets) stays near the L2 cache while pass 2 has few write streams.
 * Keys are 16 bits, so the shift is at most 16; it is at least what keeps the buckets at
 * CFG_PREDS_MAX_BUCKETS or fewer, unless that needs more than 16 bits (n > 2^28: more buckets). */
static unsigned preds_shift(uint32_t n, uint32_t m)
{
	uint64_t want = (uint64_t)CFG_PREDS_BUCKET_EDGES * n / (m ? m : 1); /* blocks per bucket */
	unsigned shift = 0;
	while (shift < 16 && ((uint64_t)2 << shift) <= want)
		shift++;
	while (shift < 16 && ((uint64_t)n >> shift) >= CFG_PREDS_MAX_BUCKETS)
		shift++;
	return shift;
}

/* The cache-friendly build, in three passes, none of which touches memory at random beyond a
 * few thousand write streams or one bucket:
 *   1. count the edges per bucket (a bucket = a range of 2^shift target blocks; the counters
 *      fit in L1) and turn the counts into the buckets' slot ranges: bucket b's range of pred[]
 *      is exactly where its blocks' predecessor lists end up;
 *   2. walk the edges in (source, position) order and append each source to its bucket's range
 *      of pred[], with the target's offset inside the bucket as a key (packed into the same
 *      word, or 16 bits in an array beside it): sequential write streams, one or two per
 *      bucket, and each bucket keeps the edge order;
 *   3. per bucket: copy its sources aside, count its blocks' in-degrees from the keys, prefix
 *      sums into off[], scatter the sources back in the order read. Everything it touches is
 *      the bucket's own, at most about 1.3 MB (the L2 cache holds 1 MB here).
 * A stable distribution followed by a stable counting sort inside each bucket is a stable sort
 * by target, so the result is the plain build's, word for word.
 * Extra memory: the largest bucket's edge count in words (at most m), 2 * buckets + 1 words,
 * and m/2 words of keys unless they are packed. */
uint64_t cfg_preds_scratch_bytes(uint64_t n, uint64_t m)
{
	/* Below the threshold cfg_preds_fill never partitions. preds_shift caps a bucket at 2^16
	 * blocks, so there are at most n / 2^16 + 1 buckets beyond CFG_PREDS_MAX_BUCKETS; up to
	 * 2^22 blocks a key always packs with its source. */
	if (n + m < CFG_PREDS_PARTITION_MIN_WORDS)
		return 0;
	uint64_t nb = n / (1u << 16) + 1;
	if (nb < CFG_PREDS_MAX_BUCKETS)
		nb = CFG_PREDS_MAX_BUCKETS;
	uint64_t b = ssa_sat_add(ssa_array_bytes(m, sizeof(uint32_t)),
				 ssa_sat_add(ssa_array_bytes(nb + 1, sizeof(uint32_t)),
					     ssa_array_bytes(nb, sizeof(uint32_t))));
	return n > (1u << 22) ? ssa_sat_add(b, ssa_array_bytes(m, sizeof(uint16_t))) : b;
}

/* The partition's buckets: 2^shift target blocks each, nb of them; packed when a source id and
 * its key fit in one word (ubits + shift <= 32, narrowing the buckets if that still leaves at
 * most CFG_PREDS_MAX_BUCKETS), so pass 2 writes that word alone into pred[]: one write stream
 * per bucket instead of two, and no key array. That holds up to 2^22 blocks with the default
 * CFG_PREDS_MAX_BUCKETS. */
static void preds_layout(uint32_t n, uint32_t m, unsigned *shift_out, bool *packed_out,
			 uint32_t *nb_out)
{
	unsigned shift = preds_shift(n, m);
	unsigned ubits = 0;
	while (ubits < 32 && ((uint64_t)(n - 1) >> ubits) != 0)
		ubits++;
	const unsigned pshift = shift < 32 - ubits ? shift : 32 - ubits;
	const bool packed = ((uint64_t)(n - 1) >> pshift) < CFG_PREDS_MAX_BUCKETS;
	if (packed)
		shift = pshift;
	*shift_out = shift;
	*packed_out = packed;
	*nb_out = (uint32_t)(((uint64_t)n + (1u << shift) - 1) >> shift);
}

int cfg_preds_partition(const struct cfg *g, uint32_t *off, uint32_t *pred)
{
	const uint32_t n = g->n, m = g->m;
	const uint32_t *succ = g->succ, *succ_off = g->succ_off;
	unsigned shift;
	bool packed;
	uint32_t nb;
	preds_layout(n, m, &shift, &packed, &nb);
	const uint32_t mask = (1u << shift) - 1;
	uint32_t *bstart = ssa_calloc_array((size_t)nb + 1, sizeof *bstart);
	uint32_t *cur = ssa_alloc_array(nb, sizeof *cur);
	uint16_t *key = packed ? NULL : ssa_alloc_array(m, sizeof *key);
	uint32_t *tmp = NULL;
	if (!bstart || !cur || (!packed && !key)) {
		ssa_free_all(bstart, cur, key);
		return SSA_ENOMEM;
	}
	for (uint32_t e = 0; e < m; e++)
		bstart[(succ[e] >> shift) + 1]++;
	uint32_t maxb = 0;
	for (uint32_t b = 0; b < nb; b++) {
		if (bstart[b + 1] > maxb)
			maxb = bstart[b + 1];
		bstart[b + 1] += bstart[b];
	}
	tmp = ssa_alloc_array(maxb, sizeof *tmp);
	if (!tmp) {
		ssa_free_all(bstart, cur, key);
		return SSA_ENOMEM;
	}
	memcpy(cur, bstart, (size_t)nb * sizeof *cur);
	if (packed) {
		for (uint32_t u = 0; u < n; u++)
			for (uint32_t e = succ_off[u], end = succ_off[u + 1]; e < end; e++) {
				uint32_t v = succ[e];
				pred[cur[v >> shift]++] = u << shift | (v & mask);
			}
	} else {
		for (uint32_t u = 0; u < n; u++)
			for (uint32_t e = succ_off[u], end = succ_off[u + 1]; e < end; e++) {
				uint32_t v = succ[e], p = cur[v >> shift]++;
				pred[p] = u;
				key[p] = (uint16_t)(v & mask);
			}
	}
	/* Per bucket, the plain build's invariant on its own blocks [lo, hi): off[v + 1] is v's
	 * next free slot during the scatter and v's end after it; off[hi + 1] is left at the
	 * bucket's end, which is where the next bucket's first block starts. */
	off[0] = 0;
	for (uint32_t b = 0; b < nb; b++) {
		const uint32_t s = bstart[b], t = bstart[b + 1], len = t - s;
		const uint32_t lo = b << shift;
		const uint32_t hi = n - lo > mask ? lo + mask + 1 : n;
		uint32_t *o = off + (size_t)lo + 1; /* o[j] is off[lo + j + 1], j <= hi - lo */
		memcpy(tmp, pred + s, (size_t)len * sizeof *tmp);
		memset(o + 1, 0, (size_t)(hi - lo) * sizeof *o);
		if (packed)
			for (uint32_t i = 0; i < len; i++)
				o[(tmp[i] & mask) + 1]++;
		else
			for (uint32_t p = s; p < t; p++)
				o[key[p] + 1]++;
		o[0] = s;
		for (uint32_t j = 1; j <= hi - lo; j++)
			o[j] += o[j - 1];
		if (packed)
			for (uint32_t i = 0; i < len; i++)
				pred[o[tmp[i] & mask]++] = tmp[i] >> shift;
		else
			for (uint32_t i = 0; i < len; i++)
				pred[o[key[s + i]]++] = tmp[i];
	}
	ssa_free_all(bstart, cur, key, tmp);
	return SSA_OK;
}

/* Whether the edges jump far: on CFGs laid out like code most edges land near their source,
 * the plain scatter's writes then stay in a window that the cache holds, and the partition's
 * extra passes only cost (1.7x the plain build on structured). Looks at the edges of
 * CFG_PREDS_SAMPLE blocks spread evenly over the ids. */
static bool preds_far(const struct cfg *g)
{
	const uint32_t step = g->n / CFG_PREDS_SAMPLE + 1;
	uint64_t far = 0, all = 0;
	for (uint32_t u = 0; u < g->n; u += step)
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
			uint32_t v = g->succ[e], d = v > u ? v - u : u - v;
			far += d > CFG_PREDS_NEAR_BLOCKS;
			all++;
		}
	return far * CFG_PREDS_FAR_DIV >= all && far > 0;
}

uint64_t cfg_preds_scratch_bytes_of(const struct cfg *g)
{
	if ((uint64_t)g->n + g->m < CFG_PREDS_PARTITION_MIN_WORDS || !preds_far(g))
		return 0;
	unsigned shift;
	bool packed;
	uint32_t nb;
	preds_layout(g->n, g->m, &shift, &packed, &nb);
	/* The largest bucket's edges, counted as pass 1 does (nb is at most 2^16 + 1). */
	uint32_t *cnt = ssa_calloc_array(nb, sizeof *cnt);
	uint64_t maxb = g->m;
	if (cnt) {
		maxb = 0;
		for (uint32_t e = 0; e < g->m; e++)
			if (++cnt[g->succ[e] >> shift] > maxb)
				maxb = cnt[g->succ[e] >> shift];
		free(cnt);
	}
	uint64_t b = ssa_sat_add(ssa_array_bytes((uint64_t)nb + 1, sizeof(uint32_t)),
				 ssa_array_bytes(nb, sizeof(uint32_t)));
	if (!packed)
		b = ssa_sat_add(b, ssa_array_bytes(g->m, sizeof(uint16_t)));
	return ssa_sat_add(b, ssa_array_bytes(maxb, sizeof(uint32_t)));
}

void cfg_preds_fill(const struct cfg *g, uint32_t *off, uint32_t *pred)
{
	if ((uint64_t)g->n + g->m >= CFG_PREDS_PARTITION_MIN_WORDS && preds_far(g) &&
	    cfg_preds_partition(g, off, pred) == SSA_OK)
		return;
	cfg_preds_count(g, off, pred);
}

int cfg_build_preds(struct cfg *g)
{
	free(g->pred_off);
	free(g->pred);
	/* n + 2 offsets: the builds use the last as scratch; the CSR reads n + 1. */
	g->pred_off = ssa_alloc_array((size_t)g->n + 2, sizeof(uint32_t));
	g->pred = ssa_alloc_array(g->m, sizeof(uint32_t));
	if (!g->pred_off || !g->pred)
		return SSA_ENOMEM;
	cfg_preds_fill(g, g->pred_off, g->pred);
	return SSA_OK;
}

int cfg_reverse(struct cfg *out, const struct cfg *g)
{
	memset(out, 0, sizeof *out);
	out->n = g->n;
	out->m = g->m;
	out->succ_off = ssa_alloc_array((size_t)g->n + 1, sizeof(uint32_t));
	out->succ = ssa_alloc_array(g->m, sizeof(uint32_t));
	out->pred_off = ssa_alloc_array((size_t)g->n + 1, sizeof(uint32_t));
	out->pred = ssa_alloc_array(g->m, sizeof(uint32_t));
	if (!out->succ_off || !out->succ || !out->pred_off || !out->pred) {
		cfg_free(out);
		return SSA_ENOMEM;
	}
	memcpy(out->succ_off, g->pred_off, (size_t)(g->n + 1) * sizeof(uint32_t));
	memcpy(out->succ, g->pred, (size_t)g->m * sizeof(uint32_t));
	memcpy(out->pred_off, g->succ_off, (size_t)(g->n + 1) * sizeof(uint32_t));
	memcpy(out->pred, g->succ, (size_t)g->m * sizeof(uint32_t));
	return SSA_OK;
}

int cfg_clone(struct cfg *out, const struct cfg *g)
{
	int st = cfg_reverse(out, g);
	if (st)
		return st;
	/* cfg_reverse swapped the two CSRs; swapping them back gives a copy. */
	uint32_t *t = out->succ_off;
	out->succ_off = out->pred_off;
	out->pred_off = t;
	t = out->succ;
	out->succ = out->pred;
	out->pred = t;
	return SSA_OK;
}

static bool offsets_ok(const uint32_t *off, uint32_t n, uint32_t m)
{
	if (off[0] != 0 || off[n] != m)
		return false;
	for (uint32_t b = 0; b < n; b++)
		if (off[b] > off[b + 1])
			return false;
	return true;
}

bool cfg_is_valid(const struct cfg *g, char *why, unsigned whylen)
{
#define FAIL(...) do { if (why) snprintf(why, whylen, __VA_ARGS__); return false; } while (0)
	if (g->n == 0 || g->n > CFG_MAX_BLOCKS)
		FAIL("block count %u out of range 1..%u", g->n, CFG_MAX_BLOCKS);
	if (g->m > CFG_MAX_EDGES)
		FAIL("edge count %u out of range", g->m);
	if (!offsets_ok(g->succ_off, g->n, g->m))
		FAIL("successor offsets are not monotone from 0 to m");
	for (uint32_t e = 0; e < g->m; e++)
		if (g->succ[e] >= g->n)
			FAIL("successor %u of edge %u is out of range", g->succ[e], e);
	if (g->pred_off && g->pred) {
		if (!offsets_ok(g->pred_off, g->n, g->m))
			FAIL("predecessor offsets are not monotone from 0 to m");
		/* pred must be exactly what cfg_build_preds would produce. */
		uint32_t *cursor = ssa_alloc_array((size_t)g->n, sizeof *cursor);
		if (!cursor)
			FAIL("out of memory while validating");
		memcpy(cursor, g->pred_off, (size_t)g->n * sizeof *cursor);
		bool ok = true;
		for (uint32_t u = 0; u < g->n && ok; u++)
			for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
				uint32_t v = g->succ[e];
				if (cursor[v] >= g->pred_off[v + 1] || g->pred[cursor[v]] != u) {
					ok = false;
					break;
				}
				cursor[v]++;
			}
		free(cursor);
		if (!ok)
			FAIL("predecessor lists do not mirror the successor lists");
	}
	return true;
#undef FAIL
}
