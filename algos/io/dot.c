/* DOT export for looking at small graphs with graphviz (dot -Tsvg). A CFG is drawn with every
 * block declared (so isolated and unreachable blocks appear), the entry filled, blocks not
 * reachable from the entry dashed and grey, and the edges in CSR order; a block with several
 * successors labels each edge with its successor index, which makes multi-edges and branch
 * order visible. A dominator tree draws idom[b] -> b. O(n + m) time; the CFG writer also
 * needs n bytes + n words for the reachability marks. */
#include "io/io_internal.h"
#include "cfg/traverse.h"
#include "util/mem.h"
#include "util/status.h"

/* A DOT double-quoted string: '"' and '\' escaped, control bytes dropped. */
static void put_quoted(struct io_wbuf *w, const char *s)
{
	io_wbuf_ch(w, '"');
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x20)
			continue;
		if (c == '"' || c == '\\')
			io_wbuf_ch(w, '\\');
		io_wbuf_ch(w, (char)c);
	}
	io_wbuf_ch(w, '"');
}

static void put_head(struct io_wbuf *w, const char *name)
{
	io_wbuf_str(w, "digraph ");
	put_quoted(w, name && *name ? name : "cfg");
	io_wbuf_str(w, " {\n\tnode [shape=box, fontname=\"monospace\"];\n");
}

/* Block b's attributes: its name as the label (an unnamed entry is "0 (entry)"; a named one
 * keeps just its name, so the file reads back with the same names), the entry filled, an
 * unreachable block dashed; nothing for a plain reachable block. */
static void put_node(struct io_wbuf *w, uint32_t b, bool dead, const struct names *bn)
{
	const char *s = names_get(bn, b);
	io_wbuf_ch(w, '\t');
	io_wbuf_u64(w, b);
	if (b == 0 || dead || s) {
		io_wbuf_str(w, " [");
		if (s || b == 0) {
			char buf[NAMES_MAX_LEN + 16];
			snprintf(buf, sizeof buf, "%s", s ? s : "0 (entry)");
			io_wbuf_str(w, "label=");
			put_quoted(w, buf);
			if (b == 0 || dead)
				io_wbuf_str(w, ", ");
		}
		if (b == 0)
			io_wbuf_str(w, "style=filled, fillcolor=lightblue, penwidth=2");
		else if (dead)
			io_wbuf_str(w, "style=dashed, color=grey50, fontcolor=grey50");
		io_wbuf_ch(w, ']');
	}
	io_wbuf_str(w, ";\n");
}

int io_write_dot_cfg(FILE *f, const struct cfg *g, const char *name)
{
	return io_write_dot_cfg_named(f, g, NULL, name);
}

int io_write_dot_idom(FILE *f, const uint32_t *idom, uint32_t n, const char *name)
{
	return io_write_dot_idom_named(f, idom, n, NULL, name);
}

int io_write_dot_cfg_named(FILE *f, const struct cfg *g, const struct names *bn, const char *name)
{
	uint8_t *reached = ssa_alloc_array(g->n, 1);
	uint32_t *stack = ssa_alloc_array(g->n, sizeof *stack);
	struct io_wbuf w;
	if (!reached || !stack || io_wbuf_open(&w, f)) {
		free(reached);
		free(stack);
		return SSA_ENOMEM;
	}
	cfg_reach(g, 0, reached, stack);
	put_head(&w, name);
	for (uint32_t b = 0; b < g->n; b++)
		put_node(&w, b, !reached[b], bn);
	for (uint32_t u = 0; u < g->n; u++) {
		uint32_t lo = g->succ_off[u], hi = g->succ_off[u + 1];
		for (uint32_t e = lo; e < hi; e++) {
			io_wbuf_ch(&w, '\t');
			io_wbuf_u64(&w, u);
			io_wbuf_str(&w, " -> ");
			io_wbuf_u64(&w, g->succ[e]);
			if (hi - lo > 1) {
				io_wbuf_str(&w, " [taillabel=\"");
				io_wbuf_u64(&w, e - lo);
				io_wbuf_str(&w, "\"]");
			}
			io_wbuf_str(&w, ";\n");
		}
	}
	io_wbuf_str(&w, "}\n");
	free(reached);
	free(stack);
	return io_wbuf_close(&w);
}

int io_write_dot_idom_named(FILE *f, const uint32_t *idom, uint32_t n, const struct names *bn,
                            const char *name)
{
	for (uint32_t b = 0; b < n; b++)
		if (idom[b] != SSA_NONE && idom[b] >= n)
			return SSA_EINPUT;
	struct io_wbuf w;
	if (io_wbuf_open(&w, f))
		return SSA_ENOMEM;
	put_head(&w, name && *name ? name : "domtree");
	for (uint32_t b = 0; b < n; b++)
		put_node(&w, b, b != 0 && idom[b] == SSA_NONE, bn);
	for (uint32_t b = 0; b < n; b++) {
		if (idom[b] == SSA_NONE || idom[b] == b)
			continue;
		io_wbuf_ch(&w, '\t');
		io_wbuf_u64(&w, idom[b]);
		io_wbuf_str(&w, " -> ");
		io_wbuf_u64(&w, b);
		io_wbuf_str(&w, ";\n");
	}
	io_wbuf_str(&w, "}\n");
	return io_wbuf_close(&w);
}
