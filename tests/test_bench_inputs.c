/* bench's file inputs through the built executable: names through every dump kind (a named
 * .prog, a DOT file with node names, an edge list), numbers when the input has no names;
 * several --in files and a directory of them with the summary in text, CSV and JSON; a bad
 * file in a directory; --quiet; one description of a file input (path, format, blocks, edges,
 * vars) in every format. Exact outcomes only, never timings. */
#include "support/bench_run.h"
#include "support/tmp_name.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdint.h>
#include <sys/stat.h>

static char tmpdir[64];

static void mk_tmpdir(void)
{
	tmp_name(tmpdir, sizeof tmpdir, "ssalab-inputs-test");
	cr_assert_not_null(mkdtemp(tmpdir), "mkdtemp %s failed (TMPDIR too long?)", tmpdir);
}

/* Removes tmpdir and the files of its subdirectories (one level deep). */
static void rm_tree(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	char p[512];
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		struct stat sb;
		if (stat(p, &sb) == 0 && S_ISDIR(sb.st_mode))
			rm_tree(p);
		else
			unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

static void rm_tmpdir(void)
{
	rm_tree(tmpdir);
}

TestSuite(bench_inputs, .init = mk_tmpdir, .fini = rm_tmpdir, .timeout = 120);

#define RUN(...) bench_run_cmd(SSALAB_BENCH_EXE, __VA_ARGS__)
#define LOOP_IF SSALAB_SOURCE_DIR "/tools/examples/loop_if.prog"
#define DIAMOND SSALAB_TEST_DATA "/good/diamond.prog"

static const char named_dot[] = "digraph \"f\" {\n"
				"  entry -> loop;\n"
				"  loop -> body;\n"
				"  body -> loop;\n"
				"  loop -> exit;\n"
				"}\n";

/* The dump alone on stdout (--quiet: nothing on stderr), exit 0. */
static void expect_dump(const char *in, const char *algo, const char *kind, const char *want)
{
	struct bench_run r = RUN("--algo=%s --in '%s' --dump=%s --quiet", algo, in, kind);
	cr_expect_eq(r.code, 0, "%s --dump=%s on %s: exit %d: %s", algo, kind, in, r.code, r.err);
	cr_expect_str_eq(r.out, want, "%s --dump=%s on %s", algo, kind, in);
	cr_expect_str_empty(r.err, "--quiet, yet stderr: %s", r.err);
	bench_run_free(&r);
}

Test(bench_inputs, names_through_every_dump_of_a_prog)
{
	expect_dump(LOOP_IF, "snca", "idom",
		    "entry -1\nheader entry\nbody header\nthen body\nelse body\nlatch body\n"
		    "exit header\n");
	expect_dump(LOOP_IF, "df-cytron", "df",
		    "entry:\nheader: header\nbody: header\nthen: latch\nelse: latch\n"
		    "latch: header\nexit:\n");
	expect_dump(LOOP_IF, "phi-idf", "phi", "i: header\nx: header latch\nt: header latch\n");
	expect_dump(LOOP_IF, "rename-stack", "phi", "i: header\nx: header latch\nt: header latch\n");
	expect_dump(LOOP_IF, "phi-maximal", "phi", "i: header latch\nx: header latch\nt: header latch\n");
	expect_dump(LOOP_IF, "live-walk", "live",
		    "i: header body then else latch\nx: header body then else latch exit\nt:\n");
	expect_dump(LOOP_IF, "live-dataflow", "live",
		    "i: header body then else latch\nx: header body then else latch exit\nt:\n");
	expect_dump(LOOP_IF, "dfs", "rpo", "entry\nheader\nexit\nbody\nelse\nthen\nlatch\n");
	expect_dump(LOOP_IF, "dfs", "dfs",
		    "entry 0 6 -1\nheader 1 5 entry\nbody 2 3 header\nthen 3 1 body\n"
		    "else 5 2 body\nlatch 4 0 then\nexit 6 4 header\n");
	expect_dump(LOOP_IF, "preds", "preds",
		    "entry:\nheader: entry latch\nbody: header\nthen: body\nelse: body\n"
		    "latch: then else\nexit: header\n");
	expect_dump(LOOP_IF, "havlak", "loops",
		    "loop 0 header header parent - depth 1 blocks 5 entries 1\nblock header loop 0\n"
		    "block body loop 0\nblock then loop 0\nblock else loop 0\nblock latch loop 0\n");

	/* The SSA form in the textbook notation, φ operands naming their predecessors. */
	struct bench_run r = RUN("--algo=rename-stack --in '%s' --dump=ssa --quiet", LOOP_IF);
	cr_assert_eq(r.code, 0, "%s", r.err);
	const char *want[] = {"entry:\n\ti.0 = …\n\tx.0 = …\nheader:\n",
			      "\tx.1 = φ(x.0 from entry, x.4 from latch)\n",
			      "latch:\n\tx.4 = φ(x.2 from then, x.3 from else)\n"};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++)
		cr_expect_not_null(strstr(r.out, want[i]), "missing '%s' in:\n%s", want[i], r.out);
	bench_run_free(&r);

	/* Pictures: labels carry the names, nodes stay numbered. */
	r = RUN("--algo=snca --in '%s' --dump=domtree-dot --quiet", LOOP_IF);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_not_null(strstr(r.out, "  3 [label=\"then\"];\n"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "  2 -> 3;\n"), "%s", r.out);
	bench_run_free(&r);
	r = RUN("--algo=dfs --in '%s' --dump=dot --quiet", LOOP_IF);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_eq(strncmp(r.out, "digraph \"cfg\" {", 15), 0, "%s", r.out);
	cr_expect_not_null(strstr(r.out, "[label=\"latch\"]"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\t5 -> 1;\n"), "%s", r.out);
	bench_run_free(&r);
}

Test(bench_inputs, numbers_without_names)
{
	expect_dump(DIAMOND, "snca", "idom", "0 -1\n1 0\n2 0\n3 0\n");
	expect_dump(DIAMOND, "df-cytron", "df", "0:\n1: 3\n2: 3\n3:\n");
	expect_dump(DIAMOND, "phi-idf", "phi", "0: 3\n1: 3\n");
	expect_dump(DIAMOND, "preds", "preds", "0:\n1: 0\n2: 0\n3: 1 2\n");
	struct bench_run r = RUN("--algo=snca --in '%s' --dump=domtree-dot --quiet", DIAMOND);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_null(strstr(r.out, "label"), "%s", r.out);
	bench_run_free(&r);
}

Test(bench_inputs, names_of_a_dot_file_and_an_edge_list)
{
	char dot[128], el[128];
	snprintf(dot, sizeof dot, "%s/f.dot", tmpdir);
	snprintf(el, sizeof el, "%s/g.txt", tmpdir);
	cr_assert(bench_write_file(dot, named_dot));
	cr_assert(bench_write_file(el, "# entry: 10\n10 20\n20 30\n30 20\n20 40\n"));
	expect_dump(dot, "snca", "idom", "entry -1\nloop entry\nbody loop\nexit loop\n");
	expect_dump(dot, "df-cytron", "df", "entry:\nloop: loop\nbody: loop\nexit:\n");
	expect_dump(dot, "dfs", "rpo", "entry\nloop\nexit\nbody\n");
	expect_dump(dot, "havlak", "loops",
		    "loop 0 header loop parent - depth 1 blocks 2 entries 1\nblock loop loop 0\n"
		    "block body loop 0\n");
	expect_dump(el, "snca", "idom", "10 -1\n20 10\n30 20\n40 20\n");
}

/* The value of column name in CSV line row (header hdr), copied to buf. */
static const char *csv_get(const char *hdr, const char *row, const char *name, char *buf,
			   size_t len)
{
	/* Quoted fields hold commas (topology, cmdline): walk both lines field by field. */
	const char *h = hdr, *r = row;
	for (;;) {
		size_t hl = strcspn(h, ",\n");
		size_t o = 0;
		bool q = *r == '"';
		const char *p = r + q;
		while (*p && (q ? !(*p == '"' && p[1] != '"') : (*p != ',' && *p != '\n'))) {
			if (q && *p == '"')
				p++;
			if (o + 1 < len)
				buf[o++] = *p;
			p++;
		}
		buf[o] = 0;
		if (q && *p == '"')
			p++;
		if (hl == strlen(name) && !strncmp(h, name, hl))
			return buf;
		if (h[hl] != ',' || *p != ',')
			return NULL;
		h += hl + 1;
		r = p + 1;
	}
}

/* Line i (0-based) of text, copied to buf. */
static const char *line_at(const char *text, size_t i, char *buf, size_t len)
{
	for (; i && text; i--) {
		text = strchr(text, '\n');
		if (text)
			text++;
	}
	if (!text || !*text)
		return NULL;
	size_t l = strcspn(text, "\n");
	snprintf(buf, len, "%.*s", (int)(l < len ? l : len - 1), text);
	return buf;
}

/* Three inputs: two files by --in, so loop_if (7 blocks, 8 edges) and diamond (4, 4). */
Test(bench_inputs, several_files_with_a_summary)
{
	struct bench_run r = RUN("--algo=dfs,snca --in '%s' --in '%s' --reps=2 --min-time=0",
				 LOOP_IF, DIAMOND);
	cr_assert_eq(r.code, 0, "%s", r.err);
	char want[512];
	snprintf(want, sizeof want, "\ninput: path=%s format=prog blocks=7 edges=8 vars=3\n"
		 "graph: family=file n=7 m=8 ", LOOP_IF);
	cr_expect_not_null(strstr(r.out, want), "missing '%s' in:\n%s", want, r.out);
	snprintf(want, sizeof want, "\ninput: path=%s format=prog blocks=4 edges=4 vars=2\n", DIAMOND);
	cr_expect_not_null(strstr(r.out, want), "missing '%s' in:\n%s", want, r.out);
	cr_expect_not_null(strstr(r.out, "\nsummary: files=2 blocks=11 edges=12 failures=0\n"),
			   "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\nsummary: algo=dfs          stage=floor  files=2 "
				  "sum_median_ms="), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\nsummary: algo=snca         stage=dom    files=2 "),
			   "%s", r.out);
	/* Each file is timed as a single input: its own kernel rows and table. */
	const char *p = strstr(r.out, "\ninput: path=");
	cr_assert_not_null(p);
	p = strstr(p + 1, "\ninput: path=");
	cr_assert_not_null(p, "%s", r.out);
	cr_expect_not_null(strstr(p, "\nalgo: dfs "), "%s", r.out);
	cr_expect_not_null(strstr(p, "\ntable: snca "), "%s", r.out);
	bench_run_free(&r);

	/* CSV: one row per kernel and file, then summary rows (status "summary"). */
	r = RUN("--algo=dfs,snca --in '%s' --in '%s' --reps=2 --min-time=0 --csv", LOOP_IF,
		DIAMOND);
	cr_assert_eq(r.code, 0, "%s", r.err);
	char hdr[4096], row[8192], v[512];
	cr_assert_not_null(line_at(r.out, 0, hdr, sizeof hdr));
	double sum_dfs = 0;
	for (size_t i = 1; i <= 4; i++) {
		cr_assert_not_null(line_at(r.out, i, row, sizeof row));
		cr_expect_str_eq(csv_get(hdr, row, "status", v, sizeof v), "ok");
		cr_expect_str_eq(csv_get(hdr, row, "path", v, sizeof v), i <= 2 ? LOOP_IF : DIAMOND);
		cr_expect_str_eq(csv_get(hdr, row, "format", v, sizeof v), "prog");
		cr_expect_str_eq(csv_get(hdr, row, "blocks", v, sizeof v), i <= 2 ? "7" : "4");
		cr_expect_str_eq(csv_get(hdr, row, "edges", v, sizeof v), i <= 2 ? "8" : "4");
		cr_expect_str_eq(csv_get(hdr, row, "vars", v, sizeof v), i <= 2 ? "3" : "2");
		if (!strcmp(csv_get(hdr, row, "algo", v, sizeof v), "dfs"))
			sum_dfs += atof(csv_get(hdr, row, "median_ms", v, sizeof v));
	}
	cr_assert_not_null(line_at(r.out, 5, row, sizeof row));
	cr_expect_str_eq(csv_get(hdr, row, "status", v, sizeof v), "summary");
	cr_expect_str_eq(csv_get(hdr, row, "algo", v, sizeof v), "");
	cr_expect_str_eq(csv_get(hdr, row, "files", v, sizeof v), "2");
	cr_expect_str_eq(csv_get(hdr, row, "blocks", v, sizeof v), "11");
	cr_expect_str_eq(csv_get(hdr, row, "edges", v, sizeof v), "12");
	cr_expect_str_eq(csv_get(hdr, row, "failures", v, sizeof v), "0");
	cr_assert_not_null(line_at(r.out, 6, row, sizeof row));
	cr_expect_str_eq(csv_get(hdr, row, "status", v, sizeof v), "summary");
	cr_expect_str_eq(csv_get(hdr, row, "algo", v, sizeof v), "dfs");
	cr_expect_str_eq(csv_get(hdr, row, "files", v, sizeof v), "2");
	/* The sum is of the rows' medians (printed to 4 decimals there, 6 here). */
	double sum = atof(csv_get(hdr, row, "sum_median_ms", v, sizeof v));
	cr_expect(sum > sum_dfs - 2e-4 && sum < sum_dfs + 2e-4, "sum %g, rows %g", sum, sum_dfs);
	cr_expect_str_neq(csv_get(hdr, row, "geomean_median_ms", v, sizeof v), "");
	cr_assert_not_null(line_at(r.out, 7, row, sizeof row));
	cr_expect_str_eq(csv_get(hdr, row, "algo", v, sizeof v), "snca");
	cr_expect_null(line_at(r.out, 8, row, sizeof row));
	bench_run_free(&r);

	/* JSON: the files listed, each run naming its file, the summary. */
	r = RUN("--algo=dfs --in '%s' --in '%s' --reps=2 --min-time=0 --json", LOOP_IF, DIAMOND);
	cr_assert_eq(r.code, 0, "%s", r.err);
	snprintf(want, sizeof want, "\"file\": {\"path\": \"%s\", \"format\": \"prog\", "
		 "\"blocks\": 4, \"edges\": 4, \"vars\": 2}", DIAMOND);
	cr_expect_not_null(strstr(r.out, want), "missing '%s' in:\n%s", want, r.out);
	snprintf(want, sizeof want, "\"inputs\": [\n    {\"path\": \"%s\", \"format\": \"prog\", "
		 "\"blocks\": 7, \"edges\": 8, \"vars\": 3}", LOOP_IF);
	cr_expect_not_null(strstr(r.out, want), "missing '%s' in:\n%s", want, r.out);
	cr_expect_not_null(strstr(r.out, "\"summary\": {\"files\": 2, \"blocks\": 11, \"edges\": 12, "
				  "\"failures\": 0, \"kernels\": [\n    {\"algo\": \"dfs\", "
				  "\"stage\": \"floor\", \"files\": 2, \"sum_median_ms\": "), "%s", r.out);
	cr_expect_eq(r.out[strlen(r.out) - 2], '}', "%s", r.out);
	bench_run_free(&r);
}

/* A directory's Mermaid flowcharts (.mmd, the notation's own suffix) are inputs; markdown is
 * not (a README in a folder of exercises is no graph). */
Test(bench_inputs, a_directory_takes_mermaid_files)
{
	char dir[128], p[256];
	snprintf(dir, sizeof dir, "%s/mmd", tmpdir);
	cr_assert_eq(mkdir(dir, 0755), 0);
	snprintf(p, sizeof p, "%s/loop.mmd", dir);
	cr_assert(bench_write_file(p, "flowchart TD\n  A --> B\n  B --> C\n  C --> B\n  C --> D\n"));
	snprintf(p, sizeof p, "%s/README.md", dir);
	cr_assert(bench_write_file(p, "# exercises\n"));
	struct bench_run r = RUN("--algo=snca --in '%s' --reps=1 --min-time=0", dir);
	cr_assert_eq(r.code, 0, "%s", r.err);
	char want[512];
	snprintf(want, sizeof want, "input: path=%s/loop.mmd format=mermaid blocks=4 edges=4 vars=0",
		 dir);
	cr_expect_not_null(strstr(r.out, want), "missing '%s' in:\n%s", want, r.out);
	cr_expect_null(strstr(r.out, "README.md"), "%s", r.out);
	bench_run_free(&r);
}

Test(bench_inputs, a_directory_of_inputs)
{
	char dir[128], p[256];
	snprintf(dir, sizeof dir, "%s/in", tmpdir);
	cr_assert_eq(mkdir(dir, 0755), 0);
	snprintf(p, sizeof p, "%s/b.dot", dir);
	cr_assert(bench_write_file(p, named_dot));
	snprintf(p, sizeof p, "%s/a.cfg", dir);
	cr_assert(bench_write_file(p, "p cfg 3 2\ne 0 1\ne 1 2\nend\n"));
	snprintf(p, sizeof p, "%s/c.el", dir);
	cr_assert(bench_write_file(p, "1 2\n2 3\n3 1\n"));
	snprintf(p, sizeof p, "%s/notes.md", dir); /* not an input suffix: skipped */
	cr_assert(bench_write_file(p, "# not a graph\n"));

	struct bench_run r = RUN("--algo=snca --in '%s' --reps=1 --min-time=0", dir);
	cr_assert_eq(r.code, 0, "%s", r.err);
	/* By name: a.cfg, b.dot, c.el. */
	char want[512];
	snprintf(want, sizeof want, "input: path=%s/a.cfg format=cfg blocks=3 edges=2 vars=0", dir);
	const char *a = strstr(r.out, want);
	cr_expect_not_null(a, "missing '%s' in:\n%s", want, r.out);
	snprintf(want, sizeof want, "input: path=%s/b.dot format=dot blocks=4 edges=4 vars=0", dir);
	const char *b = strstr(r.out, want);
	cr_expect_not_null(b, "missing '%s' in:\n%s", want, r.out);
	snprintf(want, sizeof want, "input: path=%s/c.el format=edges blocks=3 edges=3 vars=0", dir);
	const char *c = strstr(r.out, want);
	cr_expect_not_null(c, "missing '%s' in:\n%s", want, r.out);
	cr_expect(a && b && c && a < b && b < c, "files not in name order:\n%s", r.out);
	cr_expect_null(strstr(r.out, "notes.md"), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\nsummary: files=3 blocks=10 edges=9 failures=0\n"),
			   "%s", r.out);
	bench_run_free(&r);

	/* A kernel refused on every file counts as a failure of each. */
	r = RUN("--algo=snca --in '%s' --reps=1 --min-time=0 --mem-limit=1", dir);
	cr_expect_eq(r.code, 4, "%s", r.err);
	cr_expect_not_null(strstr(r.out, "\nsummary: files=3 blocks=10 edges=9 failures=3\n"),
			   "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\nsummary: algo=snca         stage=dom    files=0 "
				  "sum_median_ms=0.000000 geomean_median_ms=0.000000 failures=3\n"),
			   "%s", r.out);
	bench_run_free(&r);

	/* A dump needs one input. */
	r = RUN("--algo=snca --in '%s' --dump=idom", dir);
	cr_expect_eq(r.code, 2, "%s", r.err);
	cr_expect_not_null(strstr(r.err, "--dump needs exactly one input (got 3 files)"), "%s", r.err);
	bench_run_free(&r);
}

