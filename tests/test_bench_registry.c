/* The whole registry through the bench binary: every entry of every algorithm table in algos/
 * is a bench kernel, listed once by --algo=list, and runs on a small input with its check
 * passing; so does each stage option, and every pipeline of dominators x placement x renamer.
 * The tables are read here directly, not through bench's stage list, so an algorithm that
 * bench forgot, or a kernel whose check fails, cannot go unnoticed. */
#include <criterion/criterion.h>

#include "df/df.h"
#include "dom/dom.h"
#include "loops/loops.h"
#include "phi/phi.h"
#include "construct/construct.h"
#include "destruct/destruct.h"
#include "rename/rename.h"
#include "support/bench_run.h"

#include <stdio.h>
#include <string.h>

#define RUN(...) bench_run_cmd(SSALAB_BENCH_EXE, __VA_ARGS__)

/* Small, with loops and joins; a program for the SSA stages. Each of the two samples is a
 * calibrated batch (--min-time=2 ms is many runs at this size), so the check after them also
 * shows that running a kernel many times on one setup keeps its answer right. */
#define INPUT "--family=structured --blocks=400 --seed=3 --reps=2 --warmup=1 --min-time=0.002"
#define PROG INPUT " --vars=6"

static void expect_ok(const char *stage, const char *name, const char *input, const char *extra)
{
	struct bench_run r = RUN("--algo=%s:%s %s %s", stage, name, input, extra);
	cr_expect_eq(r.code, 0, "%s:%s %s: exit %d\n%s", stage, name, extra, r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\ncheck: ok ("), "%s:%s %s: no passing check\n%s", stage,
			   name, extra, r.out);
	bench_run_free(&r);
}

/* "  name  summary" lines of --algo=list, under "stage S:" headers. */
static int listed(const char *list, const char *stage, const char *name)
{
	char head[64], line[128];
	snprintf(head, sizeof head, "stage %s:", stage);
	const char *at = strstr(list, head);
	if (!at)
		return 0;
	const char *end = strstr(at + 1, "\nstage ");
	int count = 0;
	snprintf(line, sizeof line, "\n  %s ", name);
	for (const char *p = at; (p = strstr(p, line)) && (!end || p < end); p++)
		count++;
	return count;
}

static char *algo_list(void)
{
	struct bench_run r = RUN("--algo=list");
	cr_assert_eq(r.code, 0, "%s", r.err);
	free(r.err);
	return r.out;
}

Test(bench_registry, every_table_entry_is_listed_once_and_runs)
{
	char *list = algo_list();
	for (size_t i = 0; i < dom_nalgos; i++) {
		const char *n = dom_algos[i]->name;
		cr_expect_eq(listed(list, "dom", n), 1, "dom %s listed %d times", n, listed(list, "dom", n));
		expect_ok("dom", n, INPUT, "");
	}
	for (size_t i = 0; i < df_nalgos; i++) {
		const char *n = df_algos[i]->name;
		cr_expect_eq(listed(list, "df", n), 1, "df %s", n);
		expect_ok("df", n, INPUT, "");
	}
	for (size_t i = 0; i < phi_nalgos; i++) {
		const char *n = phi_algos[i]->name;
		cr_expect_eq(listed(list, "phi", n), 1, "phi %s", n);
		expect_ok("phi", n, PROG, "");
	}
	for (size_t i = 0; i < rename_nalgos; i++) {
		const char *n = rename_algos[i]->name;
		cr_expect_eq(listed(list, "rename", n), 1, "rename %s", n);
		expect_ok("rename", n, PROG, "");
	}
	for (size_t i = 0; i < maximal_nalgos; i++) {
		const char *n = maximal_algos[i]->name;
		cr_expect_eq(listed(list, "maximal", n), 1, "maximal %s", n);
		expect_ok("maximal", n, PROG, "");
	}
	for (size_t i = 0; i < loops_nalgos; i++) {
		const char *n = loops_algos[i]->name;
		cr_expect_eq(listed(list, "loops", n), 1, "loops %s", n);
		expect_ok("loops", n, INPUT, "");
	}
	for (size_t i = 0; i < construct_nalgos; i++) {
		const char *n = construct_algos[i]->name;
		cr_expect_eq(listed(list, "construct", n), 1, "construct %s", n);
		expect_ok("construct", n, PROG, "");
	}
	for (size_t i = 0; i < destruct_nalgos; i++) {
		const char *n = destruct_algos[i]->name;
		cr_expect_eq(listed(list, "destruct", n), 1, "destruct %s", n);
		expect_ok("destruct", n, PROG, "");
	}
	/* The kernels an adapter defines itself. */
	expect_ok("floor", "dfs", INPUT, "");
	expect_ok("floor", "preds", INPUT, "");
	expect_ok("phi", "live-dataflow", PROG, "");
	expect_ok("phi", "live-walk", PROG, "");
	free(list);
}

Test(bench_registry, kernel_names_are_unique_across_stages)
{
	char *list = algo_list();
	/* Every "  name " line once in the whole list (option lines start "  option"). */
	for (char *p = strstr(list, "\n  "); p; p = strstr(p + 1, "\n  ")) {
		char name[64];
		if (sscanf(p + 3, "%63s", name) != 1 || !strcmp(name, "option"))
			continue;
		char needle[80];
		snprintf(needle, sizeof needle, "\n  %s ", name);
		cr_expect_eq(strstr(strstr(list, needle) + 1, needle), NULL, "%s listed twice", name);
	}
	free(list);
}

Test(bench_registry, every_stage_option_runs_with_its_check)
{
	static const struct {
		const char *stage, *name, *opts;
		bool prog;
	} cases[] = {
		{"dom", "auto", "--reverse", false},
		{"dom", "chk", "--reverse", false},
		{"df", "df-runner", "--df-limit=1e6", false},
		{"phi", "phi-idf", "--flavor=semipruned", true},
		{"phi", "phi-dj", "--flavor=pruned", true},
		{"phi", "phi-dj", "--flavor=pruned --live=dataflow", true},
		{"phi", "phi-idf", "--flavor=pruned --live=walk --df-limit=1e6", true},
		{"rename", "rename-rd", "--placement=phi-idf --flavor=pruned", true},
		{"rename", "rename-cfgdfs", "--flavor=semipruned --rename-walks=16", true},
		{"maximal", "phi-maximal-pruned", "--maximal=every", true},
		{"maximal", "phi-maximal-ah", "--maximal=joins --rename-walks=8", true},
		{"construct", "braun", "--rename-walks=8", true},
		{"destruct", "out-of-ssa-boissinot", "--copy-prop", true},
		{"destruct", "out-of-ssa-boissinot", "--copy-prop --flavor=pruned --rename-walks=8", true},
		{"destruct", "out-of-ssa-webs", "--flavor=semipruned", true},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		expect_ok(cases[i].stage, cases[i].name, cases[i].prog ? PROG : INPUT, cases[i].opts);
}

static void expect_pipeline(const char *spec, const char *extra)
{
	struct bench_run r = RUN("--pipeline=%s %s %s", spec, PROG, extra);
	cr_expect_eq(r.code, 0, "--pipeline=%s %s: exit %d\n%s", spec, extra, r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\ncheck: ok ("), "--pipeline=%s %s\n%s", spec, extra,
			   r.out);
	bench_run_free(&r);
}

Test(bench_registry, every_pipeline_combination_checks)
{
	for (size_t d = 0; d < dom_nalgos; d++)
		for (size_t p = 0; p < phi_nalgos; p++)
			for (size_t k = 0; k < rename_nalgos; k++) {
				char spec[256];
				snprintf(spec, sizeof spec, "%s,%s%s,%s", dom_algos[d]->name,
					 phi_algos[p]->needs_df ? "df-runner," : "", phi_algos[p]->name,
					 rename_algos[k]->name);
				expect_pipeline(spec, "");
			}
	/* Every frontier algorithm in front of the placement that needs one. */
	for (size_t f = 0; f < df_nalgos; f++) {
		char spec[256];
		snprintf(spec, sizeof spec, "auto,%s,phi-idf,rename-stack", df_algos[f]->name);
		expect_pipeline(spec, "");
	}
	for (size_t d = 0; d < dom_nalgos; d++) {
		char spec[256];
		snprintf(spec, sizeof spec, "%s,phi-maximal", dom_algos[d]->name);
		expect_pipeline(spec, "");
		expect_pipeline(spec, "--flavor=pruned --maximal=every");
	}
	expect_pipeline("snca,phi-dj,rename-rd", "--flavor=pruned --rename-walks=8");
	expect_pipeline("lt,df-cytron,phi-idf,rename-cfgdfs", "--flavor=semipruned --df-limit=1e7");
}
