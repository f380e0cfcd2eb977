/* The teaching view (tools/show.c) through its binary: its whole output on the course texts'
 * examples (the .prog files of tools/examples) against committed transcripts, the answers the texts
 * themselves give (checked by hand, so a transcript regenerated from a wrong answer still
 * fails), the picture, and the usage and input errors. */
#include "support/tools_util.h"

#define SHOW SSALAB_SHOW_EXE
#define EXAMPLES SSALAB_SOURCE_DIR "/tools/examples"

TOOLS_DIR_SUITE(show);

/* show's stdout for an example (run from tools/examples, so the transcript names the file
 * without a directory). */
static char *show(const char *example, const char *opts, int *rc)
{
	char out[4200];
	snprintf(out, sizeof out, "%s/out.txt", dir);
	*rc = tools_sh("cd '%s' && '%s' %s %s > '%s' 2> '%s/err.txt'", EXAMPLES, SHOW, opts, example,
	               out, dir);
	char *text = tools_slurp(out, NULL);
	cr_assert_not_null(text);
	return text;
}

Test(show, transcripts_of_the_course_examples)
{
	static const char *const ex[] = {"bb8", "lecture", "loop_if", "diamond"};
	for (size_t i = 0; i < sizeof ex / sizeof *ex; i++) {
		char name[64], want_path[4200];
		int rc;
		snprintf(name, sizeof name, "%s.prog", ex[i]);
		char *got = show(name, "", &rc);
		cr_assert_eq(rc, 0, "show %s exited %d", name, rc);
		snprintf(want_path, sizeof want_path, "%s/show/%s.txt", SSALAB_TEST_DATA, ex[i]);
		char *want = tools_slurp(want_path, NULL);
		cr_assert_not_null(want, "%s", want_path);
		cr_expect_str_eq(got, want, "show %s differs from %s", name, want_path);
		free(got);
		free(want);
	}
}

/* The answers as the texts state them or as worked out by hand from the definitions. */
Test(show, answers_the_texts_give)
{
	static const struct {
		const char *ex, *line;
	} facts[] = {
	    /* 000: "we insert phi nodes in bb2 and bb8", then bb7 from DF(bb5) = DF(bb6) */
	    {"bb8.prog", "  DF(bb5) = {bb7}\n"},
	    {"bb8.prog", "  DF(bb6) = {bb7}\n"},
	    {"bb8.prog", "  Defs(a) = {bb1, bb2, bb3, bb5, bb6}    DF+(Defs(a)) = {bb2, bb7, bb8}\n"},
	    {"bb8.prog", "      a.1 = φ(a.0 from bb1, a.3 from bb3)\n"},
	    {"bb8.prog", "    bb8    idom(bb8) = bb1\n"},
	    /* 003's exercise: r -> A; A -> B, C; B -> D; C -> D, E; D -> A, E */
	    {"lecture.prog", "  DF(A) = {A}\n  DF(B) = {D}\n  DF(C) = {D, E}\n  DF(D) = {A, E}\n"},
	    {"lecture.prog", "    A    idom(A) = r\n      B    idom(B) = A\n      C    idom(C) = A\n"
	                     "      D    idom(D) = A\n      E    idom(E) = A\n"},
	    /* the loop: φs for i and x at the header, x at the latch; t only in minimal SSA */
	    {"loop_if.prog", "  minimal     (all of DF+): 5 φ\n"},
	    {"loop_if.prog", "  pruned      (only where the variable is live): 3 φ\n"},
	    {"loop_if.prog", "      x.1 = φ(x.0 from entry, x.4 from latch)\n"},
	    {"loop_if.prog", "      x.4 = φ(x.2 from then, x.3 from else)\n"},
	    {"diamond.prog", "      y.2 = φ(y.0 from then, y.1 from else)\n"},
	};
	for (size_t i = 0; i < sizeof facts / sizeof *facts; i++) {
		int rc;
		char *got = show(facts[i].ex, "", &rc);
		cr_assert_eq(rc, 0);
		cr_expect_not_null(strstr(got, facts[i].line), "%s lacks:\n%s", facts[i].ex,
		                   facts[i].line);
		free(got);
	}
	/* --flavor=minimal renames with t's φs in place */
	int rc;
	char *got = show("loop_if.prog", "--flavor=minimal", &rc);
	cr_assert_eq(rc, 0);
	cr_expect_not_null(strstr(got, "SSA form (minimal φs"), "%s", got);
	cr_expect_not_null(strstr(got, "      t.0 = φ("), "%s", got);
	free(got);
}

