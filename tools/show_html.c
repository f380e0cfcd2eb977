/* show --html FILE.html: one self-contained page to step through (inline CSS, JavaScript and
 * SVG; nothing fetched, no graphviz). Panels: the CFG and the dominator tree drawn in layers
 * (show_layout.c), the dominator sets and frontiers, the loops, the IDF worklist, the φs and
 * the renamed program. The steps: 0, the overview; then the worklist of every variable, X by X
 * (W, F, the new φs); then the renaming walk, block by block (the stacks, the values filled in).
 * Every step is an element with an id, so the URL fragment addresses it: #step-N (N global),
 * #idf-<variable>-<k> (k = 0 the start, then one per X), #rename-<k> (k from 1). The script
 * marks the current step, colours the blocks it involves in both drawings and, during the
 * renaming, greys out the names not yet given; without the script, :target still shows the
 * step asked for. */
#include "show.h"
#include "show_layout.h"

#include "util/mem.h"
#include "util/status.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BOX_H 26.0
#define CHAR_W 7.8

static void esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

/* A name usable in a fragment: the variable's own when it is made of [A-Za-z0-9_.-] and no
 * other variable has it, else v<id>. */
static void frag_name(const struct view *v, uint32_t x, char *out, size_t len)
{
	char b[16], b2[16];
	const char *s = show_vname(v, x, b);
	bool ok = *s && strlen(s) < len;
	for (const char *c = s; ok && *c; c++)
		ok = isalnum((unsigned char)*c) || *c == '_' || *c == '.' || *c == '-';
	for (uint32_t y = 0; ok && y < v->p.nvars; y++)
		ok = y == x || strcmp(show_vname(v, y, b2), s) != 0;
	if (ok)
		snprintf(out, len, "%s", s);
	else
		snprintf(out, len, "v%u", x);
}

/* "{a, b}" of a block list (sorted copy in tmp). */
static void put_set(FILE *f, const struct view *v, const uint32_t *bl, uint32_t k, uint32_t *tmp,
		    bool queue)
{
	char b[16];
	if (!queue) {
		memcpy(tmp, bl, k * sizeof *tmp);
		show_sort_blocks(v, tmp, k);
		bl = tmp;
	}
	fputc(queue ? '[' : '{', f);
	for (uint32_t i = 0; i < k; i++) {
		fputs(i ? ", " : "", f);
		esc(f, show_bname(v, bl[i], b));
	}
	fputc(queue ? ']' : '}', f);
}

/* An SVG drawing of a graph: boxes named after blocks (id prefix-<block>), edges through the
 * layout's dummies; retreating edges dashed. */
