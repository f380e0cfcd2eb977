/* Graphs typed in the notation of the course notes and of other tools, read as meant or refused
 * (algos/io/README.md "Arrow lists", "DOT input", "Edge lists", "Warnings"): the notes' arrow
 * lists ('A -> B, C') as a format of their own; DOT node lists and sets ('A -> B, C',
 * 'A -> {B C}', '{A B} -> C'), checked against graphviz itself when gvpr is installed; comma-
 * and tab-separated edge lists with a header line; def/use/ops attributes that make a DOT graph
 * a program; and the one warning that names unreachable blocks and suspicious names with the
 * format assumed. Each case gives the exact graph, ops and names, or the exact message and
 * line. */
#include "support/io_files.h"

#include <stdint.h>

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

TestSuite(io_notation, .init = setup, .fini = teardown);

/* "u>v u>v ... : name|name|..." of the successor CSR and the block names, then, when there are
 * ops, " / " and each block's ops by variable name ("d:x u:y|...") */
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
	if (!p->nops)
		return;
	o += (size_t)snprintf(out + o, len - o, " /");
	for (uint32_t b = 0; b < p->cfg.n; b++) {
		o += (size_t)snprintf(out + o, len - o, "%s", b ? "|" : " ");
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			const char *v = names_get(&p->vnames, prog_op_var(p->ops[i]));
			o += (size_t)snprintf(out + o, len - o, "%s%c:%s", i > p->op_off[b] ? " " : "",
			                      prog_op_is_def(p->ops[i]) ? 'd' : 'u', v ? v : "?");
		}
	}
}

static int read_as(const char *file, const char *text, struct prog *p, struct io_error *err)
{
	memset(err, 0, sizeof *err);
	return io_t_read_string(dir, file, text, strlen(text), p, err);
}

struct good_case {
	const char *file, *text, *shape;
};

struct bad_case {
	const char *file, *text;
	unsigned long long line;
	const char *what;
};

static void check_good(const struct good_case *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct prog p;
		struct io_error err;
		char msg[600], s[1024];
		int st = read_as(c[i].file, c[i].text, &p, &err);
		io_error_format(&err, msg, sizeof msg);
		cr_assert_eq(st, SSA_OK, "case %zu (%s): %s", i, c[i].text, msg);
		shape(&p, s, sizeof s);
		cr_expect_str_eq(s, c[i].shape, "case %zu (%s)", i, c[i].text);
		prog_free(&p);
	}
}

static void check_bad(const struct bad_case *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct prog p;
		struct io_error err;
		char msg[600], want[800];
		int st = read_as(c[i].file, c[i].text, &p, &err);
		cr_expect_eq(st, SSA_EINPUT, "case %zu (%s) accepted", i, c[i].text);
		if (st == SSA_OK) {
			prog_free(&p);
			continue;
		}
		io_error_format(&err, msg, sizeof msg);
		snprintf(want, sizeof want, "%s/%s:%llu: %s", dir, c[i].file, c[i].line, c[i].what);
		cr_expect_str_eq(msg, want, "case %zu (%s)", i, c[i].text);
		cr_expect_eq(p.cfg.n, 0, "case %zu: partial output", i);
	}
}

Test(io_notation, the_first_line_picks_the_format)
{
	static const struct {
		const char *text;
		enum io_input_kind kind;
	} c[] = {
	    {"r -> A\n", IO_IN_ARROWS},
	    {"# the notes\n\nr->A\n", IO_IN_ARROWS},
	    {"r -->\nA\n", IO_IN_ARROWS},
	    {"r \xe2\x86\x92 A\n", IO_IN_ARROWS},
	    /* an edge list's names that are ssalab line types still have their arrow */
	    {"e -> f\n", IO_IN_ARROWS},
	    {"b ->\n", IO_IN_ARROWS},
	    /* an arrow after a data dict, a comment or a quote is not the line's; a DOT set first
	     * goes to the arrow reader, which says what it is */
	    {"{a b} -> c\n", IO_IN_ARROWS},
	    {"a b {'k': 'x->y'}\n", IO_IN_EDGES},
	    {"a b # a -> b\n", IO_IN_EDGES},
	    {"\"a->b\",c\n", IO_IN_EDGES},
	    /* Mermaid: its headers, a fence, a comment or a front matter first; DOT's 'graph' */
	    {"flowchart TD\n", IO_IN_MERMAID},
	    {"graph LR\n a --> b\n", IO_IN_MERMAID},
	    {"graph TD;", IO_IN_MERMAID},
	    {"```mermaid\n", IO_IN_MERMAID},
	    {"%% c\nflowchart TD\n", IO_IN_MERMAID},
	    {"---\ntitle: x\n---\n", IO_IN_MERMAID},
	    {"graph TD { a -- b }", IO_IN_DOT},
	    {"graph { a -- b }", IO_IN_DOT},
	    {"graph\n", IO_IN_DOT},
	    /* a name and a colon first: an adjacency list, which the arrow reader reads */
	    {"A: B, C\n", IO_IN_ARROWS},
	    {"r :\n", IO_IN_ARROWS},
	    {"r:A\n", IO_IN_EDGES},
	    {"10:30,11:00\n", IO_IN_EDGES},
	    /* an arrow on a later line does not change the format */
	    {"1 2\nr -> A\n", IO_IN_EDGES},
	    {"r,A\n", IO_IN_EDGES},
	    {"digraph { a -> b }", IO_IN_DOT},
	    {"p cfg 2 1\ne 0 1\nend\n", IO_IN_TEXT},
	    /* a first node called p, e, b or n: ssalab text only when the line goes on as its
	     * line type does */
	    {"b c\nc d\n", IO_IN_EDGES},
	    {"e f 0.5\n", IO_IN_EDGES},
	    {"n m\n", IO_IN_EDGES},
	    {"p q\n", IO_IN_EDGES},
	    {"p q 3\n", IO_IN_EDGES},
	    {"b 1\n", IO_IN_EDGES},
	    {"e 0 {'w': 1}\n", IO_IN_EDGES},
	    {"e 0 1\n", IO_IN_TEXT},
	    {"b 3 d0 u1\n", IO_IN_TEXT},
	    {"n b 1 x\n", IO_IN_TEXT},
	    {"p prog\n", IO_IN_TEXT},
	    {"p cgf 3 2\n", IO_IN_TEXT},
	    {"p pr", IO_IN_TEXT},
	    {"p c\n", IO_IN_TEXT},
	    {"p 3 2\n", IO_IN_TEXT},
	    /* LLVM IR: its first lines, and bitcode's two magics (before the NUL test) */
	    {"; ModuleID = 'a.c'\n", IO_IN_LLVM},
	    {"\ndefine i32 @f() {\n", IO_IN_LLVM},
	    {"target triple = \"x86_64\"\n", IO_IN_LLVM},
	    {"%struct.S = type { i32 }\n", IO_IN_LLVM},
	    {"@\"a b\" = global i32 0\n", IO_IN_LLVM},
	    {"!0 = !{}\n", IO_IN_LLVM},
	    {"BC\xc0\xde\x35\x14", IO_IN_LLVM},
	    /* names with LLVM's sigils are a graph's */
	    {"%entry -> %loop\n", IO_IN_ARROWS},
	    {"%0 %1\n", IO_IN_EDGES},
	    {"@a @b\n", IO_IN_EDGES},
	    {"define x\n", IO_IN_EDGES},
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		enum io_input_kind k = io_sniff((const unsigned char *)c[i].text, strlen(c[i].text));
		cr_expect_eq(k, c[i].kind, "case %zu (%s): %s", i, c[i].text, io_input_kind_str(k));
	}
	cr_expect_str_eq(io_input_kind_str(IO_IN_ARROWS), "arrows");
}

