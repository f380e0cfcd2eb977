/* The edge-list reader field by field (algos/io/README.md "Edge lists"): a line is 'u v',
 * 'u v <weight>' or 'u v {data dict}' and nothing else, every field checked, so no node and no
 * edge is ever dropped silently; an input of comments alone says it has no edges; a UTF-8
 * byte-order mark is skipped. Each case gives the exact graph or the exact message and line. */
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

TestSuite(io_edges, .init = setup, .fini = teardown);

/* "u>v u>v ..." of the successor CSR and the block names "a b c". */
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

struct good_line {
	const char *text, *edges, *names;
};

/* What networkx writes (write_edgelist with data=True writes the dict's repr,
 * write_weighted_edgelist a number) and SNAP's plain pairs. */
static const struct good_line good[] = {
    {"a b\n", "0>1", "a b"},
    {"a b 0.5\n", "0>1", "a b"},
    {"a b -1e-3\nb c +7\nc a 1.\na c .5E+2\n", "0>1 0>2 1>2 2>0", "a b c"},
    {"a b {}\n", "0>1", "a b"},
    {"a\tb\t{'weight': 1}\n", "0>1", "a b"},
    {"a b {'w': 1.5, \"c\": 'red', 'l': [1, (2, 3), {4, 5}, ()], 'n': None, 't': True, "
     "'f': False,}\n",
     "0>1", "a b"},
    {"a b {'a': {'b': {'c': []}}}   # nested, then a comment\n", "0>1", "a b"},
    {"a b 7 # a comment after the weight\n", "0>1", "a b"},
    {"a b {'s': 'x}y#z{', 'q': \"it's\", 'e': 'it\\'s \\\\'}\n", "0>1", "a b"},
    {"a b {b'k': -2, 'x': u'y', 'r': r'\\d', 'p': 'a' 'b'}\n", "0>1", "a b"},
    {"a b {'t': (1,), 'u': (1)}\n", "0>1", "a b"},
    /* a lone id is a node; '#' glued inside an id is part of it */
    {"a b\nc\nd#1 a\n", "0>1 3>0", "a b c d#1"},
};

Test(io_edges, every_field_of_a_good_line_is_accepted)
{
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		struct prog p;
		struct io_error err;
		char msg[600], e[256], n[256];
		memset(&err, 0, sizeof err);
		int st = io_t_read_string(dir, "g.txt", good[i].text, strlen(good[i].text), &p, &err);
		io_error_format(&err, msg, sizeof msg);
		cr_assert_eq(st, SSA_OK, "case %zu (%s): %s", i, good[i].text, msg);
		shape(&p, e, sizeof e, n, sizeof n);
		cr_expect_str_eq(e, good[i].edges, "case %zu edges", i);
		cr_expect_str_eq(n, good[i].names, "case %zu names", i);
		prog_free(&p);
	}
	EXPECT_NO_LEAK();
}

struct bad_line {
	const char *text;
	unsigned long long line;
	const char *what;
};

#define EXPECTED "(expected 'u v', optionally followed by a weight or a {data} dict)"

static const struct bad_line bad[] = {
    /* a fourth field: nodes 3 and 4 used to vanish */
    {"1 2 3 4\n", 1, "unexpected '4' after the weight " EXPECTED},
    {"a b\n1 2 0.5 x y z\n", 2, "unexpected 'x' after the weight " EXPECTED},
    {"a b 1 2\n", 1, "unexpected '2' after the weight " EXPECTED},
    /* a third field that is neither a number nor a dict */
    {"a b c\n", 1, "unexpected 'c' after the edge " EXPECTED},
    /* an arrow typed with a blank inside it */
    {"a b\nb - > c\n", 2,
     "an arrow split by a blank ('- >'): write '->' for an arrow list ('A -> B'), or 'u v' for an "
     "edge list"},
    {"a b 1.2.3\n", 1, "unexpected '1.2.3' after the edge " EXPECTED},
    {"a b 1e\n", 1, "unexpected '1e' after the edge " EXPECTED},
    {"a b .\n", 1, "unexpected '.' after the edge " EXPECTED},
    {"a b -\n", 1, "unexpected '-' after the edge " EXPECTED},
    {"a b 0x10\n", 1, "unexpected '0x10' after the edge " EXPECTED},
    /* a data dict must be one whole Python dict literal, to the end of the line */
    {"a b\nb c {\n", 2, "unterminated data dict (expected '}' before the end of the line)"},
    {"a b {'w': [1, 2}\n", 1, "data dict: '}' closes a '[' (expected ']')"},
    {"a b {'w': 1]\n", 1, "data dict: ']' closes a '{' (expected '}')"},
    {"a b {'w': 1} x\n", 1, "unexpected 'x' after the data dict " EXPECTED},
    {"a b {'w': 1}}\n", 1, "unexpected '}' after the data dict " EXPECTED},
    {"a b {'w': 1} 2\n", 1, "unexpected '2' after the data dict " EXPECTED},
    {"a b {'w' 1}\n", 1, "data dict: expected ':' after a key, found '1}'"},
    {"a b {'w': }\n", 1, "data dict: expected a value, found '}'"},
    {"a b {'w': 1,, 'x': 2}\n", 1, "data dict: expected a key or '}', found ', 'x': 2}'"},
    {"a b {'w': 1 'x': 2}\n", 1, "data dict: expected ',' or '}', found ''x': 2}'"},
    {"a b {'w': 'x}\n", 1, "data dict: unterminated string ''x}'"},
    {"a b {'w': foo}\n", 1,
     "data dict: unknown name 'foo' (a Python literal has strings, numbers, True, False and None)"},
    {"a b {'w': 1e}\n", 1, "data dict: bad number '1e'"},
    {"a b {'w': --1}\n", 1, "data dict: bad number '--1'"},
    {"a b {'k': {1, 'a': 2}}\n", 1, "data dict: expected ',' or '}', found ': 2}}'"},
    {"a b {1, 'a': 2}\n", 1, "data dict: a set, not a dict (expected 'key: value' entries)"},
    {"a b {1, 2}\n", 1, "data dict: a set, not a dict (expected 'key: value' entries)"},
    {"a b {'w': 1 # c}\n", 1, "data dict: expected ',' or '}', found '# c}'"},
    {"a b {'w': f'x'}\n", 1,
     "data dict: unknown name 'f' (a Python literal has strings, numbers, True, False and None)"},
    {"a b {'w': (1 2)}\n", 1, "data dict: expected ',' or ')', found '2)}'"},
};

