/* Inputs from other tools and names: the DOT and edge-list readers (hand-written graphs, real
 * `opt -dot-cfg` output, every malformed case with its message and line), content sniffing,
 * the 'n' lines of the text formats (round trips, errors), names in DOT output, and gen --in
 * converting through the binary. */
#include "support/io_files.h"
#include "io/io_internal.h"

#include <sys/wait.h>

static char dir[512];

static void setup(void)
{
	io_t_mkdtemp(dir, sizeof dir);
}

static void teardown(void)
{
	io_t_rmdir(dir);
}

TestSuite(import, .init = setup, .fini = teardown);

/* Reads text through io_read_prog from a file called name. */
static int read_text(const char *name, const char *text, struct prog *p, struct io_error *err)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	io_t_write_file(path, text, strlen(text));
	memset(err, 0, sizeof *err);
	return io_read_prog(path, p, err);
}

/* "u>v u>v ..." of the successor CSR, and the block names "a b c" ('-' when unnamed). */
static void shape(const struct prog *p, char *edges, size_t elen, char *names, size_t nlen)
{
	size_t o = 0;
	edges[0] = names[0] = 0;
	for (uint32_t u = 0; u < p->cfg.n; u++)
		for (uint32_t e = p->cfg.succ_off[u]; e < p->cfg.succ_off[u + 1]; e++)
			o += (size_t)snprintf(edges + o, elen - o, "%s%u>%u", o ? " " : "", u,
			                      p->cfg.succ[e]);
	o = 0;
	for (uint32_t b = 0; b < p->cfg.n; b++) {
		const char *s = names_get(&p->bnames, b);
		o += (size_t)snprintf(names + o, nlen - o, "%s%s", b ? " " : "", s ? s : "-");
	}
}

struct good_case {
	const char *file, *text, *edges, *names;
};

static const struct good_case good[] = {
    /* chains, ports, quoted ids with escapes, comments of every kind, attributes */
    {"a.dot",
     "// a loop\n# a preprocessor line\ndigraph \"f\" {\n  node [shape=record];\n"
     "  rankdir=TB\n  a -> b -> c; /* back */ c:s0 -> b:n [color=red]\n"
     "  \"quoted \\\"x\\\"\" ; b -> \"quoted \\\"x\\\"\"\n}\n",
     "0>1 1>2 1>3 2>1", "a b c quoted_\"x\""},
    /* the entry marked on a later node moves to 0; labels name nodes (records, ports, \l) */
    {"b.dot",
     "strict digraph {\n n1 -> n2; n2 -> n1; n3 [label=\"{start:\\l  x = 1\\l}\", entry=true]\n"
     " n3 -> n1 [label=\"T\"]; n2 [label=<b>]\n n1 [label=\"<p0> head| tail\"]\n}",
     "0>1 1>2 2>1", "start head b"},
    /* numerals as ids, edge statements with ',' separated attributes, an empty graph body
     * apart from one node */
    {"c.dot", "digraph G { 1 -> -2.5 [a=1, b=2; c=3] ; 7 }", "0>1", "1 -2.5 7"},
    /* edge lists: SNAP comments, sparse ids, weights and networkx data dicts, a lone node */
    {"e.txt", "# Directed graph\n# FromNodeId\tToNodeId\n100\t7\n7 100 {}\n7\t3 {'w': 1}\n"
              "3 3 0.5\n42\n",
     "0>1 1>0 1>2 2>2", "100 7 3 42"},
    /* an entry line naming a node seen later, CRLF line ends, a BOM */
    {"f.txt", "\xef\xbb\xbf# entry: c\r\na b\r\nb c\r\nc a\r\n", "0>1 1>2 2>0", "c a b"},
};

