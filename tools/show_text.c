/* show: the text view, one section per stage in the course texts' notation. Every set of
 * blocks prints in name order (show_rank: bb2 before bb10, B before C), except a dominator set,
 * which prints as the tree path from the entry (Dom(D) = {r, A, D}), the order the CIS 341
 * notes write Dom[8] = {1, 2, 4, 8}. Lines per block follow the program's block order. */
#include "show.h"

#include "util/mem.h"

#include <stdlib.h>
#include <string.h>

/* "{a, b, c}" of a block list, in name order (bl is copied, not changed). */
static void put_set(const struct view *v, const uint32_t *bl, uint64_t k, uint32_t *tmp)
{
	char b[16];
	memcpy(tmp, bl, k * sizeof *tmp);
	show_sort_blocks(v, tmp, (uint32_t)k);
	putchar('{');
	for (uint64_t i = 0; i < k; i++)
		printf("%s%s", i ? ", " : "", show_bname(v, tmp[i], b));
	putchar('}');
}

/* The same into a string, for the worklist's columns. */
static int set_str(const struct view *v, const uint32_t *bl, uint32_t k, char open, char close,
		   char *out, size_t len)
{
	char b[16];
	size_t at = 0;
	at += (size_t)snprintf(out + at, len - at, "%c", open);
	for (uint32_t i = 0; i < k && at < len; i++)
		at += (size_t)snprintf(out + at, len - at, "%s%s", i ? ", " : "",
				       show_bname(v, bl[i], b));
	if (at < len)
		at += (size_t)snprintf(out + at, len - at, "%c", close);
	return at < len ? (int)at : (int)len - 1;
}

static void print_cfg(const struct view *v)
{
	const struct prog *p = &v->p;
	const struct cfg *g = &p->cfg;
	char b1[16], b2[16];
	printf("\nCFG (successors in branch order; d = definition, u = use)\n");
	for (uint32_t b = 0; b < g->n; b++) {
		printf("  %s%s %s", show_bname(v, b, b1), b == 0 ? " (entry)" : "",
		       g->succ_off[b] == g->succ_off[b + 1] ? "(exit)" : "->");
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++)
			printf("%s %s", e > g->succ_off[b] ? "," : "", show_bname(v, g->succ[e], b2));
		if (p->op_off[b] < p->op_off[b + 1]) {
			printf("    [");
			for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
				printf("%s%s %s", i > p->op_off[b] ? "; " : "",
				       prog_op_is_def(p->ops[i]) ? "d" : "u",
				       show_vname(v, prog_op_var(p->ops[i]), b2));
				if (v->rhs.rhs && prog_op_is_def(p->ops[i]) &&
				    v->rhs.rhs[i] != SHOW_NO_RHS) {
					fputs(" = ", stdout);
					show_rhs_write(stdout, v, i, false);
				}
			}
			putchar(']');
		}
		if (v->dt.tin[b] == SSA_NONE)
			printf("    (unreachable)");
		putchar('\n');
	}
}

static void print_domtree(const struct view *v)
{
	char b1[16], b2[16];
	printf("\nDominator tree (children indented under their immediate dominator)\n");
	for (uint32_t k = 0; k < v->dt.nreach; k++) {
		uint32_t b = v->dt.order[k];
		const char *name = show_bname(v, b, b1);
		printf("  %*s%s", 2 * (int)v->dt.depth[b], "", name);
		if (b != v->dt.root)
			printf("    idom(%s) = %s", name, show_bname(v, v->idom[b], b2));
		putchar('\n');
	}
}

static void print_sets(const struct view *v, uint32_t *tmp)
{
	const struct cfg *g = &v->p.cfg;
	char b1[16];
	printf("\nDominator sets (Dom(v) = the blocks that dominate v: the tree path from the entry "
	       "to v)\n");
	for (uint32_t b = 0; b < g->n; b++) {
		if (v->dt.tin[b] == SSA_NONE)
			continue;
		uint32_t k = v->dt.depth[b] + 1;
		for (uint32_t x = b, i = k; i > 0; x = v->idom[x])
			tmp[--i] = x;
		printf("  Dom(%s) = {", show_bname(v, b, b1));
		for (uint32_t i = 0; i < k; i++)
			printf("%s%s", i ? ", " : "", show_bname(v, tmp[i], b1));
		printf("}\n");
	}
}