Test(show, picture_has_the_code_in_the_blocks_and_the_tree_beside)
{
	char pic[4200];
	int rc;
	snprintf(pic, sizeof pic, "--pic '%s/x.dot'", dir);
	free(show("loop_if.prog", pic, &rc));
	cr_assert_eq(rc, 0);
	snprintf(pic, sizeof pic, "%s/x.dot", dir);
	char *dot = tools_slurp(pic, NULL);
	cr_assert_not_null(dot);
	cr_expect_not_null(strstr(dot, "c1 [label=\"header\\ni.1 = φ(i.0 from entry, i.2 from "
	                                "latch)\\lx.1 = φ(x.0 from entry, x.4 from latch)\\l… = "
	                                "i.1\\l\"];"),
	                   "%s", dot);
	cr_expect_not_null(strstr(dot, "subgraph cluster_dom"), "%s", dot);
	cr_expect_not_null(strstr(dot, "\t\td2 -> d5;\n"), "the tree edge body -> latch: %s", dot);
	cr_expect_not_null(strstr(dot, "\t\tc5 -> c1;\n"), "the back edge latch -> header: %s", dot);
	free(dot);
	/* rendered by graphviz when it is installed (tools/ssalab installs it) */
	if (tools_sh("command -v dot >/dev/null") == 0) {
		snprintf(pic, sizeof pic, "--pic '%s/x.svg'", dir);
		free(show("bb8.prog", pic, &rc));
		cr_assert_eq(rc, 0);
		snprintf(pic, sizeof pic, "%s/x.svg", dir);
		char *svg = tools_slurp(pic, NULL);
		cr_assert_not_null(svg);
		cr_expect_not_null(strstr(svg, "<svg"));
		cr_expect_not_null(strstr(svg, "a.7 = φ(a.3 from bb3, a.6 from bb7)"));
		free(svg);
	}
}

Test(show, errors_and_usage)
{
	int rc;
	char path[4200];
	free(show("nosuch.prog", "", &rc));
	cr_expect_eq(rc, 1);
	snprintf(path, sizeof path, "%s/err.txt", dir);
	char *err = tools_slurp(path, NULL);
	cr_expect_not_null(strstr(err, "show: nosuch.prog: cannot open: No such file"), "%s", err);
	free(err);
	free(show("bb8.prog", "--flavor=fancy", &rc));
	cr_expect_eq(rc, 2);
	free(show("bb8.prog", "--pic x.gif", &rc));
	cr_expect_eq(rc, 2);
	err = tools_slurp(path, NULL);
	cr_expect_not_null(strstr(err, "must end in .dot, .svg or .png"), "%s", err);
	free(err);
	free(show("bb8.prog diamond.prog", "", &rc));
	cr_expect_eq(rc, 2);
	char *out = show("", "--help", &rc);
	cr_expect_eq(rc, 0);
	cr_expect_not_null(strstr(out, "usage: show"));
	free(out);
	/* a program too large for a teaching view is refused, not printed */
	snprintf(path, sizeof path, "%s/big.cfg", dir);
	cr_assert_eq(tools_sh("'%s' --family=chain --blocks=1000 --out '%s' --quiet", SSALAB_GEN_EXE,
	                      path),
	             0);
	char arg[4300];
	snprintf(arg, sizeof arg, "'%s'", path);
	out = show(arg, "", &rc);
	cr_expect_eq(rc, 2);
	cr_expect_str_eq(out, "");
	free(out);
}

