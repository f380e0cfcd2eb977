/* Ratios that hold on a shared machine (bench/ratio.c, the kernel runner in bench/run.c):
 * the samples of several kernels interleave round-robin (seen in each sample's start time),
 * one kernel after another when their memory does not fit together (and the report says so);
 * x_dfs is a median of per-round ratios with a 95% bootstrap interval in text, CSV and JSON,
 * lo <= x_dfs <= hi, no interval below five pairs, the same interval for the same samples;
 * the busy flag in every format, forced through SSALAB_BENCH_BUSY_UTILIZATION. Never timings
 * themselves: only their order and the relations between the figures. */
#include "support/bench_run.h"

#include "../bench/ratio.c" /* the statistic itself, to recompute bench's interval */

#include <criterion/criterion.h>
#include <math.h>

#define RUN(...) bench_run_cmd(SSALAB_BENCH_EXE, __VA_ARGS__)

TestSuite(bench_ratios, .timeout = 300);

/* The numbers of the JSON array that follows key in the run of kernel algo; returns the count. */
static unsigned json_array(const char *json, const char *algo, const char *key, double *v,
			   unsigned max)
{
	char want[96];
	snprintf(want, sizeof want, "\"algo\": \"%s\"", algo);
	const char *run = strstr(json, want);
	cr_assert_not_null(run, "no run of %s in %s", algo, json);
	snprintf(want, sizeof want, "\"%s\": [", key);
	const char *p = strstr(run, want);
	cr_assert_not_null(p, "run %s has no %s", algo, key);
	p += strlen(want);
	unsigned n = 0;
	while (*p && *p != ']' && n < max) {
		char *end;
		v[n++] = strtod(p, &end);
		cr_assert(end != p, "bad number in %s of %s", key, algo);
		p = end;
		while (*p == ',' || *p == ' ')
			p++;
	}
	return n;
}

/* The x_dfs object of kernel algo's run: median, lo, hi (lo and hi NAN when null). */
static void json_x_dfs(const char *json, const char *algo, double *med, double *lo, double *hi)
{
	char want[96];
	snprintf(want, sizeof want, "\"algo\": \"%s\"", algo);
	const char *run = strstr(json, want);
	cr_assert_not_null(run);
	const char *p = strstr(run, "\"x_dfs\": {\"median\": ");
	cr_assert_not_null(p, "no x_dfs in run %s: %s", algo, run);
	*med = strtod(p + 20, NULL);
	p = strstr(p, "\"lo\": ");
	*lo = strncmp(p + 6, "null", 4) ? strtod(p + 6, NULL) : NAN;
	p = strstr(p, "\"hi\": ");
	*hi = strncmp(p + 6, "null", 4) ? strtod(p + 6, NULL) : NAN;
}

Test(bench_ratios, samples_interleave_round_robin)
{
	static const char *const k[] = {"dfs", "preds", "auto"};
	struct bench_run r = RUN("--algo=dfs,preds,auto --blocks=3000 --reps=6 --json");
	cr_assert_eq(r.code, 0, "%s", r.err);
	double t[3][8];
	for (int i = 0; i < 3; i++)
		cr_assert_eq(json_array(r.out, k[i], "rep_start_ms", t[i], 8), 6);
	/* Round i takes sample i of dfs, then of preds, then of auto, then round i + 1. */
	for (int s = 0; s < 6; s++) {
		cr_expect_lt(t[0][s], t[1][s], "round %d: dfs %f preds %f", s, t[0][s], t[1][s]);
		cr_expect_lt(t[1][s], t[2][s], "round %d: preds %f auto %f", s, t[1][s], t[2][s]);
		if (s < 5)
			cr_expect_lt(t[2][s], t[0][s + 1], "round %d: auto %f, next dfs %f", s,
				     t[2][s], t[0][s + 1]);
	}
	cr_expect_not_null(strstr(r.out, "\"interleaved\": true"), "%s", r.out);
	cr_expect_null(strstr(r.out, "\"interleaved\": false"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "order: samples interleaved round-robin over 3 kernels "
					 "(dfs,preds,auto)"), "%s", r.out);
	bench_run_free(&r);
}

