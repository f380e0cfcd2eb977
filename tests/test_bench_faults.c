/* Faults, through the built executables: bench's dominator check above the oracle's size names
 * the independent reference; SIGINT/SIGTERM to a running bench or gen leave no --out file and
 * exit 128 + signal; every prefix of a small .prog and .ssab is read or refused with an error
 * naming the file; and, in builds without NDEBUG, failing each allocation of a run in turn
 * (SSALAB_FAIL_ALLOC, algos/util/mem.c) ends bench and gen with a message, no crash and no
 * output file. Exact outcomes only, never timings. */
#include "support/bench_run.h"

#include "io/io.h"
#include "cfg/prog.h"
#include "util/status.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#define SCRATCH_DIR_NAME "ssalab-faults-test"
#include "support/scratch_dir.h"

TestSuite(bench_faults, .init = mk_tmpdir, .fini = rm_tmpdir, .timeout = 300);

Test(bench_faults, dom_check_above_the_oracle_uses_the_independent_reference)
{
	/* 2*10^4 blocks: n*(n+m) is above the oracle's 10^8, so the reference decides. */
	const char *rev[] = {"", "--reverse"};
	for (int i = 0; i < 2; i++) {
		struct bench_run r = bench_run_cmd(
		    SSALAB_BENCH_EXE, "--algo=slt --family=random --blocks=2e4 --reps=1 %s", rev[i]);
		cr_expect_eq(r.code, 0, "exit %d, stderr: %s", r.code, r.err);
		cr_expect_not_null(strstr(r.out, "vs independent reference + verifier"), "%s", r.out);
		cr_expect_not_null(strstr(r.out, "check: ok"), "%s", r.out);
		bench_run_free(&r);
	}
	/* Small graphs still go to the oracle. */
	struct bench_run r = bench_run_cmd(SSALAB_BENCH_EXE, "--algo=slt --blocks=100 --reps=1");
	cr_expect_not_null(strstr(r.out, "oracle: ok"), "%s", r.out);
	bench_run_free(&r);
}

/* Starts exe with argv (NULL-terminated), stdout/stderr to /dev/null. */
static pid_t spawn(const char *exe, char *const argv[])
{
	pid_t pid = fork();
	if (pid == 0) {
		FILE *null = freopen("/dev/null", "w", stdout);
		null = freopen("/dev/null", "w", stderr);
		(void)null;
		execv(exe, argv);
		_exit(127);
	}
	return pid;
}

static void sleep_ms(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&t, NULL);
}

/* Waits until the directory holds a file (the temporary output), at most limit_ms. */
static bool wait_for_file(long limit_ms)
{
	for (long t = 0; t < limit_ms; t++) {
		if (dir_entries() > 0)
			return true;
		sleep_ms(1);
	}
	return false;
}

/* Waits until pid catches sig (Linux: SigCgt in /proc/PID/status), at most limit_ms: gen loads
 * libLLVM before main, which can take longer than any fixed pause on a loaded machine. */
static bool wait_for_handler(pid_t pid, int sig, long limit_ms)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
	for (long t = 0; t < limit_ms; t++) {
		FILE *f = fopen(path, "r");
		unsigned long long cgt = 0;
		while (f && fgets(line, sizeof line, f))
			if (sscanf(line, "SigCgt: %llx", &cgt) == 1)
				break;
		if (f)
			fclose(f);
		if (cgt >> (sig - 1) & 1)
			return true;
		sleep_ms(1);
	}
	return false;
}

static int signal_and_wait(pid_t pid, int sig)
{
	kill(pid, sig);
	int st;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -WTERMSIG(st);
}

Test(bench_faults, bench_interrupted_leaves_no_out_file)
{
	char out[256];
	snprintf(out, sizeof out, "%s/report.csv", tmpdir);
	const int sigs[] = {SIGINT, SIGTERM};
	for (int i = 0; i < 2; i++) {
		/* A --reps loop long enough to be still running when the signal comes; the temporary
		 * --out file exists from the start. */
		char *argv[] = {(char *)"bench", (char *)"--algo=dfs", (char *)"--blocks=1e5",
				(char *)"--reps=1000000", (char *)"--csv", (char *)"--out", out, NULL};
		pid_t pid = spawn(SSALAB_BENCH_EXE, argv);
		cr_assert_gt(pid, 0);
		cr_assert(wait_for_file(20000), "bench never created its temporary file");
		sleep_ms(100);
		int code = signal_and_wait(pid, sigs[i]);
		cr_expect_eq(code, 128 + sigs[i], "signal %d: status %d", sigs[i], code);
		cr_expect_eq(dir_entries(), 0, "signal %d left a file behind", sigs[i]);
	}
}

