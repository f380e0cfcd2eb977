/* tools/compare: ratios of two result files per (input, algorithm) with the noise verdict, on
 * synthetic files whose answers are known (disjoint spreads faster and slower, overlapping ones
 * noise, too few reps), across formats (sweep CSV, bench CSV, bench JSON), the CPU column, the
 * summary and unmatched counts, and the errors. One real bench run pair at the end. */
#include <criterion/criterion.h>

#include "support/tools_util.h"

#include <string.h>

#define COMPARE SSALAB_SOURCE_DIR "/tools/compare"

static char dir[256];

static void setup(void)
{
	tools_mkdtemp(dir, sizeof dir);
}

static void teardown(void)
{
	tools_rmdir(dir);
}

TestSuite(tools_compare, .init = setup, .fini = teardown);

static void put_file(const char *name, const char *text)
{
	char p[400];
	snprintf(p, sizeof p, "%s/%s", dir, name);
	FILE *f = fopen(p, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

static char *run(const char *args, int *rc)
{
	*rc = tools_sh("cd '%s' && '%s' %s > out 2> err", dir, COMPARE, args);
	char p[400];
	snprintf(p, sizeof p, "%s/out", dir);
	return tools_slurp(p, NULL);
}

static char *err_text(void)
{
	char p[400];
	snprintf(p, sizeof p, "%s/err", dir);
	return tools_slurp(p, NULL);
}

/* A as tools/sweep writes it; B as bench --csv writes it (other columns, an input column). */
static const char sweep_a[] =
	"status,algo,stage,family,blocks,n,m,seed,vars,flavor,reps,median_ms,min_ms,max_ms,"
	"cpu_median_ms\n"
	"ok,fast,dom,chain,1000,1000,999,1,0,,5,10,9,11,10\n"
	"ok,slow,dom,chain,1000,1000,999,1,0,,5,10,9,11,10\n"
	"ok,same,dom,chain,1000,1000,999,1,0,,5,10,8,12,10\n"
	"ok,few,dom,chain,1000,1000,999,1,0,,2,10,9,11,10\n"
	"ok,gone,dom,chain,1000,1000,999,1,0,,5,10,9,11,10\n"
	"skipped,fast,dom,chain,2000,,,1,0,,5,,,,\n";

static const char bench_b[] =
	"algo,stage,status,family,input,n,m,seed,vars,reps,median_ms,min_ms,max_ms,cpu_median_ms\n"
	"fast,dom,ok,chain,,1000,999,1,0,5,5,4.5,5.5,5\n"
	"slow,dom,ok,chain,,1000,999,1,0,5,20,18,22,20\n"
	"same,dom,ok,chain,,1000,999,1,0,5,11,10,13,11\n"
	"few,dom,ok,chain,,1000,999,1,0,5,30,29,31,30\n"
	"new,dom,ok,chain,,1000,999,1,0,5,1,1,1,1\n";

Test(tools_compare, ratios_and_verdicts)
{
	put_file("a.csv", sweep_a);
	put_file("b.csv", bench_b);
	int rc;
	char *out = run("a.csv b.csv --csv", &rc);
	cr_assert_eq(rc, 0);
	cr_expect_str_eq(out, "input,algo,median_a,median_b,ratio,verdict\n"
			      "\"chain n=1000 seed=1\",fast,10,5,0.5000,faster\n"
			      "\"chain n=1000 seed=1\",slow,10,20,2.0000,slower\n"
			      "\"chain n=1000 seed=1\",same,10,11,1.1000,noise (spreads overlap)\n"
			      "\"chain n=1000 seed=1\",few,10,30,3.0000,few reps (no spread to judge)\n");
	free(out);
	char *e = err_text();
	cr_expect_str_eq(e, "compare: 4 pair(s): 1 faster, 1 slower, 2 within noise or undecided; "
			    "geometric mean b/a 1.348; unmatched: 1 only in A, 1 only in B\n");
	free(e);
	/* the fixed-width table carries the same figures */
	out = run("a.csv b.csv", &rc);
	cr_assert_eq(rc, 0);
	cr_expect_not_null(strstr(out, "  0.500x  faster\n"), "%s", out);
	cr_expect_not_null(strstr(out, "  2.000x  slower\n"), "%s", out);
	free(out);
}

Test(tools_compare, json_input_and_cpu_time)
{
	put_file("a.csv", sweep_a);
	put_file("b.json", "{\n  \"format\": \"ssalab-bench-1\",\n"
			"  \"graph\": {\"family\": \"chain\", \"input\": null, \"seed\": 1, \"n\": 1000, "
			"\"m\": 999, \"vars\": 0},\n  \"runs\": [\n"
			"    {\"algo\": \"fast\", \"stage\": \"dom\", \"status\": \"ok\", \"reps\": 5, "
			"\"median_ms\": 4, \"min_ms\": 3.9, \"max_ms\": 4.2, \"cpu_median_ms\": 2.5},\n"
			"    {\"algo\": \"slow\", \"stage\": \"dom\", \"status\": \"refused\", \"reps\": 5, "
			"\"median_ms\": 4, \"min_ms\": 3.9, \"max_ms\": 4.2}\n  ]\n}\n");
	int rc;
	char *out = run("a.csv b.json --csv", &rc);
	cr_assert_eq(rc, 0);
	cr_expect_str_eq(out, "input,algo,median_a,median_b,ratio,verdict\n"
			      "\"chain n=1000 seed=1\",fast,10,4,0.4000,faster\n");
	free(out);
	out = run("a.csv b.json --csv --time=cpu", &rc);
	cr_assert_eq(rc, 0);
	cr_expect_not_null(strstr(out, ",fast,10,2.5,0.2500,faster (wall spreads apart; cpu)\n"), "%s",
			   out);
	free(out);
}

Test(tools_compare, errors)
{
	put_file("a.csv", sweep_a);
	put_file("junk.csv", "x,y\n1,2\n");
	int rc;
	free(run("a.csv", &rc));
	cr_expect_eq(rc, 2);
	free(run("a.csv a.csv a.csv", &rc));
	cr_expect_eq(rc, 2);
	free(run("a.csv a.csv --time=gpu", &rc));
	cr_expect_eq(rc, 2);
	free(run("a.csv missing.csv", &rc));
	cr_expect_eq(rc, 1);
	free(run("a.csv junk.csv", &rc));
	cr_expect_eq(rc, 1);
	char *e = err_text();
	cr_expect_not_null(strstr(e, "junk.csv holds no measured runs"), "%s", e);
	free(e);
	put_file("other.csv", "status,algo,family,n,seed,reps,median_ms,min_ms,max_ms\n"
			   "ok,fast,ladder,10,1,5,1,1,1\n");
	free(run("a.csv other.csv", &rc));
	cr_expect_eq(rc, 1, "nothing in common is an error");
	/* the same file against itself: every pair is noise, ratio 1 */
	char *out = run("a.csv a.csv", &rc);
	cr_expect_eq(rc, 0);
	e = err_text();
	cr_expect_not_null(strstr(e, "0 faster, 0 slower, 5 within noise or undecided; geometric "
				     "mean b/a 1.000\n"),
			   "%s", e);
	free(e);
	free(out);
}

Test(tools_compare, two_real_bench_runs, .timeout = 120)
{
	int rc = tools_sh("cd '%s' && '%s' --algo=chk,slt --family=structured --blocks=2000 --reps=5 "
			  "--csv > a.csv 2>/dev/null && '%s' --algo=chk,slt --family=structured "
			  "--blocks=2000 --reps=5 --json > b.json 2>/dev/null",
			  dir, SSALAB_BENCH_EXE, SSALAB_BENCH_EXE);
	cr_assert_eq(rc, 0);
	char *out = run("a.csv b.json --csv", &rc);
	cr_assert_eq(rc, 0);
	cr_expect_not_null(strstr(out, "\"structured n=2000 seed=1\",chk,"), "%s", out);
	cr_expect_not_null(strstr(out, "\"structured n=2000 seed=1\",slt,"), "%s", out);
	free(out);
}

Test(tools_compare, summary_rows_of_llvm_ir_are_not_runs, .timeout = 120)
{
	int rc = tools_sh("cd '%s' && '%s' --algo=dfs,chk --in '%s/llvm/bench_module.ll' --reps=5 "
			  "--csv > a.csv 2>/dev/null", dir, SSALAB_BENCH_EXE, SSALAB_TEST_DATA);
	cr_assert_eq(rc, 0);
	char p[400];
	snprintf(p, sizeof p, "%s/a.csv", dir);
	char *a = tools_slurp(p, NULL);
	cr_assert_not_null(strstr(a, ",summary,"), "bench wrote no summary row: %s", a);
	free(a);
	char *out = run("a.csv a.csv --csv", &rc);
	cr_assert_eq(rc, 0);
	/* Every compared pair is a function's run; a summary row would show an empty function. */
	char *e = err_text();
	cr_expect_not_null(strstr(e, "compare: 24 pair(s)"), "%s", e);
	free(e);
	free(out);
}

/* Two kernels of one file, input by input: B's kernel over A's, matched on the input only; and
 * the same across two files (KA from the first, KB from the second). */
Test(tools_compare, two_kernels_on_the_same_inputs)
{
	put_file("k.csv", "status,algo,stage,family,blocks,n,m,seed,vars,flavor,reps,median_ms,min_ms,"
			  "max_ms,cpu_median_ms\n"
			  "ok,slt,dom,chain,1000,1000,999,1,0,,5,10,9,11,10\n"
			  "ok,snca,dom,chain,1000,1000,999,1,0,,5,5,4,6,5\n"
			  "ok,slt,dom,chain,2000,2000,1999,1,0,,5,20,18,22,20\n"
			  "ok,snca,dom,chain,2000,2000,1999,1,0,,5,19,17,23,19\n"
			  "ok,slt,dom,ladder,1000,1000,1500,1,0,,5,8,7,9,8\n");
	int rc;
	char *out = run("k.csv --algos=slt,snca --csv", &rc);
	cr_assert_eq(rc, 0);
	cr_expect_str_eq(out, "input,algo,median_a,median_b,ratio,verdict\n"
			      "\"chain n=1000 seed=1\",snca/slt,10,5,0.5000,faster\n"
			      "\"chain n=2000 seed=1\",snca/slt,20,19,0.9500,noise (spreads overlap)\n");
	free(out);
	char *err = err_text();
	cr_expect(strstr(err, "unmatched: 1 only in A"), "the ladder input has no snca run: %s", err);
	free(err);
	put_file("k2.csv", "status,algo,stage,family,blocks,n,m,seed,vars,flavor,reps,median_ms,"
			   "min_ms,max_ms,cpu_median_ms\n"
			   "ok,snca,dom,chain,1000,1000,999,1,0,,5,30,29,31,30\n");
	out = run("k.csv k2.csv --algos=slt,snca --csv", &rc);
	cr_assert_eq(rc, 0);
	cr_expect_str_eq(out, "input,algo,median_a,median_b,ratio,verdict\n"
			      "\"chain n=1000 seed=1\",snca/slt,10,30,3.0000,slower\n");
	free(out);
	out = run("k.csv --algos=slt,lt", &rc);
	cr_expect_eq(rc, 1, "a kernel with no run");
	free(out);
	out = run("k.csv --algos=slt", &rc);
	cr_expect_eq(rc, 2, "one kernel only");
	free(out);
}