Test(bench_inputs, a_bad_file_stops_the_run_and_leaves_no_out)
{
	char dir[128], p[256], out[256];
	snprintf(dir, sizeof dir, "%s/in", tmpdir);
	cr_assert_eq(mkdir(dir, 0755), 0);
	snprintf(p, sizeof p, "%s/a.prog", dir);
	cr_assert(bench_write_file(p, "p cfg 2 1\ne 0 1\nend\n"));
	snprintf(p, sizeof p, "%s/b.cfg", dir);
	cr_assert(bench_write_file(p, "p cfg 2 1\n# fine so far\ne 0 5\nend\n"));
	snprintf(out, sizeof out, "%s/report.csv", tmpdir);

	struct bench_run r = RUN("--algo=dfs --in '%s' --reps=1 --min-time=0 --csv --out '%s'",
				 dir, out);
	cr_expect_eq(r.code, 1, "%s", r.err);
	char want[300];
	snprintf(want, sizeof want, "%s/b.cfg:3: block id 5 out of range", dir);
	cr_expect_not_null(strstr(r.err, want), "missing '%s' in: %s", want, r.err);
	cr_expect_not(bench_run_exists(out), "a partial --out was left");
	bench_run_free(&r);

	/* An existing --out stays as it was. */
	cr_assert(bench_write_file(out, "before\n"));
	r = RUN("--algo=dfs --in '%s/a.prog' --in '%s/b.cfg' --reps=1 --min-time=0 --out '%s'", dir,
		dir, out);
	cr_expect_eq(r.code, 1, "%s", r.err);
	char *kept = bench_run_slurp(out);
	cr_expect_str_eq(kept, "before\n");
	free(kept);
	bench_run_free(&r);

	/* A missing file among several, a directory with no input. */
	r = RUN("--algo=dfs --in '%s/a.prog' --in '%s/nope.cfg' --reps=1 --min-time=0", dir, dir);
	cr_expect_eq(r.code, 1, "%s", r.err);
	cr_expect_not_null(strstr(r.err, "nope.cfg"), "%s", r.err);
	bench_run_free(&r);
	char empty[160];
	snprintf(empty, sizeof empty, "%s/empty", tmpdir);
	cr_assert_eq(mkdir(empty, 0755), 0);
	r = RUN("--algo=dfs --in '%s'", empty);
	cr_expect_eq(r.code, 1, "%s", r.err);
	cr_expect_not_null(strstr(r.err, "holds no input file"), "%s", r.err);
	bench_run_free(&r);
}

