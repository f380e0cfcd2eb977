/* What kernel.h gives the stage adapters beside the table of stages (registry.c): a stage's
 * kernels from its table, dump kinds, the phi bound of estimates, the check's walks. */
#include "bench/kernel.h"
#include "util/algo.h"
#include "rename/rename.h"
#include "util/mem.h"

#include <string.h>

size_t bench_stage_count(const struct bench_stage *st)
{
	return st->count ? st->count() : *st->nalgos;
}

void bench_kernel_of(const struct bench_stage *st, const void *algo, struct bench_kernel *k)
{
	const struct algo_head *h = algo;
	memset(k, 0, sizeof *k);
	k->stage = st;
	k->algo = algo;
	k->name = h->name;
	k->summary = h->summary;
	k->dumps = st->dumps;
	size_t c = 0;
	for (; st->counters[c]; c++)
		k->counter_names[c] = st->counters[c];
	for (size_t i = 0; i < ALGO_MAX_COUNTERS && c < BENCH_MAX_COUNTERS; i++)
		k->counter_names[c++] = h->counter_names[i];
}

void bench_stage_kernel(const struct bench_stage *st, size_t i, struct bench_kernel *k)
{
	if (st->kernel)
		st->kernel(st, i, k);
	else
		bench_kernel_of(st, algo_head_at(st->table, i), k);
}

bool bench_word(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && !strncmp(word, s, len);
}

bool bench_kernel_has_dump(const struct bench_kernel *k, const char *kind)
{
	for (const char *p = k->dumps; p && *p;) {
		const char *end = strchr(p, ' ');
		size_t l = end ? (size_t)(end - p) : strlen(p);
		if (bench_word(p, l, kind))
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