static const struct good_case arrows_good[] = {
    /* the notes' fourth exercise; E is met as a successor and has none */
    {"g.txt", "r -> A\nA -> B, C\nB -> D\nC -> D, E\nD -> A, E\n",
     "0>1 1>2 1>3 2>4 3>4 3>5 4>1 4>5 : r|A|B|C|D|E"},
    /* blanks, commas or both between successors; braces around the list; a block without
     * successors; '-->', '--->' and U+2192 */
    {"g.txt", "r -> A B\nA --> {B, C}\nB --->\nC \xe2\x86\x92 B,r\n",
     "0>1 0>2 1>2 1>3 3>2 3>0 : r|A|B|C"},
    /* no blanks at all; primes; dots, digits, '$', '%', '@' and UTF-8 in names */
    {"g.txt", "r->B'\nB'->B'',bb.1\nbb.1->%x,$y,@z,\xce\xb1\n",
     "0>1 1>2 1>3 3>4 3>5 3>6 3>7 : r|B'|B''|bb.1|%x|$y|@z|\xce\xb1"},
    /* comments, blank lines, CRLF, a byte-order mark, leading blanks */
    {"g.txt", "\xef\xbb\xbf# the notes\r\n\r\n  r -> A # first\r\n\t# between\r\nA -> r\r\n",
     "0>1 1>0 : r|A"},
    /* a source on several lines appends; repeated successors are multi-edges; self-loops */
    {"g.txt", "r -> A\nA -> A\nr -> B, A\n", "0>1 0>2 0>1 1>1 : r|A|B"},
    /* lines ending in an arrow or a comma go on over lines without an arrow, comments and
     * blank lines too (the notes' text as copied) */
    {"g.txt", "r -->\nA\nA -->\nB,\n\n# c\nC\nB -->\nA\n", "0>1 1>2 1>3 2>1 : r|A|B|C"},
    {"g.txt", "r -> {\nA,\nB\n}\n", "0>1 0>2 : r|A|B"},
    /* 'X ->' before a line with an arrow: no successors */
    {"g.txt", "r ->\nA -> r\n", "1>0 : r|A"},
    {"g.txt", "r -> {}\n", " : r"},
    /* the last line: 'X ->' and no newline */
    {"g.txt", "r -> A\nA ->", "0>1 : r|A"},
};

Test(io_notation, arrow_lists_read_as_the_notes_write_them)
{
	check_good(arrows_good, sizeof arrows_good / sizeof *arrows_good);
	EXPECT_NO_LEAK();
}

/* Arrows as text copied from a PDF or a word processor has them: the minus sign U+2212, the
 * en and em dashes before '>', the arrows U+27F6, U+21D2, U+27F9, and '=>'. They were an edge
 * list's fields ("unexpected 'A' after the edge"); an edge list and the warning take them for
 * arrows too, and DOT, which has only '->', names what it found. */
Test(io_notation, arrows_copied_from_a_pdf)
{
	static const struct good_case good[] = {
	    {"g.txt", "r \xe2\x88\x92> A\nA \xe2\x80\x93> B, C\nB \xe2\x80\x94\xe2\x80\x94> C\n",
	     "0>1 1>2 1>3 2>3 : r|A|B|C"},
	    {"g.txt", "r \xe2\x9f\xb6 A\nA\xe2\x87\x92" "B\nB \xe2\x9f\xb9 r\n", "0>1 1>2 2>0 : r|A|B"},
	    {"g.txt", "r => A\nA ==> B\n", "0>1 1>2 : r|A|B"},
	    /* a dash without '>' is a name's, as every UTF-8 letter */
	    {"g.txt", "r -> A\xe2\x80\x93" "B\n", "0>1 : r|A\xe2\x80\x93" "B"},
	};
	check_good(good, sizeof good / sizeof *good);
	static const struct bad_case bad[] = {
	    {"g.txt", "1 2\nr => A\n", 2,
	     "'r => A' is in the arrow-list or DOT notation, but the file's first line made it an "
	     "edge list ('u v' per line; an arrow on the first line makes an arrow list)"},
	    {"g.txt", "1,2\nr,A \xe2\x88\x92> B\n", 2,
	     "'r,A ?" "?" "?> B' is in the arrow-list or DOT notation, but the file's first line made it "
	     "an edge list ('u,v' per line; an arrow on the first line makes an arrow list)"},
	    {"g.dot", "digraph {\n a \xe2\x88\x92> b }", 2,
	     "unexpected '>' after '\xe2\x88\x92' (DOT's edge is '->', with the ASCII hyphen-minus)"},
	    {"g.dot", "digraph { a => b }", 1,
	     "unexpected '>' after '=' (DOT's edge is '->', with the ASCII hyphen-minus)"},
	};
	check_bad(bad, sizeof bad / sizeof *bad);
	struct prog p;
	struct io_error err;
	char msg[600];
	cr_assert_eq(read_as("g.txt", "1 2\nr\xe2\x9f\xb6" "A\n", &p, &err), SSA_OK);
	cr_assert(io_warning_format(&err, msg, sizeof msg));
	cr_expect_not_null(strstr(msg, "contains '->': was this an arrow list"), "%s", msg);
	prog_free(&p);
	EXPECT_NO_LEAK();
}

/* An adjacency list, 'A: B, C', is an arrow list with a colon for the arrow (it was read as a
 * comma-separated edge list of nodes 'A: B' and 'C'). The colon needs a blank, a comment or the
 * line's end after it, so 'r:A' stays a name and a DOT port an error. */
Test(io_notation, adjacency_lists_with_a_colon)
{
	static const struct good_case good[] = {
	    {"g.txt", "A: B, C\nB: C\n", "0>1 0>2 1>2 : A|B|C"},
	    {"g.txt", "r: A\nA : B C\nB: {D}\nC:\t# none\nD:\n", "0>1 1>2 1>3 2>4 : r|A|B|C|D"},
	    {"g.txt", "r:\n  A\nA -> B,\n  r\nB': A\n", "0>1 1>2 1>0 3>1 : r|A|B|B'"},
	};
	check_good(good, sizeof good / sizeof *good);
	static const struct bad_case bad[] = {
	    {"g.txt", "r: A: B\n", 1,
	     "unexpected ':' (expected 'X -> Y, Z': block names of letters, digits, '_', '.', "
	     "primes)"},
	    {"g.txt", "r: A\nA:B\n", 2,
	     "a line without an arrow (expected 'X -> Y, Z', or 'X ->' for a block without "
	     "successors)"},
	};
	check_bad(bad, sizeof bad / sizeof *bad);
	EXPECT_NO_LEAK();
}

static const struct bad_case arrows_bad[] = {
    {"g.txt", "r -> A\nB\n", 2,
     "a line without an arrow (expected 'X -> Y, Z', or 'X ->' for a block without successors)"},
    {"g.txt", "r -> A,\n", 1, "the successors of 'r' end with ',' (expected a block name)"},
    {"g.txt", "r -> A,\nB -> C\n", 1,
     "the successors of 'r' end with ',' (expected a block name)"},
    {"g.txt", "x -> y\nr -> {A,\nB\n", 2,
     "the successors of 'r' end with an open '{' (expected '}')"},
    {"g.txt", "r -> A -> B\n", 1,
     "a second arrow on the line (one source per line: 'r -> ...' then the next source on its "
     "own line)"},
    {"g.txt", "r -> A;\n", 1,
     "unexpected ';' (an arrow list has one 'X -> Y, Z' per line; DOT needs 'digraph { ... }' "
     "around its statements)"},
    {"g.txt", "r -> A [color=red]\n", 1,
     "unexpected '[' (an arrow list has one 'X -> Y, Z' per line; DOT needs 'digraph { ... }' "
     "around its statements)"},
    {"g.txt", "-> A\n", 1, "missing the source block before the arrow"},
    {"g.txt", "{a b} -> c\n", 1,
     "a set '{...}' as the source is DOT's notation (write one line per source, or 'digraph { "
     "... }' around DOT statements)"},
    {"g.txt", "a, b -> c\n", 1, "',' before the arrow (one source per line: 'X -> Y, Z')"},
    {"g.txt", "a b -> c\n", 1, "expected an arrow after 'a', found 'b' (one source per line)"},
    {"g.txt", "r -> A,, B\n", 1, "',' without a block name before it"},
    {"g.txt", "r -> , B\n", 1, "',' without a block name before it"},
    {"g.txt", "r -> {A,}\n", 1, "',' without a block name after it (before '}')"},
    {"g.txt", "r -> A}\n", 1, "'}' without its '{'"},
    {"g.txt", "r -> {A} B\n", 1, "unexpected 'B' after the '}' (one set of successors per line)"},
    {"g.txt", "r -> A {B}\n", 1,
     "'{' inside the successors (braces may enclose the whole list once: 'X -> {Y, Z}')"},
    {"g.txt", "r -> 'A\n", 1,
     "unexpected ''' (a prime may follow a name, as in B', not start one)"},
    {"g.txt", "r -> A - B\n", 1,
     "unexpected '-' (an arrow is '->', '-->' or U+2192; '--' is DOT's undirected edge)"},
    {"g.txt", "r -> A\nA -> B?\n", 2,
     "unexpected '?' (expected 'X -> Y, Z': block names of letters, digits, '_', '.', primes)"},
    {"g.txt", "r -> A\n\nB -> C\x01\n", 3,
     "unexpected '?' (expected 'X -> Y, Z': block names of letters, digits, '_', '.', primes)"},
};

