/* bench --algo=llvm-mem2reg (bench/input_llvm.c) through the built bench on
 * data/llvm/bench_module.ll: one row per function in CSV and JSON, the module's kernel line,
 * the φ counts (each function's against ssalab's brute-force oracle of pruned placement,
 * computed here from the importer, sharing no code with the bench path), the placement check's
 * outcome in the rows and the summary line (folded=, optnone=; test_llvm_parity.c tests the
 * check itself), the ratio line beside --pipeline, and the misuses. Skipped when bench was
 * built without LLVM's peers. */
#include "dom/dom.h"
#include "dom/domtree.h"
#include "llvmir/llvmir.h"
#include "phi/phi.h"
#include "support/bench_run.h"
#include "support/llvm_data.h"
#include "support/tools_util.h"
#include "util/status.h"

#include <criterion/criterion.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MODULE SSALAB_TEST_DATA "/llvm/bench_module.ll"
#define FAST "--reps=3 --min-time=0.00005"
#define PIPE "--pipeline=snca,df-cytron,phi-idf,rename-stack"

static struct bench_run bench(const char *args)
{
	return bench_run_cmd(SSALAB_BENCH_EXE, "%s", args);
}

/* Skips the test when the module needs a newer LLVM or bench has no LLVM peers. */
static void require_m2r(void)
{
	REQUIRE_OPAQUE_POINTERS();
	struct bench_run r = bench("--algo=llvm-mem2reg --in '" MODULE "' --reps=1");
	bool without = r.code == 2 && strstr(r.err, "built without LLVM's peers");
	bench_run_free(&r);
	if (without)
		cr_skip_test("bench was built without LLVM's peers");
}

/* ssalab's pruned φ count of every function of the module, by the brute-force oracle. */
static void oracle_phis(struct llvmir_module *m, uint64_t *phis)
{
	struct io_error err;
	memset(&err, 0, sizeof err);
	cr_assert_eq(llvmir_read(MODULE, NULL, m, &err), SSA_OK, "%s", err.what);
	cr_assert_eq(m->nfuncs, 12);
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		const struct prog *p = &m->funcs[i].prog;
		phis[i] = 0;
		if (!p->nvars)
			continue;
		struct domtree dt;
		struct var_blocks vb;
		struct phi_sets want;
		cr_assert_eq(dom_tree_default(&p->cfg, &dt), SSA_OK);
		cr_assert_eq(var_blocks_build(&vb, p), SSA_OK);
		cr_assert_eq(phi_oracle(p, &dt, &vb, PHI_PRUNED, &want), SSA_OK);
		phis[i] = want.total;
		phi_sets_free(&want);
		var_blocks_free(&vb);
		domtree_free(&dt);
	}
}

#define MAXF 96

static int col(char head[MAXF][512], int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(head[i], name))
			return i;
	cr_assert_fail("no column %s", name);
	return -1;
}