Test(bench_ratios, kernels_that_do_not_fit_together_run_one_after_another)
{
	/* A limit that each kernel fits alone but not with the other. */
	struct bench_run r = RUN("--algo=dfs,preds --blocks=3000 --reps=5 --json");
	cr_assert_eq(r.code, 0, "%s", r.err);
	const char *e1 = strstr(r.out, "\"estimate_bytes\": ");
	cr_assert_not_null(e1);
	const char *e2 = strstr(e1 + 1, "\"estimate_bytes\": ");
	cr_assert_not_null(e2);
	unsigned long long a = strtoull(e1 + 18, NULL, 10), b = strtoull(e2 + 18, NULL, 10);
	bench_run_free(&r);
	unsigned long long limit = (a > b ? a : b) + 1;
	cr_assert_lt(limit, a + b);
	r = RUN("--algo=dfs,preds --blocks=3000 --reps=5 --json --mem-limit=%llu", limit);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_not_null(strstr(r.out, "order: one kernel after another, not interleaved: their "
					 "memory estimates sum to"), "%s", r.out);
	cr_expect_null(strstr(r.out, "\"interleaved\": true"), "%s", r.out);
	double t[2][8];
	cr_assert_eq(json_array(r.out, "dfs", "rep_start_ms", t[0], 8), 5);
	cr_assert_eq(json_array(r.out, "preds", "rep_start_ms", t[1], 8), 5);
	cr_expect_lt(t[0][4], t[1][0], "dfs's last sample %f after preds's first %f", t[0][4],
		     t[1][0]);
	bench_run_free(&r);
	/* The text report says it too, before the rows. */
	r = RUN("--algo=dfs,preds --blocks=3000 --reps=5 --mem-limit=%llu", limit);
	cr_assert_eq(r.code, 0, "%s", r.err);
	const char *o = strstr(r.out, "\norder: one kernel after another");
	const char *row = strstr(r.out, "\nalgo: dfs ");
	cr_expect(o && row && o < row, "%s", r.out);
	bench_run_free(&r);
}

/* Splits a CSV line without quoted commas in the fields looked at (the cmdline is quoted). */
static int csv_fields(char *line, char **f, int max)
{
	int n = 0;
	char *p = line;
	while (n < max) {
		f[n++] = p;
		if (*p == '"') {
			p = strchr(p + 1, '"');
			while (p && p[1] == '"')
				p = strchr(p + 2, '"');
			if (!p)
				break;
			p++;
		}
		p = strchr(p, ',');
		if (!p)
			break;
		*p++ = 0;
	}
	return n;
}

static int csv_col(char **h, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(h[i], name))
			return i;
	cr_assert_fail("no column %s", name);
	return -1;
}

Test(bench_ratios, intervals_in_csv_json_and_text)
{
	const char *a = "--algo=dfs,auto,snca --family=random --blocks=5000 --reps=7";
	struct bench_run r = RUN("%s --csv", a);
	cr_assert_eq(r.code, 0, "%s", r.err);
	char *save = NULL, *line = strtok_r(r.out, "\n", &save);
	char *h[128], *f[128];
	int nh = csv_fields(line, h, 128);
	/* New columns come last, after every column readers knew (the baseline's after these). */
	cr_expect_str_eq(h[nh - 10], "x_dfs");
	cr_expect_str_eq(h[nh - 5], "rep_start_ms");
	int cx = csv_col(h, nh, "x_dfs"), clo = csv_col(h, nh, "x_dfs_lo"),
	    chi = csv_col(h, nh, "x_dfs_hi"), cb = csv_col(h, nh, "busy"),
	    ci = csv_col(h, nh, "interleaved"), ca = csv_col(h, nh, "algo");
	int rows = 0;
	while ((line = strtok_r(NULL, "\n", &save))) {
		cr_assert_eq(csv_fields(line, f, 128), nh);
		double x = strtod(f[cx], NULL), lo = strtod(f[clo], NULL), hi = strtod(f[chi], NULL);
		cr_expect(lo <= x && x <= hi, "%s: %g not in [%g, %g]", f[ca], x, lo, hi);
		cr_expect(lo > 0, "%s: lo %s", f[ca], f[clo]);
		if (!strcmp(f[ca], "dfs"))
			cr_expect(x == 1 && lo == 1 && hi == 1, "dfs over itself: %g [%g, %g]", x, lo,
				  hi);
		cr_expect(!strcmp(f[cb], "yes") || !strcmp(f[cb], "no"), "busy=%s", f[cb]);
		cr_expect_str_eq(f[ci], "yes");
		rows++;
	}
	cr_expect_eq(rows, 3);
	bench_run_free(&r);

	r = RUN("%s --json", a);
	cr_assert_eq(r.code, 0, "%s", r.err);
	static const char *const k[] = {"dfs", "auto", "snca"};
	for (int i = 0; i < 3; i++) {
		double med, lo, hi;
		json_x_dfs(r.out, k[i], &med, &lo, &hi);
		cr_expect(lo <= med && med <= hi, "%s: %g not in [%g, %g]", k[i], med, lo, hi);
	}
	cr_expect_not_null(strstr(r.out, "\"busy\": "), "%s", r.out);
	bench_run_free(&r);

	r = RUN("%s", a);
	cr_assert_eq(r.code, 0, "%s", r.err);
	for (int i = 0; i < 3; i++) {
		char want[64];
		snprintf(want, sizeof want, "\ntable: %-12s ", k[i]);
		const char *t = strstr(r.out, want);
		cr_assert_not_null(t, "%s", r.out);
		char algo[32], stage[16], ci_s[64], check[16], cpu[16];
		double med, nb, ne, x, lo, hi;
		cr_assert_eq(sscanf(t + 1, "table: %31s %15s %lf %lf %lf %lf %63s %*s %15s %15s", algo,
				    stage, &med, &nb, &ne, &x, ci_s, check, cpu), 9, "%s", t);
		cr_assert_eq(sscanf(ci_s, "[%lf,%lf]", &lo, &hi), 2, "%s", ci_s);
		/* Two decimals in the table: compare at that precision. */
		cr_expect(lo <= x + 0.005 && x <= hi + 0.005, "%s: %g not in [%g, %g]", algo, x, lo,
			  hi);
		cr_expect(!strcmp(cpu, "ok") || !strcmp(cpu, "busy"), "%s", t);
	}
	bench_run_free(&r);
}

