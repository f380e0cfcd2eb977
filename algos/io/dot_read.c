/* Reader of graphviz DOT CFGs: the subset that `opt -dot-cfg` and hand-written graphs use
 * (README.md "DOT input", beside this file). One 'digraph' (optionally 'strict', optionally named)
 * whose statements are node statements with attribute lists, edge chains 'a -> b -> c' with ports
 * ('a:s0 -> b'), graph/node/edge default attributes and 'id = id' graph attributes; ids bare,
 * numerals, double-quoted or HTML '<...>'; comments '//', '/ * * /' and '#' lines. Subgraphs and
 * undirected graphs are refused by name.
 *
 * Blocks are numbered in order of first appearance, except that the entry (the node with
 * attribute entry=true, else the first node) becomes block 0. Successors keep the file order of
 * the edges, so `opt`'s branch order (ports s0, s1, ...) is kept; a strict graph keeps the first
 * of each ordered pair's edges, as graphviz does. A node's name is the first line of its label
 * when it has one (the block name `opt` puts there; the text of an HTML label, never its
 * markup), else its id.
 *
 * The input is read whole (its size for a regular file, else grown with what arrives); then
 * one pass over it: O(bytes) expected time, memory the input plus O(n + m). */
#include "io/io_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum tok { T_END, T_ID, T_LBRACE, T_RBRACE, T_LBRACK, T_RBRACK, T_SEMI, T_COMMA, T_EQ,
	   T_COLON, T_ARROW, T_UNDIR, T_BAD };

struct dreader {
	const char *name;
	struct io_error *err;
	const char *p, *end;
	unsigned long long line;
	bool bol; /* p is at the beginning of a line (up to blanks): a '#' there is a comment */
	/* the current token */
	enum tok t;
	unsigned long long tline;
	const char *ts, *te; /* its text; for a quoted id without the quotes */
	bool quoted;         /* a "quoted" or <HTML> id: never a keyword */
	bool html;           /* an <HTML> id: val holds what is between the outer '<' '>' */
	/* an id's value after unescaping */
	char *val;
	size_t vlen, vcap;

	struct names_builder nb;
	struct edge_list el;
	bool strict; /* 'strict digraph': one edge per ordered pair (strict_merge) */
	/* The last HTML string that spanned lines and the statement it is in: a '<' without its
	 * '>' makes one swallow text up to a later '>' (an arrow's), and the grammar error that
	 * follows points back at it. */
	unsigned long long stmt, html_stmt, html_from, html_to;
	const char *html_end;
	uint32_t entry;
	unsigned long long entry_line;
	/* labels: node, first line in lpool[lsoff[j] .. lsoff[j+1]) */
	uint32_t *lnode;
	uint64_t *lsoff;
	uint32_t nlab, lcap;
	char *lpool;
	uint64_t lplen, lpcap;
	/* the text of an HTML label being decoded (add_html_label) */
	char *hbuf;
	size_t hcap;
};

