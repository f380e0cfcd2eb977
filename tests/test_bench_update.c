/* The dynamic-dominator stage through the bench binary: every kernel of update_algos[] checked
 * on generated streams of every class and on post-dominators (--reverse), a hand-written .upd
 * file given with --stream, and the refusals: a bad stream file is "file:line: reason" with exit
 * 1, --updates with a file is a usage error. */
#include <criterion/criterion.h>

#define SCRATCH_DIR_NAME "ssalab-bench-update-test"
#include "support/bench_run.h"
#include "support/scratch_dir.h"
#include "update/update.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define RUN(...) bench_run_cmd(SSALAB_BENCH_EXE, __VA_ARGS__)
#define SMALL "--reps=1 --warmup=0 --min-time=0"

TestSuite(bench_update, .init = mk_tmpdir, .fini = rm_tmpdir, .timeout = 300);

/* Every kernel of the table has a CSV row whose status and check are ok, and whose check
 * message names want. */
static void expect_all_checked(const char *args, const char *want)
{
	struct bench_run r = RUN("--algo=all:update --csv %s " SMALL, args);
	cr_assert_eq(r.code, 0, "bench %s: exit %d\n%s", args, r.code, r.err);
	for (size_t i = 0; i < update_nalgos; i++) {
		char row[64];
		snprintf(row, sizeof row, "\n%s,update,ok,", update_algos[i]->head.name);
		const char *at = strstr(r.out, row);
		cr_assert_not_null(at, "bench %s: no ok row for %s in\n%s", args,
				   update_algos[i]->head.name, r.out);
		const char *eol = strchr(at + 1, '\n');
		size_t len = eol ? (size_t)(eol - at) : strlen(at);
		char line[8192];
		snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1),
			 at + 1);
		/* The check column (quoted when its message has a comma). */
		bool ok = false;
		static const char *const checked[] = {",ok,tree after the build", ",ok,\"tree after the build",
						      ",ok,post-dominator tree", ",ok,\"post-dominator tree"};
		for (size_t c = 0; c < 4; c++)
			ok |= strstr(line, checked[c]) != NULL;
		cr_expect(ok, "bench %s: %s not checked ok:\n%s", args, update_algos[i]->head.name, line);
		cr_expect_not_null(strstr(line, want), "bench %s: %s: no '%s' in\n%s", args,
				   update_algos[i]->head.name, want, line);
	}
	bench_run_free(&r);
}

Test(bench_update, every_kernel_checked_on_each_class_of_stream)
{
	expect_all_checked("--family=structured --blocks=300", "the brute-force oracle");
	expect_all_checked("--family=random --blocks=300 --stream=mixed --batch=4", "updates=1000;");
	expect_all_checked("--family=structured --blocks=300 --stream=flip --updates=50",
			   "the brute-force oracle");
	expect_all_checked("--family=random --blocks=200 --stream=split-critical --seed=3", "ok");
}

Test(bench_update, reverse_checks_post_dominators)
{
	expect_all_checked("--family=random --blocks=200 --stream=mixed --reverse",
			   "post-dominator tree (reversed graph, virtual exit)");
	expect_all_checked("--family=structured --blocks=200 --reverse", "post-dominator tree");
}

/* The example of algos/update/README.md on its start graph, blocks by id and by name. */
Test(bench_update, a_stream_file_is_read_against_the_input)
{
	char cfg[128], upd[128];
	snprintf(cfg, sizeof cfg, "%s/g.cfg", tmpdir);
	snprintf(upd, sizeof upd, "%s/s.upd", tmpdir);
	cr_assert(bench_write_file(cfg, "p cfg 5 5\ne 0 1\ne 0 2\ne 1 3\ne 2 3\ne 3 1\nend\n"));
	cr_assert(bench_write_file(upd, "p update 5 8\na 5 split\ni 1 split\ni 5 3\nd 1 3\nbatch\n"
				   "d 0 2\na 6\ni 6 6\ni 2 6\nend\n"));
	char args[512];
	snprintf(args, sizeof args, "--in '%s' --stream='%s'", cfg, upd);
	expect_all_checked(args, "after each of 2 batches = the brute-force oracle");
	struct bench_run r = RUN("--algo=dbs %s " SMALL, args);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_not_null(strstr(r.out, "counters: updates=8 batches=2 "), "%s", r.out);
	bench_run_free(&r);
}

Test(bench_update, a_bad_stream_file_names_its_line)
{
	char cfg[128], upd[128];
	snprintf(cfg, sizeof cfg, "%s/g.cfg", tmpdir);
	snprintf(upd, sizeof upd, "%s/bad.upd", tmpdir);
	cr_assert(bench_write_file(cfg, "p cfg 4 4\ne 0 1\ne 0 2\ne 1 3\ne 2 3\nend\n"));
	cr_assert(bench_write_file(upd, "p update 4 2\ni 3 1\nd 0 3\nend\n"));
	struct bench_run r = RUN("--algo=dsnca --in '%s' --stream='%s' " SMALL, cfg, upd);
	cr_expect_eq(r.code, 1, "exit %d\n%s", r.code, r.err);
	char want[256];
	snprintf(want, sizeof want, "%s:3: delete of 0->3: no such edge left in the graph", upd);
	cr_expect_not_null(strstr(r.err, want), "no '%s' in\n%s", want, r.err);
	bench_run_free(&r);

	cr_assert(bench_write_file(upd, "p update 7 0\nend\n"));
	r = RUN("--algo=update:recompute --in '%s' --stream='%s' " SMALL, cfg, upd);
	cr_expect_eq(r.code, 1, "exit %d\n%s", r.code, r.err);
	snprintf(want, sizeof want, "%s:1: stream starts from 7 blocks, the CFG has 4", upd);
	cr_expect_not_null(strstr(r.err, want), "no '%s' in\n%s", want, r.err);
	bench_run_free(&r);

	/* A missing file is an input error too; --updates shapes only a generated stream. */
	r = RUN("--algo=dbs --family=random --blocks=50 --stream='%s/none.upd' " SMALL, tmpdir);
	cr_expect_eq(r.code, 1, "exit %d\n%s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, "none.upd"), "%s", r.err);
	bench_run_free(&r);
	r = RUN("--algo=dbs --in '%s' --stream='%s' --updates=5 " SMALL, cfg, upd);
	cr_expect_eq(r.code, 2, "exit %d\n%s", r.code, r.err);
	bench_run_free(&r);
	r = RUN("--algo=dbs --family=random --blocks=50 --batch=0 " SMALL);
	cr_expect_eq(r.code, 2, "exit %d\n%s", r.code, r.err);
	bench_run_free(&r);
}