static void print_strict(const struct view *v, uint32_t *tmp)
{
	const struct cfg *g = &v->p.cfg;
	char b1[16];
	uint64_t pairs = 0;
	printf("\nStrict dominance (u sdom v: u dominates v and u ≠ v; the pairs (u, v) by u)\n");
	for (uint32_t u = 0; u < g->n; u++) {
		if (v->dt.tin[u] == SSA_NONE)
			continue;
		uint32_t k = 0;
		/* the strict subtree of u: preorder numbers tin[u] + 1 .. tlast[u] */
		for (uint32_t t = v->dt.tin[u] + 1; t <= v->dt.tlast[u]; t++)
			tmp[k++] = v->dt.order[t];
		if (!k)
			continue;
		printf("  %s sdom ", show_bname(v, u, b1));
		put_set(v, tmp, k, tmp + g->n);
		putchar('\n');
		pairs += k;
	}
	printf("  %llu pair%s\n", (unsigned long long)pairs, pairs == 1 ? "" : "s");
}

static void print_df(const struct view *v, uint32_t *tmp)
{
	const struct cfg *g = &v->p.cfg;
	char b1[16];
	printf("\nDominance frontiers\n");
	for (uint32_t b = 0; b < g->n; b++) {
		if (v->dt.tin[b] == SSA_NONE)
			continue;
		printf("  DF(%s) = ", show_bname(v, b, b1));
		put_set(v, v->df.set + v->df.off[b], v->df.off[b + 1] - v->df.off[b], tmp);
		putchar('\n');
	}
}

static void print_loops(const struct view *v, uint32_t *tmp)
{
	const struct cfg *g = &v->p.cfg;
	const struct loop_forest *f = &v->loops;
	char b1[16], b2[16];
	printf("\nLoops (a back edge n -> h: h dominates n; the loop of h: h and the blocks that "
	       "reach n without passing h)\n");
	printf("  back edges:");
	uint32_t nback = 0;
	for (uint32_t u = 0; u < g->n; u++)
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++)
			if (domtree_dominates(&v->dt, g->succ[e], u))
				printf("%s %s -> %s", nback++ ? "," : "", show_bname(v, u, b1),
				       show_bname(v, g->succ[e], b2));
	printf("%s\n", nback ? "" : " none");
	if (!f->nloops) {
		printf("  no loops\n");
		return;
	}
	for (uint32_t l = 0; l < f->nloops; l++) {
		uint32_t h = f->header[l], k = 0;
		for (uint32_t b = 0; b < g->n; b++)
			if (loops_contains(f, l, b))
				tmp[k++] = b;
		printf("  %*sloop %s (depth %u): {%s", 2 * (int)(f->depth[l] - 1), "",
		       show_bname(v, h, b1), f->depth[l], show_bname(v, h, b2));
		/* the header first, then the body in name order */
		show_sort_blocks(v, tmp, k);
		for (uint32_t i = 0; i < k; i++)
			if (tmp[i] != h)
				printf(", %s", show_bname(v, tmp[i], b1));
		putchar('}');
		if (loops_is_irreducible(f, l)) {
			/* entered from outside at more than one block: no header dominates it all */
			k = 0;
			for (uint32_t b = 0; b < g->n; b++)
				if (loops_contains(f, l, b) && loops_is_entry(f, l, b))
					tmp[k++] = b;
			printf("    irreducible, entries ");
			put_set(v, tmp, k, tmp + g->n);
		}
		putchar('\n');
	}
}

static void print_idf(const struct view *v, uint32_t *tmp)
{
	const struct prog *p = &v->p;
	char b1[16];
	printf("\nIterated dominance frontiers (minimal SSA puts a φ for v at each block of "
	       "DF+(Defs(v)))\n");
	for (uint32_t x = 0; x < p->nvars; x++) {
		printf("  Defs(%s) = ", show_vname(v, x, b1));
		put_set(v, v->vb.def + v->vb.def_off[x], v->vb.def_off[x + 1] - v->vb.def_off[x], tmp);
		printf("    DF+(Defs(%s)) = ", show_vname(v, x, b1));
		const struct phi_sets *s = &v->phi[PHI_MINIMAL];
		put_set(v, s->blocks + s->off[x], s->off[x + 1] - s->off[x], tmp);
		putchar('\n');
	}
}

