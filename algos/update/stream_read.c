/* Reader of update streams (README.md beside this file gives the grammar and every message).
 *
 * Lines are read from 1 MiB chunks and parsed by hand, as algos/io's text reader does. The
 * stream is validated while it is read, against a copy of the start graph (a dyn_cfg) edited
 * line by line, so an error is reported at the first line that breaks a rule, in file order,
 * and nothing partial is ever returned. Memory: the ops read (growing geometrically with the
 * lines, never from the header's count), the copy of the start graph plus what the stream adds
 * to it, and the names. Time: O(bytes) plus O(degree) per deletion (dyn_cfg). */
#include "io/io.h"
#include "io/lines.h"
#include "update/dyn_cfg.h"
#include "update/stream.h"
#include "util/mem.h"
#include "util/status.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The declared count is only a promise: the ops array grows with the lines actually read. */
#define SR_MAX_UPDATES (UINT64_C(1) << 62)

static const char sr_header[] = "p update <n> <k>";

struct sread {
	struct io_lines in;
	const char *name;
	struct io_error *err;

	const struct cfg *g;
	const struct names *bnames;
	bool have_p;
	unsigned long long p_line, end_line;
	uint64_t declared, edits;
	struct dyn_cfg d;
	bool have_d;

	struct update *ops;
	uint64_t nops, opcap;
	bool open_batch; /* edits since the last mark */

	/* Names: interned strings; blk[i] is the block named by string i, dup[i] a second block of
	 * the start graph with the same name (SSA_NONE if none): such a name cannot be used. */
	bool have_nb;
	struct names_builder nb;
	uint32_t *blk, *dup;
	uint32_t namecap;
	char **newname; /* names of the added blocks, by id - n_start */
	uint32_t newcap;
};

