/* Update streams in memory: freeing, the shape check, the replay check against a start graph,
 * and the walk over batches (stream.h). */
#include "update/dyn_cfg.h"
#include "update/stream.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void update_stream_free(struct update_stream *s)
{
	if (!s)
		return;
	if (s->names)
		for (uint32_t b = 0; b < s->n_end; b++)
			free(s->names[b]);
	free(s->names);
	free(s->ops);
	memset(s, 0, sizeof *s);
}

static int bad_at(uint64_t *bad, uint64_t i, char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int bad_at(uint64_t *bad, uint64_t i, char *why, size_t len, const char *fmt, ...)
{
	if (bad)
		*bad = i;
	if (why && len) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(why, len, fmt, ap);
		va_end(ap);
	}
	return SSA_EINPUT;
}

bool update_name_ok(const char *s)
{
	size_t k = strlen(s);
	if (k == 0 || k > NAMES_MAX_LEN || s[0] == '#')
		return false;
	bool digits = true;
	for (size_t i = 0; i < k; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c <= 0x20 || c == 0x7f)
			return false;
		digits = digits && c >= '0' && c <= '9';
	}
	return !digits;
}

int update_stream_shape(const struct update_stream *s, uint64_t *bad, char *why, size_t len)
{
	if (s->n_start == 0 || s->n_start > CFG_MAX_BLOCKS)
		return bad_at(bad, 0, why, len, "start graph of %u blocks", s->n_start);
	if (s->count > SIZE_MAX / sizeof *s->ops || (s->count && !s->ops))
		return bad_at(bad, 0, why, len, "%llu ops cannot be held",
			      (unsigned long long)s->count);
	uint32_t n = s->n_start;
	for (uint64_t i = 0; i < s->count; i++) {
		const struct update *o = &s->ops[i];
		switch (o->kind) {
		case UPDATE_INSERT:
		case UPDATE_DELETE:
			if (o->u >= n || o->v >= n)
				return bad_at(bad, i, why, len, "edge %u->%u: block id out of range 0..%u",
					      o->u, o->v, n - 1);
			break;
		case UPDATE_BLOCK:
			if (o->u != n || n >= s->n_end)
				return bad_at(bad, i, why, len, "new block %u, expected %u (n_end %u)",
					      o->u, n, s->n_end);
			if (s->names && s->names[n] && !update_name_ok(s->names[n]))
				return bad_at(bad, i, why, len,
					      "new block %u: its name cannot be written as one token",
					      n);
			n++;
			break;
		case UPDATE_BATCH:
			break;
		default:
			return bad_at(bad, i, why, len, "unknown update kind %u", o->kind);
		}
	}
	if (n != s->n_end)
		return bad_at(bad, s->count, why, len, "the stream adds %u blocks, n_end says %u",
			      n - s->n_start, s->n_end - s->n_start);
	if (s->count && s->ops[s->count - 1].kind != UPDATE_BATCH)
		return bad_at(bad, s->count, why, len, "the last batch has no UPDATE_BATCH mark");
	return SSA_OK;
}

/* A new block's name may be no other block's (start blocks may share names among themselves:
 * the CFG is valid as it is, such a name just cannot be used to refer to a block). */
static int check_names(const struct update_stream *s, uint64_t *bad, char *why, size_t len)
{
	struct names_builder nb;
	names_builder_init(&nb);
	uint32_t *owner = NULL;
	size_t ocap = 0;
	int st = SSA_OK;
	for (uint32_t b = 0; b < s->n_end && !st; b++) {
		if (!s->names[b] || !s->names[b][0])
			continue;
		uint32_t id;
		bool fresh;
		if ((st = names_intern(&nb, s->names[b], strlen(s->names[b]), &id, &fresh)))
			break;
		if (fresh) {
			if (id >= ocap) {
				size_t want = ocap ? (size_t)ocap * 2 : 64;
				uint32_t *o = ssa_realloc_array(owner, want, sizeof *o);
				if (!o) {
					st = SSA_ENOMEM;
					break;
				}
				owner = o;
				ocap = want;
			}
			owner[id] = b;
		} else if (b >= s->n_start) {
			uint64_t i = 0;
			while (!(s->ops[i].kind == UPDATE_BLOCK && s->ops[i].u == b))
				i++;
			st = bad_at(bad, i, why, len, "new block %u: duplicate block name '%s' (block %u has it)",
				    b, s->names[b], owner[id]);
		}
	}
	free(owner);
	names_builder_free(&nb);
	return st;
}

int update_stream_check(const struct cfg *g, const struct update_stream *s, uint64_t *bad,
			char *why, size_t len)
{
	int st = update_stream_shape(s, bad, why, len);
	if (st)
		return st;
	if (s->n_start != g->n)
		return bad_at(bad, 0, why, len, "stream starts from %u blocks, the CFG has %u",
			      s->n_start, g->n);
	if (s->names && (st = check_names(s, bad, why, len)))
		return st;
	struct dyn_cfg d;
	if ((st = dyn_cfg_init(&d, g, s->n_end)))
		return st;
	size_t at = 0;
	st = dyn_cfg_apply(&d, s->ops, (size_t)s->count, &at);
	if (st == SSA_EINPUT) {
		const struct update *o = &s->ops[at];
		st = bad_at(bad, at, why, len, "delete of %u->%u: no such edge left in the graph",
			    o->u, o->v);
	} else if (st == SSA_ETOOBIG) {
		st = bad_at(bad, at, why, len, "more than %u edges", CFG_MAX_EDGES);
	}
	dyn_cfg_free(&d);
	return st;
}

bool update_stream_next_batch(const struct update_stream *s, uint64_t *at, uint64_t *start,
			      size_t *k)
{
	uint64_t i = *at;
	if (i >= s->count)
		return false;
	*start = i;
	/* A well-formed stream ends with a mark; an unterminated tail counts as a batch. */
	while (i < s->count && s->ops[i].kind != UPDATE_BATCH)
		i++;
	*k = (size_t)(i - *start);
	*at = i < s->count ? i + 1 : i;
	return true;
}

void update_stream_extent(const struct update_stream *s, uint64_t n, uint64_t m, uint64_t *n_max,
			  uint64_t *m_max)
{
	uint64_t mx = m;
	for (uint64_t i = 0; i < s->count; i++) {
		m += s->ops[i].kind == UPDATE_INSERT;
		m -= s->ops[i].kind == UPDATE_DELETE;
		mx = m > mx ? m : mx;
	}
	*n_max = s->n_end > n ? s->n_end : n;
	*m_max = mx;
}

void update_stream_counts(const struct update_stream *s, uint64_t *updates, uint64_t *batches)
{
	uint64_t u = 0, b = 0;
	for (uint64_t i = 0; i < s->count; i++) {
		u += s->ops[i].kind != UPDATE_BATCH;
		b += s->ops[i].kind == UPDATE_BATCH;
	}
	*updates = u;
	*batches = b;
}
