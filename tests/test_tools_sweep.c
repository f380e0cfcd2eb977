/* tools/sweep: the results file it writes (one header, whole rows, every field), resuming after
 * an interrupt or a kill without duplicate or broken rows, the budget, the per-run time limit
 * and memory refusals recorded as skipped, usage errors, and a smoke sweep with the real bench.
 * Most tests drive tests/data/tools_fakebench, a stand-in with bench's options and CSV, so the
 * bookkeeping is tested exactly and fast; the last one runs the real bench end to end. */
#include <criterion/criterion.h>

#include "support/tools_util.h"

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <time.h>

extern char **environ;

static const char expected_header[] =
	"status,algo,stage,family,blocks,n,m,seed,vars,flavor,reps,median_ms,min_ms,max_ms,"
	"ns_per_block,ns_per_edge,peak_mb,counters,check,reason,wall_s,cpu,cores,compiler,cflags,"
	"build_type,git_rev,date,command,cpu_median_ms,extra\n";

/* The plan used by the resume tests: 4 kernels (place at 2 flavours) x 1 family x 3 sizes x
 * 3 seeds = 5 x 3 x 3 = 45 runs. */
#define PLAN "--algos=all --families=structured --sizes=1e3,1e4,1e5 --seeds=1,2,3 " \
	     "--vars=4 --flavors=minimal,pruned --reps=2"
#define PLAN_RUNS 45

/* (algo, family, blocks, seed, vars, flavor) of row r, as one string. */
static void row_key(const struct tools_table *t, int r, char *buf, size_t len)
{
	snprintf(buf, len, "%s|%s|%s|%s|%s|%s", tools_cell(t, r, "algo"), tools_cell(t, r, "family"),
		 tools_cell(t, r, "blocks"), tools_cell(t, r, "seed"), tools_cell(t, r, "vars"),
		 tools_cell(t, r, "flavor"));
}

/* Fails the test when two rows share a key; returns the number of rows. */
static int assert_unique_keys(const struct tools_table *t)
{
	char a[600], b[600];
	for (int i = 0; i < t->nrows; i++) {
		row_key(t, i, a, sizeof a);
		for (int j = i + 1; j < t->nrows; j++) {
			row_key(t, j, b, sizeof b);
			cr_assert_str_neq(a, b, "rows %d and %d both hold %s", i + 2, j + 2, a);
		}
	}
	return t->nrows;
}

static void assert_header(const char *path)
{
	char *text = tools_slurp(path, NULL);
	cr_assert_not_null(text);
	cr_assert(strncmp(text, expected_header, strlen(expected_header)) == 0,
		  "header of %s:\n%.400s", path, text);
	free(text);
}

static size_t count_lines(const char *path)
{
	size_t len, n = 0;
	char *text = tools_slurp(path, &len);
	if (!text)
		return 0;
	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	free(text);
	return n;
}

