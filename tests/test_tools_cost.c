/* lowhigh-cost (tools/lowhigh_cost.c) through its binary: one certified row per run with the
 * columns tools/studies/lowhigh-cost-table collects, and usage errors refused with exit 2, naming the
 * bad argument, before any output. */
#include "support/tools_util.h"

#include <string.h>

#define COST SSALAB_LOWHIGH_COST_EXE

TOOLS_DIR_SUITE(cost);

/* The row's fields, tab-separated; returns how many (at most max). */
static size_t split_tabs(char *line, char **field, size_t max)
{
	size_t k = 0;
	for (char *save = NULL, *f = strtok_r(line, "\t\n", &save); f && k < max;
	     f = strtok_r(NULL, "\t\n", &save))
		field[k++] = f;
	return k;
}

static void check_row(const char *args, const char *family, const char *dir_word,
		      unsigned long long blocks)
{
	cr_assert_eq(tools_sh("'%s' %s > '%s/row.tsv' 2> '%s/row.err'", COST, args, dir, dir), 0,
		     "%s", args);
	char path[4200];
	snprintf(path, sizeof path, "%s/row.tsv", dir);
	char *row = tools_slurp(path, NULL);
	cr_assert_not_null(row);
	cr_assert_eq(strchr(row, '\n'), row + strlen(row) - 1, "one line: %s", row);
	char *field[20];
	cr_assert_eq(split_tabs(row, field, 20), 18, "%s", args);
	cr_assert_str_eq(field[0], family);
	cr_assert_str_eq(field[1], dir_word);
	/* the reversed graph has its virtual exit (and any joins dom_reverse_cfg adds) too */
	cr_assert(strtoull(field[2], NULL, 10) >= blocks, "blocks: %s", field[2]);
	cr_assert_str_eq(field[17], "0", "fallback groups on a correct tree");
	cr_assert(strtoull(field[11], NULL, 10) >= 1, "groups: %s", field[11]);
	cr_assert(strtoull(field[13], NULL, 10) >= strtoull(field[11], NULL, 10), "instances: %s",
		  field[13]); /* the cascade solves at least one instance per group */
	free(row);
}

Test(cost, one_certified_row_forward_and_reversed)
{
	check_row("random 300 1 1", "random", "forward", 300);
	check_row("--reverse itworst 200 2 1", "itworst", "reverse", 200);
}

Test(cost, usage_errors_exit_2_naming_the_argument)
{
	static const struct {
		const char *args, *says;
	} bad[] = {
		{"", "usage"},
		{"random", "usage"},
		{"--reverse", "usage"},
		{"random 10 1 1 1", "usage"},
		{"random x", "BLOCKS 'x'"},
		{"random 100 y", "SEED 'y'"},
		{"random 100 1 0", "REPS (1..99) '0'"},
		{"random 100 1 100", "REPS (1..99) '100'"},
		{"nosuch 100", "nosuch"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		const int rc =
			tools_sh("'%s' %s > '%s/u.out' 2> '%s/u.err'", COST, bad[i].args, dir, dir);
		cr_assert_eq(rc, 2, "'%s': exit %d", bad[i].args, rc);
		char path[4200];
		snprintf(path, sizeof path, "%s/u.out", dir);
		cr_assert(!tools_file_exists_nonempty(path), "'%s' wrote output", bad[i].args);
		snprintf(path, sizeof path, "%s/u.err", dir);
		char *err = tools_slurp(path, NULL);
		cr_assert_not_null(err);
		cr_assert(strstr(err, bad[i].says), "'%s': %s", bad[i].args, err);
		free(err);
	}
}