static int put_svg(FILE *f, const struct view *v, const char *prefix, uint32_t m,
		   const uint32_t *src, const uint32_t *dst, const uint32_t *node_block,
		   uint32_t nnodes, const uint8_t *dashed)
{
	double *w = ssa_alloc_array(nnodes, sizeof *w);
	if (!w)
		return SSA_ENOMEM;
	char b[16];
	for (uint32_t i = 0; i < nnodes; i++)
		w[i] = (double)strlen(show_bname(v, node_block[i], b)) * CHAR_W + 20;
	struct show_layout L;
	int st = show_layout_graph(&L, nnodes, m, src, dst, w, BOX_H);
	free(w);
	if (st)
		return st;
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"svg-%s\" width=\"%.0f\" "
	           "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
	        prefix, L.width, L.height, L.width, L.height);
	fprintf(f, "<defs><marker id=\"arrow-%s\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
	           "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0 0 "
	           "L10 5 L0 10 z\" fill=\"#555\"/></marker></defs>\n",
	        prefix);
	for (uint32_t e = 0; e < m; e++) {
		uint32_t a = L.path_off[e], z = L.path_off[e + 1] - 1;
		bool dash = dashed && dashed[e];
		if (src[e] == dst[e]) {
			/* a self-loop: an arc on the box's right */
			double x = L.x[src[e]] + L.w[src[e]] / 2, y = L.y[src[e]];
			fprintf(f, "<path class=\"edge%s\" d=\"M%.1f %.1f C%.1f %.1f %.1f %.1f %.1f %.1f\" "
			           "marker-end=\"url(#arrow-%s)\"/>\n",
			        dash ? " back" : "", x, y - 6, x + 30, y - 22, x + 30, y + 22, x, y + 6,
			        prefix);
			continue;
		}
		fprintf(f, "<path class=\"edge%s\" d=\"", dash ? " back" : "");
		/* an edge going up bends to the right, clear of the edge down between the same
		 * blocks */
		bool up = L.layer[dst[e]] < L.layer[src[e]];
		for (uint32_t k = a; k <= z; k++) {
			uint32_t p = L.path[k];
			double y = L.y[p];
			bool down = L.layer[dst[e]] > L.layer[src[e]];
			/* leave a box at its bottom (top when going up), enter at the other side */
			if (k == a)
				y += (down ? 1 : -1) * BOX_H / 2;
			else if (k == z)
				y -= (down ? 1 : -1) * BOX_H / 2;
			if (up && k > a) {
				uint32_t o = L.path[k - 1];
				fprintf(f, " Q%.1f %.1f", (L.x[o] + L.x[p]) / 2 + 28, (L.y[o] + L.y[p]) / 2);
				fprintf(f, " %.1f %.1f", L.x[p], y);
				continue;
			}
			fprintf(f, "%s%.1f %.1f", k == a ? "M" : " L", L.x[p], y);
		}
		fprintf(f, "\" marker-end=\"url(#arrow-%s)\"/>\n", prefix);
	}
	for (uint32_t i = 0; i < nnodes; i++) {
		uint32_t blk = node_block[i];
		fprintf(f, "<g class=\"node\" id=\"%s-%u\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		           "height=\"%.1f\" rx=\"5\"/><text x=\"%.1f\" y=\"%.1f\">",
		        prefix, blk, L.x[i] - L.w[i] / 2, L.y[i] - BOX_H / 2, L.w[i], BOX_H, L.x[i],
		        L.y[i] + 4.5);
		esc(f, show_bname(v, blk, b));
		fputs("</text></g>\n", f);
	}
	fputs("</svg>\n", f);
	show_layout_free(&L);
	return SSA_OK;
}

static int put_drawings(FILE *f, const struct view *v)
{
	const struct cfg *g = &v->p.cfg;
	uint32_t *src = ssa_alloc_array((uint64_t)g->m + 1, sizeof *src);
	uint32_t *dst = ssa_alloc_array((uint64_t)g->m + 1, sizeof *dst);
	uint32_t *node = ssa_alloc_array(g->n, sizeof *node);
	uint8_t *back = ssa_calloc_array((uint64_t)g->m + 1, 1);
	int st = src && dst && node && back ? SSA_OK : SSA_ENOMEM;
	if (!st) {
		/* the CFG: node i is block i; back edges (the target dominates the source) dashed */
		for (uint32_t u = 0; u < g->n; u++) {
			node[u] = u;
			for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
				src[e] = u;
				dst[e] = g->succ[e];
				back[e] = domtree_dominates(&v->dt, g->succ[e], u);
			}
		}
		fputs("<section class=\"panel\" id=\"panel-cfg\"><h2>CFG</h2><p class=\"note\">Dashed: "
		      "back edges (the target dominates the source).</p>\n", f);
		st = put_svg(f, v, "cfg", g->m, src, dst, node, g->n, back);
		fputs("</section>\n", f);
	}
	if (!st) {
		/* the tree: its blocks in preorder (node 0 the root), an edge per idom */
		uint32_t k = 0, *pos = dst; /* dst is free again: block -> node */
		for (uint32_t t = 0; t < v->dt.nreach; t++)
			node[t] = v->dt.order[t];
		for (uint32_t t = 0; t < v->dt.nreach; t++)
			pos[node[t]] = t;
		for (uint32_t t = 1; t < v->dt.nreach; t++) {
			src[k] = pos[v->idom[node[t]]];
			back[k] = 0;
			k++;
		}
		uint32_t *tdst = ssa_alloc_array((uint64_t)k + 1, sizeof *tdst);
		if (!tdst) {
			st = SSA_ENOMEM;
		} else {
			for (uint32_t t = 1; t < v->dt.nreach; t++)
				tdst[t - 1] = t;
			fputs("<section class=\"panel\" id=\"panel-dom\"><h2>Dominator tree</h2>\n", f);
			st = put_svg(f, v, "dom", k, src, tdst, node, v->dt.nreach, NULL);
			free(tdst);
		}
	}
	ssa_free_all(src, dst, node, back, NULL);
	return st;
}