Test(import, good_inputs_give_the_exact_graph_and_names)
{
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		struct prog p;
		struct io_error err;
		char msg[600], e[512], n[512];
		int st = read_text(good[i].file, good[i].text, &p, &err);
		io_error_format(&err, msg, sizeof msg);
		cr_assert_eq(st, SSA_OK, "%s: %s", good[i].file, msg);
		shape(&p, e, sizeof e, n, sizeof n);
		cr_expect_str_eq(e, good[i].edges, "%s edges", good[i].file);
		/* a written name has blanks as '_'; in memory the quoted id keeps its blank */
		struct prog q;
		char path[1024];
		snprintf(path, sizeof path, "%s/rt.cfg", dir);
		cr_assert_eq(io_write_path(path, &p, &err), SSA_OK);
		cr_assert_eq(io_read_prog(path, &q, &err), SSA_OK);
		shape(&q, e, sizeof e, n, sizeof n);
		cr_expect_str_eq(n, good[i].names, "%s names", good[i].file);
		cr_expect_str_eq(e, good[i].edges, "%s edges after a .cfg round trip", good[i].file);
		prog_free(&p);
		prog_free(&q);
	}
}

/* Real `opt -dot-cfg` output (opt-16 on tests/data/import/opt16_loop.c, clang-16 -O0
 * -fno-discard-value-names): the for loop with an if inside. */
Test(import, opt16_dot_cfg_output)
{
	struct prog p;
	struct io_error err;
	char msg[600], e[512], n[512];
	int st = io_read_prog(SSALAB_TEST_DATA "/import/opt16_loop.dot", &p, &err);
	io_error_format(&err, msg, sizeof msg);
	cr_assert_eq(st, SSA_OK, "%s", msg);
	shape(&p, e, sizeof e, n, sizeof n);
	/* for.cond's ports s0 (T: the body) and s1 (F: the exit) stay in that order */
	cr_expect_str_eq(e, "0>1 1>2 1>3 2>4 2>5 4>6 5>6 6>7 7>1");
	cr_expect_str_eq(n, "entry for.cond for.body for.end if.then if.else if.end for.inc");
	prog_free(&p);
}

struct bad_case {
	const char *file, *text;
	unsigned long long line;
	const char *what;
};

static const struct bad_case bad[] = {
    {"a.dot", "graph { a -- b }", 1, "undirected 'graph' (a CFG is a 'digraph')"},
    {"a.dot", "digraph {\n a -- b }", 2, "undirected edge '--' (a CFG needs '->')"},
    {"a.dot", "digraph {\n a -> }", 2, "expected a node id, found '}'"},
    {"a.dot", "digraph {\n subgraph cluster_0 a }", 2,
     "a subgraph without its body '{...}', found 'a' (a reference to an earlier subgraph is not "
     "supported)"},
    {"a.dot", "digraph { a -> b, { c } }", 1,
     "a ',' list holds node ids, not subgraphs (write '{a b c}' for a set)"},
    {"a.dot", "digraph {\n a -> b\n", 3, "file ends inside the graph (missing '}')"},
    {"a.dot", "digraph {\n \"a -> b }\n", 2, "unterminated quoted string"},
    {"a.dot", "digraph { a /* b -> c }\n", 1, "unterminated '/*' comment"},
    {"a.dot", "digraph { a [label] }", 1, "expected '=' after the attribute name, found ']'"},
    {"a.dot", "digraph { a [entry=1]\n b [entry=true] }", 2,
     "a second entry node (the first is marked on line 1)"},
    {"a.dot", "\ndigraph {\n}\n", 2, "the graph has no nodes (a CFG has at least its entry)"},
    {"a.dot", "digraph { a -> 1x }", 1,
     "bad numeral '1x' (an id starting with a digit must be quoted)"},
    {"a.dot", "digraph { a } digraph { b }", 1,
     "unexpected 'digraph' after the graph (one 'digraph' per file)"},
    {"a.dot", "digraph x y { }", 1, "expected '{' after the graph name, found 'y'"},
    {"a.dot", "digraph { a ! b }", 1, "unexpected '!'"},
    {"a.dot", "digraph { node a }", 1,
     "expected '[' after a default-attribute keyword, found 'a'"},
    {"a.dot", "digraph { a:1x }", 1,
     "bad numeral '1x' (an id starting with a digit must be quoted)"},
    {"a.dot", "digraph { a: -> b }", 1, "expected a port name after ':', found '->'"},
    {"a.txt", "a b\nc d e\n", 2,
     "unexpected 'e' after the edge (expected 'u v', optionally followed by a weight or a "
     "{data} dict)"},
    {"a.txt", "# entry: zz\na b\n", 1, "entry 'zz' is not a node of the graph"},
    {"a.txt", "# entry: a\n# entry: b\na b\n", 2,
     "a second '# entry:' line (the first is line 1)"},
    {"a.txt", "# entry:\na b\n", 1, "missing node id after '# entry:'"},
    {"a.txt", "# entry: a b\na b\n", 1, "unexpected 'b' after '# entry: <id>'"},
    {"a.txt", "x y\n# only comments after\n", 0, NULL}, /* fine: checked to be accepted */
    {"a.txt", "a\x01 b\n", 1, "control byte in node id 'a?'"},
    /* names in the text formats */
    {"a.cfg", "p cfg 2 1\ne 0 1\nn b 1 x\nn b 1 y\n", 4,
     "duplicate name for block 1 (first on line 3)"},
    {"a.cfg", "p cfg 2 0\nn v 0 x\n", 2,
     "variable name in a 'p cfg' file (variables need a 'p prog <n> <m> <v>' header)"},
    {"a.prog", "p prog 2 0 1\nn v 1 x\n", 2, "variable 1 out of range 0..0"},
    {"a.prog", "p prog 2 0 1\nn b 2 x\n", 2, "block id 2 out of range 0..1"},
    {"a.prog", "p prog 2 0 1\nn q 0 x\n", 2,
     "unknown name kind 'q' (expected 'n b <block> <name>' or 'n v <var> <name>')"},
    {"a.prog", "p prog 2 0 1\nn b 0\n", 2,
     "missing name (expected 'n b <block> <name>' or 'n v <var> <name>')"},
    {"a.prog", "p prog 2 0 1\nn b 0 x y\n", 2,
     "unexpected 'y' after the name (expected 'n b <block> <name>' or 'n v <var> <name>')"},
    {"a.prog", "n b 0 x\np prog 2 0 1\n", 1,
     "expected 'p prog <n> <m> <v>' header before the first 'n' line"},
    {"a.prog", "p prog 2 0 1\nn v 0 x\nn v 0 x\n", 3,
     "duplicate name for variable 0 (first on line 2)"},
};

