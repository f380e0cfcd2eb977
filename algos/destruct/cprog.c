/* Programs with copies (struct cprog): allocation, the structural check, the text dump, and
 * the conversion of a generated program into one with copies sprinkled in. */
#include "destruct/destruct.h"

#include "util/mem.h"
#include "util/rng.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

uint64_t cprog_bytes(uint64_t n, uint64_t nops, uint64_t nphi, uint64_t nargs)
{
	uint64_t b = ssa_bytes(2, ssa_array_bytes(n + 1, 4));               /* op_off, phi_off */
	b = ssa_sat_add(b, ssa_array_bytes(nops, 1));                       /* kind */
	b = ssa_sat_add(b, ssa_bytes(2, ssa_array_bytes(nops, 4)));         /* var, src */
	b = ssa_sat_add(b, ssa_array_bytes(nphi, 4));                       /* phi_var */
	b = ssa_sat_add(b, ssa_array_bytes(ssa_sat_add(nphi, 1), 8));       /* arg_off */
	return ssa_sat_add(b, ssa_array_bytes(nargs, 4));                   /* arg */
}

int cprog_alloc(struct cprog *c, const struct cfg *g, uint32_t nvars, uint32_t nops, uint32_t nphi,
		uint64_t nargs)
{
	memset(c, 0, sizeof(*c));
	if (nargs > SIZE_MAX / 4 || nphi == UINT32_MAX)
		return SSA_ETOOBIG;
	c->g = g;
	c->nvars = nvars;
	c->nops = nops;
	c->nphi = nphi;
	c->op_off = ssa_calloc_array((size_t)g->n + 1, sizeof(uint32_t));
	c->kind = ssa_alloc_array(nops, 1);
	c->var = ssa_alloc_array(nops, sizeof(uint32_t));
	c->src = ssa_alloc_array(nops, sizeof(uint32_t));
	c->phi_off = ssa_calloc_array((size_t)g->n + 1, sizeof(uint32_t));
	c->phi_var = ssa_alloc_array(nphi, sizeof(uint32_t));
	c->arg_off = ssa_calloc_array((size_t)nphi + 1, sizeof(uint64_t));
	c->arg = ssa_alloc_array((size_t)nargs, sizeof(uint32_t));
	if (!c->op_off || !c->kind || !c->var || !c->src || !c->phi_off || !c->phi_var ||
	    !c->arg_off || !c->arg) {
		cprog_free(c);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

void cprog_free(struct cprog *c)
{
	ssa_free_all(c->op_off, c->kind, c->var, c->src, c->phi_off, c->phi_var, c->arg_off, c->arg);
	memset(c, 0, sizeof(*c));
}

#define WHY(...) (snprintf(why, whylen, __VA_ARGS__), SSA_EINPUT)

int cprog_check(const struct cprog *c, bool ssa, char *why, size_t whylen)
{
	const struct cfg *g = c->g;
	if (whylen)
		why[0] = 0;
	if (c->op_off[0] != 0 || c->op_off[g->n] != c->nops)
		return WHY("op offsets do not span the %" PRIu32 " ops", c->nops);
	if (c->phi_off[0] != 0 || c->phi_off[g->n] != c->nphi)
		return WHY("phi offsets do not span the %" PRIu32 " phis", c->nphi);
	if (c->arg_off[0] != 0)
		return WHY("operand offsets do not start at 0");
	uint8_t *seen = NULL;
	if (ssa && !(seen = ssa_calloc_array(c->nvars, 1)))
		return SSA_ENOMEM;
	int rc = SSA_OK;
#define FAIL(...)                                        \
	do {                                             \
		snprintf(why, whylen, __VA_ARGS__);      \
		rc = SSA_EINPUT;                         \
		goto out;                                \
	} while (0)
#define DEFINE(x, what)                                                                     \
	do {                                                                                \
		if ((x) >= c->nvars)                                                        \
			FAIL("block %" PRIu32 ": %s defines v%" PRIu32 ", out of range", b, \
			     what, (x));                                                    \
		if (seen) {                                                                 \
			if (seen[x])                                                        \
				FAIL("block %" PRIu32 ": v%" PRIu32 " defined twice", b, \
				     (x));                                                  \
			seen[x] = 1;                                                        \
		}                                                                           \
	} while (0)
	for (uint32_t b = 0; b < g->n; b++) {
		if (c->op_off[b + 1] < c->op_off[b] || c->phi_off[b + 1] < c->phi_off[b])
			FAIL("block %" PRIu32 ": offsets decrease", b);
		for (uint32_t q = c->phi_off[b]; q < c->phi_off[b + 1]; q++) {
			DEFINE(c->phi_var[q], "a phi");
			if (c->arg_off[q + 1] - c->arg_off[q] != cfg_in_degree(g, b))
				FAIL("block %" PRIu32 ": phi of v%" PRIu32 " has %" PRIu64
				     " operands for %" PRIu32 " predecessors",
				     b, c->phi_var[q], c->arg_off[q + 1] - c->arg_off[q],
				     cfg_in_degree(g, b));
			for (uint64_t k = c->arg_off[q]; k < c->arg_off[q + 1]; k++)
				if (c->arg[k] != SSA_UNDEF && c->arg[k] >= c->nvars)
					FAIL("block %" PRIu32 ": phi operand v%" PRIu32
					     " out of range",
					     b, c->arg[k]);
		}
		for (uint32_t i = c->op_off[b]; i < c->op_off[b + 1]; i++) {
			unsigned k = cprog_kind_of(c, i);
			if ((c->kind[i] & ~(CP_KIND_MASK | CP_PAR_FIRST)) ||
			    ((c->kind[i] & CP_PAR_FIRST) && k != CP_PAR))
				FAIL("block %" PRIu32 ": op %" PRIu32 " has a bad kind %u", b, i,
				     (unsigned)c->kind[i]);
			if (k == CP_USE) {
				if (c->var[i] != SSA_UNDEF && c->var[i] >= c->nvars)
					FAIL("block %" PRIu32 ": use of v%" PRIu32 " out of range", b,
					     c->var[i]);
				continue;
			}
			DEFINE(c->var[i], k == CP_DEF ? "a definition" : "a copy");
			if (k == CP_DEF)
				continue;
			if (c->src[i] != SSA_UNDEF && c->src[i] >= c->nvars)
				FAIL("block %" PRIu32 ": copy source v%" PRIu32 " out of range", b,
				     c->src[i]);
			if (k == CP_PAR && !(c->kind[i] & CP_PAR_FIRST) &&
			    (i == c->op_off[b] || cprog_kind_of(c, i - 1) != CP_PAR))
				FAIL("block %" PRIu32 ": parallel copy member without a first", b);
		}
	}
out:
	free(seen);
	return rc;
#undef FAIL
#undef DEFINE
}

static void put_var(FILE *f, uint32_t v)
{
	if (v == SSA_UNDEF)
		fputs("undef", f);
	else
		fprintf(f, "v%" PRIu32, v);
}

int cprog_dump(FILE *f, const struct cprog *c)
{
	for (uint32_t b = 0; b < c->g->n; b++) {
		if (c->phi_off[b] == c->phi_off[b + 1] && c->op_off[b] == c->op_off[b + 1])
			continue;
		fprintf(f, "b%" PRIu32 ":", b);
		for (uint32_t q = c->phi_off[b]; q < c->phi_off[b + 1]; q++) {
			fputc(' ', f);
			put_var(f, c->phi_var[q]);
			fputs("=phi(", f);
			for (uint64_t k = c->arg_off[q]; k < c->arg_off[q + 1]; k++) {
				if (k > c->arg_off[q])
					fputc(',', f);
				put_var(f, c->arg[k]);
			}
			fputc(')', f);
		}
		fputs(" |", f);
		bool inpar = false;
		for (uint32_t i = c->op_off[b]; i < c->op_off[b + 1]; i++) {
			unsigned k = cprog_kind_of(c, i);
			bool first = k == CP_PAR && (c->kind[i] & CP_PAR_FIRST);
			if (inpar && (k != CP_PAR || first)) {
				fputc(']', f);
				inpar = false;
			}
			fputc(' ', f);
			if (first) {
				fputc('[', f);
				inpar = true;
			}
			if (k == CP_DEF || k == CP_USE) {
				fputs(k == CP_DEF ? "d " : "u ", f);
				put_var(f, c->var[i]);
			} else {
				put_var(f, c->var[i]);
				fputs("<-", f);
				put_var(f, c->src[i]);
			}
		}
		if (inpar)
			fputc(']', f);
		fputc('\n', f);
	}
	return ferror(f) ? SSA_EIO : SSA_OK;
}

int cprog_from_prog(const struct prog *p, const struct cprog_copy_opts *o, struct cprog *out)
{
	const struct cfg *g = &p->cfg;
	/* Two passes with the same stream: count, then fill, so the arrays are sized exactly. */
	uint64_t total = 0;
	for (int pass = 0; pass < 2; pass++) {
		struct ssa_rng r;
		ssa_rng_seed(&r, o->seed);
		uint32_t k = 0;
		for (uint32_t b = 0; b < g->n; b++) {
			if (pass)
				out->op_off[b] = k;
			for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
				if (p->nvars > 0 && ssa_rng_below(&r, 1000) < o->copy_permille) {
					uint32_t x = (uint32_t)ssa_rng_below(&r, p->nvars);
					uint32_t y = (uint32_t)ssa_rng_below(&r, p->nvars);
					if (pass) {
						out->kind[k] = CP_COPY;
						out->var[k] = x;
						out->src[k] = y;
					}
					k++;
				}
				if (p->nvars >= 2 && ssa_rng_below(&r, 1000) < o->par_permille) {
					uint32_t len = p->nvars >= 3 ? 2 + (uint32_t)ssa_rng_below(&r, 2) : 2;
					uint32_t v[3];
					/* distinct variables by rejection: at most 3 draws each */
					for (uint32_t j = 0; j < len; j++) {
						bool dup;
						do {
							v[j] = (uint32_t)ssa_rng_below(&r, p->nvars);
							dup = false;
							for (uint32_t l = 0; l < j; l++)
								dup |= v[l] == v[j];
						} while (dup);
					}
					for (uint32_t j = 0; j < len; j++) {
						if (pass) {
							out->kind[k] = CP_PAR | (j == 0 ? CP_PAR_FIRST : 0);
							out->var[k] = v[j];
							out->src[k] = v[(j + 1) % len];
						}
						k++;
					}
				}
				if (pass) {
					uint32_t op = p->ops[i];
					out->kind[k] = prog_op_is_def(op) ? CP_DEF : CP_USE;
					out->var[k] = prog_op_var(op);
					out->src[k] = SSA_NONE;
				}
				k++;
				if (k == UINT32_MAX)
					return SSA_ETOOBIG;
			}
		}
		if (pass == 0) {
			total = k;
			int rc = cprog_alloc(out, g, p->nvars, (uint32_t)total, 0, 0);
			if (rc != SSA_OK)
				return rc;
		} else {
			out->op_off[g->n] = k;
		}
	}
	return SSA_OK;
}
