/* The φ-set result, flavours, and the output builder shared by the placement algorithms
 * (algos/phi/place.h). */
#include "phi/phi.h"
#include "phi/place.h"
#include "dom/dom.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

void phi_sets_free(struct phi_sets *s)
{
	free(s->off);
	free(s->blocks);
	memset(s, 0, sizeof *s);
}

uint64_t phi_sets_operands(const struct phi_sets *s, const struct cfg *g)
{
	uint64_t a = 0;
	for (uint64_t i = 0; i < s->total; i++)
		a += cfg_in_degree(g, s->blocks[i]);
	return a;
}

const char *phi_flavor_name(enum phi_flavor f)
{
	switch (f) {
	case PHI_MINIMAL:
		return "minimal";
	case PHI_SEMIPRUNED:
		return "semipruned";
	case PHI_PRUNED:
		return "pruned";
	}
	return "?";
}

int phi_flavor_parse(const char *s, enum phi_flavor *f)
{
	if (strcmp(s, "minimal") == 0)
		*f = PHI_MINIMAL;
	else if (strcmp(s, "semipruned") == 0 || strcmp(s, "semi-pruned") == 0)
		*f = PHI_SEMIPRUNED;
	else if (strcmp(s, "pruned") == 0)
		*f = PHI_PRUNED;
	else
		return SSA_EUSAGE;
	return SSA_OK;
}

bool phi_sets_equal(const struct phi_sets *a, const struct phi_sets *b, char *msg, size_t msglen)
{
	if (a->nvars != b->nvars) {
		snprintf(msg, msglen, "variable counts differ: %" PRIu32 " vs %" PRIu32, a->nvars,
			 b->nvars);
		return false;
	}
	for (uint32_t v = 0; v < a->nvars; v++) {
		uint64_t la = a->off[v + 1] - a->off[v], lb = b->off[v + 1] - b->off[v];
		const uint32_t *sa = a->blocks + a->off[v], *sb = b->blocks + b->off[v];
		uint64_t k = la < lb ? la : lb;
		for (uint64_t i = 0; i < k; i++)
			if (sa[i] != sb[i]) {
				snprintf(msg, msglen,
					 "variable %" PRIu32 " φ %" PRIu64 ": block %" PRIu32
					 " vs %" PRIu32, v, i, sa[i], sb[i]);
				return false;
			}
		if (la != lb) {
			snprintf(msg, msglen, "variable %" PRIu32 ": %" PRIu64 " vs %" PRIu64 " φs", v,
				 la, lb);
			return false;
		}
	}
	if (a->total != b->total) {
		snprintf(msg, msglen, "totals differ: %" PRIu64 " vs %" PRIu64, a->total, b->total);
		return false;
	}
	return true;
}

int phi_sets_dump(const struct phi_sets *s, FILE *out)
{
	return phi_sets_dump_named(s, out, NULL, NULL);
}

int phi_sets_dump_named(const struct phi_sets *s, FILE *out, const struct names *bn,
			const struct names *vn)
{
	char b1[16];
	for (uint32_t v = 0; v < s->nvars; v++) {
		if (fprintf(out, "%s:", names_str(vn, v, "", b1, sizeof b1)) < 0)
			return SSA_EIO;
		for (uint64_t i = s->off[v]; i < s->off[v + 1]; i++)
			if (fprintf(out, " %s", names_str(bn, s->blocks[i], "", b1, sizeof b1)) < 0)
				return SSA_EIO;
		if (fputc('\n', out) == EOF)
			return SSA_EIO;
	}
	return SSA_OK;
}

/* ---- the output builder ---- */

uint64_t phi_common_bytes(uint64_t n, uint64_t nvars)
{
	(void)nvars;
	/* the walk, buf's first 1024 entries, mark; and qsort's copy of a variable's list, which
	 * phi_common_end_var sorts that way only below 64 or n / 512 blocks */
	uint64_t b = ssa_sat_add(live_walk_bytes(n), ssa_array_bytes(1024, sizeof(uint32_t)));
	b = ssa_sat_add(b, ssa_array_bytes(n / 64 + 1, sizeof(uint64_t)));
	return ssa_sat_add(b, ssa_qsort_bytes(n / 512, sizeof(uint32_t)));
}

uint64_t phi_sets_bytes(uint64_t nphi, uint64_t nvars)
{
	return ssa_sat_add(ssa_array_bytes(nvars + 1, sizeof(uint64_t)),
			   ssa_array_bytes(nphi, sizeof(uint32_t)));
}

