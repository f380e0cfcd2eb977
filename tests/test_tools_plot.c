/* tools/plot: the least-squares log-log slope on synthetic data with known exponents (exact
 * slopes 1, 1.5 and 2, against n and against n + m, and the local slope at the top of a series
 * that turns quadratic), the slope table files, rows it must ignore, and the figure files drawn
 * from the fixture tests/data/tools_results.csv (made by tools/sweep over tools_fakebench) when
 * gnuplot is installed. */
#include <criterion/criterion.h>

#include "support/tools_util.h"

#include <math.h>
#include <string.h>

#define FIXTURE SSALAB_TEST_DATA "/tools_results.csv"

static const char header[] =
	"status,algo,stage,family,blocks,n,m,seed,vars,flavor,reps,median_ms,min_ms,max_ms,"
	"ns_per_block,ns_per_edge,peak_mb,counters,check,reason,wall_s,cpu,cores,compiler,cflags,"
	"build_type,git_rev,date,command,cpu_median_ms,extra\n";

static void put_row(FILE *f, const char *status, const char *algo, const char *stage,
		    const char *family, double n, double m, double ms, const char *counters)
{
	fprintf(f, "%s,%s,%s,%s,%.0f,%.0f,%.0f,1,0,,3,%.9g,%.9g,%.9g,1,1,1,%s,ok,,0.1,\"cpu, x\",2,"
		   "cc,-O3,Release,abc,2026-01-01T00:00:00Z,bench,,\n",
		status, algo, stage, family, n, n, m, ms, ms, ms, counters);
}

/* The row of slopes.csv for (algo, family): fields by column. */
static void slope_row(const struct tools_table *t, const char *algo, const char *family,
		      const char **slope_n, const char **slope_nm, const char **top,
		      const char **verdict)
{
	for (int r = 0; r < t->nrows; r++) {
		if (strcmp(tools_cell(t, r, "algo"), algo) || strcmp(tools_cell(t, r, "family"), family))
			continue;
		*slope_n = tools_cell(t, r, "slope_n");
		*slope_nm = tools_cell(t, r, "slope_nm");
		*top = tools_cell(t, r, "slope_top_nm");
		*verdict = tools_cell(t, r, "verdict");
		return;
	}
	cr_assert_fail("no slope for %s on %s", algo, family);
}