Test(llvm_m2r, csv_row_per_function_with_phis_checked_against_the_oracle)
{
	require_m2r();
	struct llvmir_module m;
	uint64_t want[12];
	oracle_phis(&m, want);
	/* 5 ms a sample: far above one call on these functions even in a sanitizer build, so a
	 * sample is always a batch (with FAST's 50 us one slow call could fill a sample alone). */
	struct bench_run r = bench("--algo=llvm-mem2reg --in '" MODULE "' --csv --reps=3 "
				   "--min-time=0.005");
	cr_assert_eq(r.code, 0, "%s", r.err);
	static char head[MAXF][512], row[MAXF][512];
	char *line = r.out, *nl = strchr(line, '\n');
	cr_assert_not_null(nl);
	*nl = 0;
	int nc = tools_csv_split(line, head, MAXF);
	int c_fn = col(head, nc, "function"), c_algo = col(head, nc, "algo"),
	    c_check = col(head, nc, "check"), c_cnt = col(head, nc, "counters"),
	    c_iters = col(head, nc, "iters"), c_reps = col(head, nc, "reps"),
	    c_med = col(head, nc, "median_ms");
	uint32_t i = 0, batched = 0, with_vars = 0;
	for (line = nl + 1; *line; line = nl + 1, i++) {
		nl = strchr(line, '\n');
		cr_assert_not_null(nl);
		*nl = 0;
		cr_assert_lt(i, m.nfuncs, "more rows than functions");
		cr_assert_eq(tools_csv_split(line, row, MAXF), nc);
		const struct llvmir_func *f = &m.funcs[i];
		cr_expect_str_eq(row[c_fn], llvmir_func_name(f));
		cr_expect_str_eq(row[c_algo], "llvm-mem2reg");
		cr_expect_str_eq(row[c_reps], "3");
		/* Without allocas the peer calls nothing and times nothing; with them, a call on
		 * these small functions lasts far less than --min-time, so a sample is a batch
		 * (on a loaded machine one call can be descheduled past it: most are batches). */
		if (f->prog.nvars) {
			cr_expect_gt(strtod(row[c_med], NULL), 0.0, "%s", llvmir_func_name(f));
			cr_expect_geq(strtoull(row[c_iters], NULL, 10), 1, "%s: iters %s",
				     llvmir_func_name(f), row[c_iters]);
			batched += strtoull(row[c_iters], NULL, 10) > 1;
			with_vars++;
			cr_expect_gt(strtod(row[col(head, nc, "cpu_median_ms")], NULL), 0.0, "%s",
				     llvmir_func_name(f));
		} else {
			cr_expect_str_eq(row[c_iters], "1");
		}
		char cnt[128];
		snprintf(cnt, sizeof cnt, "phis=%" PRIu64 ";allocas=%" PRIu32 ";", want[i],
			 f->prog.nvars);
		cr_expect(!strncmp(row[c_cnt], cnt, strlen(cnt)), "%s: counters '%s', want '%s...'",
			  llvmir_func_name(f), row[c_cnt], cnt);
		/* On this module LLVM folds no φ: every function has the same placement. */
		cr_expect_str_eq(row[c_check], "ok", "%s", llvmir_func_name(f));
		int c_msg = col(head, nc, "check_msg");
		snprintf(cnt, sizeof cnt, "phis llvm=%" PRIu64 " ssalab-pruned=%" PRIu64 " both=%"
			 PRIu64 " folded=0,", want[i], want[i], want[i]);
		cr_expect(!strncmp(row[c_msg], cnt, strlen(cnt)), "%s: check_msg '%s', want '%s...'",
			  llvmir_func_name(f), row[c_msg], cnt);
	}
	cr_expect_eq(i, 12);
	cr_expect_gt(with_vars, 0);
	cr_expect_gt(2 * batched, with_vars, "%u of %u functions timed in batches", batched,
		     with_vars);
	bench_run_free(&r);
	llvmir_module_free(&m);
}