uint64_t phi_output_bytes(uint64_t nphi, uint64_t nvars)
{
	/* buf doubles from 1024 entries when full, so its last capacity is the first 1024 * 2^k
	 * at least nphi; growing keeps the old buffer until the new one is filled; finishing
	 * copies the φs into blocks (exactly nphi) beside buf. */
	uint64_t off = ssa_array_bytes(nvars + 1, sizeof(uint64_t));
	uint64_t blocks = ssa_array_bytes(nphi, sizeof(uint32_t));
	uint64_t cap = 1024;
	while (cap < nphi && cap < (UINT64_C(1) << 61))
		cap *= 2;
	if (cap == 1024)
		return ssa_sat_add(off, blocks);
	uint64_t now = ssa_array_bytes(cap, sizeof(uint32_t));
	uint64_t grow = ssa_sat_add(ssa_array_bytes(cap / 2, sizeof(uint32_t)), now);
	uint64_t finish = ssa_sat_add(now, blocks);
	uint64_t peak = grow > finish ? grow : finish;
	return ssa_sat_add(off, peak - ssa_array_bytes(1024, sizeof(uint32_t)));
}

int phi_common_alloc(struct phi_common *c, uint32_t n, uint32_t nvars)
{
	memset(c, 0, sizeof *c);
	c->nvars = nvars;
	int st = live_walk_alloc(&c->lw, n);
	if (st != SSA_OK)
		return st;
	c->cap = 1024;
	c->n = n;
	c->buf = ssa_alloc_array(c->cap, sizeof(uint32_t));
	c->mark = ssa_calloc_array((size_t)n / 64 + 1, sizeof(uint64_t));
	if (!c->buf || !c->mark) {
		phi_common_free(c);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

void phi_common_free(struct phi_common *c)
{
	live_walk_free(&c->lw);
	free(c->buf);
	free(c->mark);
	memset(c, 0, sizeof *c);
}

int phi_common_grow(struct phi_common *c)
{
	uint64_t nc = 2 * c->cap;
	if (nc > SIZE_MAX / sizeof(uint32_t))
		return SSA_ETOOBIG;
	uint32_t *nb = ssa_realloc_array(c->buf, (size_t)nc, sizeof(uint32_t));
	if (!nb)
		return SSA_ENOMEM;
	c->buf = nb;
	c->cap = nc;
	return SSA_OK;
}

int phi_common_begin(struct phi_common *c, const struct phi_input *in, struct phi_sets *out)
{
	uint32_t nv = in->prog->nvars;
	if (in->prog->cfg.n > c->lw.n || in->vb->nvars != nv)
		return SSA_EUSAGE;
	if (!out->off || out->nvars < nv) {
		uint64_t *o = ssa_realloc_array(out->off, (size_t)nv + 1, sizeof(uint64_t));
		if (!o)
			return SSA_ENOMEM;
		out->off = o;
	}
	out->nvars = nv;
	out->off[0] = 0;
	c->len = 0;
	return SSA_OK;
}

int phi_common_start(struct phi_common *c, const struct phi_input *in, struct phi_sets *out,
		     uint64_t *counters,
		     int (*build)(void *s, const struct cfg *g, const struct domtree *dt), void *s)
{
	memset(counters, 0, PHI_MAX_COUNTERS * sizeof *counters);
	int st = phi_common_begin(c, in, out);
	if (st == SSA_OK)
		st = build(s, &in->prog->cfg, in->dt);
	return st;
}

bool phi_common_var(struct phi_common *c, const struct phi_input *in, enum phi_flavor f,
		    uint32_t v, uint64_t *steps)
{
	if (f == PHI_MINIMAL)
		return true;
	if (!var_blocks_nonlocal(in->vb, v))
		return false;
	if (f == PHI_PRUNED && !in->live)
		*steps += live_walk_var(&c->lw, in->prog, in->vb, v);
	return true;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* A variable's φ blocks are distinct block ids. When they are many (on random CFGs one
 * variable's IDF can hold most of the graph) a comparison sort dominated the placement time
 * (about 20% of phi-dj on random 2e5, measured with perf): marking them in a bitmap and reading
 * it back costs O(k + n/64) instead. Few blocks still go through qsort. */
void phi_common_end_var(struct phi_common *c, struct phi_sets *out, uint32_t v)
{
	uint64_t b = out->off[v], k = c->len - b;
	uint32_t *list = c->buf + b;
	if (k > 1 && k >= 64 && k >= c->n / 512) {
		for (uint64_t i = 0; i < k; i++)
			c->mark[list[i] >> 6] |= UINT64_C(1) << (list[i] & 63);
		uint64_t j = 0;
		for (uint32_t w = 0; j < k; w++) {
			uint64_t bits = c->mark[w];
			c->mark[w] = 0;
			while (bits) {
				list[j++] = (w << 6) | (uint32_t)__builtin_ctzll(bits);
				bits &= bits - 1;
			}
		}
	} else if (k > 1) {
		qsort(list, (size_t)k, sizeof(uint32_t), cmp_u32);
	}
	out->off[v + 1] = c->len;
}

int phi_common_finish(struct phi_common *c, struct phi_sets *out)
{
	uint32_t *nb = ssa_realloc_array(out->blocks, (size_t)c->len, sizeof(uint32_t));
	if (!nb)
		return SSA_ENOMEM;
	out->blocks = nb;
	memcpy(out->blocks, c->buf, (size_t)c->len * sizeof(uint32_t));
	out->total = c->len;
	return SSA_OK;
}