Test(bench_inputs, llvm_ir_does_not_mix_with_other_inputs)
{
	struct bench_run r = RUN("--algo=dfs --in '%s/llvm/names.ll' --in '%s'", SSALAB_TEST_DATA,
				 DIAMOND);
	cr_expect_eq(r.code, 2, "%s", r.err);
	cr_expect_not_null(strstr(r.err, "is LLVM IR: an LLVM IR input is one module or one "
				  "directory of modules, alone on the command line"), "%s", r.err);
	cr_expect_str_empty(r.out);
	bench_run_free(&r);
}

Test(bench_inputs, quiet)
{
	/* Without --quiet the report of a dump goes to stderr. */
	struct bench_run r = RUN("--algo=snca --in '%s' --dump=idom", DIAMOND);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_str_eq(r.out, "0 -1\n1 0\n2 0\n3 0\n");
	cr_expect_not_null(strstr(r.err, "\nalgo: snca "), "%s", r.err);
	bench_run_free(&r);

	r = RUN("--algo=snca --in '%s' --dump=idom --quiet", DIAMOND);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_str_eq(r.out, "0 -1\n1 0\n2 0\n3 0\n");
	cr_expect_str_empty(r.err);
	bench_run_free(&r);

	/* With --out the dump is the file and nothing else is written. */
	char out[256];
	snprintf(out, sizeof out, "%s/idom.txt", tmpdir);
	r = RUN("--algo=snca --in '%s' --dump=idom --quiet --out '%s'", DIAMOND, out);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_str_empty(r.out);
	cr_expect_str_empty(r.err);
	char *d = bench_run_slurp(out);
	cr_expect_str_eq(d, "0 -1\n1 0\n2 0\n3 0\n");
	free(d);
	bench_run_free(&r);

	/* Errors still come through; the report, when it is the output, too. */
	r = RUN("--algo=snca --in '%s/nope.cfg' --dump=idom --quiet", tmpdir);
	cr_expect_eq(r.code, 1);
	cr_expect_not_null(strstr(r.err, "nope.cfg"), "%s", r.err);
	bench_run_free(&r);
	r = RUN("--algo=snca --in '%s' --quiet --reps=1 --min-time=0 --csv", DIAMOND);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_eq(strncmp(r.out, "algo,stage,status,", 18), 0, "%s", r.out);
	bench_run_free(&r);
	r = RUN("--algo=snca --in '%s' --quiet=yes", DIAMOND);
	cr_expect_eq(r.code, 2);
	bench_run_free(&r);
}