Test(io_notation, arrow_list_mistakes_name_their_line)
{
	check_bad(arrows_bad, sizeof arrows_bad / sizeof *arrows_bad);
	EXPECT_NO_LEAK();
}

/* Sniffing sends input with a NUL byte to the strict text reader; the arrow reader called
 * directly refuses it at its line. */
Test(io_notation, a_nul_byte_is_not_an_arrow_list)
{
	static const char text[] = "r -> A\nA -> \0B\n";
	struct prog p;
	struct io_error err;
	char msg[600];
	memset(&err, 0, sizeof err);
	FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
	cr_assert_not_null(f);
	cr_assert_eq(io_read_arrows(f, "g.txt", &p, &err), SSA_EINPUT);
	fclose(f);
	io_error_format(&err, msg, sizeof msg);
	cr_expect_str_eq(msg, "g.txt:2: NUL byte (not a text arrow list)");
}

/* The notes' fourth exercise typed four ways (tests/data/notation): an arrow list, the notes'
 * text copied with a line break after every token, DOT with the notes' commas, and a CSV with
 * a header line. All four are the same program, block for block. */
Test(io_notation, the_notes_exercise_reads_the_same_in_every_notation)
{
	static const char *const files[] = {"exercise4.txt", "exercise4_copied.txt",
	                                    "exercise4.dot", "exercise4.csv", "exercise4.md"};
	struct prog p[5];
	for (size_t i = 0; i < 5; i++) {
		struct io_error err;
		char path[1024], s[512];
		memset(&err, 0, sizeof err);
		snprintf(path, sizeof path, "%s/notation/%s", SSALAB_TEST_DATA, files[i]);
		cr_assert_eq(io_read_prog(path, &p[i], &err), SSA_OK, "%s: %s", files[i], err.what);
		cr_expect_str_eq(err.warning, "", "%s", files[i]);
		shape(&p[i], s, sizeof s);
		cr_expect_str_eq(s, "0>1 1>2 1>3 2>4 3>4 3>5 4>1 4>5 : r|A|B|C|D|E", "%s", files[i]);
	}
	for (size_t i = 1; i < 5; i++) {
		char why[256];
		cr_expect(io_t_prog_equal(&p[0], &p[i], why, sizeof why), "%s: %s", files[i], why);
	}
	for (size_t i = 0; i < 5; i++)
		prog_free(&p[i]);
}

/* Mermaid flowcharts, the notation markdown pages draw CFGs in (the mem2reg article draws its
 * worked example so): they were refused as an undirected DOT 'graph', or read as an edge list
 * of their tokens. Shapes name blocks by their labels' first lines; every link with an
 * arrowhead is an edge, '&' groups make all pairs, '~~~' makes none, lines a CFG does not need
 * are skipped; links without a head or with two are refused. */
Test(io_notation, mermaid_flowcharts)
{
	static const struct good_case good[] = {
	    {"g.md", "flowchart TD\n  A --> B\n  B --> C\n", "0>1 1>2 : A|B|C"},
	    {"g.md", "graph LR; A-->B; B-->A;", "0>1 1>0 : A|B"},
	    /* ids with '-' and '.' inside; CRLF and a byte-order mark */
	    {"g.md", "\xef\xbb\xbf" "flowchart TD\r\n node-1 --> a.b\r\n a.b-->c-d\r\n",
	     "0>1 1>2 : node-1|a.b|c-d"},
	    /* one line, as text extracted from a page has it: a node after a complete statement
	     * starts the next one */
	    {"g.md", "flowchart TD id0(Entry) id1[<span>bb1</span><br>x = 1] id0 --> id1 id1 --> id0",
	     "0>1 1>0 : Entry|bb1"},
	    /* every shape; quoted labels may hold brackets; the newer '@{ label: ... }' */
	    {"g.md",
	     "flowchart TD\n a[\"a [x]\"] --> b((b)) --> c(((c))) --> d([d]) --> e[[e]] --> f[(f)]\n"
	     " f --> g{g} --> h{{h}} --> i>i] --> j[/j/] --> k[\\k\\] --> l(l)\n"
	     " l --> m@{ shape: rect, label: \"m m\" }\n",
	     "0>1 1>2 2>3 3>4 4>5 5>6 6>7 7>8 8>9 9>10 10>11 11>12 : "
	     "a [x]|b|c|d|e|f|g|h|i|j|k|l|m m"},
	    /* links: any length, dotted, thick, circle and cross heads, texts, '->' too */
	    {"g.md",
	     "flowchart LR\n a -- yes --> b -.-> c ==> d ---> e -..-> f ===> g --o h --x i -> j\n"
	     " a -->|no| j\n a -. maybe .-> j\n a == sure ==> j\n a -- text with - dash --> j\n",
	     "0>1 0>9 0>9 0>9 0>9 1>2 2>3 3>4 4>5 5>6 6>7 7>8 8>9 : a|b|c|d|e|f|g|h|i|j"},
	    /* groups: every pair, tails in order then heads in order */
	    {"g.md", "flowchart TD\n a & b --> c & d\n", "0>2 0>3 1>2 1>3 : a|b|c|d"},
	    /* a fence, comments, front matter, skipped lines, ':::class', '~~~', 'end' alone */
	    {"g.md",
	     "```mermaid\n---\ntitle: t\n---\n%% c\nflowchart TD\n  classDef hot fill:#f00\n"
	     "  subgraph s [S]\n    direction LR\n    a:::hot --> b\n  end\n  style a fill:#fff\n"
	     "  click a call f()\n  linkStyle 0 stroke:#f00\n  b ~~~ a\n  End --> a %% c\n```\n",
	     "0>1 2>0 : a|b|End"},
	    /* a label's first line, tags removed; the last label names the node */
	    {"g.md", "flowchart TD\n a[\"<b>loop</b> head<br/>i = 0\"] --> b[x]\n b[<i>y</i>\\nz]\n",
	     "0>1 : loop head|y"},
	};
	check_good(good, sizeof good / sizeof *good);
	static const struct bad_case bad[] = {
	    {"g.md", "flowchart TD\n a --- b\n", 2,
	     "'---': a link without an arrowhead (a CFG's edge needs one: '-->')"},
	    {"g.md", "flowchart TD\n a -.- b\n", 2,
	     "'-.-': a link without an arrowhead (a CFG's edge needs one: '-->')"},
	    {"g.md", "flowchart TD\n a <--> b\n", 2,
	     "'<--> b': a two-way link (a CFG's edge has one direction: write 'A --> B' and "
	     "'B --> A')"},
	    {"g.md", "flowchart TD\n a o--o b\n", 2,
	     "'o--o b': a two-way link (a CFG's edge has one direction: write 'A --> B' and "
	     "'B --> A')"},
	    {"g.md", "flowchart TD\n a -- b\n", 2,
	     "'-- b': a link's text without the link's end ('-- text -->')"},
	    {"g.md", "flowchart TD\n a --> b[x\n", 2,
	     "node 'b': '[' without its ']' on the line (quote a label that holds brackets: "
	     "id[\"text\"])"},
	    {"g.md", "flowchart TD\n a -->|x b\n", 2,
	     "'|x b': a link's '|text|' without its closing '|'"},
	    {"g.md", "flowchart TD\n a --> \n", 2, "expected a node id, found ''"},
	    {"g.md", "flowchart TD\n a --> b\n - c\n", 3,
	     "unexpected '- c' (expected a node, 'A --> B', or a line of its own: subgraph, "
	     "style, class, ...)"},
	    {"g.md", "flowchart TD\n a --> b c?\n", 2,
	     "unexpected '?' after a node (expected a link such as '-->', or the end of the "
	     "statement)"},
	    {"g.md", "flowchart TD\n %% nothing\n", 1,
	     "the flowchart has no nodes (a CFG has at least its entry)"},
	    {"g.md", "---\ntitle: t\n", 1, "a front matter '---' without its closing '---'"},
	};
	check_bad(bad, sizeof bad / sizeof *bad);
	EXPECT_NO_LEAK();
}

