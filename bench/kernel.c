/* What kernel.h gives the stage adapters beside the table of stages (registry.c): dump kinds,
 * the phi bound of estimates, a zeroed state, the check's walks. */
#include "bench/kernel.h"
#include "rename/rename.h"
#include "util/mem.h"

#include <stdlib.h>
#include <string.h>

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