/* One file, every format: the same fields under the same names. */
Test(bench_inputs, one_description_of_a_file_in_every_format)
{
	char dot[128];
	snprintf(dot, sizeof dot, "%s/f.dot", tmpdir);
	cr_assert(bench_write_file(dot, named_dot));
	char want[512];
	struct bench_run r = RUN("--algo=dfs --in '%s' --reps=1 --min-time=0", dot);
	cr_assert_eq(r.code, 0, "%s", r.err);
	snprintf(want, sizeof want, "\ninput: path=%s format=dot blocks=4 edges=4 vars=0\n", dot);
	cr_expect_not_null(strstr(r.out, want), "missing '%s' in:\n%s", want, r.out);
	cr_expect_null(strstr(r.out, "summary:"), "one file has no summary:\n%s", r.out);
	bench_run_free(&r);

	r = RUN("--algo=dfs --in '%s' --reps=1 --min-time=0 --csv", dot);
	cr_assert_eq(r.code, 0, "%s", r.err);
	char hdr[4096], row[8192], v[512];
	cr_assert_not_null(line_at(r.out, 0, hdr, sizeof hdr));
	cr_assert_not_null(line_at(r.out, 1, row, sizeof row));
	cr_expect_str_eq(csv_get(hdr, row, "path", v, sizeof v), dot);
	cr_expect_str_eq(csv_get(hdr, row, "function", v, sizeof v), "");
	cr_expect_str_eq(csv_get(hdr, row, "format", v, sizeof v), "dot");
	cr_expect_str_eq(csv_get(hdr, row, "blocks", v, sizeof v), "4");
	cr_expect_str_eq(csv_get(hdr, row, "edges", v, sizeof v), "4");
	cr_expect_str_eq(csv_get(hdr, row, "vars", v, sizeof v), "0");
	cr_expect_null(line_at(r.out, 2, row, sizeof row), "one file has no summary row");
	bench_run_free(&r);

	r = RUN("--algo=dfs --in '%s' --reps=1 --min-time=0 --json", dot);
	cr_assert_eq(r.code, 0, "%s", r.err);
	snprintf(want, sizeof want, "\"file\": {\"path\": \"%s\", \"format\": \"dot\", "
		 "\"blocks\": 4, \"edges\": 4, \"vars\": 0}", dot);
	cr_expect_not_null(strstr(r.out, want), "missing '%s' in:\n%s", want, r.out);
	cr_expect_null(strstr(r.out, "\"summary\""), "%s", r.out);
	bench_run_free(&r);

	/* Generated input: no file. */
	r = RUN("--algo=dfs --blocks=100 --reps=1 --min-time=0 --json");
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_not_null(strstr(r.out, "\"file\": null"), "%s", r.out);
	bench_run_free(&r);
}

/* LLVM IR: a dump of one function names blocks by their IR labels and variables by their
 * allocas (the rows and reports are unchanged). */
Test(bench_inputs, names_of_an_llvm_ir_function)
{
#if SSALAB_LLVM_MAJOR < 15
	cr_skip_test("needs the LLVM IR importer with opaque pointers (LLVM >= 15)");
#else
	const char *m = SSALAB_TEST_DATA "/llvm/bench_module.ll";
	char arg[512];
	snprintf(arg, sizeof arg, "%s' --function='while_sum", m);
	expect_dump(arg, "snca", "idom",
		    "entry -1\nwhile.cond entry\nwhile.body while.cond\nwhile.end while.cond\n");
	expect_dump(arg, "phi-idf", "phi", "n.addr:\ns: while.cond\ni: while.cond\n");
	struct bench_run r = RUN("--algo=rename-stack --in '%s' --function=while_sum --dump=ssa "
				 "--quiet", m);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect_not_null(strstr(r.out, "while.cond:\n\ts.1 = φ(s.0 from entry, s.2 from "
				  "while.body)\n"), "%s", r.out);
	bench_run_free(&r);
#endif
}