Test(import, malformed_inputs_name_file_line_and_problem)
{
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct prog p;
		struct io_error err;
		char msg[600], want[600];
		int st = read_text(bad[i].file, bad[i].text, &p, &err);
		io_error_format(&err, msg, sizeof msg);
		if (!bad[i].what) {
			cr_expect_eq(st, SSA_OK, "case %zu: %s", i, msg);
			prog_free(&p);
			continue;
		}
		cr_expect_eq(st, SSA_EINPUT, "case %zu (%s) accepted", i, bad[i].text);
		snprintf(want, sizeof want, "%s/%s:%llu: %s", dir, bad[i].file, bad[i].line,
		         bad[i].what);
		cr_expect_str_eq(msg, want, "case %zu", i);
		cr_expect_eq(p.cfg.n, 0, "case %zu: partial output", i);
	}
}

Test(import, sniffing_by_content_not_by_name)
{
	static const struct {
		const char *text;
		enum io_input_kind kind;
	} c[] = {
	    {"p cfg 1 0\n", IO_IN_TEXT},          {"# c\n\ne 0 1\n", IO_IN_TEXT},
	    {"n b 0 x\n", IO_IN_TEXT},            {"", IO_IN_TEXT},
	    {"# only a comment\n", IO_IN_TEXT},   {"digraph{a}", IO_IN_DOT},
	    {"  Strict DiGraph g {", IO_IN_DOT},  {"// c\nfoo", IO_IN_DOT},
	    {"/* c */ digraph", IO_IN_DOT},       {"graph { a -- b }", IO_IN_DOT},
	    {"0 1\n1 2\n", IO_IN_EDGES},          {"# SNAP\np q\n", IO_IN_EDGES},
	    {"pp q\n", IO_IN_EDGES},              {"digraphs x\n", IO_IN_EDGES},
	    {"\x89SSAB", IO_IN_BIN},              {"XSSAB\r\n\x1a\x01\0\0", IO_IN_TEXT},
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		size_t len = strlen(c[i].text);
		if (i == sizeof c / sizeof c[0] - 1)
			len = 10;
		cr_expect_eq(io_sniff((const unsigned char *)c[i].text, len), c[i].kind,
		             "case %zu '%s': %s", i, c[i].text,
		             io_input_kind_str(io_sniff((const unsigned char *)c[i].text, len)));
	}
	/* a .cfg name does not make a DOT file text, nor the reverse */
	struct prog p;
	struct io_error err;
	cr_assert_eq(read_text("x.cfg", "digraph { a -> b }", &p, &err), SSA_OK);
	cr_expect_eq(p.cfg.m, 1);
	prog_free(&p);
	cr_assert_eq(read_text("x.dot", "p cfg 2 1\ne 1 0\nend\n", &p, &err), SSA_OK);
	cr_expect_eq(p.cfg.succ[0], 0);
	prog_free(&p);
}

