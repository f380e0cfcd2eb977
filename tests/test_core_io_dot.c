/* The DOT reader against graphviz's rules (algos/io/README.md "DOT input"): a byte-order mark,
 * 'strict' graphs (one edge per ordered pair, self-loops kept, as `dot` does), and HTML labels
 * (their text names the block, never a piece of markup; unbalanced or unknown markup is an error
 * at its line). Each case gives the exact graph and names, or the exact message and line. */
#include "support/io_files.h"

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
/* A forked Criterion test never reaches LeakSanitizer's exit-time check: ask for one, so the
 * readers' error paths are checked for leaks in the sanitizer build. */
#define EXPECT_NO_LEAK() cr_expect_eq(__lsan_do_recoverable_leak_check(), 0, "memory leaked")
#else
#define EXPECT_NO_LEAK() ((void)0)
#endif

static char dir[512];

static void setup(void)
{
	io_t_mkdtemp(dir, sizeof dir);
}

static void teardown(void)
{
	io_t_rmdir(dir);
}

TestSuite(io_dot, .init = setup, .fini = teardown);

/* "u>v u>v ..." of the successor CSR and the block names, '|' between them ("a|b c"). */
static void shape(const struct prog *p, char *out, size_t len)
{
	size_t o = 0;
	out[0] = 0;
	for (uint32_t u = 0; u < p->cfg.n; u++)
		for (uint32_t e = p->cfg.succ_off[u]; e < p->cfg.succ_off[u + 1]; e++)
			o += (size_t)snprintf(out + o, len - o, "%s%u>%u", o ? " " : "", u,
			                      p->cfg.succ[e]);
	for (uint32_t b = 0; b < p->cfg.n; b++) {
		const char *s = names_get(&p->bnames, b);
		o += (size_t)snprintf(out + o, len - o, "%s%s", b ? "|" : " : ", s ? s : "-");
	}
}

static int read_dot(const char *text, struct prog *p, struct io_error *err)
{
	memset(err, 0, sizeof *err);
	return io_t_read_string(dir, "g.dot", text, strlen(text), p, err);
}

struct good_case {
	const char *text, *shape;
};

