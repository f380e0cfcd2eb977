/* The teaching view's sections beyond the stages' answers (tools/show.c): dominator sets and
 * strict dominance pairs, frontiers in name order, loops and back edges, the IDF worklist with
 * its W and F sets, the renaming stacks, --view, --def/--use on a DOT graph, a CFG without
 * variables, and what C definitions store. The expected lines are worked out by hand from the
 * course texts (the mem2reg article's worklist on bb8, the lecture notes' exercises). */
#include "support/tools_util.h"

#define SHOW SSALAB_SHOW_EXE
#define EXAMPLES SSALAB_SOURCE_DIR "/tools/examples"
#define DATA SSALAB_TEST_DATA "/show"

TOOLS_DIR_SUITE(show_views);

/* show's stdout for a file in tools/examples (run there) or a path. */
static char *show(const char *args, int *rc)
{
	char out[4200];
	snprintf(out, sizeof out, "%s/out.txt", dir);
	*rc = tools_sh("cd '%s' && '%s' %s > '%s' 2> '%s/err.txt'", EXAMPLES, SHOW, args, out, dir);
	char *text = tools_slurp(out, NULL);
	cr_assert_not_null(text);
	return text;
}

static char *err_text(void)
{
	char p[4200];
	snprintf(p, sizeof p, "%s/err.txt", dir);
	char *t = tools_slurp(p, NULL);
	cr_assert_not_null(t);
	return t;
}

static void expect_lines(const char *args, const char *const *want, size_t n)
{
	int rc;
	char *out = show(args, &rc);
	cr_assert_eq(rc, 0, "show %s exited %d", args, rc);
	for (size_t i = 0; i < n; i++)
		cr_expect_not_null(strstr(out, want[i]), "show %s lacks:\n%s\nin:\n%s", args, want[i],
		                   out);
	free(out);
}

static void expect_absent(const char *args, const char *const *bad, size_t n)
{
	int rc;
	char *out = show(args, &rc);
	cr_assert_eq(rc, 0, "show %s exited %d", args, rc);
	for (size_t i = 0; i < n; i++)
		cr_expect_null(strstr(out, bad[i]), "show %s has '%s':\n%s", args, bad[i], out);
	free(out);
}

#define N(a) (sizeof a / sizeof *a)

/* 003's third exercise typed as DOT: G is met before F, the sets still print F before G. */
Test(show_views, the_lecture_exercise_as_dot_in_name_order)
{
	static const char *const want[] = {
	    "  DF(D) = {F, G}\n",
	    "  DF(B) = {E, G, H, I}\n",
	    "  DF(A) = {E, H, J}\n",
	    "  Dom(F) = {r, A, B, F}\n",
	    "  Dom(J) = {r, J}\n",
	    "  r sdom {A, B, C, D, E, F, G, H, I, J}\n  A sdom {B, C, D, F, G, I}\n"
	    "  B sdom {C, D, F}\n  19 pairs\n",
	    "  back edges: none\n  no loops\n",
	    /* no variables: a line that says so, no empty φ or SSA section */
	    "\nNo variables, so no φs and no renaming",
	};
	expect_lines("'" DATA "/exercise3.dot'", want, N(want));
	static const char *const bad[] = {"φ placement", "SSA form", "Iterated", "Defs("};
	expect_absent("'" DATA "/exercise3.dot'", bad, N(bad));
}

/* --def/--use give the DOT graph code: x set in r, B and F, read in G and J. */
Test(show_views, definitions_and_uses_attached_to_a_dot_graph)
{
	static const char *const want[] = {
	    "program " DATA "/exercise3.dot: 11 blocks, 16 edges, 1 variable, 5 operations\n",
	    "  B -> C, D    [d x]\n",
	    "  J (exit)    [u x]\n",
	    "  Defs(x) = {r, B, F}    DF+(Defs(x)) = {E, G, H, I, J}\n",
	    "  J:\n      x.7 = φ(x.5 from H, x.6 from I)\n      … = x.7\n",
	};
	expect_lines("'" DATA "/exercise3.dot' --def x:r,B,F --use x:J,G", want, N(want));
	/* the order given is the order in the block: read, then set */
	static const char *const want2[] = {"  G -> I    [u y; d y]\n", "  D -> F, G    [d y; u y]\n"};
	expect_lines("'" DATA "/exercise3.dot' --use y:G --def=y:G,D --use y:D", want2, N(want2));
	int rc;
	free(show("'" DATA "/exercise3.dot' --def x:r,Q", &rc));
	cr_expect_eq(rc, 2);
	char *e = err_text();
	cr_expect_not_null(strstr(e, "show: --def x:r,Q: no block named 'Q'"), "%s", e);
	free(e);
	free(show("'" DATA "/exercise3.dot' --use x", &rc));
	cr_expect_eq(rc, 2);
	e = err_text();
	cr_expect_not_null(strstr(e, "write VARIABLE:BLOCK,BLOCK,..."), "%s", e);
	free(e);
}