/* One row of the worklist table into cols[6]. */
#define IDF_COLS 6
#define IDF_CELL 4096
static void idf_row(const struct view *v, struct show_idf *w, bool start, char (*cols)[IDF_CELL])
{
	char b1[16];
	if (start) {
		snprintf(cols[0], IDF_CELL, "0");
		cols[1][0] = cols[2][0] = cols[3][0] = cols[4][0] = '\0';
	} else {
		snprintf(cols[0], IDF_CELL, "%u", w->step);
		snprintf(cols[1], IDF_CELL, "%s", show_bname(v, w->x, b1));
		/* the scratch holds DF(X) in name order after show_idf_next */
		set_str(v, w->scratch, (uint32_t)(v->df.off[w->x + 1] - v->df.off[w->x]), '{', '}', cols[2],
		        IDF_CELL);
		size_t a = 0, b = 0;
		cols[3][0] = cols[4][0] = '\0';
		for (uint32_t j = 0; j < w->nadded; j++) {
			const char *name = show_bname(v, w->added[j], b1);
			a += (size_t)snprintf(cols[3] + a, a < IDF_CELL ? IDF_CELL - a : 0, "%s%s",
			                      a ? ", " : "", name);
			if (w->to_w[j])
				b += (size_t)snprintf(cols[4] + b, b < IDF_CELL ? IDF_CELL - b : 0,
				                      "%s%s", b ? ", " : "", name);
		}
	}
	/* F then W: F in name order (the scratch is reused: DF(X) was printed above) */
	uint32_t k = show_idf_f(w, v);
	set_str(v, w->scratch, k, '{', '}', cols[5], IDF_CELL);
	/* W as the queue holds it, first out first */
	char tail[IDF_CELL];
	set_str(v, w->queue + w->head, w->tail - w->head, '[', ']', tail, sizeof tail);
	size_t l = strlen(cols[5]);
	snprintf(cols[5] + l, IDF_CELL - l, "\t%s", tail);
}

static void print_idf_trace(const struct view *v)
{
	const struct prog *p = &v->p;
	char b1[16];
	struct show_idf w;
	char(*cols)[IDF_CELL] = malloc(IDF_COLS * IDF_CELL);
	if (!cols || show_idf_alloc(&w, p->cfg.n)) {
		free(cols);
		printf("\n(no memory for the worklist trace)\n");
		return;
	}
	printf("\nIDF worklist, per variable (the lecture notes: F = {}, W = Defs(v); take X out of "
	       "W, first in first out; every Y of DF(X) not in F gets a φ, joins F, and joins W "
	       "unless Y defines v)\n");
	static const char *const head[] = {"step", "X", "DF(X)", "φ at", "into W", "F"};
	for (uint32_t x = 0; x < p->nvars; x++) {
		/* two passes: the column widths, then the rows */
		size_t width[IDF_COLS + 1] = {0};
		for (int c = 0; c < IDF_COLS; c++)
			width[c] = strlen(head[c]) - (c == 3 ? 1 : 0); /* φ is two bytes, one column */
		for (int pass = 0; pass < 2; pass++) {
			show_idf_start(&w, v, x);
			if (pass == 1) {
				printf("  %s: Defs(%s) = ", show_vname(v, x, b1), show_vname(v, x, b1));
				idf_row(v, &w, true, cols); /* W is Defs(v) in name order now */
				char *wq = strchr(cols[5], '\t') + 1;
				wq[0] = '{';
				wq[strlen(wq) - 1] = '}';
				printf("%s\n", wq);
				printf("    %-*s  %-*s  %-*s  %-*s  %-*s  %-*s  W\n", (int)width[0], head[0],
				       (int)width[1], head[1], (int)width[2], head[2],
				       (int)width[3] + 1, head[3], (int)width[4], head[4],
				       (int)width[5], head[5]);
			}
			bool start = true;
			do {
				idf_row(v, &w, start, cols);
				char *tab = strchr(cols[5], '\t');
				*tab = '\0';
				if (pass == 0) {
					for (int c = 0; c < IDF_COLS; c++)
						if (strlen(cols[c]) > width[c])
							width[c] = strlen(cols[c]);
				} else {
					printf("    %-*s  %-*s  %-*s  %-*s  %-*s  %-*s  %s\n", (int)width[0],
					       cols[0], (int)width[1], cols[1], (int)width[2], cols[2],
					       (int)width[3], cols[3], (int)width[4], cols[4],
					       (int)width[5], cols[5], tab + 1);
				}
				start = false;
			} while (show_idf_next(&w, v));
		}
		uint32_t k = show_idf_f(&w, v);
		char fs[IDF_CELL];
		set_str(v, w.scratch, k, '{', '}', fs, sizeof fs);
		printf("    W is empty: DF+(Defs(%s)) = F = %s\n", show_vname(v, x, b1), fs);
	}
	show_idf_free(&w);
	free(cols);
}