Test(bench_ratios, no_interval_below_five_pairs)
{
	struct bench_run r = RUN("--algo=dfs,auto --blocks=2000 --reps=4 --csv");
	cr_assert_eq(r.code, 0, "%s", r.err);
	/* x_dfs present, x_dfs_lo and x_dfs_hi empty. */
	cr_expect_eq(strstr(r.out, "\nauto,dom,ok,") != NULL, 1);
	const char *row = strstr(r.out, "\nauto,dom,ok,");
	const char *end = strchr(row + 1, '\n');
	char buf[8192];
	snprintf(buf, sizeof buf, "%.*s", (int)(end - row - 1), row + 1);
	char *f[128];
	int n = csv_fields(buf, f, 128);
	cr_expect(f[n - 10][0] != 0, "x_dfs empty");
	cr_expect_str_eq(f[n - 9], "");
	cr_expect_str_eq(f[n - 8], "");
	cr_expect(f[n - 3][0] != 0, "x_base empty");
	cr_expect_str_eq(f[n - 2], "");
	cr_expect_str_eq(f[n - 1], "");
	bench_run_free(&r);
	r = RUN("--algo=dfs,auto --blocks=2000 --reps=4 --json");
	cr_expect_not_null(strstr(r.out, "\"lo\": null, \"hi\": null, \"pairs\": 4}"), "%s", r.out);
	bench_run_free(&r);
	r = RUN("--algo=dfs,auto --blocks=2000 --reps=4");
	cr_expect_not_null(strstr(r.out, " n/a(4<5) "), "%s", r.out);
	bench_run_free(&r);
}