/* A block name the graph does not have says which it has (or the one that differs in case);
 * blanks after the commas are no part of a name; a name two blocks share is refused, not given
 * to the first of them (two DOT nodes with one label). */
Test(show_views, def_and_use_block_names_are_checked)
{
	int rc;
	free(show("'" DATA "/exercise3.dot' --def x:r,Q", &rc));
	cr_expect_eq(rc, 2);
	char *e = err_text();
	cr_expect_str_eq(e, "show: --def x:r,Q: no block named 'Q' (the blocks: r, A, E, B, G, C, "
	                    "D, F, H, I, J)\n");
	free(e);
	free(show("'" DATA "/exercise3.dot' --use x:r,j", &rc));
	cr_expect_eq(rc, 2);
	e = err_text();
	cr_expect_str_eq(e, "show: --use x:r,j: no block named 'j' (names are case-sensitive: "
	                    "'J'?)\n");
	free(e);
	static const char *const want[] = {"  B -> C, D    [d x]\n", "  J (exit)    [u x]\n"};
	expect_lines("'" DATA "/exercise3.dot' --def 'x:r, B' --use 'x: J '", want, N(want));
	char dot[4200], arg[4300];
	snprintf(dot, sizeof dot, "%s/twins.dot", dir);
	cr_assert_eq(tools_sh("printf 'digraph { a -> b; a -> c; b -> d; c -> d; b [label=x]; "
	                      "c [label=x] }' > '%s'", dot),
	             0);
	snprintf(arg, sizeof arg, "'%s' --def v:x --use v:d", dot);
	char *out = show(arg, &rc);
	cr_expect_eq(rc, 2);
	cr_expect_str_eq(out, "");
	free(out);
	e = err_text();
	cr_expect_str_eq(e, "show: warning: 2 blocks share names (first: 'x'): the views print the "
	                    "name, so they cannot tell them apart\n"
	                    "show: --def v:x: several blocks are named 'x' (give them distinct "
	                    "names to give one of them code)\n");
	free(e);
	/* the warning alone, the views printed (exit 0) */
	snprintf(arg, sizeof arg, "'%s' --view=cfg", dot);
	out = show(arg, &rc);
	cr_expect_eq(rc, 0);
	cr_expect_not_null(strstr(out, "  a (entry) -> x, x\n"), "%s", out);
	free(out);
	e = err_text();
	cr_expect_str_eq(e, "show: warning: 2 blocks share names (first: 'x'): the views print the "
	                    "name, so they cannot tell them apart\n");
	free(e);
}

/* The mem2reg article's worklist on bb8, X by X as the article tells it: bb1 (nothing), bb2
 * (φ at bb2 and bb8, bb8 joins W), bb3, bb5 (φ at bb7), bb6, bb8, bb7 (bb8 already in F). */
Test(show_views, idf_worklist_of_the_article)
{
	static const char *const want[] = {
	    "  a: Defs(a) = {bb1, bb2, bb3, bb5, bb6}\n"
	    "    step  X    DF(X)       φ at      into W  F                W\n"
	    "    0                                        {}               [bb1, bb2, bb3, bb5, bb6]\n"
	    "    1     bb1  {}                            {}               [bb2, bb3, bb5, bb6]\n"
	    "    2     bb2  {bb2, bb8}  bb2, bb8  bb8     {bb2, bb8}       [bb3, bb5, bb6, bb8]\n"
	    "    3     bb3  {bb2, bb8}                    {bb2, bb8}       [bb5, bb6, bb8]\n"
	    "    4     bb5  {bb7}       bb7       bb7     {bb2, bb7, bb8}  [bb6, bb8, bb7]\n"
	    "    5     bb6  {bb7}                         {bb2, bb7, bb8}  [bb8, bb7]\n"
	    "    6     bb8  {}                            {bb2, bb7, bb8}  [bb7]\n"
	    "    7     bb7  {bb8}                         {bb2, bb7, bb8}  []\n"
	    "    W is empty: DF+(Defs(a)) = F = {bb2, bb7, bb8}\n",
	};
	expect_lines("bb8.prog --view=idf-trace", want, N(want));
	/* the lecture's exercise */
	static const char *const lect[] = {"  x: Defs(x) = {r, B}\n", "W is empty: DF+(Defs(x)) = F = {A, D, E}\n"};
	expect_lines("lecture.prog --view=idf-trace", lect, N(lect));
}

/* Renaming on bb8 as stacks: bb3's value a.3 feeds bb2's and bb8's φs, and is popped before
 * bb4's subtree, whose uses read a.0. */
