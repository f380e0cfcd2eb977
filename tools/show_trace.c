/* show: the orders and traces the views share. Blocks in name order; the IDF worklist with its
 * W and F sets (the lecture notes' algorithm, one X at a time); Cytron's renaming replayed with
 * its per-variable stacks, step by step, and held to the renamer's answer; the renamed program
 * in the named dump's notation, with what C definitions store. All for at most SHOW_MAX_BLOCKS
 * blocks: the sorts are insertion sorts, the walks iterative. */
#include "show.h"

#include "util/mem.h"
#include "util/status.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char *show_bname(const struct view *v, uint32_t b, char *buf)
{
	return names_str(&v->p.bnames, b, "b", buf, 16);
}

const char *show_vname(const struct view *v, uint32_t x, char *buf)
{
	return names_str(&v->p.vnames, x, "v", buf, 16);
}

/* <0, 0, >0 as a person orders a and b: runs of digits by value, letters without case. */
static int natural_cmp(const char *a0, const char *b0)
{
	const char *a = a0, *b = b0;
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			while (*a == '0')
				a++;
			while (*b == '0')
				b++;
			size_t la = 0, lb = 0;
			while (isdigit((unsigned char)a[la]))
				la++;
			while (isdigit((unsigned char)b[lb]))
				lb++;
			if (la != lb)
				return la < lb ? -1 : 1;
			int c = memcmp(a, b, la);
			if (c)
				return c;
			a += la;
			b += lb;
			continue;
		}
		int ca = tolower((unsigned char)*a), cb = tolower((unsigned char)*b);
		if (ca != cb)
			return ca < cb ? -1 : 1;
		a++;
		b++;
	}
	if (*a || *b)
		return *a ? 1 : -1;
	return strcmp(a0, b0); /* equal but for case: still an order */
}

int show_rank(struct view *v)
{
	uint32_t n = v->p.cfg.n;
	uint32_t *order = ssa_alloc_array(n, sizeof *order);
	v->rank = ssa_alloc_array(n, sizeof *v->rank);
	if (!order || !v->rank) {
		free(order);
		return SSA_ENOMEM;
	}
	char b1[16], b2[16];
	for (uint32_t i = 0; i < n; i++) {
		/* insertion: n is at most SHOW_MAX_BLOCKS */
		uint32_t j = i;
		const char *s = show_bname(v, i, b1);
		/* the entry first (r, Entry, entry: where every text starts), then by name */
		while (j > 0 && order[j - 1] != 0 &&
		       natural_cmp(show_bname(v, order[j - 1], b2), s) > 0) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = i;
	}
	for (uint32_t i = 0; i < n; i++)
		v->rank[order[i]] = i;
	free(order);
	return SSA_OK;
}

void show_sort_blocks(const struct view *v, uint32_t *bl, uint32_t k)
{
	for (uint32_t i = 1; i < k; i++) {
		uint32_t x = bl[i], j = i;
		while (j > 0 && v->rank[bl[j - 1]] > v->rank[x]) {
			bl[j] = bl[j - 1];
			j--;
		}
		bl[j] = x;
	}
}

/* ---- the IDF worklist ---- */

