/* The stages bench knows: a new stage is its adapter file plus one line here. Kernel names are
 * unique across stages (the kernel-walk test checks it); "stage:name" selects explicitly. */
#include "bench/kernel.h"

#include <string.h>

extern const struct bench_stage bench_stage_floor, bench_stage_dom, bench_stage_df,
	bench_stage_phi, bench_stage_rename, bench_stage_maximal;
extern const struct bench_stage bench_stage_loops, bench_stage_construct, bench_stage_destruct;
extern const struct bench_stage bench_stage_update;

const struct bench_stage *const bench_stages[] = {
	&bench_stage_floor, &bench_stage_dom,	 &bench_stage_df,
	&bench_stage_phi,   &bench_stage_rename, &bench_stage_maximal,
	&bench_stage_loops,
	&bench_stage_construct,
	&bench_stage_destruct,
	&bench_stage_update,
};
const size_t bench_nstages = sizeof bench_stages / sizeof *bench_stages;

const struct bench_stage *bench_find_stage(const char *name, size_t len)
{
	for (size_t s = 0; s < bench_nstages; s++)
		if (bench_word(name, len, bench_stages[s]->name))
			return bench_stages[s];
	return NULL;
}

const struct bench_alias bench_aliases[] = {
	{"idfs", "dom", "chk",
	 "\"Finding Dominators in Practice\"'s IDFS: the iterative algorithm over DFS order (Cooper, "
	 "Harvey, Kennedy); its IBFS, LT, SLT and SNCA are ibfs, lt, slt and snca"},
};
const size_t bench_naliases = sizeof bench_aliases / sizeof *bench_aliases;

static bool find_named(const char *name, size_t len, struct bench_kernel *k)
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
		for (size_t i = 0, n = bench_stage_count(st); i < n; i++) {
			bench_stage_kernel(st, i, k);
			if (bench_word(name, len, k->name))
				return true;
		}
	}
	return false;
}

bool bench_find_kernel(const char *name, size_t len, struct bench_kernel *k)
{
	if (find_named(name, len, k))
		return true;
	const char *colon = memchr(name, ':', len);
	size_t skip = colon ? (size_t)(colon + 1 - name) : 0;
	for (size_t a = 0; a < bench_naliases; a++) {
		const struct bench_alias *al = &bench_aliases[a];
		if (bench_word(name + skip, len - skip, al->alias) &&
		    (!colon || bench_word(name, skip - 1, al->stage)))
			return find_named(al->kernel, strlen(al->kernel), k);
	}
	return false;
}
