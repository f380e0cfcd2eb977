/* Reader of the text formats .cfg ("p cfg <n> <m>", "e <u> <v>") and .prog (adds
 * "p prog <n> <m> <v>" and "b <block> <op>..."); README.md beside it gives the grammar.
 *
 * The stream is read a line at a time (io/lines.h: a buffer as long as the longest line) and
 * each line is parsed by hand: no scanf, no per-token calls into libc. Time O(bytes), memory O(n + m + nops) for
 * the result plus the edge list while reading.
 *
 * Nothing is allocated from the header's promises: edges and ops grow geometrically with the
 * lines actually read (edges capped at the declared m), and the n-sized arrays are allocated
 * only once n is justified: n <= 2^20 + 64 * (input bytes), checked against the file size at
 * the header when the stream is a regular file, else against the bytes read at the end. */
#include "io/io_internal.h"
#include "io/lines.h"
#include "util/mem.h"
#include "util/status.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct tparse {
	struct io_lines r;
	const char *name;
	struct io_error *err;
	bool have_p, is_prog, n_checked;
	unsigned long long p_line;
	unsigned long long end_line; /* line of the closing 'end', 0 before it */
	uint32_t n, m, nvars;
	bool size_known;
	uint64_t size;
	const char *want_header; /* the header named in "expected ... header" messages */

	uint32_t *src, *dst;
	uint32_t ne, ecap;
	bool sorted;

	/* 'b' lines: block, first op index, line; ops of all lines in file order */
	uint32_t *rb, *rstart;
	unsigned long long *rline;
	uint32_t nrec, rcap;
	bool rsorted;
	uint32_t *ops;
	uint32_t nops, opcap;
	uint32_t *op_off; /* while reading: 1 + the record of block b, 0 if none */

	/* 'n' lines: kind ('b' or 'v'), id, line, and the name in npool[nsoff[i] .. nsoff[i+1]) */
	uint8_t *nkind;
	uint32_t *nid;
	unsigned long long *nline;
	uint64_t *nsoff;
	uint32_t nname, ncap;
	char *npool;
	uint64_t nplen, npcap;
};