static void print_phi(const struct view *v, uint32_t *tmp)
{
	const struct prog *p = &v->p;
	char b1[16];
	static const char *const title[] = {
	    "minimal     (all of DF+)", "semi-pruned (variables used before defined in a block)",
	    "pruned      (only where the variable is live)"};
	printf("\nφ placement, by flavour\n");
	for (int f = 0; f < 3; f++) {
		const struct phi_sets *s = &v->phi[f];
		printf("  %s: %llu φ\n", title[f], (unsigned long long)s->total);
		for (uint32_t x = 0; x < p->nvars; x++) {
			if (s->off[x] == s->off[x + 1])
				continue;
			printf("    %s: ", show_vname(v, x, b1));
			put_set(v, s->blocks + s->off[x], s->off[x + 1] - s->off[x], tmp);
			putchar('\n');
		}
	}
}

/* Pushes val_id on its variable's stack; its name into val. */
static void push_value(const struct view *v, uint32_t val_id, const uint32_t *base, uint32_t *depth,
		       uint32_t *stack, char *val, size_t len)
{
	const struct ssa_form *s = &v->ssa;
	uint32_t x = val_id < s->nops ? prog_op_var(v->p.ops[val_id]) : s->phi_var[val_id - s->nops];
	stack[base[x] + depth[x]++] = val_id;
	show_value(v, val_id, val, len);
}

static void print_rename(const struct view *v)
{
	const struct prog *p = &v->p;
	const struct ssa_form *s = &v->ssa;
	const struct cfg *g = &p->cfg;
	struct show_rename r;
	char b1[16], b2[16], val[300], val2[300];
	uint32_t *depth = ssa_calloc_array((uint64_t)p->nvars + 1, sizeof *depth);
	uint32_t *stack = ssa_alloc_array((uint64_t)s->nops + s->nphi + 1, sizeof *stack);
	uint32_t *base = ssa_calloc_array((uint64_t)p->nvars + 1, sizeof *base);
	if (!depth || !stack || !base || show_rename_run(&r, v)) {
		ssa_free_all(depth, stack, base, NULL);
		printf("\n(no memory for the renaming trace)\n");
		return;
	}
	printf("\nRenaming (%s φs; a walk of the dominator tree with a stack per variable: entering "
	       "a block, its φs and definitions push, its uses read the tops, its successors' φs "
	       "take the tops; leaving it pops)\n",
	       phi_flavor_name(v->flavor));
	/* each stack's room: the variable's values; a value's variable */
	for (uint32_t i = 0; i < p->nops; i++)
		if (prog_op_is_def(p->ops[i]))
			base[prog_op_var(p->ops[i]) + 1]++;
	for (uint32_t q = 0; q < s->nphi; q++)
		base[s->phi_var[q] + 1]++;
	for (uint32_t x = 0; x < p->nvars; x++)
		base[x + 1] += base[x];
	for (uint32_t t = 0; t < r.nsteps; t++) {
		uint32_t b = r.block[t];
		printf("  %u. %s %s:", t + 1, r.leave[t] ? "leave" : "enter", show_bname(v, b, b1));
		const char *sep = " ";
		/* the step's events in the order the walk meets them: φs, the block's ops, then
		 * the successors' φs (leaving: the pops, last pushed first) */
		uint32_t j = r.push_off[t];
		if (!r.leave[t])
			for (; j < r.push_off[t + 1] && r.push[j] >= s->nops; j++) {
				push_value(v, r.push[j], base, depth, stack, val, sizeof val);
				printf("%spush %s", sep, val);
				sep = ", ";
			}
		for (uint32_t i = p->op_off[b]; !r.leave[t] && i < p->op_off[b + 1]; i++) {
			if (prog_op_is_def(p->ops[i])) {
				push_value(v, r.push[j++], base, depth, stack, val, sizeof val);
				printf("%spush %s", sep, val);
			} else {
				show_value(v, r.opval[i], val, sizeof val);
				printf("%suse of %s reads %s", sep,
				       show_vname(v, prog_op_var(p->ops[i]), b2), val);
			}
			sep = ", ";
		}
		for (; r.leave[t] && j < r.push_off[t + 1]; j++) {
			uint32_t val_id = r.push[j];
			depth[val_id < s->nops ? prog_op_var(p->ops[val_id]) : s->phi_var[val_id - s->nops]]--;
			show_value(v, val_id, val, sizeof val);
			printf("%spop %s", sep, val);
			sep = ", ";
		}
		if (!r.leave[t]) {
			for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
				uint32_t y = g->succ[e], e2 = g->succ_off[b];
				while (g->succ[e2] != y)
					e2++;
				if (e2 < e)
					continue; /* a multi-edge: its operands were printed with the first */
				for (uint32_t q = s->phi_off[y]; q < s->phi_off[y + 1]; q++)
					for (uint64_t a = s->arg_off[q]; a < s->arg_off[q + 1]; a++) {
						if (r.step_of_arg[a] != t)
							continue;
						show_value(v, s->nops + q, val, sizeof val);
						show_value(v, r.arg[a], val2, sizeof val2);
						printf("%sφ %s at %s takes %s", sep, val, show_bname(v, y, b2),
						       val2);
						sep = ", ";
					}
			}
		}
		if (*sep == ' ')
			printf(" nothing");
		/* the stacks after the step, bottom to top; empty ones left out */
		printf("\n      stacks:");
		bool any = false;
		for (uint32_t x = 0; x < p->nvars; x++) {
			if (!depth[x])
				continue;
			printf(" %s [", show_vname(v, x, b1));
			for (uint32_t k = 0; k < depth[x]; k++) {
				show_value(v, stack[base[x] + k], val, sizeof val);
				printf("%s%s", k ? " " : "", val);
			}
			putchar(']');
			any = true;
		}
		printf("%s\n", any ? "" : " all empty");
	}
	show_rename_free(&r);
	ssa_free_all(depth, stack, base, NULL);
}