/* Whether show can read C: a build with the LLVM IR importer, and clang of that LLVM. */
static bool have_clang(void)
{
#if SSALAB_LLVM_MAJOR > 0
	char c[4200];
	snprintf(c, sizeof c, "%s/clang", SSALAB_LLVM_BINDIR);
	return access(c, X_OK) == 0 ||
	       tools_sh("command -v clang-%d >/dev/null 2>&1", SSALAB_LLVM_MAJOR) == 0;
#else
	return false;
#endif
}

/* A C file: clang at -O0, the LLVM IR importer, the teaching view with the C names. The same
 * loop as loop_if.prog, so the same φs in the same places. */
Test(show, a_c_file_through_clang_and_the_importer)
{
	int rc;
	char errp[4200];
	snprintf(errp, sizeof errp, "%s/err.txt", dir);
#if SSALAB_LLVM_MAJOR == 0
	free(show("loop_if.c", "", &rc));
	cr_expect_eq(rc, 1);
	char *e0 = tools_slurp(errp, NULL);
	cr_expect_not_null(strstr(e0, "built without the LLVM IR importer"), "%s", e0);
	free(e0);
	cr_skip_test("this build has no LLVM IR importer (the newest llvm-N-dev)");
#endif
	if (!have_clang())
		cr_skip_test("no clang of the importer's LLVM (clang-N) installed");
	char *out = show("loop_if.c", "", &rc);
	cr_assert_eq(rc, 0, "show loop_if.c exited %d", rc);
	static const char *const want[] = {
		"program loop_if.c: 7 blocks, 8 edges, 4 variables, 16 operations\n",
		"  entry (entry) -> while.cond    [d n.addr = n; d i = 0; d x = 0]\n",
		"        if.end    idom(if.end) = while.body\n",
		"  DF(if.then) = {if.end}\n",
		"  Defs(x) = {entry, if.else, if.then}    DF+(Defs(x)) = {if.end, while.cond}\n",
		"  minimal     (all of DF+): 5 φ\n",
		"  pruned      (only where the variable is live): 3 φ\n",
		"  while.cond:\n      i.1 = φ(i.0 from entry, i.2 from if.end)\n"
		"      x.1 = φ(x.0 from entry, x.4 from if.end)\n",
		"  if.end:\n      x.4 = φ(x.2 from if.then, x.3 from if.else)\n",
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++)
		cr_expect_not_null(strstr(out, want[i]), "missing '%s' in:\n%s", want[i], out);
	free(out);
	char *err = tools_slurp(errp, NULL);
	cr_expect_not_null(strstr(err, "function 'loop_if' (the first of 2; --function=NAME"), "%s",
	                   err);
	free(err);

	out = show("loop_if.c", "--function=twice", &rc);
	cr_expect_eq(rc, 0);
	cr_expect_not_null(strstr(out, "program loop_if.c: 1 block, 0 edges, 1 variable, 3 operations\n"), "%s", out);
	free(out);
	free(show("loop_if.c", "--function=nosuch", &rc));
	cr_expect_eq(rc, 2);
	err = tools_slurp(errp, NULL);
	cr_expect_not_null(strstr(err, "loop_if.c has no function 'nosuch'; it defines: loop_if twice"),
	                   "%s", err);
	free(err);
	free(show("bb8.prog", "--function=f", &rc));
	cr_expect_eq(rc, 2);

	/* C that does not compile: clang's message, exit 1, nothing shown. */
	char bad[4200];
	snprintf(bad, sizeof bad, "%s/bad.c", dir);
	cr_assert_eq(tools_sh("printf 'int f(void) { return }\\n' > '%s'", bad), 0);
	char arg[4300];
	snprintf(arg, sizeof arg, "'%s'", bad);
	out = show(arg, "", &rc);
	cr_expect_eq(rc, 1);
	cr_expect_str_eq(out, "");
	free(out);
	err = tools_slurp(errp, NULL);
	cr_expect_not_null(strstr(err, "error"), "%s", err);
	free(err);
}

/* C++ goes through clang like C (by its suffix); a module under another name than .ll is read by
 * its content; Rust is refused with the command that makes IR of it. Before, all three were
 * read as graph files ("data dict: unknown name 'S'"). --function finds a C++ function by its
 * source name. */
