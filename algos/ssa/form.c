/* The flat SSA form (ssa.h): layout of φs by block, compaction after pruning, canonical
 * comparison between forms, the "ssa" text dump, and each edge's φ operand slot. Layout is a
 * counting sort of the placement's (variable, block) pairs by block, O(n + nvars + φs) with
 * only the prefix sum over the blocks proportional to n; the arrays take 4(n+1) + 16 nphi +
 * 4 nargs + 4 nops bytes. */
#include "ssa/ssa.h"

#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

uint64_t ssa_form_bytes(uint64_t n, uint64_t nops, uint64_t nphi, uint64_t nargs)
{
	uint64_t b = ssa_array_bytes(n + 1, 4);                   /* phi_off */
	b = ssa_sat_add(b, ssa_bytes(2, ssa_array_bytes(nphi, 4))); /* phi_var, phi_block */
	b = ssa_sat_add(b, ssa_array_bytes(nphi + 1, 8));           /* arg_off */
	b = ssa_sat_add(b, ssa_array_bytes(nargs, 4));
	return ssa_sat_add(b, ssa_array_bytes(nops, 4));
}

void ssa_form_free(struct ssa_form *s)
{
	ssa_free_all(s->phi_off, s->phi_var, s->phi_block, s->arg_off, s->arg, s->opval, NULL);
	memset(s, 0, sizeof(*s));
}

/* Sizes s's arrays for total φs over p, reusing those of an earlier layout (s zeroed, or laid
 * out before over a program with as many blocks: same-size reallocs cost nothing and touch no
 * fresh page), with phi_off zeroed; arg is sized later (layout_args). On failure s is freed. */