static const struct good_case dot_good[] = {
    /* graphviz's node lists: 'A -> B, C' is an edge to each (no longer two statements) */
    {"g.dot", "digraph { r -> A; A -> B, C; B -> D; C -> D, E; D -> A, E }",
     "0>1 1>2 1>3 2>4 3>4 3>5 4>1 4>5 : r|A|B|C|D|E"},
    {"g.dot", "digraph { B, C -> D }", "0>2 1>2 : B|C|D"},
    {"g.dot", "digraph { a -> b, c -> d }", "0>1 0>2 1>3 2>3 : a|b|c|d"},
    /* a list keeps repeats, a set does not (as graphviz) */
    {"g.dot", "digraph { a -> b, b; a -> {c c} }", "0>1 0>1 0>2 : a|b|c"},
    /* sets at either end, chains through them, in file order */
    {"g.dot", "digraph { A -> {B C} }", "0>1 0>2 : A|B|C"},
    {"g.dot", "digraph { {A B} -> C }", "0>2 1>2 : A|B|C"},
    {"g.dot", "digraph { {a b} -> {c d} }", "0>2 0>3 1>2 1>3 : a|b|c|d"},
    {"g.dot", "digraph { a -> b -> {c d} -> e }", "0>1 1>2 1>3 2>4 3>4 : a|b|c|d|e"},
    {"g.dot", "digraph { a -> {b; c} }", "0>1 0>2 : a|b|c"},
    /* a set's nodes are all it mentions, its edges are made too */
    {"g.dot", "digraph { x -> {a -> b; b -> c} }", "0>1 0>2 0>3 1>2 2>3 : x|a|b|c"},
    {"g.dot", "digraph { {a -> b} -> c }", "0>1 0>2 1>2 : a|b|c"},
    {"g.dot", "digraph { a -> {b {c d}} }", "0>1 0>2 0>3 : a|b|c|d"},
    {"g.dot", "digraph { a -> {b -> {c -> d}} -> e }",
     "0>1 0>2 0>3 1>2 1>3 1>4 2>3 2>4 3>4 : a|b|c|d|e"},
    /* 'subgraph', named or not, is the same set; defaults and graph attributes inside */
    {"g.dot", "digraph { a -> subgraph s { node [shape=box]; rank=same; b c } }",
     "0>1 0>2 : a|b|c"},
    {"g.dot", "digraph { subgraph cluster_0 { a -> b } b -> c }", "0>1 1>2 : a|b|c"},
    /* empty sets give no edges */
    {"g.dot", "digraph { a -> {} -> b }", " : a|b"},
    /* a node statement over a list: its attributes are each node's */
    {"g.dot", "digraph { a, b [label=\"x\"]; c [entry=true]; c -> a }", "0>1 : c|x|x"},
    /* ports and attributes on edges to sets */
    {"g.dot", "digraph { a:s0 -> {b c} [color=red] }", "0>1 0>2 : a|b|c"},
    /* a leading '<port>' is a record label's (a '{' first or a '|'); elsewhere it is text, as
     * graphviz prints it (it was dropped, leaving 'x') */
    {"g.dot", "digraph { a [label=\"<entry> x\"]; b [label=\"<f0> left|<f1> right\"]; a -> b }",
     "0>1 : <entry> x|left"},
    /* strict merges the pairs sets make */
    {"g.dot", "strict digraph { a -> {b c}; {a} -> b; a -> b }", "0>1 0>2 : a|b|c"},
};

Test(io_notation, dot_lists_and_sets_are_each_of_their_nodes)
{
	check_good(dot_good, sizeof dot_good / sizeof *dot_good);
	EXPECT_NO_LEAK();
}

static const struct bad_case dot_bad[] = {
    {"g.dot", "digraph {\n a -> b, { c } }", 2,
     "a ',' list holds node ids, not subgraphs (write '{a b c}' for a set)"},
    {"g.dot", "digraph { a -> b, }", 1, "expected a node id after ',', found '}'"},
    {"g.dot", "digraph { a -> b [color=red], c }", 1,
     "expected a statement (node, edge or attribute), found ','"},
    {"g.dot", "digraph { subgraph s { a }\n subgraph s { b } -> c }", 2,
     "subgraph 's' a second time (first on line 1; graphviz would add to the first, ssalab "
     "reads each subgraph once)"},
    {"g.dot", "digraph { a -> subgraph s }", 1,
     "a subgraph without its body '{...}', found '}' (a reference to an earlier subgraph is not "
     "supported)"},
    {"g.dot", "digraph { a -> subgraph ; }", 1, "expected '{' after 'subgraph', found ';'"},
    {"g.dot", "digraph { a -> {b c}:p }", 1,
     "expected a statement (node, edge or attribute), found ':'"},
    {"g.dot", "digraph {\n a -> {b\n c }", 3, "file ends inside the graph (missing '}')"},
    {"g.dot", "digraph { a -> node }", 1,
     "the keyword 'node' where a node id belongs (quote it to name a node: \"node\")"},
    {"g.dot", "digraph { {a} -- b }", 1, "undirected edge '--' (a CFG needs '->')"},
};

Test(io_notation, dot_set_mistakes_name_their_line)
{
	check_bad(dot_bad, sizeof dot_bad / sizeof *dot_bad);
	EXPECT_NO_LEAK();
}

/* graphviz joins quoted strings with '+' ("a" + "b" is "ab", blanks, newlines and comments
 * around the '+'), in ids and attribute values alike; a '+' before anything but a quoted string is
 * an error at its line. Checked against dot -Tcanon. */
Test(io_notation, dot_quoted_strings_join_with_plus)
{
	static const struct good_case good[] = {
	    {"g.dot", "digraph { \"en\" + \"try\" -> b; b [label=\"lo\" + \"op\"] }",
	     "0>1 : entry|loop"},
	    {"g.dot", "digraph {\n \"x\" +\n /* c */ \"y\" + \"z\" -> \"a\"\n+\"b\" }",
	     "0>1 : xyz|ab"},
	    {"g.dot", "digraph { \"a\" -> \"b\" \"c\" }", "0>1 : a|b|c"},
	};
	check_good(good, sizeof good / sizeof *good);
	static const struct bad_case bad[] = {
	    {"g.dot", "digraph { \"a\" + b -> c }", 1,
	     "'+' joins two quoted strings (\"a\" + \"b\"), found 'b'"},
	    {"g.dot", "digraph { \"a\" +\n }", 2,
	     "'+' joins two quoted strings (\"a\" + \"b\"), found '}'"},
	    {"g.dot", "digraph { \"a\" +", 1,
	     "'+' joins two quoted strings (\"a\" + \"b\"), found the end"},
	    {"g.dot", "digraph { a + \"b\" }", 1, "unexpected '+'"},
	};
	check_bad(bad, sizeof bad / sizeof *bad);
	EXPECT_NO_LEAK();
}

