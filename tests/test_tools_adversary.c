/* lowhigh-adversary (tools/lowhigh_adversary.c) through its binary: deterministic by seed, its
 * graph certified and loadable by bench, the counts it reports exact for a fixed search, and
 * usage errors refused with exit 2. */
#include "support/tools_util.h"

#include <string.h>

#define ADV SSALAB_LOWHIGH_ADVERSARY_EXE
#define BENCH SSALAB_BENCH_EXE

TOOLS_DIR_SUITE(adversary);

/* The 12-block search of algos/dom/notes/LOWHIGH-NOTES.md, "Witness chains", size: 2,000 steps
 * from seed 5 end on a graph whose 11 children need 5 levels (a child in 5 instances), with no
 * fallback. Both runs print the same bytes, and bench checks the graph against the oracle. */
Test(adversary, fixed_search_is_exact_and_reproducible)
{
	cr_assert_eq(tools_sh("'%s' 12 5 2000 > '%s/a.cfg' 2> '%s/a.err'", ADV, dir, dir), 0);
	cr_assert_eq(tools_sh("'%s' 12 5 2000 > '%s/b.cfg' 2> /dev/null", ADV, dir), 0);
	cr_assert_eq(tools_sh("cmp -s '%s/a.cfg' '%s/b.cfg'", dir, dir), 0);
	char path[4200];
	snprintf(path, sizeof path, "%s/a.err", dir);
	char *err = tools_slurp(path, NULL);
	cr_assert_not_null(err);
	cr_assert_str_eq(err, "blocks=12 edges=43 levels=5 memberships=33 instances=5 children=11 "
			      "fallback_groups=0 certified\n");
	free(err);
	snprintf(path, sizeof path, "%s/a.cfg", dir);
	char *cfg = tools_slurp(path, NULL);
	cr_assert_not_null(cfg);
	cr_assert(strncmp(cfg, "p cfg 12 43\n", 12) == 0, "%s", cfg);
	free(cfg);
	cr_assert_eq(tools_sh("'%s' --algo=slt --in '%s/a.cfg' --check > '%s/bench.txt' 2>&1",
			      BENCH, dir, dir),
		     0);
	snprintf(path, sizeof path, "%s/bench.txt", dir);
	char *out = tools_slurp(path, NULL);
	cr_assert_not_null(out);
	cr_assert(strstr(out, "check: ok"), "%s", out);
	free(out);
}

/* --reverse scores the post-dominator tree; its graph is certified too. */
Test(adversary, reverse_search_is_certified)
{
	cr_assert_eq(tools_sh("'%s' --reverse 10 3 300 > '%s/r.cfg' 2> '%s/r.err'", ADV, dir, dir),
		     0);
	char path[4200];
	snprintf(path, sizeof path, "%s/r.err", dir);
	char *err = tools_slurp(path, NULL);
	cr_assert_not_null(err);
	cr_assert(strstr(err, " reverse levels=") && strstr(err, "fallback_groups=0 certified\n"),
		  "%s", err);
	free(err);
}

Test(adversary, usage_errors_exit_2)
{
	static const char *const bad[] = {"", "12 5", "1 5 10", "100001 5 10", "12 x 10",
					  "12 5 -1", "--reverse", "--reverse 12 5"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		const int rc = tools_sh("'%s' %s > '%s/u.out' 2> '%s/u.err'", ADV, bad[i], dir, dir);
		cr_assert_eq(rc, 2, "'%s': exit %d", bad[i], rc);
		char path[4200];
		snprintf(path, sizeof path, "%s/u.out", dir);
		cr_assert(!tools_file_exists_nonempty(path), "'%s' wrote output", bad[i]);
	}
}
