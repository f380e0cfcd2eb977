/* Private to algos/io: the buffered writer shared by the text, DOT and binary writers, the
 * error helper, and the readers' entry points that take bytes already read from the stream
 * (the format is sniffed from the first bytes, and a pipe cannot be rewound). */
#ifndef SSALAB_IO_INTERNAL_H
#define SSALAB_IO_INTERNAL_H

#include "io/io.h"
#include "cfg/names.h"
#include "util/status.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The length of the arrow at p, or 0: '->' with any number of dashes, where a dash may also be
 * one that text copied from a PDF holds (U+2010 to U+2014, U+2212: '−>'), '=>' with any number
 * of '=', and the arrows U+2192, U+21D2, U+27F6, U+27F9. What the arrow-list reader, the sniffer
 * and the edge-list reader's notation checks take for an arrow. */
size_t io_arrow_len(const char *p, const char *e);

/* Fills err (which may be NULL) and returns status. */
int io_fail(struct io_error *err, const char *file, unsigned long long line, int status,
            const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* size_known: the stream is a regular file of size bytes (bounds checks can happen before
 * reading); otherwise limits are applied to the bytes actually read. */
int io_read_text_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                          bool size_known, uint64_t size, struct prog *out, struct io_error *err);
int io_read_bin_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                         bool size_known, uint64_t size, struct prog *out, struct io_error *err);

int io_read_dot_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                         bool size_known, uint64_t size, struct prog *out, struct io_error *err);
int io_read_edges_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                           bool size_known, uint64_t size, struct prog *out,
                           struct io_error *err);

int io_read_arrows_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                            bool size_known, uint64_t size, struct prog *out,
                            struct io_error *err);

int io_read_mermaid_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                             bool size_known, uint64_t size, struct prog *out,
                             struct io_error *err);

/* The whole input (prefix, then the rest of f) in one malloc'd buffer with a NUL after its len
 * bytes: sized from the file's size when known, else grown with the bytes that arrive. */
int io_slurp(FILE *f, const char *name, const unsigned char *prefix, size_t plen, bool size_known,
             uint64_t size, char **buf, size_t *len, struct io_error *err);

/* What every reader of a whole text input does first: out emptied, the last warning cleared,
 * the input slurped into *buf (*len bytes, freed by the caller on success), and *text where the
 * text starts, after a byte-order mark. */
int io_text_begin(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                  bool size_known, uint64_t size, struct prog *out, struct io_error *err,
                  char **buf, size_t *len, const char **text);

/* The most edges a reader whose statements can multiply edges (DOT's and Mermaid's node sets)
 * accepts from len bytes: 2^20 plus 16 per byte, at most CFG_MAX_EDGES. Bounds the memory a
 * short input can ask for. */
uint64_t io_text_edge_cap(size_t len);

/* An importer's result: edges over interned node names, entry first. Renumbers so the entry is
 * block 0 (the others keep their order of first appearance), builds the CFG, and names every
 * block with label[i] when given (k (node, string) pairs) else its interned string. */
int io_import_finish(const char *name, struct names_builder *nb, uint32_t entry,
                     struct edge_list *el, uint32_t nlab, const uint32_t *lab_node,
                     const uint64_t *lab_soff, const char *lab_pool, struct prog *out,
                     struct io_error *err);

/* The ops of an importer's nodes (op_off[i] .. op_off[i + 1] of ops for interned node i, n + 1
 * offsets) moved into out, which io_import_finish built with this entry: numbered as its blocks,
 * with nvars variables named by vb. On failure out is freed. */
int io_import_ops(const char *name, uint32_t entry, uint32_t nvars, const uint32_t *op_off,
                  const uint32_t *ops, const struct names_builder *vb, struct prog *out,
                  struct io_error *err);

/* Sets err->warning (README.md "Warnings") for a graph read as format ("an edge list", "DOT",
 * ...): the names that say the input was in another notation, of the kinds in suspects (an OR
 * of IO_SUSPECT_*), then the blocks the entry does not reach. Time O(n + m + name bytes);
 * SSA_ENOMEM (out left to the caller) if the n-sized marks cannot be had. */
#define IO_SUSPECT_ARROW 1u /* '->' or U+2192 */
#define IO_SUSPECT_COMMA 2u
#define IO_SUSPECT_BRACE 4u
#define IO_SUSPECT_SEMICOLON 8u /* at the end of a name */
int io_import_warn(const char *name, const char *format, unsigned suspects, const struct prog *p,
                   struct io_error *err);

/* What a text input without a single edge, node or header line hears, from whichever reader
 * got it (sniffing cannot tell an edge list of comments from a .cfg of comments); the %s is
 * io_text_header(name). */