int show_idf_alloc(struct show_idf *w, uint32_t n)
{
	memset(w, 0, sizeof *w);
	w->queue = ssa_alloc_array(n, sizeof *w->queue);
	w->in_f = ssa_alloc_array(n, 1);
	w->is_def = ssa_alloc_array(n, 1);
	w->added = ssa_alloc_array(n, sizeof *w->added);
	w->to_w = ssa_alloc_array(n, 1);
	w->scratch = ssa_alloc_array(n, sizeof *w->scratch);
	if (!w->queue || !w->in_f || !w->is_def || !w->added || !w->to_w || !w->scratch) {
		show_idf_free(w);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

void show_idf_free(struct show_idf *w)
{
	ssa_free_all(w->queue, w->in_f, w->is_def, w->added, w->to_w, w->scratch, NULL);
	memset(w, 0, sizeof *w);
}

void show_idf_start(struct show_idf *w, const struct view *v, uint32_t var)
{
	uint32_t n = v->p.cfg.n;
	w->var = var;
	w->step = 0;
	w->x = SSA_NONE;
	w->nadded = 0;
	memset(w->in_f, 0, n);
	memset(w->is_def, 0, n);
	w->head = w->tail = 0;
	const uint32_t *d = v->vb.def + v->vb.def_off[var];
	uint32_t k = (uint32_t)(v->vb.def_off[var + 1] - v->vb.def_off[var]);
	for (uint32_t i = 0; i < k; i++) {
		w->is_def[d[i]] = 1;
		w->queue[w->tail++] = d[i];
	}
	/* W starts as Defs(v), in name order like every printed set */
	show_sort_blocks(v, w->queue, w->tail);
}

bool show_idf_next(struct show_idf *w, const struct view *v)
{
	w->nadded = 0;
	if (w->head == w->tail)
		return false;
	uint32_t x = w->queue[w->head++];
	w->x = x;
	w->step++;
	uint32_t k = (uint32_t)(v->df.off[x + 1] - v->df.off[x]);
	memcpy(w->scratch, v->df.set + v->df.off[x], k * sizeof *w->scratch);
	show_sort_blocks(v, w->scratch, k);
	for (uint32_t i = 0; i < k; i++) {
		uint32_t y = w->scratch[i];
		if (w->in_f[y])
			continue;
		w->in_f[y] = 1;
		w->to_w[w->nadded] = !w->is_def[y];
		w->added[w->nadded++] = y;
		/* every block enters F once, so W never holds more than n blocks in all */
		if (!w->is_def[y])
			w->queue[w->tail++] = y;
	}
	return true;
}

uint32_t show_idf_f(struct show_idf *w, const struct view *v)
{
	uint32_t k = 0;
	for (uint32_t b = 0; b < v->p.cfg.n; b++)
		if (w->in_f[b])
			w->scratch[k++] = b;
	show_sort_blocks(v, w->scratch, k);
	return k;
}

/* ---- renaming, replayed ---- */

void show_rename_free(struct show_rename *r)
{
	ssa_free_all(r->block, r->leave, r->step_of_op, r->step_of_arg, r->opval, r->arg,
		     r->push_off, r->push, NULL);
	memset(r, 0, sizeof *r);
}

int show_rename_run(struct show_rename *r, const struct view *v)
{
	const struct prog *p = &v->p;
	const struct cfg *g = &p->cfg;
	const struct ssa_form *s = &v->ssa;
	const struct domtree *t = &v->dt;
	uint64_t nargs = s->nphi ? s->arg_off[s->nphi] : 0;
	uint64_t nvals = (uint64_t)s->nops + s->nphi;
	memset(r, 0, sizeof *r);
	r->nsteps = 2 * t->nreach;
	r->block = ssa_alloc_array(r->nsteps, sizeof *r->block);
	r->leave = ssa_alloc_array(r->nsteps, 1);
	r->step_of_op = ssa_alloc_array(p->nops, sizeof *r->step_of_op);
	r->step_of_arg = ssa_alloc_array(nargs, sizeof *r->step_of_arg);
	r->opval = ssa_alloc_array(p->nops, sizeof *r->opval);
	r->arg = ssa_alloc_array(nargs, sizeof *r->arg);
	r->push_off = ssa_alloc_array((uint64_t)r->nsteps + 1, sizeof *r->push_off);
	/* every value is pushed once and popped once */
	r->push = ssa_alloc_array(2 * nvals, sizeof *r->push);
	uint32_t *base = ssa_calloc_array((uint64_t)p->nvars + 1, sizeof *base);
	uint32_t *depth = ssa_calloc_array(p->nvars, sizeof *depth);
	uint32_t *stack = ssa_alloc_array(nvals, sizeof *stack);
	uint32_t *slot = ssa_alloc_array(g->m, sizeof *slot);
	uint32_t *cursor = ssa_alloc_array(g->n, sizeof *cursor);
	uint32_t *frame = ssa_alloc_array(g->n, sizeof *frame);
	uint32_t *next_child = ssa_alloc_array(g->n, sizeof *next_child);
	int st = SSA_OK;
	if (!r->block || !r->leave || !r->step_of_op || !r->step_of_arg || !r->opval || !r->arg ||
	    !r->push_off || !r->push || !base || !depth || !stack || !slot || !cursor || !frame ||
	    !next_child) {
		st = SSA_ENOMEM;
		goto out;
	}
	/* each variable's stack holds at most its definitions and φs */
	for (uint32_t i = 0; i < p->nops; i++)
		if (prog_op_is_def(p->ops[i]))
			base[prog_op_var(p->ops[i]) + 1]++;
	for (uint32_t q = 0; q < s->nphi; q++)
		base[s->phi_var[q] + 1]++;
	for (uint32_t x = 0; x < p->nvars; x++)
		base[x + 1] += base[x];
	ssa_edge_slots(g, slot, cursor);
	for (uint32_t i = 0; i < p->nops; i++) {
		r->opval[i] = prog_op_is_def(p->ops[i]) ? i : SSA_UNDEF;
		r->step_of_op[i] = SSA_NONE;
	}
	for (uint64_t j = 0; j < nargs; j++) {
		r->arg[j] = SSA_UNDEF;
		r->step_of_arg[j] = SSA_NONE;
	}
	uint32_t np = 0, sp = 0, step = 0;
	r->push_off[0] = 0;
	if (t->nreach) {
		frame[sp++] = t->root;
		next_child[t->root] = t->child_off[t->root];
	}
	bool entering = t->nreach > 0;
	while (sp) {
		uint32_t b = frame[sp - 1];
		if (entering) {
			cursor[b] = step; /* ssa_edge_slots is done with it */
			r->block[step] = b;
			r->leave[step] = 0;
			for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++) {
				uint32_t x = s->phi_var[q];
				stack[base[x] + depth[x]++] = s->nops + q;
				r->push[np++] = s->nops + q;
			}
			for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
				uint32_t x = prog_op_var(p->ops[i]);
				if (prog_op_is_def(p->ops[i])) {
					stack[base[x] + depth[x]++] = i;
					r->push[np++] = i;
				} else {
					r->opval[i] = depth[x] ? stack[base[x] + depth[x] - 1] : SSA_UNDEF;
				}
				r->step_of_op[i] = step;
			}
			for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
				uint32_t y = g->succ[e], j = slot[e]; /* operand slot in y's φs */
				for (uint32_t q = s->phi_off[y]; q < s->phi_off[y + 1]; q++) {
					uint32_t x = s->phi_var[q];
					r->arg[s->arg_off[q] + j] =
						depth[x] ? stack[base[x] + depth[x] - 1] : SSA_UNDEF;
					r->step_of_arg[s->arg_off[q] + j] = step;
				}
			}
			r->push_off[++step] = np;
		}
		if (next_child[b] < t->child_off[b + 1]) {
			uint32_t c = t->child[next_child[b]++];
			next_child[c] = t->child_off[c];
			frame[sp++] = c;
			entering = true;
			continue;
		}
		/* leaving b: pop what entering it pushed, last first */
		uint32_t k = cursor[b], from = r->push_off[k];
		r->block[step] = b;
		r->leave[step] = 1;
		for (uint32_t j = r->push_off[k + 1]; j > from; j--) {
			uint32_t val = r->push[j - 1];
			uint32_t x = val < s->nops ? prog_op_var(p->ops[val]) : s->phi_var[val - s->nops];
			depth[x]--;
			r->push[np++] = val;
		}
		r->push_off[++step] = np;
		sp--;
		entering = false;
	}