Test(show, cxx_rust_and_a_module_by_its_content)
{
	int rc;
	char errp[4200], src[4200], arg[4300];
	snprintf(errp, sizeof errp, "%s/err.txt", dir);
	snprintf(src, sizeof src, "%s/f.rs", dir);
	cr_assert_eq(tools_sh("printf 'pub fn f() {}\\n' > '%s'", src), 0);
	snprintf(arg, sizeof arg, "'%s'", src);
	char *out = show(arg, "", &rc);
	cr_expect_eq(rc, 1);
	cr_expect_str_eq(out, "");
	free(out);
	char *err = tools_slurp(errp, NULL);
	cr_expect_not_null(strstr(err, "f.rs is Rust: show reads C, C++ and LLVM IR; make IR of it "
	                               "with 'rustc --crate-type=lib --emit=llvm-ir -C opt-level=0"),
	                   "%s", err);
	free(err);
#if SSALAB_LLVM_MAJOR == 0
	cr_skip_test("this build has no LLVM IR importer (the newest llvm-N-dev)");
#endif
	/* names.ll's first function, under a .txt name */
	snprintf(src, sizeof src, "%s/module.txt", dir);
	cr_assert_eq(tools_sh("cp '%s/llvm/names.ll' '%s'", SSALAB_TEST_DATA, src), 0);
	snprintf(arg, sizeof arg, "'%s'", src);
	out = show(arg, "--view=cfg", &rc);
	cr_expect_eq(rc, 0);
	cr_expect_not_null(strstr(out, "module.txt: 3 blocks, 2 edges, 2 variables, 2 operations\n"),
	                   "%s", out);
	free(out);
	if (!have_clang())
		cr_skip_test("no clang of the importer's LLVM (clang-N) installed");
	snprintf(src, sizeof src, "%s/f.cpp", dir);
	cr_assert_eq(tools_sh("printf 'struct S { int v; };\\nint f(int n) {\\n  S s{n}; int x = 0;\\n"
	                      "  for (int i = 0; i < n; i++) x += s.v;\\n  return x;\\n}\\n' > '%s'",
	                      src),
	             0);
	snprintf(arg, sizeof arg, "'%s'", src);
	out = show(arg, "--view=cfg,phi", &rc);
	cr_expect_eq(rc, 0);
	cr_expect_not_null(strstr(out, "/f.cpp: 5 blocks, 5 edges, 3 variables"), "%s", out);
	cr_expect_not_null(strstr(out, "    x: {for.cond}\n"), "%s", out);
	free(out);
	/* --function takes the source name of a mangled function, when one function has it */
	cr_assert_eq(tools_sh("printf 'namespace ns { int g(int a) { return a; } }\n"
	                      "int h(double) { return 0; }\nint h(int) { return 1; }\n' >> '%s'",
	                      src),
	             0);
	out = show(arg, "--view=cfg --function=f", &rc);
	cr_expect_eq(rc, 0);
	cr_expect_not_null(strstr(out, "/f.cpp: 5 blocks, 5 edges, 3 variables"), "%s", out);
	free(out);
	err = tools_slurp(errp, NULL);
	cr_expect_not_null(strstr(err, "f.cpp: function 'f' is _Z1fi\n"), "%s", err);
	free(err);
	out = show(arg, "--view=cfg --function=ns::g", &rc);
	cr_expect_eq(rc, 0);
	cr_expect_not_null(strstr(out, "/f.cpp: 1 block, 0 edges, 1 variable"), "%s", out);
	free(out);
	free(show(arg, "--view=cfg --function=h", &rc));
	cr_expect_eq(rc, 2);
	err = tools_slurp(errp, NULL);
	cr_expect_not_null(strstr(err, "has several functions called 'h' (give the mangled name): "
	                               "_Z1hd (h) _Z1hi (h)\n"),
	                   "%s", err);
	free(err);
	out = show(arg, "--view=cfg --function=_Z1hi", &rc);
	cr_expect_eq(rc, 0);
	free(out);
}