static const struct good_case good[] = {
    /* a byte-order mark before 'digraph', before a comment, before 'strict' */
    {"\xef\xbb\xbf" "digraph { a -> b }", "0>1 : a|b"},
    {"\xef\xbb\xbf// c\ndigraph { a -> b }", "0>1 : a|b"},
    {"\xef\xbb\xbf" "strict digraph { a -> b; a -> b }", "0>1 : a|b"},
    /* strict: the first a -> b stays, in its place; later ones (any statement, any chain) are
     * the same edge; a self-loop is kept once; b -> a is another ordered pair */
    {"strict digraph { a -> b; a -> a; a -> b [color=red]; b -> a; a -> c -> b; a -> a; "
     "c -> b -> a }",
     "0>1 0>0 0>2 1>0 2>1 : a|b|c"},
    {"strict digraph { a }", " : a"},
    /* not strict: every edge stays */
    {"digraph { a -> b; a -> a; a -> b; a -> a }", "0>1 0>0 0>1 0>0 : a|b"},
    /* strict with the entry marked later: duplicates found on the final numbering too */
    {"STRICT digraph { x -> y; y -> x; y -> x; s [entry=true]; s -> x; s -> x }",
     "0>1 1>2 2>1 : s|x|y"},
    /* HTML labels: the text, tags removed */
    {"digraph { a [label=<<b>hdr</b>>]; a -> b }", "0>1 : hdr|b"},
    {"digraph { a [label=<<B><I>x</I>y</B>>] }", " : xy"},
    {"digraph { a [label=<x &amp; y &lt;z&gt; &quot;q&quot; &apos;s&apos; &#65;&#x42;&#xe9;>] }",
     " : x & y <z> \"q\" 's' AB\xc3\xa9"},
    {"digraph { a [label=<  many \n\t blanks&nbsp;&#10;here  >] }", " : many blanks here"},
    {"digraph { a [label=<<table><tr><td>entry</td></tr></table>>] }", " : entry"},
    /* a line break ends the name, as \l does in a quoted label; a final ':' goes */
    {"digraph { a [label=<<b>loop:</b><br align=\"left\"/>x = 1>] }", " : loop"},
    {"digraph { a [label=<head<BR/>tail>] }", " : head"},
    {"digraph { a [label=<<!-- a <b>comment</b> --> x>] }", " : x"},
    /* nothing but markup: the id names the block */
    {"digraph { a [label=<<b></b>>] }", " : a"},
    {"digraph { a [label=<   >] }", " : a"},
    /* an HTML string as a node id is that node's name, as graphviz's \N; not a keyword */
    {"digraph { <digraph> -> <x> }", "0>1 : digraph|x"},
    /* a backslash pair is one escaped backslash, as graphviz lexes it: the quote after it
     * closes the string (it was read as an escaped quote, the string left open), a label
     * shows it as one backslash, and '\\l' is a backslash and an 'l', not a line break;
     * an id keeps both, as graphviz does */
    {"digraph { a [label=\"x\\\\\"]; a -> b }", "0>1 : x\\|b"},
    {"digraph { a [label=\"{b\\\\l:\\l  ret\\l}\"]; a -> b }", "0>1 : b\\l|b"},
    {"digraph { \"p\\\\\" -> \"q\\\\q\" }", "0>1 : p\\\\|q\\\\q"},
    /* invisible edges (style=invis) make no edge: an edge statement's own style, the style
     * list holding invis among other items, or an 'edge' default in force in its subgraph;
     * the edges of a set inside an invisible statement stay; an invisible node stays a node */
    {"digraph { a -> b; a -> c [style=invis]; b -> c }", "0>1 1>2 : a|b|c"},
    {"digraph { a -> b [style=\"dotted, invis\"]; a -> b [style=\"setlinewidth(2),dashed\"] }",
     "0>1 : a|b"},
    {"digraph { {x -> y} -> z [style=invis]; x -> z }", "0>1 0>2 : x|y|z"},
    {"digraph { a -> b; subgraph s { edge [style=invis]; b -> c; c -> d [style=solid] } c -> a }",
     "0>1 2>3 2>0 : a|b|c|d"},
    {"digraph { edge [style=invis]; edge [color=red]; a -> b; edge [style=bold]; b -> c }",
     "1>2 : a|b|c"},
    {"digraph { a [style=invis]; a -> b }", "0>1 : a|b"},
    /* a record label's escaped '<' '>' '{' '}' '|' and blank are themselves (GCC writes them) */
    {"digraph { a [shape=record,label=\"{\\<bb\\ 2\\>:\\l|x\\ \\|\\ y\\l}\"]; a -> b }",
     "0>1 : <bb 2>|b"},
    {"digraph { a [shape=record,label=\"{p\\|q\\}r\\ |s}\"] }", " : p|q}r "},
    /* GCC's CFG dumps: block 0 of the first function (fn_N_basic_block_0) is the entry, though
     * loops' blocks come first in the file; GCC's invisible ENTRY -> EXIT edge is no edge */
    {"digraph { subgraph cluster_f { subgraph cluster_0_1 { fn_0_basic_block_3; } "
     "fn_0_basic_block_0 [label=\"ENTRY\"]; fn_0_basic_block_1 [label=\"EXIT\"]; "
     "fn_0_basic_block_2; } fn_0_basic_block_0:s -> fn_0_basic_block_2:n; "
     "fn_0_basic_block_2 -> fn_0_basic_block_3 -> fn_0_basic_block_3; "
     "fn_0_basic_block_3 -> fn_0_basic_block_1; "
     "fn_0_basic_block_0:s -> fn_0_basic_block_1:n [style=\"invis\",constraint=true]; }",
     "0>3 1>1 1>2 3>1 : ENTRY|fn_0_basic_block_3|EXIT|fn_0_basic_block_2"},
};

Test(io_dot, graphviz_rules_give_the_exact_graph_and_names)
{
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		struct prog p;
		struct io_error err;
		char msg[600], s[512];
		int st = read_dot(good[i].text, &p, &err);
		io_error_format(&err, msg, sizeof msg);
		cr_assert_eq(st, SSA_OK, "case %zu (%s): %s", i, good[i].text, msg);
		shape(&p, s, sizeof s);
		cr_expect_str_eq(s, good[i].shape, "case %zu (%s)", i, good[i].text);
		prog_free(&p);
	}
	EXPECT_NO_LEAK();
}