/* The text panels: Dom sets (inside the tree's panel), frontiers, loops, φs. */
static void put_sets(FILE *f, const struct view *v, uint32_t *tmp)
{
	const struct cfg *g = &v->p.cfg;
	char b[16];
	fputs("<table class=\"sets\"><tr><th>v</th><th>idom(v)</th><th>Dom(v)</th><th>DF(v)</th></tr>\n",
	      f);
	for (uint32_t u = 0; u < g->n; u++) {
		if (v->dt.tin[u] == SSA_NONE)
			continue;
		fputs("<tr><td>", f);
		esc(f, show_bname(v, u, b));
		fputs("</td><td>", f);
		if (u != v->dt.root)
			esc(f, show_bname(v, v->idom[u], b));
		fputs("</td><td>{", f);
		uint32_t k = v->dt.depth[u] + 1;
		for (uint32_t x = u, i = k; i > 0; x = v->idom[x])
			tmp[--i] = x;
		for (uint32_t i = 0; i < k; i++) {
			fputs(i ? ", " : "", f);
			esc(f, show_bname(v, tmp[i], b));
		}
		fputs("}</td><td>", f);
		put_set(f, v, v->df.set + v->df.off[u], (uint32_t)(v->df.off[u + 1] - v->df.off[u]),
		        tmp, false);
		fputs("</td></tr>\n", f);
	}
	fputs("</table></section>\n", f);
}

static void put_loops(FILE *f, const struct view *v, uint32_t *tmp)
{
	const struct cfg *g = &v->p.cfg;
	const struct loop_forest *L = &v->loops;
	char b1[16], b2[16];
	fputs("<section class=\"panel\" id=\"panel-loops\"><h2>Loops</h2><p>Back edges:", f);
	uint32_t nb = 0;
	for (uint32_t u = 0; u < g->n; u++)
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++)
			if (domtree_dominates(&v->dt, g->succ[e], u)) {
				fputs(nb++ ? ", " : " ", f);
				esc(f, show_bname(v, u, b1));
				fputs(" → ", f);
				esc(f, show_bname(v, g->succ[e], b2));
			}
	fputs(nb ? "</p>\n<ul>\n" : " none</p>\n<ul>\n", f);
	for (uint32_t l = 0; l < L->nloops; l++) {
		uint32_t k = 0;
		for (uint32_t b = 0; b < g->n; b++)
			if (loops_contains(L, l, b))
				tmp[k++] = b;
		fprintf(f, "<li style=\"margin-left:%uem\">loop ", 2 * (L->depth[l] - 1));
		esc(f, show_bname(v, L->header[l], b1));
		fprintf(f, " (depth %u): ", L->depth[l]);
		put_set(f, v, tmp, k, tmp + g->n, false);
		fputs(loops_is_irreducible(L, l) ? " irreducible</li>\n" : "</li>\n", f);
	}
	fputs("</ul></section>\n", f);
}

/* The renamed program; every name carries the step that gave it (data-s). */
static void put_ssa(FILE *f, const struct view *v, const struct show_rename *r, uint32_t base,
		    const uint32_t *enter)
{
	const struct prog *p = &v->p;
	const struct ssa_form *s = &v->ssa;
	const struct cfg *g = &p->cfg;
	char b[16], val[300];
	fprintf(f, "<section class=\"panel\" id=\"panel-ssa\"><h2>SSA form (%s φs)</h2><pre>",
	        phi_flavor_name(v->flavor));
#define STEP_OF(x) ((x) == SSA_NONE ? 0 : base + (x))
	for (uint32_t blk = 0; blk < g->n; blk++) {
		esc(f, show_bname(v, blk, b));
		fputs(":\n", f);
		for (uint32_t q = s->phi_off[blk]; q < s->phi_off[blk + 1]; q++) {
			show_value(v, s->nops + q, val, sizeof val);
			fprintf(f, "    <span class=\"r\" data-s=\"%u\">", STEP_OF(enter[blk]));
			esc(f, val);
			fputs("</span> = φ(", f);
			for (uint64_t j = s->arg_off[q]; j < s->arg_off[q + 1]; j++) {
				show_value(v, s->arg[j], val, sizeof val);
				fprintf(f, "%s<span class=\"r\" data-s=\"%u\">", j > s->arg_off[q] ? ", " : "",
				        STEP_OF(r->step_of_arg[j]));
				esc(f, val);
				fputs("</span> from ", f);
				esc(f, show_bname(v, g->pred[g->pred_off[blk] + (j - s->arg_off[q])], b));
			}
			fputs(")\n", f);
		}
		for (uint32_t i = p->op_off[blk]; i < p->op_off[blk + 1]; i++) {
			bool def = prog_op_is_def(p->ops[i]);
			if (!def && v->rhs.rhs && v->rhs.reads[i] != SHOW_NO_RHS)
				continue;
			show_value(v, def ? i : s->opval[i], val, sizeof val);
			fprintf(f, "    %s<span class=\"r\" data-s=\"%u\">", def ? "" : "… = ",
			        STEP_OF(r->step_of_op[i]));
			esc(f, val);
			fputs("</span>", f);
			if (def) {
				fputs(" = ", f);
				if (v->rhs.rhs && v->rhs.rhs[i] != SHOW_NO_RHS) {
					char *t = NULL;
					size_t tl = 0;
					FILE *m = open_memstream(&t, &tl);
					if (m) {
						show_rhs_write(m, v, i, true);
						fclose(m);
						fprintf(f, "<span class=\"r\" data-s=\"%u\">",
						        STEP_OF(r->step_of_op[i]));
						esc(f, t ? t : "…");
						fputs("</span>", f);
					}
					free(t);
				} else {
					fputs("…", f);
				}
			}
			fputc('\n', f);
		}
	}
#undef STEP_OF
	fputs("</pre></section>\n", f);
}

