/* The DF result (CSR sets) and what every DF algorithm shares: growth, comparison, the dump
 * format, and the counting pass used to refuse quadratic answers before building them. */
#include "df/df.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void df_sets_free(struct df_sets *s)
{
	free(s->off);
	free(s->set);
	memset(s, 0, sizeof *s);
}

uint64_t df_sets_bytes(uint64_t n, uint64_t total)
{
	return ssa_sat_add(ssa_array_bytes(n + 1, sizeof(uint64_t)),
			   ssa_array_bytes(total, sizeof(uint32_t)));
}

int df_sets_reserve(struct df_sets *out, uint32_t n, uint64_t total)
{
	if (!out->off || out->n < n) {
		uint64_t *o = ssa_realloc_array(out->off, (size_t)n + 1, sizeof(uint64_t));
		if (!o)
			return SSA_ENOMEM;
		out->off = o;
	}
	out->n = n;
	if (total > SIZE_MAX / sizeof(uint32_t))
		return SSA_ETOOBIG;
	if (!out->set || out->cap < total) {
		uint32_t *s = ssa_realloc_array(out->set, (size_t)total, sizeof(uint32_t));
		if (!s)
			return SSA_ENOMEM;
		out->set = s;
		out->cap = total;
	}
	return SSA_OK;
}

void df_sets_stats(struct df_sets *s)
{
	uint32_t mx = 0;
	for (uint32_t x = 0; x < s->n; x++) {
		uint64_t k = s->off[x + 1] - s->off[x];
		if (k > mx)
			mx = (uint32_t)k;
	}
	s->total = s->off[s->n];
	s->max = mx;
}

int df_count(const struct cfg *g, const struct domtree *dt, uint64_t limit, uint32_t *stamp,
	     uint32_t *cnt, uint64_t *total, uint32_t *max)
{
	uint32_t n = g->n;
	uint64_t t = 0;
	for (uint32_t b = 0; b < n; b++)
		stamp[b] = SSA_NONE;
	if (cnt)
		memset(cnt, 0, (size_t)n * sizeof *cnt);
	for (uint32_t y = 0; y < n; y++) {
		if (dt->tin[y] == SSA_NONE)
			continue;
		uint32_t stop = dt->idom[y];
		for (uint32_t e = g->pred_off[y]; e < g->pred_off[y + 1]; e++) {
			uint32_t r = g->pred[e];
			if (dt->tin[r] == SSA_NONE)
				continue;
			/* Once r holds y, so do all its ancestors below idom(y): stop there. */
			while (r != stop && stamp[r] != y) {
				stamp[r] = y;
				if (cnt)
					cnt[r]++;
				if (++t > limit) {
					*total = t;
					return SSA_ETOOBIG;
				}
				r = dt->idom[r];
			}
		}
	}
	*total = t;
	if (max) {
		uint32_t mx = 0;
		if (cnt)
			for (uint32_t b = 0; b < n; b++)
				mx = cnt[b] > mx ? cnt[b] : mx;
		*max = mx;
	}
	return SSA_OK;
}

int df_count_total(const struct cfg *g, const struct domtree *dt, uint64_t limit, uint64_t *total)
{
	uint32_t *stamp = ssa_alloc_array(g->n, sizeof(uint32_t));
	int st = stamp ? df_count(g, dt, limit, stamp, NULL, total, NULL) : SSA_ENOMEM;
	free(stamp);
	return st;
}

bool df_sets_equal(const struct df_sets *a, const struct df_sets *b, char *msg, size_t msglen)
{
	if (a->n != b->n) {
		snprintf(msg, msglen, "block counts differ: %" PRIu32 " vs %" PRIu32, a->n, b->n);
		return false;
	}
	for (uint32_t x = 0; x < a->n; x++) {
		uint64_t la = a->off[x + 1] - a->off[x], lb = b->off[x + 1] - b->off[x];
		const uint32_t *sa = a->set + a->off[x], *sb = b->set + b->off[x];
		uint64_t k = la < lb ? la : lb;
		for (uint64_t i = 0; i < k; i++)
			if (sa[i] != sb[i]) {
				snprintf(msg, msglen,
					 "DF(%" PRIu32 ") entry %" PRIu64 ": %" PRIu32 " vs %" PRIu32, x,
					 i, sa[i], sb[i]);
				return false;
			}
		if (la != lb) {
			snprintf(msg, msglen, "|DF(%" PRIu32 ")|: %" PRIu64 " vs %" PRIu64, x, la, lb);
			return false;
		}
	}
	if (a->total != b->total || a->max != b->max) {
		snprintf(msg, msglen, "statistics differ: total %" PRIu64 "/%" PRIu64 ", max %" PRIu32
			 "/%" PRIu32, a->total, b->total, a->max, b->max);
		return false;
	}
	return true;
}

int df_sets_dump(const struct df_sets *s, FILE *out)
{
	return df_sets_dump_named(s, out, NULL);
}

int df_sets_dump_named(const struct df_sets *s, FILE *out, const struct names *bn)
{
	char b1[16];
	for (uint32_t x = 0; x < s->n; x++) {
		if (fprintf(out, "%s:", names_str(bn, x, "", b1, sizeof b1)) < 0)
			return SSA_EIO;
		for (uint64_t i = s->off[x]; i < s->off[x + 1]; i++)
			if (fprintf(out, " %s", names_str(bn, s->set[i], "", b1, sizeof b1)) < 0)
				return SSA_EIO;
		if (fputc('\n', out) == EOF)
			return SSA_EIO;
	}
	return SSA_OK;
}
