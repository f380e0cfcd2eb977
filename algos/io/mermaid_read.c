/* Reader of Mermaid flowcharts (README.md "Mermaid flowcharts"), the notation markdown pages
 * draw CFGs in (the mem2reg article's worked example is one): a 'flowchart' or 'graph' header
 * with an optional direction, then statements separated by newlines or ';': node chains
 * 'A --> B --> C' with '&' groups ('A & B --> C'), nodes with shapes and labels ('id[text]',
 * 'id(text)', 'id{text}', ...), links with arrowheads ('-->', '-.->', '==>', '--o', '--x', any
 * length, with '|text|' or '-- text -->'). A node is named by its label's first line (tags
 * removed), else by its id; the first node mentioned is the entry. Links without an arrowhead
 * ('---') and two-way links ('<-->') are refused (a CFG's edges have a direction); '~~~' (a
 * layout hint, drawn as nothing) makes no edge; subgraph, style, class and click lines are
 * skipped. A markdown fence ('```mermaid'), '%%' comments and a '---' front matter are allowed.
 *
 * One pass over the input read whole: time O(bytes + edges) expected (ids are interned by
 * hashing), memory the input plus O(n + m). A group's edges are capped like DOT's sets (2^20 + 16
 * per byte of input). */
#include "io/io_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct mreader {
	const char *name;
	struct io_error *err;
	const char *p, *end;
	unsigned long long line, hline; /* hline: the header's */
	struct names_builder nb;
	struct edge_list el;
	uint64_t max_edges;
	/* the two groups of a link: the left one's nodes, then the right one's */
	uint32_t *grp;
	size_t ngrp, gcap;
	/* labels: node, first line in lpool[lsoff[j] .. lsoff[j + 1]) (the last one names it) */
	uint32_t *lnode;
	uint64_t *lsoff;
	uint32_t nlab, lcap;
	char *lpool;
	uint64_t lplen, lpcap;
};

static int mfail(struct mreader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int mfail(struct mreader *r, const char *fmt, ...)
{
	char what[sizeof r->err->what];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return io_fail(r->err, r->name, r->line ? r->line : 1, SSA_EINPUT, "%s", what);
}

static int mnomem(struct mreader *r)
{
	return io_fail(r->err, r->name, r->line, SSA_ENOMEM, "out of memory");
}

/* s[0..k) for a message: at most 40 bytes up to the line's end, non-printable bytes as '?'. */
static const char *q40(char *dst, const char *s, const char *e)
{
	size_t o = 0;
	for (; s < e && *s != '\n' && o < 40; s++) {
		unsigned char c = (unsigned char)*s;
		dst[o++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
	}
	dst[o] = 0;
	return dst;
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* An id's bytes: letters, digits, '_' and UTF-8; inside an id also '.', and '-' before one of
 * these (node()); '-', '=', '~' and '<' start links. */
static bool id_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c >= 0x80;
}

static void skip_blanks(struct mreader *r)
{
	while (r->p < r->end && blank(*r->p))
		r->p++;
}

/* Skips to the end of the line (not past its newline). */
static void skip_line(struct mreader *r)
{
	const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
	r->p = nl ? nl : r->end;
}

static bool at(const struct mreader *r, const char *w)
{
	size_t k = strlen(w);
	return (size_t)(r->end - r->p) >= k && !memcmp(r->p, w, k);
}

/* Whether the word w is at p, ending there (not followed by an id byte); in any case when
 * nocase. */
static bool word_at_case(const char *p, const char *e, const char *w, bool nocase)
{
	size_t k = strlen(w);
	return (size_t)(e - p) >= k && !(nocase ? strncasecmp(p, w, k) : strncmp(p, w, k)) &&
	       ((size_t)(e - p) == k || !id_byte((unsigned char)p[k]));
}

/* Mermaid's keywords are lowercase ('End' is a node, 'end' closes a subgraph). */
static bool word_at(const char *p, const char *e, const char *w)
{
	return word_at_case(p, e, w, false);
}

/* Whether the tag after a '<' at s breaks the line: <br>, <p>, </p>, <div>, </div>. */
static bool line_tag(const char *s, const char *e)
{
	static const char *const tags[] = {"br", "p", "/p", "div", "/div"};
	for (size_t k = 0; k < sizeof tags / sizeof *tags; k++) {
		size_t l = strlen(tags[k]);
		if ((size_t)(e - s) > l && !strncasecmp(s, tags[k], l) && !id_byte((unsigned char)s[l]))
			return true;
	}
	return false;
}

/* Keeps the first line of a label s[0..len) as node's name: quotes and markdown backticks
 * dropped, cut at a newline, a '\n' escape or a <br>, <p> or <div>, other tags removed, blanks trimmed, cut to
 * NAMES_MAX_LEN bytes; an empty line leaves the id naming the node. */
static int add_label(struct mreader *r, uint32_t node, const char *s, size_t len)
{
	if (len >= 2 && ((s[0] == '"' && s[len - 1] == '"') || (s[0] == '`' && s[len - 1] == '`')))
		s++, len -= 2;
	if (r->lplen + len > r->lpcap) {
		uint64_t want = (r->lplen + len) * 2 + 256;
		char *np = realloc(r->lpool, (size_t)want);
		if (!np)
			return mnomem(r);
		r->lpool = np;
		r->lpcap = want;
	}
	char *o = r->lpool + r->lplen, *o0 = o;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '\n' || (c == '\\' && i + 1 < len && s[i + 1] == 'n') ||
		    (c == '<' && line_tag(s + i + 1, s + len)))
			break;
		if (c == '<') { /* a tag: removed */
			const char *gt = memchr(s + i, '>', len - i);
			if (gt) {
				i = (size_t)(gt - s);
				continue;
			}
		}
		if ((unsigned char)c < 0x20 && c != '\t')
			continue;
		*o++ = c == '\t' ? ' ' : c;
	}
	while (o > o0 && o[-1] == ' ')
		o--;
	char *b = o0;
	while (b < o && *b == ' ')
		b++;
	if (b == o)
		return SSA_OK;
	if (o - b > NAMES_MAX_LEN) {
		o = b + NAMES_MAX_LEN;
		while (o > b && ((unsigned char)*o & 0xc0) == 0x80)
			o--; /* not in the middle of a UTF-8 character */
	}
	memmove(o0, b, (size_t)(o - b));
	if (r->nlab + 1 >= r->lcap) {
		uint64_t want = r->lcap ? (uint64_t)r->lcap * 2 : 256;
		uint32_t *nn = ssa_realloc_array(r->lnode, (size_t)want, sizeof *nn);
		if (!nn)
			return mnomem(r);
		r->lnode = nn;
		uint64_t *no = ssa_realloc_array(r->lsoff, (size_t)want + 1, sizeof *no);
		if (!no)
			return mnomem(r);
		r->lsoff = no;
		r->lcap = (uint32_t)want;
	}
	if (!r->nlab)
		r->lsoff[0] = 0;
	r->lnode[r->nlab] = node;
	r->lplen += (uint64_t)(o - b);
	r->lsoff[++r->nlab] = r->lplen;
	return SSA_OK;
}

