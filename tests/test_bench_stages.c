/* The loops, construct and destruct stages through the bench binary: their checks on every
 * kind of graph (irreducible ones included), what the check reports, the graph summary's loop
 * fields in text, CSV and JSON, dumps, the stage option --copy-prop and its misuse, and that a
 * destruction method that needs conventional SSA is caught when copy propagation breaks it. */
#include <criterion/criterion.h>

#include "support/bench_run.h"

#include <stdio.h>
#include <string.h>

#define RUN(...) bench_run_cmd(SSALAB_BENCH_EXE, __VA_ARGS__)
#define SMALL "--reps=1 --warmup=0 --min-time=0"

static struct bench_run run_ok(const char *args)
{
	struct bench_run r = RUN("%s", args);
	cr_assert_eq(r.code, 0, "bench %s: exit %d\n%s", args, r.code, r.err);
	return r;
}

static void expect_in(const struct bench_run *r, const char *needle, const char *args)
{
	cr_expect_not_null(strstr(r->out, needle), "bench %s: no '%s' in\n%s", args, needle, r->out);
}

Test(bench_stages, loops_checked_against_the_definition_on_every_family)
{
	static const char *const fam[] = {"structured", "random", "ladder", "repeat-until",
					  "irreducible", "switch", "itworst", "idfsquad",
					  "sncaworst", "chain", "dense"};
	for (size_t i = 0; i < sizeof fam / sizeof *fam; i++) {
		char args[256];
		snprintf(args, sizeof args, "--algo=loops:havlak --family=%s --blocks=300 --seed=2 %s",
			 fam[i], SMALL);
		struct bench_run r = run_ok(args);
		expect_in(&r, "check: ok (every loop, parent, depth, member and entry = the definition",
			  args);
		bench_run_free(&r);
	}
	/* Above the oracle's limit only the size-free facts are checked, and the report says so. */
	struct bench_run r = run_ok("--algo=havlak --family=irreducible --blocks=5000 " SMALL);
	expect_in(&r, "no brute-force definition", "havlak 5000");
	expect_in(&r, "irreducible <=> cfg_is_reducible", "havlak 5000");
	bench_run_free(&r);
}

Test(bench_stages, graph_summary_reports_loops_in_every_format)
{
	/* repeat-until of 1000 blocks: 499 loops nested 499 deep, none irreducible (FAMILIES.md). */
	const char *a = "--algo=dfs --family=repeat-until --blocks=1000 " SMALL;
	struct bench_run r = run_ok(a);
	expect_in(&r, "\nloops: loops=499 max_depth=499 irreducible=0\n", a);
	bench_run_free(&r);
	char args[256];
	snprintf(args, sizeof args, "%s --csv", a);
	r = run_ok(args);
	expect_in(&r, ",loops,max_loop_depth,irreducible_loops,", args);
	expect_in(&r, ",499,499,0,", args);
	bench_run_free(&r);
	snprintf(args, sizeof args, "%s --json", a);
	r = run_ok(args);
	expect_in(&r, "\"loops\": 499, \"max_loop_depth\": 499, \"irreducible_loops\": 0}", args);
	bench_run_free(&r);
	/* every ring of the irreducible family is a multi-entry loop */
	a = "--algo=dfs --family=irreducible --blocks=1000 " SMALL;
	r = run_ok(a);
	expect_in(&r, "\nloops: loops=249 max_depth=1 irreducible=249\n", a);
	bench_run_free(&r);
}

Test(bench_stages, construct_checks_on_reducible_and_irreducible_programs)
{
	static const char *const cases[] = {
		"--algo=braun,braun-noscc --family=structured --blocks=500 --vars=5",
		"--algo=braun,braun-noscc --family=repeat-until --blocks=400 --vars=3",
	};
	for (size_t i = 0; i < 2; i++) {
		char args[256];
		snprintf(args, sizeof args, "%s %s", cases[i], SMALL);
		struct bench_run r = run_ok(args);
		expect_in(&r, "+ form = pruned pipeline's (reducible))", args);
		bench_run_free(&r);
	}
	const char *a = "--algo=braun --family=irreducible --blocks=500 --vars=4 " SMALL;
	struct bench_run r = run_ok(a);
	expect_in(&r, "(irreducible: no form oracle)", a);
	expect_in(&r, "phis_scc=", a);
	bench_run_free(&r);
	a = "--algo=construct:braun --blocks=200 --vars=3 --dump=ssa";
	r = run_ok(a);
	cr_expect(strlen(r.out) > 0, "empty ssa dump");
	bench_run_free(&r);
}

Test(bench_stages, destruct_round_trip_and_copy_propagation)
{
	const char *a = "--algo=all:destruct --blocks=800 --vars=6 " SMALL;
	struct bench_run r = run_ok(a);
	expect_in(&r, "input conventional SSA", a);
	expect_in(&r, "destroyed program = source", a);
	bench_run_free(&r);
	a = "--algo=out-of-ssa-boissinot --blocks=800 --vars=6 --copy-prop " SMALL;
	r = run_ok(a);
	expect_in(&r, "input non-conventional SSA", a);
	expect_in(&r, "copies propagated); interpreter: destroyed program = source", a);
	bench_run_free(&r);
	/* The textbook translation is wrong on non-conventional SSA: the check must see it. */
	a = "--algo=out-of-ssa-naive --blocks=2000 --vars=6 --copy-prop " SMALL;
	r = RUN("%s", a);
	cr_expect_eq(r.code, 3, "bench %s: exit %d, expected 3 (verification)", a, r.code);
	expect_in(&r, "check: FAIL (input non-conventional SSA", a);
	expect_in(&r, "correct only on conventional SSA", a);
	bench_run_free(&r);
	a = "--algo=out-of-ssa-boissinot --blocks=100 --vars=3 --dump=out";
	r = run_ok(a);
	cr_expect(strstr(r.out, "b0") || strlen(r.out) > 0, "empty dump");
	bench_run_free(&r);
}

static void expect_usage(const char *args, const char *needle)
{
	struct bench_run r = RUN("%s", args);
	cr_expect_eq(r.code, 2, "bench %s: exit %d, expected 2 (stderr: %s)", args, r.code, r.err);
	cr_expect_not_null(strstr(r.err, needle), "bench %s: stderr lacks '%s': %s", args, needle,
			   r.err);
	bench_run_free(&r);
}

Test(bench_stages, misuse_is_a_usage_error)
{
	expect_usage("--algo=braun --blocks=100 --vars=2 --copy-prop", "--copy-prop");
	expect_usage("--algo=out-of-ssa-naive --blocks=100 --vars=2 --copy-prop=yes", "copy-prop");
	expect_usage("--algo=havlak --blocks=100 --dump=ssa", "ssa");
	expect_usage("--algo=out-of-ssa-webs --blocks=100 --vars=2 --dump=loops", "loops");
	expect_usage("--algo=havlak --blocks=100 --flavor=pruned", "--flavor");
}