static int layout_arrays(struct ssa_form *s, const struct prog *p, uint64_t total)
{
	const uint32_t n = p->cfg.n;
	if (s->phi_off && s->n != n)
		ssa_form_free(s);
	s->n = n;
	s->nvars = p->nvars;
	s->nops = p->nops;
	s->nphi = (uint32_t)total;
	if (s->phi_off)
		memset(s->phi_off, 0, ((size_t)n + 1) * sizeof(uint32_t));
	else
		s->phi_off = ssa_calloc_array((size_t)n + 1, sizeof(uint32_t));
	uint32_t *pv = ssa_realloc_array(s->phi_var, total, sizeof(uint32_t));
	if (pv)
		s->phi_var = pv;
	uint32_t *pb = ssa_realloc_array(s->phi_block, total, sizeof(uint32_t));
	if (pb)
		s->phi_block = pb;
	uint64_t *ao = ssa_realloc_array(s->arg_off, total + 1, sizeof(uint64_t));
	if (ao)
		s->arg_off = ao;
	uint32_t *ov = ssa_realloc_array(s->opval, p->nops, sizeof(uint32_t));
	if (ov)
		s->opval = ov;
	if (!s->phi_off || !pv || !pb || !ao || !ov) {
		ssa_form_free(s);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

/* Operand offsets from phi_block (each φ takes its block's in-degree), then arg. */
static int layout_args(struct ssa_form *s, const struct prog *p)
{
	const struct cfg *g = &p->cfg;
	uint64_t nargs = 0;
	for (uint32_t q = 0; q < s->nphi; q++) {
		s->arg_off[q] = nargs;
		nargs += cfg_in_degree(g, s->phi_block[q]);
	}
	s->arg_off[s->nphi] = nargs;
	if (nargs > SIZE_MAX / sizeof(uint32_t)) {
		ssa_form_free(s);
		return SSA_ETOOBIG;
	}
	uint32_t *a = ssa_realloc_array(s->arg, nargs, sizeof(uint32_t));
	if (!a) {
		ssa_form_free(s);
		return SSA_ENOMEM;
	}
	s->arg = a;
	return SSA_OK;
}

/* Every pass but the prefix sum over phi_off touches φs only, so a placement with few φs costs
 * two sequential passes over n + 1 words. Within a block, φs come in variable order: they are
 * filled variable by variable, each block's next free slot kept in phi_block at the block's
 * first slot until the block ids are written. */
int ssa_form_relayout(struct ssa_form *s, const struct prog *p, const struct phi_sets *ps)
{
	const uint32_t n = p->cfg.n;
	if (ps->nvars != p->nvars) {
		ssa_form_free(s);
		return SSA_EINPUT;
	}
	for (uint32_t v = 0; v < ps->nvars; v++)
		for (uint64_t k = ps->off[v]; k < ps->off[v + 1]; k++)
			if (ps->blocks[k] >= n || (k > ps->off[v] && ps->blocks[k - 1] >= ps->blocks[k])) {
				ssa_form_free(s);
				return SSA_EINPUT;
			}
	uint64_t total = ps->off[ps->nvars];
	if ((uint64_t)p->nops + total >= SSA_UNDEF) {
		ssa_form_free(s);
		return SSA_ETOOBIG;
	}
	int rc = layout_arrays(s, p, total);
	if (rc != SSA_OK)
		return rc;
	uint32_t *off = s->phi_off, *pb = s->phi_block;
	for (uint64_t k = 0; k < total; k++)
		off[ps->blocks[k] + 1]++;
	for (uint32_t b = 0; b < n; b++)
		off[b + 1] += off[b];
	for (uint64_t k = 0; k < total; k++)
		pb[off[ps->blocks[k]]] = off[ps->blocks[k]];
	for (uint32_t v = 0; v < ps->nvars; v++)
		for (uint64_t k = ps->off[v]; k < ps->off[v + 1]; k++) {
			uint32_t b = ps->blocks[k], q = pb[off[b]]++;
			s->phi_var[q] = v;
			if (q != off[b])
				pb[q] = b;
		}
	for (uint64_t k = 0; k < total; k++)
		pb[off[ps->blocks[k]]] = ps->blocks[k];
	return layout_args(s, p);
}

int ssa_form_layout(struct ssa_form *s, const struct prog *p, const struct phi_sets *ps)
{
	memset(s, 0, sizeof(*s));
	return ssa_form_relayout(s, p, ps);
}

int ssa_form_layout_all(struct ssa_form *s, const struct prog *p, const uint8_t *at_block)
{
	uint64_t nblk = 0;
	for (uint32_t b = 0; b < p->cfg.n; b++)
		nblk += at_block[b] != 0;
	uint64_t total;
	memset(s, 0, sizeof(*s));
	if (__builtin_mul_overflow(nblk, (uint64_t)p->nvars, &total) ||
	    (uint64_t)p->nops + total >= SSA_UNDEF)
		return SSA_ETOOBIG;
	int rc = layout_arrays(s, p, total);
	if (rc != SSA_OK)
		return rc;
	uint32_t q = 0;
	for (uint32_t b = 0; b < p->cfg.n; b++) {
		s->phi_off[b] = q;
		if (!at_block[b])
			continue;
		for (uint32_t v = 0; v < p->nvars; v++, q++) {
			s->phi_var[q] = v;
			s->phi_block[q] = b;
		}
	}
	s->phi_off[p->cfg.n] = q;
	return layout_args(s, p);
}

int ssa_form_phi_sets(const struct ssa_form *s, struct phi_sets *out)
{
	memset(out, 0, sizeof(*out));
	out->nvars = s->nvars;
	out->total = s->nphi;
	out->off = ssa_calloc_array((size_t)s->nvars + 1, sizeof(uint64_t));
	out->blocks = ssa_alloc_array(s->nphi, sizeof(uint32_t));
	uint64_t *cursor = ssa_alloc_array(s->nvars, sizeof(uint64_t));
	if (!out->off || !out->blocks || !cursor) {
		free(cursor);
		ssa_phi_sets_release(out);
		return SSA_ENOMEM;
	}
	for (uint32_t q = 0; q < s->nphi; q++)
		out->off[s->phi_var[q] + 1]++;
	for (uint32_t v = 0; v < s->nvars; v++)
		out->off[v + 1] += out->off[v];
	memcpy(cursor, out->off, (size_t)s->nvars * sizeof(uint64_t));
	/* φs are stored by ascending block, so each variable's list comes out ascending. */
	for (uint32_t q = 0; q < s->nphi; q++)
		out->blocks[cursor[s->phi_var[q]]++] = s->phi_block[q];
	free(cursor);
	return SSA_OK;
}

void ssa_phi_sets_release(struct phi_sets *ps)
{
	free(ps->off);
	free(ps->blocks);
	memset(ps, 0, sizeof(*ps));
}

int ssa_form_compact(struct ssa_form *out, const struct ssa_form *in, const uint8_t *keep)
{
	memset(out, 0, sizeof(*out));
	uint32_t *newid = ssa_alloc_array(in->nphi, sizeof(uint32_t));
	if (!newid)
		return SSA_ENOMEM;
	uint32_t nkeep = 0;
	uint64_t nargs = 0;
	for (uint32_t q = 0; q < in->nphi; q++) {
		if (keep[q]) {
			newid[q] = nkeep++;
			nargs += in->arg_off[q + 1] - in->arg_off[q];
		} else {
			newid[q] = SSA_UNDEF;
		}
	}
	out->n = in->n;
	out->nvars = in->nvars;
	out->nops = in->nops;
	out->nphi = nkeep;
	out->phi_off = ssa_alloc_array((size_t)in->n + 1, sizeof(uint32_t));
	out->phi_var = ssa_alloc_array(nkeep, sizeof(uint32_t));
	out->phi_block = ssa_alloc_array(nkeep, sizeof(uint32_t));
	out->arg_off = ssa_alloc_array((size_t)nkeep + 1, sizeof(uint64_t));
	out->arg = ssa_alloc_array(nargs, sizeof(uint32_t));
	out->opval = ssa_alloc_array(in->nops, sizeof(uint32_t));
	int rc = SSA_ENOMEM;
	if (!out->phi_off || !out->phi_var || !out->phi_block || !out->arg_off || !out->arg ||
	    !out->opval)
		goto fail;
	rc = SSA_EINPUT;
	uint32_t nops = in->nops;
#define REMAP(v, dst)                                                                          \
	do {                                                                                   \
		uint32_t v_ = (v);                                                             \
		if (v_ != SSA_UNDEF && v_ >= nops) {                                           \
			if (v_ - nops >= in->nphi || newid[v_ - nops] == SSA_UNDEF)            \
				goto fail;                                                     \
			v_ = nops + newid[v_ - nops];                                          \
		}                                                                              \
		(dst) = v_;                                                                    \
	} while (0)
	uint32_t k = 0;
	uint64_t a = 0;
	for (uint32_t b = 0; b < in->n; b++) {
		out->phi_off[b] = k;
		for (uint32_t q = in->phi_off[b]; q < in->phi_off[b + 1]; q++) {
			if (!keep[q])
				continue;
			out->phi_var[k] = in->phi_var[q];
			out->phi_block[k] = b;
			out->arg_off[k] = a;
			for (uint64_t j = in->arg_off[q]; j < in->arg_off[q + 1]; j++)
				REMAP(in->arg[j], out->arg[a++]);
			k++;
		}
	}
	out->phi_off[in->n] = k;
	out->arg_off[k] = a;
	for (uint32_t i = 0; i < nops; i++)
		REMAP(in->opval[i], out->opval[i]);
#undef REMAP
	free(newid);
	return SSA_OK;
fail:
	free(newid);
	ssa_form_free(out);
	return rc;
}

void ssa_value_str(const struct ssa_form *s, uint32_t v, char *buf, size_t len)
{
	if (v == SSA_UNDEF)
		snprintf(buf, len, "undef");
	else if (v < s->nops)
		snprintf(buf, len, "d%" PRIu32, v);
	else if (v - s->nops < s->nphi)
		snprintf(buf, len, "phi(v%" PRIu32 "@b%" PRIu32 ")", s->phi_var[v - s->nops],
			 s->phi_block[v - s->nops]);
	else
		snprintf(buf, len, "bad#%" PRIu32, v);
}

/* Canonical key of a value: definitions by op index, φs by (block, variable). */
static bool same_value(const struct ssa_form *a, uint32_t va, const struct ssa_form *b,
		       uint32_t vb)
{
	bool pa = ssa_value_is_phi(a, va), pb = ssa_value_is_phi(b, vb);
	if (pa != pb)
		return false;
	if (!pa)
		return va == vb;
	if (va - a->nops >= a->nphi || vb - b->nops >= b->nphi)
		return false;
	return a->phi_block[va - a->nops] == b->phi_block[vb - b->nops] &&
	       a->phi_var[va - a->nops] == b->phi_var[vb - b->nops];
}

bool ssa_form_equal(const struct ssa_form *a, const struct ssa_form *b, char *msg, size_t msglen)
{
	char x[64], y[64];
	if (a->n != b->n || a->nops != b->nops || a->nvars != b->nvars) {
		snprintf(msg, msglen, "different programs");
		return false;
	}
	for (uint32_t blk = 0; blk < a->n; blk++) {
		uint32_t qa = a->phi_off[blk], qb = b->phi_off[blk];
		uint32_t ea = a->phi_off[blk + 1], eb = b->phi_off[blk + 1];
		for (; qa < ea && qb < eb; qa++, qb++) {
			if (a->phi_var[qa] != b->phi_var[qb])
				break;
			for (uint64_t j = 0; j < a->arg_off[qa + 1] - a->arg_off[qa]; j++) {
				uint32_t va = a->arg[a->arg_off[qa] + j], vb = b->arg[b->arg_off[qb] + j];
				if (!same_value(a, va, b, vb)) {
					ssa_value_str(a, va, x, sizeof(x));
					ssa_value_str(b, vb, y, sizeof(y));
					snprintf(msg, msglen,
						 "block %" PRIu32 " phi of v%" PRIu32 " operand %" PRIu64
						 ": %s vs %s",
						 blk, a->phi_var[qa], j, x, y);
					return false;
				}
			}
		}
		if (qa < ea || qb < eb) {
			snprintf(msg, msglen, "block %" PRIu32 ": phi for v%" PRIu32 " only in the %s",
				 blk,
				 qa < ea && (qb >= eb || a->phi_var[qa] < b->phi_var[qb])
					 ? a->phi_var[qa]
					 : b->phi_var[qb],
				 qa < ea && (qb >= eb || a->phi_var[qa] < b->phi_var[qb]) ? "first"
											  : "second");
			return false;
		}
	}
	for (uint32_t i = 0; i < a->nops; i++) {
		if (!same_value(a, a->opval[i], b, b->opval[i])) {
			ssa_value_str(a, a->opval[i], x, sizeof(x));
			ssa_value_str(b, b->opval[i], y, sizeof(y));
			snprintf(msg, msglen, "op %" PRIu32 " reads %s vs %s", i, x, y);
			return false;
		}
	}
	return true;
}

/* One line per block that has φs or ops:
 *   b<id>: <phi>... | <op>...
 * a φ "v3=phi(d7,p2,undef)" (operands in predecessor order), a definition "d12:v3", a use
 * "u13:v3=d7" (the op index, its variable and the value read). */
int ssa_form_dump(FILE *f, const struct prog *p, const struct ssa_form *s)
{
	if (names_any(&p->bnames) || names_any(&p->vnames))
		return ssa_form_dump_named(f, p, s);
	char buf[64];
	fprintf(f, "ssa blocks %" PRIu32 " vars %" PRIu32 " ops %" PRIu32 " phis %" PRIu32
		   " operands %" PRIu64 "\n",
		s->n, s->nvars, s->nops, s->nphi, s->nphi ? s->arg_off[s->nphi] : 0);
	for (uint32_t b = 0; b < s->n; b++) {
		if (s->phi_off[b] == s->phi_off[b + 1] && p->op_off[b] == p->op_off[b + 1])
			continue;
		fprintf(f, "b%" PRIu32 ":", b);
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++) {
			fprintf(f, " p%" PRIu32 ":v%" PRIu32 "=phi(", q, s->phi_var[q]);
			for (uint64_t j = s->arg_off[q]; j < s->arg_off[q + 1]; j++) {
				uint32_t v = s->arg[j];
				if (v == SSA_UNDEF)
					snprintf(buf, sizeof(buf), "undef");
				else if (v < s->nops)
					snprintf(buf, sizeof(buf), "d%" PRIu32, v);
				else
					snprintf(buf, sizeof(buf), "p%" PRIu32, v - s->nops);
				fprintf(f, "%s%s", j > s->arg_off[q] ? "," : "", buf);
			}
			fputc(')', f);
		}
		fprintf(f, " |");
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			uint32_t op = p->ops[i], v = s->opval[i];
			if (prog_op_is_def(op)) {
				fprintf(f, " d%" PRIu32 ":v%" PRIu32, i, prog_op_var(op));
				continue;
			}
			if (v == SSA_UNDEF)
				snprintf(buf, sizeof(buf), "undef");
			else if (v < s->nops)
				snprintf(buf, sizeof(buf), "d%" PRIu32, v);
			else
				snprintf(buf, sizeof(buf), "p%" PRIu32, v - s->nops);
			fprintf(f, " u%" PRIu32 ":v%" PRIu32 "=%s", i, prog_op_var(op), buf);
		}
		if (fputc('\n', f) == EOF)
			return SSA_EIO;
	}
	return ferror(f) ? SSA_EIO : SSA_OK;
}

