/* Names of blocks or variables: one flat table per kind, a string pool plus offsets, so a
 * program of 10^7 blocks costs one array of n+1 words and the bytes of its names, never a
 * pointer per block. Name i is pool[off[i] ..], NUL-terminated; an empty name means "unnamed"
 * (printed as its number). A table with count == 0 means no names at all.
 *
 * Importers (DOT, edge lists, LLVM IR) intern their identifiers with a names_builder, which
 * hands out dense ids in order of first appearance and becomes a table with names_finish
 * (optionally renumbered, e.g. to move the entry to id 0). The text formats set names by id
 * ('n b <id> <name>'), through names_build. */
#ifndef SSALAB_NAMES_H
#define SSALAB_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NAMES_MAX_LEN 255u

struct names {
	uint32_t count; /* ids 0..count-1 have an entry; 0 = no table */
	uint32_t *off;  /* count + 1 offsets into pool */
	char *pool;     /* off[count] bytes, every name NUL-terminated */
};

/* Name i, or NULL when the table has none for it. */
static inline const char *names_get(const struct names *t, uint32_t i)
{
	if (!t || i >= t->count || t->off[i + 1] - t->off[i] <= 1)
		return NULL;
	return t->pool + t->off[i];
}

/* Name i, or prefix followed by i in decimal when it has none ("b7", "v3"; prefix may be ""). */
const char *names_str(const struct names *t, uint32_t i, const char *prefix, char *buf,
                      size_t len);

/* True when any id has a name. */
bool names_any(const struct names *t);

void names_free(struct names *t);
int names_clone(struct names *out, const struct names *in);

/* A table of count ids from k (id, string) pairs: string j is spool[soff[j] .. soff[j+1]), not
 * NUL-terminated; ids < count, each at most once (SSA_EINPUT otherwise). */
int names_build(struct names *out, uint32_t count, uint32_t k, const uint32_t *ids,
                const uint64_t *soff, const char *spool);

/* Interning: identical strings get the same id. An open-addressing table of ids (flat words,
 * load at most 1/2) over the pool of distinct strings. */
struct names_builder {
	uint32_t count, cap; /* distinct strings; capacity of soff */
	uint64_t *soff;      /* count + 1 offsets into pool */
	char *pool;
	uint64_t plen, pcap;
	uint32_t *slot; /* nslot entries: id + 1, 0 = empty */
	uint32_t nslot;
};

void names_builder_init(struct names_builder *b);
/* The id of s[0..len); fresh says whether it is new. SSA_ETOOBIG past CFG_MAX_BLOCKS strings. */
int names_intern(struct names_builder *b, const char *s, size_t len, uint32_t *id, bool *fresh);
/* The string of id (not NUL-terminated) and its length. */
const char *names_builder_get(const struct names_builder *b, uint32_t id, size_t *len);
/* The table, id i becoming newid[i] (a permutation of 0..count-1; NULL keeps ids). The builder
 * is left intact. */
int names_finish(const struct names_builder *b, const uint32_t *newid, struct names *out);
void names_builder_free(struct names_builder *b);

#endif