Test(import, names_round_trip_through_text_and_stay_optional)
{
	static const char text[] = "p prog 4 4 2\ne 0 1\ne 0 2\ne 1 3\ne 2 3\nb 0 d0 d1\nb 1 d0\n"
	                           "b 3 u0 d0 u1\nn b 0 entry\nn b 1 then\nn b 3 join\nn v 0 x\n"
	                           "n v 1 y\nend\n";
	struct prog p, q;
	struct io_error err;
	char path[1024];
	/* written back byte for byte (canonical), then read back equal */
	cr_assert_eq(read_text("n.prog", text, &p, &err), SSA_OK);
	cr_expect_str_eq(names_get(&p.bnames, 3), "join");
	cr_expect_null(names_get(&p.bnames, 2));
	cr_expect_str_eq(names_get(&p.vnames, 1), "y");
	snprintf(path, sizeof path, "%s/w.prog", dir);
	cr_assert_eq(io_write_path(path, &p, &err), SSA_OK);
	char *w = io_t_slurp(path, NULL);
	cr_expect_str_eq(w, text);
	free(w);
	/* names in any line order; the canonical output sorts them */
	cr_assert_eq(read_text("o.prog",
	                       "p prog 4 4 2\nn v 1 y\ne 0 1\ne 0 2\nn b 3 join\ne 1 3\ne 2 3\n"
	                       "b 0 d0 d1\nb 1 d0\nb 3 u0 d0 u1\nn b 1 then\nn v 0 x\nn b 0 entry\nend\n",
	                       &q, &err),
	             SSA_OK);
	cr_assert_eq(io_write_path(path, &q, &err), SSA_OK);
	w = io_t_slurp(path, NULL);
	cr_expect_str_eq(w, text);
	free(w);
	prog_free(&q);
	/* the binary format has no names: they are dropped, the program is the same */
	snprintf(path, sizeof path, "%s/w.ssab", dir);
	cr_assert_eq(io_write_path(path, &p, &err), SSA_OK);
	cr_assert_eq(io_read_prog(path, &q, &err), SSA_OK);
	cr_expect_eq(q.bnames.count, 0);
	cr_expect_eq(q.nops, p.nops);
	prog_free(&q);
	/* DOT output labels named blocks, numbers the rest */
	snprintf(path, sizeof path, "%s/w.dot", dir);
	cr_assert_eq(io_write_path(path, &p, &err), SSA_OK);
	w = io_t_slurp(path, NULL);
	cr_expect_not_null(strstr(w, "\t0 [label=\"entry\", style=filled"), "%s", w);
	cr_expect_not_null(strstr(w, "\t1 [label=\"then\"];\n\t2;\n\t3 [label=\"join\"];\n"), "%s",
	                   w);
	/* and the DOT we write reads back as the same graph with the same names */
	cr_assert_eq(io_read_prog(path, &q, &err), SSA_OK);
	char e1[256], n1[256], e2[256], n2[256];
	shape(&p, e1, sizeof e1, n1, sizeof n1);
	shape(&q, e2, sizeof e2, n2, sizeof n2);
	cr_expect_str_eq(e2, e1);
	cr_expect_str_eq(n2, "entry then 2 join");
	free(w);
	prog_free(&q);
	prog_free(&p);
}

/* Runs gen with args (a NULL-terminated list after the executable); returns the exit code and
 * stderr in err. */
