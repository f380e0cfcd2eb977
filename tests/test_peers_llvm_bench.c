/* llvm-dom, llvm-dom-map and llvm-idf through the bench executable: LLVM's Semi-NCA has no guard against its
 * quadratic NCA walk, so on ladder and sncaworst it must end at --time-limit exactly as
 * ssalab's snca does (exit 5, the kernel named on stderr, no --out file left); and the LLVM
 * rows of --algo=all:dom / all:phi must appear beside ours with their checks passing. Built
 * only when LLVM was found (tests/CMakeLists.txt). Exact outcomes only, never timings. */
#include <criterion/criterion.h>

#include "support/bench_rows.h"
#include "support/llvm_data.h"

#define SCRATCH_DIR_NAME "ssalab-peers-bench"
#include "support/scratch_dir.h"

TestSuite(peers_llvm_bench, .init = mk_tmpdir, .fini = rm_tmpdir, .timeout = 300);

#define RUN(...) bench_run_cmd(SSALAB_BENCH_EXE, __VA_ARGS__)

/* The family's own quadratic input for Semi-NCA at 2.5e5 blocks: ~k^2/2 = 8e9 NCA steps for
 * ladder (k = 1.25e5 rungs), k^2 = 1.6e10 for sncaworst, far beyond one second on any machine,
 * while the guarded auto and LLVM's own prepare step finish it in well under a second. */
static void expect_timeout(const char *family, const char *algo)
{
	char out[256], want[128];
	snprintf(out, sizeof out, "%s/timeout-%s.csv", tmpdir, family);
	struct bench_run r = RUN("--algo=%s --family=%s --blocks=250000 --time-limit=1 --reps=1 "
				 "--csv --out %s",
				 algo, family, out);
	cr_expect_eq(r.code, 5, "%s: exit %d, stderr: %s", family, r.code, r.err);
	snprintf(want, sizeof want, "%s exceeded --time-limit=1 s", algo);
	cr_expect_not_null(strstr(r.err, want), "%s: %s", family, r.err);
	cr_expect_not_null(strstr(r.err, "quadratic"), "%s: no reason given: %s", family, r.err);
	cr_expect_str_empty(r.out, "%s: printed on stdout: %s", family, r.out);
	cr_expect_eq(dir_entries(), 0, "%s: an unfinished --out file was left behind", family);
	bench_run_free(&r);

	/* The same input is no problem for the guarded rival: the limit catches the peer, not the
	 * graph. */
	r = RUN("--algo=auto --family=%s --blocks=250000 --time-limit=60 --reps=1 --csv", family);
	bench_expect_ok_rows(&r, "auto,dom", NULL);
}

Test(peers_llvm_bench, ladder_ends_at_the_time_limit)
{
	expect_timeout("ladder", "llvm-dom");
}

Test(peers_llvm_bench, sncaworst_ends_at_the_time_limit)
{
	expect_timeout("sncaworst", "llvm-dom");
}

/* Where the records live does not change the NCA walk: the pointer-keyed path is as quadratic. */
Test(peers_llvm_bench, the_map_path_ends_at_the_time_limit_too)
{
	expect_timeout("ladder", "llvm-dom-map");
}

