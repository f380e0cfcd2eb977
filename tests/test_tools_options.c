/* The options of tools/plot and tools/sweep added for the paper's study, one test each: the x
 * axis (blocks, edges, family parameter), skip markers, reference slope lines, counter figures,
 * ns/edge from the chosen time, the fit window past fixed costs and the two-size warning; the
 * sweep's dry run that writes nothing, the gtw preset, skip predictions from the fitted slope;
 * tools/ssalab --help. Synthetic results files with known answers. */
#include <criterion/criterion.h>

#include "support/tools_util.h"

#include <math.h>
#include <string.h>

static const char header[] =
	"status,algo,stage,family,blocks,n,m,seed,vars,flavor,reps,median_ms,min_ms,max_ms,"
	"ns_per_block,ns_per_edge,peak_mb,counters,check,reason,wall_s,cpu,cores,compiler,cflags,"
	"build_type,git_rev,date,command,cpu_median_ms,extra\n";

static char dir[256];

static void setup(void)
{
	tools_mkdtemp(dir, sizeof dir);
}

static void teardown(void)
{
	tools_rmdir(dir);
}

TestSuite(tools_options, .init = setup, .fini = teardown);

/* One row; cpu_ms is the CPU median, reason the skip reason (status "skipped"). */
static void row(FILE *f, const char *status, const char *algo, const char *family, double n,
		double m, double ms, double cpu_ms, const char *counters, const char *reason)
{
	if (strcmp(status, "ok"))
		fprintf(f, "%s,%s,dom,%s,%.0f,,,1,0,,3,,,,,,,,,%s,0,,,,,,,2026-01-01T00:00:00Z,bench,,\n",
			status, algo, family, n, reason);
	else
		fprintf(f, "ok,%s,dom,%s,%.0f,%.0f,%.0f,1,0,,3,%.9g,%.9g,%.9g,1,%.9g,1,%s,ok,,0.1,"
			   "\"cpu, x\",2,cc,-O3,Release,abc,2026-01-01T00:00:00Z,bench,%.9g,\n",
			algo, family, n, n, m, ms, ms, ms, ms * 1e6 / m, counters, cpu_ms);
}

static FILE *results(const char *name, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(header, f);
	return f;
}

/* The slope table row of (algo, family): its verdict, n_min and points. */
static void slope_of(const char *algo, const char *family, char *verdict, char *nmin, int *pts)
{
	char tab[400];
	snprintf(tab, sizeof tab, "%s/slopes.csv", dir);
	struct tools_table t;
	tools_table_load(&t, tab);
	for (int r = 0; r < t.nrows; r++)
		if (!strcmp(tools_cell(&t, r, "algo"), algo) &&
		    !strcmp(tools_cell(&t, r, "family"), family)) {
			strcpy(verdict, tools_cell(&t, r, "verdict"));
			strcpy(nmin, tools_cell(&t, r, "n_min"));
			*pts = atoi(tools_cell(&t, r, "points"));
			tools_table_free(&t);
			return;
		}
	cr_assert_fail("no slope row for %s on %s", algo, family);
}

/* A quadratic kernel behind a fixed cost of 0.5 ms: the small sizes are flat. Fitting them in
 * gives about 1.2 ("superlinear"); the window past the fixed cost gives quadratic, with an
 * interval inside the class. Two sizes are too few for a verdict, and it says so. */