Test(llvm_m2r, text_kernel_line_and_ratio_beside_the_pipeline)
{
	require_m2r();
	struct llvmir_module m;
	uint64_t want[12], total = 0;
	oracle_phis(&m, want);
	for (int i = 0; i < 12; i++)
		total += want[i];
	struct bench_run r = bench("--algo=llvm-mem2reg " PIPE " --in '" MODULE "' " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	const char *k = strstr(r.out, "kernel: llvm-mem2reg ");
	cr_assert_not_null(k, "%s", r.out);
	cr_expect(strstr(k, "functions=12 total_ms="), "%s", k);
	cr_expect(strstr(k, "checks_ok=12 failed=0"), "%s", k);
	char w[160];
	snprintf(w, sizeof w, "phis llvm=%" PRIu64 " ssalab-pruned=%" PRIu64
		 " functions_equal=12 differ=0 errors=0 folded=0 optnone=0", total, total);
	cr_expect(strstr(r.out, w), "no '%s' in:\n%s", w, r.out);
	/* The ratio: the pipeline's four stage totals (11 functions have variables) summed, and
	 * LLVM's over the same 11 functions. */
	const char *ra = strstr(r.out, "ratio: pipeline snca,df-cytron,phi-idf,rename-stack total_ms=");
	cr_assert_not_null(ra, "%s", r.out);
	double pipe = 0, llvm = 0, ratio = 0;
	unsigned nf = 0;
	cr_assert_eq(sscanf(ra, "ratio: pipeline %*s total_ms=%lf vs llvm-mem2reg total_ms=%lf over "
			    "the same %u functions: pipeline/llvm=%lf", &pipe, &llvm, &nf, &ratio), 4,
		     "%s", ra);
	cr_expect_eq(nf, 11);
	double sum = 0;
	static const char *const stages[] = {"snca", "df-cytron", "phi-idf", "rename-stack"};
	for (int s = 0; s < 4; s++) {
		char key[64];
		snprintf(key, sizeof key, "kernel: %-14s", stages[s]);
		const char *p = strstr(r.out, key);
		cr_assert_not_null(p, "%s", key);
		p = strstr(p, "total_ms=");
		sum += strtod(p + 9, NULL);
	}
	cr_expect(pipe > 0 && llvm > 0);
	cr_expect(pipe > sum * 0.999 - 1e-5 && pipe < sum * 1.001 + 1e-5, "pipe %f sum %f", pipe, sum);
	cr_expect(ratio > pipe / llvm * 0.99 && ratio < pipe / llvm * 1.01);
	/* Its interval: a bootstrap over the 11 functions, around the ratio, and the line says
	 * what is compared. */
	double lo = 0, hi = 0;
	const char *iv = strstr(ra, "pipeline/llvm=");
	cr_assert_eq(sscanf(iv, "pipeline/llvm=%*f [%lf, %lf]", &lo, &hi), 2, "%s", iv);
	cr_expect(lo <= ratio * 1.0001 && ratio <= hi * 1.0001 && lo > 0, "%g [%g, %g]", ratio, lo,
		  hi);
	cr_expect(strstr(ra, "PromoteMemToReg, both warm in calibrated batches"), "%s", ra);
	bench_run_free(&r);
	llvmir_module_free(&m);
}

Test(llvm_m2r, json_rows_name_their_function)
{
	require_m2r();
	struct bench_run r = bench("--algo=llvm-mem2reg,dfs --in '" MODULE "' --json " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(strstr(r.out, "\"algo\": \"llvm-mem2reg\""), "%s", r.out);
	cr_expect(strstr(r.out, "\"function\": \"conditional_ops\""));
	cr_expect(strstr(r.out, "\"algo\": \"dfs\""));
	bench_run_free(&r);
}

Test(llvm_m2r, misuse_is_a_usage_error)
{
	require_m2r();
	static const struct {
		const char *args, *says;
	} cases[] = {
		{"--algo=llvm-mem2reg --blocks=100", "it needs --in MODULE.ll"},
		{"--algo=llvm-mem2reg --in '" SSALAB_TEST_DATA "/good/diamond.prog'",
		 "it needs --in MODULE.ll"},
		{"--algo=llvm-mem2reg,dfs " PIPE " --in '" MODULE "'", "--algo and --pipeline exclude"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct bench_run r = bench(cases[i].args);
		cr_expect_eq(r.code, 2, "%s: exit %d", cases[i].args, r.code);
		cr_expect(strstr(r.err, cases[i].says), "%s: stderr '%s'", cases[i].args, r.err);
		cr_expect_str_eq(r.out, "");
		bench_run_free(&r);
	}
}

/* A module none of whose functions has a promotable alloca (rustc 1.95 declares its locals as
 * byte arrays): the ratio line says there is nothing to divide instead of printing 0. */
Test(llvm_m2r, ratio_without_variables_is_not_available)
{
	require_m2r();
	struct bench_run r = bench("--algo=llvm-mem2reg " PIPE " --in '" SSALAB_TEST_DATA
				   "/llvm/rust_1_95.bc' " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	const char *ra = strstr(r.out, "ratio: pipeline ");
	cr_assert_not_null(ra, "%s", r.out);
	cr_expect(strstr(ra, "over the same 0 functions: pipeline/llvm=n/a [no function with "
			     "variables]"), "%s", ra);
	bench_run_free(&r);
}