static const char css[] =
    "body{font:14px/1.4 sans-serif;margin:0;color:#222;background:#fff}"
    "header{position:sticky;top:0;background:#f4f4f8;border-bottom:1px solid #ccd;padding:6px "
    "12px;z-index:2}"
    "header h1{font-size:16px;display:inline;margin-right:16px}"
    "nav a{display:inline-block;padding:2px 10px;border:1px solid #99a;border-radius:4px;"
    "text-decoration:none;color:#224}"
    "main{display:flex;flex-wrap:wrap;gap:12px;padding:12px}"
    ".panel{border:1px solid #ccd;border-radius:6px;padding:8px 12px;background:#fff;"
    "overflow:auto;max-width:100%}"
    ".panel h2{font-size:15px;margin:0 0 6px}.note{color:#667;margin:0 0 4px;font-size:12px}"
    "svg .node rect{fill:#eef;stroke:#557;stroke-width:1.2}"
    "svg .node text{font:13px monospace;text-anchor:middle;fill:#112}"
    "svg .edge{fill:none;stroke:#555;stroke-width:1.3}svg .edge.back{stroke-dasharray:5 3}"
    "svg .node.hl-w rect{fill:#ffe9a8}svg .node.hl-f rect{fill:#c8f0c8}"
    "svg .node.hl-def rect{stroke:#a33;stroke-width:2.5}"
    "svg .node.hl-x rect,svg .node.hl-cur rect{fill:#ffb0a0;stroke:#a22;stroke-width:2.5}"
    "svg .node.hl-new rect{fill:#7fd87f}"
    "table.sets{border-collapse:collapse;font:13px monospace}"
    "table.sets td,table.sets th{border:1px solid #dde;padding:2px 8px;text-align:left}"
    ".step{display:none;font:13px monospace;white-space:pre-wrap}"
    ".step:target,.step.current{display:block}"
    "pre{font:13px monospace;margin:0}.r.future{color:#bbb;background:#eee}"
    ".legend span{display:inline-block;padding:0 6px;margin-right:6px;border:1px solid #99a}";

