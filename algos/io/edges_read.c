/* Reader of plain edge lists, as SNAP and networkx write them (README.md "Edge lists"): one edge
 * 'u v' per line, fields separated by blanks, '#' comment lines, node ids any tokens (numbers
 * or names, not necessarily dense). Fields after the second are ignored when they look like
 * what those tools put there: a weight or timestamp (a numeral) or a networkx data dict
 * ('{...}'). A line with a single id declares a node without edges. The entry is the node named
 * by a '# entry: <id>' comment line (other tools skip it as a comment), else the first node of
 * the first edge.
 *
 * Nodes are numbered in order of first appearance, the entry moved to 0; every block is named
 * by its id. A node's successors keep the file order of its edges. The input is read whole;
 * time O(bytes) expected (ids are interned by hashing), memory the input plus O(n + m). */
#include "io/io_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

struct ereader {
	const char *name;
	struct io_error *err;
	unsigned long long line;
	struct names_builder nb;
	struct edge_list el;
	const char *entry_s;
	size_t entry_len;
	unsigned long long entry_line;
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

/* A numeral: optional sign, digits, optional fraction and exponent. */
static bool numeral(const char *s, const char *e)
{
	if (s < e && (*s == '-' || *s == '+'))
		s++;
	bool digits = false;
	while (s < e && ((*s >= '0' && *s <= '9') || *s == '.')) {
		digits |= *s != '.';
		s++;
	}
	if (digits && s < e && (*s == 'e' || *s == 'E')) {
		s++;
		if (s < e && (*s == '-' || *s == '+'))
			s++;
		while (s < e && *s >= '0' && *s <= '9')
			s++;
	}
	return digits && s == e;
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

static int line(struct ereader *r, const char *p, const char *e)
{
	const char *us, *ue, *vs, *ve, *xs, *xe;
	char q[48];
	const char *s = p;
	while (s < e && blank(*s))
		s++;
	if (s < e && *s == '#')
		return comment(r, s, e);
	if (!tok(&p, e, &us, &ue))
		return SSA_OK;
	uint32_t u, v;
	int st = intern(r, us, ue, &u);
	if (st || !tok(&p, e, &vs, &ve))
		return st; /* a lone id: a node */
	if ((st = intern(r, vs, ve, &v)))
		return st;
	if (tok(&p, e, &xs, &xe) && *xs != '{' && !numeral(xs, xe))
		return efail(r,
		             "unexpected '%s' after the edge (expected 'u v', optionally followed by "
		             "a weight or a {data} dict)",
		             q40(q, xs, xe));
	if (r->el.m >= CFG_MAX_EDGES)
		return efail(r, "more than %u edges", CFG_MAX_EDGES);
	if ((st = edge_list_push(&r->el, u, v)))
		return io_fail(r->err, r->name, r->line, st, "out of memory");
	return SSA_OK;
}

int io_read_edges_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                           bool size_known, uint64_t size, struct prog *out,
                           struct io_error *err)
{
	memset(out, 0, sizeof *out);
	char *buf;
	size_t len;
	int st = io_slurp(f, name, prefix, plen, size_known, size, &buf, &len, err);
	if (st)
		return st;
	struct ereader r;
	memset(&r, 0, sizeof r);
	r.name = name;
	r.err = err;
	names_builder_init(&r.nb);
	if (edge_list_init(&r.el, 0, 0)) {
		st = io_fail(err, name, 0, SSA_ENOMEM, "out of memory");
		goto out;
	}
	const char *p = buf, *end = buf + len;
	if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		r.line++;
		const char *le = e > p && e[-1] == '\r' ? e - 1 : e;
		if (memchr(p, 0, (size_t)(le - p))) {
			st = efail(&r, "NUL byte (not a text edge list)");
			goto out;
		}
		if ((st = line(&r, p, le)))
			goto out;
		p = nl ? nl + 1 : end;
	}
	if (!r.line)
		r.line = 1;
	if (r.nb.count == 0) {
		st = efail(&r, "no edges or nodes (an edge list has 'u v' lines)");
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
	st = io_import_finish(name, &r.nb, entry, &r.el, 0, NULL, NULL, NULL, out, err);
out:
	free(buf);
	names_builder_free(&r.nb);
	edge_list_free(&r.el);
	return st;
}

int io_read_edges(FILE *f, const char *name, struct prog *out, struct io_error *err)
{
	uint64_t size = 0;
	bool known = io_stream_size(f, &size);
	return io_read_edges_prefixed(f, name, NULL, 0, known, size, out, err);
}
