/* Writers of the text formats. Output is canonical: the header, then every edge in CSR order
 * (block by block, each block's successors in order), then one 'b' line per block that has
 * ops, in block order, the names, and the closing "end" line; no comments, '\n' line ends.
 * So read(write(x)) == x and write(read(file)) is the file's canonical form. Buffered through a 1 MiB buffer with a
 * hand-written integer formatter: O(bytes) time, O(1) extra memory. */
#include "io/io_internal.h"
#include "util/status.h"

static void put_edges(struct io_wbuf *w, const struct cfg *g)
{
	for (uint32_t u = 0; u < g->n; u++) {
		char ub[10];
		size_t ul = io_fmt_u32(ub, u);
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
			/* "e <u> <v>\n" is at most 24 bytes: one room check per line. */
			char *q = io_wbuf_room(w, 24), *q0 = q;
			*q++ = 'e';
			*q++ = ' ';
			memcpy(q, ub, ul);
			q += ul;
			*q++ = ' ';
			q += io_fmt_u32(q, g->succ[e]);
			*q++ = '\n';
			w->len += (size_t)(q - q0);
		}
	}
}

/* "n <kind> <id> <name>" for every named id, in id order. A name the text format cannot hold
 * (an importer may keep blanks, or a leading '#') is written with those bytes as '_'. */
static void put_names(struct io_wbuf *w, char kind, const struct names *t)
{
	for (uint32_t i = 0; t && i < t->count; i++) {
		const char *s = names_get(t, i);
		if (!s)
			continue;
		io_wbuf_ch(w, 'n');
		io_wbuf_ch(w, ' ');
		io_wbuf_ch(w, kind);
		io_wbuf_ch(w, ' ');
		io_wbuf_u64(w, i);
		io_wbuf_ch(w, ' ');
		for (const char *c = s; *c; c++) {
			unsigned char x = (unsigned char)*c;
			bool bad = x <= 0x20 || x == 0x7f || (c == s && x == '#');
			io_wbuf_ch(w, bad ? '_' : *c);
		}
		io_wbuf_ch(w, '\n');
	}
}

int io_write_cfg_text(FILE *f, const struct cfg *g)
{
	return io_write_cfg_text_named(f, g, NULL);
}

int io_write_cfg_text_named(FILE *f, const struct cfg *g, const struct names *bnames)
{
	struct io_wbuf w;
	if (io_wbuf_open(&w, f))
		return SSA_ENOMEM;
	io_wbuf_str(&w, "p cfg ");
	io_wbuf_u64(&w, g->n);
	io_wbuf_ch(&w, ' ');
	io_wbuf_u64(&w, g->m);
	io_wbuf_ch(&w, '\n');
	put_edges(&w, g);
	put_names(&w, 'b', bnames);
	io_wbuf_str(&w, "end\n");
	return io_wbuf_close(&w);
}

int io_write_prog_text(FILE *f, const struct prog *p)
{
	const struct cfg *g = &p->cfg;
	struct io_wbuf w;
	if (io_wbuf_open(&w, f))
		return SSA_ENOMEM;
	io_wbuf_str(&w, "p prog ");
	io_wbuf_u64(&w, g->n);
	io_wbuf_ch(&w, ' ');
	io_wbuf_u64(&w, g->m);
	io_wbuf_ch(&w, ' ');
	io_wbuf_u64(&w, p->nvars);
	io_wbuf_ch(&w, '\n');
	put_edges(&w, g);
	for (uint32_t b = 0; b < g->n; b++) {
		uint32_t i = p->op_off[b], end = p->op_off[b + 1];
		if (i == end)
			continue;
		io_wbuf_ch(&w, 'b');
		io_wbuf_ch(&w, ' ');
		io_wbuf_u64(&w, b);
		for (; i < end; i++) {
			io_wbuf_ch(&w, ' ');
			io_wbuf_ch(&w, prog_op_is_def(p->ops[i]) ? 'd' : 'u');
			io_wbuf_u64(&w, prog_op_var(p->ops[i]));
		}
		io_wbuf_ch(&w, '\n');
	}
	put_names(&w, 'b', &p->bnames);
	put_names(&w, 'v', &p->vnames);
	io_wbuf_str(&w, "end\n");
	return io_wbuf_close(&w);
}