Test(tools_options, slope_window_and_two_size_warning)
{
	char path[400];
	FILE *f = results("r.csv", path, sizeof path);
	for (int k = 10; k <= 20; k++) {
		double n = ldexp(1.0, k);
		row(f, "ok", "fixq", "chain", n, 2 * n, 0.5 + 1e-9 * n * n, 0, "", "");
	}
	/* The four noisy points of a real sweep (0.14, 0.49, 0.27, 1.6 ms) that once read
	 * "super-quadratic", and six points scattered around slope 1.5 whose interval spans the
	 * linear, superlinear and quadratic classes. */
	static const double four[] = {0.14, 0.49, 0.27, 1.6}, six[] = {1, 1.2, 4.5, 3, 15, 9};
	for (int i = 0; i < 4; i++)
		row(f, "ok", "four", "chain", 1000 << i, 2000 << i, four[i], 0, "", "");
	for (int i = 0; i < 6; i++)
		row(f, "ok", "six", "chain", 1000 << i, 2000 << i, six[i], 0, "", "");
	row(f, "ok", "two", "chain", 1000, 2000, 1e-6 * 1000 * 1000, 0, "", "");
	row(f, "ok", "two", "chain", 4000, 8000, 1e-6 * 4000 * 4000, 0, "", "");
	fclose(f);
	cr_assert_eq(tools_sh("'%s' '%s' --out='%s' --no-figures --quiet", TOOLS_PLOT, path, dir), 0);
	char verdict[200], nmin[64];
	int pts;
	slope_of("fixq", "chain", verdict, nmin, &pts);
	cr_expect_str_eq(verdict, "quadratic");
	cr_expect_geq(atof(nmin), 16384, "the flat start was fitted: n_min %s", nmin);
	cr_expect_geq(pts, 3);
	slope_of("two", "chain", verdict, nmin, &pts);
	cr_expect_str_eq(verdict, "inconclusive: 2 sizes fitted (5 needed; looks quadratic)");
	cr_expect_eq(pts, 2);
	slope_of("four", "chain", verdict, nmin, &pts);
	cr_expect_eq(strncmp(verdict, "inconclusive: ", 14), 0, "%s", verdict);
	slope_of("six", "chain", verdict, nmin, &pts);
	cr_expect_eq(pts, 6);
	cr_expect_eq(strncmp(verdict, "inconclusive: slope ", 20), 0, "%s", verdict);
}

/* itworst rows (n = 4k+1, m = k^2 + 5k) with a skipped larger size, CPU times half the wall
 * times and two counters: the figures' data and scripts, kept with --keep-scripts. */
static void itworst_file(char *path, size_t len)
{
	FILE *f = results("it.csv", path, len);
	for (int k = 50; k <= 400; k *= 2) {
		double n = 4.0 * k + 1, m = (double)k * k + 5.0 * k;
		char c[128];
		snprintf(c, sizeof c, "passes=%d;intersect_steps=%.0f", k + 1, 1.5 * pow(k, 4));
		row(f, "ok", "chk", "itworst", n, m, 1e-7 * pow(k, 4), 0.5e-7 * pow(k, 4), c, "");
		row(f, "ok", "slt", "itworst", n, m, 1e-5 * m, 0.5e-5 * m, "evals=7", "");
	}
	row(f, "skipped", "chk", "itworst", 3201, 0, 0, 0, "", "timeout: over the 10 s limit per run");
	row(f, "skipped", "slt", "itworst", 6401, 0, 0, 0, "", "check: not a limit");
	fclose(f);
}

static char *kept(const char *name)
{
	char p[600];
	snprintf(p, sizeof p, "%s/figs/plot-src/%s", dir, name);
	char *s = tools_slurp(p, NULL);
	cr_assert_not_null(s, "%s not kept", p);
	return s;
}