static int sfail(struct sread *r, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int sfail(struct sread *r, int status, const char *fmt, ...)
{
	if (r->err) {
		snprintf(r->err->file, sizeof r->err->file, "%s", r->name);
		r->err->line = r->in.line ? r->in.line : 1;
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(r->err->what, sizeof r->err->what, fmt, ap);
		va_end(ap);
	}
	return status;
}

static int snomem(struct sread *r)
{
	return sfail(r, SSA_ENOMEM, "out of memory (the input needs more than is available)");
}

static int no_more(struct sread *r, char *p, char *e, const char *after, const char *usage)
{
	char *ts, *te, q[48];
	if (io_token(&p, e, &ts, &te))
		return sfail(r, SSA_EINPUT, "unexpected '%s' after %s (expected '%s')",
			     io_quote(q, sizeof q, ts, te), after, usage);
	return SSA_OK;
}

/* Registers string id sid as the name of block b (from the start graph when start is true). */
static int name_bind(struct sread *r, uint32_t sid, uint32_t b, bool fresh)
{
	if (sid >= r->namecap) {
		uint64_t want = r->namecap ? (uint64_t)r->namecap * 2 : 256;
		while (want <= sid)
			want *= 2;
		uint32_t *nb = ssa_realloc_array(r->blk, (size_t)want, sizeof *nb);
		if (!nb)
			return SSA_ENOMEM;
		r->blk = nb;
		uint32_t *nd = ssa_realloc_array(r->dup, (size_t)want, sizeof *nd);
		if (!nd)
			return SSA_ENOMEM;
		r->dup = nd;
		r->namecap = (uint32_t)want;
	}
	if (fresh) {
		r->blk[sid] = b;
		r->dup[sid] = SSA_NONE;
	} else if (r->dup[sid] == SSA_NONE) {
		r->dup[sid] = b;
	}
	return SSA_OK;
}

/* The name table of the start graph: names need not be unique there, so a repeated one is
 * remembered as ambiguous rather than refused (the CFG is valid as it is). */
static int names_start(struct sread *r)
{
	names_builder_init(&r->nb);
	r->have_nb = true;
	if (!r->bnames || !names_any(r->bnames))
		return SSA_OK;
	for (uint32_t b = 0; b < r->bnames->count && b < r->g->n; b++) {
		const char *s = names_get(r->bnames, b);
		if (!s)
			continue;
		uint32_t sid;
		bool fresh;
		int st = names_intern(&r->nb, s, strlen(s), &sid, &fresh);
		if (!st)
			st = name_bind(r, sid, b, fresh);
		if (st)
			return st == SSA_ENOMEM ? snomem(r) : st;
	}
	return SSA_OK;
}

/* One block reference: decimal digits are an id, any other token a name. */
static int get_block(struct sread *r, char **pp, char *e, const char *usage, uint32_t *out)
{
	char *ts, *te, q[48];
	if (!io_token(pp, e, &ts, &te))
		return sfail(r, SSA_EINPUT, "missing block (expected '%s')", usage);
	uint64_t v;
	int k = io_parse_uint(ts, te, (uint64_t)r->d.n - 1, &v);
	if (k == IO_NUM_OK) {
		*out = (uint32_t)v;
		return SSA_OK;
	}
	if (k == IO_NUM_BIG)
		return sfail(r, SSA_EINPUT, "block %s out of range 0..%u", io_quote(q, sizeof q, ts, te),
			     r->d.n - 1);
	uint32_t sid;
	bool fresh;
	int st = names_intern(&r->nb, ts, (size_t)(te - ts), &sid, &fresh);
	if (st)
		return st == SSA_ENOMEM ? snomem(r) : sfail(r, SSA_EINPUT, "too many names");
	if (fresh)
		return sfail(r, SSA_EINPUT, "unknown block name '%s'", io_quote(q, sizeof q, ts, te));
	if (r->dup[sid] != SSA_NONE)
		return sfail(r, SSA_EINPUT,
			     "block name '%s' is ambiguous (blocks %u and %u of the CFG have it)",
			     io_quote(q, sizeof q, ts, te), r->blk[sid], r->dup[sid]);
	*out = r->blk[sid];
	return SSA_OK;
}

static int push_op(struct sread *r, uint32_t kind, uint32_t u, uint32_t v)
{
	if (r->nops == r->opcap) {
		uint64_t want = r->opcap ? r->opcap * 2 : 1024;
		if (want > SIZE_MAX / sizeof *r->ops)
			return snomem(r);
		struct update *no = ssa_realloc_array(r->ops, (size_t)want, sizeof *no);
		if (!no)
			return snomem(r);
		r->ops = no;
		r->opcap = want;
	}
	r->ops[r->nops++] = (struct update){.kind = kind, .u = u, .v = v};
	r->open_batch = kind != UPDATE_BATCH;
	return SSA_OK;
}

static int parse_header(struct sread *r, char *p, char *e)
{
	char *ts, *te, q[48];
	if (r->have_p)
		return sfail(r, SSA_EINPUT, "duplicate 'p' line (first on line %llu)", r->p_line);
	if (!io_token(&p, e, &ts, &te))
		return sfail(r, SSA_EINPUT, "missing problem kind (expected '%s')", sr_header);
	if (!(te - ts == 6 && !memcmp(ts, "update", 6)))
		return sfail(r, SSA_EINPUT, "unknown problem kind '%s' (expected '%s')",
			     io_quote(q, sizeof q, ts, te), sr_header);
	uint64_t n, k;
	const char *what[2] = {"block count", "update count"};
	uint64_t *dst[2] = {&n, &k};
	uint64_t max[2] = {CFG_MAX_BLOCKS, SR_MAX_UPDATES};
	for (int i = 0; i < 2; i++) {
		if (!io_token(&p, e, &ts, &te))
			return sfail(r, SSA_EINPUT, "missing %s (expected '%s')", what[i], sr_header);
		int c = io_parse_uint(ts, te, max[i], dst[i]);
		if (c == IO_NUM_BAD)
			return sfail(r, SSA_EINPUT,
				     "expected %s as an unsigned decimal number, found '%s'", what[i],
				     io_quote(q, sizeof q, ts, te));
		if (c == IO_NUM_BIG)
			return sfail(r, SSA_EINPUT, "%s %s too large (at most %llu)", what[i],
				     io_quote(q, sizeof q, ts, te), (unsigned long long)max[i]);
	}
	int st = no_more(r, p, e, "the header", sr_header);
	if (st)
		return st;
	if (n != r->g->n)
		return sfail(r, SSA_EINPUT, "stream starts from %llu blocks, the CFG has %u",
			     (unsigned long long)n, r->g->n);
	r->have_p = true;
	r->p_line = r->in.line;
	r->declared = k;
	if ((st = dyn_cfg_init(&r->d, r->g, r->g->n)))
		return snomem(r);
	r->have_d = true;
	return names_start(r);
}

static int count_edit(struct sread *r)
{
	if (r->edits == r->declared)
		return sfail(r, SSA_EINPUT, "update %llu of %llu declared",
			     (unsigned long long)r->edits + 1, (unsigned long long)r->declared);
	r->edits++;
	return SSA_OK;
}

static int parse_edge(struct sread *r, char kind, char *p, char *e)
{
	const char *usage = kind == 'i' ? "i <u> <v>" : "d <u> <v>";
	uint32_t u, v;
	int st = get_block(r, &p, e, usage, &u);
	if (!st)
		st = get_block(r, &p, e, usage, &v);
	if (!st)
		st = no_more(r, p, e, "the edge", usage);
	if (!st)
		st = count_edit(r);
	if (st)
		return st;
	if (kind == 'i') {
		st = dyn_cfg_insert(&r->d, u, v);
		if (st == SSA_ETOOBIG)
			return sfail(r, SSA_EINPUT, "more than %u edges", CFG_MAX_EDGES);
		if (st)
			return snomem(r);
		return push_op(r, UPDATE_INSERT, u, v);
	}
	if (dyn_cfg_delete(&r->d, u, v))
		return sfail(r, SSA_EINPUT, "delete of %u->%u: no such edge left in the graph", u, v);
	return push_op(r, UPDATE_DELETE, u, v);
}

/* A name on an 'a' line: 1..NAMES_MAX_LEN bytes, no control bytes, not all digits (it would
 * read as an id), not a name any block has. */
static int parse_new_block(struct sread *r, char *p, char *e)
{
	static const char usage[] = "a <id> [<name>]";
	char *ts, *te, q[48];
	if (!io_token(&p, e, &ts, &te))
		return sfail(r, SSA_EINPUT, "missing new block id (expected '%s')", usage);
	uint64_t id;
	int c = io_parse_uint(ts, te, CFG_MAX_BLOCKS, &id);
	if (c == IO_NUM_BAD)
		return sfail(r, SSA_EINPUT,
			     "expected new block id as an unsigned decimal number, found '%s'",
			     io_quote(q, sizeof q, ts, te));
	if (c == IO_NUM_BIG || id != r->d.n)
		return sfail(r, SSA_EINPUT, "new block %s, expected %u (the next free id)",
			     io_quote(q, sizeof q, ts, te), r->d.n);
	char *ns = NULL, *ne = NULL;
	if (io_token(&p, e, &ns, &ne)) {
		if (ne - ns > (ptrdiff_t)NAMES_MAX_LEN)
			return sfail(r, SSA_EINPUT, "name '%s' longer than %u bytes",
				     io_quote(q, sizeof q, ns, ne), NAMES_MAX_LEN);
		for (char *x = ns; x < ne; x++)
			if ((unsigned char)*x < 0x20 || (unsigned char)*x == 0x7f)
				return sfail(r, SSA_EINPUT, "name '%s' has a control byte",
					     io_quote(q, sizeof q, ns, ne));
		if (io_all_digits(ns, ne))
			return sfail(r, SSA_EINPUT,
				     "block name '%s' is all digits (it would read as a block id)",
				     io_quote(q, sizeof q, ns, ne));
	}
	int st = no_more(r, p, e, ns ? "the name" : "the id", usage);
	if (!st)
		st = count_edit(r);
	if (st)
		return st;
	uint32_t b;
	st = dyn_cfg_add_block(&r->d, &b);
	if (st == SSA_ETOOBIG)
		return sfail(r, SSA_EINPUT, "more than %u blocks", CFG_MAX_BLOCKS);
	if (st)
		return snomem(r);
	if (ns) {
		uint32_t sid;
		bool fresh;
		if ((st = names_intern(&r->nb, ns, (size_t)(ne - ns), &sid, &fresh)))
			return st == SSA_ENOMEM ? snomem(r) : sfail(r, SSA_EINPUT, "too many names");
		if (!fresh)
			return sfail(r, SSA_EINPUT, "duplicate block name '%s' (block %u has it)",
				     io_quote(q, sizeof q, ns, ne), r->blk[sid]);
		if ((st = name_bind(r, sid, b, true)))
			return snomem(r);
		uint32_t j = b - r->g->n;
		if (j >= r->newcap) {
			uint64_t want = r->newcap ? (uint64_t)r->newcap * 2 : 64;
			while (want <= j)
				want *= 2;
			char **nn = ssa_realloc_array(r->newname, (size_t)want, sizeof *nn);
			if (!nn)
				return snomem(r);
			memset(nn + r->newcap, 0, (size_t)(want - r->newcap) * sizeof *nn);
			r->newname = nn;
			r->newcap = (uint32_t)want;
		}
		r->newname[j] = malloc((size_t)(ne - ns) + 1);
		if (!r->newname[j])
			return snomem(r);
		memcpy(r->newname[j], ns, (size_t)(ne - ns));
		r->newname[j][ne - ns] = '\0';
	}
	return push_op(r, UPDATE_BLOCK, b, 0);
}

static int parse_line(struct sread *r, char *p, char *e)
{
	char *ts, *te, q[48];
	if (!io_token(&p, e, &ts, &te))
		return SSA_OK; /* blank or comment */
	if (r->end_line)
		return sfail(r, SSA_EINPUT, "'%s' after the 'end' line (line %llu): nothing may follow it",
			     io_quote(q, sizeof q, ts, te), r->end_line);
	size_t k = (size_t)(te - ts);
	if (k == 1 && *ts == 'p')
		return parse_header(r, p, e);
	bool known = (k == 1 && (*ts == 'i' || *ts == 'd' || *ts == 'a')) ||
		     (k == 5 && !memcmp(ts, "batch", 5)) || (k == 3 && !memcmp(ts, "end", 3));
	if (!known)
		return sfail(r, SSA_EINPUT,
			     "unknown line type '%s' (expected 'p', 'i', 'd', 'a', 'batch', 'end' or "
			     "a '#' comment)",
			     io_quote(q, sizeof q, ts, te));
	if (!r->have_p)
		return sfail(r, SSA_EINPUT, "expected '%s' header before the first update", sr_header);
	if (k == 1)
		return *ts == 'a' ? parse_new_block(r, p, e) : parse_edge(r, *ts, p, e);
	if (k == 5) {
		int st = no_more(r, p, e, "'batch'", "batch");
		return st ? st : push_op(r, UPDATE_BATCH, 0, 0);
	}
	int st = no_more(r, p, e, "'end'", "end");
	if (st)
		return st;
	if (r->edits < r->declared)
		return sfail(r, SSA_EINPUT, "'end' after %llu of %llu declared updates",
			     (unsigned long long)r->edits, (unsigned long long)r->declared);
	r->end_line = r->in.line;
	return SSA_OK;
}

/* The result: the ops (closed by a mark when the last batch was left open) and the names. */
static int finish(struct sread *r, struct update_stream *out)
{
	int st;
	if (r->open_batch && (st = push_op(r, UPDATE_BATCH, 0, 0)))
		return st;
	out->n_start = r->g->n;
	out->n_end = r->d.n;
	out->count = r->nops;
	bool any = r->bnames && names_any(r->bnames);
	for (uint32_t j = 0; !any && j < r->newcap; j++)
		any = r->newname[j] != NULL;
	if (any) {
		char **names = ssa_calloc_array(out->n_end, sizeof *names);
		if (!names)
			return snomem(r);
		out->names = names; /* freed with out on failure */
		for (uint32_t b = 0; b < out->n_start && r->bnames; b++) {
			const char *s = names_get(r->bnames, b);
			if (s && !(names[b] = strdup(s)))
				return snomem(r);
		}
		for (uint32_t j = 0; j < r->newcap && out->n_start + j < out->n_end; j++) {
			names[out->n_start + j] = r->newname[j];
			r->newname[j] = NULL;
		}
	}
	out->ops = r->ops ? r->ops : malloc(sizeof *out->ops);
	if (!out->ops)
		return snomem(r);
	r->ops = NULL;
	return SSA_OK;
}

int update_stream_read(FILE *f, const char *name, const struct cfg *g, const struct names *bnames,
		       struct update_stream *out, struct io_error *err)
{
	memset(out, 0, sizeof *out);
	struct sread r;
	memset(&r, 0, sizeof r);
	r.name = name;
	r.err = err;
	r.g = g;
	r.bnames = bnames;
	int st;
	if (io_lines_open(&r.in, f, NULL, 0)) {
		st = snomem(&r);
		goto out;
	}
	char *ls, *le;
	while ((st = io_lines_next(&r.in, &ls, &le)) > 0)
		if ((st = parse_line(&r, ls, le)))
			goto out;
	if (st < 0) {
		st = -st;
		if (st == SSA_EIO) {
			r.in.line++;
			sfail(&r, st, "read error: %s", strerror(errno));
		} else {
			snomem(&r);
		}
		goto out;
	}
	if (!r.have_p)
		st = sfail(&r, SSA_EINPUT, "file ends before the '%s' header", sr_header);
	else if (r.edits < r.declared)
		st = sfail(&r, SSA_EINPUT, "file ends after %llu of %llu declared updates",
			   (unsigned long long)r.edits, (unsigned long long)r.declared);
	else if (!r.end_line)
		st = sfail(&r, SSA_EINPUT, "file ends without its closing 'end' line (truncated?)");
	else
		st = finish(&r, out);
out:
	if (st)
		update_stream_free(out);
	io_lines_close(&r.in);
	free(r.ops);
	if (r.have_d)
		dyn_cfg_free(&r.d);
	if (r.have_nb)
		names_builder_free(&r.nb);
	free(r.blk);
	free(r.dup);
	for (uint32_t j = 0; j < r.newcap; j++)
		free(r.newname[j]);
	free(r.newname);
	return st;
}

int update_stream_read_path(const char *path, const struct cfg *g, const struct names *bnames,
			    struct update_stream *out, struct io_error *err)
{
	if (!strcmp(path, IO_PATH_STDIN))
		return update_stream_read(stdin, "<stdin>", g, bnames, out, err);
	FILE *f = fopen(path, "rb");
	if (!f) {
		memset(out, 0, sizeof *out);
		int e = errno;
		if (err) {
			snprintf(err->file, sizeof err->file, "%s", path);
			err->line = 0;
			snprintf(err->what, sizeof err->what, "cannot open: %s", strerror(e));
		}
		return SSA_EIO;
	}
	int st = update_stream_read(f, path, g, bnames, out, err);
	fclose(f);
	return st;
}
