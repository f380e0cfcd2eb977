/* From a program with copies to its SSA program and back to a non-conventional one: lowering to
 * the construction stages' struct prog, building SSA with the library's placement and renamers,
 * lifting the form to SSA names, and copy propagation.
 *
 * Construction reuses the existing stages unchanged: a copy x <- y is, for them, a use of y
 * followed by a definition of x, so the renamer tells which SSA value every source reads; the
 * lift then turns that use/definition pair back into a copy between SSA names. Time and memory
 * O(n + m + ops + φ operands) on top of the stages themselves. */
#include "destruct/destruct.h"

#include "dom/dom.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

int cprog_lower(const struct cprog *c, struct prog *out)
{
	const struct cfg *g = c->g;
	if (c->nphi)
		return SSA_EINPUT;
	uint64_t nops = 0;
	for (uint32_t i = 0; i < c->nops; i++) {
		unsigned k = cprog_kind_of(c, i);
		if (k != CP_DEF && k != CP_USE && c->src[i] == SSA_UNDEF)
			return SSA_EINPUT;
		if (k == CP_USE && c->var[i] == SSA_UNDEF)
			return SSA_EINPUT;
		nops += k == CP_DEF || k == CP_USE ? 1 : 2;
	}
	if (nops >= UINT32_MAX || c->nvars > PROG_MAX_VARS)
		return SSA_ETOOBIG;
	struct cfg gc;
	int rc = cfg_clone(&gc, g);
	if (rc != SSA_OK)
		return rc;
	uint32_t *off = ssa_alloc_array((size_t)g->n + 1, sizeof(uint32_t));
	uint32_t *ops = ssa_alloc_array((size_t)nops, sizeof(uint32_t));
	if (!off || !ops) {
		ssa_free_all(off, ops);
		cfg_free(&gc);
		return SSA_ENOMEM;
	}
	uint32_t k = 0;
	for (uint32_t b = 0; b < g->n; b++) {
		off[b] = k;
		for (uint32_t i = c->op_off[b]; i < c->op_off[b + 1];) {
			unsigned kd = cprog_kind_of(c, i);
			if (kd == CP_DEF || kd == CP_USE) {
				ops[k++] = prog_op(c->var[i], kd == CP_DEF ? PROG_DEF : PROG_USE);
				i++;
				continue;
			}
			/* A copy, or a whole parallel copy: all reads before all writes. */
			uint32_t end = i + 1;
			if (kd == CP_PAR)
				while (end < c->op_off[b + 1] && cprog_kind_of(c, end) == CP_PAR &&
				       !(c->kind[end] & CP_PAR_FIRST))
					end++;
			for (uint32_t j = i; j < end; j++)
				ops[k++] = prog_op(c->src[j], PROG_USE);
			for (uint32_t j = i; j < end; j++)
				ops[k++] = prog_op(c->var[j], PROG_DEF);
			i = end;
		}
	}
	off[g->n] = k;
	prog_init(out, &gc, c->nvars, k, off, ops);
	return SSA_OK;
}

/* Lifts form f over the lowered program q back onto c's op structure. */
static int lift(const struct cprog *c, const struct prog *q, const struct ssa_form *f,
		struct cprog *out)
{
	const struct cfg *g = c->g;
	uint32_t *name = ssa_alloc_array((size_t)f->nops + f->nphi, sizeof(uint32_t));
	if (!name)
		return SSA_ENOMEM;
	uint32_t nd = 0;
	for (uint32_t i = 0; i < q->nops; i++)
		name[i] = prog_op_is_def(q->ops[i]) ? nd++ : SSA_NONE;
	if ((uint64_t)nd + f->nphi >= UINT32_MAX) {
		free(name);
		return SSA_ETOOBIG;
	}
	for (uint32_t p = 0; p < f->nphi; p++)
		name[f->nops + p] = nd + p;
	int rc = cprog_alloc(out, g, nd + f->nphi, c->nops, f->nphi, f->arg_off[f->nphi]);
	if (rc != SSA_OK) {
		free(name);
		return rc;
	}
#define NAME(v) ((v) == SSA_UNDEF ? SSA_UNDEF : name[v])
	memcpy(out->phi_off, f->phi_off, ((size_t)g->n + 1) * sizeof(uint32_t));
	memcpy(out->arg_off, f->arg_off, ((size_t)f->nphi + 1) * sizeof(uint64_t));
	for (uint32_t p = 0; p < f->nphi; p++)
		out->phi_var[p] = nd + p;
	for (uint64_t k = 0; k < f->arg_off[f->nphi]; k++)
		out->arg[k] = NAME(f->arg[k]);
	memcpy(out->op_off, c->op_off, ((size_t)g->n + 1) * sizeof(uint32_t));
	for (uint32_t b = 0; b < g->n; b++) {
		uint32_t j = q->op_off[b];
		for (uint32_t i = c->op_off[b]; i < c->op_off[b + 1];) {
			unsigned kd = cprog_kind_of(c, i);
			if (kd == CP_DEF || kd == CP_USE) {
				out->kind[i] = c->kind[i];
				out->var[i] = NAME(f->opval[j]);
				out->src[i] = SSA_NONE;
				i++;
				j++;
				continue;
			}
			uint32_t end = i + 1;
			if (kd == CP_PAR)
				while (end < c->op_off[b + 1] && cprog_kind_of(c, end) == CP_PAR &&
				       !(c->kind[end] & CP_PAR_FIRST))
					end++;
			uint32_t w = end - i;
			for (uint32_t l = 0; l < w; l++) {
				out->kind[i + l] = c->kind[i + l];
				out->src[i + l] = NAME(f->opval[j + l]);
				out->var[i + l] = NAME(f->opval[j + w + l]);
			}
			j += 2 * w;
			i = end;
		}
	}
#undef NAME
	free(name);
	return SSA_OK;
}