/* The shapes: opener, closer (the longer openers first, so '((' is not '(' and '(' ). */
static const struct {
	const char *open, *close, *close2;
} shapes[] = {
    {"(((", ")))", NULL}, {"((", "))", NULL}, {"([", "])", NULL},  {"[[", "]]", NULL},
    {"[(", ")]", NULL},   {"[/", "/]", "\\]"}, {"[\\", "\\]", "/]"}, {"{{", "}}", NULL},
    {"(", ")", NULL},     {"[", "]", NULL},    {"{", "}", NULL},     {">", "]", NULL},
};

/* After a node's id: its shape and label, if any ('[text]', '"quoted"' inside, or the newer
 * '@{ label: "text", ... }'), then a ':::class'. */
static int node_shape(struct mreader *r, uint32_t node, const char *id, const char *ide)
{
	char q[48];
	if (at(r, "@{")) {
		const char *close = memchr(r->p, '}', (size_t)(r->end - r->p));
		const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
		if (!close || (nl && nl < close))
			return mfail(r, "node '%s': '@{' without its '}' on the line", q40(q, id, ide));
		const char *lab = NULL;
		for (const char *s = r->p + 2; s + 6 <= close && !lab; s++)
			if (!strncmp(s, "label", 5) && (s[5] == ':' || blank(s[5])))
				lab = s + 5;
		r->p = close + 1;
		if (lab) {
			while (lab < close && (blank(*lab) || *lab == ':'))
				lab++;
			const char *le = lab;
			if (le < close && *le == '"') {
				const char *qe = memchr(le + 1, '"', (size_t)(close - le - 1));
				le = qe ? qe + 1 : close;
			} else {
				while (le < close && *le != ',')
					le++;
			}
			return add_label(r, node, lab, (size_t)(le - lab));
		}
		return SSA_OK;
	}
	/* '>' is a shape only glued to the id (a blank then '>' is no link either) */
	const char *save = r->p;
	skip_blanks(r);
	size_t k = 0;
	for (; k < sizeof shapes / sizeof *shapes; k++)
		if (at(r, shapes[k].open) && !(shapes[k].open[0] == '>' && r->p != save))
			break;
	if (k == sizeof shapes / sizeof *shapes) {
		r->p = save;
		goto cls;
	}
	r->p += strlen(shapes[k].open);
	const char *ts = r->p;
	if (r->p < r->end && *r->p == '"') {
		const char *qe = memchr(r->p + 1, '"', (size_t)(r->end - r->p - 1));
		if (!qe)
			return mfail(r, "node '%s': unterminated quoted label", q40(q, id, ide));
		for (const char *s = r->p; s < qe; s++)
			r->line += *s == '\n';
		r->p = qe + 1;
	}
	const char *te = NULL;
	for (const char *s = r->p; s < r->end && *s != '\n' && !te; s++) {
		if (!strncmp(s, shapes[k].close, strlen(shapes[k].close)) ||
		    (shapes[k].close2 && !strncmp(s, shapes[k].close2, strlen(shapes[k].close2)))) {
			te = s;
			r->p = s + strlen(shapes[k].close);
		}
	}
	if (!te)
		return mfail(r, "node '%s': '%s' without its '%s' on the line (quote a label that "
		                "holds brackets: id[\"text\"])",
		             q40(q, id, ide), shapes[k].open, shapes[k].close);
	int st = add_label(r, node, ts, (size_t)(te - ts));
	if (st)
		return st;
cls:
	if (at(r, ":::")) {
		r->p += 3;
		while (r->p < r->end && (id_byte((unsigned char)*r->p) || *r->p == '-'))
			r->p++;
	}
	return SSA_OK;
}