Test(bench_ratios, the_same_pairs_give_the_same_interval)
{
	double a[9] = {3.1, 2.9, 3.4, 3.0, 5.2, 3.05, 2.95, 3.2, 3.1};
	double b[9] = {1.0, 1.1, 0.9, 1.0, 1.05, 1.0, 0.98, 1.02, 1.5};
	struct bench_ratio x, y;
	bench_ratio_paired(a, b, 9, &x);
	bench_ratio_paired(a, b, 9, &y);
	cr_expect(x.have && x.ci && x.pairs == 9);
	cr_expect(x.value == y.value && x.lo == y.lo && x.hi == y.hi);
	cr_expect(x.lo <= x.value && x.value <= x.hi, "%g [%g, %g]", x.value, x.lo, x.hi);
	cr_expect(x.lo < x.hi);
	bench_ratio_of_sums(a, b, 9, &x);
	bench_ratio_of_sums(a, b, 9, &y);
	cr_expect(x.value == y.value && x.lo == y.lo && x.hi == y.hi);
	cr_expect(x.lo <= x.value && x.value <= x.hi);
	bench_ratio_paired(a, b, 4, &x);
	cr_expect(x.have && !x.ci && x.pairs == 4);

	/* bench's printed interval is this statistic of its printed samples. */
	struct bench_run r = RUN("--algo=dfs,preds --blocks=4000 --reps=9 --json");
	cr_assert_eq(r.code, 0, "%s", r.err);
	double d[16], p[16];
	cr_assert_eq(json_array(r.out, "dfs", "rep_ms", d, 16), 9);
	cr_assert_eq(json_array(r.out, "preds", "rep_ms", p, 16), 9);
	double med, lo, hi;
	json_x_dfs(r.out, "preds", &med, &lo, &hi);
	bench_ratio_paired(p, d, 9, &x);
	cr_expect(fabs(x.value - med) <= 1e-3 * med, "%g vs %g", x.value, med);
	cr_expect(fabs(x.lo - lo) <= 1e-3 * lo, "%g vs %g", x.lo, lo);
	cr_expect(fabs(x.hi - hi) <= 1e-3 * hi, "%g vs %g", x.hi, hi);
	bench_run_free(&r);
}

/* bench with SSALAB_BENCH_BUSY_UTILIZATION=u (each test runs in its own process). */
static struct bench_run busy_run(const char *u, const char *args)
{
	setenv("SSALAB_BENCH_BUSY_UTILIZATION", u, 1);
	struct bench_run r = RUN("%s", args);
	unsetenv("SSALAB_BENCH_BUSY_UTILIZATION");
	return r;
}

Test(bench_ratios, busy_flag_in_every_format)
{
	/* Above 1 no process gets enough of a CPU: every kernel is flagged; far below, none. */
	const char *a = "--algo=dfs,auto --blocks=2000 --reps=5";
	struct bench_run r = busy_run("50", "--algo=dfs,auto --blocks=2000 --reps=5 --csv");
	cr_assert_eq(r.code, 0, "%s", r.err);
	char *save = NULL, *line = strtok_r(r.out, "\n", &save);
	char *h[128], *f[128];
	int nh = csv_fields(line, h, 128), cb = csv_col(h, nh, "busy"), rows = 0;
	while ((line = strtok_r(NULL, "\n", &save))) {
		cr_assert_eq(csv_fields(line, f, 128), nh);
		cr_expect_str_eq(f[cb], "yes");
		rows++;
	}
	cr_expect_eq(rows, 2);
	bench_run_free(&r);
	r = busy_run("50", "--algo=dfs,auto --blocks=2000 --reps=5 --json");
	cr_expect_null(strstr(r.out, "\"busy\": false"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\"busy\": true"), "%s", r.out);
	bench_run_free(&r);
	r = busy_run("0.000001", "--algo=dfs,auto --blocks=2000 --reps=5 --json");
	cr_expect_null(strstr(r.out, "\"busy\": true"), "%s", r.out);
	bench_run_free(&r);
	r = busy_run("50", a);
	cr_expect_not_null(strstr(r.out, "busy (timings inflated)\n"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, " busy\n"), "the table's cpu column: %s", r.out);
	bench_run_free(&r);
}

Test(bench_ratios, the_pipeline_ratio_to_the_floor_is_paired)
{
	struct bench_run r = RUN("--pipeline=auto,phi-dj,rename-stack --blocks=3000 --vars=4 "
				 "--reps=6");
	cr_assert_eq(r.code, 0, "%s", r.err);
	const char *p = strstr(r.out, "\nratio: total/dfs wall ");
	cr_assert_not_null(p, "%s", r.out);
	double x, lo, hi;
	cr_assert_eq(sscanf(p, "\nratio: total/dfs wall %lf [%lf, %lf]", &x, &lo, &hi), 3, "%s", p);
	cr_expect(lo <= x && x <= hi && lo > 0, "%g [%g, %g]", x, lo, hi);
	bench_run_free(&r);
	r = RUN("--pipeline=auto,phi-dj,rename-stack --blocks=3000 --vars=4 --reps=6 --json");
	cr_assert_eq(r.code, 0, "%s", r.err);
	double med;
	json_x_dfs(r.out, "phi-dj", &med, &lo, &hi);
	cr_expect(lo <= med && med <= hi, "%g [%g, %g]", med, lo, hi);
	bench_run_free(&r);
}