Test(bench_faults, gen_interrupted_leaves_no_out_file)
{
	char out[256];
	snprintf(out, sizeof out, "%s/big.prog", tmpdir);
	const int sigs[] = {SIGINT, SIGTERM};
	for (int i = 0; i < 2; i++) {
		/* Interrupted while the output is being written (its temporary file exists). */
		char *argv[] = {(char *)"gen", (char *)"--family=chain", (char *)"--blocks=4e6",
				(char *)"--vars=8", (char *)"--out", out, NULL};
		pid_t pid = spawn(SSALAB_GEN_EXE, argv);
		cr_assert_gt(pid, 0);
		bool writing = wait_for_file(60000);
		int code = signal_and_wait(pid, sigs[i]);
		cr_expect(writing, "gen never started writing");
		cr_expect_eq(code, 128 + sigs[i], "signal %d: status %d", sigs[i], code);
		cr_expect_eq(dir_entries(), 0, "signal %d left a file behind", sigs[i]);
		/* And while generating (about 2 s here), before any file exists. */
		pid = spawn(SSALAB_GEN_EXE, argv);
		cr_expect(wait_for_handler(pid, sigs[i], 20000), "gen never caught signal %d", sigs[i]);
		code = signal_and_wait(pid, sigs[i]);
		cr_expect_eq(code, 128 + sigs[i], "signal %d: status %d", sigs[i], code);
		cr_expect_eq(dir_entries(), 0, "signal %d left a file behind", sigs[i]);
	}
}

/* Every prefix of a small file written by gen is read or refused, never a crash; a refusal names
 * the prefix's file. Every proper prefix must be refused: .ssab's header carries every size, and a
 * text file ends with its "end" line (tests/README.md, "Faults injected"), so the only prefix of a
 * .prog that reads is the whole file less its final newline (the last line needs none). */
static void every_prefix(const char *ext)
{
	char full[256], cut[256];
	snprintf(full, sizeof full, "%s/full.%s", tmpdir, ext);
	snprintf(cut, sizeof cut, "%s/cut.%s", tmpdir, ext);
	struct bench_run r = bench_run_cmd(SSALAB_GEN_EXE,
					   "--family=irreducible --blocks=12 --vars=3 --seed=7 --out '%s'", full);
	cr_assert_eq(r.code, 0, "gen: %s", r.err);
	bench_run_free(&r);
	FILE *f = fopen(full, "rb");
	cr_assert_not_null(f);
	unsigned char buf[1 << 16];
	size_t len = fread(buf, 1, sizeof buf, f);
	fclose(f);
	cr_assert_gt(len, 16);
	size_t must_refuse = len;
	if (!strcmp(ext, "prog")) {
		cr_assert(len > 4 && !memcmp(buf + len - 5, "\nend\n", 5), "no 'end' line");
		must_refuse = len - 1;
	}
	size_t refused = 0;
	for (size_t k = 0; k < len; k++) {
		f = fopen(cut, "wb");
		cr_assert_not_null(f);
		cr_assert_eq(fwrite(buf, 1, k, f), k);
		cr_assert_eq(fclose(f), 0);
		struct prog p;
		struct io_error err;
		memset(&err, 0, sizeof err);
		int st = io_read_prog(cut, &p, &err);
		if (st == SSA_OK) {
			cr_expect(k >= must_refuse, "prefix %zu of %zu read as a whole file", k, len);
			prog_free(&p);
			continue;
		}
		refused++;
		cr_expect_str_eq(err.file, cut, "prefix %zu: error names '%s' (%s)", k, err.file, err.what);
		cr_expect_neq(err.what[0], 0, "prefix %zu: empty message", k);
	}
	cr_expect_eq(refused, must_refuse, "%zu of %zu prefixes refused", refused, len);
	/* Through the binary: a message with the file name and exit 1, no crash. */
	f = fopen(cut, "wb");
	cr_assert_eq(fwrite(buf, 1, len / 2, f), len / 2);
	fclose(f);
	r = bench_run_cmd(SSALAB_BENCH_EXE, "--pipeline=snca,phi-dj,rename-stack --in '%s'", cut);
	cr_expect_eq(r.code, 1, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, cut), "%s", r.err);
	bench_run_free(&r);
}