Test(tools_sweep, writes_every_field_of_every_run)
{
	char dir[256], out[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/r.csv", dir);
	int rc = tools_sh("'%s' --bench='%s' " PLAN " --out='%s' --quiet", TOOLS_SWEEP,
			  TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0, "sweep exit %d", rc);
	assert_header(out);
	struct tools_table t;
	tools_table_load(&t, out);
	cr_assert_eq(assert_unique_keys(&t), PLAN_RUNS);
	int place_flavors = 0;
	for (int r = 0; r < t.nrows; r++) {
		cr_assert_str_eq(tools_cell(&t, r, "status"), "ok");
		const char *algo = tools_cell(&t, r, "algo");
		const char *stage = tools_cell(&t, r, "stage");
		/* Stage from bench --algo=list; vars and flavours only where the stage takes them. */
		if (strcmp(algo, "place") == 0) {
			cr_assert_str_eq(stage, "phi");
			cr_assert_str_eq(tools_cell(&t, r, "vars"), "4");
			place_flavors += strcmp(tools_cell(&t, r, "flavor"), "pruned") == 0;
		} else {
			cr_assert_str_eq(tools_cell(&t, r, "vars"), "0");
			cr_assert_str_eq(tools_cell(&t, r, "flavor"), "");
		}
		cr_assert_str_eq(tools_cell(&t, r, "n"), tools_cell(&t, r, "blocks"));
		cr_assert_eq(atol(tools_cell(&t, r, "m")), 2 * atol(tools_cell(&t, r, "n")));
		cr_assert_str_eq(tools_cell(&t, r, "reps"), "2");
		cr_assert_gt(atof(tools_cell(&t, r, "median_ms")), 0);
		/* A quoted field with a comma survives the round trip. */
		cr_assert_str_eq(tools_cell(&t, r, "cpu"), "Fake CPU, 2 cores");
		cr_assert_str_eq(tools_cell(&t, r, "git_rev"), "abc123");
		cr_assert(strncmp(tools_cell(&t, r, "counters"), "passes=2;phis=", 14) == 0);
		cr_assert_str_eq(tools_cell(&t, r, "check"), "ok: fake reference");
		/* Columns bench has and the schema does not name are kept in extra. */
		cr_assert(strncmp(tools_cell(&t, r, "extra"), "reachable=", 10) == 0);
		/* The recorded command names no path of this machine. */
		cr_assert(strncmp(tools_cell(&t, r, "command"), "bench --algo=", 13) == 0,
			  "command: %s", tools_cell(&t, r, "command"));
	}
	cr_assert_eq(place_flavors, 9);
	tools_table_free(&t);

	/* A rerun of the same plan has nothing to do and leaves the file byte for byte. */
	char *before = tools_slurp(out, NULL);
	rc = tools_sh("'%s' --bench='%s' " PLAN " --out='%s' --quiet", TOOLS_SWEEP,
		      TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0);
	char *after = tools_slurp(out, NULL);
	cr_assert_str_eq(before, after);
	free(before);
	free(after);
	tools_rmdir(dir);
}

/* Starts the sweep in its own process group (like a job started from a shell) and returns
 * its pid; env is prefixed to the command. */
static pid_t spawn_sweep(const char *env, const char *out, const char *extra)
{
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "%s exec '%s' --bench='%s' " PLAN " --out='%s' --quiet %s", env,
		 TOOLS_SWEEP, TOOLS_FAKEBENCH, out, extra);
	posix_spawnattr_t attr;
	cr_assert_eq(posix_spawnattr_init(&attr), 0);
	cr_assert_eq(posix_spawnattr_setpgroup(&attr, 0), 0);
	cr_assert_eq(posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP), 0);
	char *argv[] = {"/bin/sh", "-c", cmd, NULL};
	pid_t pid;
	cr_assert_eq(posix_spawn(&pid, "/bin/sh", NULL, &attr, argv, environ), 0);
	posix_spawnattr_destroy(&attr);
	return pid;
}

/* Waits until the results file has at least `lines` lines (header included). */
static void wait_for_lines(const char *out, size_t lines)
{
	struct timespec ts = {0, 20 * 1000 * 1000};
	for (int i = 0; i < 1500; i++) {
		if (count_lines(out) >= lines)
			return;
		nanosleep(&ts, NULL);
	}
	cr_assert_fail("%s never reached %zu lines", out, lines);
}