out:
	ssa_free_all(base, depth, stack, slot, cursor, frame, next_child, NULL);
	if (st)
		show_rename_free(r);
	return st;
}

int show_rename_check(const struct show_rename *r, const struct view *v, char *msg, size_t len)
{
	const struct ssa_form *s = &v->ssa;
	char b1[16];
	for (uint32_t i = 0; i < v->p.nops; i++)
		if (r->opval[i] != s->opval[i]) {
			char a[300], b[300];
			show_value(v, r->opval[i], a, sizeof a);
			show_value(v, s->opval[i], b, sizeof b);
			snprintf(msg, len, "op %u reads %s by the stacks, %s by the renamer", i, a, b);
			return SSA_EVERIFY;
		}
	for (uint32_t q = 0; q < s->nphi; q++)
		for (uint64_t j = s->arg_off[q]; j < s->arg_off[q + 1]; j++)
			if (r->arg[j] != s->arg[j]) {
				snprintf(msg, len, "φ of %s at %s, operand %llu",
					 show_vname(v, s->phi_var[q], b1),
					 show_bname(v, s->phi_block[q], b1 + 8),
					 (unsigned long long)(j - s->arg_off[q]));
				return SSA_EVERIFY;
			}
	return SSA_OK;
}

/* ---- the renamed program ---- */