Test(bench_faults, every_prefix_of_a_prog_file)
{
	every_prefix("prog");
}

Test(bench_faults, every_prefix_of_an_ssab_file)
{
	every_prefix("ssab");
}

#ifndef NDEBUG
/* Runs cmd with SSALAB_FAIL_ALLOC=1, 2, ... until 8 runs in a row complete (an injected failure
 * past the run's last allocation, or one a fallback absorbs), checking each failed run: exit 1
 * or 4, a message, no crash, no sanitizer report (leaks included), no output file. A run that
 * completes must have written its whole output. Returns how many runs failed. */
static unsigned fail_each_allocation(const char *exe, const char *args, const char *out)
{
	unsigned failed = 0, ok_in_a_row = 0;
	for (unsigned n = 1; n < 3000 && ok_in_a_row < 8; n++) {
		char env[64];
		snprintf(env, sizeof env, "%u", n);
		setenv("SSALAB_FAIL_ALLOC", env, 1);
		struct bench_run r = bench_run_cmd(exe, "%s", args);
		unsetenv("SSALAB_FAIL_ALLOC");
		cr_expect_null(strstr(r.err, "Sanitizer"), "n=%u: %s", n, r.err);
		if (r.code == 0) {
			cr_expect(bench_run_exists(out), "n=%u: exit 0 without %s", n, out);
			bench_run_free(&r);
			unlink(out);
			ok_in_a_row++;
			continue;
		}
		ok_in_a_row = 0;
		failed++;
		cr_expect(r.code == 1 || r.code == 4, "n=%u: exit %d, stderr: %s", n, r.code, r.err);
		cr_expect_neq(r.err[0], 0, "n=%u: failed without a message", n);
		cr_expect_eq(dir_entries(), 0, "n=%u: a failed run left a file", n);
		bench_run_free(&r);
	}
	return failed;
}
#endif

Test(bench_faults, every_allocation_failure_exits_cleanly)
{
#ifdef NDEBUG
	rm_tmpdir(); /* a skipped test does not reach the suite's .fini */
	cr_skip_test("allocation faults are injected only in builds without NDEBUG (Debug, Asan)");
#else
	char out[256], args[600];
	snprintf(out, sizeof out, "%s/r.csv", tmpdir);
	snprintf(args, sizeof args,
		 "--pipeline=snca,phi-dj,rename-stack --family=irreducible --blocks=60 --vars=3 "
		 "--reps=1 --csv --out '%s'", out);
	unsigned failed = fail_each_allocation(SSALAB_BENCH_EXE, args, out);
	cr_log_info("pipeline: %u injected allocation failures, each exited cleanly", failed);
	cr_expect_gt(failed, 10, "only %u allocations of a pipeline failed", failed);
	snprintf(args, sizeof args, "--algo=slt --family=random --blocks=60 --reps=1 --csv --out '%s'",
		 out);
	failed = fail_each_allocation(SSALAB_BENCH_EXE, args, out);
	cr_log_info("slt: %u injected allocation failures, each exited cleanly", failed);
	cr_expect_gt(failed, 3, "only %u allocations of slt failed", failed);
	snprintf(out, sizeof out, "%s/g.ssab", tmpdir);
	snprintf(args, sizeof args, "--family=structured --blocks=60 --vars=3 --quiet --out '%s'", out);
	failed = fail_each_allocation(SSALAB_GEN_EXE, args, out);
	cr_log_info("gen: %u injected allocation failures, each exited cleanly", failed);
	cr_expect_gt(failed, 3, "only %u allocations of gen failed", failed);
#endif
}