/* A node: its id, interned (the entry is the first), appended to the group. */
static int node(struct mreader *r)
{
	char q[48];
	const char *s = r->p;
	/* as Mermaid: a '-' inside an id unless a link starts there ('node-1', not 'a-->b'), and
	 * a '.' after the first byte */
	while (r->p < r->end &&
	       (id_byte((unsigned char)*r->p) || (r->p > s && *r->p == '.') ||
	        (r->p > s && *r->p == '-' && r->p + 1 < r->end &&
	         id_byte((unsigned char)r->p[1]))))
		r->p++;
	if (r->p == s)
		return mfail(r, "expected a node id, found '%s'", q40(q, s, r->end));
	if ((size_t)(r->p - s) > NAMES_MAX_LEN)
		return mfail(r, "node id '%s...' longer than %u bytes", q40(q, s, r->p),
		             NAMES_MAX_LEN);
	uint32_t id;
	int st = names_intern(&r->nb, s, (size_t)(r->p - s), &id, NULL);
	if (st == SSA_ENOMEM)
		return mnomem(r);
	if (st)
		return mfail(r, "more than %u blocks", CFG_MAX_BLOCKS);
	if (r->ngrp == r->gcap) {
		size_t want = r->gcap ? r->gcap * 2 : 64;
		uint32_t *ng = ssa_realloc_array(r->grp, want, sizeof *ng);
		if (!ng)
			return mnomem(r);
		r->grp = ng;
		r->gcap = want;
	}
	r->grp[r->ngrp++] = id;
	return node_shape(r, id, s, r->p);
}

/* A group: nodes joined by '&'. */
static int group(struct mreader *r)
{
	for (;;) {
		int st = node(r);
		if (st)
			return st;
		skip_blanks(r);
		if (!(r->p < r->end && *r->p == '&'))
			return SSA_OK;
		r->p++;
		skip_blanks(r);
	}
}

enum link { L_NONE, L_EDGE, L_INVISIBLE };

/* Whether p is at an arrowhead: '>', or 'o' / 'x' before a blank or the line's end. */
static bool head_at(const char *p, const char *e)
{
	return p < e && (*p == '>' || ((*p == 'o' || *p == 'x') && (p + 1 == e || blank(p[1]) ||
	                                                         p[1] == '\n')));
}

/* The end of a run of a link's body from p: c (the family, '-' or '='), '.' in a dotted '-'
 * link. */
static const char *run_end(const char *p, const char *e, char c)
{
	while (p < e && (*p == c || (c == '-' && *p == '.')))
		p++;
	return p;
}

/* A link at r->p: a run of '-' (or '.', dotted) or '=' of two or more ('->' too) ending in an
 * arrowhead ('>', 'o', 'x'), or '--', '-.', '==' then its text then such a run ('-- text -->');
 * then an optional '|text|'. '~~~' makes no edge. A run without an arrowhead ('---', '-.-',
 * '===') or a link with two heads ('<-->', 'o--o', 'x--x') is refused. *kind is L_NONE when
 * no link is at r->p. */
