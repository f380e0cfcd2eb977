/* What kernel.h gives the stage adapters beside the table of stages (registry.c): a stage's
 * kernels from its table and their dump kinds. */
#include "bench/kernel.h"
#include "util/algo.h"

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
