/* The commands that read graphs (show, gen --in, bench --in) on graphs in the notes' notation
 * (algos/io/README.md "Arrow lists", "Warnings"): the fourth dominance exercise, typed as an
 * arrow list, as DOT with the notes' commas or copied from the notes with its line breaks, gives
 * the frontiers the notes ask for (DF(B) = {D}: with the comma read as a statement separator it
 * was {A}); a graph that may have been misread reads with exit 0 and one warning on stderr, from
 * each command; a DOT graph with def/use attributes is a program show renames. */
#include "support/tools_util.h"

#define NOTATION SSALAB_TEST_DATA "/notation"

TOOLS_DIR_SUITE(io_notation);

/* Runs cmd (a printf format) with stdout and stderr to files of dir; returns the exit status
 * and both outputs. */
static int run(char **out, char **err, const char *cmd, const char *arg)
{
	char o[4200], e[4200];
	snprintf(o, sizeof o, "%s/out.txt", dir);
	snprintf(e, sizeof e, "%s/err.txt", dir);
	int rc = tools_sh("%s '%s' > '%s' 2> '%s'", cmd, arg, o, e);
	*out = tools_slurp(o, NULL);
	*err = tools_slurp(e, NULL);
	cr_assert(*out && *err);
	return rc;
}

Test(io_notation, the_notes_frontiers_in_every_notation)
{
	static const char *const files[] = {"exercise4.txt", "exercise4_copied.txt",
	                                    "exercise4.dot", "exercise4.csv", "exercise4.md"};
	for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
		char path[4200], *out, *err;
		snprintf(path, sizeof path, "%s/%s", NOTATION, files[i]);
		int rc = run(&out, &err, SSALAB_SHOW_EXE " --view=df", path);
		cr_expect_eq(rc, 0, "%s: %s", files[i], err);
		cr_expect_str_eq(err, "", "%s", files[i]);
		cr_expect_not_null(strstr(out, "  DF(A) = {A}\n  DF(B) = {D}\n  DF(C) = {D, E}\n"
		                               "  DF(D) = {A, E}\n"),
		                   "%s:\n%s", files[i], out);
		free(out);
		free(err);
	}
}

Test(io_notation, every_reader_command_prints_the_warning)
{
	char path[4200], *out, *err;
	snprintf(path, sizeof path, "%s/g.txt", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("1 2\nr->A\n", f);
	fclose(f);
	char want[8400];
	snprintf(want, sizeof want,
	         "warning: %s: read as an edge list ('u v' per line); node 'r->A' contains '->': "
	         "was this an arrow list ('A -> B, C') or DOT?; block r->A is unreachable from the "
	         "entry 1\n",
	         path);
	static const char *const cmds[][2] = {
	    {"show: ", SSALAB_SHOW_EXE " --view=cfg"},
	    {"gen: ", SSALAB_GEN_EXE " --quiet --out - --in"},
	    {"bench: ", SSALAB_BENCH_EXE " --algo=dfs --reps=1 --min-time=0 --quiet --in"},
	};
	for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
		int rc = run(&out, &err, cmds[i][1], path);
		cr_expect_eq(rc, 0, "%s exited %d: %s", cmds[i][1], rc, err);
		char line[8500];
		snprintf(line, sizeof line, "%s%s", cmds[i][0], want);
		cr_expect_not_null(strstr(err, line), "%s: stderr is\n%s\nexpected the line\n%s",
		                   cmds[i][1], err, line);
		free(out);
		free(err);
	}
}

Test(io_notation, a_dot_program_is_renamed)
{
	char *out, *err;
	int rc = run(&out, &err, SSALAB_SHOW_EXE " --view=cfg,ssa", NOTATION "/defuse.dot");
	cr_expect_eq(rc, 0, "%s", err);
	cr_expect_str_eq(err, "");
	cr_expect_not_null(strstr(out, "defuse.dot: 4 blocks, 4 edges, 2 variables, 7 operations"),
	                   "%s", out);
	cr_expect_not_null(strstr(out, "      … = y.0\n      y.1 = …\n"), "%s", out);
	cr_expect_not_null(strstr(out, "right -> join    [u y; d y]"), "%s", out);
	free(out);
	free(err);
}

/* Block names that start with LLVM's sigils ('%entry', as a student copies them from IR) make a
 * graph for every command (bench took such a file for LLVM IR), and LLVM IR given where a graph
 * is read says what it is instead of failing as an edge list of its tokens. */
Test(io_notation, llvm_sigils_in_names_and_llvm_ir_where_a_graph_is_read)
{
	char path[4200], *out, *err;
	snprintf(path, sizeof path, "%s/g.txt", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("%entry -> %loop\n%loop -> %loop, %exit\n", f);
	fclose(f);
	static const char *const cmds[] = {
	    SSALAB_SHOW_EXE " --view=dom",
	    SSALAB_GEN_EXE " --quiet --out - --in",
	    SSALAB_BENCH_EXE " --algo=dfs --reps=1 --min-time=0 --quiet --in",
	};
	for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
		int rc = run(&out, &err, cmds[i], path);
		cr_expect_eq(rc, 0, "%s exited %d: %s", cmds[i], rc, err);
		cr_expect_str_eq(err, "", "%s", cmds[i]);
		free(out);
		free(err);
	}
	int rc = run(&out, &err, SSALAB_SHOW_EXE " --view=dom", path);
	cr_expect_not_null(strstr(out, "    %loop    idom(%loop) = %entry\n"), "%s", out);
	free(out);
	free(err);

	snprintf(path, sizeof path, "%s/m.txt", dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("; a module\ndefine i32 @f() {\nentry:\n  ret i32 0\n}\n", f);
	fclose(f);
	rc = run(&out, &err, SSALAB_GEN_EXE " --quiet --out x.cfg --in", path);
	cr_expect_eq(rc, 1);
	char want[8400];
	snprintf(want, sizeof want,
	         "gen: %s: LLVM IR (text), not a graph file: the LLVM IR importer reads modules "
	         "(gen --from, and bench --in or show given the file)\n",
	         path);
	cr_expect_str_eq(err, want);
	free(out);
	free(err);
}

/* The mem2reg article's worked example as the article draws it, a Mermaid flowchart whose boxes
 * hold the block's name and code (tests/data/notation/bb8.mmd): with the article's stores and
 * loads of a given by --def/--use, show finds the article's φs, at bb2, bb7 and bb8. */
Test(io_notation, the_articles_mermaid_example_gets_its_phis)
{
	char *out, *err;
	int rc = run(&out, &err,
	             SSALAB_SHOW_EXE " --view=phi --use a:bb2 --def a:bb1,bb2 --use a:bb3,bb5,bb6"
	                             " --def a:bb3,bb5,bb6 --use a:bb7,bb8",
	             NOTATION "/bb8.mmd");
	cr_expect_eq(rc, 0, "%s", err);
	cr_expect_str_eq(err, "");
	cr_expect_not_null(strstr(out, "bb8.mmd: 10 blocks, 12 edges, 1 variable, 11 operations\n"),
	                   "%s", out);
	cr_expect_not_null(strstr(out, "  minimal     (all of DF+): 3 φ\n    a: {bb2, bb7, bb8}\n"),
	                   "%s", out);
	free(out);
	free(err);
}
