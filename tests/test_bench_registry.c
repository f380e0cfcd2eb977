/* The whole registry: every entry of every algorithm table in algos/ has a complete descriptor
 * head and a name no other entry has; through the bench binary it is a kernel, listed once by
 * --algo=list, and runs on a small input with its check passing; so does each stage option, and
 * every pipeline of dominators x placement x renamer. The tables are read here directly, not
 * through bench's stage list, so an algorithm that bench forgot, or a kernel whose check fails,
 * cannot go unnoticed. */
#include <criterion/criterion.h>

#include "cfg/floor.h"
#include "df/df.h"
#include "dom/dom.h"
#include "loops/loops.h"
#include "phi/phi.h"
#include "construct/construct.h"
#include "destruct/destruct.h"
#include "rename/rename.h"
#include "support/bench_run.h"
#include "update/update.h"

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

/* Every algorithm table of algos/, with the bench stage that runs it and the input it needs. A
 * new table is a line here; a new entry of an existing table needs nothing. */
struct table {
	const char *stage;
	const void *entries; /* <stage>_algos */
	const size_t *n;     /* &<stage>_nalgos */
	const char *input;
	size_t max_counters; /* what the stage's run() fills */
};

static const struct table tables[] = {
	{"floor", floor_algos, &floor_nalgos, INPUT, ALGO_MAX_COUNTERS},
	{"dom", dom_algos, &dom_nalgos, INPUT, DOM_MAX_COUNTERS},
	{"df", df_algos, &df_nalgos, INPUT, DF_MAX_COUNTERS},
	{"phi", phi_algos, &phi_nalgos, PROG, PHI_MAX_COUNTERS},
	{"phi", live_algos, &live_nalgos, PROG, ALGO_MAX_COUNTERS},
	{"rename", rename_algos, &rename_nalgos, PROG, RENAME_MAX_COUNTERS},
	{"maximal", maximal_algos, &maximal_nalgos, PROG, ALGO_MAX_COUNTERS},
	{"loops", loops_algos, &loops_nalgos, INPUT, LOOPS_MAX_COUNTERS},
	{"construct", construct_algos, &construct_nalgos, PROG, CONSTRUCT_MAX_COUNTERS},
	{"destruct", destruct_algos, &destruct_nalgos, PROG, DESTRUCT_MAX_COUNTERS},
	{"update", update_algos, &update_nalgos, INPUT " --updates=200", UPDATE_MAX_COUNTERS},
};
#define NTABLES (sizeof tables / sizeof tables[0])

/* Every descriptor head filled in, counters named without gaps and within what its stage's run
 * fills, every name found by algo_find in its own table and unique across all tables (names
 * key the CSVs, and bench selects kernels by name alone). */
Test(bench_registry, every_table_entry_has_a_complete_head_and_a_unique_name)
{
	const char *seen[256];
	size_t nseen = 0;
	for (size_t t = 0; t < NTABLES; t++) {
		size_t n = *tables[t].n;
		cr_expect_gt(n, 0, "table %zu of stage %s is empty", t, tables[t].stage);
		for (size_t i = 0; i < n; i++) {
			const struct algo_head *h = algo_head_at(tables[t].entries, i);
			cr_assert(h->name && h->name[0], "%s entry %zu has no name", tables[t].stage, i);
			cr_expect(h->summary && h->summary[0], "%s: no summary", h->name);
			cr_expect(h->citation && h->citation[0], "%s: no citation", h->name);
			cr_expect(h->complexity && h->complexity[0], "%s: no complexity", h->name);
			size_t c = 0;
			while (c < ALGO_MAX_COUNTERS && h->counter_names[c])
				c++;
			cr_expect_leq(c, tables[t].max_counters, "%s: %zu counter names", h->name, c);
			for (size_t d = c; d < ALGO_MAX_COUNTERS; d++)
				cr_expect_null(h->counter_names[d], "%s: counter name %zu after a gap", h->name, d);
			cr_expect_eq(algo_find(tables[t].entries, n, h->name), (const void *)h,
				     "%s: algo_find gives another entry", h->name);
			for (size_t k = 0; k < nseen; k++)
				cr_expect_neq(strcmp(seen[k], h->name), 0, "%s in two tables or twice", h->name);
			cr_assert_lt(nseen, sizeof seen / sizeof *seen);
			seen[nseen++] = h->name;
		}
		cr_expect_null(algo_find(tables[t].entries, n, "no-such-kernel"));
		cr_expect_null(algo_find(tables[t].entries, n, NULL));
	}
}

Test(bench_registry, every_table_entry_is_listed_once_and_runs)
{
	char *list = algo_list();
	for (size_t t = 0; t < NTABLES; t++)
		for (size_t i = 0; i < *tables[t].n; i++) {
			const char *s = tables[t].stage, *name = algo_head_at(tables[t].entries, i)->name;
			cr_expect_eq(listed(list, s, name), 1, "%s %s listed %d times", s, name,
				     listed(list, s, name));
			expect_ok(s, name, tables[t].input, "");
		}
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
				snprintf(spec, sizeof spec, "%s,%s%s,%s", dom_algos[d]->head.name,
					 phi_algos[p]->needs_df ? "df-runner," : "", phi_algos[p]->head.name,
					 rename_algos[k]->head.name);
				expect_pipeline(spec, "");
			}
	/* Every frontier algorithm in front of the placement that needs one. */
	for (size_t f = 0; f < df_nalgos; f++) {
		char spec[256];
		snprintf(spec, sizeof spec, "auto,%s,phi-idf,rename-stack", df_algos[f]->head.name);
		expect_pipeline(spec, "");
	}
	for (size_t d = 0; d < dom_nalgos; d++) {
		char spec[256];
		snprintf(spec, sizeof spec, "%s,phi-maximal", dom_algos[d]->head.name);
		expect_pipeline(spec, "");
		expect_pipeline(spec, "--flavor=pruned --maximal=every");
	}
	expect_pipeline("snca,phi-dj,rename-rd", "--flavor=pruned --rename-walks=8");
	expect_pipeline("lt,df-cytron,phi-idf,rename-cfgdfs", "--flavor=semipruned --df-limit=1e7");
}