static const char script[] =
    "(function(){\n"
    "var steps=[].slice.call(document.querySelectorAll('.step'));\n"
    "function stepOf(id){var e=id&&document.getElementById(id);\n"
    "  while(e&&!(e.classList&&e.classList.contains('step')))e=e.parentNode;return e;}\n"
    "function show(){\n"
    "  var h=decodeURIComponent(location.hash.slice(1));\n"
    "  var cur=stepOf(h)||steps[0];var n=+cur.getAttribute('data-n');\n"
    "  document.body.setAttribute('data-step',n);\n"
    "  steps.forEach(function(s){s.classList.toggle('current',s===cur);});\n"
    "  [].forEach.call(document.querySelectorAll('svg .node'),function(g){g.setAttribute('class','node');});\n"
    "  (cur.getAttribute('data-hl')||'').split(' ').forEach(function(t){if(!t)return;\n"
    "    var p=t.split(':');['cfg-','dom-'].forEach(function(pre){\n"
    "      var g=document.getElementById(pre+p[1]);if(g)g.classList.add('hl-'+p[0]);});});\n"
    "  var ren=cur.hasAttribute('data-rename');\n"
    "  [].forEach.call(document.querySelectorAll('.r'),function(r){\n"
    "    r.classList.toggle('future',ren&&+r.getAttribute('data-s')>n);});\n"
    "  document.getElementById('counter').textContent='step '+n+' of '+(steps.length-1)+': '+cur.getAttribute('data-title');\n"
    "  document.getElementById('prev').href='#step-'+Math.max(0,n-1);\n"
    "  document.getElementById('next').href='#step-'+Math.min(steps.length-1,n+1);\n"
    "  window.scrollTo(0,0);\n" /* the steps panel is at the top: no jump to the hidden anchor */
    "}\n"
    "window.addEventListener('hashchange',show);\n"
    "document.addEventListener('keydown',function(e){var n=+document.body.getAttribute('data-step');\n"
    "  if(e.key==='ArrowRight'||e.key==='j')location.hash='step-'+Math.min(steps.length-1,n+1);\n"
    "  if(e.key==='ArrowLeft'||e.key==='k')location.hash='step-'+Math.max(0,n-1);});\n"
    "show();\n"
    "})();\n";

struct page {
	const struct view *v;
};