static int link(struct mreader *r, enum link *kind)
{
	char q[48];
	const char *s = r->p, *e = r->end, *p = s;
	*kind = L_NONE;
	if (p + 1 < e && (*p == '<' || *p == 'o' || *p == 'x') &&
	    (p[1] == '-' || p[1] == '=' || p[1] == '.'))
		return mfail(r, "'%s': a two-way link (a CFG's edge has one direction: write "
		                "'A --> B' and 'B --> A')",
		             q40(q, s, e));
	if (p + 2 < e && !memcmp(p, "~~~", 3)) {
		while (p < e && *p == '~')
			p++;
		r->p = p;
		*kind = L_INVISIBLE;
		return SSA_OK;
	}
	if (p >= e || (*p != '-' && *p != '='))
		return SSA_OK;
	char c = *p;
	const char *q0 = run_end(p, e, c);
	if (q0 - p < 2 && !(c == '-' && head_at(q0, e) && *q0 == '>'))
		return SSA_OK; /* a lone '-' or '=': no link */
	p = q0;
	if (!head_at(p, e) && q0 - s == 2 && p < e && *p != '\n') {
		/* '-- text -->', '-. text .->', '== text ==>': the text runs to a run of two or
		 * more, which must end in a head */
		const char *t = p;
		for (;; t++) {
			if (t >= e || *t == '\n')
				return mfail(r, "'%s': a link's text without the link's end ('-- text -->')",
				             q40(q, s, e));
			if (*t == c || (c == '-' && *t == '.')) {
				const char *re = run_end(t, e, c);
				if (re - t >= 2) {
					p = re;
					break;
				}
				t = re - 1;
			}
		}
	}
	if (!head_at(p, e))
		return mfail(r, "'%.*s': a link without an arrowhead (a CFG's edge needs one: '-->')",
		             (int)(p - s < 40 ? p - s : 40), s);
	p++;
	r->p = p;
	skip_blanks(r);
	if (r->p < e && *r->p == '|') {
		const char *bar = memchr(r->p + 1, '|', (size_t)(e - r->p - 1));
		const char *nl = memchr(r->p, '\n', (size_t)(e - r->p));
		if (!bar || (nl && nl < bar))
			return mfail(r, "'%s': a link's '|text|' without its closing '|'",
			             q40(q, r->p, e));
		r->p = bar + 1;
	}
	*kind = L_EDGE;
	return SSA_OK;
}

/* The edges from every node of the left group (grp[0 .. split)) to every node of the right
 * one, in order. */
static int group_edges(struct mreader *r, size_t split)
{
	uint64_t k = (uint64_t)split * (r->ngrp - split);
	if (r->el.m + k > r->max_edges)
		return mfail(r, "more than %llu edges (2^20 + 16 per byte of input; groups of %zu and "
		                "%zu nodes make %llu)",
		             (unsigned long long)r->max_edges, split, r->ngrp - split,
		             (unsigned long long)k);
	for (size_t a = 0; a < split; a++)
		for (size_t b = split; b < r->ngrp; b++)
			if (edge_list_push(&r->el, r->grp[a], r->grp[b]))
				return mnomem(r);
	return SSA_OK;
}

/* A statement of nodes and links: group (link group)*. */
static int chain(struct mreader *r)
{
	r->ngrp = 0;
	int st = group(r);
	while (!st) {
		skip_blanks(r);
		enum link kind;
		if ((st = link(r, &kind)) || kind == L_NONE)
			break;
		skip_blanks(r);
		size_t split = r->ngrp;
		if ((st = group(r)))
			break;
		if (kind == L_EDGE && (st = group_edges(r, split)))
			break;
		memmove(r->grp, r->grp + split, (r->ngrp - split) * sizeof *r->grp);
		r->ngrp -= split;
	}
	return st;
}

/* Lines a CFG does not need: their first word, the rest of the line skipped. */
static const char *const skipped[] = {"subgraph", "end",    "direction", "classDef",
                                      "class",    "style",  "linkStyle", "click",
                                      "accTitle", "accDescr"};