Test(tools_plot, slope_fit_on_synthetic_power_laws)
{
	char dir[256], path[300], tab[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/r.csv", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(header, f);
	for (int k = 10; k <= 20; k += 2) {
		double n = ldexp(1.0, k);
		/* m proportional to n, so the slope against n + m is the slope against n. */
		put_row(f, "ok", "lin", "dom", "chain", n, 2 * n, 3e-4 * n, "");
		put_row(f, "ok", "quad", "dom", "chain", n, 2 * n, 5e-9 * n * n, "");
		put_row(f, "ok", "pow15", "dom", "chain", n, 2 * n, 1e-5 * pow(n, 1.5), "");
		/* itworst-like: m = n^2, time linear in m: quadratic in n, linear in n + m. */
		put_row(f, "ok", "lin", "dom", "dense", n, n * n, 1e-6 * (n + n * n), "");
		/* Linear, then quadratic over the last two sizes: the top slope shows the turn. */
		double kink = k < 20 ? 1e-3 * n : 1e-3 * ldexp(1.0, 18) * 4 * 4;
		put_row(f, "ok", "kink", "dom", "chain", n, 2 * n, kink, "");
		/* Rows that must not count: skipped, failed, and a second seed averaged in. */
		put_row(f, "skipped", "lin", "dom", "ladder", n, 2 * n, 1.0, "");
		put_row(f, "failed", "quad", "dom", "ladder", n, 2 * n, 1e6 / n, "");
	}
	put_row(f, "ok", "lin", "dom", "ladder", 1000, 2000, 1.0, "");
	fclose(f);

	int rc = tools_sh("'%s' '%s' --no-figures --quiet", TOOLS_PLOT, path);
	cr_assert_eq(rc, 0, "plot exit %d", rc);
	snprintf(tab, sizeof tab, "%s/slopes.csv", dir);
	struct tools_table t;
	tools_table_load(&t, tab);
	const char *sn, *snm, *top, *verdict;

	slope_row(&t, "lin", "chain", &sn, &snm, &top, &verdict);
	cr_assert_str_eq(sn, "1.000");
	cr_assert_str_eq(snm, "1.000");
	cr_assert_str_eq(top, "1.000");
	cr_assert_str_eq(verdict, "linear");

	slope_row(&t, "quad", "chain", &sn, &snm, &top, &verdict);
	cr_assert_str_eq(sn, "2.000");
	cr_assert_str_eq(snm, "2.000");
	cr_assert_str_eq(verdict, "quadratic");

	slope_row(&t, "pow15", "chain", &sn, &snm, &top, &verdict);
	cr_assert_str_eq(sn, "1.500");
	cr_assert_str_eq(verdict, "superlinear");

	slope_row(&t, "lin", "dense", &sn, &snm, &top, &verdict);
	cr_assert_str_eq(sn, "2.000", "time linear in m = n^2 is quadratic in n");
	cr_assert_str_eq(snm, "1.000");
	cr_assert_str_eq(verdict, "linear", "judged against the input size n + m");

	slope_row(&t, "kink", "chain", &sn, &snm, &top, &verdict);
	cr_assert_str_eq(top, "2.000", "the local slope over the last two sizes");

	/* One ok point only: no slope, said so. */
	slope_row(&t, "lin", "ladder", &sn, &snm, &top, &verdict);
	cr_assert_str_eq(sn, "-");
	cr_assert_str_eq(verdict, "too few sizes");
	/* The failed quad rows on ladder are not plotted or fitted. */
	for (int r = 0; r < t.nrows; r++)
		cr_assert(strcmp(tools_cell(&t, r, "algo"), "quad") ||
				  strcmp(tools_cell(&t, r, "family"), "ladder"),
			  "a failed row was fitted");
	tools_table_free(&t);

	/* --fit-min drops the small sizes: the kink series is then fitted over 2^18..2^20. */
	rc = tools_sh("'%s' '%s' --no-figures --quiet --fit-min=262144", TOOLS_PLOT, path);
	cr_assert_eq(rc, 0);
	tools_table_load(&t, tab);
	slope_row(&t, "kink", "chain", &sn, &snm, &top, &verdict);
	cr_assert_neq(strcmp(sn, "1.000"), 0, "fit-min ignored: %s", sn);
	for (int r = 0; r < t.nrows; r++)
		if (!strcmp(tools_cell(&t, r, "algo"), "lin") &&
		    !strcmp(tools_cell(&t, r, "family"), "chain")) {
			cr_assert_str_eq(tools_cell(&t, r, "points"), "2");
			cr_assert_str_eq(tools_cell(&t, r, "n_min"), "262144");
		}
	tools_table_free(&t);

	/* The fixed-width table is printed and written. */
	rc = tools_sh("'%s' '%s' --no-figures > '%s/stdout' && cmp -s '%s/stdout' '%s/slopes.txt' && "
		      "grep -q '^dom  *quad  *-  *0 chain  *6  *1024  *1048576  *2.000  *2.000' "
		      "'%s/slopes.txt'",
		      TOOLS_PLOT, path, dir, dir, dir, dir);
	cr_assert_eq(rc, 0, "slopes.txt missing, different from stdout, or misformatted");
	tools_rmdir(dir);
}

Test(tools_plot, fixture_slopes)
{
	char dir[256], tab[300];
	tools_mkdtemp(dir, sizeof dir);
	int rc = tools_sh("'%s' '%s' --out='%s' --no-figures --quiet", TOOLS_PLOT, FIXTURE, dir);
	cr_assert_eq(rc, 0);
	snprintf(tab, sizeof tab, "%s/slopes.csv", dir);
	struct tools_table t;
	tools_table_load(&t, tab);
	/* dfs, lin, quad x {structured, ladder}, place x 2 flavours x 2, dfs and quad on chain. */
	cr_assert_eq(t.nrows, 12);
	for (int r = 0; r < t.nrows; r++) {
		const char *algo = tools_cell(&t, r, "algo");
		const char *fam = tools_cell(&t, r, "family");
		if (!strcmp(fam, "chain")) {
			cr_assert_str_eq(tools_cell(&t, r, "verdict"), "too few sizes");
			continue;
		}
		cr_assert_str_eq(tools_cell(&t, r, "slope_n"), strcmp(algo, "quad") ? "1.000" : "2.000",
				 "%s on %s", algo, fam);
		cr_assert_str_eq(tools_cell(&t, r, "points"), "3");
	}
	tools_table_free(&t);
	/* The same fit from the CPU-time column (the fixture's is 0.95 x the wall median). */
	rc = tools_sh("'%s' '%s' --out='%s' --no-figures --quiet --time=cpu", TOOLS_PLOT, FIXTURE, dir);
	cr_assert_eq(rc, 0);
	tools_table_load(&t, tab);
	for (int r = 0; r < t.nrows; r++)
		if (!strcmp(tools_cell(&t, r, "algo"), "quad") && !strcmp(tools_cell(&t, r, "family"), "ladder"))
			cr_assert_str_eq(tools_cell(&t, r, "slope_n"), "2.000");
	tools_table_free(&t);
	tools_rmdir(dir);
}

static void assert_png(const char *path)
{
	size_t len;
	char *data = tools_slurp(path, &len);
	cr_assert_not_null(data, "%s not written", path);
	cr_assert(len > 1000 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0, "%s is not a PNG", path);
	free(data);
}

static void assert_svg(const char *path, const char *must_contain)
{
	char *data = tools_slurp(path, NULL);
	cr_assert_not_null(data, "%s not written", path);
	cr_assert(strstr(data, "<svg"), "%s is not an SVG", path);
	cr_assert(strstr(data, must_contain), "%s does not show '%s'", path, must_contain);
	free(data);
}

Test(tools_plot, draws_every_figure_from_the_fixture, .timeout = 120)
{
	if (tools_sh("command -v gnuplot >/dev/null 2>&1") != 0)
		cr_skip_test("gnuplot is not installed (apt-get install gnuplot-nox)");
	char dir[256], p[400];
	tools_mkdtemp(dir, sizeof dir);
	int rc = tools_sh("'%s' '%s' --out='%s/figs' --quiet", TOOLS_PLOT, FIXTURE, dir);
	cr_assert_eq(rc, 0, "plot exit %d", rc);
	static const char *const names[] = {"time-floor", "time-dom", "time-phi", "nspe-floor",
					    "nspe-dom",   "nspe-phi", "mem-floor", "mem-dom",
					    "mem-phi",    "phis"};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		snprintf(p, sizeof p, "%s/figs/%s.png", dir, names[i]);
		assert_png(p);
		snprintf(p, sizeof p, "%s/figs/%s.svg", dir, names[i]);
		assert_svg(p, "blocks n");
	}
	/* Titles, panels per family, legends, units, the dfs reference line. */
	snprintf(p, sizeof p, "%s/figs/time-dom.svg", dir);
	assert_svg(p, "median time (ms)");
	assert_svg(p, "dfs floor");
	assert_svg(p, "ladder");
	assert_svg(p, "structured");
	assert_svg(p, "quad");
	snprintf(p, sizeof p, "%s/figs/phis.svg", dir);
	assert_svg(p, ">pruned<");
	assert_svg(p, ">minimal<");
	snprintf(p, sizeof p, "%s/figs/mem-dom.svg", dir);
	assert_svg(p, "peak memory (MiB)");
	snprintf(p, sizeof p, "%s/figs/slopes.txt", dir);
	cr_assert(tools_file_exists_nonempty(p));
	/* PNG only on request, with the small gd renderer. */
	rc = tools_sh("'%s' '%s' --out='%s/png' --formats=png --png=gd --quiet && test -s '%s/png/time-dom.png' "
		      "&& ! ls '%s'/png/*.svg >/dev/null 2>&1",
		      TOOLS_PLOT, FIXTURE, dir, dir, dir);
	cr_assert_eq(rc, 0);
	tools_rmdir(dir);
}

Test(tools_plot, rejects_what_is_not_a_results_file)
{
	char dir[256];
	tools_mkdtemp(dir, sizeof dir);
	int rc = tools_sh("cd '%s' && printf 'a,b\\n1,2\\n' > x.csv && '%s' x.csv --no-figures "
			  "2>err",
			  dir, TOOLS_PLOT);
	cr_assert_eq(rc, 1);
	cr_assert_eq(tools_sh("grep -q 'not a tools/sweep results file' '%s/err'", dir), 0);
	rc = tools_sh("cd '%s' && '%s' missing.csv 2>/dev/null", dir, TOOLS_PLOT);
	cr_assert_eq(rc, 1);
	rc = tools_sh("cd '%s' && '%s' x.csv --formats=gif 2>/dev/null", dir, TOOLS_PLOT);
	cr_assert_eq(rc, 2);
	/* A header and no ok row: nothing to plot is an error, not an empty success. */
	rc = tools_sh("cd '%s' && head -n 1 '%s' > empty.csv && '%s' empty.csv --no-figures "
		      "2>/dev/null",
		      dir, FIXTURE, TOOLS_PLOT);
	cr_assert_eq(rc, 1);
	tools_rmdir(dir);
}