struct bad_case {
	const char *text;
	unsigned long long line;
	const char *what;
};

static const struct bad_case bad[] = {
    /* unbalanced: the string never closes; its first line is named */
    {"digraph {\n a [label=<<b>hdr</b>]\n}\n", 2, "unterminated HTML string '<...>'"},
    /* unbalanced, and closed by a later arrow's '>' (as graphviz lexes it): the grammar error
     * that follows names the string's lines */
    {"digraph {\n a [label=<<b>hdr</b>]\n b -> a\n}\n", 4,
     "expected '=' after the attribute name, found '}' (the HTML string of lines 2-3 may hold a "
     "'<' without its '>')"},
    /* one '>' too many closes the string early and leaves a stray '>' */
    {"digraph {\n a [label=<b>x>]\n}\n", 2, "unexpected '>'"},
    {"digraph {\n\n a [label=<x & y>]\n}\n", 3,
     "HTML label of node 'a': '&' that starts no entity (write &amp;)"},
    {"digraph {\n a [label=<caf&eacute;>]\n}\n", 2,
     "HTML label of node 'a': unknown entity '&eacute;' (write the character itself or &#NNN;)"},
    {"digraph {\n a [label=<x&amp y>]\n}\n", 2,
     "HTML label of node 'a': '&' that starts no entity (write &amp;)"},
    {"digraph {\n a [label=<x&#0;>]\n}\n", 2,
     "HTML label of node 'a': bad character reference '&#0;'"},
    {"digraph {\n a [label=<x&#x110000;>]\n}\n", 2,
     "HTML label of node 'a': bad character reference '&#x110000;'"},
    {"digraph {\n a [label=<x&#xD800;>]\n}\n", 2,
     "HTML label of node 'a': bad character reference '&#xD800;'"},
    {"digraph {\n a [label=<x&#1>]\n}\n", 2,
     "HTML label of node 'a': '&' that starts no entity (write &amp;)"},
    {"digraph {\n a [label=<x&#7;>]\n}\n", 2,
     "control byte in the label of node 'a'"},
};

Test(io_dot, malformed_html_labels_name_their_line)
{
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct prog p;
		struct io_error err;
		char msg[600], want[800];
		int st = read_dot(bad[i].text, &p, &err);
		cr_expect_eq(st, SSA_EINPUT, "case %zu (%s) accepted", i, bad[i].text);
		if (st == SSA_OK) {
			prog_free(&p);
			continue;
		}
		io_error_format(&err, msg, sizeof msg);
		snprintf(want, sizeof want, "%s/g.dot:%llu: %s", dir, bad[i].line, bad[i].what);
		cr_expect_str_eq(msg, want, "case %zu", i);
	}
	EXPECT_NO_LEAK();
}

/* Inputs the sniffing fuzzer (tests/fuzz/fuzz_read_any.c) found, each read and written back as
 * .prog text to the same bytes again. */
Test(io_dot, fuzz_findings_read_and_round_trip)
{
	static const struct {
		const char *text, *prog;
	} c[] = {
	    /* an empty quoted id as the first name: the interning pool was still unallocated */
	    {"digraph f {\"\"\n\tnoed xe\"{it:\\l  rigrl}\"];/t\vetr ny=t",
	     NULL},
	    {"digraph { \"\" -> a; <> -> \"\" }", "p prog 2 2 0\ne 0 1\ne 0 0\nn b 1 a\nend\n"},
	    /* an empty id right after a statement's first token: the look-ahead's value buffer was
	     * still unallocated when it was searched for NUL bytes */
	    {"digraph \"f\" {\n\tnoed \"\"\"\"\"\"[shape=\xef\xef\xbb\xbf" "drecord];\ni\tntrgy",
	     NULL},
	    {"digraph { a \"\" }", "p prog 2 0 0\nn b 0 a\nend\n"},
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		struct prog p, q;
		struct io_error err;
		int st = read_dot(c[i].text, &p, &err);
		if (!c[i].prog) {
			cr_expect_eq(st, SSA_EINPUT, "case %zu", i);
			cr_expect_neq(err.what[0], 0, "case %zu", i);
			continue;
		}
		cr_assert_eq(st, SSA_OK, "case %zu: %s", i, err.what);
		char *a = NULL, *b = NULL;
		size_t al = 0, bl = 0;
		FILE *f = open_memstream(&a, &al);
		cr_assert_eq(io_write_prog_text(f, &p), SSA_OK);
		fclose(f);
		cr_expect_str_eq(a, c[i].prog, "case %zu", i);
		f = fmemopen(a, al, "r");
		cr_assert_eq(io_read_any(f, "again", &q, &err), SSA_OK, "case %zu: %s", i, err.what);
		fclose(f);
		f = open_memstream(&b, &bl);
		cr_assert_eq(io_write_prog_text(f, &q), SSA_OK);
		fclose(f);
		cr_expect_str_eq(a, b, "case %zu", i);
		free(a);
		free(b);
		prog_free(&p);
		prog_free(&q);
	}
	EXPECT_NO_LEAK();
}