Test(tools_options, figures_x_axes_markers_references_counters_and_cpu_nspe, .timeout = 240)
{
	if (tools_sh("command -v gnuplot >/dev/null 2>&1") != 0)
		cr_skip_test("gnuplot is not installed (apt-get install gnuplot-nox)");
	char path[400];
	itworst_file(path, sizeof path);
	cr_assert_eq(tools_sh("'%s' '%s' --out='%s/figs' --formats=svg --x=param --time=cpu "
			      "--keep-scripts --quiet",
			      TOOLS_PLOT, path, dir),
		     0);
	/* the family parameter is column 9 of the data, k itself; ns/edge (column 6) comes from
	 * the CPU median: 0.5e-7 k^4 ms * 1e6 / m at k = 50 */
	char *gp = kept("time-dom.gp");
	cr_expect_not_null(strstr(gp, "using 9:3 title \"chk\""), "%s", gp);
	cr_expect_not_null(strstr(gp, "family parameter k"), "%s", gp);
	/* chk stops at k = 400 and its next size was a timeout: an x at n = 3201 (k = 800); slt's
	 * failed check is no limit and gets no marker */
	cr_expect_not_null(strstr(gp, "with points pt 2"), "%s", gp);
	cr_expect_not_null(strstr(gp, "skipped: over the limit"), "%s", gp);
	cr_expect_eq(tools_sh("grep -l '^3201 ' '%s'/figs/plot-src/k*.dat | wc -l | grep -qx 1", dir),
		     0, "one marker file, at n = 3201");
	cr_expect_not_null(strstr(gp, "slope 1 (linear)"), "%s", gp);
	cr_expect_not_null(strstr(gp, "slope 2 (quadratic)"), "%s", gp);
	free(gp);
	/* the reference lines start at the panel's smallest x (k = 50) at its lowest time there */
	char *r1 = kept("ref_dom_itworst_1.dat");
	double x0, y0;
	cr_assert_eq(sscanf(r1, "%lf %lf", &x0, &y0), 2);
	cr_expect_float_eq(x0, 50, 1e-9);
	cr_expect_float_eq(y0, fmin(0.5e-7 * pow(50, 4), 0.5e-5 * (2500 + 250)), 1e-9 * y0);
	free(r1);
	char *dat = NULL;
	for (int i = 1; i <= 2 && !dat; i++) {
		char name[32];
		snprintf(name, sizeof name, "s%d.dat", i);
		char *d = kept(name);
		if (strstr(d, "\n") && !strncmp(d, "201 ", 4))
			dat = d;
		else
			free(d);
	}
	cr_assert_not_null(dat);
	double n, m, t, a, b, nspe;
	cr_assert_eq(sscanf(dat, "%lf %lf %lf %lf %lf %lf", &n, &m, &t, &a, &b, &nspe), 6);
	cr_expect_float_eq(nspe, t * 1e6 / m, 1e-6 * nspe);
	cr_expect(t < 0.51e-7 * pow(50, 4) || t < 0.51e-5 * m, "the CPU column was not used");
	free(dat);
	/* counters: one panel per (kernel: counter), one line per family, against k */
	gp = kept("counters-dom.gp");
	cr_expect_not_null(strstr(gp, "set title \"chk: intersect_steps\" noenhanced"), "%s", gp);
	cr_expect_not_null(strstr(gp, "set title \"chk: passes\" noenhanced"), "%s", gp);
	cr_expect_not_null(strstr(gp, "set title \"slt: evals\" noenhanced"), "%s", gp);
	cr_expect_not_null(strstr(gp, "using 4:3 title \"itworst\" noenhanced lt 1"), "%s", gp);
	cr_expect_not_null(strstr(gp, "set multiplot layout 1,3"), "three panels: %s", gp);
	free(gp);
	/* no two series share a colour or a marker before the 20th */
	cr_expect_eq(tools_sh("grep '^set linetype' '%s'/figs/plot-src/counters-dom.gp | awk '{ print $6 }' "
			      "| sort -u | wc -l | grep -qx 20 && grep '^set linetype' "
			      "'%s'/figs/plot-src/counters-dom.gp | head -n 13 | awk '{ print $8 }' | sort -u "
			      "| wc -l | grep -qx 13",
			      dir, dir),
		     0);
	char svg[500];
	snprintf(svg, sizeof svg, "%s/figs/counters-dom.svg", dir);
	cr_expect(tools_file_exists_nonempty(svg));
	/* --x=edges plots column 2; a bad --x is a usage error */
	cr_assert_eq(tools_sh("'%s' '%s' --out='%s/figs' --formats=svg --x=edges --keep-scripts "
			      "--quiet",
			      TOOLS_PLOT, path, dir),
		     0);
	gp = kept("time-dom.gp");
	cr_expect_not_null(strstr(gp, "using 2:3 title \"chk\""), "%s", gp);
	cr_expect_not_null(strstr(gp, "edges m"), "%s", gp);
	free(gp);
	cr_expect_eq(tools_sh("'%s' '%s' --x=depth --no-figures 2>/dev/null", TOOLS_PLOT, path), 2);
}

