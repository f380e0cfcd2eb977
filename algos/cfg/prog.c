#include "cfg/prog.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void prog_init(struct prog *p, struct cfg *g, uint32_t nvars, uint32_t nops, uint32_t *op_off,
	       uint32_t *ops)
{
	p->cfg = *g;
	memset(g, 0, sizeof *g);
	p->nvars = nvars;
	p->nops = nops;
	p->op_off = op_off;
	p->ops = ops;
	memset(&p->bnames, 0, sizeof p->bnames);
	memset(&p->vnames, 0, sizeof p->vnames);
}

int prog_empty(struct prog *p, struct cfg *g, uint32_t nvars)
{
	uint32_t *off = ssa_calloc_array((size_t)g->n + 1, sizeof *off);
	uint32_t *ops = ssa_alloc_array(0, sizeof *ops);
	if (!off || !ops) {
		ssa_free_all(off, ops, NULL);
		return SSA_ENOMEM;
	}
	prog_init(p, g, nvars, 0, off, ops);
	return SSA_OK;
}

void prog_free(struct prog *p)
{
	cfg_free(&p->cfg);
	ssa_free_all(p->op_off, p->ops, NULL);
	names_free(&p->bnames);
	names_free(&p->vnames);
	memset(p, 0, sizeof *p);
}

uint64_t prog_bytes(uint64_t n, uint64_t m, uint64_t nops)
{
	return ssa_sat_add(cfg_bytes(n, m),
			   ssa_sat_add(ssa_array_bytes(n + 1, sizeof(uint32_t)),
				       ssa_array_bytes(nops, sizeof(uint32_t))));
}

bool prog_is_valid(const struct prog *p, char *why, unsigned whylen)
{
	if (!cfg_is_valid(&p->cfg, why, whylen))
		return false;
	if (p->nvars > PROG_MAX_VARS) {
		snprintf(why, whylen, "variable count %u exceeds %u", p->nvars, PROG_MAX_VARS);
		return false;
	}
	uint32_t n = p->cfg.n;
	if ((p->bnames.count && p->bnames.count != n) ||
	    (p->vnames.count && p->vnames.count != p->nvars)) {
		snprintf(why, whylen, "names tables do not match %u blocks, %u variables", n, p->nvars);
		return false;
	}
	if (p->op_off[0] != 0 || p->op_off[n] != p->nops) {
		snprintf(why, whylen, "op offsets do not span 0..%u", p->nops);
		return false;
	}
	for (uint32_t b = 0; b < n; b++)
		if (p->op_off[b] > p->op_off[b + 1]) {
			snprintf(why, whylen, "op offsets decrease at block %u", b);
			return false;
		}
	for (uint32_t i = 0; i < p->nops; i++)
		if (prog_op_var(p->ops[i]) >= p->nvars) {
			snprintf(why, whylen, "op %u names variable %u of %u", i, prog_op_var(p->ops[i]),
				 p->nvars);
			return false;
		}
	return true;
}

static uint64_t mix(uint64_t h, const uint32_t *w, uint64_t count)
{
	for (uint64_t i = 0; i < count; i++)
		h = (h ^ w[i]) * UINT64_C(0x9E3779B97F4A7C15) + (h >> 29);
	return h;
}

uint64_t prog_fingerprint(const struct prog *p)
{
	const struct cfg *g = &p->cfg;
	uint64_t h = ((uint64_t)g->n << 32 | g->m) ^ ((uint64_t)p->nvars << 32 | p->nops);
	h = mix(h, g->succ_off, (uint64_t)g->n + 1);
	h = mix(h, g->succ, g->m);
	if (p->op_off)
		h = mix(h, p->op_off, (uint64_t)g->n + 1);
	if (p->ops)
		h = mix(h, p->ops, p->nops);
	return h;
}
