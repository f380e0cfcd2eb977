/* Reader of arrow lists, the notation of the course notes (README.md "Arrow lists", beside this
 * file): one source block per line with its successors, 'A -> B, C', 'A -> B C' or
 * 'A -> {B, C}'; 'A ->' alone gives A no successors; '-->' and U+2192 are arrows too, and so is
 * a colon after the source ('A: B, C', as adjacency lists are written); '#' starts a comment. A line that ends in an arrow, a comma or inside braces continues on the next
 * line without an arrow, so the notes' text copied with its line breaks ('A -->' / 'B,' / 'C')
 * reads as written. The first name of the file is the entry; blocks are numbered in order of
 * first appearance and named by their names; a block's successors keep their order, several
 * lines of one source appending to it.
 *
 * The input is read whole, then one pass over it: time O(bytes) expected (names are interned by
 * hashing), memory the input plus O(n + m). */
#include "io/io_internal.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

struct areader {
	const char *name;
	struct io_error *err;
	unsigned long long line;
	struct names_builder nb;
	struct edge_list el;
	/* The successor list being read: its source, the line it started on, and why it is still
	 * open at the end of a line (a following line without an arrow continues it). */
	uint32_t src;
	unsigned long long src_line;
	bool open;  /* ended in an arrow, a comma or inside braces */
	bool comma; /* the last token was a ',': a name must follow */
	bool brace; /* inside '{', waiting for its '}' */
	bool closed; /* after the '}': only a comment may follow */
	bool items;  /* at least one successor since the arrow */
};