Test(peers_llvm_bench, a_timeout_stops_the_rest_of_the_list)
{
	/* bench ends the process at the first overrun: the kernel before it ran and printed its
	 * row, the one after it never runs (5 s leaves room for auto under ASan on a busy
	 * machine; llvm-dom is quadratic here and needs far more). The overrun is llvm-dom's,
	 * and stderr says so. */
	struct bench_run r = RUN("--algo=auto,llvm-dom,slt --family=ladder --blocks=250000 "
				 "--time-limit=5 --reps=1 --csv");
	cr_expect_eq(r.code, 5, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\nauto,dom,ok,"), "%s", r.out);
	cr_expect_null(strstr(r.out, "\nslt,"), "%s", r.out);
	cr_expect_not_null(strstr(r.err, "llvm-dom exceeded --time-limit=5 s"), "%s", r.err);
	bench_run_free(&r);
}

Test(peers_llvm_bench, llvm_rows_beside_ours_with_checks)
{
	struct bench_run r = RUN("--algo=all:dom --family=structured --blocks=20000 --reps=1 --csv");
	bench_expect_ok_rows(&r, "llvm-dom,dom", "llvm-dom-map,dom", "llvm-pdom,dom", "auto,dom", NULL);

	for (int pruned = 0; pruned < 2; pruned++) {
		r = RUN("--algo=llvm-idf,phi-dj --family=structured --blocks=20000 --vars=16 --defs=8 "
			"--flavor=%s --reps=1 --csv",
			pruned ? "pruned" : "minimal");
		bench_expect_ok_rows(&r, "llvm-idf,phi", "phi-dj,phi", NULL);
	}
}

/* On LLVM IR, --algo=all is every kernel plus the end-to-end rival: llvm-mem2reg on every
 * function, and ssalab's best whole pipeline (auto, phi-dj pruned, rename-stack) on every
 * function with variables, with their totals set side by side. data/llvm/bench_module.ll: 12
 * functions, 11 with variables, LLVM's φs equal ssalab's pruned placement on all of them. */
#define M2R_MODULE SSALAB_TEST_DATA "/llvm/bench_module.ll"

Test(peers_llvm_bench, all_on_llvm_ir_includes_mem2reg_and_the_pipeline)
{
	REQUIRE_OPAQUE_POINTERS();
	struct bench_run r = RUN("--algo=all --in '%s' --reps=1 --min-time=0 --csv", M2R_MODULE);
	cr_assert_eq(r.code, 0, "exit %d, stderr: %s", r.code, r.err);
	/* Every function: each kernel once, llvm-mem2reg once with its φ check passing. */
	cr_expect_eq(bench_count_rows(r.out, "llvm-mem2reg,mem2reg,ok,"), 12, "%s", r.out);
	cr_expect_eq(bench_count_rows(r.out, "llvm-mem2reg,"), 12);
	cr_expect_eq(bench_count_rows(r.out, "llvm-dom,dom,ok,"), 12);
	cr_expect_eq(bench_count_rows(r.out, "llvm-dom-map,dom,ok,"), 12);
	cr_expect_eq(bench_count_rows(r.out, "boost-lt,dom,"),
		     12 * (strstr(r.out, "boost-lt") != NULL));
	cr_expect_eq(bench_count_rows(r.out, "snca,dom,ok,"), 12);
	/* The pipeline: its three stages on the 11 functions with variables (auto also ran as a
	 * kernel on all 12). */
	cr_expect_eq(bench_count_rows(r.out, "auto,dom,ok,"), 12 + 11, "%s", r.out);
	cr_expect_eq(bench_count_rows(r.out, "phi-djq,phi,ok,"), 11);
	cr_expect_eq(bench_count_rows(r.out, "rename-stack,rename,ok,"), 11);
	bench_run_free(&r);

	r = RUN("--algo=all --in '%s' --reps=1 --min-time=0", M2R_MODULE);
	cr_assert_eq(r.code, 0, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\nend to end: --pipeline=auto,phi-djq,rename-stack "
					 "--flavor=pruned against llvm-mem2reg"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "functions_equal=12 differ=0 errors=0"), "%s", r.out);
	const char *ra = strstr(r.out, "\nratio: pipeline auto,phi-djq,rename-stack total_ms=");
	cr_assert_not_null(ra, "%s", r.out);
	unsigned nf = 0;
	double pipe = 0, llvm = 0;
	cr_expect_eq(sscanf(ra, "\nratio: pipeline %*s total_ms=%lf vs llvm-mem2reg total_ms=%lf "
			    "over the same %u functions", &pipe, &llvm, &nf), 3, "%s", ra);
	cr_expect_eq(nf, 11);
	cr_expect(pipe > 0 && llvm > 0);
	bench_run_free(&r);

	/* all:dom stays the dominator stage alone, and a generated input has no mem2reg. */
	r = RUN("--algo=all:dom --in '%s' --reps=1 --min-time=0 --csv", M2R_MODULE);
	cr_expect_eq(r.code, 0, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_eq(bench_count_rows(r.out, "llvm-mem2reg,"), 0);
	bench_run_free(&r);
	r = RUN("--algo=all --blocks=2000 --reps=1 --csv");
	cr_expect_eq(r.code, 0, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_null(strstr(r.out, "llvm-mem2reg"));
	cr_expect_not_null(strstr(r.out, "\nllvm-dom,dom,ok,"), "%s", r.out);
	bench_run_free(&r);
}
