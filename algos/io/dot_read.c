/* Reader of graphviz DOT CFGs: the subset that `opt -dot-cfg` and hand-written graphs use
 * (README.md "DOT input", beside this file). One 'digraph' (optionally 'strict', optionally named)
 * whose statements are node statements with attribute lists, edge chains 'a -> b -> c' with ports
 * ('a:s0 -> b'), graph/node/edge default attributes, 'id = id' graph attributes and subgraphs;
 * ids bare, numerals, double-quoted or HTML '<...>'; comments '//', '/ * * /' and '#' lines.
 * Undirected graphs are refused by name.
 *
 * As graphviz does it, an end of an edge is a node list ('a, b': each node, repeats kept) or a
 * subgraph ('{a b}': the set of every node its statements mention), and an edge between two
 * ends is every pair. Nodes mentioned are appended to one array; an open subgraph owns what was
 * appended since it opened, on a stack of frames on the heap (no recursion), and the pairs are
 * capped at 2^20 + 16 edges per input byte.
 *
 * Blocks are numbered in order of first appearance, except that the entry (the node with
 * attribute entry=true, else GCC's ENTRY block in a GCC dump, else the first node) becomes block
 * 0. Successors keep the file order of the edges, so `opt`'s branch order (ports s0, s1, ...) is
 * kept; invisible edges (style=invis) are none; a strict graph keeps the first of each ordered
 * pair's edges, as graphviz does. A node's name is the first line of its label
 * when it has one (the block name `opt` puts there; the text of an HTML label, never its
 * markup), else its id. Node attributes def, use and ops give blocks code (uses before defs, or
 * the order of ops), making the graph a program with named variables.
 *
 * The input is read whole (its size for a regular file, else grown with what arrives); then
 * one pass over it: O(bytes + edges) expected time, memory the input plus O(n + m). */
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
	const char *start, *p, *end;
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

	/* Sets: every node a statement mentions is appended to mem; an open subgraph '{...}' owns
	 * mem[start ..], so its node set is what was appended since it opened (made a set by
	 * dedup_range with stamp[], one word per node). frames: the open subgraphs, innermost
	 * last, each with the statement around it to resume at its '}'. */
	uint32_t *mem;
	size_t nmem, memcap;
	struct dframe *frames;
	size_t depth, fcap;
	uint32_t *stamp;
	uint32_t nstamp, gen;
	uint64_t max_edges; /* 2^20 + 16 per input byte: sets multiply edges */
	/* named subgraphs, each allowed once (graphviz would add a second body to the first) */
	struct names_builder sb;
	unsigned long long *sline;
	uint32_t nsline;

	/* def/use/ops attributes: one record per op in file order (node, op word, 0 for a use or an
	 * ops item, 1 for a def so that uses come first), the variables interned in vb, and per
	 * node which of the two forms it has (OPS_DEFUSE, OPS_LIST) */
	uint32_t *opnode, *opword;
	uint8_t *opphase;
	uint32_t nop, opcap;
	uint8_t *opform;
	uint32_t nform;
	struct names_builder vb;
	/* Invisible edges (style=invis: graphviz lays them out and draws nothing, as GCC's ENTRY ->
	 * EXIT) make no CFG edge. edge_stmt[e] is the statement that made edge e, so an edge
	 * statement's own style drops its edges and not those of the sets inside it. */
	unsigned long long *edge_stmt;
	uint32_t edge_stmt_cap;
	bool style_seen, style_invis; /* the attribute list just read had a style; it holds invis */
	bool edge_invis;              /* 'edge [style=invis]' in force in this (sub)graph */
	uint8_t *invis_stmt;          /* per statement number: its edges are invisible */
	size_t invis_cap;
	bool any_invis;
};

/* A statement in progress: its last operand (the tails of the next '->') and what it is. */
struct dstmt {
	size_t prev_s, prev_e; /* mem[prev_s .. prev_e) */
	bool has_prev;
	bool chain;   /* an edge statement: it had a '->' */
	bool is_list; /* its last operand is a node list (a node statement without '->') */
	size_t stmt_start; /* mem length when it began: at the root, mem is cut back to it */
	unsigned long long id; /* its number (r->stmt), in edge_stmt */
};

/* An open subgraph: where its nodes start in mem and the statement it is an operand of. */
struct dframe {
	size_t start;
	struct dstmt outer;
	unsigned long long line;
	bool edge_invis; /* the edge default outside, restored at its '}' */
};

