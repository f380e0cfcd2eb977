/* Writer of update streams in the canonical form (README.md beside this file): the header, one
 * line per op with blocks by id, a new block's name on its 'a' line, 'batch' after each batch,
 * then 'end'; single spaces, '\n' line ends, no comments. Reading what it writes gives back the
 * same stream. */
#include "update/stream.h"
#include "util/status.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define SW_BUF (1u << 16)

struct swriter {
	FILE *f;
	char buf[SW_BUF];
	size_t len;
	bool failed;
	int err;
};

static void sw_drain(struct swriter *w)
{
	if (w->len && !w->failed) {
		errno = 0;
		if (fwrite(w->buf, 1, w->len, w->f) != w->len) {
			w->failed = true;
			w->err = errno ? errno : EIO;
		}
	}
	w->len = 0;
}

static void sw_bytes(struct swriter *w, const char *s, size_t k)
{
	while (k) {
		if (w->len == SW_BUF)
			sw_drain(w);
		size_t take = SW_BUF - w->len < k ? SW_BUF - w->len : k;
		memcpy(w->buf + w->len, s, take);
		w->len += take;
		s += take;
		k -= take;
	}
}

static void sw_u64(struct swriter *w, uint64_t v)
{
	char tmp[20];
	size_t i = sizeof tmp;
	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	sw_bytes(w, tmp + i, sizeof tmp - i);
}

static void sw_line2(struct swriter *w, char kind, uint32_t u, uint32_t v)
{
	char head[2] = {kind, ' '};
	sw_bytes(w, head, 2);
	sw_u64(w, u);
	sw_bytes(w, " ", 1);
	sw_u64(w, v);
	sw_bytes(w, "\n", 1);
}

int update_stream_write(FILE *f, const struct update_stream *s)
{
	if (update_stream_shape(s, NULL, NULL, 0) != SSA_OK)
		return SSA_EUSAGE;
	struct swriter *w = malloc(sizeof *w);
	if (!w)
		return SSA_ENOMEM;
	w->f = f;
	w->len = 0;
	w->failed = false;
	w->err = 0;
	uint64_t edits = 0;
	for (uint64_t i = 0; i < s->count; i++)
		edits += s->ops[i].kind != UPDATE_BATCH;
	sw_bytes(w, "p update ", 9);
	sw_u64(w, s->n_start);
	sw_bytes(w, " ", 1);
	sw_u64(w, edits);
	sw_bytes(w, "\n", 1);
	for (uint64_t i = 0; i < s->count; i++) {
		const struct update *o = &s->ops[i];
		switch (o->kind) {
		case UPDATE_INSERT:
			sw_line2(w, 'i', o->u, o->v);
			break;
		case UPDATE_DELETE:
			sw_line2(w, 'd', o->u, o->v);
			break;
		case UPDATE_BLOCK:
			sw_bytes(w, "a ", 2);
			sw_u64(w, o->u);
			if (s->names && s->names[o->u] && s->names[o->u][0]) {
				sw_bytes(w, " ", 1);
				sw_bytes(w, s->names[o->u], strlen(s->names[o->u]));
			}
			sw_bytes(w, "\n", 1);
			break;
		default:
			sw_bytes(w, "batch\n", 6);
		}
	}
	sw_bytes(w, "end\n", 4);
	sw_drain(w);
	errno = 0;
	if (!w->failed && fflush(f) != 0) {
		w->failed = true;
		w->err = errno ? errno : EIO;
	}
	int st = w->failed ? SSA_EIO : SSA_OK;
	if (w->failed)
		errno = w->err;
	free(w);
	return st;
}