/* A product of sets may not make more edges than the input can justify: 2^20 + 16 per byte. */
Test(io_notation, dot_set_products_are_bounded_by_the_input)
{
	size_t cap = 64 * 1024, o = 0;
	char *t = malloc(cap);
	cr_assert_not_null(t);
	o += (size_t)snprintf(t + o, cap - o, "digraph { {");
	for (int i = 0; i < 2000; i++)
		o += (size_t)snprintf(t + o, cap - o, " a%d", i);
	o += (size_t)snprintf(t + o, cap - o, " } -> {");
	for (int i = 0; i < 2000; i++)
		o += (size_t)snprintf(t + o, cap - o, " b%d", i);
	o += (size_t)snprintf(t + o, cap - o, " } }");
	struct prog p;
	struct io_error err;
	memset(&err, 0, sizeof err);
	cr_assert_eq(io_t_read_string(dir, "g.dot", t, o, &p, &err), SSA_EINPUT);
	char want[256];
	snprintf(want, sizeof want,
	         "more than %llu edges (2^20 + 16 per byte of input; sets of 2000 and 2000 nodes make "
	         "4000000)",
	         (1ull << 20) + 16ull * o);
	cr_expect_str_eq(err.what, want);
	cr_expect_eq(err.line, 1);
	/* a thousand by a thousand is within the bound */
	o = (size_t)snprintf(t, cap, "digraph { {");
	for (int i = 0; i < 1000; i++)
		o += (size_t)snprintf(t + o, cap - o, " a%d", i);
	o += (size_t)snprintf(t + o, cap - o, " } -> {");
	for (int i = 0; i < 1000; i++)
		o += (size_t)snprintf(t + o, cap - o, " b%d", i);
	o += (size_t)snprintf(t + o, cap - o, " } }");
	cr_assert_eq(io_t_read_string(dir, "g.dot", t, o, &p, &err), SSA_OK, "%s", err.what);
	cr_expect_eq(p.cfg.n, 2000);
	cr_expect_eq(p.cfg.m, 1000000);
	prog_free(&p);
	free(t);
	EXPECT_NO_LEAK();
}

/* Subgraphs nested 10^5 deep cost heap, not C stack. */
Test(io_notation, deep_sets_need_no_recursion)
{
	enum { DEPTH = 100000 };
	size_t cap = 2 * DEPTH + 64, o = 0;
	char *t = malloc(cap);
	cr_assert_not_null(t);
	o += (size_t)snprintf(t + o, cap - o, "digraph { a -> ");
	memset(t + o, '{', DEPTH);
	o += DEPTH;
	o += (size_t)snprintf(t + o, cap - o, "b -> c");
	memset(t + o, '}', DEPTH);
	o += DEPTH;
	o += (size_t)snprintf(t + o, cap - o, " }");
	struct prog p;
	struct io_error err;
	memset(&err, 0, sizeof err);
	cr_assert_eq(io_t_read_string(dir, "g.dot", t, o, &p, &err), SSA_OK, "%s", err.what);
	char s[256];
	shape(&p, s, sizeof s);
	cr_expect_str_eq(s, "0>1 0>2 1>2 : a|b|c");
	prog_free(&p);
	free(t);
}

/* graphviz itself (gvpr, when installed) lists the same edges as the reader, on random graphs
 * of lists, sets, subgraphs and chains nested three deep. */
static uint64_t rng_state;

static uint32_t rnd(uint32_t k)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng_state >> 33) % k;
}

static size_t gen_stmt(char *t, size_t o, size_t cap, int depth);

static size_t gen_operand(char *t, size_t o, size_t cap, int depth)
{
	if (depth > 2 || rnd(2)) {
		uint32_t k = 1 + rnd(3);
		for (uint32_t i = 0; i < k; i++)
			o += (size_t)snprintf(t + o, cap - o, "%s%c", i ? ", " : "", 'a' + (int)rnd(4));
		return o;
	}
	o += (size_t)snprintf(t + o, cap - o, "%s{", rnd(3) ? "" : "subgraph ");
	for (uint32_t i = rnd(3); i > 0; i--) {
		o = gen_stmt(t, o, cap, depth + 1);
		o += (size_t)snprintf(t + o, cap - o, "; ");
	}
	return o + (size_t)snprintf(t + o, cap - o, "}");
}