Test(show_views, renaming_stacks)
{
	static const char *const want[] = {
	    "  3. enter bb2: push a.1, use of a reads a.1, push a.2\n      stacks: a [a.0 a.1 a.2]\n",
	    "  4. enter bb3: use of a reads a.2, push a.3, φ a.1 at bb2 takes a.3, φ a.7 at bb8 "
	    "takes a.3\n      stacks: a [a.0 a.1 a.2 a.3]\n",
	    "  6. leave bb2: pop a.2, pop a.1\n      stacks: a [a.0]\n",
	    "  8. enter bb5: use of a reads a.0, push a.4, φ a.6 at bb7 takes a.4\n",
	    "  20. leave Entry: nothing\n      stacks: all empty\n",
	};
	expect_lines("bb8.prog --view=rename", want, N(want));
}

/* Loops: the lecture's D -> A; nesting and an irreducible loop from a DOT graph. */
Test(show_views, loops_and_back_edges)
{
	static const char *const lect[] = {"  back edges: D -> A\n  loop A (depth 1): {A, B, C, D}\n"};
	expect_lines("lecture.prog --view=loops", lect, N(lect));
	char p[4200];
	snprintf(p, sizeof p, "%s/n.dot", dir);
	FILE *f = fopen(p, "w");
	cr_assert_not_null(f);
	fputs("digraph { e -> a; a -> b; b -> c; c -> b; c -> d; d -> a; d -> x; e -> i1; e -> i2; "
	      "i1 -> i2; i2 -> i1; i2 -> x; }\n",
	      f);
	fclose(f);
	char args[4300];
	snprintf(args, sizeof args, "'%s' --view=loops", p);
	static const char *const want[] = {
	    "  back edges: c -> b, d -> a\n"
	    "  loop a (depth 1): {a, b, c, d}\n"
	    "    loop b (depth 2): {b, c}\n"
	    "  loop i1 (depth 1): {i1, i2}    irreducible, entries {i1, i2}\n",
	};
	expect_lines(args, want, N(want));
}

/* --view picks sections; + adds to the default; unknown names are usage errors. */
Test(show_views, view_selection)
{
	int rc;
	char *out = show("lecture.prog --view=df", &rc);
	cr_assert_eq(rc, 0);
	cr_expect_str_eq(out, "program lecture.prog: 6 blocks, 8 edges, 1 variable, 4 operations\n"
	                      "\nDominance frontiers\n  DF(r) = {}\n  DF(A) = {A}\n  DF(B) = {D}\n"
	                      "  DF(C) = {D, E}\n  DF(D) = {A, E}\n  DF(E) = {}\n");
	free(out);
	static const char *const plus[] = {"\nCFG (", "\nSSA form (", "\nIDF worklist, per variable"};
	expect_lines("lecture.prog --view=+idf-trace", plus, N(plus));
	static const char *const dflt[] = {"IDF worklist", "\nRenaming ("};
	expect_absent("lecture.prog", dflt, N(dflt));
	static const char *const all[] = {"IDF worklist", "\nRenaming (", "Strict dominance"};
	expect_lines("lecture.prog --view=all", all, N(all));
	free(show("lecture.prog --view=df,nosuch", &rc));
	cr_expect_eq(rc, 2);
	char *e = err_text();
	cr_expect_not_null(strstr(e, "--view: no section 'nosuch'"), "%s", e);
	free(e);
}

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

/* C: a copy shows as `c = a`, in the CFG and renamed (c.0 = a.0), and the load it reads is
 * not printed again as a use. */
Test(show_views, what_c_definitions_store)
{
	if (!have_clang())
		cr_skip_test("no LLVM IR importer or no clang of its LLVM");
	static const char *const want[] = {
	    "  entry (entry) -> if.then, if.else    [d n.addr = n; d a = 1; d b = 2; u n.addr]\n",
	    "  if.then -> if.end    [u a; d c = a]\n",
	    "  if.then:\n      c.0 = a.0\n  if.else:\n      c.1 = b.0\n",
	    "      c.2 = φ(c.0 from if.then, c.1 from if.else)\n      d.0 = 7\n",
	};
	expect_lines("'" DATA "/copies.c'", want, N(want));
	static const char *const bad[] = {"      … = a.0\n"};
	expect_absent("'" DATA "/copies.c'", bad, N(bad));
	static const char *const loop[] = {"  if.then -> if.end    [u x; u i; d t = x + i; u t; d x = t]\n",
	                                   "      t.0 = x.1 + i.1\n      x.2 = t.0\n",
	                                   "      i.2 = i.1 + 1\n"};
	expect_lines("loop_if.c", loop, N(loop));
}
