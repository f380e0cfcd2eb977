/* What every format's reader shares: error records, choosing a format by extension or by the
 * first bytes of a file, reading a whole stream, and turning an importer's named edges into a
 * program. The readers and path.c call in here; nothing here calls a reader. */
#include "io/io_internal.h"
#include "cfg/traverse.h"
#include "util/mem.h"
#include "util/status.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

int io_fail(struct io_error *err, const char *file, unsigned long long line, int status,
            const char *fmt, ...)
{
	if (!err)
		return status;
	snprintf(err->file, sizeof err->file, "%s", file ? file : "");
	err->line = line;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->what, sizeof err->what, fmt, ap);
	va_end(ap);
	return status;
}

void io_error_format(const struct io_error *e, char *buf, size_t len)
{
	if (!len)
		return;
	if (e->line)
		snprintf(buf, len, "%s:%llu: %s", e->file, e->line, e->what);
	else
		snprintf(buf, len, "%s: %s", e->file, e->what);
}

bool io_warning_format(const struct io_error *e, char *buf, size_t len)
{
	if (!e->warning[0] || !len)
		return false;
	snprintf(buf, len, "%s: %s", e->file, e->warning);
	return true;
}

enum io_format io_format_from_path(const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');
	if (!dot || dot == base)
		return IO_FMT_UNKNOWN;
	if (!strcmp(dot, ".cfg"))
		return IO_FMT_CFG;
	if (!strcmp(dot, ".prog"))
		return IO_FMT_PROG;
	if (!strcmp(dot, ".ssab"))
		return IO_FMT_BIN;
	if (!strcmp(dot, ".dot"))
		return IO_FMT_DOT;
	return IO_FMT_UNKNOWN;
}

bool io_stream_size(FILE *f, uint64_t *size)
{
	struct stat st;
	if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0)
		return false;
	*size = (uint64_t)st.st_size;
	return true;
}

const char *io_errtext(int e, char *buf, size_t len)
{
	if (strerror_r(e, buf, len) != 0)
		snprintf(buf, len, "error %d", e);
	return buf;
}

const char *io_text_header(const char *name)
{
	size_t k = strlen(name);
	return k >= 5 && !strcmp(name + k - 5, ".prog") ? "p prog <n> <m> <v>" : "p cfg <n> <m>";
}

static bool ident_byte(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c >= 0x80;
}

/* The length of a dash at p: '-', or one that text copied from a PDF or a word processor has
 * instead (U+2010 to U+2014, the minus sign U+2212); or 0. */
static size_t dash_len(const unsigned char *p, const unsigned char *e)
{
	if (p < e && *p == '-')
		return 1;
	if (e - p >= 3 && p[0] == 0xe2 &&
	    ((p[1] == 0x80 && p[2] >= 0x90 && p[2] <= 0x94) || (p[1] == 0x88 && p[2] == 0x92)))
		return 3;
	return 0;
}

size_t io_arrow_len(const char *ps, const char *es)
{
	const unsigned char *p = (const unsigned char *)ps, *e = (const unsigned char *)es, *q = p;
	if (e - p >= 3 && p[0] == 0xe2 &&
	    ((p[1] == 0x86 && p[2] == 0x92) || (p[1] == 0x87 && p[2] == 0x92) ||
	     (p[1] == 0x9f && (p[2] == 0xb6 || p[2] == 0xb9))))
		return 3; /* U+2192, U+21D2, U+27F6, U+27F9 */
	if (q < e && *q == '=') {
		while (q < e && *q == '=')
			q++;
	} else {
		for (size_t d; (d = dash_len(q, e));)
			q += d;
	}
	return q > p && q < e && *q == '>' ? (size_t)(q - p) + 1 : 0;
}

/* Whether the line at buf[i..len) holds an arrow (io_arrow_len) before any '#', quote or '{'
 * after its first byte: an edge list's comment or data dict may hold one, an arrow list's
 * successor set comes after the arrow (and a DOT set first gets the arrow reader's hint). */