static size_t gen_stmt(char *t, size_t o, size_t cap, int depth)
{
	uint32_t k = 1 + rnd(3);
	for (uint32_t i = 0; i < k; i++) {
		if (i)
			o += (size_t)snprintf(t + o, cap - o, " -> ");
		o = gen_operand(t, o, cap, depth);
	}
	return o;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

Test(io_notation, dot_sets_give_graphvizs_edges)
{
	if (system("command -v gvpr >/dev/null 2>&1") != 0)
		cr_skip_test("gvpr (graphviz) is not installed");
	char path[1024], out[1024], cmd[3200];
	snprintf(path, sizeof path, "%s/r.dot", dir);
	snprintf(out, sizeof out, "%s/r.txt", dir);
	rng_state = 12345;
	int compared = 0;
	for (int round = 0; round < 150; round++) {
		char t[8192];
		size_t o = (size_t)snprintf(t, sizeof t, "%sdigraph { ", rnd(5) ? "" : "strict ");
		for (uint32_t i = 1 + rnd(3); i > 0; i--) {
			o = gen_stmt(t, o, sizeof t - 64, 0);
			o += (size_t)snprintf(t + o, sizeof t - o, "; ");
		}
		o += (size_t)snprintf(t + o, sizeof t - o, "}\n");
		io_t_write_file(path, t, o);
		snprintf(cmd, sizeof cmd,
		         "gvpr 'E{print($.tail.name, \" \", $.head.name)}' '%s' | LC_ALL=C sort > '%s'",
		         path, out);
		cr_assert_eq(system(cmd), 0, "gvpr failed on %s", t);
		struct prog p;
		struct io_error err;
		memset(&err, 0, sizeof err);
		if (io_read_prog(path, &p, &err) != SSA_OK) {
			/* only a graph without nodes, which graphviz draws empty */
			cr_expect_str_eq(err.what, "the graph has no nodes (a CFG has at least its entry)",
			                 "%s", t);
			continue;
		}
		char **lines = malloc(((size_t)p.cfg.m + 1) * sizeof *lines);
		size_t ours = 0, total = 1;
		for (uint32_t u = 0; u < p.cfg.n; u++)
			for (uint32_t e = p.cfg.succ_off[u]; e < p.cfg.succ_off[u + 1]; e++) {
				lines[ours] = malloc(16);
				snprintf(lines[ours++], 16, "%s %s", names_get(&p.bnames, u),
				         names_get(&p.bnames, p.cfg.succ[e]));
			}
		qsort(lines, ours, sizeof *lines, cmp_str);
		char *mine = malloc(ours * 16 + 1);
		mine[0] = 0;
		for (size_t i = 0; i < ours; i++) {
			total += (size_t)sprintf(mine + total - 1, "%s\n", lines[i]);
			free(lines[i]);
		}
		free(lines);
		char *theirs = io_t_slurp(out, NULL);
		cr_expect_str_eq(mine, theirs, "%s", t);
		free(mine);
		free(theirs);
		prog_free(&p);
		compared++;
	}
	cr_expect_gt(compared, 100);
}

static const struct good_case edges_good[] = {
    /* comma-separated: the first line's comma decides; blanks around fields go */
    {"g.txt", "r,A\nA,B\nA,C\n", "0>1 1>2 1>3 : r|A|B|C"},
    {"g.txt", "r, A\n A , B \t\nC\n", "0>1 1>2 : r|A|B|C"},
    /* a weight as a third field; '#' starting a field or after a blank is a comment */
    {"g.txt", "# made by hand\nr,A,0.5\nA,B, -1e3 # heavy\n# A,C\n", "0>1 1>2 : r|A|B"},
    /* quoted fields: commas and blanks inside, "" for a quote */
    {"g.txt", "\"r\",\"a, b\"\n\"a, b\",\"say \"\"hi\"\"\"\n", "0>1 1>2 : r|a, b|say \"hi\""},
    /* a header of column names is skipped: csv, tsv, blanks, any case, with a weight column */
    {"g.txt", "from,to\nr,A\nA,B\n", "0>1 1>2 : r|A|B"},
    {"g.txt", "source\ttarget\nr\tA\n", "0>1 : r|A"},
    {"g.txt", "# a comment first\nSource , Target , Weight\nr,A,1\n", "0>1 : r|A"},
    {"g.txt", "src dst weight\nr A 2\n", "0>1 : r|A"},
    {"g.txt", "u v\n1 2\n2 3\n", "0>1 1>2 : 1|2|3"},
    {"g.txt", "tail,head\nr,A\n", "0>1 : r|A"},
    /* ... unless a word of it is a node on another line: then it was an edge */
    {"g.txt", "from,to\nfrom,x\n", "0>1 0>2 : from|to|x"},
    {"g.txt", "u v\nv w\n", "0>1 1>2 : u|v|w"},
    /* ... or the '# entry:' line names one of them */
    {"g.txt", "# entry: from\nfrom to\na b\n", "0>1 2>3 : from|to|a|b"},
    /* ... or it is the only line */
    {"g.txt", "from to\n", "0>1 : from|to"},
    /* only the first data line can be a header; other word pairs are nodes */
    {"g.txt", "r A\nfrom to\n", "0>1 2>3 : r|A|from|to"},
    {"g.txt", "node1,node2\nr,A\n", "0>1 2>3 : node1|node2|r|A"},
    /* a comma in a data dict does not make a file comma-separated */
    {"g.txt", "a b {'w': 1, 'k': 'x'}\n", "0>1 : a|b"},
    /* semicolons between fields, as spreadsheets write CSV where the decimal point is a comma
     * (they were one node 'A;B' per line, no edges); a separator in quotes is the field's */
    {"g.txt", "A;B\nB;C\n", "0>1 1>2 : A|B|C"},
    {"g.txt", "Source;Target;Weight\nA;B;0,5\nB ; C ; 1\n", "0>1 1>2 : A|B|C"},
    {"g.txt", "\"x,y\";B\nB;\"p;q\"\n", "0>1 1>2 : x,y|B|p;q"},
    {"g.txt", "\"a, b\",c\n", "0>1 : a, b|c"},
    /* a ';' with no field after it does not make the file semicolon-separated */
    {"g.txt", "A B;\n", "0>1 : A|B;"},
    /* tab-separated names with blanks ('entry block', as a spreadsheet exports a table): the
     * first line that is no 'u v' line but tab-separated makes the file tab-separated, when no
     * data line before had a blank (quotes as in CSV); a blank line before a tab still reads
     * as blanks */
    {"g.txt", "source\ttarget\nentry block\tloop\nloop\tentry block\n",
     "0>1 1>0 : entry block|loop"},
    {"g.txt", "from\tto\tweight\n\"x y\"\t\"z\"\t0.5\nz\tw\n", "0>1 1>2 : x y|z|w"},
    {"g.txt", "a\tb\nb c\td e\n", "0>1 2>3 : a|b|b c|d e"},
    {"g.txt", "a b\t1\n", "0>1 : a|b"},
    {"g.txt", "a\tb\nb c\n", "0>1 1>2 : a|b|c"},
    /* an arrow glued into a field, or '--' alone, is a name (the warning points at the first) */
    {"g.txt", "r,A\nA,r->B\nA,--\n", "0>1 1>2 1>3 : r|A|r->B|--"},
};

Test(io_notation, csv_tsv_and_header_lines)
{
	check_good(edges_good, sizeof edges_good / sizeof *edges_good);
	EXPECT_NO_LEAK();
}

#define CSV_USAGE "(expected 'u,v', optionally followed by a weight)"

static const struct bad_case edges_bad[] = {
    {"g.txt", "r,A\nA,B,1,2\n", 2, "unexpected field 4 '2' " CSV_USAGE},
    {"g.txt", "r,A\nA,,B\n", 2, "empty field 2 " CSV_USAGE},
    {"g.txt", "r,A\nA,B,\n", 2, "empty field 3 " CSV_USAGE},
    {"g.txt", "r,A\n,B\n", 2, "empty field 1 " CSV_USAGE},
    {"g.txt", "r,A\nA,B,heavy\n", 2, "field 3 'heavy' is not a weight " CSV_USAGE},
    {"g.txt", "r,A\n\"A,B\n", 2, "unterminated quoted field 1 (expected '\"')"},
    {"g.txt", "r,A\n\"A\"x,B\n", 2, "unexpected 'x,B' after the quoted field 1 " CSV_USAGE},
    {"g.txt", "r,A\nA,B\x01\n", 2, "control byte in node id 'B?'"},
    /* an arrow line in a file the first line made an edge list */
    {"g.txt", "1 2\n\nr -> A # c\n", 3,
     "'r -> A' is in the arrow-list or DOT notation, but the file's first line made it an edge "
     "list ('u v' per line; an arrow on the first line makes an arrow list)"},
    {"g.txt", "1 2\nr --> A, B\n", 2,
     "'r --> A, B' is in the arrow-list or DOT notation, but the file's first line made it an "
     "edge list ('u v' per line; an arrow on the first line makes an arrow list)"},
    {"g.txt", "r -- A\n", 1, "'r -- A': '--' is DOT's undirected edge (a CFG needs '->')"},
    /* ... and in a comma-separated file, where it was one node 'A -> B' */
    {"g.txt", "r,A\nA -> B # c\n", 2,
     "'A -> B' is in the arrow-list or DOT notation, but the file's first line made it an edge "
     "list ('u,v' per line; an arrow on the first line makes an arrow list)"},
    {"g.txt", "r,A\nA,B \xe2\x86\x92 C\n", 2,
     "'A,B ??? C' is in the arrow-list or DOT notation, but the file's first line made it an "
     "edge list ('u,v' per line; an arrow on the first line makes an arrow list)"},
    {"g.txt", "r;A\nA;B -- C\n", 2, "'A;B -- C': '--' is DOT's undirected edge (a CFG needs '->')"},
    {"g.txt", "r;A\nA;B;1;2\n", 2,
     "unexpected field 4 '2' (expected 'u;v', optionally followed by a weight)"},
    {"g.txt", "r;A;x\n", 1,
     "field 3 'x' is not a weight (expected 'u;v', optionally followed by a weight)"},
    {"g.txt", "r,A,0,5\n", 1,
     "unexpected field 4 '5' (expected 'u,v', optionally followed by a weight)"},
    {"g.txt", "entry block\tloop\nx\t\ty\n", 2,
     "empty field 2 (expected 'u<TAB>v', optionally followed by a weight)"},
    /* a line with a blank before: not tab-separated */
    {"g.txt", "a\tb\t{'w': 1}\nb x\ty z\n", 2,
     "unexpected 'y' after the edge (expected 'u v', optionally followed by a weight or a {data} "
     "dict)"},
};

Test(io_notation, csv_mistakes_name_their_line)
{
	check_bad(edges_bad, sizeof edges_bad / sizeof *edges_bad);
	EXPECT_NO_LEAK();
}

/* An edge list whose first node is called like a line type of ssalab's text format (p, e, b,
 * n) is an edge list, not a text file without its header; LLVM IR is refused by name, not read
 * as an edge list of its tokens. */
Test(io_notation, first_nodes_named_p_e_b_n_and_llvm_ir)
{
	static const struct good_case good[] = {
	    {"g.txt", "b c\nc d\nd b\n", "0>1 1>2 2>0 : b|c|d"},
	    {"g.txt", "e f 0.5\nf e\n", "0>1 1>0 : e|f"},
	    {"g.txt", "p q\nq r {}\n", "0>1 1>2 : p|q|r"},
	    {"g.txt", "n m\nm\n", "0>1 : n|m"},
	    {"g.txt", "%entry %loop\n%loop %loop\n", "0>1 1>1 : %entry|%loop"},
	};
	check_good(good, sizeof good / sizeof *good);
	static const struct {
		const char *text, *kind;
	} ir[] = {
	    {"; ModuleID = 'f.c'\ndefine i32 @f() {\nentry:\n  ret i32 0\n}\n", "text"},
	    {"BC\xc0\xde\x35\x14\x00\x00\x05\x00\x00\x00", "bitcode"},
	};
	for (size_t i = 0; i < sizeof ir / sizeof *ir; i++) {
		struct prog p;
		struct io_error err;
		char msg[600], want[800];
		size_t len = i ? 12 : strlen(ir[i].text);
		memset(&err, 0, sizeof err);
		cr_expect_eq(io_t_read_string(dir, "m.ll", ir[i].text, len, &p, &err), SSA_EINPUT);
		io_error_format(&err, msg, sizeof msg);
		snprintf(want, sizeof want,
		         "%s/m.ll: LLVM IR (%s), not a graph file: the LLVM IR importer reads modules "
		         "(gen --from, and bench --in or show given the file)",
		         dir, ir[i].kind);
		cr_expect_str_eq(msg, want, "case %zu", i);
	}
	EXPECT_NO_LEAK();
}

/* Graph formats ssalab does not read are named, not read as an edge list of their tokens
 * ("unexpected 'encoding=...' after the edge") or as an undirected DOT graph (GML's 'graph [');
 * a Pajek file was read as a wrong graph, with only a warning. */
Test(io_notation, other_graph_formats_are_named)
{
	static const struct {
		const char *text, *format;
	} c[] = {
	    {"<?xml version=\"1.0\"?>\n<graphml>\n", "XML (GraphML or GEXF)"},
	    {"\xef\xbb\xbf<graphml xmlns=\"x\">", "XML (GraphML or GEXF)"},
	    {"{\"directed\": true, \"nodes\": []}\n", "JSON"},
	    {"[\n  {\"data\": {\"id\": \"a\"}}\n]\n", "JSON"},
	    {"graph [\n  directed 1\n]\n", "GML"},
	    {"Creator \"yFiles\"\ngraph\n[\n]\n", "GML"},
	    {"*Vertices 2\n1 \"a\"\n", "Pajek"},
	    {"c a graph\nc\np edge 3 2\ne 1 2\ne 2 3\n", "DIMACS"},
	    {"p sp 3 2\na 1 2 7\n", "DIMACS"},
	    {"# from a course\nc\tsource 1\np  max 4 5\n", "DIMACS"},
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		size_t len = strlen(c[i].text);
		cr_expect_eq(io_sniff((const unsigned char *)c[i].text, len), IO_IN_FOREIGN, "case %zu",
		             i);
		struct prog p;
		struct io_error err;
		char msg[600], want[800];
		memset(&err, 0, sizeof err);
		cr_expect_eq(io_t_read_string(dir, "g.txt", c[i].text, len, &p, &err), SSA_EINPUT);
		io_error_format(&err, msg, sizeof msg);
		snprintf(want, sizeof want,
		         "%s/g.txt: %s, a graph format ssalab does not read (it reads .cfg, .prog, .ssab, "
		         "DOT, Mermaid, edge lists and arrow lists: export the graph as DOT or as an "
		         "edge list)",
		         dir, c[i].format);
		cr_expect_str_eq(msg, want, "case %zu", i);
	}
	/* look-alikes that are ours: a DOT set, an edge list, DOT's 'graph {' */
	static const char *const ours[] = {"{a b} -> c\n", "[a] [b]\n", "graph { a -- b }",
	                                   "Creator x\n", "c d\np q\n", "p cfg 3 2\n",
	                                   "p prog 3 2 1\n", "c d\nc e\n", "p edge x y\n"};
	for (size_t i = 0; i < sizeof ours / sizeof *ours; i++)
		cr_expect_neq(io_sniff((const unsigned char *)ours[i], strlen(ours[i])), IO_IN_FOREIGN,
		              "%s", ours[i]);
	EXPECT_NO_LEAK();
}

/* Read directly as an edge list, an arrow on the first line is the file's notation, not the
 * first line's. */
Test(io_notation, an_arrow_in_a_file_read_as_an_edge_list)
{
	static const char text[] = "r -> A\n";
	struct prog p;
	struct io_error err;
	memset(&err, 0, sizeof err);
	FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
	cr_assert_not_null(f);
	cr_assert_eq(io_read_edges(f, "g.txt", &p, &err), SSA_EINPUT);
	fclose(f);
	cr_expect_str_eq(err.what,
	                 "'r -> A' is in the arrow-list or DOT notation, but the file was read as an "
	                 "edge list ('u v' per line; an arrow on the first line makes an arrow list)");
}

struct warn_case {
	const char *file, *text, *warning;
};

static const struct warn_case warns[] = {
    /* the brief's cases: DOT with the comma of the notes used to lose C and E; now whole */
    {"g.dot", "digraph { r -> A; A -> B, C; B -> D; C -> D, E; D -> A, E }", ""},
    {"g.dot", "digraph { r -> A; B -> C }",
     "read as DOT; blocks B, C are unreachable from the entry r"},
    {"g.txt", "r -> A\nA -> B\nC -> D\nE -> F, G, H, I\n",
     "read as an arrow list ('X -> Y, Z' per line); blocks C, D, E, F and 3 more are "
     "unreachable from the entry r"},
    {"g.txt", "r -> A\nB -> A\n",
     "read as an arrow list ('X -> Y, Z' per line); block B is unreachable from the entry r"},
    /* an edge list of glued arrows: every line a lone node */
    {"g.txt", "1 2\nr->A\nA->B\n",
     "read as an edge list ('u v' per line); nodes 'r->A', 'A->B' contain '->': was this an "
     "arrow list ('A -> B, C') or DOT?; blocks r->A, A->B are unreachable from the entry 1"},
    {"g.txt", "1 2\nr,A\n",
     "read as an edge list ('u v' per line); node 'r,A' contains ',': was this a "
     "comma-separated list? (only a comma in the first line makes one); block r,A is "
     "unreachable from the entry 1"},
    {"g.txt", "1 2\n2 {x\n",
     "read as an edge list ('u v' per line); node '{x' contains '{': was this DOT? (a set "
     "'{B C}' needs 'digraph { ... }' around it)"},
    {"g.txt", "1 2\na->b\nc->d\ne->f\ng->h\nx,y\n",
     "read as an edge list ('u v' per line); nodes 'a->b', 'c->d', 'e->f' and 1 more contain "
     "'->': was this an arrow list ('A -> B, C') or DOT?; node 'x,y' contains ',': was this a "
     "comma-separated list? (only a comma in the first line makes one); blocks a->b, c->d, e->f, "
     "g->h and 1 more are unreachable from the entry 1"},
    /* statements ended as in DOT or C: the names keep the ';', and the warning says why */
    {"g.txt", "A B;\nB C;\n",
     "read as an edge list ('u v' per line); nodes 'B;', 'C;' contain ';': was it meant to end "
     "the line? (an edge list's lines have no terminator; in DOT one needs 'digraph { ... }' "
     "around the statements); blocks B, C; are unreachable from the entry A"},
    {"g.txt", "r,A\nB,C\n",
     "read as a comma-separated edge list ('u,v' per line); blocks B, C are unreachable from "
     "the entry r"},
    /* a header not known as one: its edge is the entry's, the rest unreachable */
    {"g.txt", "node1,node2\nr,A\n",
     "read as a comma-separated edge list ('u,v' per line); blocks r, A are unreachable from "
     "the entry node1"},
    /* a quoted CSV field holds its comma on purpose; an arrow glued into a field or quoted is
     * still suspect (between blanks and unquoted, it is refused: csv_mistakes_name_their_line) */
    {"g.txt", "r,\"a, b\"\n", ""},
    {"g.txt", "r,A\nA,B->C\n",
     "read as a comma-separated edge list ('u,v' per line); node 'B->C' contains '->': was "
     "this an arrow list ('A -> B, C') or DOT?"},
    {"g.txt", "r,A\nA,\"B -> C\"\n",
     "read as a comma-separated edge list ('u,v' per line); node 'B -> C' contains '->': was "
     "this an arrow list ('A -> B, C') or DOT?"},
    {"g.txt", "r;A\nB;C\n",
     "read as a semicolon-separated edge list ('u;v' per line); blocks B, C are unreachable "
     "from the entry r"},
    {"g.txt", "r\tA\nB c\tD\n",
     "read as a tab-separated edge list ('u<TAB>v' per line); blocks B c, D are unreachable "
     "from the entry r"},
    /* names with arrows are fine in DOT (quoted) and the text formats stay quiet */
    {"g.dot", "digraph { \"a->b\" -> \"c,d\" }", ""},
    {"g.cfg", "p cfg 3 1\ne 0 1\nend\n", ""},
};

Test(io_notation, one_warning_names_what_may_be_misread)
{
	for (size_t i = 0; i < sizeof warns / sizeof *warns; i++) {
		struct prog p;
		struct io_error err;
		char msg[1024], want[1024];
		int st = read_as(warns[i].file, warns[i].text, &p, &err);
		cr_assert_eq(st, SSA_OK, "case %zu (%s): %s", i, warns[i].text, err.what);
		bool any = io_warning_format(&err, msg, sizeof msg);
		cr_expect_eq(any, warns[i].warning[0] != 0, "case %zu: %s", i, any ? msg : "");
		if (warns[i].warning[0]) {
			snprintf(want, sizeof want, "%s/%s: %s", dir, warns[i].file, warns[i].warning);
			cr_expect_str_eq(msg, want, "case %zu", i);
		}
		prog_free(&p);
	}
	EXPECT_NO_LEAK();
}

/* A warning belongs to one read: the next read with the same record starts without one, and a
 * failed read leaves none. */
Test(io_notation, a_warning_does_not_outlive_its_read)
{
	struct prog p;
	struct io_error err;
	memset(&err, 0, sizeof err);
	const char *a = "r -> A\nB -> A\n", *b = "r -> A\n", *c = "r -> A,\n";
	cr_assert_eq(io_t_read_string(dir, "g.txt", a, strlen(a), &p, &err), SSA_OK);
	cr_expect_neq(err.warning[0], 0);
	prog_free(&p);
	cr_assert_eq(io_t_read_string(dir, "g.txt", b, strlen(b), &p, &err), SSA_OK);
	cr_expect_str_eq(err.warning, "");
	prog_free(&p);
	cr_assert_eq(io_t_read_string(dir, "g.txt", a, strlen(a), &p, &err), SSA_OK);
	prog_free(&p);
	cr_assert_eq(io_t_read_string(dir, "g.txt", c, strlen(c), &p, &err), SSA_EINPUT);
	cr_expect_str_eq(err.warning, "");
	char path[1024];
	snprintf(path, sizeof path, "%s/none.txt", dir);
	cr_assert_eq(io_read_prog(path, &p, &err), SSA_EIO);
	cr_expect_str_eq(err.warning, "");
}

static const struct good_case ops_good[] = {
    /* uses first, then defs, whatever the attribute order: 'x = f(x)' reads the incoming x */
    {"g.dot", "digraph { a [def=x use=x] }", " : a / u:x d:x"},
    {"g.dot", "digraph { a [def=\"x, y\" use=\"z\"] }", " : a / u:z d:x d:y"},
    /* ops gives the exact order; items split by ';', variables by commas or blanks */
    {"g.dot", "digraph { a [ops=\"use z; def x; use x\"] }", " : a / u:z d:x u:x"},
    {"g.dot", "digraph { a [ops=\" DEF x, y;; use\ty z ;\"] }", " : a / d:x d:y u:y u:z"},
    /* several statements add up, a list gives each node the ops; blocks without ops have
     * none; variables are numbered in order of first appearance */
    {"g.dot", "digraph { a -> b; b, c [use=q]; a [def=q]; b [def=p]; a [use=p] }",
     "0>1 : a|b|c / u:p d:q|u:q d:p|u:q"},
    /* the entry moved to block 0 takes its ops along */
    {"g.dot", "digraph { a [use=v]; s [entry=true def=v]; s -> a }", "0>1 : s|a / d:v|u:v"},
    /* an empty def is no op: a CFG */
    {"g.dot", "digraph { a [def=\"\"] }", " : a"},
    /* inside sets */
    {"g.dot", "digraph { a -> {b [def=x] c} }", "0>1 0>2 : a|b|c / |d:x|"},
};

Test(io_notation, dot_def_use_and_ops_make_a_program)
{
	check_good(ops_good, sizeof ops_good / sizeof *ops_good);
	EXPECT_NO_LEAK();
}

static const struct bad_case ops_bad[] = {
    {"g.dot", "digraph { a [def=x]\n a [ops=\"use x\"] }", 2,
     "node 'a' has both 'ops' and 'def'/'use' (give the whole order in 'ops')"},
    {"g.dot", "digraph { a -> b [def=x] }", 1,
     "'def' on an edge: def, use and ops are attributes of nodes"},
    {"g.dot", "digraph { node [use=x] }", 1,
     "'use' on a default: def, use and ops are attributes of nodes"},
    {"g.dot", "digraph { {a b} [ops=\"use x\"] }", 1,
     "'ops' on a subgraph: def, use and ops are attributes of nodes"},
    {"g.dot", "digraph {\n a [ops=\"load x\"] }", 2,
     "'ops' of node 'a': unknown operation 'load' (expected 'use <var>...' or 'def <var>...', "
     "separated by ';')"},
    {"g.dot", "digraph { a [ops=\"use x; def\"] }", 1,
     "'def' without a variable in 'ops' of node 'a'"},
    {"g.dot", "digraph { a [def=\"x; y\"] }", 1,
     "';' in 'def' of node 'a' (separate variables with commas or blanks; ops=\"use z; def x\" "
     "gives an order)"},
    {"g.dot", "digraph { a [use=\"x\x01\"] }", 1, "control byte in a variable of 'use' of node 'a'"},
};

Test(io_notation, dot_op_mistakes_name_their_line)
{
	check_bad(ops_bad, sizeof ops_bad / sizeof *ops_bad);
	EXPECT_NO_LEAK();
}

/* The teaching example (tests/data/notation/defuse.dot) read and written as .prog text. */
Test(io_notation, a_dot_program_writes_as_prog_text)
{
	struct prog p;
	struct io_error err;
	memset(&err, 0, sizeof err);
	cr_assert_eq(io_read_prog(SSALAB_TEST_DATA "/notation/defuse.dot", &p, &err), SSA_OK, "%s",
	             err.what);
	char *a = NULL;
	size_t al = 0;
	FILE *f = open_memstream(&a, &al);
	cr_assert_eq(io_write_prog_text(f, &p), SSA_OK);
	fclose(f);
	cr_expect_str_eq(a, "p prog 4 4 2\ne 0 1\ne 0 2\ne 1 3\ne 2 3\nb 0 d0 d1\nb 1 d0\nb 2 u1 "
	                    "d1\nb 3 u0 u1\nn b 0 entry\nn b 1 left\nn b 2 right\nn b 3 join\nn v 0 "
	                    "x\nn v 1 y\nend\n");
	free(a);
	prog_free(&p);
}

/* Inputs the sniffing fuzzer (tests/fuzz/fuzz_read_any.c) found, each read or refused exactly. */
Test(io_notation, fuzz_findings)
{
	static const struct good_case good[] = {
	    /* the header's words pointed into the buffer of a CSV line's fields, which a longer
	     * line reallocates: comparing later node ids with them read freed memory */
	    {"g.txt", "from,to\nlonger_name_a,longer_name_b\nfrom,x\n",
	     "0>1 0>4 2>3 : from|to|longer_name_a|longer_name_b|x"},
	};
	static const struct bad_case bad[] = {
	    {"g.txt",
	     "Source,Target,Weight\n\"r\",A,1\nA, \"B, 1\" ,0.5 # c\n\"B, 1\",r,2\n"
	     "CSource,Target,Weight\n\"r\",A,1\n",
	     5, "field 3 'Weight' is not a weight (expected 'u,v', optionally followed by a weight)"},
	};
	check_good(good, sizeof good / sizeof *good);
	check_bad(bad, sizeof bad / sizeof *bad);
	EXPECT_NO_LEAK();
}