static int write_page(FILE *f, const void *arg)
{
	const struct view *v = ((const struct page *)arg)->v;
	const struct prog *p = &v->p;
	const struct cfg *g = &p->cfg;
	const struct ssa_form *s = &v->ssa;
	char b1[16], b2[16], val[300], fx[300];
	uint32_t *tmp = ssa_alloc_array(2 * (uint64_t)g->n + 1, sizeof *tmp);
	uint32_t *enter = ssa_alloc_array(g->n, sizeof *enter);
	struct show_rename r;
	struct show_idf w;
	memset(&r, 0, sizeof r);
	memset(&w, 0, sizeof w);
	int st = tmp && enter ? SSA_OK : SSA_ENOMEM;
	if (!st)
		st = show_rename_run(&r, v);
	if (!st)
		st = show_idf_alloc(&w, g->n);
	if (st)
		goto out;
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>show: ", f);
	esc(f, v->path);
	fprintf(f, "</title><style>%s</style></head>\n<body data-step=\"0\">\n<header><h1>", css);
	esc(f, v->path);
	fprintf(f, "</h1><nav><a id=\"prev\" href=\"#step-0\">◀ prev</a> <span id=\"counter\">step 0"
	           "</span> <a id=\"next\" href=\"#step-1\">next ▶</a></nav> <span class=\"legend\">"
	           "<span style=\"background:#ffb0a0\">X / current</span><span "
	           "style=\"background:#c8f0c8\">F (φ)</span><span style=\"background:#ffe9a8\">W"
	           "</span></span></header>\n<main>\n");
	/* the steps: 0, then every variable's worklist, then the renaming walk */
	uint32_t n = 0;
	fputs("<section class=\"panel\" id=\"panel-steps\"><h2>Steps</h2>\n", f);
	fprintf(f, "<div class=\"step\" id=\"step-0\" data-n=\"0\" data-title=\"overview\" "
	           "data-hl=\"\">%u blocks, %u edges, %u variables. Step through the IDF worklist "
	           "of each variable, then the renaming (← → keys).</div>\n",
	        g->n, g->m, p->nvars);
	n++;
	for (uint32_t x = 0; x < p->nvars; x++) {
		char fname[64];
		frag_name(v, x, fname, sizeof fname);
		show_idf_start(&w, v, x);
		bool start = true;
		do {
			uint32_t k = w.step;
			fprintf(f, "<div class=\"step\" id=\"step-%u\" data-n=\"%u\" data-var=\"%s\" "
			           "data-title=\"IDF of ",
			        n, n, fname);
			esc(f, show_vname(v, x, b1));
			if (start) {
				fputs(", start", f);
			} else {
				fputs(", X = ", f);
				esc(f, show_bname(v, w.x, b2));
			}
			fputs("\" data-hl=\"", f);
			/* highlights: X, the blocks in F, those in W, the definitions */
			for (uint32_t b = 0; b < g->n; b++) {
				if (w.in_f[b])
					fprintf(f, "f:%u ", b);
				if (w.is_def[b])
					fprintf(f, "def:%u ", b);
			}
			for (uint32_t i = w.head; i < w.tail; i++)
				fprintf(f, "w:%u ", w.queue[i]);
			if (!start)
				fprintf(f, "x:%u", w.x);
			fprintf(f, "\"><span id=\"idf-%s-%u\"></span>", fname, k);
			fputs("IDF worklist for ", f);
			esc(f, show_vname(v, x, b1));
			if (start) {
				fputs(": F = {}, W = Defs = ", f);
				put_set(f, v, w.queue + w.head, w.tail - w.head, tmp, true);
			} else {
				fprintf(f, ", step %u: X = ", k);
				esc(f, show_bname(v, w.x, b1));
				fputs(", DF(X) = ", f);
				uint32_t dk = (uint32_t)(v->df.off[w.x + 1] - v->df.off[w.x]);
				put_set(f, v, v->df.set + v->df.off[w.x], dk, tmp, false);
				fputs("\nφ added at: ", f);
				for (uint32_t j = 0; j < w.nadded; j++) {
					fputs(j ? ", " : "", f);
					esc(f, show_bname(v, w.added[j], b1));
					fputs(w.to_w[j] ? " (joins W)" : " (defines it: not into W)", f);
				}
				fputs(w.nadded ? "" : "none", f);
				fputs("\nF = ", f);
				uint32_t fk = show_idf_f(&w, v);
				put_set(f, v, w.scratch, fk, tmp, false);
				fputs("\nW = ", f);
				put_set(f, v, w.queue + w.head, w.tail - w.head, tmp, true);
			}
			fputs("</div>\n", f);
			n++;
			start = false;
		} while (show_idf_next(&w, v));
	}
	uint32_t base = n;
	/* the renaming: the stacks replayed from the pushes */
	uint32_t *depth = ssa_calloc_array((uint64_t)p->nvars + 1, sizeof *depth);
	uint32_t *sbase = ssa_calloc_array((uint64_t)p->nvars + 1, sizeof *sbase);
	uint32_t *stack = ssa_alloc_array((uint64_t)s->nops + s->nphi + 1, sizeof *stack);
	if (!depth || !sbase || !stack) {
		ssa_free_all(depth, sbase, stack, NULL);
		st = SSA_ENOMEM;
		goto out;
	}
	for (uint32_t i = 0; i < p->nops; i++)
		if (prog_op_is_def(p->ops[i]))
			sbase[prog_op_var(p->ops[i]) + 1]++;
	for (uint32_t q = 0; q < s->nphi; q++)
		sbase[s->phi_var[q] + 1]++;
	for (uint32_t x = 0; x < p->nvars; x++)
		sbase[x + 1] += sbase[x];
	for (uint32_t b = 0; b < g->n; b++)
		enter[b] = SSA_NONE;
	for (uint32_t t = 0; p->nvars && t < r.nsteps; t++) {
		uint32_t blk = r.block[t];
		if (!r.leave[t])
			enter[blk] = t;
		for (uint32_t j = r.push_off[t]; j < r.push_off[t + 1]; j++) {
			uint32_t id = r.push[j];
			uint32_t x = id < s->nops ? prog_op_var(p->ops[id]) : s->phi_var[id - s->nops];
			if (r.leave[t])
				depth[x]--;
			else
				stack[sbase[x] + depth[x]++] = id;
		}
		fprintf(f, "<div class=\"step\" id=\"step-%u\" data-n=\"%u\" data-rename=\"%u\" "
		           "data-title=\"renaming, %s ",
		        n, n, t + 1, r.leave[t] ? "leave" : "enter");
		esc(f, show_bname(v, blk, b1));
		fprintf(f, "\" data-hl=\"cur:%u\"><span id=\"rename-%u\"></span>%s ", blk, t + 1,
		        r.leave[t] ? "leave" : "enter");
		esc(f, show_bname(v, blk, b1));
		fputs(r.leave[t] ? ": pop" : ": push", f);
		for (uint32_t j = r.push_off[t]; j < r.push_off[t + 1]; j++) {
			show_value(v, r.push[j], val, sizeof val);
			fputs(j > r.push_off[t] ? ", " : " ", f);
			esc(f, val);
		}
		if (r.push_off[t] == r.push_off[t + 1])
			fputs(" nothing", f);
		if (!r.leave[t]) {
			for (uint32_t i = p->op_off[blk]; i < p->op_off[blk + 1]; i++)
				if (!prog_op_is_def(p->ops[i])) {
					show_value(v, r.opval[i], val, sizeof val);
					fputs("\nuse of ", f);
					esc(f, show_vname(v, prog_op_var(p->ops[i]), b2));
					fputs(" reads ", f);
					esc(f, val);
				}
			for (uint32_t q = 0; q < s->nphi; q++)
				for (uint64_t a = s->arg_off[q]; a < s->arg_off[q + 1]; a++)
					if (r.step_of_arg[a] == t) {
						show_value(v, s->nops + q, val, sizeof val);
						show_value(v, r.arg[a], fx, sizeof fx);
						fputs("\nφ ", f);
						esc(f, val);
						fputs(" at ", f);
						esc(f, show_bname(v, s->phi_block[q], b2));
						fputs(" takes ", f);
						esc(f, fx);
					}
		}
		fputs("\n<table class=\"sets stacks\"><tr><th>variable</th><th>stack (top right)"
		      "</th></tr>", f);
		for (uint32_t x = 0; x < p->nvars; x++) {
			fputs("<tr><td>", f);
			esc(f, show_vname(v, x, b1));
			fputs("</td><td>", f);
			for (uint32_t k = 0; k < depth[x]; k++) {
				show_value(v, stack[sbase[x] + k], val, sizeof val);
				fputs(k ? " " : "", f);
				esc(f, val);
			}
			fputs("</td></tr>", f);
		}
		fputs("</table></div>\n", f);
		n++;
	}
	ssa_free_all(depth, sbase, stack, NULL);
	fputs("</section>\n", f);
	/* the drawings beside the steps, then the tables */
	if ((st = put_drawings(f, v)))
		goto out;
	put_sets(f, v, tmp);
	put_loops(f, v, tmp);
	if (p->nvars) {
		put_ssa(f, v, &r, base, enter);
		fputs("<section class=\"panel\" id=\"panel-phi\"><h2>φ placement</h2><pre>", f);
		static const char *const flav[] = {"minimal", "semi-pruned", "pruned"};
		for (int fl = 0; fl < 3; fl++) {
			const struct phi_sets *ps = &v->phi[fl];
			fprintf(f, "%s: %llu φ\n", flav[fl], (unsigned long long)ps->total);
			for (uint32_t x = 0; x < p->nvars; x++) {
				if (ps->off[x] == ps->off[x + 1])
					continue;
				fputs("  ", f);
				esc(f, show_vname(v, x, b1));
				fputs(": ", f);
				put_set(f, v, ps->blocks + ps->off[x],
				        (uint32_t)(ps->off[x + 1] - ps->off[x]), tmp, false);
				fputc('\n', f);
			}
		}
		fputs("</pre></section>\n", f);
	}
	fprintf(f, "</main>\n<script>%s</script>\n</body></html>\n", script);
out:
	if (st)
		fprintf(stderr, "show: the page: %s\n", ssa_status_str(st));
	show_idf_free(&w);
	show_rename_free(&r);
	ssa_free_all(tmp, enter, NULL);
	return st;
}

/* The page whole or not at all: into path.tmp-PID, then renamed. 0, or 1 with a message. */
static int write_atomic(const char *path, int (*write)(FILE *f, const void *arg), const void *arg)
{
	size_t tl = strlen(path) + 32;
	char *tmp = malloc(tl);
	if (!tmp)
		{ fprintf(stderr, "show: %s: %s\n", path, ssa_status_str(SSA_ENOMEM)); return 1; }
	snprintf(tmp, tl, "%s.tmp-%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "show: %s: cannot create: %s\n", tmp, strerror(errno));
		free(tmp);
		return 1;
	}
	int bad = write(f, arg) != 0;
	bad |= ferror(f) | (fclose(f) != 0);
	if (!bad && rename(tmp, path) != 0)
		bad = 1;
	if (bad) {
		int e = errno;
		unlink(tmp);
		fprintf(stderr, "show: %s: write failed: %s\n", path, strerror(e));
	}
	free(tmp);
	return bad;
}
int show_html(const struct view *v, const char *path)
{
	struct page pg = {.v = v};
	return write_atomic(path, write_page, &pg);
}