int show_versions(struct view *v)
{
	const struct ssa_form *s = &v->ssa;
	const struct prog *p = &v->p;
	v->ver = ssa_alloc_array((uint64_t)s->nops + s->nphi + 1, sizeof *v->ver);
	uint32_t *next = ssa_calloc_array((uint64_t)p->nvars + 1, sizeof *next);
	if (!v->ver || !next) {
		free(next);
		return SSA_ENOMEM;
	}
	/* block order, φs first: the numbering of ssa_form_dump_named */
	for (uint32_t b = 0; b < s->n; b++) {
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
			v->ver[s->nops + q] = next[s->phi_var[q]]++;
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
			if (prog_op_is_def(p->ops[i]))
				v->ver[i] = next[prog_op_var(p->ops[i])]++;
	}
	free(next);
	return SSA_OK;
}

void show_value(const struct view *v, uint32_t val, char *buf, size_t len)
{
	const struct ssa_form *s = &v->ssa;
	char b[16];
	if (val == SSA_UNDEF) {
		snprintf(buf, len, "undef");
		return;
	}
	uint32_t var = val < s->nops ? prog_op_var(v->p.ops[val]) : s->phi_var[val - s->nops];
	snprintf(buf, len, "%s.%u", show_vname(v, var, b), v->ver[val]);
}

void show_rhs_write(FILE *f, const struct view *v, uint32_t op, bool renamed)
{
	const char *t = v->rhs.pool + v->rhs.rhs[op];
	char b[300];
	while (*t) {
		if (*t != '\x01') {
			fputc(*t++, f);
			continue;
		}
		uint32_t j = (uint32_t)strtoul(t + 1, (char **)&t, 10);
		t += *t == '\x02';
		if (j >= v->p.nops)
			continue;
		if (renamed)
			show_value(v, v->ssa.opval[j], b, sizeof b);
		fputs(renamed ? b : show_vname(v, prog_op_var(v->p.ops[j]), b), f);
	}
}

int show_ssa_write(FILE *f, const struct view *v, bool with_rhs)
{
	const struct prog *p = &v->p;
	const struct cfg *g = &p->cfg;
	const struct ssa_form *s = &v->ssa;
	bool rhs = with_rhs && v->rhs.rhs;
	char b1[16], val[300];
	for (uint32_t b = 0; b < s->n; b++) {
		fprintf(f, "%s:\n", show_bname(v, b, b1));
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++) {
			show_value(v, s->nops + q, val, sizeof val);
			fprintf(f, "\t%s = φ(", val);
			for (uint64_t j = s->arg_off[q]; j < s->arg_off[q + 1]; j++) {
				uint32_t from = g->pred[g->pred_off[b] + (j - s->arg_off[q])];
				show_value(v, s->arg[j], val, sizeof val);
				fprintf(f, "%s%s from %s", j > s->arg_off[q] ? ", " : "", val,
					show_bname(v, from, b1));
			}
			fputs(")\n", f);
		}
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			if (prog_op_is_def(p->ops[i])) {
				show_value(v, i, val, sizeof val);
				fprintf(f, "\t%s = ", val);
				if (rhs && v->rhs.rhs[i] != SHOW_NO_RHS)
					show_rhs_write(f, v, i, true);
				else
					fputs("…", f);
				fputc('\n', f);
			} else if (!rhs || v->rhs.reads[i] == SHOW_NO_RHS) {
				show_value(v, s->opval[i], val, sizeof val);
				fprintf(f, "\t… = %s\n", val);
			}
		}
	}
	return ferror(f) ? SSA_EIO : SSA_OK;
}