static int tfail(struct tparse *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int tfail(struct tparse *t, const char *fmt, ...)
{
	char what[sizeof t->err->what];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return io_fail(t->err, t->name, t->r.line ? t->r.line : 1, SSA_EINPUT, "%s", what);
}

static int tnomem(struct tparse *t)
{
	return io_fail(t->err, t->name, t->r.line, SSA_ENOMEM,
	               "out of memory (the input needs more than is available)");
}

/* Reads one number token named `what`. With is_id it must be a block id (< t->n, else "X out
 * of range 0..n-1"); otherwise it is a count of at most max. usage completes "expected '...'"
 * when the token is missing. */
static int get_num(struct tparse *t, char **pp, char *e, const char *what, const char *usage,
                   bool is_id, uint64_t max, uint32_t *out)
{
	char *ts, *te, q[48];
	if (!io_token(pp, e, &ts, &te))
		return tfail(t, "missing %s (expected '%s')", what, usage);
	uint64_t v = 0;
	int k = io_parse_uint(ts, te, is_id ? (uint64_t)t->n - 1 : max, &v);
	if (k == IO_NUM_BAD)
		return tfail(t, "expected %s as an unsigned decimal number, found '%s'", what,
		             io_quote(q, sizeof q, ts, te));
	if (k == IO_NUM_BIG) {
		if (is_id)
			return tfail(t, "%s %s out of range 0..%u", what,
			             io_quote(q, sizeof q, ts, te), t->n - 1);
		return tfail(t, "%s %s too large (at most %llu)", what, io_quote(q, sizeof q, ts, te),
		             (unsigned long long)max);
	}
	*out = (uint32_t)v;
	return SSA_OK;
}

static int no_more(struct tparse *t, char *p, char *e, const char *after, const char *usage)
{
	char *ts, *te, q[48];
	if (io_token(&p, e, &ts, &te))
		return tfail(t, "unexpected '%s' after %s (expected '%s')",
		             io_quote(q, sizeof q, ts, te), after, usage);
	return SSA_OK;
}

static uint64_t n_limit(uint64_t bytes)
{
	return ssa_sat_add(IO_TEXT_BLOCKS_BASE, ssa_bytes(bytes, IO_TEXT_BLOCKS_PER_BYTE));
}

static int check_n(struct tparse *t, uint64_t bytes, const char *how)
{
	uint64_t lim = n_limit(bytes);
	if (t->n > lim) {
		t->r.line = t->p_line;
		return tfail(
		    t,
		    "block count %u is absurd for %s of %llu bytes (at most 2^20 + 64 blocks "
		    "per byte = %llu)",
		    t->n, how, (unsigned long long)bytes, (unsigned long long)lim);
	}
	t->n_checked = true;
	return SSA_OK;
}

static int parse_header(struct tparse *t, char *p, char *e)
{
	char *ts, *te, q[48];
	static const char usage[] = "p cfg <n> <m>' or 'p prog <n> <m> <v>";
	if (t->have_p)
		return tfail(t, "duplicate 'p' line (first on line %llu)", t->p_line);
	if (!io_token(&p, e, &ts, &te))
		return tfail(t, "missing problem kind (expected '%s')", usage);
	if (te - ts == 3 && !memcmp(ts, "cfg", 3))
		t->is_prog = false;
	else if (te - ts == 4 && !memcmp(ts, "prog", 4))
		t->is_prog = true;
	else
		return tfail(t, "unknown problem kind '%s' (expected '%s')",
		             io_quote(q, sizeof q, ts, te), usage);
	const char *u = t->is_prog ? "p prog <n> <m> <v>" : "p cfg <n> <m>";
	int st = get_num(t, &p, e, "block count", u, false, CFG_MAX_BLOCKS, &t->n);
	if (!st)
		st = get_num(t, &p, e, "edge count", u, false, CFG_MAX_EDGES, &t->m);
	if (!st && t->is_prog)
		st = get_num(t, &p, e, "variable count", u, false, PROG_MAX_VARS, &t->nvars);
	if (!st)
		st = no_more(t, p, e, "the header", u);
	if (st)
		return st;
	if (t->n == 0)
		return tfail(t, "block count 0: a CFG has at least the entry block 0");
	t->have_p = true;
	t->p_line = t->r.line;
	if (t->size_known)
		return check_n(t, t->size, "a file");
	return SSA_OK;
}

static int parse_edge(struct tparse *t, char *p, char *e)
{
	static const char usage[] = "e <u> <v>";
	if (!t->have_p)
		return tfail(t, "expected '%s' header before the first edge", t->want_header);
	uint32_t u, v;
	int st = get_num(t, &p, e, "block id", usage, true, 0, &u);
	if (!st)
		st = get_num(t, &p, e, "block id", usage, true, 0, &v);
	if (!st)
		st = no_more(t, p, e, "the edge", usage);
	if (st)
		return st;
	if (t->ne == t->m)
		return tfail(t, "edge %llu of %u declared", (unsigned long long)t->ne + 1, t->m);
	if (t->ne == t->ecap) {
		/* Geometric growth capped at the declared m: a lying header costs nothing. */
		uint64_t want = t->ecap ? (uint64_t)t->ecap * 2 : 4096;
		uint32_t cap = want > t->m ? t->m : (uint32_t)want;
		uint32_t *s = ssa_realloc_array(t->src, cap, sizeof *s);
		if (!s)
			return tnomem(t);
		t->src = s;
		uint32_t *d = ssa_realloc_array(t->dst, cap, sizeof *d);
		if (!d)
			return tnomem(t);
		t->dst = d;
		t->ecap = cap;
	}
	if (t->ne && u < t->src[t->ne - 1])
		t->sorted = false;
	t->src[t->ne] = u;
	t->dst[t->ne] = v;
	t->ne++;
	return SSA_OK;
}

/* Registers record i for its block; a second record for the block is an error reported at
 * the later line. Requires op_off (n + 1 words). */
static int mark_record(struct tparse *t, uint32_t i)
{
	uint32_t b = t->rb[i];
	if (t->op_off[b]) {
		t->r.line = t->rline[i];
		return tfail(t, "duplicate 'b' line for block %u (first on line %llu)", b,
		             t->rline[t->op_off[b] - 1]);
	}
	t->op_off[b] = i + 1;
	return SSA_OK;
}

static int alloc_op_off(struct tparse *t)
{
	if (!t->op_off) {
		t->op_off = ssa_calloc_array((size_t)t->n + 1, sizeof *t->op_off);
		if (!t->op_off)
			return tnomem(t);
	}
	return SSA_OK;
}

static int parse_block(struct tparse *t, char *p, char *e)
{
	static const char usage[] = "b <block> <op>...";
	char *ts, *te, q[48];
	if (!t->have_p)
		return tfail(t, "expected 'p prog <n> <m> <v>' header before the first 'b' line");
	if (!t->is_prog)
		return tfail(t,
		             "'b' line in a 'p cfg' file (ops need a 'p prog <n> <m> <v>' header)");
	uint32_t b;
	int st = get_num(t, &p, e, "block id", usage, true, 0, &b);
	if (st)
		return st;
	if (t->nrec == t->rcap) {
		uint64_t want = t->rcap ? (uint64_t)t->rcap * 2 : 1024;
		uint32_t cap = want > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)want;
		if (cap == t->rcap)
			return tfail(t, "too many 'b' lines");
		uint32_t *nb = ssa_realloc_array(t->rb, cap, sizeof *nb);
		if (!nb)
			return tnomem(t);
		t->rb = nb;
		uint32_t *ns = ssa_realloc_array(t->rstart, cap, sizeof *ns);
		if (!ns)
			return tnomem(t);
		t->rstart = ns;
		unsigned long long *nl = ssa_realloc_array(t->rline, cap, sizeof *nl);
		if (!nl)
			return tnomem(t);
		t->rline = nl;
		t->rcap = cap;
	}
	uint32_t i = t->nrec++;
	t->rb[i] = b;
	t->rstart[i] = t->nops;
	t->rline[i] = t->r.line;
	if (i && b < t->rb[i - 1])
		t->rsorted = false;
	if (t->n_checked) {
		/* n is justified, so the per-block table may exist now and duplicates are
		 * reported where they occur. */
		if ((st = alloc_op_off(t)) || (st = mark_record(t, i)))
			return st;
	}
	while (io_token(&p, e, &ts, &te)) {
		uint32_t kind;
		if (*ts == 'd')
			kind = PROG_DEF;
		else if (*ts == 'u')
			kind = PROG_USE;
		else
			return tfail(t, "unknown op '%s' (expected d<k> or u<k>)",
			             io_quote(q, sizeof q, ts, te));
		uint64_t k;
		int r = io_parse_uint(ts + 1, te, t->nvars ? t->nvars - 1 : 0, &k);
		if (r == IO_NUM_BAD) {
			/* 'dx': a variable by its name, which an 'n v <k> x' line gives */
			bool named = te - ts > 1 && ((ts[1] >= 'a' && ts[1] <= 'z') ||
			                             (ts[1] >= 'A' && ts[1] <= 'Z') || ts[1] == '_');
			return tfail(t,
			             "bad op '%s' (expected d<k> or u<k>, k an unsigned decimal%s)",
			             io_quote(q, sizeof q, ts, te),
			             named ? ": variables are numbered, 'n v <k> <name>' names one"
			                   : "");
		}
		if (r == IO_NUM_BIG || t->nvars == 0) {
			if (t->nvars == 0)
				return tfail(
				    t,
				    "variable %s out of range (the header declares no variables)",
				    io_quote(q, sizeof q, ts + 1, te));
			return tfail(t, "variable %s out of range 0..%u",
			             io_quote(q, sizeof q, ts + 1, te), t->nvars - 1);
		}
		if (t->nops == t->opcap) {
			uint64_t want = t->opcap ? (uint64_t)t->opcap * 2 : 4096;
			uint32_t cap = want > UINT32_MAX - 1 ? UINT32_MAX - 1 : (uint32_t)want;
			if (cap == t->opcap)
				return tfail(t, "more than %u ops", UINT32_MAX - 1);
			uint32_t *no = ssa_realloc_array(t->ops, cap, sizeof *no);
			if (!no)
				return tnomem(t);
			t->ops = no;
			t->opcap = cap;
		}
		t->ops[t->nops++] = prog_op((uint32_t)k, kind);
	}
	return SSA_OK;
}

