/* The frontier stage's check (df.h). */
#include "df/df.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int df_check_sets(const struct df_algo *a, const struct cfg *g, const struct domtree *dt,
		  uint64_t limit, const struct df_sets *out, uint64_t counted, char *msg,
		  size_t msglen)
{
	const struct df_algo *ref;
	uint64_t work = ssa_bytes(g->n, (uint64_t)g->n + g->m);
	if (work <= DF_CHECK_NAIVE_WORK && strcmp(a->head.name, "df-naive") != 0)
		ref = algo_find(df_algos, df_nalgos, "df-naive");
	else
		ref = algo_find(df_algos, df_nalgos, strcmp(a->head.name, "df-runner") ? "df-runner" : "df-cytron");
	struct df_sets want = {0};
	int st = df_compute(ref, g, dt, limit, &want, NULL);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "check could not run %s: %s", ref->head.name, ssa_status_str(st));
		df_sets_free(&want);
		return st;
	}
	char diff[200];
	if (out->total != counted) {
		snprintf(msg, msglen, "sum|DF| %" PRIu64 " but the counting pass found %" PRIu64,
			 out->total, counted);
		st = SSA_EVERIFY;
	} else if (!df_sets_equal(out, &want, diff, sizeof diff)) {
		snprintf(msg, msglen, "vs %s: %s", ref->head.name, diff);
		st = SSA_EVERIFY;
	} else {
		snprintf(msg, msglen, "vs %s%s: ok", ref->head.name,
			 strcmp(ref->head.name, "df-naive") ? "" : " (the definition)");
	}
	df_sets_free(&want);
	return st;
}