static int wait_status(pid_t pid)
{
	int st;
	while (waitpid(pid, &st, 0) < 0)
		cr_assert_eq(errno, EINTR);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Interrupt mid-sweep with sig sent to the sweep's process group (group = 1) or to the sweep
 * alone, check the file, resume, and check the result is the full plan with no duplicate. */
static void interrupt_and_resume(int sig, int group, int expect_status)
{
	char dir[256], out[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/r.csv", dir);
	/* Its scratch directory goes in ours, so a killed sweep leaves nothing behind. */
	char env[400];
	snprintf(env, sizeof env, "TMPDIR='%s' FAKEBENCH_SLEEP=0.08", dir);
	pid_t pid = spawn_sweep(env, out, "");
	wait_for_lines(out, 1 + 7);
	cr_assert_eq(kill(group ? -pid : pid, sig), 0);
	int st = wait_status(pid);
	cr_assert_eq(st, expect_status, "sweep ended with %d after signal %d", st, sig);
	/* Let an orphan of a SIGKILLed sweep (its bench, which is not ours to record) finish. */
	struct timespec ts = {0, 300 * 1000 * 1000};
	nanosleep(&ts, NULL);

	struct tools_table t;
	tools_table_load(&t, out); /* fails on a torn or malformed row */
	int partial = assert_unique_keys(&t);
	cr_assert(partial >= 7 && partial < PLAN_RUNS, "%d rows after the interrupt", partial);
	for (int r = 0; r < t.nrows; r++)
		cr_assert_str_eq(tools_cell(&t, r, "status"), "ok", "row %d", r + 2);
	tools_table_free(&t);

	int rc = tools_sh("'%s' --bench='%s' " PLAN " --out='%s' --quiet", TOOLS_SWEEP,
			  TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0);
	assert_header(out);
	tools_table_load(&t, out);
	cr_assert_eq(assert_unique_keys(&t), PLAN_RUNS);
	tools_table_free(&t);
	tools_rmdir(dir);
}

Test(tools_sweep, resumes_after_ctrl_c)
{
	interrupt_and_resume(SIGINT, 1, 130);
}

Test(tools_sweep, resumes_after_sigterm)
{
	interrupt_and_resume(SIGTERM, 0, 130);
}

Test(tools_sweep, resumes_after_sigkill)
{
	interrupt_and_resume(SIGKILL, 1, 128 + SIGKILL);
}

Test(tools_sweep, cuts_a_torn_last_line_before_resuming)
{
	char dir[256], out[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/r.csv", dir);
	int rc = tools_sh("'%s' --bench='%s' --algos=dfs --sizes=1e3,1e4 --out='%s' --quiet",
			  TOOLS_SWEEP, TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0);
	/* Another writer died mid-row: half a row without its newline. */
	FILE *f = fopen(out, "a");
	cr_assert_not_null(f);
	fputs("ok,dfs,floor,structured,100000,100", f);
	fclose(f);
	rc = tools_sh("'%s' --bench='%s' --algos=dfs --sizes=1e3,1e4,1e5 --out='%s' --quiet "
		      "2>'%s/err'",
		      TOOLS_SWEEP, TOOLS_FAKEBENCH, out, dir);
	cr_assert_eq(rc, 0);
	struct tools_table t;
	tools_table_load(&t, out);
	/* 2 sizes x 2 default families, then the third size. */
	cr_assert_eq(assert_unique_keys(&t), 6);
	tools_table_free(&t);
	char errpath[300];
	snprintf(errpath, sizeof errpath, "%s/err", dir);
	char *err = tools_slurp(errpath, NULL);
	cr_assert(err && strstr(err, "torn last line"), "stderr: %s", err ? err : "");
	free(err);
	tools_rmdir(dir);
}

Test(tools_sweep, budget_stops_cleanly_and_rerun_finishes)
{
	char dir[256], out[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/r.csv", dir);
	int rc = tools_sh("FAKEBENCH_SLEEP=0.3 '%s' --bench='%s' --algos=dfs,lin --families=chain "
			  "--sizes=1e3:1e5 --per-decade=4 --budget=1 --out='%s' --quiet",
			  TOOLS_SWEEP, TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 5, "a sweep stopped by its budget exits 5, got %d", rc);
	struct tools_table t;
	tools_table_load(&t, out);
	int first = assert_unique_keys(&t);
	cr_assert(first >= 1 && first < 18, "%d rows within a 1 s budget", first);
	/* Nothing cut short by the budget is recorded as skipped: the rerun does it. */
	for (int r = 0; r < t.nrows; r++)
		cr_assert_str_eq(tools_cell(&t, r, "status"), "ok");
	tools_table_free(&t);
	rc = tools_sh("'%s' --bench='%s' --algos=dfs,lin --families=chain --sizes=1e3:1e5 "
		      "--per-decade=4 --out='%s' --quiet",
		      TOOLS_SWEEP, TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0);
	tools_table_load(&t, out);
	cr_assert_eq(assert_unique_keys(&t), 18); /* 9 sizes x 2 kernels */
	tools_table_free(&t);
	tools_rmdir(dir);
}

static int find_row(const struct tools_table *t, const char *algo, const char *blocks)
{
	for (int r = 0; r < t->nrows; r++)
		if (strcmp(tools_cell(t, r, "algo"), algo) == 0 &&
		    strcmp(tools_cell(t, r, "blocks"), blocks) == 0)
			return r;
	cr_assert_fail("no row for %s at %s", algo, blocks);
	return -1;
}

Test(tools_sweep, limits_and_failures_are_recorded_not_dropped)
{
	char dir[256], out[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/r.csv", dir);
	/* quad: refused above 5000 blocks; lin: never finishes from 3000 blocks; dfs: fails
	 * its check everywhere (exit 3, measured). */
	int rc = tools_sh("FAKEBENCH_MEMMAX=5000 "
			  "'%s' --bench='%s' --algos=quad --families=ladder --sizes=1e3,1e4,1e5 "
			  "--out='%s' --quiet",
			  TOOLS_SWEEP, TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0);
	rc = tools_sh("FAKEBENCH_SLOWN=3000 '%s' --bench='%s' --algos=lin --families=ladder "
		      "--sizes=1e3,1e4,1e5 --time-limit=1 --out='%s' --quiet",
		      TOOLS_SWEEP, TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0);
	rc = tools_sh("FAKEBENCH_FAIL=dfs '%s' --bench='%s' --algos=dfs --families=ladder "
		      "--sizes=1e3,1e4,1e5 --out='%s' --quiet",
		      TOOLS_SWEEP, TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0);
	struct tools_table t;
	tools_table_load(&t, out);
	cr_assert_eq(assert_unique_keys(&t), 9);

	int r = find_row(&t, "quad", "1000");
	cr_assert_str_eq(tools_cell(&t, r, "status"), "ok");
	r = find_row(&t, "quad", "10000");
	cr_assert_str_eq(tools_cell(&t, r, "status"), "skipped");
	cr_assert(strstr(tools_cell(&t, r, "reason"), "memory: quad needs 9.9 GB") ==
			  tools_cell(&t, r, "reason"),
		  "reason: %s", tools_cell(&t, r, "reason"));
	r = find_row(&t, "quad", "100000");
	cr_assert_str_eq(tools_cell(&t, r, "status"), "skipped");
	cr_assert(strncmp(tools_cell(&t, r, "reason"), "implied: n=10000 already skipped (memory:",
			  41) == 0,
		  "reason: %s", tools_cell(&t, r, "reason"));

	r = find_row(&t, "lin", "10000");
	cr_assert_str_eq(tools_cell(&t, r, "status"), "skipped");
	cr_assert(strncmp(tools_cell(&t, r, "reason"), "timeout: over the 1 s limit", 27) == 0,
		  "reason: %s", tools_cell(&t, r, "reason"));
	cr_assert_lt(atof(tools_cell(&t, r, "wall_s")), 10.0, "the time limit did not stop it");
	r = find_row(&t, "lin", "100000");
	cr_assert(strncmp(tools_cell(&t, r, "reason"), "implied: n=10000 already skipped (timeout:",
			  42) == 0);

	for (int i = 0; i < 3; i++) {
		r = find_row(&t, "dfs", i == 0 ? "1000" : i == 1 ? "10000" : "100000");
		cr_assert_str_eq(tools_cell(&t, r, "status"), "failed");
		cr_assert_str_eq(tools_cell(&t, r, "reason"),
				 "check: FAIL: vs fake: block 1 idom 0, expected 2");
		cr_assert_gt(atof(tools_cell(&t, r, "median_ms")), 0, "the measurement is kept");
	}
	tools_table_free(&t);

	/* A rerun skips all of it; --retry runs the skipped and failed keys again and appends. */
	size_t lines = count_lines(out);
	rc = tools_sh("'%s' --bench='%s' --algos=quad,lin,dfs --families=ladder "
		      "--sizes=1e3,1e4,1e5 --out='%s' --dry-run 2>/dev/null | wc -l | "
		      "grep -qx 0",
		      TOOLS_SWEEP, TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0, "a rerun would redo some runs");
	rc = tools_sh("'%s' --bench='%s' --algos=quad --families=ladder --sizes=1e3,1e4,1e5 "
		      "--out='%s' --quiet --retry",
		      TOOLS_SWEEP, TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0);
	cr_assert_eq(count_lines(out), lines + 2);
	tools_rmdir(dir);
}

Test(tools_sweep, usage_errors)
{
	char dir[256];
	tools_mkdtemp(dir, sizeof dir);
	static const char *const bad[] = {
		"--algos=dfs",                          /* no --out */
		"--out=X --algos=nosuchkernel",         /* not registered */
		"--out=X --algos=stage:nosuchstage",
		"--out=X --sizes=1e3:10",               /* empty ladder */
		"--out=X --sizes=12.5",
		"--out=X --reps=0",
		"--out=X --budget=soon",
		"--out=X --preset=nosuch",
		"--out=X --frobnicate",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		int rc = tools_sh("cd '%s' && '%s' --bench='%s' %s 2>err", dir, TOOLS_SWEEP,
				  TOOLS_FAKEBENCH, bad[i]);
		cr_assert_eq(rc, 2, "'%s' exits %d, want 2", bad[i], rc);
		rc = tools_sh("grep -q '^sweep: ' '%s/err'", dir);
		cr_assert_eq(rc, 0, "'%s' gives no message", bad[i]);
	}
	/* A file that is not a results file is never appended to. */
	int rc = tools_sh("cd '%s' && echo 'a,b,c' > other.csv && '%s' --bench='%s' --out=other.csv "
			  "2>/dev/null",
			  dir, TOOLS_SWEEP, TOOLS_FAKEBENCH);
	cr_assert_eq(rc, 1);
	rc = tools_sh("cd '%s' && test \"$(cat other.csv)\" = 'a,b,c'", dir);
	cr_assert_eq(rc, 0);
	tools_rmdir(dir);
}

/* The real bench, end to end: the smoke preset. */
Test(tools_sweep, smoke_preset_with_the_real_bench, .timeout = 300)
{
	char dir[256], out[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/r.csv", dir);
	int rc = tools_sh("'%s' --bench='%s' --preset=smoke --out='%s' --quiet 2>'%s/err'",
			  TOOLS_SWEEP, SSALAB_BENCH_EXE, out, dir);
	if (rc != 0) {
		char errpath[300];
		snprintf(errpath, sizeof errpath, "%s/err", dir);
		char *err = tools_slurp(errpath, NULL);
		cr_assert_fail("smoke sweep exit %d: %s", rc, err ? err : "");
	}
	struct tools_table t;
	tools_table_load(&t, out);
	/* dfs x {structured, random} x 3 sizes x 2 seeds */
	cr_assert_eq(assert_unique_keys(&t), 12);
	for (int r = 0; r < t.nrows; r++) {
		cr_assert_str_eq(tools_cell(&t, r, "status"), "ok", "row %d: %s", r + 2,
				 tools_cell(&t, r, "reason"));
		cr_assert_str_eq(tools_cell(&t, r, "stage"), "floor");
		cr_assert_gt(atol(tools_cell(&t, r, "n")), 0);
		cr_assert_gt(atol(tools_cell(&t, r, "m")), 0);
		cr_assert_gt(atof(tools_cell(&t, r, "median_ms")), 0);
		cr_assert_neq(tools_cell(&t, r, "git_rev")[0], '\0', "no git_rev");
		cr_assert_neq(tools_cell(&t, r, "date")[0], '\0', "no date");
	}
	tools_table_free(&t);
	tools_rmdir(dir);
}

/* Two sizes that each took over a second and grow as n^2 predict the next size far over the
 * limit: it is skipped with the prediction, not waited for. */
Test(tools_sweep, predicts_runs_far_over_the_limit)
{
	char dir[256], out[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/r.csv", dir);
	int rc = tools_sh("FAKEBENCH_QUADSLEEP=1 '%s' --bench='%s' --algos=quad --families=ladder "
			  "--sizes=1000,2000,4000,8000 --time-limit=2 --out='%s' --quiet",
			  TOOLS_SWEEP, TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0);
	struct tools_table t;
	tools_table_load(&t, out);
	cr_assert_eq(assert_unique_keys(&t), 4);
	cr_assert_str_eq(tools_cell(&t, find_row(&t, "quad", "1000"), "status"), "ok");
	cr_assert_str_eq(tools_cell(&t, find_row(&t, "quad", "2000"), "status"), "ok");
	for (int i = 0; i < 2; i++) {
		int r = find_row(&t, "quad", i ? "8000" : "4000");
		cr_assert_str_eq(tools_cell(&t, r, "status"), "skipped");
		const char *why = tools_cell(&t, r, "reason");
		/* The fake sleeps about 1 s at n=2000; a loaded machine adds to it, never takes away. */
		cr_assert(strncmp(why, "predicted: n=2000 took ", 23) == 0, "reason: %s", why);
		cr_assert(strtod(why + 23, NULL) >= 1.0, "reason: %s", why);
		cr_assert(strstr(why, "over the 2 s limit per run"), "reason: %s", why);
		cr_assert_str_eq(tools_cell(&t, r, "wall_s"), "0", "a predicted skip runs nothing");
	}
	tools_table_free(&t);
	tools_rmdir(dir);
}

/* The plan: a geometric ladder, per-family size windows (a default for the others), kernels by
 * stage, and bench's check turned off above --check-max. */
Test(tools_sweep, plan_ladders_windows_and_check_max)
{
	char dir[256], out[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/r.csv", dir);
	int rc = tools_sh("cd '%s' && '%s' --bench='%s' --algos=stage:dom --sizes=1e2:1e5 "
			  "--per-decade=2 --families=a,b,c --cap='*=1e3:1e4,b=1e2:1e3,c=1e5' "
			  "--out=r.csv --dry-run > plan 2>/dev/null",
			  dir, TOOLS_SWEEP, TOOLS_FAKEBENCH);
	cr_assert_eq(rc, 0);
	char path[300];
	snprintf(path, sizeof path, "%s/plan", dir);
	char *plan = tools_slurp(path, NULL);
	cr_assert_not_null(plan);
	/* Sizes 100 316 1000 3162 10000 31623 100000; a: 1e3..1e4; b: 1e2..1e3; c: 1e3 (the
	 * default low bound)..1e5. Size outermost, then family, then kernel. */
	static const char expect[] =
		"lin b 100 1 0 -\nquad b 100 1 0 -\n"
		"lin b 316 1 0 -\nquad b 316 1 0 -\n"
		"lin a 1000 1 0 -\nquad a 1000 1 0 -\nlin b 1000 1 0 -\nquad b 1000 1 0 -\n"
		"lin c 1000 1 0 -\nquad c 1000 1 0 -\n"
		"lin a 3162 1 0 -\nquad a 3162 1 0 -\nlin c 3162 1 0 -\nquad c 3162 1 0 -\n"
		"lin a 10000 1 0 -\nquad a 10000 1 0 -\nlin c 10000 1 0 -\nquad c 10000 1 0 -\n"
		"lin c 31623 1 0 -\nquad c 31623 1 0 -\n"
		"lin c 100000 1 0 -\nquad c 100000 1 0 -\n";
	cr_assert_str_eq(plan, expect);
	free(plan);

	rc = tools_sh("'%s' --bench='%s' --algos=dfs --families=chain --sizes=1e3,1e4 "
		      "--check-max=1e3 --out='%s' --quiet",
		      TOOLS_SWEEP, TOOLS_FAKEBENCH, out);
	cr_assert_eq(rc, 0);
	struct tools_table t;
	tools_table_load(&t, out);
	cr_assert_str_eq(tools_cell(&t, find_row(&t, "dfs", "1000"), "check"), "ok: fake reference");
	cr_assert_str_eq(tools_cell(&t, find_row(&t, "dfs", "10000"), "check"), "skipped");
	cr_assert(strstr(tools_cell(&t, find_row(&t, "dfs", "10000"), "command"), "--no-check"));
	tools_table_free(&t);
	tools_rmdir(dir);
}

/* Column 1-10 of every row (status and key; timings aside) of a results file, as one string. */
static char *keys_of(const char *path)
{
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "cut -d, -f1-10 '%s'", path);
	FILE *p = popen(cmd, "r");
	cr_assert_not_null(p);
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int c;
	while ((c = fgetc(p)) != EOF)
		fputc(c, m);
	fclose(m);
	cr_assert_eq(pclose(p), 0);
	return buf;
}

/* The sharded plan of the cluster recipe: a memory refusal at 10^5 makes the larger sizes of
 * its series "implied" skips, which only works when a series stays in one shard. */
#define SHARD_PLAN "--algos=all --families=structured,random --sizes=1e3,1e4,1e5,1e6 --seeds=1,2 " \
		   "--vars=4 --flavors=minimal,pruned --reps=1"

/* Three shards run one after another, merged: the file one run writes, row for row. Each run is
 * in exactly one shard, --merge refuses an incomplete or foreign set, and a run outside a
 * terminal prints one line per finished run. */
Test(tools_sweep, shards_merge_into_the_unsharded_file)
{
	char dir[256], one[300], merged[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(one, sizeof one, "%s/one.csv", dir);
	snprintf(merged, sizeof merged, "%s/merged.csv", dir);
	cr_assert_eq(tools_sh("FAKEBENCH_MEMMAX=50000 '%s' --bench='%s' " SHARD_PLAN " --out='%s' "
			      "--quiet",
			      TOOLS_SWEEP, TOOLS_FAKEBENCH, one),
		     0);
	for (int k = 1; k <= 3; k++)
		cr_assert_eq(tools_sh("FAKEBENCH_MEMMAX=50000 CI= '%s' --bench='%s' " SHARD_PLAN
				      " --shard=%d/3 --out='%s/s%d.csv' 2>'%s/s%d.err' </dev/null",
				      TOOLS_SWEEP, TOOLS_FAKEBENCH, k, dir, k, dir, k),
			     0, "shard %d", k);
	/* one line per finished run, to stderr (not a terminal here) */
	char p[400];
	size_t lines = 0, rows = 0;
	for (int k = 1; k <= 3; k++) {
		snprintf(p, sizeof p, "%s/s%d.err", dir, k);
		lines += count_lines(p);
		snprintf(p, sizeof p, "%s/s%d.csv", dir, k);
		rows += count_lines(p) - 1;
		cr_assert(count_lines(p) > 1, "shard %d is empty", k);
	}
	cr_assert_eq(lines, rows, "%zu progress lines for %zu runs", lines, rows);
	cr_assert_eq(rows + 1, count_lines(one), "the shards hold %zu runs", rows);
	cr_assert_eq(tools_sh("'%s' --bench='%s' " SHARD_PLAN " --merge='%s/s1.csv,%s/s2.csv' "
			      "--out='%s' 2>/dev/null",
			      TOOLS_SWEEP, TOOLS_FAKEBENCH, dir, dir, merged),
		     1, "two of three shards merged");
	cr_assert_neq(tools_sh("test -e '%s'", merged), 0, "an incomplete merge left a file");
	cr_assert_eq(tools_sh("'%s' --bench='%s' " SHARD_PLAN " --merge='%s/s1.csv,%s/s2.csv,%s/s3.csv' "
			      "--out='%s' 2>/dev/null",
			      TOOLS_SWEEP, TOOLS_FAKEBENCH, dir, dir, dir, merged),
		     0);
	char *a = keys_of(one), *b = keys_of(merged);
	cr_assert_str_eq(a, b);
	cr_assert(strstr(a, "skipped,"), "the plan has no skipped run: %s", a);
	free(a);
	free(b);
	/* a shard of another plan is refused */
	cr_assert_eq(tools_sh("'%s' --bench='%s' --algos=dfs --sizes=1e3 --merge='%s/s1.csv' "
			      "--out='%s/x.csv' 2>/dev/null",
			      TOOLS_SWEEP, TOOLS_FAKEBENCH, dir, dir),
		     1);
	cr_assert_eq(tools_sh("'%s' --bench='%s' --algos=dfs --shard=3/2 --out='%s/y.csv' 2>/dev/null",
			      TOOLS_SWEEP, TOOLS_FAKEBENCH, dir),
		     2);
	tools_rmdir(dir);
}

/* The recipe of tools/README.md with GNU parallel (Debian's `parallel`): two shards at once on
 * the real bench, merged, equal one run. */
Test(tools_sweep, gnu_parallel_shards_with_the_real_bench, .timeout = 300)
{
	if (tools_sh("command -v parallel >/dev/null 2>&1") != 0)
		cr_skip_test("GNU parallel is not installed (apt-get install parallel)");
	char dir[256];
	tools_mkdtemp(dir, sizeof dir);
#define PAR_PLAN "--algos=dfs,slt,snca --families=structured,ladder --sizes=1e3,1e4 --seeds=1,2 --reps=1"
	cr_assert_eq(tools_sh("cd '%s' && '%s' --bench='%s' " PAR_PLAN " --out=one.csv --quiet", dir,
			      TOOLS_SWEEP, SSALAB_BENCH_EXE),
		     0);
	cr_assert_eq(tools_sh("cd '%s' && parallel --will-cite -j 2 '%s' --bench='%s' " PAR_PLAN
			      " --shard={}/2 --out=shard{}.csv --quiet ::: 1 2 && '%s' --bench='%s' " PAR_PLAN
			      " --merge=shard1.csv,shard2.csv --out=merged.csv 2>/dev/null",
			      dir, TOOLS_SWEEP, SSALAB_BENCH_EXE, TOOLS_SWEEP, SSALAB_BENCH_EXE),
		     0);
	char one[300], merged[300];
	snprintf(one, sizeof one, "%s/one.csv", dir);
	snprintf(merged, sizeof merged, "%s/merged.csv", dir);
	char *a = keys_of(one), *b = keys_of(merged);
	cr_assert_str_eq(a, b);
	free(a);
	free(b);
	tools_rmdir(dir);
}

/* An alias that bench lists ("  alias linear = lin: ...") runs its kernel under the kernel's
 * own name. */
Test(tools_sweep, aliases_run_their_kernel)
{
	char dir[256];
	tools_mkdtemp(dir, sizeof dir);
	cr_assert_eq(tools_sh("'%s' --bench='%s' --algos=linear,quad --sizes=1e3 --out='%s/r.csv' "
			      "--dry-run > '%s/plan' 2> '%s/err'",
			      TOOLS_SWEEP, TOOLS_FAKEBENCH, dir, dir, dir),
		     0);
	cr_expect_eq(tools_sh("grep -q '^lin structured 1000 ' '%s/plan' && ! grep -q linear '%s/plan'"
			      " && grep -q 'linear is bench.s lin' '%s/err'",
			      dir, dir, dir),
		     0);
	tools_rmdir(dir);
}