static void print_ssa(const struct view *v)
{
	printf("\nSSA form (%s φs, renamed by Cytron's stacks; verified)\n",
	       phi_flavor_name(v->flavor));
	/* the text, indented */
	const char *t = v->ssa_text;
	while (*t) {
		const char *nl = strchr(t, '\n');
		size_t k = nl ? (size_t)(nl - t) : strlen(t);
		printf("  %s%.*s\n", *t == '\t' ? "    " : "", (int)(*t == '\t' ? k - 1 : k),
		       *t == '\t' ? t + 1 : t);
		t += k + (nl ? 1 : 0);
	}
}

void show_print(const struct view *v)
{
	const struct prog *p = &v->p;
	const struct cfg *g = &p->cfg;
	unsigned on = v->views;
	printf("program %s: %u block%s, %u edge%s, %u variable%s, %u operation%s\n", v->path,
	       g->n, g->n == 1 ? "" : "s", g->m, g->m == 1 ? "" : "s", p->nvars,
	       p->nvars == 1 ? "" : "s", p->nops, p->nops == 1 ? "" : "s");
	/* two block lists: one to sort, one for put_set's copy */
	uint32_t *tmp = ssa_alloc_array(2 * (uint64_t)g->n + 1, sizeof *tmp);
	if (!tmp) {
		printf("(no memory)\n");
		return;
	}
	if (on & SHOW_BIT(SHOW_CFG))
		print_cfg(v);
	if (on & SHOW_BIT(SHOW_DOM))
		print_domtree(v);
	if (on & SHOW_BIT(SHOW_SETS))
		print_sets(v, tmp);
	if (on & SHOW_BIT(SHOW_STRICT))
		print_strict(v, tmp);
	if (on & SHOW_BIT(SHOW_DF))
		print_df(v, tmp);
	if (on & SHOW_BIT(SHOW_LOOPS))
		print_loops(v, tmp);
	unsigned var_views = SHOW_BIT(SHOW_IDF) | SHOW_BIT(SHOW_IDF_TRACE) | SHOW_BIT(SHOW_PHI) |
	                     SHOW_BIT(SHOW_RENAME) | SHOW_BIT(SHOW_SSA);
	if (!p->nvars && (on & var_views)) {
		printf("\nNo variables, so no φs and no renaming (--def x:B,... and --use x:B,... "
		       "give the blocks some).\n");
		free(tmp);
		return;
	}
	if (on & SHOW_BIT(SHOW_IDF))
		print_idf(v, tmp);
	if (on & SHOW_BIT(SHOW_IDF_TRACE))
		print_idf_trace(v);
	if (on & SHOW_BIT(SHOW_PHI))
		print_phi(v, tmp);
	if (on & SHOW_BIT(SHOW_RENAME))
		print_rename(v);
	if (on & SHOW_BIT(SHOW_SSA))
		print_ssa(v);
	free(tmp);
}