Test(io_edges, a_field_too_many_or_malformed_is_an_error_at_its_line)
{
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct prog p;
		struct io_error err;
		char msg[600], want[800];
		memset(&err, 0, sizeof err);
		int st = io_t_read_string(dir, "b.txt", bad[i].text, strlen(bad[i].text), &p, &err);
		cr_expect_eq(st, SSA_EINPUT, "case %zu (%s) accepted", i, bad[i].text);
		if (st == SSA_OK) {
			prog_free(&p);
			continue;
		}
		io_error_format(&err, msg, sizeof msg);
		snprintf(want, sizeof want, "%s/b.txt:%llu: %s", dir, bad[i].line, bad[i].what);
		cr_expect_str_eq(msg, want, "case %zu", i);
		cr_expect_eq(p.cfg.n, 0, "case %zu: partial output", i);
	}
	EXPECT_NO_LEAK();
}

/* Nesting deeper than any real data, in one line: checked with an explicit stack, no
 * recursion, and a missing closer at the end is still found. */
Test(io_edges, deep_data_dict_needs_no_recursion)
{
	size_t depth = 200000, len = 2 * depth + 32;
	char *text = malloc(len);
	size_t o = (size_t)snprintf(text, len, "a b {'k': ");
	for (size_t i = 0; i < depth; i++)
		text[o++] = '[';
	for (size_t i = 0; i < depth; i++)
		text[o++] = ']';
	o += (size_t)snprintf(text + o, len - o, "}\n");
	struct prog p;
	struct io_error err;
	cr_assert_eq(io_t_read_string(dir, "d.txt", text, o, &p, &err), SSA_OK, "%s", err.what);
	prog_free(&p);
	text[o - 3] = ' '; /* one ']' fewer */
	cr_assert_eq(io_t_read_string(dir, "d.txt", text, o, &p, &err), SSA_EINPUT);
	cr_expect_str_eq(err.what, "data dict: '}' closes a '[' (expected ']')");
	free(text);
	EXPECT_NO_LEAK();
}

/* Only comments and blank lines: the file has no edges, whatever its name; sniffing hands it to
 * the text reader, which says so instead of asking for a .cfg header. */
Test(io_edges, comments_alone_have_no_edges)
{
	static const struct {
		const char *name, *text;
		unsigned long long line;
		const char *header;
	} c[] = {
	    {"c.txt", "# Directed graph: web.txt\n# FromNodeId\tToNodeId\n", 2, "p cfg <n> <m>"},
	    {"c.txt", "\xef\xbb\xbf# entry: 1\n\n", 2, "p cfg <n> <m>"},
	    {"c.txt", "", 1, "p cfg <n> <m>"},
	    {"c.prog", "# only a comment\n\n", 2, "p prog <n> <m> <v>"},
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		struct prog p;
		struct io_error err;
		char msg[600], want[800];
		memset(&err, 0, sizeof err);
		cr_assert_eq(io_t_read_string(dir, c[i].name, c[i].text, strlen(c[i].text), &p, &err),
		             SSA_EINPUT, "case %zu", i);
		io_error_format(&err, msg, sizeof msg);
		snprintf(want, sizeof want,
		         "%s/%s:%llu: no edges: the input has only blank lines and comments "
		         "(expected 'u v' edge lines or a '%s' header)",
		         dir, c[i].name, c[i].line, c[i].header);
		cr_expect_str_eq(msg, want, "case %zu", i);
	}
	/* the edge reader itself, handed such a stream, says the same */
	static const char only[] = "# nothing\n";
	FILE *f = fmemopen((void *)only, sizeof only - 1, "r");
	struct prog p;
	struct io_error err;
	cr_assert_eq(io_read_edges(f, "s", &p, &err), SSA_EINPUT);
	fclose(f);
	cr_expect_str_eq(err.what, "no edges: the input has only blank lines and comments "
	                           "(expected 'u v' edge lines or a 'p cfg <n> <m>' header)");
	cr_expect_eq(err.line, 1);
	EXPECT_NO_LEAK();
}

/* A byte-order mark before the first line, from a path and from a stream. */
Test(io_edges, byte_order_mark)
{
	static const char text[] = "\xef\xbb\xbf" "a b 1\nb a\n";
	struct prog p;
	struct io_error err;
	char e[64], n[64];
	cr_assert_eq(io_t_read_string(dir, "m.txt", text, sizeof text - 1, &p, &err), SSA_OK,
	             "%s", err.what);
	shape(&p, e, sizeof e, n, sizeof n);
	cr_expect_str_eq(e, "0>1 1>0");
	cr_expect_str_eq(n, "a b");
	prog_free(&p);
	FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
	cr_assert_eq(io_read_edges(f, "s", &p, &err), SSA_OK, "%s", err.what);
	fclose(f);
	shape(&p, e, sizeof e, n, sizeof n);
	cr_expect_str_eq(n, "a b");
	prog_free(&p);
}
