/* The stages bench knows. A stage adds one extern line and one table line here when its
 * adapter (bench/stage_<name>.c) compiles. Kernel names are unique across stages; "stage:name"
 * selects explicitly. */
#include "bench/driver.h"

#include <string.h>

extern const struct bench_stage bench_stage_floor;
/* Not const: its kernels are built from dom_algos[] before main (bench/stage_dom.c). */
extern struct bench_stage bench_stage_dom;
extern struct bench_stage bench_stage_df, bench_stage_phi;
extern struct bench_stage bench_stage_rename;

const struct bench_stage *const bench_stages[] = {
	&bench_stage_floor,
	&bench_stage_dom,
	&bench_stage_df,
	&bench_stage_phi,
	&bench_stage_rename,
};
const size_t bench_nstages = sizeof bench_stages / sizeof *bench_stages;

const struct bench_stage *bench_find_stage(const char *name, size_t len)
{
	for (size_t s = 0; s < bench_nstages; s++)
		if (strlen(bench_stages[s]->name) == len && !strncmp(bench_stages[s]->name, name, len))
			return bench_stages[s];
	return NULL;
}

const struct bench_kernel *bench_find_kernel(const char *name, size_t len,
					     const struct bench_stage **stage)
{
	const char *colon = memchr(name, ':', len);
	const struct bench_stage *only = NULL;
	if (colon) {
		only = bench_find_stage(name, (size_t)(colon - name));
		if (!only)
			return NULL;
		len -= (size_t)(colon + 1 - name);
		name = colon + 1;
	}
	for (size_t s = 0; s < bench_nstages; s++) {
		const struct bench_stage *st = bench_stages[s];
		if (only && st != only)
			continue;
		for (size_t k = 0; k < st->nkernels; k++)
			if (strlen(st->kernels[k].name) == len &&
			    !strncmp(st->kernels[k].name, name, len)) {
				*stage = st;
				return &st->kernels[k];
			}
	}
	return NULL;
}
