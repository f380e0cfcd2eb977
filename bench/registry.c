/* The stages bench knows: a new stage is its adapter file plus one line here. Kernel names are
 * unique across stages (the kernel-walk test checks it); "stage:name" selects explicitly. */
#include "bench/kernel.h"
#include "ssa/ssa.h"
#include "util/mem.h"

#include <stdlib.h>
#include <string.h>

extern const struct bench_stage bench_stage_floor, bench_stage_dom, bench_stage_df,
	bench_stage_phi, bench_stage_rename, bench_stage_maximal;
extern const struct bench_stage bench_stage_loops, bench_stage_construct, bench_stage_destruct;

const struct bench_stage *const bench_stages[] = {
	&bench_stage_floor, &bench_stage_dom,	 &bench_stage_df,
	&bench_stage_phi,   &bench_stage_rename, &bench_stage_maximal,
	&bench_stage_loops,
	&bench_stage_construct,
	&bench_stage_destruct,
};
const size_t bench_nstages = sizeof bench_stages / sizeof *bench_stages;

const struct bench_stage *bench_find_stage(const char *name, size_t len)
{
	for (size_t s = 0; s < bench_nstages; s++)
		if (strlen(bench_stages[s]->name) == len && !strncmp(bench_stages[s]->name, name, len))
			return bench_stages[s];
	return NULL;
}

bool bench_find_kernel(const char *name, size_t len, struct bench_kernel *k)
{
	const char *colon = memchr(name, ':', len);
	const struct bench_stage *only = NULL;
	if (colon) {
		only = bench_find_stage(name, (size_t)(colon - name));
		if (!only)
			return false;
		len -= (size_t)(colon + 1 - name);
		name = colon + 1;
	}
	for (size_t s = 0; s < bench_nstages; s++) {
		const struct bench_stage *st = bench_stages[s];
		if (only && st != only)
			continue;
		for (size_t i = 0, n = st->count(); i < n; i++) {
			st->kernel(st, i, k);
			if (strlen(k->name) == len && !strncmp(k->name, name, len))
				return true;
		}
	}
	return false;
}

bool bench_kernel_has_dump(const struct bench_kernel *k, const char *kind)
{
	size_t len = strlen(kind);
	for (const char *p = k->dumps; p && *p;) {
		const char *end = strchr(p, ' ');
		size_t l = end ? (size_t)(end - p) : strlen(p);
		if (l == len && !strncmp(p, kind, len))
			return true;
		p = end ? end + 1 : p + l;
	}
	return false;
}

uint64_t bench_phi_bound(const struct prog *p, uint64_t *created)
{
	const struct cfg *g = &p->cfg;
	uint64_t joins = 0;
	for (uint32_t b = 0; b < g->n; b++)
		joins += cfg_in_degree(g, b) >= (b == 0 ? 1u : 2u);
	uint64_t all = ssa_bytes(joins, p->nvars);
	if (created)
		*created = all;
	uint64_t cap = ssa_bytes(ssa_sat_add(g->n, p->nops), 2);
	return all < cap ? all : cap;
}

void *bench_state_new(const struct bench_kernel *k, size_t size, char *err, size_t errlen)
{
	void *s = calloc(1, size);
	if (!s)
		snprintf(err, errlen, "%s: out of memory", k->name);
	return s;
}

uint32_t bench_check_walks(const struct bench_input *in)
{
	return in->opts->walks_set ? in->opts->walks : SSA_CHECK_WALKS;
}