static int statements(struct mreader *r)
{
	char q[48];
	for (;;) {
		skip_blanks(r);
		if (r->p >= r->end)
			return SSA_OK;
		char c = *r->p;
		if (c == '\n') {
			r->line++;
			r->p++;
			continue;
		}
		if (c == ';') {
			r->p++;
			continue;
		}
		if (at(r, "%%") || at(r, "```")) {
			skip_line(r);
			continue;
		}
		bool skip = false;
		for (size_t k = 0; k < sizeof skipped / sizeof *skipped && !skip; k++)
			skip = word_at(r->p, r->end, skipped[k]);
		if (skip && word_at(r->p, r->end, "end")) {
			/* a subgraph's 'end' stands alone ('end --> B' has a node called end) */
			const char *t = r->p + 3;
			while (t < r->end && blank(*t))
				t++;
			skip = t == r->end || *t == '\n' || *t == ';' ||
			       (t + 1 < r->end && t[0] == '%' && t[1] == '%');
		}
		if (skip) {
			skip_line(r);
			continue;
		}
		if (!id_byte((unsigned char)c))
			return mfail(r, "unexpected '%s' (expected a node, 'A --> B', or a line of its "
			                "own: subgraph, style, class, ...)",
			             q40(q, r->p, r->end));
		int st = chain(r);
		if (st)
			return st;
		/* a statement ends at a newline or ';'; another node after it starts the next */
		skip_blanks(r);
		if (r->p < r->end && *r->p != '\n' && *r->p != ';' && !at(r, "%%") &&
		    !id_byte((unsigned char)*r->p))
			return mfail(r, "unexpected '%s' after a node (expected a link such as '-->', "
			                "or the end of the statement)",
			             q40(q, r->p, r->end));
	}
}

/* The header, after a fence, comments and a front matter: 'flowchart' or 'graph', then an
 * optional direction. */
static int header(struct mreader *r)
{
	char q[48];
	for (;;) {
		skip_blanks(r);
		if (r->p < r->end && *r->p == '\n') {
			r->p++;
			r->line++;
		} else if (at(r, "%%") || at(r, "```") || (r->p < r->end && *r->p == '#')) {
			skip_line(r);
		} else if (at(r, "---")) {
			/* front matter: to the next '---' line */
			unsigned long long from = r->line;
			skip_line(r);
			for (;;) {
				if (r->p >= r->end) {
					r->line = from;
					return mfail(r, "a front matter '---' without its closing '---'");
				}
				r->p++;
				r->line++;
				skip_blanks(r);
				bool close = at(r, "---");
				skip_line(r);
				if (close)
					break;
			}
		} else {
			break;
		}
	}
	r->hline = r->line;
	if (word_at_case(r->p, r->end, "flowchart", true))
		r->p += 9;
	else if (word_at_case(r->p, r->end, "graph", true))
		r->p += 5;
	else
		return mfail(r, "expected 'flowchart' or 'graph' to start a Mermaid flowchart, found "
		                "'%s'",
		             q40(q, r->p, r->end));
	skip_blanks(r);
	static const char *const dirs[] = {"TB", "TD", "BT", "RL", "LR"};
	for (size_t k = 0; k < 5; k++)
		if (word_at(r->p, r->end, dirs[k])) {
			r->p += 2;
			break;
		}
	return SSA_OK;
}

int io_read_mermaid_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                             bool size_known, uint64_t size, struct prog *out,
                             struct io_error *err)
{
	char *buf;
	size_t len;
	const char *text;
	int st = io_text_begin(f, name, prefix, plen, size_known, size, out, err, &buf, &len, &text);
	if (st)
		return st;
	struct mreader r;
	memset(&r, 0, sizeof r);
	r.name = name;
	r.err = err;
	r.p = text;
	r.end = buf + len;
	r.line = 1;
	r.max_edges = io_text_edge_cap(len);
	names_builder_init(&r.nb);
	if (edge_list_init(&r.el, 0, 0)) {
		st = mnomem(&r);
		goto out;
	}
	if (memchr(buf, 0, len)) {
		st = mfail(&r, "NUL byte (not a text Mermaid flowchart)");
		goto out;
	}
	if ((st = header(&r)) || (st = statements(&r)))
		goto out;
	if (r.nb.count == 0) {
		r.line = r.hline;
		st = mfail(&r, "the flowchart has no nodes (a CFG has at least its entry)");
		goto out;
	}
	if (!(st = io_import_finish(name, &r.nb, 0, &r.el, r.nlab, r.lnode, r.lsoff, r.lpool, out,
	                            err)) &&
	    (st = io_import_warn(name, "a Mermaid flowchart", 0, out, err)))
		prog_free(out);
out:
	free(buf);
	free(r.grp);
	free(r.lnode);
	free(r.lsoff);
	free(r.lpool);
	names_builder_free(&r.nb);
	edge_list_free(&r.el);
	return st;
}

int io_read_mermaid(FILE *f, const char *name, struct prog *out, struct io_error *err)
{
	uint64_t size = 0;
	bool known = io_stream_size(f, &size);
	return io_read_mermaid_prefixed(f, name, NULL, 0, known, size, out, err);
}