Test(bench_ratios, the_interval_from_order_statistics_by_hand)
{
	/* Six batches (one round each) give 95% from the extremes only: P(Bin(6, 1/2) = 0) is
	 * 1/64 <= 2.5%, P(<= 1) = 7/64 is not. Ratios 2, 3, 1.5, 2.5, 4, 2: median 2.25. */
	cr_expect_eq(bench_ratio_rank(5), 0);
	cr_expect_eq(bench_ratio_rank(6), 1);
	cr_expect_eq(bench_ratio_rank(9), 2);  /* P(<= 1) = 10/512 */
	cr_expect_eq(bench_ratio_rank(20), 6); /* P(<= 5) = 2.07%, P(<= 6) = 5.77% */
	double a[6] = {2, 6, 3, 5, 4, 2}, b[6] = {1, 2, 2, 2, 1, 1};
	struct bench_ratio x, y;
	bench_ratio_paired(a, b, 6, &x);
	cr_expect(x.have && x.ci && x.pairs == 6);
	cr_expect_float_eq(x.value, 2.25, 1e-12);
	cr_expect_float_eq(x.lo, 1.5, 1e-12);
	cr_expect_float_eq(x.hi, 4.0, 1e-12);
	/* Nine rounds: the 2nd and 8th smallest of 1..9 (in any order). */
	double c[9] = {5, 1, 9, 3, 7, 2, 8, 4, 6}, one[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
	bench_ratio_paired(c, one, 9, &x);
	bench_ratio_paired(c, one, 9, &y);
	cr_expect(x.value == 5 && x.lo == 2 && x.hi == 8, "%g [%g, %g]", x.value, x.lo, x.hi);
	cr_expect(x.value == y.value && x.lo == y.lo && x.hi == y.hi);
	/* 40 rounds in 20 batches of two: the batch medians are the pairs' means. */
	double d[40], e[40];
	for (int i = 0; i < 40; i++) {
		d[i] = 1 + (i / 2) + (i % 2 ? 0.5 : 0);
		e[i] = 1;
	}
	bench_ratio_paired(d, e, 40, &x);
	/* batch j holds 1+j and 1.5+j: median 1.25+j; 6th and 15th smallest: j = 5 and 14 */
	cr_expect_float_eq(x.lo, 6.25, 1e-12);
	cr_expect_float_eq(x.hi, 15.25, 1e-12);
}

/* The x_base object of kernel algo's run: baseline, median, lo, hi. */
static void json_x_base(const char *json, const char *algo, const char *base, double *med,
			double *lo, double *hi)
{
	char want[96];
	snprintf(want, sizeof want, "\"algo\": \"%s\"", algo);
	const char *run = strstr(json, want);
	cr_assert_not_null(run);
	snprintf(want, sizeof want, "\"x_base\": {\"baseline\": \"%s\", \"median\": ", base);
	const char *p = strstr(run, want);
	cr_assert_not_null(p, "no x_base in run %s: %s", algo, run);
	*med = strtod(p + strlen(want), NULL);
	p = strstr(p, "\"lo\": ");
	*lo = strtod(p + 6, NULL);
	p = strstr(p, "\"hi\": ");
	*hi = strtod(p + 6, NULL);
}

Test(bench_ratios, a_baseline_other_than_dfs)
{
	const char *a = "--algo=dfs,auto,snca,chk --baseline=auto --family=random --blocks=4000 "
			"--reps=7";
	struct bench_run r = RUN("%s --csv", a);
	cr_assert_eq(r.code, 0, "%s", r.err);
	char *save = NULL, *line = strtok_r(r.out, "\n", &save);
	char *h[128], *f[128];
	int nh = csv_fields(line, h, 128);
	cr_expect_str_eq(h[nh - 4], "baseline");
	cr_expect_str_eq(h[nh - 1], "x_base_hi");
	int ca = csv_col(h, nh, "algo"), cb = csv_col(h, nh, "baseline"), cx = csv_col(h, nh, "x_base"),
	    clo = csv_col(h, nh, "x_base_lo"), chi = csv_col(h, nh, "x_base_hi"),
	    cd = csv_col(h, nh, "x_dfs");
	int rows = 0;
	while ((line = strtok_r(NULL, "\n", &save))) {
		cr_assert_eq(csv_fields(line, f, 128), nh);
		double x = strtod(f[cx], NULL), lo = strtod(f[clo], NULL), hi = strtod(f[chi], NULL);
		cr_expect_str_eq(f[cb], "auto");
		cr_expect(lo <= x && x <= hi && lo > 0, "%s: %g not in [%g, %g]", f[ca], x, lo, hi);
		cr_expect(f[cd][0], "%s: x_dfs kept", f[ca]);
		if (!strcmp(f[ca], "auto"))
			cr_expect(x == 1 && lo == 1 && hi == 1, "auto over itself: %g [%g, %g]", x, lo, hi);
		rows++;
	}
	cr_expect_eq(rows, 4);
	bench_run_free(&r);

	r = RUN("%s --json", a);
	cr_assert_eq(r.code, 0, "%s", r.err);
	static const char *const k[] = {"dfs", "snca", "chk"};
	for (int i = 0; i < 3; i++) {
		double med, lo, hi;
		json_x_base(r.out, k[i], "auto", &med, &lo, &hi);
		cr_expect(lo <= med && med <= hi, "%s: %g not in [%g, %g]", k[i], med, lo, hi);
	}
	/* x_base is paired too: the same statistic of the printed samples. */
	double s[16], au[16], med, lo, hi;
	cr_assert_eq(json_array(r.out, "snca", "rep_ms", s, 16), 7);
	cr_assert_eq(json_array(r.out, "auto", "rep_ms", au, 16), 7);
	json_x_base(r.out, "snca", "auto", &med, &lo, &hi);
	struct bench_ratio x;
	bench_ratio_paired(s, au, 7, &x);
	cr_expect(fabs(x.value - med) <= 1e-3 * med && fabs(x.lo - lo) <= 1e-3 * lo &&
		  fabs(x.hi - hi) <= 1e-3 * hi, "%g [%g, %g] vs %g [%g, %g]", x.value, x.lo, x.hi,
		  med, lo, hi);
	bench_run_free(&r);

	r = RUN("%s", a);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_not_null(strstr(r.out, " x_auto x_auto_95%\n"), "%s", r.out);
	const char *t = strstr(r.out, "\ntable: snca ");
	cr_assert_not_null(t, "%s", r.out);
	const char *end = strchr(t + 1, '\n');
	const char *p = end;
	while (p > t && p[-1] != ' ')
		p--; /* the last field, [lo,hi] */
	const char *q = p - 1;
	while (q > t && q[-1] != ' ')
		q--;
	double v;
	cr_assert_eq(sscanf(q, "%lf [%lf,%lf]", &v, &lo, &hi), 3, "%.*s", (int)(end - t), t);
	cr_expect(lo <= v + 0.005 && v <= hi + 0.005, "%g [%g, %g]", v, lo, hi);
	bench_run_free(&r);
}

Test(bench_ratios, baseline_usage_errors)
{
	struct bench_run r = RUN("--algo=dfs,auto --baseline=snca --blocks=1000");
	cr_expect_eq(r.code, 2);
	cr_expect_not_null(strstr(r.err, "--baseline=snca: not among the --algo kernels"), "%s",
			   r.err);
	bench_run_free(&r);
	r = RUN("--algo=auto,phi-dj --baseline=auto --blocks=1000 --vars=3");
	cr_expect_eq(r.code, 2);
	cr_expect_not_null(strstr(r.err, "--baseline=auto is of stage dom, and phi-dj of stage phi"),
			   "%s", r.err);
	bench_run_free(&r);
	r = RUN("--algo=auto --baseline=nosuch --blocks=1000");
	cr_expect_eq(r.code, 2);
	cr_expect_not_null(strstr(r.err, "--baseline=nosuch: no kernel"), "%s", r.err);
	bench_run_free(&r);
	r = RUN("--pipeline=auto,phi-dj,rename-stack --baseline=dfs --blocks=1000 --vars=3");
	cr_expect_eq(r.code, 2);
	cr_expect_not_null(strstr(r.err, "--baseline=dfs"), "%s", r.err);
	bench_run_free(&r);
	/* dfs is a baseline for any stage */
	r = RUN("--algo=dfs,auto,phi-dj --baseline=dfs --blocks=1000 --vars=3 --reps=5 --csv");
	cr_expect_eq(r.code, 0, "%s", r.err);
	bench_run_free(&r);
}