enum { OPS_DEFUSE = 1, OPS_LIST = 2 };

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
		 * in labels) stay as they are for the label rules. "a" + "b" is "ab" (graphviz
		 * joins quoted strings with '+', blanks and comments around it allowed). */
		r->quoted = true;
	more:
		p++;
		while (p < r->end && *p != '"') {
			if (*p == '\\' && p + 1 < r->end && p[1] == '\\') {
				/* a pair is one escaped backslash, so the next '"' still closes */
				if ((st = val_put(r, '\\')) || (st = val_put(r, '\\')))
					return st;
				p += 2;
				continue;
			}
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
		unsigned long long line = r->line;
		bool bol = r->bol;
		if ((st = skip_space(r)))
			return st;
		if (r->p < r->end && *r->p == '+') {
			r->p++;
			if ((st = skip_space(r)))
				return st;
			if (r->p >= r->end || *r->p != '"') {
				r->tline = r->line;
				r->ts = r->p;
				r->te = r->p < r->end ? r->p + 1 : r->p;
				return dfail(r, "'+' joins two quoted strings (\"a\" + \"b\"), found %s",
				             r->p < r->end ? shown(r, (char[64]){0}, 64) : "the end");
			}
			p = r->p;
			goto more;
		}
		r->p = r->te; /* no '+': the blanks and comments are the next token's */
		r->line = line;
		r->bol = bol;
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
		/* '−>' or '=>' (a dash copied from a PDF, a typo): a '>' glued to what came before */
		bool lookalike =
		    c == '>' && ((p - r->start >= 1 && p[-1] == '=') ||
		                 (p - r->start >= 3 && (unsigned char)p[-3] == 0xe2 &&
		                  (((unsigned char)p[-2] == 0x80 && (unsigned char)p[-1] >= 0x90 &&
		                    (unsigned char)p[-1] <= 0x94) ||
		                   ((unsigned char)p[-2] == 0x88 && (unsigned char)p[-1] == 0x92))));
		if (lookalike)
			return dfail(r, "unexpected '>' after '%s' (DOT's edge is '->', with the ASCII "
			                "hyphen-minus)",
			             p[-1] == '=' ? "=" : (char[4]){p[-3], p[-2], p[-1], 0});
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

/* In a record label, graphviz reads these after a backslash as themselves, not as the record's
 * syntax (GCC's dumps write "{\<bb\ 2\>:\l|...}"). */
static bool record_escape(char c)
{
	return c && strchr("<>{}| ", c);
}

/* The name of a label: its first line. Record braces and a leading '<port>' are dropped (in a
 * record label: one that starts with '{' or holds a '|'; elsewhere graphviz prints '<x>' as
 * written); the line ends at an escape \l \n \r, a newline, '|', '{' or '}' (in a record, not
 * an escaped one: record_escape); blanks are trimmed and a final ':' (opt writes "%name:")
 * dropped. "\N" (graphviz: the node's id) gives nothing. *record says it is a record label. */
static void label_line(const char *s, size_t len, size_t *from, size_t *to, bool *record_label)
{
	size_t i = 0;
	bool record = memchr(s, '|', len) != NULL;
	while (i < len && (s[i] == '{' || s[i] == ' ' || s[i] == '\t'))
		record |= s[i++] == '{';
	if (record && i < len && s[i] == '<') {
		const char *gt = memchr(s + i, '>', len - i);
		if (gt)
			i = (size_t)(gt - s) + 1;
	}
	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	size_t j = i;
	while (j < len && s[j] != '|' && s[j] != '{' && s[j] != '}' && s[j] != '\n' && s[j] != '\r' &&
	       !(s[j] == '\\' && j + 1 < len && strchr("lnrN", s[j + 1])))
		j += s[j] == '\\' && j + 1 < len &&
		             (s[j + 1] == '\\' || (record && record_escape(s[j + 1])))
		             ? 2 /* '\\l': '\' then 'l'; '\|' in a record: '|' */
		             : 1;
	if (j < len && s[j] == '\\' && s[j + 1] == 'N' && j == i)
		j = i; /* \N alone: the id */
	while (j > i && (s[j - 1] == ' ' || s[j - 1] == '\t') &&
	       !(record && j - 2 >= i && s[j - 2] == '\\')) /* '\ ' is a blank of the name */
		j--;
	if (j > i && s[j - 1] == ':')
		j--;
	*from = i;
	*to = j;
	*record_label = record;
}

/* Keeps s[a..b) as the name of node (cut to NAMES_MAX_LEN bytes; escapes of a record label
 * undone); an empty one leaves the id naming the node. */
static int store_label(struct dreader *r, uint32_t node, const char *s, size_t a, size_t b,
                       bool record)
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
	/* graphviz shows an escaped backslash as one, and in a record an escaped '<', '|', ... */
	size_t o = r->lplen;
	for (size_t i = a; i < b; i++) {
		if (s[i] == '\\' && i + 1 < b && (s[i + 1] == '\\' || (record && record_escape(s[i + 1]))))
			i++;
		r->lpool[o++] = s[i];
	}
	r->lnode[r->nlab] = node;
	r->lsoff[r->nlab] = r->lplen;
	r->lplen = o;
	r->lsoff[++r->nlab] = r->lplen;
	return SSA_OK;
}