#define IO_MSG_NO_EDGES                                                                            \
	"no edges: the input has only blank lines and comments (expected 'u v' edge lines or a "  \
	"'%s' header)"

/* The header a text file called name should start with: 'p prog <n> <m> <v>' for a .prog,
 * else 'p cfg <n> <m>' (messages only; the content decides the format). */
const char *io_text_header(const char *name);

/* The length of a UTF-8 byte-order mark at the start of buf[0..len), 0 or 3. Every text reader
 * skips one at the start of its input (editors on Windows write it). */
static inline size_t io_bom_len(const void *buf, size_t len)
{
	return len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3) ? 3 : 0;
}

/* A regular file's size, if f is one. */
bool io_stream_size(FILE *f, uint64_t *size);

/* strerror_r(e) into buf, or "error <e>". */
const char *io_errtext(int e, char *buf, size_t len);

#define IO_WBUF_BYTES (1u << 20)

struct io_wbuf {
	FILE *f;
	char *buf;
	size_t len;
	int err; /* errno of the first failed write, or 0 */
	bool failed;
};

static inline int io_wbuf_open(struct io_wbuf *w, FILE *f)
{
	w->f = f;
	w->len = 0;
	w->err = 0;
	w->failed = false;
	w->buf = malloc(IO_WBUF_BYTES);
	return w->buf ? 0 : -1;
}

static inline void io_wbuf_drain(struct io_wbuf *w)
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

/* Makes room for at least k bytes (k <= IO_WBUF_BYTES). */
static inline char *io_wbuf_room(struct io_wbuf *w, size_t k)
{
	if (IO_WBUF_BYTES - w->len < k)
		io_wbuf_drain(w);
	return w->buf + w->len;
}

static inline void io_wbuf_bytes(struct io_wbuf *w, const void *s, size_t k)
{
	const char *c = s;
	while (k) {
		size_t room = IO_WBUF_BYTES - w->len;
		if (!room) {
			io_wbuf_drain(w);
			room = IO_WBUF_BYTES;
		}
		size_t take = k < room ? k : room;
		memcpy(w->buf + w->len, c, take);
		w->len += take;
		c += take;
		k -= take;
	}
}

static inline void io_wbuf_str(struct io_wbuf *w, const char *s)
{
	io_wbuf_bytes(w, s, strlen(s));
}

static inline void io_wbuf_ch(struct io_wbuf *w, char c)
{
	*io_wbuf_room(w, 1) = c;
	w->len++;
}

static const char io_digit_pairs[201] = "00010203040506070809101112131415161718192021222324"
                                        "25262728293031323334353637383940414243444546474849"
                                        "50515253545556575859606162636465666768697071727374"
                                        "75767778798081828384858687888990919293949596979899";

/* v in decimal at dst (room for 10 bytes); returns the length. */
static inline size_t io_fmt_u32(char *dst, uint32_t v)
{
	size_t len = v < 10           ? 1
	             : v < 100        ? 2
	             : v < 1000       ? 3
	             : v < 10000      ? 4
	             : v < 100000     ? 5
	             : v < 1000000    ? 6
	             : v < 10000000   ? 7
	             : v < 100000000  ? 8
	             : v < 1000000000 ? 9
	                              : 10;
	char *p = dst + len;
	while (v >= 100) {
		uint32_t r = v % 100;
		v /= 100;
		p -= 2;
		memcpy(p, io_digit_pairs + 2 * r, 2);
	}
	if (v >= 10)
		memcpy(p - 2, io_digit_pairs + 2 * v, 2);
	else
		p[-1] = (char)('0' + v);
	return len;
}

/* Decimal without leading zeros, two digits per step from a pair table. */
static inline void io_wbuf_u64(struct io_wbuf *w, uint64_t v)
{
	const char *pairs = io_digit_pairs;
	char tmp[20];
	char *p = tmp + sizeof tmp;
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		p -= 2;
		memcpy(p, pairs + 2 * r, 2);
	}
	if (v >= 10) {
		p -= 2;
		memcpy(p, pairs + 2 * v, 2);
	} else {
		*--p = (char)('0' + v);
	}
	size_t k = (size_t)(tmp + sizeof tmp - p);
	memcpy(io_wbuf_room(w, k), p, k);
	w->len += k;
}

/* Flushes everything to the stream; SSA_OK or SSA_EIO with errno set to the cause. */
static inline int io_wbuf_close(struct io_wbuf *w)
{
	io_wbuf_drain(w);
	free(w->buf);
	w->buf = NULL;
	errno = 0;
	if (!w->failed && fflush(w->f) != 0) {
		w->failed = true;
		w->err = errno ? errno : EIO;
	}
	if (w->failed) {
		errno = w->err;
		return SSA_EIO;
	}
	return SSA_OK;
}

#endif