int cprog_build_ssa(const struct cprog *c, const struct phi_algo *place, enum phi_flavor flavor,
		    const struct rename_algo *ren, struct cprog *ssa, struct domtree *t)
{
	struct prog q;
	int rc = cprog_lower(c, &q);
	if (rc != SSA_OK)
		return rc;
	if (!ren)
		ren = algo_find(rename_algos, rename_nalgos, "rename-stack");
	struct phi_sets ps = {0};
	struct ssa_form f = {0};
	const char *failed;
	memset(t, 0, sizeof(*t));
	if (!ren) {
		rc = SSA_EUSAGE;
		goto out;
	}
	/* the lowered program's CFG is a copy of c's: the tree is c's */
	rc = rename_input_build(place, &q, flavor, NULL, t, &ps, &f, NULL, &failed);
	if (rc == SSA_OK)
		rc = rename_compute(ren, &q, t, &f, NULL);
	if (rc == SSA_OK)
		rc = lift(c, &q, &f, ssa);
	if (rc != SSA_OK)
		domtree_free(t);
out:
	ssa_form_free(&f);
	phi_sets_free(&ps);
	prog_free(&q);
	return rc;
}

int cprog_copy_propagate(struct cprog *s, uint64_t *removed)
{
	const struct cfg *g = s->g;
	uint32_t *fwd = ssa_alloc_array(s->nvars, sizeof(uint32_t));
	if (!fwd)
		return SSA_ENOMEM;
	for (uint32_t v = 0; v < s->nvars; v++)
		fwd[v] = v;
	for (uint32_t i = 0; i < s->nops; i++)
		if (cprog_kind_of(s, i) >= CP_COPY)
			fwd[s->var[i]] = s->src[i];
	/* Resolve chains x <- y <- z: in strict SSA the source's definition dominates the copy, so
	 * the chains are acyclic; each is walked once and then compressed to its end (SSA_UNDEF or
	 * a name that is not a copy). */
	for (uint32_t v = 0; v < s->nvars; v++) {
		uint32_t r = v, steps = 0;
		while (r != SSA_UNDEF && fwd[r] != r) {
			r = fwd[r];
			if (++steps > s->nvars) {
				free(fwd);
				return SSA_EINPUT; /* a cycle of copies: not strict SSA */
			}
		}
		for (uint32_t x = v; x != r && fwd[x] != r;) {
			uint32_t nx = fwd[x];
			fwd[x] = r;
			x = nx;
		}
	}
#define RES(v) ((v) == SSA_UNDEF ? SSA_UNDEF : fwd[v])
	for (uint64_t k = 0; k < s->arg_off[s->nphi]; k++)
		s->arg[k] = RES(s->arg[k]);
	uint32_t k = 0;
	uint64_t gone = 0;
	for (uint32_t b = 0; b < g->n; b++) {
		uint32_t start = s->op_off[b];
		s->op_off[b] = k;
		for (uint32_t i = start; i < s->op_off[b + 1]; i++) {
			if (cprog_kind_of(s, i) >= CP_COPY) {
				gone++;
				continue;
			}
			s->kind[k] = s->kind[i];
			s->var[k] = cprog_kind_of(s, i) == CP_USE ? RES(s->var[i]) : s->var[i];
			s->src[k] = SSA_NONE;
			k++;
		}
	}
#undef RES
	s->op_off[g->n] = k;
	s->nops = k;
	free(fwd);
	if (removed)
		*removed = gone;
	return SSA_OK;
}
