/* Reader of plain edge lists, as SNAP and networkx write them (README.md "Edge lists"): one edge
 * per line, fields separated by blanks, '#' comment lines, node ids any tokens (numbers or
 * names, not necessarily dense). After 'u v' a line may hold one weight (a number as Python's
 * float() reads it: nx.write_weighted_edgelist) or one data dict (a Python dict literal to the
 * end of the line: nx.write_edgelist), and nothing else: every field is checked, so an extra
 * field is an error rather than a node or edge dropped unseen. A line with a single id declares
 * a node without edges. The entry is the node named by a '# entry: <id>' comment line (other
 * tools skip it as a comment), else the first node of the first line. A comma in the first data
 * line makes the file comma-separated ('u,v[,weight]', quoted fields), else a semicolon between
 * two fields semicolon-separated ('u;v[;weight]', decimal commas); a line whose names hold
 * blanks between tabs, after lines without blanks, makes it tab-separated; a first line of column
 * names ('from to', 'source,target', ...) is skipped unless a word of it is a node elsewhere,
 * which a second pass then reads as the edge it is. A line with an arrow field is in another
 * notation, and an error.
 *
 * Nodes are numbered in order of first appearance, the entry moved to 0; every block is named
 * by its id. A node's successors keep the file order of its edges. The input is read whole;
 * time O(bytes) expected (ids are interned by hashing), memory the input plus O(n + m) plus
 * the deepest nesting of a data dict. */
#include "io/io_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct ereader {
	const char *name;
	struct io_error *err;
	unsigned long long line;
	struct names_builder nb;
	struct edge_list el;
	const char *entry_s;
	size_t entry_len;
	unsigned long long entry_line;
	/* the open containers of a data dict, innermost last (data_dict) */
	uint8_t *stack;
	size_t depth, scap;
	/* the dialect, decided by the first data line: fields separated by commas (or semicolons,
	 * sep), or blanks; tab_clean: no data line so far had a ' ' (each was tab-separated, or
	 * one field), so a line with a name holding a blank may still make the file tab-separated */
	bool decided, csv, tab_clean;
	char sep;
	unsigned long long first_line;
	/* a first line of column names (header_words), skipped; clash: one of them is a node id
	 * elsewhere, so the line was an edge after all */
	bool allow_header, header, clash;
	char hw[2][8]; /* copies: a CSV line's fields live in fbuf, which the next line reuses */
	size_t hwlen[2];
	/* a CSV line's unquoted fields, one after the other */
	char *fbuf;
	size_t fcap;
};