static int run_gen(char *err, size_t elen, const char *const *args)
{
	char cmd[4096], ep[1024];
	snprintf(ep, sizeof ep, "%s/stderr.txt", dir);
	size_t o = (size_t)snprintf(cmd, sizeof cmd, "'%s'", SSALAB_GEN_EXE);
	for (size_t i = 0; args[i]; i++)
		o += (size_t)snprintf(cmd + o, sizeof cmd - o, " '%s'", args[i]);
	snprintf(cmd + o, sizeof cmd - o, " 2>'%s'", ep);
	int rc = system(cmd);
	char *e = io_t_slurp(ep, NULL);
	snprintf(err, elen, "%s", e);
	free(e);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

Test(import, gen_converts_dot_and_edge_lists)
{
	char in[1024], out[1024], err[2048];
	snprintf(out, sizeof out, "%s/x.cfg", dir);
	const char *a1[] = {"--in", SSALAB_TEST_DATA "/import/opt16_loop.dot", "--out", out, NULL};
	cr_assert_eq(run_gen(err, sizeof err, a1), 0, "%s", err);
	cr_expect_not_null(strstr(err, "n=8 m=9 vars=0 ops=0 named_blocks=yes"), "%s", err);
	char *w = io_t_slurp(out, NULL);
	cr_expect_not_null(strstr(w, "p cfg 8 9\ne 0 1\ne 1 2\ne 1 3\n"), "%s", w);
	cr_expect_not_null(strstr(w, "\nn b 1 for.cond\n"), "%s", w);
	free(w);
	/* malformed: the reader's message, exit 1, no output file */
	snprintf(in, sizeof in, "%s/bad.txt", dir);
	io_t_write_file(in, "a b\nc d e\n", 10);
	snprintf(out, sizeof out, "%s/y.cfg", dir);
	const char *a2[] = {"--in", in, "--out", out, NULL};
	cr_expect_eq(run_gen(err, sizeof err, a2), 1);
	char want[2048];
	snprintf(want, sizeof want,
	         "gen: %s:2: unexpected 'e' after the edge (expected 'u v', optionally followed by "
	         "a weight or a {data} dict)\n",
	         in);
	cr_expect_str_eq(err, want);
	cr_expect_eq(access(out, F_OK), -1, "a partial output was left");
	const char *a3[] = {"--in", in, NULL};
	cr_expect_eq(run_gen(err, sizeof err, a3), 2);
	cr_expect_not_null(strstr(err, "--out FILE is required"), "%s", err);
}

/* Many distinct ids: the interning table grows many times; every id keeps its name and its
 * first-appearance number, and a long DOT chain parses without recursion. */
Test(import, large_inputs_intern_every_id)
{
	const uint32_t k = 200000;
	char path[1024];
	snprintf(path, sizeof path, "%s/big.txt", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fprintf(f, "# entry: v%u\n", k / 2);
	for (uint32_t i = 0; i < k; i++)
		fprintf(f, "v%u v%u\n", i, i + 1);
	fclose(f);
	struct prog p;
	struct io_error err;
	cr_assert_eq(io_read_prog(path, &p, &err), SSA_OK, "%s", err.what);
	cr_expect_eq(p.cfg.n, k + 1);
	cr_expect_eq(p.cfg.m, k);
	/* the entry v100000 is block 0; v0..v99999 moved up by one; the rest keep their number */
	cr_expect_str_eq(names_get(&p.bnames, 0), "v100000");
	cr_expect_str_eq(names_get(&p.bnames, 1), "v0");
	cr_expect_str_eq(names_get(&p.bnames, k / 2), "v99999");
	cr_expect_str_eq(names_get(&p.bnames, k / 2 + 1), "v100001");
	cr_expect_str_eq(names_get(&p.bnames, k), "v200000");
	cr_expect_eq(p.cfg.succ[p.cfg.succ_off[0]], k / 2 + 1);
	prog_free(&p);

	snprintf(path, sizeof path, "%s/big.dot", dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("digraph {\n n0", f);
	for (uint32_t i = 1; i <= 50000; i++)
		fprintf(f, " -> n%u", i);
	fputs(";\n}\n", f);
	fclose(f);
	cr_assert_eq(io_read_prog(path, &p, &err), SSA_OK, "%s", err.what);
	cr_expect_eq(p.cfg.n, 50001);
	cr_expect_eq(p.cfg.m, 50000);
	cr_expect_str_eq(names_get(&p.bnames, 50000), "n50000");
	prog_free(&p);
}