/* The stream entry point (a pipe has no sniffing prefix) skips the mark too. */
/* A GCC dump of several functions: the first one's ENTRY is the entry, the others' blocks are
 * unreachable, and the warning says why and how to read another. */
Test(io_dot, gcc_dump_of_two_functions_says_so)
{
	static const char text[] =
	    "digraph g { subgraph cluster_f { fn_0_basic_block_0 [label=\"ENTRY\"]; "
	    "fn_0_basic_block_1 [label=\"EXIT\"]; fn_0_basic_block_0 -> fn_0_basic_block_1; } "
	    "subgraph cluster_g { fn_1_basic_block_0 [label=\"ENTRY\"]; "
	    "fn_1_basic_block_1 [label=\"EXIT\"]; fn_1_basic_block_0 -> fn_1_basic_block_1; } }";
	struct prog p;
	struct io_error err;
	cr_assert_eq(read_dot(text, &p, &err), SSA_OK);
	cr_expect_eq(p.cfg.n, 4);
	cr_expect(strstr(err.warning, "a GCC dump of 2 functions: the first one's ENTRY is the entry "
				      "(entry=true on another's fn_N_basic_block_0 reads that one)"),
		  "%s", err.warning);
	prog_free(&p);
	char marked[sizeof text + 64];
	snprintf(marked, sizeof marked, "%.*s fn_1_basic_block_0 [entry=true]; }",
		 (int)(sizeof text - 2), text);
	cr_assert_eq(read_dot(marked, &p, &err), SSA_OK);
	cr_expect_str_eq(names_get(&p.bnames, 0), "ENTRY");
	cr_expect(p.cfg.succ_off[1] == 1 && names_get(&p.bnames, p.cfg.succ[0]) &&
		  !strcmp(names_get(&p.bnames, p.cfg.succ[0]), "EXIT"));
	cr_expect_null(strstr(err.warning, "GCC dump"), "%s", err.warning);
	prog_free(&p);
}

Test(io_dot, byte_order_mark_on_a_stream)
{
	static const char text[] = "\xef\xbb\xbf" "digraph { a -> b }";
	FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
	struct prog p;
	struct io_error err;
	cr_assert_eq(io_read_dot(f, "s", &p, &err), SSA_OK, "%s", err.what);
	fclose(f);
	cr_expect_eq(p.cfg.m, 1);
	prog_free(&p);
}

/* A long strict graph: every repeat of every edge merged, in linear time (10^5 distinct
 * edges, each written three times). */
Test(io_dot, strict_merges_at_scale)
{
	uint32_t k = 100000;
	size_t cap = (size_t)k * 3 * 32 + 64, o = 0;
	char *text = malloc(cap);
	o += (size_t)snprintf(text, cap, "strict digraph {\n");
	for (int rep = 0; rep < 3; rep++)
		for (uint32_t i = 0; i < k; i++)
			o += (size_t)snprintf(text + o, cap - o, "n%u -> n%u\n", i, (i * 7 + 1) % k);
	o += (size_t)snprintf(text + o, cap - o, "}\n");
	struct prog p;
	struct io_error err;
	cr_assert_eq(io_t_read_string(dir, "big.dot", text, o, &p, &err), SSA_OK, "%s", err.what);
	cr_expect_eq(p.cfg.n, k);
	cr_expect_eq(p.cfg.m, k);
	prog_free(&p);
	free(text);
	EXPECT_NO_LEAK();
}
