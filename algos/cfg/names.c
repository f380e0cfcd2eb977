/* Names tables and the interning builder (names.h). The builder hashes with FNV-1a into an
 * open-addressing table of 32-bit ids, doubled when half full: O(1) expected per string, 4
 * bytes per slot, and the strings live once, in one pool. */
#include "cfg/names.h"
#include "cfg/cfg.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *names_str(const struct names *t, uint32_t i, const char *prefix, char *buf,
                      size_t len)
{
	const char *s = names_get(t, i);
	if (s)
		return s;
	snprintf(buf, len, "%s%u", prefix ? prefix : "", i);
	return buf;
}

bool names_any(const struct names *t)
{
	return t && t->count && t->off[t->count] > t->count;
}

void names_free(struct names *t)
{
	free(t->off);
	free(t->pool);
	memset(t, 0, sizeof *t);
}

int names_clone(struct names *out, const struct names *in)
{
	memset(out, 0, sizeof *out);
	if (!in->count)
		return SSA_OK;
	out->off = ssa_alloc_array((size_t)in->count + 1, sizeof *out->off);
	out->pool = ssa_alloc_array(in->off[in->count] ? in->off[in->count] : 1, 1);
	if (!out->off || !out->pool) {
		names_free(out);
		return SSA_ENOMEM;
	}
	memcpy(out->off, in->off, ((size_t)in->count + 1) * sizeof *out->off);
	memcpy(out->pool, in->pool, in->off[in->count]);
	out->count = in->count;
	return SSA_OK;
}

int names_build(struct names *out, uint32_t count, uint32_t k, const uint32_t *ids,
                const uint64_t *soff, const char *spool)
{
	memset(out, 0, sizeof *out);
	if (!count)
		return k ? SSA_EINPUT : SSA_OK;
	/* where[i] = 1 + the pair naming id i; then lengths, prefix sums, copy. */
	uint32_t *where = ssa_calloc_array(count, sizeof *where);
	uint32_t *off = ssa_alloc_array((size_t)count + 1, sizeof *off);
	if (!where || !off) {
		free(where);
		free(off);
		return SSA_ENOMEM;
	}
	int st = SSA_OK;
	for (uint32_t j = 0; j < k && !st; j++) {
		if (ids[j] >= count || where[ids[j]])
			st = SSA_EINPUT;
		else
			where[ids[j]] = j + 1;
	}
	uint64_t total = 0;
	for (uint32_t i = 0; i < count && !st; i++) {
		uint64_t len = where[i] ? soff[where[i]] - soff[where[i] - 1] : 0;
		if (len > NAMES_MAX_LEN || (len && memchr(spool + soff[where[i] - 1], 0, len)))
			st = SSA_EINPUT;
		off[i] = (uint32_t)total;
		total += len + 1;
		if (total > UINT32_MAX)
			st = SSA_ETOOBIG;
	}
	char *pool = st ? NULL : ssa_alloc_array(total, 1);
	if (!st && !pool)
		st = SSA_ENOMEM;
	if (st) {
		free(where);
		free(off);
		return st;
	}
	off[count] = (uint32_t)total;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t len = off[i + 1] - off[i] - 1;
		if (len)
			memcpy(pool + off[i], spool + soff[where[i] - 1], len);
		pool[off[i] + len] = 0;
	}
	free(where);
	out->count = count;
	out->off = off;
	out->pool = pool;
	return SSA_OK;
}

void names_builder_init(struct names_builder *b)
{
	memset(b, 0, sizeof *b);
}

void names_builder_free(struct names_builder *b)
{
	free(b->soff);
	free(b->pool);
	free(b->slot);
	memset(b, 0, sizeof *b);
}

static uint64_t fnv(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3u;
	return h ^ (h >> 29);
}

const char *names_builder_get(const struct names_builder *b, uint32_t id, size_t *len)
{
	*len = (size_t)(b->soff[id + 1] - b->soff[id]);
	return b->pool + b->soff[id];
}

static int grow_slots(struct names_builder *b)
{
	uint64_t want = b->nslot ? (uint64_t)b->nslot * 2 : 1024;
	if (want > UINT32_MAX)
		return SSA_ETOOBIG;
	uint32_t *ns = ssa_calloc_array((size_t)want, sizeof *ns);
	if (!ns)
		return SSA_ENOMEM;
	uint32_t mask = (uint32_t)want - 1;
	for (uint32_t id = 0; id < b->count; id++) {
		size_t len;
		const char *s = names_builder_get(b, id, &len);
		uint32_t i = (uint32_t)fnv(s, len) & mask;
		while (ns[i])
			i = (i + 1) & mask;
		ns[i] = id + 1;
	}
	free(b->slot);
	b->slot = ns;
	b->nslot = (uint32_t)want;
	return SSA_OK;
}

int names_intern(struct names_builder *b, const char *s, size_t len, uint32_t *id, bool *fresh)
{
	int st;
	if ((uint64_t)b->count * 2 >= b->nslot && (st = grow_slots(b)))
		return st;
	uint32_t mask = b->nslot - 1;
	uint32_t i = (uint32_t)fnv(s, len) & mask;
	for (; b->slot[i]; i = (i + 1) & mask) {
		size_t l;
		const char *t = names_builder_get(b, b->slot[i] - 1, &l);
		if (l == len && !memcmp(s, t, len)) {
			*id = b->slot[i] - 1;
			if (fresh)
				*fresh = false;
			return SSA_OK;
		}
	}
	if (b->count >= CFG_MAX_BLOCKS)
		return SSA_ETOOBIG;
	if (b->count + 1 >= b->cap) {
		uint64_t want = b->cap ? (uint64_t)b->cap * 2 : 1024;
		if (want > CFG_MAX_BLOCKS + 1ull)
			want = CFG_MAX_BLOCKS + 1ull;
		uint64_t *no = ssa_realloc_array(b->soff, (size_t)want, sizeof *no);
		if (!no)
			return SSA_ENOMEM;
		b->soff = no;
		b->cap = (uint32_t)want;
		if (!b->count)
			b->soff[0] = 0;
	}
	if (!b->pool || b->pcap - b->plen < len) { /* an empty first string needs a pool too */
		uint64_t want = b->pcap ? b->pcap : 4096;
		while (want - b->plen < len)
			want *= 2;
		char *np = ssa_realloc_array(b->pool, (size_t)want, 1);
		if (!np)
			return SSA_ENOMEM;
		b->pool = np;
		b->pcap = want;
	}
	memcpy(b->pool + b->plen, s, len);
	b->plen += len;
	b->soff[b->count + 1] = b->plen;
	b->slot[i] = b->count + 1;
	*id = b->count++;
	if (fresh)
		*fresh = true;
	return SSA_OK;
}

int names_finish(const struct names_builder *b, const uint32_t *newid, struct names *out)
{
	memset(out, 0, sizeof *out);
	if (!b->count)
		return SSA_OK;
	uint32_t *ids = ssa_alloc_array(b->count, sizeof *ids);
	if (!ids)
		return SSA_ENOMEM;
	for (uint32_t i = 0; i < b->count; i++)
		ids[i] = newid ? newid[i] : i;
	int st = names_build(out, b->count, b->count, ids, b->soff, b->pool);
	free(ids);
	return st;
}
