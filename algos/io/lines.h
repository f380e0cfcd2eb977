/* Line-at-a-time reading of a text stream and the tokens of the line-oriented formats: .cfg and
 * .prog (algos/io/text_read.c) and the .upd update streams (algos/update/stream_read.c).
 *
 * The stream is read in 1 MiB chunks into one buffer that holds at least the current line; it
 * grows only for a longer line, which the input itself justifies, so memory stays O(longest
 * line) whatever the input claims. */
#ifndef SSALAB_IO_LINES_H
#define SSALAB_IO_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct io_lines {
	FILE *f;
	char *buf;
	size_t cap, beg, end, scan; /* unread bytes are buf[beg..end); no '\n' in [beg..scan) */
	bool eof;
	uint64_t nread;          /* bytes of input seen so far, prefix included */
	unsigned long long line; /* number of the line last returned */
};

/* Starts reading f, after the plen bytes of prefix already taken from it (the sniffer's). Returns
 * SSA_OK or SSA_ENOMEM; io_lines_close frees in both cases. */
int io_lines_open(struct io_lines *l, FILE *f, const unsigned char *prefix, size_t plen);
/* The next line, without its '\n' and one '\r' before it, and the first line without a UTF-8
 * byte-order mark: 1, 0 at the end of the input, or a negated SSA_EIO / SSA_ENOMEM. */
int io_lines_next(struct io_lines *l, char **ls, char **le);
void io_lines_close(struct io_lines *l);

static inline bool io_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The next blank-separated token of [*pp, e), or false at the end of the line or at a '#' that
 * starts a token (a comment runs to the end of the line). */
bool io_token(char **pp, char *e, char **ts, char **te);

enum { IO_NUM_OK, IO_NUM_BAD, IO_NUM_BIG };
/* Unsigned decimal, digits only (no sign, blank or suffix): IO_NUM_BIG above max (which is below
 * 2^64 - 9), IO_NUM_BAD
 * for an empty token or a non-digit anywhere, even after digits that overflow. */
int io_parse_uint(const char *s, const char *e, uint64_t max, uint64_t *out);
/* Whether [s, e) is one or more decimal digits. */
bool io_all_digits(const char *s, const char *e);

/* [s, e) quoted for a message into dst of cap bytes (at least 8): its first 40 bytes, or fewer
 * as cap allows, then "..."; bytes outside printable ASCII as '?'. */
const char *io_quote(char *dst, size_t cap, const char *s, const char *e);

#endif