/* "n b <block> <name>" or "n v <var> <name>": the name is one token of 1..255 bytes, no
 * control bytes. Kept as records until the end, where duplicates are found. */
static int parse_name(struct tparse *t, char *p, char *e)
{
	static const char usage[] = "n b <block> <name>' or 'n v <var> <name>";
	char *ts, *te, q[48];
	if (!t->have_p)
		return tfail(t, "expected '%s' header before the first 'n' line", t->want_header);
	if (!io_token(&p, e, &ts, &te))
		return tfail(t, "missing name kind (expected '%s')", usage);
	bool isvar = te - ts == 1 && *ts == 'v';
	if (!(te - ts == 1 && (*ts == 'b' || *ts == 'v')))
		return tfail(t, "unknown name kind '%s' (expected '%s')", io_quote(q, sizeof q, ts, te),
		             usage);
	uint32_t id;
	int st;
	if (isvar) {
		if (!t->is_prog)
			return tfail(t, "variable name in a 'p cfg' file (variables need a 'p prog "
			                "<n> <m> <v>' header)");
		char *vs = p;
		if (!io_token(&vs, e, &ts, &te))
			return tfail(t, "missing variable id (expected '%s')", usage);
		uint64_t v;
		int r = io_parse_uint(ts, te, t->nvars ? t->nvars - 1 : 0, &v);
		if (r == IO_NUM_BAD)
			return tfail(t, "expected variable id as an unsigned decimal number, found '%s'",
			             io_quote(q, sizeof q, ts, te));
		if (r == IO_NUM_BIG || !t->nvars) {
			if (!t->nvars)
				return tfail(t, "variable %s out of range (the header declares no "
				                "variables)",
				             io_quote(q, sizeof q, ts, te));
			return tfail(t, "variable %s out of range 0..%u", io_quote(q, sizeof q, ts, te),
			             t->nvars - 1);
		}
		id = (uint32_t)v;
		p = vs;
	} else if ((st = get_num(t, &p, e, "block id", usage, true, 0, &id))) {
		return st;
	}
	if (!io_token(&p, e, &ts, &te))
		return tfail(t, "missing name (expected '%s')", usage);
	if (te - ts > (ptrdiff_t)NAMES_MAX_LEN)
		return tfail(t, "name '%s' longer than %u bytes", io_quote(q, sizeof q, ts, te),
		             NAMES_MAX_LEN);
	for (char *c = ts; c < te; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return tfail(t, "control byte in name '%s'", io_quote(q, sizeof q, ts, te));
	if ((st = no_more(t, p, e, "the name", usage)))
		return st;
	if (t->nname + 1 >= t->ncap) {
		uint64_t want = t->ncap ? (uint64_t)t->ncap * 2 : 256;
		if (want > UINT32_MAX - 1)
			return tfail(t, "too many 'n' lines");
		uint32_t cap = (uint32_t)want;
		uint8_t *nk = ssa_realloc_array(t->nkind, cap, 1);
		if (!nk)
			return tnomem(t);
		t->nkind = nk;
		uint32_t *ni = ssa_realloc_array(t->nid, cap, sizeof *ni);
		if (!ni)
			return tnomem(t);
		t->nid = ni;
		unsigned long long *nl = ssa_realloc_array(t->nline, cap, sizeof *nl);
		if (!nl)
			return tnomem(t);
		t->nline = nl;
		uint64_t *no = ssa_realloc_array(t->nsoff, (size_t)cap + 1, sizeof *no);
		if (!no)
			return tnomem(t);
		t->nsoff = no;
		t->ncap = cap;
	}
	size_t len = (size_t)(te - ts);
	if (t->npcap - t->nplen < len) {
		uint64_t want = t->npcap ? t->npcap : 4096;
		while (want - t->nplen < len)
			want *= 2;
		char *np = ssa_realloc_array(t->npool, (size_t)want, 1);
		if (!np)
			return tnomem(t);
		t->npool = np;
		t->npcap = want;
	}
	memcpy(t->npool + t->nplen, ts, len);
	uint32_t i = t->nname++;
	t->nkind[i] = isvar ? 'v' : 'b';
	t->nid[i] = id;
	t->nline[i] = t->r.line;
	t->nsoff[i] = t->nplen;
	t->nplen += len;
	t->nsoff[i + 1] = t->nplen;
	return SSA_OK;
}

/* The names of one kind into a table of count ids; a second name for an id is reported at its
 * line. The records of that kind are gathered in place (ids and string offsets). */
static int finish_names(struct tparse *t, char kind, uint32_t count, struct names *out)
{
	uint32_t k = 0;
	uint32_t *ids = ssa_alloc_array(t->nname + 1, sizeof *ids);
	uint64_t *soff = ssa_alloc_array((size_t)t->nname * 2 + 1, sizeof *soff);
	uint32_t *first = ssa_calloc_array(count, sizeof *first);
	char *pool = ssa_alloc_array(t->nplen + 1, 1);
	int st = SSA_OK;
	if (!ids || !soff || !first || !pool) {
		st = tnomem(t);
		goto out;
	}
	/* names_build wants string j at soff[j]..soff[j+1): copy the kind's names contiguously. */
	uint64_t plen = 0;
	soff[0] = 0;
	for (uint32_t i = 0; i < t->nname; i++) {
		if (t->nkind[i] != kind)
			continue;
		if (first[t->nid[i]]) {
			t->r.line = t->nline[i];
			st = tfail(t, "duplicate name for %s %u (first on line %llu)",
			           kind == 'b' ? "block" : "variable", t->nid[i],
			           t->nline[first[t->nid[i]] - 1]);
			goto out;
		}
		first[t->nid[i]] = i + 1;
		uint64_t len = t->nsoff[i + 1] - t->nsoff[i];
		memcpy(pool + plen, t->npool + t->nsoff[i], len);
		plen += len;
		ids[k] = t->nid[i];
		soff[++k] = plen;
	}
	if (k && (st = names_build(out, count, k, ids, soff, pool)))
		st = st == SSA_ENOMEM ? tnomem(t) : st;
out:
	free(ids);
	free(soff);
	free(first);
	free(pool);
	return st;
}

/* The digits at *pp as a number below lim, stopping at a blank or the end; false if anything
 * is unusual (the general parser then reports it). */
static inline bool fast_id(char **pp, char *e, uint32_t lim, uint32_t *out)
{
	char *p = *pp;
	while (p < e && io_blank(*p))
		p++;
	char *s = p;
	uint64_t v = 0;
	while (p < e && (unsigned)(unsigned char)*p - '0' < 10 && p - s < 10)
		v = v * 10 + (unsigned)(*p++ - '0');
	if (p == s || v >= lim || (p < e && !io_blank(*p)))
		return false;
	*pp = p;
	*out = (uint32_t)v;
	return true;
}

/* Most lines of a large file are plain edges: parse those without the general machinery. */
static inline bool fast_edge(struct tparse *t, char *p, char *e)
{
	uint32_t u, v;
	if (!(e - p >= 2 && p[0] == 'e' && io_blank(p[1]) && t->have_p && t->ne < t->ecap))
		return false;
	p++;
	if (!fast_id(&p, e, t->n, &u) || !fast_id(&p, e, t->n, &v))
		return false;
	while (p < e && io_blank(*p))
		p++;
	if (p < e && *p != '#')
		return false;
	if (t->ne && u < t->src[t->ne - 1])
		t->sorted = false;
	t->src[t->ne] = u;
	t->dst[t->ne] = v;
	t->ne++;
	return true;
}

/* "end": the last record of the file. It is what tells a complete file from one cut at a
 * line boundary after its edges (the 'b' and 'n' lines have no declared count). */
static int parse_end(struct tparse *t, char *p, char *e)
{
	if (!t->have_p)
		return tfail(t, "expected '%s' header before the 'end' line", t->want_header);
	int st = no_more(t, p, e, "'end'", "end");
	if (st)
		return st;
	if (t->ne < t->m)
		return tfail(t, "'end' after %u of %u declared edges", t->ne, t->m);
	t->end_line = t->r.line;
	return SSA_OK;
}

static int parse_line(struct tparse *t, char *p, char *e)
{
	char *ts, *te, q[48];
	if (t->end_line) {
		if (!io_token(&p, e, &ts, &te))
			return SSA_OK; /* blank or comment */
		return tfail(t, "'%s' after the 'end' line (line %llu): nothing may follow it",
		             io_quote(q, sizeof q, ts, te), t->end_line);
	}
	if (fast_edge(t, p, e))
		return SSA_OK;
	if (!io_token(&p, e, &ts, &te))
		return SSA_OK; /* blank or comment */
	if (te - ts == 3 && !memcmp(ts, "end", 3))
		return parse_end(t, p, e);
	if (te - ts == 1) {
		switch (*ts) {
		case 'p':
			return parse_header(t, p, e);
		case 'e':
			return parse_edge(t, p, e);
		case 'b':
			return parse_block(t, p, e);
		case 'n':
			return parse_name(t, p, e);
		}
	}
	return tfail(t, "unknown line type '%s' (expected 'p', 'e', 'b', 'n', 'end' or a '#' comment)",
	             io_quote(q, sizeof q, ts, te));
}

/* Builds the CSRs once the whole input is read and checked. */
static int finish(struct tparse *t, struct prog *out)
{
	int st;
	struct cfg g;
	if (t->sorted) {
		/* The common case (files written by us): dst already is the successor array. */
		uint32_t *off = ssa_calloc_array((size_t)t->n + 1, sizeof *off);
		if (!off)
			return tnomem(t);
		for (uint32_t i = 0; i < t->ne; i++)
			off[t->src[i] + 1]++;
		for (uint32_t b = 0; b < t->n; b++)
			off[b + 1] += off[b];
		uint32_t *succ = t->dst;
		if (t->ne == 0 && !succ)
			succ = ssa_alloc_array(0, sizeof *succ);
		if (!succ) {
			free(off);
			return tnomem(t);
		}
		t->dst = NULL;
		st = cfg_from_succ_csr(&g, t->n, t->ne, off, succ); /* frees both on failure */
	} else {
		struct edge_list el = {
		    .n = t->n, .m = t->ne, .cap = t->ecap, .src = t->src, .dst = t->dst};
		st = cfg_from_edges(&g, &el);
	}
	free(t->src);
	free(t->dst);
	t->src = t->dst = NULL;
	if (st)
		return st == SSA_ENOMEM ? tnomem(t) : st;

	if (!t->is_prog || t->nrec == 0) {
		st = prog_empty(out, &g, t->is_prog ? t->nvars : 0);
		if (st) {
			cfg_free(&g);
			return tnomem(t);
		}
		return SSA_OK;
	}
	/* op_off[b] holds 1 + the record of block b; turn it into offsets in block order. */
	uint32_t *off = t->op_off;
	uint32_t run = 0;
	for (uint32_t b = 0; b < t->n; b++) {
		uint32_t r = off[b];
		off[b] = run;
		if (r) {
			uint32_t i = r - 1;
			uint32_t end = i + 1 < t->nrec ? t->rstart[i + 1] : t->nops;
			run += end - t->rstart[i];
		}
	}
	off[t->n] = run;
	uint32_t *ops = t->ops;
	if (!t->rsorted) {
		ops = ssa_alloc_array(t->nops, sizeof *ops);
		if (ops)
			for (uint32_t i = 0; i < t->nrec; i++) {
				uint32_t end = i + 1 < t->nrec ? t->rstart[i + 1] : t->nops;
				/* records may all be empty, and t->ops then null */
				if (end > t->rstart[i])
					memcpy(ops + off[t->rb[i]], t->ops + t->rstart[i],
					       (size_t)(end - t->rstart[i]) * sizeof *ops);
			}
		free(t->ops);
	} else if (!ops) {
		ops = ssa_alloc_array(0, sizeof *ops); /* only empty records: no op was ever stored */
	}
	t->ops = NULL;
	if (!ops) {
		cfg_free(&g);
		return tnomem(t);
	}
	t->op_off = NULL;
	prog_init(out, &g, t->nvars, t->nops, off, ops);
	return SSA_OK;
}

int io_read_text_prefixed(FILE *f, const char *name, const unsigned char *prefix, size_t plen,
                          bool size_known, uint64_t size, struct prog *out, struct io_error *err)
{
	memset(out, 0, sizeof *out);
	struct tparse t;
	memset(&t, 0, sizeof t);
	t.name = name;
	t.err = err;
	t.size_known = size_known;
	t.size = size;
	t.sorted = t.rsorted = true;
	t.want_header = io_text_header(name);
	int st;
	if (io_lines_open(&t.r, f, prefix, plen)) {
		st = tnomem(&t);
		goto out;
	}
	char *ls, *le;
	while ((st = io_lines_next(&t.r, &ls, &le)) > 0)
		if ((st = parse_line(&t, ls, le)))
			goto out;
	if (st < 0) {
		st = -st;
		if (st == SSA_EIO)
			io_fail(err, name, t.r.line + 1, st, "read error: %s", strerror(errno));
		else
			tnomem(&t);
		goto out;
	}
	if (!t.have_p) {
		/* Every line that is not blank or a comment needs the header before it, so the input
		 * had nothing else: an edge list of comments gets here too (io_sniff). */
		st = tfail(&t, IO_MSG_NO_EDGES, t.want_header);
		goto out;
	}
	if (t.ne < t.m) {
		st = tfail(&t, "file ends after %u of %u declared edges", t.ne, t.m);
		goto out;
	}
	if (!t.n_checked && (st = check_n(&t, t.r.nread, "an input")))
		goto out;
	if (t.nrec && !t.op_off) {
		/* Duplicate 'b' lines of a stream, found now that n is justified; the earliest
		 * second line is reported, as the file-order scan would have. */
		if ((st = alloc_op_off(&t)))
			goto out;
		for (uint32_t i = 0; i < t.nrec; i++)
			if ((st = mark_record(&t, i)))
				goto out;
	}
	if (!(st = finish(&t, out)) && t.nname &&
	    ((st = finish_names(&t, 'b', out->cfg.n, &out->bnames)) ||
	     (st = finish_names(&t, 'v', out->nvars, &out->vnames))))
		prog_free(out);
	/* Last, so that an error on an earlier line (found only once everything is read) is the
	 * one reported. */
	if (!st && !t.end_line) {
		prog_free(out);
		st = tfail(&t, "file ends without its closing 'end' line (truncated?)");
	}
out:
	io_lines_close(&t.r);
	/* Not ssa_free_all: it stops at the first NULL, and any of these may be unset. */
	free(t.src);
	free(t.dst);
	free(t.rb);
	free(t.rstart);
	free(t.rline);
	free(t.ops);
	free(t.op_off);
	free(t.nkind);
	free(t.nid);
	free(t.nline);
	free(t.nsoff);
	free(t.npool);
	return st;
}

int io_read_text(FILE *f, const char *name, struct prog *out, struct io_error *err)
{
	uint64_t size = 0;
	bool known = io_stream_size(f, &size);
	return io_read_text_prefixed(f, name, NULL, 0, known, size, out, err);
}