static int afail(struct areader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int afail(struct areader *r, const char *fmt, ...)
{
	char what[sizeof r->err->what];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return io_fail(r->err, r->name, r->line ? r->line : 1, SSA_EINPUT, "%s", what);
}

/* s[0..k) for a message: at most 40 bytes, non-printable bytes as '?'. */
static const char *q40(char *dst, const char *s, size_t k)
{
	size_t o = 0;
	for (size_t i = 0; i < k && i < 40; i++) {
		unsigned char c = (unsigned char)s[i];
		dst[o++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	if (k > 40) {
		memcpy(dst + o, "...", 3);
		o += 3;
	}
	dst[o] = 0;
	return dst;
}

/* The length of the arrow at p ('->', '-->', '--->'..., U+2192, and the other forms of
 * io_arrow_len), or 0. */
static size_t arrow_at(const char *p, const char *e)
{
	return io_arrow_len(p, e);
}

/* A name's first byte: a letter, digit, '_', '.', '$', '%', '@' or a byte of a UTF-8 sequence
 * (an arrow excepted, which the caller tests first); after it, primes (') too. */
static bool name_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == '$' || c == '%' || c == '@' || c >= 0x80;
}

static size_t name_len(const char *p, const char *e)
{
	const char *q = p;
	while (q < e && (name_byte((unsigned char)*q) || (q > p && *q == '\'')) && !arrow_at(q, e))
		q++;
	return (size_t)(q - p);
}

/* The length of an adjacency list's colon at p ('A: B, C', the source's name just before),
 * which a blank, a comment or the line's end must follow; or 0. */
static size_t colon_at(const char *p, const char *e)
{
	return p < e && *p == ':' && (p + 1 == e || p[1] == ' ' || p[1] == '\t' || p[1] == '#')
	           ? 1
	           : 0;
}

/* Whether [p, e) (after its leading blanks) holds an arrow before a comment, or starts with a
 * name and a colon. Names hold no '-', so any '->' is one. */
static bool has_arrow(const char *p, const char *e)
{
	const char *c = p + name_len(p, e);
	while (c < e && (*c == ' ' || *c == '\t'))
		c++;
	if (c > p && colon_at(c, e))
		return true;
	for (; p < e && *p != '#'; p++)
		if (arrow_at(p, e))
			return true;
	return false;
}

static int intern(struct areader *r, const char *s, size_t k, uint32_t *id)
{
	char q[48];
	if (k > NAMES_MAX_LEN)
		return afail(r, "block name '%s' longer than %u bytes", q40(q, s, k), NAMES_MAX_LEN);
	int st = names_intern(&r->nb, s, k, id, NULL);
	if (st == SSA_ENOMEM)
		return io_fail(r->err, r->name, r->line, st, "out of memory");
	if (st)
		return afail(r, "more than %u blocks", CFG_MAX_BLOCKS);
	return SSA_OK;
}

/* What a byte no arrow list holds suggests. */
static int unexpected(struct areader *r, const char *p, const char *e)
{
	char q[48];
	const char *t = p + 1;
	while (t < e && ((unsigned char)*t & 0xc0) == 0x80)
		t++; /* the whole UTF-8 character */
	q40(q, p, (size_t)(t - p));
	if (*p == ';' || *p == '[' || *p == ']' || *p == '=' || *p == '"')
		return afail(r, "unexpected '%s' (an arrow list has one 'X -> Y, Z' per line; DOT "
		                "needs 'digraph { ... }' around its statements)", q);
	if (*p == '-')
		return afail(r, "unexpected '-' (an arrow is '->', '-->' or U+2192; '--' is DOT's "
		                "undirected edge)");
	if (*p == '\'')
		return afail(r, "unexpected ''' (a prime may follow a name, as in B', not start "
		                "one)");
	return afail(r, "unexpected '%s' (expected 'X -> Y, Z': block names of letters, digits, "
	                "'_', '.', primes)", q);
}

/* The end of a successor list whose next line begins another source (or the input ends). */
static int close_list(struct areader *r)
{
	char q[48];
	size_t len;
	if (!r->open)
		return SSA_OK;
	const char *s = names_builder_get(&r->nb, r->src, &len);
	if (r->brace || r->comma) {
		r->line = r->src_line;
		return afail(r, "the successors of '%s' end with %s", q40(q, s, len),
		             r->brace ? "an open '{' (expected '}')" : "',' (expected a block name)");
	}
	r->open = false;
	return SSA_OK;
}

/* The successor list from p: names separated by commas, blanks or both, at most one pair of
 * braces around them all. */
static int successors(struct areader *r, const char *p, const char *e)
{
	char q[48];
	int st;
	for (;;) {
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if (p == e || *p == '#')
			break;
		if (r->closed)
			return afail(r, "unexpected '%s' after the '}' (one set of successors per line)",
			             q40(q, p, (size_t)(e - p) < 8 ? (size_t)(e - p) : 8));
		if (arrow_at(p, e)) {
			size_t len;
			const char *s = names_builder_get(&r->nb, r->src, &len);
			return afail(r, "a second arrow on the line (one source per line: '%s -> ...' "
			                "then the next source on its own line)", q40(q, s, len));
		}
		if (*p == ',') {
			if (!r->items || r->comma)
				return afail(r, "',' without a block name before it");
			r->comma = true;
			p++;
			continue;
		}
		if (*p == '{') {
			if (r->items || r->brace)
				return afail(r, "'{' inside the successors (braces may enclose the whole "
				                "list once: 'X -> {Y, Z}')");
			r->brace = true;
			p++;
			continue;
		}
		if (*p == '}') {
			if (!r->brace)
				return afail(r, "'}' without its '{'");
			if (r->comma)
				return afail(r, "',' without a block name after it (before '}')");
			r->brace = false;
			r->closed = true;
			p++;
			continue;
		}
		size_t k = name_len(p, e);
		if (!k)
			return unexpected(r, p, e);
		uint32_t v;
		if ((st = intern(r, p, k, &v)))
			return st;
		if (r->el.m >= CFG_MAX_EDGES)
			return afail(r, "more than %u edges", CFG_MAX_EDGES);
		if ((st = edge_list_push(&r->el, r->src, v)))
			return io_fail(r->err, r->name, r->line, st, "out of memory");
		r->items = true;
		r->comma = false;
		p += k;
	}
	/* open for a continuation line: nothing yet after the arrow, a ',' or an open '{' */
	r->open = (!r->items && !r->closed) || r->comma || r->brace;
	return SSA_OK;
}

static int line(struct areader *r, const char *p, const char *e)
{
	char q[48];
	const char *s = p;
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	if (s == e || *s == '#')
		return SSA_OK;
	bool arrow = has_arrow(s, e);
	if (!arrow) {
		if (!r->open)
			return afail(r, "a line without an arrow (expected 'X -> Y, Z', or 'X ->' for a "
			                "block without successors)");
		return successors(r, s, e); /* the list of the line before goes on */
	}
	int st = close_list(r);
	if (st)
		return st;
	size_t k = name_len(s, e);
	if (!k) {
		if (arrow_at(s, e))
			return afail(r, "missing the source block before the arrow");
		if (*s == '{')
			return afail(r, "a set '{...}' as the source is DOT's notation (write one line "
			                "per source, or 'digraph { ... }' around DOT statements)");
		return unexpected(r, s, e);
	}
	if ((st = intern(r, s, k, &r->src)))
		return st;
	r->src_line = r->line;
	const char *src = s;
	s += k;
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	size_t a = arrow_at(s, e);
	if (!a)
		a = colon_at(s, e);
	if (!a) {
		if (s < e && name_byte((unsigned char)*s))
			return afail(r, "expected an arrow after '%s', found '%s' (one source per line)",
			             q40(q, src, k), q40((char[48]){0}, s, name_len(s, e)));
		if (*s == ',')
			return afail(r, "',' before the arrow (one source per line: 'X -> Y, Z')");
		return unexpected(r, s, e);
	}
	r->open = true;
	r->comma = r->brace = r->closed = r->items = false;
	return successors(r, s + a, e);
}

int io_read_arrows_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                            bool size_known, uint64_t size, struct prog *out,
                            struct io_error *err)
{
	char *buf;
	size_t len;
	const char *p;
	int st = io_text_begin(f, name, prefix, plen, size_known, size, out, err, &buf, &len, &p);
	if (st)
		return st;
	struct areader r;
	memset(&r, 0, sizeof r);
	r.name = name;
	r.err = err;
	names_builder_init(&r.nb);
	if (edge_list_init(&r.el, 0, 0)) {
		st = io_fail(err, name, 0, SSA_ENOMEM, "out of memory");
		goto out;
	}
	const char *end = buf + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		r.line++;
		size_t k = (size_t)(e - p);
		if (k && p[k - 1] == '\r')
			k--;
		const char *le = p + k;
		if (memchr(p, 0, k)) {
			st = afail(&r, "NUL byte (not a text arrow list)");
			goto out;
		}
		if ((st = line(&r, p, le)))
			goto out;
		p = nl ? nl + 1 : end;
	}
	if ((st = close_list(&r)))
		goto out;
	if (r.nb.count == 0) {
		if (!r.line)
			r.line = 1;
		st = afail(&r, IO_MSG_NO_EDGES, io_text_header(name));
		goto out;
	}
	if (!(st = io_import_finish(name, &r.nb, 0, &r.el, 0, NULL, NULL, NULL, out, err)) &&
	    (st = io_import_warn(name, "an arrow list ('X -> Y, Z' per line)", 0, out, err)))
		prog_free(out);
out:
	free(buf);
	names_builder_free(&r.nb);
	edge_list_free(&r.el);
	return st;
}

int io_read_arrows(FILE *f, const char *name, struct prog *out, struct io_error *err)
{
	uint64_t size = 0;
	bool known = io_stream_size(f, &size);
	return io_read_arrows_prefixed(f, name, NULL, 0, known, size, out, err);
}