static int add_label(struct dreader *r, uint32_t node, const char *s, size_t len)
{
	size_t a, b;
	bool record;
	label_line(s, len, &a, &b, &record);
	return store_label(r, node, s, a, b, record);
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
	return store_label(r, node, out, 0, o, false);
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

/* Room for node ids below count in a per-node byte array. */
static int grow_bytes(struct dreader *r, uint8_t **a, uint32_t *cap, uint32_t count)
{
	if (count <= *cap)
		return SSA_OK;
	uint64_t want = *cap ? (uint64_t)*cap * 2 : 256;
	if (want < count)
		want = count;
	uint8_t *na = ssa_realloc_array(*a, (size_t)want, 1);
	if (!na)
		return dnomem(r);
	memset(na + *cap, 0, (size_t)(want - *cap));
	*a = na;
	*cap = (uint32_t)want;
	return SSA_OK;
}

static int push_op(struct dreader *r, uint32_t node, uint32_t var, uint32_t kind, uint8_t phase)
{
	if (r->nop == r->opcap) {
		uint64_t want = r->opcap ? (uint64_t)r->opcap * 2 : 256;
		if (want > UINT32_MAX - 1)
			want = UINT32_MAX - 1;
		if (r->nop >= r->max_edges || want == r->opcap)
			return dfail(r, "more than %llu operations (2^20 + 16 per byte of input)",
			             (unsigned long long)r->max_edges);
		uint32_t *nn = ssa_realloc_array(r->opnode, (size_t)want, sizeof *nn);
		if (!nn)
			return dnomem(r);
		r->opnode = nn;
		uint32_t *nw = ssa_realloc_array(r->opword, (size_t)want, sizeof *nw);
		if (!nw)
			return dnomem(r);
		r->opword = nw;
		uint8_t *np = ssa_realloc_array(r->opphase, (size_t)want, 1);
		if (!np)
			return dnomem(r);
		r->opphase = np;
		r->opcap = (uint32_t)want;
	}
	if (r->nop >= r->max_edges)
		return dfail(r, "more than %llu operations (2^20 + 16 per byte of input)",
		             (unsigned long long)r->max_edges);
	r->opnode[r->nop] = node;
	r->opword[r->nop] = prog_op(var, kind);
	r->opphase[r->nop++] = phase;
	return SSA_OK;
}

static bool var_sep(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',';
}

/* The variables of s[0..len) (names separated by commas or blanks) as ops of node: kind,
 * phase as push_op. what names the attribute for messages. */
static int var_ops(struct dreader *r, uint32_t node, const char *s, size_t len, uint32_t kind,
                   uint8_t phase, const char *what)
{
	char q[64];
	size_t i = 0;
	int st;
	bool any = false;
	while (i < len) {
		while (i < len && var_sep(s[i]))
			i++;
		if (i == len)
			break;
		size_t a = i;
		while (i < len && !var_sep(s[i]) && s[i] != ';')
			i++;
		if (i == a)
			return dfail(r, "';' in '%s' of node %s (separate variables with commas or "
			                "blanks; ops=\"use z; def x\" gives an order)",
			             what, node_shown(r, node, q));
		for (size_t k = a; k < i; k++)
			if ((unsigned char)s[k] < 0x20 || s[k] == 0x7f)
				return dfail(r, "control byte in a variable of '%s' of node %s", what,
				             node_shown(r, node, q));
		if (i - a > NAMES_MAX_LEN)
			return dfail(r, "a variable of '%s' of node %s is longer than %u bytes", what,
			             node_shown(r, node, q), NAMES_MAX_LEN);
		uint32_t var;
		if ((st = names_intern(&r->vb, s + a, i - a, &var, NULL)))
			return st == SSA_ENOMEM ? dnomem(r) : dfail(r, "too many variables");
		if (var >= PROG_MAX_VARS)
			return dfail(r, "more than %u variables", PROG_MAX_VARS);
		if ((st = push_op(r, node, var, kind, phase)))
			return st;
		any = true;
	}
	if (!any && phase == 2)
		return dfail(r, "'%s' without a variable in 'ops' of node %s", what,
		             node_shown(r, node, q));
	return SSA_OK;
}

/* ops="use z; def x; use x": items separated by ';', each 'use' or 'def' and its variables,
 * kept in this order. */
static int ops_list(struct dreader *r, uint32_t node, const char *s, size_t len)
{
	char q[64], w[48];
	size_t i = 0;
	int st;
	while (i < len) {
		size_t a = i;
		while (i < len && s[i] != ';')
			i++;
		size_t e = i++;
		while (a < e && var_sep(s[a]))
			a++;
		if (a == e)
			continue; /* an empty item */
		size_t k = a;
		while (k < e && !var_sep(s[k]))
			k++;
		bool def = k - a == 3 && !strncasecmp(s + a, "def", 3);
		bool use = k - a == 3 && !strncasecmp(s + a, "use", 3);
		if (!def && !use) {
			size_t wl = k - a < 40 ? k - a : 40, o = 0;
			for (size_t c = 0; c < wl; c++)
				w[o++] = (unsigned char)s[a + c] >= 0x20 && s[a + c] != 0x7f ? s[a + c] : '?';
			w[o] = 0;
			return dfail(r, "'ops' of node %s: unknown operation '%s' (expected 'use "
			                "<var>...' or 'def <var>...', separated by ';')",
			             node_shown(r, node, q), w);
		}
		/* phase 2: an ops item, kept in file order like a use (var_ops: it needs a variable) */
		if ((st = var_ops(r, node, s + k, e - k, def ? PROG_DEF : PROG_USE, 2,
		                  def ? "def" : "use")))
			return st;
	}
	return SSA_OK;
}

/* def=, use= or ops= on node: which form the node has so far must agree. */
static int node_ops(struct dreader *r, uint32_t node, int attr)
{
	char q[64];
	int st;
	if ((st = grow_bytes(r, &r->opform, &r->nform, r->nb.count)))
		return st;
	int form = attr == 2 ? OPS_LIST : OPS_DEFUSE;
	if (r->opform[node] && r->opform[node] != form)
		return dfail(r, "node %s has both 'ops' and 'def'/'use' (give the whole order in "
		                "'ops')",
		             node_shown(r, node, q));
	r->opform[node] = (uint8_t)form;
	if (attr == 2)
		return ops_list(r, node, r->val, r->vlen);
	return var_ops(r, node, r->val, r->vlen, attr == 0 ? PROG_DEF : PROG_USE,
	               attr == 0 ? 1 : 0, attr == 0 ? "def" : "use");
}

/* What an attribute list belongs to. */
enum owner { OWN_NODES, OWN_EDGES, OWN_DEFAULTS, OWN_SET };

/* Whether a style value ("dotted,invis", "setlinewidth(2), invis") holds the item invis. */
static bool style_has_invis(const char *v, size_t len)
{
	size_t i = 0;
	while (i < len) {
		while (i < len && (v[i] == ' ' || v[i] == '\t' || v[i] == ','))
			i++;
		size_t a = i;
		while (i < len && v[i] != ',' && v[i] != ' ' && v[i] != '\t' && v[i] != '(')
			i++;
		if (i - a == 5 && !memcmp(v + a, "invis", 5))
			return true;
		if (i < len && v[i] == '(') { /* an item's arguments: skip to its ')' */
			const char *rp = memchr(v + i, ')', len - i);
			i = rp ? (size_t)(rp - v) + 1 : len;
		}
	}
	return false;
}

/* '[' a=b, c=d; ... ']' (one or more lists). For a node statement (OWN_NODES), 'label',
 * 'entry', 'def', 'use' and 'ops' apply to each of nodes[0..k); other attributes and other
 * owners' attributes are ignored, except that def/use/ops anywhere else is an error. */
static int attr_lists(struct dreader *r, enum owner own, const uint32_t *nodes, size_t k)
{
	static const char *const whose[] = {"", "an edge", "a default", "a subgraph"};
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
			bool is_style = !strcmp(r->val, "style");
			int code = !strcmp(r->val, "def") ? 0 : !strcmp(r->val, "use") ? 1
			           : !strcmp(r->val, "ops") ? 2 : -1;
			if (code >= 0 && own != OWN_NODES)
				return dfail(r, "'%s' on %s: def, use and ops are attributes of nodes", r->val,
				             whose[own]);
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
			if (is_style) {
				r->style_seen = true;
				r->style_invis = style_has_invis(r->val, r->vlen);
			}
			for (size_t i = 0; own == OWN_NODES && i < k; i++) {
				uint32_t node = nodes[i];
				if (is_label &&
				    (st = r->html ? add_html_label(r, node, r->val, r->vlen)
				                  : add_label(r, node, r->val, r->vlen)))
					return st;
				if (is_entry && truthy(r->val)) {
					if (r->entry != SSA_NONE && r->entry != node)
						return dfail(r, "a second entry node (the first is marked on "
						                "line %llu)",
						             r->entry_line);
					r->entry = node;
					r->entry_line = r->tline;
				}
				if (code >= 0 && (st = node_ops(r, node, code)))
					return st;
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

static int mem_push(struct dreader *r, uint32_t id)
{
	if (r->nmem == r->memcap) {
		size_t ncap = r->memcap ? r->memcap * 2 : 256;
		uint32_t *nm = ssa_realloc_array(r->mem, ncap, sizeof *nm);
		if (!nm)
			return dnomem(r);
		r->mem = nm;
		r->memcap = ncap;
	}
	r->mem[r->nmem++] = id;
	return SSA_OK;
}

/* A node id at the current token (with an optional port) interned and appended to mem; leaves
 * the token after. */
static int node_id(struct dreader *r)
{
	char q[64];
	int st;
	uint32_t id;
	if (r->t != T_ID)
		return dfail(r, "expected a node id, found %s", shown(r, q, sizeof q));
	static const char *const kw[] = {"node", "edge", "graph", "digraph", "strict", "subgraph"};
	for (size_t i = 0; i < sizeof kw / sizeof *kw; i++)
		if (is_kw(r, kw[i]))
			return dfail(r, "the keyword %s where a node id belongs (quote it to name a "
			                "node: \"%s\")",
			             shown(r, q, sizeof q), kw[i]);
	if (r->vlen > NAMES_MAX_LEN)
		return dfail(r, "node id %s longer than %u bytes", shown(r, q, sizeof q),
		             NAMES_MAX_LEN);
	if ((st = names_intern(&r->nb, r->val, r->vlen, &id, NULL)))
		return st == SSA_ENOMEM ? dnomem(r) : dfail(r, "too many nodes");
	if ((st = mem_push(r, id)) || (st = next(r)))
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

/* 'a, b:p, c': a node list, each appended to mem (graphviz keeps repeats: 'a -> b, b' is two
 * edges). */
static int node_list(struct dreader *r)
{
	char q[64];
	int st = node_id(r);
	while (!st && r->t == T_COMMA) {
		if ((st = next(r)))
			return st;
		if (r->t == T_LBRACE || is_kw(r, "subgraph"))
			return dfail(r, "a ',' list holds node ids, not subgraphs (write '{a b c}' for a "
			                "set)");
		if (r->t != T_ID)
			return dfail(r, "expected a node id after ',', found %s",
			             shown(r, q, sizeof q));
		st = node_id(r);
	}
	return st;
}

/* mem[s .. nmem) made a set in place, first occurrences kept in order. */
static int dedup_range(struct dreader *r, size_t s)
{
	if (r->nstamp < r->nb.count) {
		uint32_t *ns = ssa_realloc_array(r->stamp, r->nb.count, sizeof *ns);
		if (!ns)
			return dnomem(r);
		memset(ns + r->nstamp, 0, (size_t)(r->nb.count - r->nstamp) * sizeof *ns);
		r->stamp = ns;
		r->nstamp = r->nb.count;
	}
	if (++r->gen == 0) {
		memset(r->stamp, 0, (size_t)r->nstamp * sizeof *r->stamp);
		r->gen = 1;
	}
	size_t k = s;
	for (size_t i = s; i < r->nmem; i++)
		if (r->stamp[r->mem[i]] != r->gen) {
			r->stamp[r->mem[i]] = r->gen;
			r->mem[k++] = r->mem[i];
		}
	r->nmem = k;
	return SSA_OK;
}

/* The edges from every node of the statement's last operand to every node of mem[s .. e), in
 * that order (graphviz: an edge to a set is an edge to each of its nodes). */
static int edges_between(struct dreader *r, const struct dstmt *c, size_t s, size_t e)
{
	uint64_t k = (uint64_t)(c->prev_e - c->prev_s) * (uint64_t)(e - s);
	if (k > r->max_edges || r->el.m + k > r->max_edges)
		return dfail(r, "more than %llu edges (2^20 + 16 per byte of input; sets of %zu and "
		                "%zu nodes make %llu)",
		             (unsigned long long)r->max_edges, c->prev_e - c->prev_s, e - s,
		             (unsigned long long)k);
	for (size_t i = c->prev_s; i < c->prev_e; i++)
		for (size_t j = s; j < e; j++) {
			int st = edge_list_push(&r->el, r->mem[i], r->mem[j]);
			if (st)
				return st == SSA_ENOMEM ? dnomem(r) : dfail(r, "too many edges");
			if (r->el.m > r->edge_stmt_cap) {
				uint32_t ncap = r->el.cap > r->el.m ? r->el.cap : r->el.m;
				unsigned long long *ns = ssa_realloc_array(r->edge_stmt, ncap, sizeof *ns);
				if (!ns)
					return dnomem(r);
				r->edge_stmt = ns;
				r->edge_stmt_cap = ncap;
			}
			r->edge_stmt[r->el.m - 1] = c->id;
		}
	return SSA_OK;
}

/* Statement c is invisible: its edges go when the file is read (drop_invisible), not those of
 * the statements inside its sets. */
static int mark_invisible(struct dreader *r, const struct dstmt *c)
{
	if (c->id >= r->invis_cap) {
		size_t ncap = r->invis_cap ? r->invis_cap : 256;
		while (ncap <= c->id)
			ncap *= 2;
		uint8_t *ni = ssa_realloc_array(r->invis_stmt, ncap, 1);
		if (!ni)
			return dnomem(r);
		memset(ni + r->invis_cap, 0, ncap - r->invis_cap);
		r->invis_stmt = ni;
		r->invis_cap = ncap;
	}
	r->invis_stmt[c->id] = 1;
	r->any_invis = true;
	return SSA_OK;
}

static void drop_invisible(struct dreader *r)
{
	uint32_t k = 0;
	for (uint32_t e = 0; e < r->el.m; e++)
		if (r->edge_stmt[e] >= r->invis_cap || !r->invis_stmt[r->edge_stmt[e]]) {
			r->el.src[k] = r->el.src[e];
			r->el.dst[k++] = r->el.dst[e];
		}
	r->el.m = k;
}

/* '{' or 'subgraph [id] {': opens a set whose statement around it is c (resumed at its '}'). */
static int open_subgraph(struct dreader *r, const struct dstmt *c)
{
	char q[64];
	int st;
	unsigned long long line = r->tline;
	if (is_kw(r, "subgraph")) {
		if ((st = next(r)))
			return st;
		if (r->t == T_ID) {
			uint32_t id;
			bool fresh;
			if ((st = names_intern(&r->sb, r->val, r->vlen, &id, &fresh)))
				return st == SSA_ENOMEM ? dnomem(r) : dfail(r, "too many subgraphs");
			if (!fresh)
				return dfail(r, "subgraph %s a second time (first on line %llu; graphviz "
				                "would add to the first, ssalab reads each subgraph once)",
				             shown(r, q, sizeof q), r->sline[id]);
			if (id >= r->nsline) {
				uint32_t ncap = r->nsline ? r->nsline * 2 : 64;
				unsigned long long *nl = ssa_realloc_array(r->sline, ncap, sizeof *nl);
				if (!nl)
					return dnomem(r);
				r->sline = nl;
				r->nsline = ncap;
			}
			r->sline[id] = r->tline;
			if ((st = next(r)))
				return st;
			if (r->t != T_LBRACE)
				return dfail(r, "a subgraph without its body '{...}', found %s (a reference "
				                "to an earlier subgraph is not supported)",
				             shown(r, q, sizeof q));
		}
		if (r->t != T_LBRACE)
			return dfail(r, "expected '{' after 'subgraph', found %s", shown(r, q, sizeof q));
	}
	if (r->depth == r->fcap) {
		size_t ncap = r->fcap ? r->fcap * 2 : 16;
		struct dframe *nf = ssa_realloc_array(r->frames, ncap, sizeof *nf);
		if (!nf)
			return dnomem(r);
		r->frames = nf;
		r->fcap = ncap;
	}
	struct dframe *f = &r->frames[r->depth++];
	f->start = r->nmem;
	f->outer = *c;
	f->line = line;
	f->edge_invis = r->edge_invis;
	return next(r);
}

/* Whether the token after the current one is '=': skip_space's rules on a copy of the
 * position (an unterminated comment says no, and next() reports it). */
static bool eq_follows(const struct dreader *r)
{
	const char *p = r->p;
	bool line_start = false;
	for (;;) {
		while (p < r->end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
			line_start |= *p++ == '\n';
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
			for (p += 2; p + 1 < r->end && !(p[0] == '*' && p[1] == '/'); p++)
				;
			if (p + 1 >= r->end)
				return false;
			p += 2;
			line_start = false;
			continue;
		}
		return p < r->end && *p == '=';
	}
}

/* The statements of the graph's body, subgraphs included: iterative, the open subgraphs on
 * r->frames, so nesting costs heap, not C stack. Ends at the graph's '}'. */
static int body(struct dreader *r)
{
	char q[64];
	int st;
	struct dstmt c;
	memset(&c, 0, sizeof c);
	for (;;) {
		/* a statement starts here, or a subgraph ends */
		if (r->t == T_END)
			return dfail(r, "file ends inside the graph (missing '}')");
		if (r->t == T_SEMI) {
			if ((st = next(r)))
				return st;
			continue;
		}
		size_t os, oe;
		bool list;
		if (r->t == T_RBRACE) {
			if (r->depth == 0)
				return SSA_OK;
			struct dframe *f = &r->frames[--r->depth];
			if ((st = dedup_range(r, f->start)) || (st = next(r)))
				return st;
			c = f->outer;
			r->edge_invis = f->edge_invis;
			os = f->start;
			oe = r->nmem;
			list = false;
		} else {
			r->stmt++;
			memset(&c, 0, sizeof c);
			c.stmt_start = r->nmem;
			c.id = r->stmt;
			if (r->t == T_LBRACE || is_kw(r, "subgraph")) {
				if ((st = open_subgraph(r, &c)))
					return st;
				continue;
			}
			if (is_kw(r, "graph") || is_kw(r, "node") || is_kw(r, "edge")) {
				bool edges = is_kw(r, "edge");
				if ((st = next(r)))
					return st;
				if (r->t != T_LBRACK)
					return dfail(r, "expected '[' after a default-attribute keyword, "
					                "found %s",
					             shown(r, q, sizeof q));
				r->style_seen = false;
				if ((st = attr_lists(r, OWN_DEFAULTS, NULL, 0)))
					return st;
				if (edges && r->style_seen)
					r->edge_invis = r->style_invis;
				continue;
			}
			if (r->t != T_ID)
				return dfail(r, "expected a statement (node, edge or attribute), found %s",
				             shown(r, q, sizeof q));
			if (is_kw(r, "digraph") || is_kw(r, "strict"))
				return dfail(r, "a second graph inside the graph (one 'digraph' per file)");
			/* 'id = id' is a graph attribute */
			if (eq_follows(r)) {
				if ((st = next(r)) || (st = next(r)))
					return st;
				if (r->t != T_ID)
					return dfail(r, "expected a value after '=', found %s",
					             shown(r, q, sizeof q));
				if ((st = next(r)))
					return st;
				continue;
			}
			os = r->nmem;
			if ((st = node_list(r)))
				return st;
			oe = r->nmem;
			list = true;
		}
		/* an operand mem[os .. oe) is complete: edges from the one before */
		bool to_set = false;
		for (;;) {
			if (c.has_prev && (st = edges_between(r, &c, os, oe)))
				return st;
			c.prev_s = os;
			c.prev_e = oe;
			c.has_prev = true;
			c.is_list = list;
			if (r->t == T_UNDIR)
				return dfail(r, "undirected edge '--' (a CFG needs '->')");
			if (r->t != T_ARROW)
				break;
			c.chain = true;
			if ((st = next(r)))
				return st;
			if ((to_set = r->t == T_LBRACE || is_kw(r, "subgraph")))
				break; /* the next operand is a set: its '}' comes back here */
			os = r->nmem;
			if ((st = node_list(r)))
				return st;
			oe = r->nmem;
			list = true;
		}
		if (to_set) {
			if ((st = open_subgraph(r, &c)))
				return st;
			continue;
		}
		/* the statement ends: its attributes */
		r->style_seen = false;
		if (c.chain) {
			st = attr_lists(r, OWN_EDGES, NULL, 0);
			if (!st && (r->style_seen ? r->style_invis : r->edge_invis))
				st = mark_invisible(r, &c);
		} else if (c.is_list)
			st = attr_lists(r, OWN_NODES, r->mem + c.prev_s, c.prev_e - c.prev_s);
		else
			st = attr_lists(r, OWN_SET, NULL, 0);
		if (st)
			return st;
		if (r->depth == 0)
			r->nmem = c.stmt_start; /* the root keeps no node set */
	}
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
	if ((st = next(r)) || (st = body(r)) || (st = next(r)))
		return st;
	if (r->t != T_END)
		return dfail(r, "unexpected %s after the graph (one 'digraph' per file)",
		             shown(r, q, sizeof q));
	r->tline = head;
	if (r->nb.count == 0)
		return dfail(r, "the graph has no nodes (a CFG has at least its entry)");
	return SSA_OK;
}

/* The op records as a CSR over the interned nodes: each node's uses before its defs (phase 0
 * before 1; an ops list is all phase 0 or 2, so it keeps its order), by a stable counting sort
 * on (node, phase). Then moved into out. */
/* Without an entry=true node: GCC's CFG dumps (-fdump-tree-PASS-graph, -fdump-rtl-PASS-graph)
 * name blocks fn_<f>_basic_block_<k>, write loops' blocks first and make block 0 the function's
 * ENTRY; its first function's block 0 is the entry. Else the first node. *nfuncs counts the
 * functions (ENTRY blocks) of the dump. */
static uint32_t gcc_entry(const struct dreader *r, uint32_t *nfuncs)
{
	static const char tail[] = "_basic_block_0";
	uint32_t entry = UINT32_MAX;
	*nfuncs = 0;
	for (uint32_t i = 0; i < r->nb.count; i++) {
		size_t len;
		const char *s = names_builder_get(&r->nb, i, &len);
		size_t d = 3;
		while (d < len && s[d] >= '0' && s[d] <= '9')
			d++;
		if (len > 3 && !memcmp(s, "fn_", 3) && d > 3 && len - d == sizeof tail - 1 &&
		    !memcmp(s + d, tail, sizeof tail - 1)) {
			entry = entry == UINT32_MAX ? i : entry;
			++*nfuncs;
		}
	}
	return entry == UINT32_MAX ? 0 : entry;
}

static int finish_ops(struct dreader *r, uint32_t entry, struct prog *out)
{
	uint32_t n = r->nb.count;
	uint32_t *cnt = ssa_calloc_array((size_t)n * 2 + 1, sizeof *cnt);
	uint32_t *ops = ssa_alloc_array(r->nop, sizeof *ops);
	uint32_t *off = ssa_alloc_array((size_t)n + 1, sizeof *off);
	if (!cnt || !ops || !off) {
		free(cnt);
		free(ops);
		free(off);
		prog_free(out);
		return dnomem(r);
	}
	for (uint32_t i = 0; i < r->nop; i++)
		cnt[2 * (size_t)r->opnode[i] + (r->opphase[i] == 1) + 1]++;
	for (size_t k = 0; k < (size_t)n * 2; k++)
		cnt[k + 1] += cnt[k];
	for (uint32_t b = 0; b <= n; b++)
		off[b] = cnt[2 * (size_t)b]; /* the records of nodes before b */
	for (uint32_t i = 0; i < r->nop; i++)
		ops[cnt[2 * (size_t)r->opnode[i] + (r->opphase[i] == 1)]++] = r->opword[i];
	int st = io_import_ops(r->name, entry, r->vb.count, off, ops, &r->vb, out, r->err);
	free(cnt);
	free(ops);
	free(off);
	return st;
}

int io_read_dot_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                         bool size_known, uint64_t size, struct prog *out, struct io_error *err)
{
	char *buf;
	size_t len;
	const char *text;
	int st = io_text_begin(f, name, prefix, plen, size_known, size, out, err, &buf, &len, &text);
	if (st)
		return st;
	struct dreader r;
	memset(&r, 0, sizeof r);
	r.name = name;
	r.err = err;
	r.start = r.p = text;
	r.end = buf + len;
	r.line = 1;
	r.bol = true;
	r.entry = SSA_NONE;
	r.max_edges = io_text_edge_cap(len);
	names_builder_init(&r.nb);
	names_builder_init(&r.vb);
	names_builder_init(&r.sb);
	if (edge_list_init(&r.el, 0, 0)) {
		st = dnomem(&r);
		goto out;
	}
	if ((st = parse(&r)))
		goto out;
	if (r.any_invis)
		drop_invisible(&r);
	if (r.strict && (st = strict_merge(&r)))
		goto out;
	uint32_t gcc_funcs = 0;
	uint32_t entry = r.entry != SSA_NONE ? r.entry : gcc_entry(&r, &gcc_funcs);
	if ((st = io_import_finish(name, &r.nb, entry, &r.el, r.nlab, r.lnode, r.lsoff, r.lpool,
	                           out, err)))
		goto out;
	if ((r.nop || r.vb.count) && (st = finish_ops(&r, entry, out)))
		goto out;
	if ((st = io_import_warn(name, "DOT", 0, out, err)))
		prog_free(out);
	else if (gcc_funcs > 1 && err) {
		/* the other functions' blocks are the unreachable ones the warning names */
		size_t o = strlen(err->warning);
		snprintf(err->warning + o, sizeof err->warning - o,
		         "%sa GCC dump of %u functions: the first one's ENTRY is the entry "
		         "(entry=true on another's fn_N_basic_block_0 reads that one)",
		         o ? "; " : "", (unsigned)gcc_funcs);
	}
out:
	free(buf);
	free(r.val);
	free(r.edge_stmt);
	free(r.invis_stmt);
	free(r.lnode);
	free(r.lsoff);
	free(r.lpool);
	free(r.hbuf);
	free(r.mem);
	free(r.frames);
	free(r.stamp);
	free(r.opnode);
	free(r.opword);
	free(r.opphase);
	free(r.opform);
	names_builder_free(&r.nb);
	names_builder_free(&r.vb);
	names_builder_free(&r.sb);
	free(r.sline);
	edge_list_free(&r.el);
	return st;
}

int io_read_dot(FILE *f, const char *name, struct prog *out, struct io_error *err)
{
	uint64_t size = 0;
	bool known = io_stream_size(f, &size);
	return io_read_dot_prefixed(f, name, NULL, 0, known, size, out, err);
}