/* "x.3" for value v (a definition op or a φ), "undef" for SSA_UNDEF. */
static void put_value(FILE *f, const struct prog *p, const struct ssa_form *s, const uint32_t *ver,
		      uint32_t v)
{
	char b[16];
	if (v == SSA_UNDEF) {
		fputs("undef", f);
		return;
	}
	uint32_t var = v < s->nops ? prog_op_var(p->ops[v]) : s->phi_var[v - s->nops];
	fprintf(f, "%s.%" PRIu32, names_str(&p->vnames, var, "v", b, sizeof b), ver[v]);
}

int ssa_form_dump_named(FILE *f, const struct prog *p, const struct ssa_form *s)
{
	const struct cfg *g = &p->cfg;
	uint64_t nval = (uint64_t)s->nops + s->nphi;
	uint32_t *ver = ssa_alloc_array((size_t)nval + 1, sizeof *ver);
	uint32_t *next = ssa_calloc_array((size_t)s->nvars + 1, sizeof *next);
	if (!ver || !next) {
		free(ver);
		free(next);
		return SSA_ENOMEM;
	}
	for (uint32_t b = 0; b < s->n; b++) {
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
			ver[s->nops + q] = next[s->phi_var[q]]++;
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
			if (prog_op_is_def(p->ops[i]))
				ver[i] = next[prog_op_var(p->ops[i])]++;
	}
	char b1[16];
	for (uint32_t b = 0; b < s->n; b++) {
		fprintf(f, "%s:\n", names_str(&p->bnames, b, "b", b1, sizeof b1));
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++) {
			fputc('\t', f);
			put_value(f, p, s, ver, s->nops + q);
			fputs(" = φ(", f);
			for (uint64_t j = s->arg_off[q]; j < s->arg_off[q + 1]; j++) {
				uint32_t from = g->pred[g->pred_off[b] + (j - s->arg_off[q])];
				if (j > s->arg_off[q])
					fputs(", ", f);
				put_value(f, p, s, ver, s->arg[j]);
				fprintf(f, " from %s", names_str(&p->bnames, from, "b", b1, sizeof b1));
			}
			fputs(")\n", f);
		}
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			fputc('\t', f);
			if (prog_op_is_def(p->ops[i])) {
				put_value(f, p, s, ver, i);
				fputs(" = …\n", f);
			} else {
				fputs("… = ", f);
				put_value(f, p, s, ver, s->opval[i]);
				fputc('\n', f);
			}
		}
	}
	free(ver);
	free(next);
	return ferror(f) ? SSA_EIO : SSA_OK;
}

/* pred(v) is ordered by (source, position among the source's successors), so walking the
 * successor CSR in order and handing out pred slots with a per-target cursor reproduces it. */
void ssa_edge_slots(const struct cfg *g, uint32_t *edge_slot, uint32_t *cursor)
{
	memcpy(cursor, g->pred_off, (size_t)g->n * sizeof(uint32_t));
	for (uint32_t e = 0; e < g->m; e++)
		edge_slot[e] = cursor[g->succ[e]]++ - g->pred_off[g->succ[e]];
}

/* Uses and out-edge operands of a block no path from the entry reaches: undefined. */
void ssa_fill_unreached(const struct prog *p, const struct domtree *t, struct ssa_form *f,
			   const uint32_t *edge_slot)
{
	const struct cfg *g = &p->cfg;
	for (uint32_t b = 0; b < g->n; b++) {
		if (t->tin[b] != SSA_NONE)
			continue;
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
			f->opval[i] = prog_op_is_def(p->ops[i]) ? i : SSA_UNDEF;
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
			uint32_t y = g->succ[e];
			for (uint32_t q = f->phi_off[y]; q < f->phi_off[y + 1]; q++)
				f->arg[f->arg_off[q] + edge_slot[e]] = SSA_UNDEF;
		}
	}
}
