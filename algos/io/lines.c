/* Line-at-a-time reading and line tokens (lines.h). */
#include "io/lines.h"
#include "io/io_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

#define LINES_CHUNK (1u << 20)

int io_lines_open(struct io_lines *l, FILE *f, const unsigned char *prefix, size_t plen)
{
	memset(l, 0, sizeof *l);
	l->f = f;
	l->cap = LINES_CHUNK > plen ? LINES_CHUNK : plen;
	l->buf = malloc(l->cap);
	if (!l->buf)
		return SSA_ENOMEM;
	if (plen)
		memcpy(l->buf, prefix, plen);
	l->end = plen;
	l->nread = plen;
	return SSA_OK;
}

void io_lines_close(struct io_lines *l)
{
	free(l->buf);
	l->buf = NULL;
}

int io_lines_next(struct io_lines *l, char **ls, char **le)
{
	for (;;) {
		char *nl = memchr(l->buf + l->scan, '\n', l->end - l->scan);
		if (nl || (l->eof && l->beg < l->end)) {
			char *s = l->buf + l->beg;
			char *e = nl ? nl : l->buf + l->end;
			l->beg = l->scan = nl ? (size_t)(nl - l->buf) + 1 : l->end;
			if (e > s && e[-1] == '\r')
				e--;
			if (l->line == 0)
				s += io_bom_len(s, (size_t)(e - s));
			*ls = s;
			*le = e;
			l->line++;
			return 1;
		}
		if (l->eof)
			return 0;
		l->scan = l->end;
		if (l->beg > 0) {
			memmove(l->buf, l->buf + l->beg, l->end - l->beg);
			l->end -= l->beg;
			l->scan -= l->beg;
			l->beg = 0;
		}
		if (l->end == l->cap) {
			/* one line longer than the buffer: it is in the input, so it may be held */
			size_t ncap;
			if (!ssa_mul_ok(l->cap, 2, &ncap))
				return -SSA_ENOMEM;
			char *nb = realloc(l->buf, ncap);
			if (!nb)
				return -SSA_ENOMEM;
			l->buf = nb;
			l->cap = ncap;
		}
		size_t want = l->cap - l->end;
		size_t got = fread(l->buf + l->end, 1, want, l->f);
		if (got < want) {
			if (ferror(l->f))
				return -SSA_EIO;
			l->eof = true;
		}
		l->end += got;
		l->nread += got;
	}
}

bool io_token(char **pp, char *e, char **ts, char **te)
{
	char *p = *pp;
	while (p < e && io_blank(*p))
		p++;
	if (p == e || *p == '#') {
		*pp = e;
		return false;
	}
	*ts = p;
	while (p < e && !io_blank(*p))
		p++;
	*te = p;
	*pp = p;
	return true;
}

int io_parse_uint(const char *s, const char *e, uint64_t max, uint64_t *out)
{
	if (s == e)
		return IO_NUM_BAD;
	uint64_t v = 0;
	bool big = false;
	for (const char *p = s; p < e; p++) {
		unsigned d = (unsigned)(unsigned char)*p - '0';
		if (d > 9)
			return IO_NUM_BAD;
		if (big)
			continue;
		/* v <= max / 10 before the step, so v * 10 + d cannot wrap (max < 2^64 - 9) */
		if (v > max / 10 || v * 10 + d > max)
			big = true;
		else
			v = v * 10 + d;
	}
	*out = v;
	return big ? IO_NUM_BIG : IO_NUM_OK;
}

bool io_all_digits(const char *s, const char *e)
{
	for (const char *p = s; p < e; p++)
		if ((unsigned)(unsigned char)*p - '0' > 9)
			return false;
	return s < e;
}

const char *io_quote(char *dst, size_t cap, const char *s, const char *e)
{
	size_t k = (size_t)(e - s), lim = cap - 4 < 40 ? cap - 4 : 40;
	bool cut = k > lim;
	if (cut)
		k = lim;
	for (size_t i = 0; i < k; i++) {
		unsigned char c = (unsigned char)s[i];
		dst[i] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	if (cut) {
		memcpy(dst + k, "...", 3);
		k += 3;
	}
	dst[k] = '\0';
	return dst;
}