static bool arrow_line(const unsigned char *buf, size_t i, size_t len)
{
	for (size_t s = i; i < len && buf[i] != '\n'; i++) {
		unsigned char c = buf[i];
		if ((c == '{' && i > s) || c == '#' || c == '\'' || c == '"')
			return false;
		if (io_arrow_len((const char *)buf + i, (const char *)buf + len))
			return true;
	}
	return false;
}

/* The first line's blank-separated tokens (up to a '#' that starts one), at most max of them;
 * returns how many, storing each one's start and length. */
static size_t line_tokens(const unsigned char *buf, size_t i, size_t len, size_t max,
                          size_t *at, size_t *tl)
{
	size_t k = 0;
	while (k < max) {
		while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r'))
			i++;
		if (i >= len || buf[i] == '\n' || buf[i] == '#')
			break;
		at[k] = i;
		while (i < len && buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r' && buf[i] != '\n')
			i++;
		tl[k] = i - at[k];
		k++;
	}
	return k;
}

static bool digits(const unsigned char *s, size_t l)
{
	for (size_t j = 0; j < l; j++)
		if (s[j] < '0' || s[j] > '9')
			return false;
	return l > 0;
}

static bool token_is(const unsigned char *s, size_t l, const char *w)
{
	return l == strlen(w) && !memcmp(s, w, l);
}

/* Whether a first line that starts with a one-letter 'p', 'e', 'b' or 'n' is ssalab text: the
 * line must go on as that line type does ('p cfg ...', 'e 0 1', 'b 3 d0', 'n b 1 x'), so an edge
 * list whose first node is called p, e, b or n ('b c', 'e f 0.5') stays an edge list. A 'p' line
 * with a misspelt, cut or missing kind ('p cgf 3 2', 'p pr', 'p 3 2'), or a letter alone, is
 * text too, for the text reader's message. */
static bool text_line(const unsigned char *buf, size_t i, size_t len)
{
	size_t at[4], tl[4];
	size_t k = line_tokens(buf, i, len, 4, at, tl);
	if (k < 2)
		return true; /* the line type alone: the text reader says what it misses */
	if (buf[at[1]] == '{')
		return false; /* an edge's data dict */
	const unsigned char *t1 = buf + at[1], *t2 = k >= 3 ? buf + at[2] : NULL;
	switch (buf[i]) {
	case 'p': /* 'p pro' too: a .prog cut inside its header is refused, not an edge p -> pro */
		return (tl[1] <= 3 && !memcmp(t1, "cfg", tl[1])) ||
		       (tl[1] <= 4 && !memcmp(t1, "prog", tl[1])) || (t2 && digits(t1, tl[1])) ||
		       k >= 4;
	case 'e':
		return t2 && digits(t1, tl[1]) && digits(t2, tl[2]);
	case 'b':
		return t2 && digits(t1, tl[1]) && (t2[0] == 'd' || t2[0] == 'u') &&
		       digits(t2 + 1, tl[2] - 1);
	default: /* 'n' */
		return t2 && (token_is(t1, tl[1], "b") || token_is(t1, tl[1], "v")) &&
		       digits(t2, tl[2]);
	}
}

/* Whether the line at buf[i..len) starts a textual LLVM module: a top-level keyword ('define' and
 * 'declare' with an '@' on their line, 'target datalayout', 'target triple', 'source_filename',
 * 'attributes #', 'module asm', 'uselistorder'), or a global, type, metadata, comdat or summary
 * name ('@g', '%T', '!0', '$c', '^0', quoted or not) followed by '='. An arrow or edge list whose
 * names start with those sigils ('%entry -> %loop', '%0 %1') has no '=' there. */
static bool llvm_line(const unsigned char *buf, size_t i, size_t len)
{
	size_t e = i;
	while (e < len && buf[e] != '\n')
		e++;
	const unsigned char *s = buf + i;
	size_t l = e - i;
	static const char *const kw[] = {"target datalayout", "target triple", "source_filename",
	                                 "attributes #", "module asm", "uselistorder"};
	for (size_t j = 0; j < sizeof kw / sizeof kw[0]; j++)
		if (l >= strlen(kw[j]) && !memcmp(s, kw[j], strlen(kw[j])))
			return true;
	if ((l > 7 && !memcmp(s, "define ", 7)) || (l > 8 && !memcmp(s, "declare ", 8)))
		return memchr(s, '@', l) != NULL;
	if (l < 2 || !strchr("@%!$^", s[0]))
		return false;
	size_t j = 1;
	if (s[1] == '"') {
		for (j = 2; j < l && s[j] != '"'; j++)
			;
		if (j++ >= l)
			return false;
	} else {
		while (j < l && (ident_byte(s[j]) || s[j] == '.' || s[j] == '$' || s[j] == '-'))
			j++;
		if (j == 1)
			return false;
	}
	while (j < l && (s[j] == ' ' || s[j] == '\t'))
		j++;
	return j < l && s[j] == '=';
}

/* Whether the line at buf[i..len) starts with a name (an arrow list's: letters, digits, '_',
 * '.', '$', '%', '@', UTF-8, primes after the first byte) and a colon followed by a blank, a '#'
 * or the line's end: an adjacency list, 'A: B, C', which the arrow reader reads. */
static bool colon_line(const unsigned char *buf, size_t i, size_t len)
{
	size_t s = i;
	while (i < len && (ident_byte(buf[i]) || (buf[i] && strchr(".$%@", buf[i])) ||
	                   (i > s && buf[i] == '\'')))
		i++;
	if (i == s)
		return false;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	return i < len && buf[i] == ':' &&
	       (i + 1 == len || strchr(" \t\r\n#", buf[i + 1]));
}

/* Whether the line at buf[i..len) starts a Mermaid flowchart: a '```mermaid' fence, a '%%'
 * comment, a '---' front matter, 'flowchart', or 'graph' and a direction (TB, TD, BT, RL, LR)
 * not followed by '{' (DOT's 'graph TD {' is an undirected graph called TD). */
static bool mermaid_line(const unsigned char *buf, size_t i, size_t len)
{
	const char *s = (const char *)buf + i;
	size_t l = len - i, e = 0;
	while (e < l && s[e] != '\n')
		e++;
	while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
		e--;
	if ((e >= 10 && !strncasecmp(s, "```mermaid", 10)) || (e >= 2 && !memcmp(s, "%%", 2)) ||
	    (e == 3 && !memcmp(s, "---", 3)))
		return true;
	size_t k = 0;
	while (k < e && ident_byte((unsigned char)s[k]))
		k++;
	if (k == 9 && !strncasecmp(s, "flowchart", 9))
		return true;
	if (!(k == 5 && !strncasecmp(s, "graph", 5)))
		return false;
	while (k < e && (s[k] == ' ' || s[k] == '\t'))
		k++;
	static const char *const dirs[] = {"TB", "TD", "BT", "RL", "LR"};
	for (size_t d = 0; d < 5; d++)
		if (e - k >= 2 && !memcmp(s + k, dirs[d], 2) &&
		    (e - k == 2 || !ident_byte((unsigned char)s[k + 2]))) {
			k += 2;
			while (k < e && (s[k] == ' ' || s[k] == '\t'))
				k++;
			return k == e || s[k] != '{';
		}
	return false;
}

/* Whether s[0..l) is DIMACS: 'c' comment lines, then a problem line 'p WORD N M' (p edge, p col,
 * p sp, p max, ...), whose word is one of the challenges' (not ssalab's 'p cfg' or a misspelling
 * of it) and whose two counts make it no edge list ('c d' lines followed by 'p q' stay edges). */
static bool dimacs_lines(const char *s, size_t l)
{
	size_t k = 0;
	while (k < l && s[k] == 'c' && (k + 1 == l || strchr(" \t\r\n", s[k + 1]))) {
		while (k < l && s[k] != '\n')
			k++;
		while (k < l && strchr(" \t\r\n", s[k]))
			k++;
	}
	if (l - k < 2 || s[k] != 'p' || (s[k + 1] != ' ' && s[k + 1] != '\t'))
		return false;
	k++;
	size_t fields = 0;
	while (fields < 3) {
		while (k < l && (s[k] == ' ' || s[k] == '\t'))
			k++;
		size_t b = k;
		while (k < l && (fields == 0 ? (s[k] >= 'a' && s[k] <= 'z') : (s[k] >= '0' && s[k] <= '9')))
			k++;
		if (k == b || (k < l && !strchr(" \t\r\n", s[k])))
			return false;
		if (fields == 0) {
			/* the problem words of the DIMACS challenges and PACE; another word is more
			 * likely a misspelt 'p cfg', which the text reader names */
			static const char *const words[] = {"edge", "col", "sp", "max", "min", "asn",
			                                    "cnf", "tw", "td", "ds", "hs"};
			size_t w = 0;
			while (w < sizeof words / sizeof *words &&
			       (strlen(words[w]) != k - b || strncmp(s + b, words[w], k - b)))
				w++;
			if (w == sizeof words / sizeof *words)
				return false;
		}
		fields++;
	}
	return true;
}

/* What other graph format the first line at buf[i..len) starts, or NULL: XML (GraphML, GEXF),
 * JSON (networkx's node-link data, Cytoscape), GML ('graph [', after an optional 'Creator'
 * line), Pajek ('*Vertices'), DIMACS ('c' comments, then 'p edge N M'). Their files would
 * otherwise read as an edge list of their tokens, as ssalab text, or as an undirected DOT graph. */
static const char *foreign_line(const unsigned char *buf, size_t i, size_t len)
{
	const char *s = (const char *)buf + i;
	size_t l = len - i;
	if (l >= 5 && (!memcmp(s, "<?xml", 5) || !strncasecmp(s, "<graphml", l < 8 ? l : 8) ||
	               !strncasecmp(s, "<gexf", 5)))
		return "XML (GraphML or GEXF)";
	if (l >= 2 && (s[0] == '{' || s[0] == '[')) {
		size_t k = 1;
		while (k < l && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r' || s[k] == '\n'))
			k++;
		if (k < l && (s[k] == '"' || (s[0] == '[' && s[k] == '{')))
			return "JSON";
	}
	if (l >= 9 && (!strncasecmp(s, "*vertices", 9) || !strncasecmp(s, "*network", 8)))
		return "Pajek";
	if (dimacs_lines(s, l))
		return "DIMACS";
	size_t k = 0;
	if (l >= 8 && !strncmp(s, "Creator", 7) && (s[7] == ' ' || s[7] == '\t')) {
		while (k < l && s[k] != '\n')
			k++;
		while (k < l && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r' || s[k] == '\n'))
			k++;
	}
	if (l - k >= 5 && !strncmp(s + k, "graph", 5)) {
		k += 5;
		while (k < l && (s[k] == ' ' || s[k] == '\t' || s[k] == '\r' || s[k] == '\n'))
			k++;
		if (k < l && s[k] == '[')
			return "GML";
	}
	return NULL;
}

/* The first line that is neither blank nor a '#' comment (io_sniff decides by it), or len. */
static size_t first_data_line(const unsigned char *buf, size_t len)
{
	size_t i = io_bom_len(buf, len);
	for (;;) {
		while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
			i++;
		if (i >= len || buf[i] != '#')
			return i;
		while (i < len && buf[i] != '\n')
			i++;
	}
}

const char *io_foreign_format(const unsigned char *buf, size_t len)
{
	return foreign_line(buf, first_data_line(buf, len), len);
}

/* Skips a byte-order mark, blank lines and '#' comment lines (all the text kinds allow them),
 * then decides by the first line: a '//' or '/ *' comment or a DOT keyword first is DOT; a
 * ';' comment or an LLVM module's first line (llvm_line) is LLVM IR, and so is bitcode (by its
 * magic, before the NUL test: bitcode holds NUL bytes); another graph format ssalab does not
 * read (foreign_line: GraphML, JSON, GML, Pajek, DIMACS) is refused by name; a Mermaid flowchart's first line
 * (mermaid_line) is Mermaid; an arrow ('->', '-->', U+2192, io_arrow_len) before any '#', quote
 * or '{' (but the line's first byte), or a name and a colon first ('A: B, C'), makes an arrow
 * list; a one-letter 'p', 'e', 'b' or 'n' followed by a blank and what that line type holds
 * (text_line) is ssalab text; anything else is an edge list.
 * Undecided (only comments, or empty) is text, whose reader says the input has no edges
 * (IO_MSG_NO_EDGES, right for an edge list and a .cfg alike); so is anything with a NUL byte. */
enum io_input_kind io_sniff(const unsigned char *buf, size_t len)
{
	size_t i;
	if (len && buf[0] == (unsigned char)IO_SSAB_MAGIC[0])
		return IO_IN_BIN;
	if (len >= 4 && ((buf[0] == 'B' && buf[1] == 'C' && buf[2] == 0xC0 && buf[3] == 0xDE) ||
	                 (buf[0] == 0xDE && buf[1] == 0xC0 && buf[2] == 0x17 && buf[3] == 0x0B)))
		return IO_IN_LLVM;
	if (memchr(buf, 0, len))
		return IO_IN_TEXT; /* binary garbage: the strict reader's diagnostics fit best */
	i = first_data_line(buf, len);
	if (i >= len)
		return IO_IN_TEXT;
	if (i + 1 < len && buf[i] == '/' && (buf[i + 1] == '/' || buf[i + 1] == '*'))
		return IO_IN_DOT;
	if (buf[i] == ';' || llvm_line(buf, i, len))
		return IO_IN_LLVM;
	if (foreign_line(buf, i, len))
		return IO_IN_FOREIGN;
	if (mermaid_line(buf, i, len))
		return IO_IN_MERMAID;
	size_t s = i;
	while (i < len && ident_byte(buf[i]))
		i++;
	size_t k = i - s;
	bool end = i == len || !ident_byte(buf[i]);
	static const char *const kw[] = {"digraph", "graph", "strict"};
	for (size_t j = 0; j < 3 && end; j++)
		if (k == strlen(kw[j]) && !strncasecmp((const char *)buf + s, kw[j], k))
			return IO_IN_DOT;
	if (arrow_line(buf, s, len) || colon_line(buf, s, len))
		return IO_IN_ARROWS;
	if (k == 1 && strchr("pebn", buf[s]) && (i == len || strchr(" \t\r\n", buf[i])) &&
	    text_line(buf, s, len))
		return IO_IN_TEXT;
	return IO_IN_EDGES;
}

const char *io_input_kind_str(enum io_input_kind k)
{
	switch (k) {
	case IO_IN_TEXT:
		return "text";
	case IO_IN_BIN:
		return "ssab";
	case IO_IN_DOT:
		return "dot";
	case IO_IN_ARROWS:
		return "arrows";
	case IO_IN_LLVM:
		return "llvm";
	case IO_IN_MERMAID:
		return "mermaid";
	case IO_IN_FOREIGN:
		return "foreign";
	default:
		return "edges";
	}
}

int io_slurp(FILE *f, const char *name, const unsigned char *prefix, size_t plen, bool size_known,
             uint64_t size, char **out, size_t *outlen, struct io_error *err)
{
	char eb[128];
	size_t cap = size_known && size >= plen && size < SIZE_MAX - 2 ? (size_t)size + 1 : plen + 65536;
	char *buf = malloc(cap);
	if (!buf)
		return io_fail(err, name, 0, SSA_ENOMEM, "out of memory (the input has %llu bytes)",
		               (unsigned long long)size);
	if (plen)
		memcpy(buf, prefix, plen);
	size_t len = plen;
	for (;;) {
		if (cap - len < 2) {
			size_t ncap;
			char *nb;
			if (!ssa_mul_ok(cap, 2, &ncap) || !(nb = realloc(buf, ncap))) {
				free(buf);
				return io_fail(err, name, 0, SSA_ENOMEM,
				               "out of memory after %zu bytes of input", len);
			}
			buf = nb;
			cap = ncap;
		}
		size_t got = fread(buf + len, 1, cap - 1 - len, f);
		len += got;
		if (got == 0) {
			if (ferror(f)) {
				free(buf);
				return io_fail(err, name, 0, SSA_EIO, "read error: %s",
				               io_errtext(errno, eb, sizeof eb));
			}
			break;
		}
	}
	buf[len] = 0;
	*out = buf;
	*outlen = len;
	return SSA_OK;
}

int io_text_begin(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                  bool size_known, uint64_t size, struct prog *out, struct io_error *err,
                  char **buf, size_t *len, const char **text)
{
	memset(out, 0, sizeof *out);
	if (err)
		err->warning[0] = 0;
	int st = io_slurp(f, name, prefix, plen, size_known, size, buf, len, err);
	if (!st)
		*text = *buf + io_bom_len(*buf, *len);
	return st;
}

uint64_t io_text_edge_cap(size_t len)
{
	uint64_t cap = ssa_sat_add(UINT64_C(1) << 20, ssa_bytes(len, 16));
	return cap < CFG_MAX_EDGES ? cap : CFG_MAX_EDGES;
}

int io_import_finish(const char *name, struct names_builder *nb, uint32_t entry,
                     struct edge_list *el, uint32_t nlab, const uint32_t *lab_node,
                     const uint64_t *lab_soff, const char *lab_pool, struct prog *out,
                     struct io_error *err)
{
	uint32_t n = nb->count;
	uint32_t *newid = ssa_alloc_array(n, sizeof *newid);
	uint32_t *ids = ssa_alloc_array(n, sizeof *ids);
	uint64_t *soff = ssa_alloc_array((size_t)n + 1, sizeof *soff);
	uint32_t *label = ssa_alloc_array(n, sizeof *label);
	char *pool = NULL;
	int st = SSA_OK;
	struct cfg g;
	memset(&g, 0, sizeof g);
	if (!newid || !ids || !soff || !label) {
		st = SSA_ENOMEM;
		goto out;
	}
	/* The entry becomes 0; the nodes before it move up by one, the rest keep their ids. */
	for (uint32_t i = 0; i < n; i++)
		newid[i] = i == entry ? 0 : i < entry ? i + 1 : i;
	for (uint64_t e = 0; e < el->m; e++) {
		el->src[e] = newid[el->src[e]];
		el->dst[e] = newid[el->dst[e]];
	}
	el->n = n;
	if ((st = cfg_from_edges(&g, el)))
		goto out;
	/* A node's name: its last label's first line when it has one, else its id. */
	for (uint32_t i = 0; i < n; i++)
		label[i] = SSA_NONE;
	for (uint32_t j = 0; j < nlab; j++)
		label[lab_node[j]] = j;
	uint64_t total = 0;
	for (uint32_t i = 0; i < n; i++) {
		size_t len;
		if (label[i] != SSA_NONE)
			len = (size_t)(lab_soff[label[i] + 1] - lab_soff[label[i]]);
		else
			names_builder_get(nb, i, &len);
		total += len > NAMES_MAX_LEN ? NAMES_MAX_LEN : len;
	}
	pool = ssa_alloc_array(total + 1, 1);
	if (!pool) {
		st = SSA_ENOMEM;
		goto out;
	}
	soff[0] = 0;
	for (uint32_t i = 0; i < n; i++) {
		size_t len;
		const char *s;
		if (label[i] != SSA_NONE) {
			s = lab_pool + lab_soff[label[i]];
			len = (size_t)(lab_soff[label[i] + 1] - lab_soff[label[i]]);
		} else {
			s = names_builder_get(nb, i, &len);
		}
		if (len > NAMES_MAX_LEN)
			len = NAMES_MAX_LEN;
		memcpy(pool + soff[i], s, len);
		soff[i + 1] = soff[i] + len;
		ids[i] = newid[i];
	}
	if ((st = prog_empty(out, &g, 0)))
		goto out;
	if ((st = names_build(&out->bnames, n, n, ids, soff, pool)))
		prog_free(out);
out:
	cfg_free(&g);
	free(newid);
	free(ids);
	free(soff);
	free(label);
	free(pool);
	if (st == SSA_ENOMEM)
		return io_fail(err, name, 0, st, "out of memory (the graph has %u nodes, %u edges)",
		               n, el->m);
	if (st)
		return io_fail(err, name, 0, st, "cannot build the graph: %s", ssa_status_str(st));
	return SSA_OK;
}

/* Block b's name for a warning: at most 40 bytes, non-printable bytes as '?', else its number. */
static size_t warn_name(const struct prog *p, uint32_t b, char *dst)
{
	const char *s = names_get(&p->bnames, b);
	if (!s)
		return (size_t)sprintf(dst, "%u", b);
	size_t k = strlen(s), o = 0;
	for (size_t i = 0; i < k && i < 40; i++) {
		unsigned char c = (unsigned char)s[i];
		dst[o++] = c >= 0x20 && c != 0x7f ? (char)c : '?';
	}
	if (k > 40) {
		memcpy(dst + o, "...", 3);
		o += 3;
	}
	dst[o] = 0;
	return o;
}

/* What in a name says an edge list was written in another notation: 0 an arrow, 1 a comma,
 * 2 a brace, -1 nothing. */
static int suspect(const char *s)
{
	if (!s)
		return -1;
	for (const char *e = s + strlen(s), *c = s; c < e; c++)
		if (io_arrow_len(c, e))
			return 0;
	if (strchr(s, ','))
		return 1;
	if (strchr(s, '{'))
		return 2;
	size_t len = strlen(s);
	if (len > 1 && s[len - 1] == ';')
		return 3;
	return -1;
}

int io_import_warn(const char *name, const char *format, unsigned suspects, const struct prog *p,
                   struct io_error *err)
{
	if (!err)
		return SSA_OK;
	err->warning[0] = 0;
	const struct cfg *g = &p->cfg;
	uint8_t *reached = ssa_alloc_array(g->n, 1);
	uint32_t *stack = ssa_alloc_array(g->n, sizeof *stack);
	if (!reached || !stack) {
		free(reached);
		free(stack);
		return io_fail(err, name, 0, SSA_ENOMEM,
		               "out of memory checking what the entry reaches (%u blocks)", g->n);
	}
	uint32_t nreach = cfg_reach(g, 0, reached, stack);
	free(stack);
	char *w = err->warning, nm[48];
	size_t cap = sizeof err->warning, o = 0;
	/* One clause per problem, each listing a few blocks, then how many more. */
#define WARN(...)                                                                                  \
	do {                                                                                       \
		if (o < cap)                                                                       \
			o += (size_t)snprintf(w + o, cap - o, __VA_ARGS__);                        \
	} while (0)
	static const char *const kinds[] = {"->", ",", "{", ";"};
	static const char *const hint[] = {
	    "was this an arrow list ('A -> B, C') or DOT?",
	    "was this a comma-separated list? (only a comma in the first line makes one)",
	    "was this DOT? (a set '{B C}' needs 'digraph { ... }' around it)",
	    "was it meant to end the line? (an edge list's lines have no terminator; in DOT one "
	    "needs 'digraph { ... }' around the statements)"};
	bool any = false;
	for (int k = 0; k < 4; k++) {
		uint32_t nsus = 0, shown = 0;
		if (!(suspects >> k & 1))
			continue;
		for (uint32_t b = 0; b < g->n; b++)
			nsus += suspect(names_get(&p->bnames, b)) == k;
		if (!nsus)
			continue;
		WARN("%s", any ? "; " : "");
		if (!any)
			WARN("read as %s; ", format);
		any = true;
		for (uint32_t b = 0; b < g->n && shown < 3; b++)
			if (suspect(names_get(&p->bnames, b)) == k) {
				warn_name(p, b, nm);
				WARN("%s'%s'", shown ? ", " : nsus > 1 ? "nodes " : "node ", nm);
				shown++;
			}
		if (nsus > shown)
			WARN(" and %u more", nsus - shown);
		WARN(" %s '%s': %s", nsus > 1 ? "contain" : "contains", kinds[k], hint[k]);
	}
	if (nreach < g->n) {
		uint32_t k = 0;
		WARN("%s", any ? "; " : "");
		if (!any)
			WARN("read as %s; ", format);
		for (uint32_t b = 0; b < g->n && k < 4; b++)
			if (!reached[b]) {
				warn_name(p, b, nm);
				WARN("%s%s", k ? ", " : g->n - nreach > 1 ? "blocks " : "block ", nm);
				k++;
			}
		if (g->n - nreach > k)
			WARN(" and %u more", g->n - nreach - k);
		warn_name(p, 0, nm);
		WARN(" %s unreachable from the entry %s", g->n - nreach > 1 ? "are" : "is", nm);
	}
#undef WARN
	free(reached);
	if (w[0])
		snprintf(err->file, sizeof err->file, "%s", name);
	return SSA_OK;
}

int io_import_ops(const char *name, uint32_t entry, uint32_t nvars, const uint32_t *op_off,
                  const uint32_t *ops, const struct names_builder *vb, struct prog *out,
                  struct io_error *err)
{
	uint32_t n = out->cfg.n, nops = op_off[n];
	uint32_t *off = ssa_alloc_array((size_t)n + 1, sizeof *off);
	uint32_t *nops_of = ssa_alloc_array(n, sizeof *nops_of);
	uint32_t *word = ssa_alloc_array(nops, sizeof *word);
	int st = SSA_OK;
	if (!off || !nops_of || !word) {
		st = SSA_ENOMEM;
		goto fail;
	}
	/* the numbering of io_import_finish: the entry first, the others in their order */
	for (uint32_t i = 0; i < n; i++)
		nops_of[i == entry ? 0 : i < entry ? i + 1 : i] = op_off[i + 1] - op_off[i];
	off[0] = 0;
	for (uint32_t b = 0; b < n; b++)
		off[b + 1] = off[b] + nops_of[b];
	for (uint32_t i = 0; i < n; i++) {
		uint32_t b = i == entry ? 0 : i < entry ? i + 1 : i;
		memcpy(word + off[b], ops + op_off[i], (size_t)nops_of[b] * sizeof *word);
	}
	struct names vn;
	memset(&vn, 0, sizeof vn);
	if (nvars && (st = names_finish(vb, NULL, &vn)))
		goto fail;
	free(out->op_off);
	free(out->ops);
	out->op_off = off;
	out->ops = word;
	out->nvars = nvars;
	out->nops = nops;
	names_free(&out->vnames);
	out->vnames = vn;
	free(nops_of);
	return SSA_OK;
fail:
	free(off);
	free(nops_of);
	free(word);
	prog_free(out);
	return io_fail(err, name, 0, st, "out of memory (the program has %u operations)", nops);
}