Test(tools_options, sweep_dry_run_writes_nothing_and_the_gtw_preset)
{
	/* a results file that does not exist, in a directory that does not exist: neither appears */
	cr_assert_eq(tools_sh("'%s' --bench='%s' --algos=dfs --sizes=1e3 --out='%s/new/r.csv' "
			      "--dry-run > '%s/plan' 2>/dev/null",
			      TOOLS_SWEEP, TOOLS_FAKEBENCH, dir, dir),
		     0);
	cr_expect_neq(tools_sh("test -e '%s/new'", dir), 0, "--dry-run created the directory");
	char p[400];
	snprintf(p, sizeof p, "%s/plan", dir);
	char *plan = tools_slurp(p, NULL);
	cr_expect_str_eq(plan, "dfs structured 1000 1 0 -\ndfs random 1000 1 0 -\n");
	free(plan);
	/* an existing file is read (done keys skipped) and left byte for byte */
	cr_assert_eq(tools_sh("'%s' --bench='%s' --algos=dfs --sizes=1e3 --families=chain "
			      "--out='%s/r.csv' --quiet",
			      TOOLS_SWEEP, TOOLS_FAKEBENCH, dir),
		     0);
	cr_assert_eq(tools_sh("cp '%s/r.csv' '%s/before' && '%s' --bench='%s' --algos=dfs "
			      "--sizes=1e3,1e4 --families=chain --out='%s/r.csv' --dry-run > '%s/plan' "
			      "2>/dev/null && cmp -s '%s/r.csv' '%s/before'",
			      dir, dir, TOOLS_SWEEP, TOOLS_FAKEBENCH, dir, dir, dir, dir),
		     0);
	plan = tools_slurp(p, NULL);
	cr_expect_str_eq(plan, "dfs chain 10000 1 0 -\n");
	free(plan);
	/* gtw: the paper's four families, every dominator kernel and the floor, listed */
	cr_assert_eq(tools_sh("'%s' --list-presets | grep -q '^gtw '", TOOLS_SWEEP), 0);
	cr_assert_eq(tools_sh("'%s' --preset=gtw --bench='%s' --out='%s/g.csv' --dry-run > '%s/plan' "
			      "2>/dev/null",
			      TOOLS_SWEEP, TOOLS_FAKEBENCH, dir, dir),
		     0);
	plan = tools_slurp(p, NULL);
	static const char *const want[] = {"lin itworst 100 1 0 -\n", "quad ibfsquad 10000 1 0 -\n",
					   "lin idfsquad 4642 1 0 -\n", "quad sncaworst 215 1 0 -\n"};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++)
		cr_expect_not_null(strstr(plan, want[i]), "gtw plan lacks %s", want[i]);
	cr_expect_null(strstr(plan, "itworst 4642"), "itworst past its cap");
	/* the DFS the paper's ratios divide by, and no other stage */
	cr_expect_not_null(strstr(plan, "dfs itworst 100 1 0 -\n"), "no dfs in the gtw plan");
	cr_expect_null(strstr(plan, "place "), "a kernel outside the dom stage and the floor");
	free(plan);
	cr_expect_neq(tools_sh("test -e '%s/g.csv'", dir), 0);
}

/* The fake quad kernel's median grows exactly as n^2 while its wall time is sleep-dominated:
 * the skip note gives the fitted exponent and how many sizes it rests on. */
Test(tools_options, skip_note_uses_the_fitted_slope)
{
	char out[400];
	snprintf(out, sizeof out, "%s/r.csv", dir);
	cr_assert_eq(tools_sh("FAKEBENCH_QUADSLEEP=1 '%s' --bench='%s' --algos=quad --families=ladder "
			      "--sizes=1000,2000,4000 --time-limit=2 --out='%s' --quiet",
			      TOOLS_SWEEP, TOOLS_FAKEBENCH, out),
		     0);
	struct tools_table t;
	tools_table_load(&t, out);
	int found = 0;
	for (int r = 0; r < t.nrows; r++) {
		if (strcmp(tools_cell(&t, r, "blocks"), "4000"))
			continue;
		found = 1;
		const char *why = tools_cell(&t, r, "reason");
		cr_expect_not_null(strstr(why, "its median time grows as n^2.00 (fitted over 2 sizes)"),
				   "reason: %s", why);
	}
	cr_expect(found);
	tools_table_free(&t);
}

Test(tools_options, ssalab_help_prints_usage)
{
	char p[400];
	snprintf(p, sizeof p, "%s/help", dir);
	cr_assert_eq(tools_sh("'%s/tools/ssalab' --help > '%s'", SSALAB_SOURCE_DIR, p), 0);
	char *h = tools_slurp(p, NULL);
	cr_expect_eq(strncmp(h, "usage: tools/ssalab COMMAND", 27), 0, "%s", h);
	cr_expect_not_null(strstr(h, "show PROGRAM"), "%s", h);
	cr_expect_null(strstr(h, "set -euo"), "script lines in the usage");
	cr_expect_null(strstr(h, "# "), "comment lines in the usage: %s", h);
	free(h);
	cr_expect_eq(tools_sh("'%s/tools/ssalab' frobnicate > '%s' 2>&1", SSALAB_SOURCE_DIR, p), 2);
	h = tools_slurp(p, NULL);
	cr_expect_eq(strncmp(h, "usage: tools/ssalab", 19), 0, "%s", h);
	free(h);
}
