/* tools/crossover end to end on a tiny study (3 grid sizes, 30 functions of real-code sizes):
 * the tables' shape, the floor's ratio 1, the per-function best never above any kernel, the
 * sums consistent with the blocks generated; and its usage errors. Times are not checked. */
#include <criterion/criterion.h>

#include "support/tools_util.h"

#include <stdlib.h>
#include <string.h>

#define XO SSALAB_SOURCE_DIR "/tools/crossover"

Test(crossover, tiny_study)
{
	char dir[256];
	tools_mkdtemp(dir, sizeof dir);
	int rc = tools_sh("%s --per-size=1 --grid=4:100:1 --functions=30 --reps=1 --min-time=0 "
			  "--iter-max=100 --no-figure --work=%s/w --out=%s/o --bench=%s --gen=%s "
			  "> %s/tables.md 2> %s/log",
			  XO, dir, dir, SSALAB_BENCH_EXE, SSALAB_GEN_EXE, dir, dir);
	cr_assert_eq(rc, 0, "tools/crossover failed (exit %d), see %s/log", rc, dir);

	char path[400];
	snprintf(path, sizeof path, "%s/o/grid.csv", dir);
	struct tools_table t;
	tools_table_load(&t, path);
	int sizes_seen[3] = {0, 0, 0}, auto_rows = 0, iter_rows = 0;
	for (int r = 0; r < t.nrows; r++) {
		long size = atol(tools_cell(&t, r, "size"));
		const char *algo = tools_cell(&t, r, "algo");
		cr_assert(size == 4 || size == 10 || size == 100, "size %ld", size);
		sizes_seen[size == 4 ? 0 : size == 10 ? 1 : 2] = 1;
		cr_assert_eq(atol(tools_cell(&t, r, "functions")), 1);
		cr_assert_eq(atol(tools_cell(&t, r, "blocks")), size, "%s at %ld", algo, size);
		if (!strcmp(algo, "dfs"))
			cr_assert_str_eq(tools_cell(&t, r, "x_dfs"), "1.000");
		auto_rows += !strcmp(algo, "auto");
		iter_rows += !strcmp(algo, "iter");
	}
	cr_assert(sizes_seen[0] && sizes_seen[1] && sizes_seen[2]);
	cr_assert_eq(auto_rows, 3);
	cr_assert_eq(iter_rows, 3, "iter runs up to --iter-max=100");
	tools_table_free(&t);

	snprintf(path, sizeof path, "%s/o/bands.csv", dir);
	tools_table_load(&t, path);
	long funcs = 0;
	for (int r = 0; r < t.nrows; r++) {
		cr_assert_str_eq(tools_cell(&t, r, "corpus"), "gen");
		const char *band = tools_cell(&t, r, "band");
		const char *algo = tools_cell(&t, r, "algo");
		if (!strcmp(band, "all") && !strcmp(algo, "dfs"))
			funcs = atol(tools_cell(&t, r, "functions"));
		if (strcmp(algo, "best-per-function"))
			continue;
		double best = atof(tools_cell(&t, r, "x_dfs"));
		for (int q = 0; q < t.nrows; q++) {
			const char *a = tools_cell(&t, q, "algo");
			if (strcmp(tools_cell(&t, q, "band"), band) || !strcmp(a, "dfs") ||
			    !strncmp(a, "llvm-", 5) || !strncmp(a, "boost-", 6) ||
			    !strcmp(a, "best-per-function") ||
			    strcmp(tools_cell(&t, q, "functions"), tools_cell(&t, r, "functions")))
				continue;
			cr_assert(best <= atof(tools_cell(&t, q, "x_dfs")) + 1e-3,
				  "band %s: best-per-function %.3f above %s", band, best, a);
		}
	}
	cr_assert_eq(funcs, 30);
	tools_table_free(&t);

	snprintf(path, sizeof path, "%s/tables.md", dir);
	size_t len;
	char *md = tools_slurp(path, &len);
	cr_assert(strstr(md, "### grid") && strstr(md, "### gen"));
	free(md);
	tools_rmdir(dir);
}

Test(crossover, usage_errors)
{
	cr_assert_eq(tools_sh("%s --grid=4:1e5 > /dev/null 2>&1", XO), 2);
	cr_assert_eq(tools_sh("%s --per-size=0 > /dev/null 2>&1", XO), 2);
	cr_assert_eq(tools_sh("%s --realcode=/nonexistent --bench=%s --gen=%s > /dev/null 2>&1", XO,
			      SSALAB_BENCH_EXE, SSALAB_GEN_EXE), 2);
	cr_assert_eq(tools_sh("%s --frobnicate > /dev/null 2>&1", XO), 2);
}