static int efail(struct ereader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int efail(struct ereader *r, const char *fmt, ...)
{
	char what[sizeof r->err->what];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return io_fail(r->err, r->name, r->line, SSA_EINPUT, "%s", what);
}

static bool blank(char c)
{
	return c == ' ' || c == '\t';
}

static const char *q40(char *dst, const char *s, const char *e)
{
	size_t k = (size_t)(e - s), o = 0;
	bool cut = k > 40;
	if (cut)
		k = 40;
	for (size_t i = 0; i < k; i++) {
		unsigned char c = (unsigned char)s[i];
		dst[o++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	if (cut) {
		memcpy(dst + o, "...", 3);
		o += 3;
	}
	dst[o] = 0;
	return dst;
}

static bool tok(const char **pp, const char *e, const char **ts, const char **te)
{
	const char *p = *pp;
	while (p < e && blank(*p))
		p++;
	if (p == e || *p == '#')
		return false;
	*ts = p;
	while (p < e && !blank(*p))
		p++;
	*te = p;
	*pp = p;
	return true;
}

static int intern(struct ereader *r, const char *s, const char *e, uint32_t *id)
{
	char q[48];
	for (int k = 0; k < 2 && r->header; k++)
		if ((size_t)(e - s) == r->hwlen[k] && !memcmp(s, r->hw[k], r->hwlen[k]))
			r->clash = true;
	if (e - s > (ptrdiff_t)NAMES_MAX_LEN)
		return efail(r, "node id '%s' longer than %u bytes", q40(q, s, e), NAMES_MAX_LEN);
	for (const char *c = s; c < e; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return efail(r, "control byte in node id '%s'", q40(q, s, e));
	int st = names_intern(&r->nb, s, (size_t)(e - s), id, NULL);
	if (st == SSA_ENOMEM)
		return io_fail(r->err, r->name, r->line, st, "out of memory");
	if (st)
		return efail(r, "more than %u nodes", CFG_MAX_BLOCKS);
	return SSA_OK;
}

/* A decimal number: optional sign, digits with an optional fraction ('1', '1.', '.5'), an
 * optional exponent with digits ('1e-3'). */
static bool decimal(const char *s, const char *e)
{
	if (s < e && (*s == '-' || *s == '+'))
		s++;
	bool digits = false;
	while (s < e && *s >= '0' && *s <= '9') {
		digits = true;
		s++;
	}
	if (s < e && *s == '.') {
		s++;
		while (s < e && *s >= '0' && *s <= '9') {
			digits = true;
			s++;
		}
	}
	if (!digits)
		return false;
	if (s < e && (*s == 'e' || *s == 'E')) {
		s++;
		if (s < e && (*s == '-' || *s == '+'))
			s++;
		if (s == e || *s < '0' || *s > '9')
			return false;
		while (s < e && *s >= '0' && *s <= '9')
			s++;
	}
	return s == e;
}

/* A weight as Python's float() reads one (nx.read_weighted_edgelist): a decimal number, or
 * inf, infinity or nan in any case, optionally signed. */
static bool weight(const char *s, const char *e)
{
	if (decimal(s, e))
		return true;
	if (s < e && (*s == '-' || *s == '+'))
		s++;
	size_t k = (size_t)(e - s);
	return (k == 3 && (!strncasecmp(s, "inf", 3) || !strncasecmp(s, "nan", 3))) ||
	       (k == 8 && !strncasecmp(s, "infinity", 8));
}

/* The data dict of 'u v {...}': one Python dict literal as ast.literal_eval reads it (what
 * nx.read_edgelist does with the rest of the line), to the end of the line. Values are strings
 * ('...' or "...", backslash escapes, optional b/r/u prefixes, adjacent strings joined),
 * decimal numbers, True, False, None, and dicts, lists, tuples and sets of them. Nesting is
 * followed with an explicit stack (r->stack), so depth costs memory, not C stack. On success
 * *endp is just after the closing '}'. */
enum { K_BRACE, K_DICT, K_SET, K_LIST, K_TUPLE };
enum {
	S_FIRST, /* after the opener: an item or the closer */
	S_ITEM,  /* after a ',': an item or the closer */
	S_KEYED, /* a dict's key was read: ':' */
	S_VALUE, /* after a dict's ':': a value */
	S_NEXT,  /* after an item: ',' or the closer */
	S_BRACE1 /* '{' and its first item: ':' makes a dict, ',' or '}' a set */
};
#define FRAME(k, s) ((uint8_t)((k) << 3 | (s)))
#define KIND(f) ((f) >> 3)
#define STATE(f) ((f) & 7)

static const char opener_of[] = {'{', '{', '{', '[', '('};
static const char closer_of[] = {'}', '}', '}', ']', ')'};

/* A frame's state once it has read one more item. */
static uint8_t after_item(uint8_t f)
{
	switch (KIND(f)) {
	case K_BRACE:
		return FRAME(K_BRACE, S_BRACE1);
	case K_DICT:
		return FRAME(K_DICT, STATE(f) == S_VALUE ? S_NEXT : S_KEYED);
	default:
		return FRAME(KIND(f), S_NEXT);
	}
}

static int push(struct ereader *r, uint8_t f)
{
	if (r->depth == r->scap) {
		size_t ncap = r->scap ? r->scap * 2 : 64;
		uint8_t *ns = realloc(r->stack, ncap);
		if (!ns)
			return io_fail(r->err, r->name, r->line, SSA_ENOMEM, "out of memory");
		r->stack = ns;
		r->scap = ncap;
	}
	r->stack[r->depth++] = f;
	return SSA_OK;
}

static bool word_byte(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* A string literal at p (its quote); the end just after its closing quote, or NULL when the
 * line ends first. Triple quotes are allowed; a backslash escapes the next byte. */
static const char *string_end(const char *p, const char *e)
{
	char q = *p;
	bool triple = e - p >= 3 && p[1] == q && p[2] == q;
	p += triple ? 3 : 1;
	while (p < e) {
		if (*p == '\\') {
			p += 2;
			continue;
		}
		if (*p == q && (!triple || (e - p >= 3 && p[1] == q && p[2] == q)))
			return p + (triple ? 3 : 1);
		p++;
	}
	return NULL;
}

static bool string_prefix(const char *s, const char *e)
{
	static const char *const pre[] = {"b", "r", "u", "br", "rb"};
	for (size_t i = 0; i < sizeof pre / sizeof *pre; i++)
		if ((size_t)(e - s) == strlen(pre[i]) && !strncasecmp(s, pre[i], (size_t)(e - s)))
			return true;
	return false;
}

/* One scalar at p (a string, a number or a name); its end in *endp. */
static int scalar(struct ereader *r, const char *p, const char *e, const char **endp)
{
	char q[48];
	const char *s = p;
	if (word_byte(*p) && !(*p >= '0' && *p <= '9')) {
		while (p < e && word_byte(*p))
			p++;
		if (p < e && (*p == '\'' || *p == '"') && string_prefix(s, p)) {
			/* a prefixed string: fall through to the string below */
		} else {
			size_t k = (size_t)(p - s);
			if ((k == 4 && (!memcmp(s, "True", 4) || !memcmp(s, "None", 4))) ||
			    (k == 5 && !memcmp(s, "False", 5))) {
				*endp = p;
				return SSA_OK;
			}
			return efail(r,
			             "data dict: unknown name '%s' (a Python literal has strings, "
			             "numbers, True, False and None)",
			             q40(q, s, p));
		}
	}
	if (*p == '\'' || *p == '"') {
		/* adjacent string literals make one string, as in Python */
		for (;;) {
			const char *t = string_end(p, e);
			if (!t)
				return efail(r, "data dict: unterminated string '%s'", q40(q, s, e));
			p = t;
			const char *n = p;
			while (n < e && blank(*n))
				n++;
			const char *w = n;
			while (w < e && word_byte(*w))
				w++;
			if (w < e && (*w == '\'' || *w == '"') && (w == n || string_prefix(n, w))) {
				s = n;
				p = w;
				continue;
			}
			*endp = p;
			return SSA_OK;
		}
	}
	/* a number: the run of bytes a numeral may hold, then checked whole */
	while (p < e && (word_byte(*p) || *p == '.' || *p == '+' || *p == '-'))
		p++;
	if (p == s || !decimal(s, p))
		return efail(r, "data dict: bad number '%s'", q40(q, s, p == s ? s + 1 : p));
	*endp = p;
	return SSA_OK;
}

static int data_dict(struct ereader *r, const char *p, const char *e, const char **endp)
{
	char q[48];
	int st;
	r->depth = 0;
	if ((st = push(r, FRAME(K_BRACE, S_FIRST))))
		return st;
	p++;
	while (r->depth) {
		while (p < e && blank(*p))
			p++;
		uint8_t *top = &r->stack[r->depth - 1];
		int kind = KIND(*top), state = STATE(*top);
		if (p == e)
			return efail(r, "unterminated data dict (expected '%c' before the end of the line)",
			             closer_of[kind]);
		char c = *p;
		bool closer = c == '}' || c == ']' || c == ')';
		if (closer && state != S_VALUE && state != S_KEYED) {
			if (c != closer_of[kind])
				return efail(r, "data dict: '%c' closes a '%c' (expected '%c')", c,
				             opener_of[kind], closer_of[kind]);
			if (r->depth == 1 && state == S_BRACE1)
				return efail(r, "data dict: a set, not a dict (expected 'key: value' "
				                "entries)");
			r->depth--;
			p++;
			continue;
		}
		switch (state) {
		case S_KEYED:
			if (c != ':')
				return efail(r, "data dict: expected ':' after a key, found '%s'",
				             q40(q, p, e));
			*top = FRAME(K_DICT, S_VALUE);
			p++;
			continue;
		case S_BRACE1:
			if (c == ':') {
				*top = FRAME(K_DICT, S_VALUE);
			} else if (c == ',') {
				if (r->depth == 1)
					return efail(r, "data dict: a set, not a dict (expected 'key: "
					                "value' entries)");
				*top = FRAME(K_SET, S_ITEM);
			} else {
				return efail(r, "data dict: expected %s, found '%s'",
				             r->depth == 1 ? "':' after a key" : "':', ',' or '}'",
				             q40(q, p, e));
			}
			p++;
			continue;
		case S_NEXT:
			if (c != ',')
				return efail(r, "data dict: expected ',' or '%c', found '%s'",
				             closer_of[kind], q40(q, p, e));
			*top = FRAME(kind, S_ITEM);
			p++;
			continue;
		default:
			break;
		}
		/* an item: a nested container or a scalar */
		*top = after_item(*top);
		if (c == '{' || c == '[' || c == '(') {
			if ((st = push(r, FRAME(c == '{' ? K_BRACE : c == '[' ? K_LIST : K_TUPLE,
			                        S_FIRST))))
				return st;
			p++;
			continue;
		}
		if (c == '\'' || c == '"' || c == '.' || c == '+' || c == '-' || word_byte(c)) {
			if ((st = scalar(r, p, e, &p)))
				return st;
			continue;
		}
		if (state == S_VALUE)
			return efail(r, "data dict: expected a value, found '%s'", q40(q, p, e));
		if (kind == K_BRACE || kind == K_DICT)
			return efail(r, "data dict: expected a key or '}', found '%s'", q40(q, p, e));
		return efail(r, "data dict: expected a value or '%c', found '%s'", closer_of[kind],
		             q40(q, p, e));
	}
	*endp = p;
	return SSA_OK;
}

#define EDGE_USAGE "(expected 'u v', optionally followed by a weight or a {data} dict)"

/* What may follow 'u v' on a line, [p, e) after the second id: nothing, one weight, or one
 * data dict, then at most a comment. Independent of how the ids were separated, so a dialect
 * with another separator can call it on its own rest of the line. */
static int edge_data(struct ereader *r, const char *p, const char *e)
{
	const char *xs, *xe, *id_end = p;
	char q[48];
	if (!tok(&p, e, &xs, &xe))
		return SSA_OK;
	if (*xs == '>' && id_end[-1] == '-')
		return efail(r, "an arrow split by a blank ('- >'): write '->' for an arrow list "
		                "('A -> B'), or 'u v' for an edge list");
	const char *after;
	if (*xs == '{') {
		int st = data_dict(r, xs, e, &p);
		if (st)
			return st;
		after = "the data dict";
	} else if (weight(xs, xe)) {
		after = "the weight";
	} else {
		return efail(r, "unexpected '%s' after the edge " EDGE_USAGE, q40(q, xs, xe));
	}
	if (tok(&p, e, &xs, &xe))
		return efail(r, "unexpected '%s' after %s " EDGE_USAGE, q40(q, xs, xe), after);
	return SSA_OK;
}

/* "# entry: <id>" (blanks optional around the colon). */
static int comment(struct ereader *r, const char *p, const char *e)
{
	p++;
	while (p < e && blank(*p))
		p++;
	if (!(e - p >= 6 && !memcmp(p, "entry:", 6)))
		return SSA_OK;
	p += 6;
	const char *ts, *te;
	char q[48];
	if (!tok(&p, e, &ts, &te))
		return efail(r, "missing node id after '# entry:'");
	const char *xs, *xe;
	if (tok(&p, e, &xs, &xe))
		return efail(r, "unexpected '%s' after '# entry: <id>'", q40(q, xs, xe));
	if (r->entry_s)
		return efail(r, "a second '# entry:' line (the first is line %llu)", r->entry_line);
	r->entry_s = ts;
	r->entry_len = (size_t)(te - ts);
	r->entry_line = r->line;
	return SSA_OK;
}

/* Whether [s, e) is an arrow (io_arrow_len: '->', '-->', U+2192, ...) or DOT's undirected
 * '--'. */
static bool is_arrow(const char *s, const char *e)
{
	if (e - s == 2 && !memcmp(s, "--", 2))
		return true;
	return io_arrow_len(s, e) == (size_t)(e - s);
}

/* 'u,v', 'u;v' or 'u<TAB>v', for messages. */
static const char *sep_form(char sep)
{
	return sep == ';' ? "u;v" : sep == '\t' ? "u<TAB>v" : "u,v";
}

/* A line of an edge list with an arrow field: it is in another notation than the file's first
 * line (or than the file, read as an edge list by request). [s, e) is the line, comment cut. */
static int arrow_line(struct ereader *r, const char *s, const char *e, bool undirected)
{
	char q[48];
	const char *t = s;
	for (const char *p = s; p < e && *p != '#'; p++)
		if (!blank(*p))
			t = p + 1;
	q40(q, s, t);
	if (undirected)
		return efail(r, "'%s': '--' is DOT's undirected edge (a CFG needs '->')", q);
	return efail(r,
	             "'%s' is in the arrow-list or DOT notation, but %s ('%s' per line; an arrow "
	             "on the first line makes an arrow list)",
	             q,
	             r->line > r->first_line ? "the file's first line made it an edge list"
	                                     : "the file was read as an edge list",
	             r->csv ? sep_form(r->sep) : "u v");
}

/* A header: two column names that are a known pair (from to, source target, src dst, src
 * dest, u v, tail head; any case), optionally a third 'weight'. */
static bool header_words(const char *f[3], const size_t len[3], int nf)
{
	static const char *const pair[][2] = {{"from", "to"},  {"source", "target"}, {"src", "dst"},
	                                      {"src", "dest"}, {"u", "v"},           {"tail", "head"}};
	if (nf < 2 || nf > 3)
		return false;
	if (nf == 3 && !(len[2] == 6 && !strncasecmp(f[2], "weight", 6)))
		return false;
	for (size_t i = 0; i < sizeof pair / sizeof *pair; i++)
		if (len[0] == strlen(pair[i][0]) && !strncasecmp(f[0], pair[i][0], len[0]) &&
		    len[1] == strlen(pair[i][1]) && !strncasecmp(f[1], pair[i][1], len[1]))
			return true;
	return false;
}

/* The first data line may be a header (header_words): it is kept aside, and io_read_edges
 * reads the input again without one when a word of it is a node id on another line. */
static bool take_header(struct ereader *r, const char *f[3], const size_t len[3], int nf)
{
	if (!r->allow_header || !header_words(f, len, nf))
		return false;
	r->header = true;
	for (int k = 0; k < 2; k++) {
		memcpy(r->hw[k], f[k], len[k]); /* a known column name: at most 6 bytes */
		r->hwlen[k] = len[k];
	}
	return true;
}

static int add_edge(struct ereader *r, uint32_t u, uint32_t v)
{
	if (r->el.m >= CFG_MAX_EDGES)
		return efail(r, "more than %u edges", CFG_MAX_EDGES);
	int st = edge_list_push(&r->el, u, v);
	if (st)
		return io_fail(r->err, r->name, r->line, st, "out of memory");
	return SSA_OK;
}

#define CSV_USAGE "(expected '%s', optionally followed by a weight)"


/* A weight in a semicolon-separated file may have a decimal comma ('0,5'), as the spreadsheets
 * that write ';' between fields write it. */
static bool csv_weight(const struct ereader *r, const char *s, const char *e)
{
	const char *c = r->sep == ';' ? memchr(s, ',', (size_t)(e - s)) : NULL;
	if (!c || (size_t)(e - s) > 64)
		return weight(s, e);
	char b[64];
	memcpy(b, s, (size_t)(e - s));
	b[c - s] = '.';
	return weight(b, b + (e - s));
}

/* Whether an unquoted field holds an arrow ('->', '-->', U+2192) or DOT's '--' as a word of its
 * own between two others ('B -> C'): a line of the arrow-list notation in a comma-separated file
 * (a field that is an arrow glued to names, 'r->A', or '--' alone, is a name). */
static const char *field_arrow(const char *s, const char *e)
{
	const char *ws, *we, *p = s;
	int words = 0;
	const char *arrow = NULL;
	while (tok(&p, e, &ws, &we)) {
		if (!arrow && words > 0 && is_arrow(ws, we))
			arrow = ws;
		words++;
	}
	return arrow && words >= 3 ? arrow : NULL;
}

/* A comma-separated line: fields split at commas (r->sep), blanks around them trimmed, a field
 * in double quotes may hold commas and '""' for a quote; a '#' that starts a field or follows a
 * blank starts a comment. One field is a node, two an edge, three an edge and its weight. An
 * unquoted field with an arrow between two words is refused (field_arrow). */
static int csv_line(struct ereader *r, const char *p, const char *e, bool first)
{
	char q[48];
	const char sep = r->sep;
	const char *form = sep_form(sep);
	/* what is trimmed around a field: blanks, but a tab where it separates fields */
#define PAD(c) ((c) == ' ' || ((c) == '\t' && sep != '\t'))
	const char *line_s = p;
	const char *f[3];
	size_t len[3];
	int nf = 0;
	if (r->fcap < (size_t)(e - p) + 1) {
		char *nb = realloc(r->fbuf, (size_t)(e - p) + 1);
		if (!nb)
			return io_fail(r->err, r->name, r->line, SSA_ENOMEM, "out of memory");
		r->fbuf = nb;
		r->fcap = (size_t)(e - p) + 1;
	}
	char *o = r->fbuf;
	bool more = true;
	while (more) {
		while (p < e && PAD(*p))
			p++;
		const char *s = p;
		char *fs = o;
		if (p < e && *p == '"') {
			for (p++;; p++) {
				if (p == e)
					return efail(r, "unterminated quoted field %d (expected '\"')", nf + 1);
				if (*p == '"') {
					if (p + 1 < e && p[1] == '"') {
						*o++ = '"';
						p++;
						continue;
					}
					p++;
					break;
				}
				*o++ = *p;
			}
			while (p < e && PAD(*p))
				p++;
			if (p < e && *p != sep && *p != '#')
				return efail(r, "unexpected '%s' after the quoted field %d " CSV_USAGE,
				             q40(q, p, e), nf + 1, form);
		} else {
			while (p < e && *p != sep && !(*p == '#' && (p == s || PAD(p[-1]))))
				p++;
			const char *t = p;
			while (t > s && PAD(t[-1]))
				t--;
			const char *arrow = field_arrow(s, t);
			if (arrow) {
				const char *le = p;
				while (le < e && !(*le == '#' && PAD(le[-1])))
					le++;
				return arrow_line(r, line_s, le, arrow[0] == '-' && arrow[1] == '-');
			}
			memcpy(o, s, (size_t)(t - s));
			o += t - s;
			if (o == fs) {
				if (nf == 0 && (p == e || *p == '#'))
					return SSA_OK; /* a comment line */
				return efail(r, "empty field %d " CSV_USAGE, nf + 1, form);
			}
		}
		more = p < e && *p == sep;
		if (nf == 3)
			return efail(r, "unexpected field 4 '%s' " CSV_USAGE, q40(q, fs, o), form);
		f[nf] = fs;
		len[nf++] = (size_t)(o - fs);
		if (more)
			p++;
	}
	if (first && take_header(r, f, len, nf))
		return SSA_OK;
	uint32_t u, v;
	int st = intern(r, f[0], f[0] + len[0], &u);
	if (st || nf == 1)
		return st;
	if ((st = intern(r, f[1], f[1] + len[1], &v)))
		return st;
	if (nf == 3 && !csv_weight(r, f[2], f[2] + len[2]))
		return efail(r, "field 3 '%s' is not a weight " CSV_USAGE,
		             q40(q, f[2], f[2] + len[2]), form);
	return add_edge(r, u, v);
#undef PAD
}

/* The dialect, from the first data line: a comma before any '{' (a data dict) and any '#'
 * (and outside double quotes) makes the file comma-separated; else a semicolon with a field after it ('a;b', not 'a b;')
 * makes it semicolon-separated, as spreadsheets write CSV where the comma is the decimal point. */
static void decide(struct ereader *r, const char *p, const char *e)
{
	r->decided = true;
	r->first_line = r->line;
	const char *semi = NULL;
	for (; p < e && *p != '{' && *p != '#'; p++) {
		if (*p == '"') { /* a quoted field's separators are its own */
			const char *q = memchr(p + 1, '"', (size_t)(e - p - 1));
			p = q ? q : e - 1;
			continue;
		}
		if (*p == ',') {
			r->csv = true;
			r->sep = ',';
			return;
		}
		if (*p == ';' && !semi)
			semi = p;
	}
	for (const char *t = semi ? semi + 1 : e; t < p; t++)
		if (!blank(*t)) {
			r->csv = true;
			r->sep = ';';
			return;
		}
}

/* Whether the data line [s, e), whose third blank-separated field is [ws, we) and which goes
 * on at x, is no 'u v [weight]' line (the third field is no weight, or a fourth follows) but
 * holds two or three fields between tabs, one of them with a blank: a tab-separated line whose
 * names hold blanks. */
static bool tab_line(const char *s, const char *e, const char *ws, const char *we, const char *x)
{
	const char *t1, *t2;
	if (weight(ws, we) && !tok(&x, e, &t1, &t2))
		return false;
	if (!memchr(s, '\t', (size_t)(e - s)) || !memchr(s, ' ', (size_t)(e - s)))
		return false;
	int nf = 0;
	for (const char *p = s; p < e && *p != '#'; nf++) {
		const char *t = memchr(p, '\t', (size_t)(e - p));
		const char *fe = t ? t : e;
		while (p < fe && *p == ' ')
			p++;
		if (p == fe || *p == '#')
			return false; /* an empty field: no tab-separated line either */
		p = t ? t + 1 : e;
	}
	return nf == 2 || nf == 3;
}

static int line(struct ereader *r, const char *p, const char *e)
{
	const char *us, *ue, *vs, *ve;
	const char *s = p;
	while (s < e && blank(*s))
		s++;
	if (s < e && *s == '#')
		return comment(r, s, e);
	if (s == e)
		return SSA_OK;
	bool first = !r->decided;
	if (first)
		decide(r, s, e);
	if (r->csv)
		return csv_line(r, s, e, first);
	if (!tok(&p, e, &us, &ue))
		return SSA_OK;
	if (!tok(&p, e, &vs, &ve)) {
		uint32_t u;
		return intern(r, us, ue, &u); /* a lone id: a node */
	}
	/* an arrow as the second or third field ('r -> A', '{a b} -> c'): another notation */
	const char *x = p, *ws = p, *we = p;
	bool third = tok(&x, e, &ws, &we);
	if (is_arrow(vs, ve))
		return arrow_line(r, s, e, ve - vs == 2 && vs[1] == '-');
	if (third && is_arrow(ws, we))
		return arrow_line(r, s, e, we - ws == 2 && ws[1] == '-');
	if (third && *ws != '{' && r->tab_clean && tab_line(s, e, ws, we, x)) {
		/* 'entry block<TAB>loop': no 'u v' line, but a name with a blank between tabs, and
		 * every data line before had its fields between tabs: the file is tab-separated */
		r->csv = true;
		r->sep = '\t';
		return csv_line(r, s, e, first);
	}
	r->tab_clean &= !memchr(s, ' ', (size_t)(e - s));
	if (first) {
		const char *f[3] = {us, vs, NULL};
		x = p;
		size_t len[3] = {(size_t)(ue - us), (size_t)(ve - vs), 0};
		int nf = 2;
		if (tok(&x, e, &ws, &we)) {
			f[2] = ws;
			len[2] = (size_t)(we - ws);
			nf = tok(&x, e, &ws, &we) ? 4 : 3;
		}
		if (take_header(r, f, len, nf))
			return SSA_OK;
	}
	uint32_t u, v;
	int st = intern(r, us, ue, &u);
	if (st || (st = intern(r, vs, ve, &v)) || (st = edge_data(r, p, e)))
		return st;
	return add_edge(r, u, v);
}

/* One pass over the input (r->allow_header: the first data line may be a header). */
static int parse(struct ereader *r, const char *p, const char *end)
{
	int st;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		r->line++;
		size_t k = (size_t)(e - p);
		if (k && p[k - 1] == '\r')
			k--;
		const char *le = p + k;
		if (memchr(p, 0, k))
			return efail(r, "NUL byte (not a text edge list)");
		if ((st = line(r, p, le)))
			return st;
		p = nl ? nl + 1 : end;
	}
	if (!r->line)
		r->line = 1;
	/* the entry comment names a node: the header's words too, if it names one of them */
	for (int k = 0; k < 2 && r->header && r->entry_s; k++)
		if (r->entry_len == r->hwlen[k] && !memcmp(r->entry_s, r->hw[k], r->hwlen[k]))
			r->clash = true;
	return SSA_OK;
}

static void ereader_init(struct ereader *r, const char *name, struct io_error *err,
                         bool allow_header)
{
	memset(r, 0, sizeof *r);
	r->name = name;
	r->err = err;
	r->allow_header = allow_header;
	r->tab_clean = true;
	names_builder_init(&r->nb);
}

static void ereader_free(struct ereader *r)
{
	free(r->stack);
	free(r->fbuf);
	names_builder_free(&r->nb);
	edge_list_free(&r->el);
}

int io_read_edges_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                           bool size_known, uint64_t size, struct prog *out,
                           struct io_error *err)
{
	char *buf;
	size_t len;
	const char *text;
	int st = io_text_begin(f, name, prefix, plen, size_known, size, out, err, &buf, &len, &text);
	if (st)
		return st;
	struct ereader r;
	ereader_init(&r, name, err, true);
	if (edge_list_init(&r.el, 0, 0)) {
		st = io_fail(err, name, 0, SSA_ENOMEM, "out of memory");
		goto out;
	}
	if ((st = parse(&r, text, buf + len)))
		goto out;
	if (r.header && (r.clash || r.nb.count == 0)) {
		/* the first line was an edge of nodes called 'from' and 'to' (say): read again */
		ereader_free(&r);
		ereader_init(&r, name, err, false);
		if (edge_list_init(&r.el, 0, 0)) {
			st = io_fail(err, name, 0, SSA_ENOMEM, "out of memory");
			goto out;
		}
		if ((st = parse(&r, text, buf + len)))
			goto out;
	}
	if (r.nb.count == 0) {
		st = efail(&r, IO_MSG_NO_EDGES, io_text_header(name));
		goto out;
	}
	uint32_t entry = 0;
	if (r.entry_s) {
		bool fresh;
		if ((st = names_intern(&r.nb, r.entry_s, r.entry_len, &entry, &fresh))) {
			st = io_fail(err, name, 0, st, "out of memory");
			goto out;
		}
		if (fresh) {
			char q[48];
			r.line = r.entry_line;
			st = efail(&r, "entry '%s' is not a node of the graph",
			           q40(q, r.entry_s, r.entry_s + r.entry_len));
			goto out;
		}
	}
	if (!(st = io_import_finish(name, &r.nb, entry, &r.el, 0, NULL, NULL, NULL, out, err)) &&
	    (st = io_import_warn(name,
	                         r.csv && r.sep == ';'
	                             ? "a semicolon-separated edge list ('u;v' per line)"
	                         : r.csv && r.sep == '\t'
	                             ? "a tab-separated edge list ('u<TAB>v' per line)"
	                         : r.csv ? "a comma-separated edge list ('u,v' per line)"
	                               : "an edge list ('u v' per line)",
	                         /* a CSV name holds a comma only when quoted: on purpose */
	                         r.csv ? IO_SUSPECT_ARROW | IO_SUSPECT_BRACE
	                               : IO_SUSPECT_ARROW | IO_SUSPECT_COMMA | IO_SUSPECT_BRACE |
	                                     IO_SUSPECT_SEMICOLON,
	                         out, err)))
		prog_free(out);
out:
	free(buf);
	ereader_free(&r);
	return st;
}

int io_read_edges(FILE *f, const char *name, struct prog *out, struct io_error *err)
{
	uint64_t size = 0;
	bool known = io_stream_size(f, &size);
	return io_read_edges_prefixed(f, name, NULL, 0, known, size, out, err);
}