static int dfail(struct dreader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int dfail(struct dreader *r, const char *fmt, ...)
{
	char what[sizeof r->err->what];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (r->html_end && r->html_stmt == r->stmt && r->ts >= r->html_end)
		return io_fail(r->err, r->name, r->tline ? r->tline : 1, SSA_EINPUT,
		               "%s (the HTML string of lines %llu-%llu may hold a '<' without its "
		               "'>')",
		               what, r->html_from, r->html_to);
	return io_fail(r->err, r->name, r->tline ? r->tline : 1, SSA_EINPUT, "%s", what);
}

static int dnomem(struct dreader *r)
{
	return io_fail(r->err, r->name, r->tline, SSA_ENOMEM,
	               "out of memory (the input needs more than is available)");
}

/* The current token for a message: at most 40 bytes, non-printable bytes as '?'. */
static const char *shown(struct dreader *r, char *dst, size_t cap)
{
	if (r->t == T_END)
		return "end of input";
	size_t k = (size_t)(r->te - r->ts), lim = cap - 6 < 40 ? cap - 6 : 40;
	bool cut = k > lim;
	if (cut)
		k = lim;
	size_t o = 0;
	dst[o++] = '\'';
	for (size_t i = 0; i < k; i++) {
		unsigned char c = (unsigned char)r->ts[i];
		dst[o++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	if (cut) {
		memcpy(dst + o, "...", 3);
		o += 3;
	}
	dst[o++] = '\'';
	dst[o] = 0;
	return dst;
}

static bool id_byte(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c >= 0x80;
}

static int val_put(struct dreader *r, char c)
{
	if (r->vlen + 1 >= r->vcap) {
		size_t ncap = r->vcap ? r->vcap * 2 : 256;
		char *nv = realloc(r->val, ncap);
		if (!nv)
			return dnomem(r);
		r->val = nv;
		r->vcap = ncap;
	}
	r->val[r->vlen++] = c;
	return SSA_OK;
}

/* Skips blanks and comments; a '#' line is one whose first non-blank byte is '#'. */
static int skip_space(struct dreader *r)
{
	bool line_start = r->bol;
	const char *p = r->p;
	for (;;) {
		while (p < r->end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) {
			if (*p == '\n') {
				r->line++;
				line_start = true;
			}
			p++;
		}
		if (p < r->end && *p == '#' && line_start) {
			while (p < r->end && *p != '\n')
				p++;
			continue;
		}
		if (p + 1 < r->end && p[0] == '/' && p[1] == '/') {
			while (p < r->end && *p != '\n')
				p++;
			continue;
		}
		if (p + 1 < r->end && p[0] == '/' && p[1] == '*') {
			unsigned long long at = r->line;
			p += 2;
			while (p + 1 < r->end && !(p[0] == '*' && p[1] == '/')) {
				if (*p == '\n')
					r->line++;
				p++;
			}
			if (p + 1 >= r->end) {
				r->tline = at;
				r->p = r->end;
				return dfail(r, "unterminated '/*' comment");
			}
			p += 2;
			line_start = false;
			continue;
		}
		break;
	}
	r->p = p;
	r->bol = false; /* a token starts here */
	return SSA_OK;
}

/* Reads the next token into r->t; an id's unescaped value into r->val (NUL-terminated). */
static int next(struct dreader *r)
{
	int st = skip_space(r);
	if (st)
		return st;
	r->tline = r->line;
	r->ts = r->p;
	r->quoted = r->html = false;
	r->vlen = 0;
	if (r->p >= r->end) {
		r->t = T_END;
		r->te = r->p;
		return SSA_OK;
	}
	const char *p = r->p;
	unsigned char c = (unsigned char)*p;
	static const char punct[] = "{}[];,=:";
	static const enum tok ptok[] = {T_LBRACE, T_RBRACE, T_LBRACK, T_RBRACK,
	                                T_SEMI,   T_COMMA,  T_EQ,     T_COLON};
	const char *q = c ? strchr(punct, c) : NULL;
	if (q) {
		r->t = ptok[q - punct];
		r->p = r->te = p + 1;
		return SSA_OK;
	}
	if (c == '-' && p + 1 < r->end && (p[1] == '>' || p[1] == '-')) {
		r->t = p[1] == '>' ? T_ARROW : T_UNDIR;
		r->p = r->te = p + 2;
		return SSA_OK;
	}
	r->t = T_ID;
	if (c == '"') {
		/* '\"' is a quote; backslash-newline continues the line; other escapes (\l, \n
		 * in labels) stay as they are for the label rules. */
		r->quoted = true;
		p++;
		while (p < r->end && *p != '"') {
			if (*p == '\\' && p + 1 < r->end && (p[1] == '"' || p[1] == '\n' || p[1] == '\r')) {
				if (p[1] == '"') {
					if ((st = val_put(r, '"')))
						return st;
					p += 2;
					continue;
				}
				p++;
				if (*p == '\r' && p + 1 < r->end && p[1] == '\n')
					p++;
				r->line++;
				p++;
				continue;
			}
			if (*p == '\n')
				r->line++;
			if ((st = val_put(r, *p)))
				return st;
			p++;
		}
		if (p >= r->end) {
			r->te = p;
			r->p = p;
			return dfail(r, "unterminated quoted string");
		}
		r->p = p + 1;
		r->te = r->p;
	} else if (c == '<') {
		/* An HTML string: balanced '<' '>' (graphviz's rule), markup kept for add_html_label */
		r->quoted = r->html = true;
		uint64_t depth = 0;
		for (; p < r->end; p++) {
			if (*p == '\n')
				r->line++;
			if (*p == '<')
				depth++;
			else if (*p == '>' && --depth == 0)
				break;
			if (p != r->ts && (st = val_put(r, *p)))
				return st;
		}
		if (p >= r->end) {
			r->te = r->p = p;
			return dfail(r, "unterminated HTML string '<...>'");
		}
		r->p = r->te = p + 1;
		if (r->line > r->tline) {
			r->html_stmt = r->stmt;
			r->html_from = r->tline;
			r->html_to = r->line;
			r->html_end = r->te;
		}
	} else if (id_byte(c) || c == '-' || c == '.') {
		/* A bare id or a numeral ('-' and '.' only start numerals). */
		bool num = !(id_byte(c) && !(c >= '0' && c <= '9'));
		p++;
		while (p < r->end && (num ? ((*p >= '0' && *p <= '9') || *p == '.')
		                          : id_byte((unsigned char)*p)))
			p++;
		r->p = r->te = p;
		for (const char *s = r->ts; s < p; s++)
			if ((st = val_put(r, *s)))
				return st;
		if (num && p < r->end && id_byte((unsigned char)*p)) {
			r->te = p + 1;
			return dfail(r, "bad numeral %s (an id starting with a digit must be quoted)",
			             shown(r, (char[64]){0}, 64));
		}
	} else {
		r->t = T_BAD;
		r->te = p + 1;
		return dfail(r, "unexpected %s", shown(r, (char[64]){0}, 64));
	}
	if (r->vlen && memchr(r->val, 0, r->vlen)) /* an empty id may have no buffer yet */
		return dfail(r, "NUL byte in an id");
	if ((st = val_put(r, 0)))
		return st;
	r->vlen--;
	return SSA_OK;
}

/* A node's id for a message: at most 40 bytes, quoted, non-printable bytes as '?'. */
static const char *node_shown(struct dreader *r, uint32_t node, char *dst)
{
	size_t len, o = 0;
	const char *s = names_builder_get(&r->nb, node, &len);
	bool cut = len > 40;
	dst[o++] = '\'';
	for (size_t i = 0; i < (cut ? 40 : len); i++) {
		unsigned char c = (unsigned char)s[i];
		dst[o++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	if (cut) {
		memcpy(dst + o, "...", 3);
		o += 3;
	}
	dst[o++] = '\'';
	dst[o] = 0;
	return dst;
}

static bool is_kw(const struct dreader *r, const char *kw)
{
	return r->t == T_ID && !r->quoted && r->vlen == strlen(kw) && !strcasecmp(r->val, kw);
}

/* The name of a label: its first line. Record braces and a leading '<port>' are dropped; the
 * line ends at an escape \l \n \r, a newline, '|', '{' or '}'; blanks are trimmed and a final
 * ':' (opt writes "%name:") dropped. "\N" (graphviz: the node's id) gives nothing. */
static void label_line(const char *s, size_t len, size_t *from, size_t *to)
{
	size_t i = 0;
	while (i < len && (s[i] == '{' || s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i < len && s[i] == '<') {
		const char *gt = memchr(s + i, '>', len - i);
		if (gt)
			i = (size_t)(gt - s) + 1;
	}
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	size_t j = i;
	while (j < len && s[j] != '|' && s[j] != '{' && s[j] != '}' && s[j] != '\n' && s[j] != '\r' &&
	       !(s[j] == '\\' && j + 1 < len && strchr("lnrN", s[j + 1])))
		j++;
	if (j < len && s[j] == '\\' && s[j + 1] == 'N' && j == i)
		j = i; /* \N alone: the id */
	while (j > i && (s[j - 1] == ' ' || s[j - 1] == '\t'))
		j--;
	if (j > i && s[j - 1] == ':')
		j--;
	*from = i;
	*to = j;
}

/* Keeps s[a..b) as the name of node (cut to NAMES_MAX_LEN bytes); an empty one leaves the id
 * naming the node. */
static int store_label(struct dreader *r, uint32_t node, const char *s, size_t a, size_t b)
{
	char q[64];
	if (a == b)
		return SSA_OK;
	if (b - a > NAMES_MAX_LEN)
		b = a + NAMES_MAX_LEN;
	for (size_t i = a; i < b; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return dfail(r, "control byte in the label of node %s", node_shown(r, node, q));
	if (r->nlab + 1 >= r->lcap) {
		uint64_t want = r->lcap ? (uint64_t)r->lcap * 2 : 256;
		if (want > CFG_MAX_BLOCKS)
			return dfail(r, "too many labels");
		uint32_t *nn = ssa_realloc_array(r->lnode, (size_t)want, sizeof *nn);
		if (!nn)
			return dnomem(r);
		r->lnode = nn;
		uint64_t *no = ssa_realloc_array(r->lsoff, (size_t)want + 1, sizeof *no);
		if (!no)
			return dnomem(r);
		r->lsoff = no;
		r->lcap = (uint32_t)want;
	}
	if (r->lpcap - r->lplen < b - a) {
		uint64_t want = r->lpcap ? r->lpcap : 4096;
		while (want - r->lplen < b - a)
			want *= 2;
		char *np = ssa_realloc_array(r->lpool, (size_t)want, 1);
		if (!np)
			return dnomem(r);
		r->lpool = np;
		r->lpcap = want;
	}
	memcpy(r->lpool + r->lplen, s + a, b - a);
	r->lnode[r->nlab] = node;
	r->lsoff[r->nlab] = r->lplen;
	r->lplen += b - a;
	r->lsoff[++r->nlab] = r->lplen;
	return SSA_OK;
}

static int add_label(struct dreader *r, uint32_t node, const char *s, size_t len)
{
	size_t a, b;
	label_line(s, len, &a, &b);
	return store_label(r, node, s, a, b);
}

/* The code point of the entity at s[0] == '&' (at most len bytes), its length in *used; -1 with
 * a message in why when it is none that is known. */
static long entity(const char *s, size_t len, size_t *used, char *why, size_t wlen)
{
	static const struct {
		const char *name;
		long cp;
	} named[] = {{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''},
	             {"nbsp", 0xa0}};
	size_t i = 1;
	if (i < len && s[i] == '#') {
		bool hex = i + 1 < len && (s[i + 1] == 'x' || s[i + 1] == 'X');
		i += hex ? 2 : 1;
		size_t d0 = i;
		long cp = 0;
		for (; i < len; i++) {
			int d = s[i] >= '0' && s[i] <= '9'                ? s[i] - '0'
			        : hex && s[i] >= 'a' && s[i] <= 'f'       ? s[i] - 'a' + 10
			        : hex && s[i] >= 'A' && s[i] <= 'F'       ? s[i] - 'A' + 10
			                                                  : -1;
			if (d < 0)
				break;
			if (cp <= 0x10ffff) /* past it stays past it, without overflowing */
				cp = cp * (hex ? 16 : 10) + d;
		}
		if (i == d0 || i >= len || s[i] != ';') {
			snprintf(why, wlen, "'&' that starts no entity (write &amp;)");
			return -1;
		}
		*used = i + 1;
		if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
			snprintf(why, wlen, "bad character reference '%.*s'", (int)(i + 1 < 40 ? i + 1 : 40),
			         s);
			return -1;
		}
		return cp;
	}
	while (i < len && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
	                   (i > 1 && s[i] >= '0' && s[i] <= '9')))
		i++;
	if (i == 1 || i >= len || s[i] != ';') {
		snprintf(why, wlen, "'&' that starts no entity (write &amp;)");
		return -1;
	}
	*used = i + 1;
	for (size_t k = 0; k < sizeof named / sizeof *named; k++)
		if (strlen(named[k].name) == i - 1 && !memcmp(named[k].name, s + 1, i - 1))
			return named[k].cp;
	snprintf(why, wlen, "unknown entity '%.*s' (write the character itself or &#NNN;)",
	         (int)(i + 1 < 40 ? i + 1 : 40), s);
	return -1;
}

/* Whether the tag at s[0] == '<' is a line break, <br>, <br/> or <BR ALIGN=...>. */
static bool br_tag(const char *s, size_t len)
{
	return len >= 4 && (s[1] == 'b' || s[1] == 'B') && (s[2] == 'r' || s[2] == 'R') &&
	       strchr(" \t\r\n/>", s[3]);
}

/* An HTML label names the node by its text: the character data before the first <br> (a line
 * break, as \l is in a quoted label), tags and comments removed, the entities &amp; &lt; &gt;
 * &quot; &apos; &nbsp; &#N; &#xH; decoded, runs of white space made one blank and trimmed, a
 * final ':' dropped. s[0..len) is what lies between the outer '<' '>', balanced by the lexer. */
static int add_html_label(struct dreader *r, uint32_t node, const char *s, size_t len)
{
	char q[64], why[96];
	/* the text is never longer than the markup: an entity decodes to at most its own length */
	if (r->hcap < len + 1) {
		char *nb = realloc(r->hbuf, len + 1);
		if (!nb)
			return dnomem(r);
		r->hbuf = nb;
		r->hcap = len + 1;
	}
	char *out = r->hbuf;
	size_t o = 0, depth = 0;
	bool space = false;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '<') {
			if (depth == 0 && br_tag(s + i, len - i))
				break;
			depth++;
			continue;
		}
		if (c == '>') {
			if (depth)
				depth--;
			continue;
		}
		if (depth)
			continue; /* inside a tag or a comment */
		long cp = (unsigned char)c;
		size_t used = 1;
		if (c == '&' && (cp = entity(s + i, len - i, &used, why, sizeof why)) < 0)
			return dfail(r, "HTML label of node %s: %s", node_shown(r, node, q), why);
		i += used - 1;
		if (cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == 0xa0) {
			space = o > 0;
			continue;
		}
		if (space)
			out[o++] = ' ';
		space = false;
		if (used == 1 || cp < 0x80) {
			out[o++] = (char)cp;
		} else if (cp < 0x800) {
			out[o++] = (char)(0xc0 | cp >> 6);
			out[o++] = (char)(0x80 | (cp & 0x3f));
		} else if (cp < 0x10000) {
			out[o++] = (char)(0xe0 | cp >> 12);
			out[o++] = (char)(0x80 | (cp >> 6 & 0x3f));
			out[o++] = (char)(0x80 | (cp & 0x3f));
		} else {
			out[o++] = (char)(0xf0 | cp >> 18);
			out[o++] = (char)(0x80 | (cp >> 12 & 0x3f));
			out[o++] = (char)(0x80 | (cp >> 6 & 0x3f));
			out[o++] = (char)(0x80 | (cp & 0x3f));
		}
	}
	if (o && out[o - 1] == ':')
		o--;
	while (o && out[o - 1] == ' ')
		o--;
	return store_label(r, node, out, 0, o);
}

/* A strict graph has at most one edge per ordered pair: graphviz merges a repeated 'a -> b'
 * (a self-loop too) into the first one, so later repeats go and the rest keep their order.
 * Edges are grouped by tail with a counting sort (stable, so each group is in file order) and
 * an edge is a repeat when its head already carries its tail's stamp: O(n + m) time, flat
 * arrays of 2n + 1 + m words. */
static int strict_merge(struct dreader *r)
{
	uint32_t n = r->nb.count, m = r->el.m;
	uint32_t *start = ssa_calloc_array((size_t)n + 1, sizeof *start);
	uint32_t *order = ssa_alloc_array(m, sizeof *order);
	uint32_t *stamp = ssa_alloc_array(n, sizeof *stamp);
	if (!start || !order || !stamp) {
		free(start);
		free(order);
		free(stamp);
		return dnomem(r);
	}
	uint32_t *src = r->el.src, *dst = r->el.dst;
	for (uint32_t e = 0; e < m; e++)
		start[src[e] + 1]++;
	for (uint32_t u = 0; u < n; u++)
		start[u + 1] += start[u];
	/* start[u] walks up to the end of u's group, which is where u + 1's begins */
	for (uint32_t e = 0; e < m; e++)
		order[start[src[e]]++] = e;
	for (uint32_t v = 0; v < n; v++)
		stamp[v] = SSA_NONE;
	for (uint32_t u = 0, i = 0; u < n; u++)
		for (; i < start[u]; i++) {
			uint32_t e = order[i];
			if (stamp[dst[e]] == u)
				src[e] = SSA_NONE; /* a repeat */
			else
				stamp[dst[e]] = u;
		}
	uint32_t k = 0;
	for (uint32_t e = 0; e < m; e++)
		if (src[e] != SSA_NONE) {
			src[k] = src[e];
			dst[k] = dst[e];
			k++;
		}
	r->el.m = k;
	free(start);
	free(order);
	free(stamp);
	return SSA_OK;
}

static bool truthy(const char *v)
{
	return !strcasecmp(v, "true") || !strcasecmp(v, "yes") || !strcmp(v, "1");
}

/* '[' a=b, c=d; ... ']' (one or more lists). With node != SSA_NONE, 'label' and 'entry' apply
 * to that node; otherwise (edge, defaults) everything is ignored. */
static int attr_lists(struct dreader *r, uint32_t node)
{
	char q[64];
	int st;
	while (r->t == T_LBRACK) {
		if ((st = next(r)))
			return st;
		while (r->t != T_RBRACK) {
			if (r->t != T_ID)
				return dfail(r, "expected an attribute name or ']', found %s",
				             shown(r, q, sizeof q));
			bool is_label = !strcmp(r->val, "label"), is_entry = !strcmp(r->val, "entry");
			if ((st = next(r)))
				return st;
			if (r->t != T_EQ)
				return dfail(r, "expected '=' after the attribute name, found %s",
				             shown(r, q, sizeof q));
			if ((st = next(r)))
				return st;
			if (r->t != T_ID)
				return dfail(r, "expected an attribute value, found %s",
				             shown(r, q, sizeof q));
			if (node != SSA_NONE && is_label &&
			    (st = r->html ? add_html_label(r, node, r->val, r->vlen)
			                  : add_label(r, node, r->val, r->vlen)))
				return st;
			if (node != SSA_NONE && is_entry && truthy(r->val)) {
				if (r->entry != SSA_NONE && r->entry != node)
					return dfail(r, "a second entry node (the first is marked on line %llu)",
					             r->entry_line);
				r->entry = node;
				r->entry_line = r->tline;
			}
			if ((st = next(r)))
				return st;
			if ((r->t == T_COMMA || r->t == T_SEMI) && (st = next(r)))
				return st;
		}
		if ((st = next(r)))
			return st;
	}
	return SSA_OK;
}

/* A node id at the current token (with an optional port) interned; leaves the token after. */
static int node_id(struct dreader *r, uint32_t *id)
{
	char q[64];
	int st;
	if (r->t != T_ID)
		return dfail(r, "expected a node id, found %s", shown(r, q, sizeof q));
	if (!r->quoted && (is_kw(r, "subgraph")))
		return dfail(r, "subgraphs are not supported (write the nodes and edges of the "
		                "cluster at the top level)");
	if (r->vlen > NAMES_MAX_LEN)
		return dfail(r, "node id %s longer than %u bytes", shown(r, q, sizeof q),
		             NAMES_MAX_LEN);
	if ((st = names_intern(&r->nb, r->val, r->vlen, id, NULL)))
		return st == SSA_ENOMEM ? dnomem(r) : dfail(r, "too many nodes");
	if ((st = next(r)))
		return st;
	for (int k = 0; k < 2 && r->t == T_COLON; k++) {
		if ((st = next(r)))
			return st;
		if (r->t != T_ID)
			return dfail(r, "expected a port name after ':', found %s",
			             shown(r, q, sizeof q));
		if ((st = next(r)))
			return st;
	}
	return SSA_OK;
}

static int statement(struct dreader *r)
{
	char q[64];
	int st;
	if (r->t == T_LBRACE || is_kw(r, "subgraph"))
		return dfail(r, "subgraphs are not supported (write the nodes and edges of the "
		                "cluster at the top level)");
	if (is_kw(r, "graph") || is_kw(r, "node") || is_kw(r, "edge")) {
		if ((st = next(r)))
			return st;
		if (r->t != T_LBRACK)
			return dfail(r, "expected '[' after a default-attribute keyword, found %s",
			             shown(r, q, sizeof q));
		return attr_lists(r, SSA_NONE);
	}
	if (r->t != T_ID)
		return dfail(r, "expected a statement (node, edge or attribute), found %s",
		             shown(r, q, sizeof q));
	if (is_kw(r, "digraph") || is_kw(r, "strict"))
		return dfail(r, "a second graph inside the graph (one 'digraph' per file)");
	/* 'id = id' is a graph attribute: a copy of the reader looks one token ahead. */
	uint32_t u;
	{
		struct dreader peek = *r;
		peek.err = NULL;
		peek.val = NULL;
		peek.vcap = peek.vlen = 0;
		int ps = next(&peek);
		bool is_eq = !ps && peek.t == T_EQ;
		free(peek.val);
		if (is_eq) {
			if ((st = next(r)) || (st = next(r)))
				return st;
			if (r->t != T_ID)
				return dfail(r, "expected a value after '=', found %s",
				             shown(r, q, sizeof q));
			return next(r);
		}
	}
	if ((st = node_id(r, &u)))
		return st;
	if (r->t == T_UNDIR)
		return dfail(r, "undirected edge '--' (a CFG needs '->')");
	if (r->t != T_ARROW)
		return attr_lists(r, u);
	while (r->t == T_ARROW) {
		if ((st = next(r)))
			return st;
		if (r->t == T_LBRACE || is_kw(r, "subgraph"))
			return dfail(r, "subgraphs are not supported (an edge to '{...}' names a "
			                "subgraph; write one edge per target)");
		uint32_t v;
		if ((st = node_id(r, &v)))
			return st;
		if (r->el.m >= CFG_MAX_EDGES)
			return dfail(r, "more than %u edges", CFG_MAX_EDGES);
		if ((st = edge_list_push(&r->el, u, v)))
			return st == SSA_ENOMEM ? dnomem(r) : dfail(r, "too many edges");
		u = v;
		if (r->t == T_UNDIR)
			return dfail(r, "undirected edge '--' (a CFG needs '->')");
	}
	return attr_lists(r, SSA_NONE);
}

static int parse(struct dreader *r)
{
	char q[64];
	int st;
	if ((st = next(r)))
		return st;
	if (is_kw(r, "strict")) {
		r->strict = true;
		if ((st = next(r)))
			return st;
	}
	if (is_kw(r, "graph"))
		return dfail(r, "undirected 'graph' (a CFG is a 'digraph')");
	if (!is_kw(r, "digraph"))
		return dfail(r, "expected 'digraph', found %s", shown(r, q, sizeof q));
	unsigned long long head = r->tline;
	if ((st = next(r)))
		return st;
	if (r->t == T_ID && (st = next(r)))
		return st;
	if (r->t != T_LBRACE)
		return dfail(r, "expected '{' after the graph name, found %s", shown(r, q, sizeof q));
	if ((st = next(r)))
		return st;
	while (r->t != T_RBRACE) {
		if (r->t == T_END)
			return dfail(r, "file ends inside the graph (missing '}')");
		r->stmt++;
		if ((st = statement(r)))
			return st;
		if ((r->t == T_SEMI || r->t == T_COMMA) && (st = next(r)))
			return st;
	}
	if ((st = next(r)))
		return st;
	if (r->t != T_END)
		return dfail(r, "unexpected %s after the graph (one 'digraph' per file)",
		             shown(r, q, sizeof q));
	r->tline = head;
	if (r->nb.count == 0)
		return dfail(r, "the graph has no nodes (a CFG has at least its entry)");
	return SSA_OK;
}

int io_read_dot_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                         bool size_known, uint64_t size, struct prog *out, struct io_error *err)
{
	memset(out, 0, sizeof *out);
	char *buf;
	size_t len;
	int st = io_slurp(f, name, prefix, plen, size_known, size, &buf, &len, err);
	if (st)
		return st;
	struct dreader r;
	memset(&r, 0, sizeof r);
	r.name = name;
	r.err = err;
	r.p = buf + io_bom_len(buf, len);
	r.end = buf + len;
	r.line = 1;
	r.bol = true;
	r.entry = SSA_NONE;
	names_builder_init(&r.nb);
	if (edge_list_init(&r.el, 0, 0)) {
		st = dnomem(&r);
		goto out;
	}
	if ((st = parse(&r)) || (r.strict && (st = strict_merge(&r))))
		goto out;
	st = io_import_finish(name, &r.nb, r.entry == SSA_NONE ? 0 : r.entry, &r.el, r.nlab,
	                      r.lnode, r.lsoff, r.lpool, out, err);
out:
	free(buf);
	free(r.val);
	free(r.lnode);
	free(r.lsoff);
	free(r.lpool);
	free(r.hbuf);
	names_builder_free(&r.nb);
	edge_list_free(&r.el);
	return st;
}

int io_read_dot(FILE *f, const char *name, struct prog *out, struct io_error *err)
{
	uint64_t size = 0;
	bool known = io_stream_size(f, &size);
	return io_read_dot_prefixed(f, name, NULL, 0, known, size, out, err);
}
