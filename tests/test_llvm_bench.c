/* bench on LLVM IR (bench/input_llvm.c), end to end through the built bench: a module of twelve
 * functions (data/llvm/bench_module.ll) in text, CSV and JSON, the function filters, a
 * directory of modules, bitcode, the pipeline, every misuse of the new options, malformed IR,
 * and gen --help describing --from. Expected sizes come from the importer itself (llvmir_read),
 * not from the report under test. */
#include "llvmir/llvmir.h"
#include "support/bench_run.h"
#include "support/llvm_data.h"
#include "support/tools_util.h"
#include "util/status.h"

#include <criterion/criterion.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MODULE SSALAB_TEST_DATA "/llvm/bench_module.ll"
#define FAST "--reps=2 --min-time=0.00005"

static void read_module(struct llvmir_module *m)
{
	struct io_error err;
	memset(&err, 0, sizeof err);
	cr_assert_eq(llvmir_read(MODULE, NULL, m, &err), SSA_OK, "%s", err.what);
	cr_assert_eq(m->nfuncs, 12);
}

#define MAXF 96

/* A bench CSV report: header and rows, every row with the header's field count; the summary
 * rows (status "summary", after the function rows) are counted apart, not kept. */
struct table {
	int ncols, nrows, nsummary;
	char head[MAXF][512];
	char (*rows)[MAXF][512];
};

static void table_parse(struct table *t, char *text)
{
	t->rows = malloc(sizeof *t->rows * 256);
	cr_assert_not_null(t->rows);
	t->nrows = t->nsummary = 0;
	t->ncols = -1;
	for (char *line = text, *nl; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		cr_assert_not_null(nl, "CSV without a final newline");
		*nl = 0;
		if (t->ncols < 0) {
			t->ncols = tools_csv_split(line, t->head, MAXF);
			cr_assert_gt(t->ncols, 0);
			continue;
		}
		cr_assert_lt(t->nrows, 256);
		int nf = tools_csv_split(line, t->rows[t->nrows], MAXF);
		cr_assert_eq(nf, t->ncols, "row %d: %d fields, header %d", t->nrows, nf, t->ncols);
		if (!strcmp(t->rows[t->nrows][2], "summary"))
			t->nsummary++;
		else
			t->nrows++;
	}
}

static const char *cell(const struct table *t, int row, const char *col)
{
	for (int i = 0; i < t->ncols; i++)
		if (!strcmp(t->head[i], col))
			return t->rows[row][i];
	cr_assert_fail("no column %s", col);
	return NULL;
}

static uint64_t num(const char *s)
{
	return strtoull(s, NULL, 10);
}

static struct bench_run bench(const char *args)
{
	return bench_run_cmd(SSALAB_BENCH_EXE, "%s", args);
}

Test(llvm_bench, text_report_sums_each_module)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_module m;
	read_module(&m);
	uint64_t blocks = 0, edges = 0, vars = 0, maxn = 0;
	const char *largest = NULL;
	for (uint32_t i = 0; i < m.nfuncs; i++) {
		blocks += m.funcs[i].prog.cfg.n;
		edges += m.funcs[i].prog.cfg.m;
		vars += m.funcs[i].prog.nvars;
		if (m.funcs[i].prog.cfg.n > maxn) {
			maxn = m.funcs[i].prog.cfg.n;
			largest = llvmir_func_name(&m.funcs[i]);
		}
	}
	struct bench_run r = bench("--algo=dfs,chk --in '" MODULE "' " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	char want[256];
	snprintf(want, sizeof want, "functions: selected=12 blocks=%" PRIu64 " edges=%" PRIu64
		 " variables=%" PRIu64, blocks, edges, vars);
	cr_expect(strstr(r.out, want), "no '%s' in:\n%s", want, r.out);
	snprintf(want, sizeof want, "largest: %-32s blocks=%" PRIu64, largest, maxn);
	cr_expect(strstr(r.out, want), "no '%s' in:\n%s", want, r.out);
	snprintf(want, sizeof want, "max=%" PRIu64 "\n", maxn);
	cr_expect(strstr(r.out, want), "%s", r.out);
	cr_expect(strstr(r.out, "module: file=" MODULE " format=text"));
	cr_expect(strstr(r.out, "import_mb_per_s="));
	const char *k = strstr(r.out, "kernel: chk ");
	cr_assert_not_null(k, "%s", r.out);
	cr_expect(strstr(k, "functions=12 total_ms="));
	cr_expect(strstr(k, "checks_ok=12 failed=0 unchecked=0 not_run=0"), "%s", k);
	cr_expect(strstr(r.out, "kernel: dfs "));
	/* No per-function block of the generated-input report. */
	cr_expect_null(strstr(r.out, "reps_ms:"));
	bench_run_free(&r);
	llvmir_module_free(&m);
}

Test(llvm_bench, csv_has_a_row_per_function_and_kernel)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_module m;
	read_module(&m);
	struct bench_run r = bench("--algo=dfs,chk --in '" MODULE "' --csv " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	struct table t;
	table_parse(&t, r.out);
	cr_assert_eq(t.nrows, 24);
	for (int i = 0; i < t.nrows; i++) {
		const struct llvmir_func *f = &m.funcs[i / 2];
		cr_expect_str_eq(cell(&t, i, "function"), llvmir_func_name(f));
		cr_expect_str_eq(cell(&t, i, "algo"), i % 2 ? "chk" : "dfs");
		cr_expect_str_eq(cell(&t, i, "input"), MODULE);
		cr_expect_str_eq(cell(&t, i, "family"), "");
		cr_expect_eq(num(cell(&t, i, "n")), f->prog.cfg.n, "%s", llvmir_func_name(f));
		cr_expect_eq(num(cell(&t, i, "m")), f->prog.cfg.m);
		cr_expect_eq(num(cell(&t, i, "vars")), f->prog.nvars);
		cr_expect_geq(num(cell(&t, i, "iters")), 1);
		cr_expect_str_eq(cell(&t, i, "check"), "ok");
	}
	free(t.rows);
	bench_run_free(&r);
	llvmir_module_free(&m);
}

Test(llvm_bench, json_runs_name_their_function)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_module m;
	read_module(&m);
	struct bench_run r = bench("--algo=chk --in '" MODULE "' --json " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(strstr(r.out, "\"graph\": null"));
	/* Each run names its function twice: beside its graph and in its file description. */
	unsigned runs = 0, files = 0;
	for (const char *p = r.out; (p = strstr(p, "\"function\": \"")); p++)
		runs++;
	for (const char *p = r.out; (p = strstr(p, "\"file\": {\"path\": \"" MODULE "\", \"function\": \""));
	     p++)
		files++;
	cr_expect_eq(runs, 24);
	cr_expect_eq(files, 12);
	for (uint32_t i = 0; i < m.nfuncs; i++) {
		char want[300];
		snprintf(want, sizeof want, "\"function\": \"%s\", \"n\": %" PRIu32 ", \"m\": %" PRIu32,
			 llvmir_func_name(&m.funcs[i]), m.funcs[i].prog.cfg.n, m.funcs[i].prog.cfg.m);
		cr_expect(strstr(r.out, want), "no %s", want);
	}
	cr_expect(strstr(r.out, "\"iters\": "));
	cr_expect(strstr(r.out, "module: file="), "the module summary is among the notes");
	bench_run_free(&r);
	llvmir_module_free(&m);
}

/* The functions a filter selects, in module order, as "a,b,c". */
static void selected_names(const char *args, char *buf, size_t len)
{
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "--algo=dfs --in '" MODULE "' --csv --no-check " FAST " %s", args);
	struct bench_run r = bench(cmd);
	cr_assert_eq(r.code, 0, "%s: %s", args, r.err);
	struct table t;
	table_parse(&t, r.out);
	buf[0] = 0;
	for (int i = 0; i < t.nrows; i++) {
		strncat(buf, cell(&t, i, "function"), len - strlen(buf) - 2);
		strcat(buf, ",");
	}
	free(t.rows);
	bench_run_free(&r);
}

Test(llvm_bench, filters_select_functions)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_module m;
	read_module(&m);
	char got[2048], want[2048];
	selected_names("--function=nested", got, sizeof got);
	cr_expect_str_eq(got, "nested,");
	selected_names("--function-regex='^(while|do)_'", got, sizeof got);
	cr_expect_str_eq(got, "while_sum,do_while,");
	/* Size window: compared with the importer's sizes. */
	want[0] = 0;
	for (uint32_t i = 0; i < m.nfuncs; i++)
		if (m.funcs[i].prog.cfg.n >= 5 && m.funcs[i].prog.cfg.n <= 12) {
			strcat(want, llvmir_func_name(&m.funcs[i]));
			strcat(want, ",");
		}
	selected_names("--min-blocks=5 --max-blocks=12", got, sizeof got);
	cr_expect_str_eq(got, want);
	cr_expect_neq(strlen(want), 0);
	/* Filters combine. */
	selected_names("--function-regex=e --max-blocks 8", got, sizeof got);
	want[0] = 0;
	for (uint32_t i = 0; i < m.nfuncs; i++)
		if (strchr(llvmir_func_name(&m.funcs[i]), 'e') && m.funcs[i].prog.cfg.n <= 8) {
			strcat(want, llvmir_func_name(&m.funcs[i]));
			strcat(want, ",");
		}
	cr_expect_str_eq(got, want);
	llvmir_module_free(&m);
}

/* C++ and Rust functions are chosen by their source names too: --function by the demangled
 * name, its last component or its template-less form (every overload and monomorphization
 * that has it), a symbol of the module by itself alone; --function-regex on either name. */
Test(llvm_bench, functions_chosen_by_source_name)
{
	char dir[256], args[1024];
	tools_mkdtemp(dir, sizeof dir);
	cr_assert_eq(tools_sh("printf 'define void @_ZN2ns3fooEi(i32) {\\n  ret void\\n}\\n"
			      "define void @_ZN2ns3fooEd(double) {\\n  ret void\\n}\\n"
			      "define void @_ZN2ns3barIiEEvT_(i32) {\\n  ret void\\n}\\n"
			      "define void @_ZN5crate5parse17h0123456789abcdefE() {\\n  ret void\\n}\\n"
			      "define void @foo() {\\n  ret void\\n}\\n' > '%s/m.ll'",
			      dir),
		     0);
	static const struct {
		const char *filter, *want;
	} cases[] = {
		{"--function=foo", "foo,"}, /* a symbol of the module: that one alone */
		{"--function=ns::foo", "_ZN2ns3fooEi,_ZN2ns3fooEd,"},
		{"--function=bar", "_ZN2ns3barIiEEvT_,"},
		{"--function=ns::bar", "_ZN2ns3barIiEEvT_,"},
		{"--function='ns::bar<int>'", "_ZN2ns3barIiEEvT_,"},
		{"--function=crate::parse", "_ZN5crate5parse17h0123456789abcdefE,"},
		{"--function=_ZN2ns3fooEd", "_ZN2ns3fooEd,"},
		{"--function-regex='^ns::'", "_ZN2ns3fooEi,_ZN2ns3fooEd,_ZN2ns3barIiEEvT_,"},
		{"--function-regex='^_ZN2ns3foo'", "_ZN2ns3fooEi,_ZN2ns3fooEd,"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(args, sizeof args, "--algo=dfs --in '%s/m.ll' --csv --no-check " FAST " %s", dir,
			 cases[i].filter);
		struct bench_run r = bench(args);
		cr_assert_eq(r.code, 0, "%s: %s", cases[i].filter, r.err);
		struct table t;
		table_parse(&t, r.out);
		char got[1024] = "";
		for (int k = 0; k < t.nrows; k++) {
			strncat(got, cell(&t, k, "function"), sizeof got - strlen(got) - 2);
			strcat(got, ",");
		}
		cr_expect_str_eq(got, cases[i].want, "%s", cases[i].filter);
		free(t.rows);
		bench_run_free(&r);
	}
	/* the text report's largest functions carry their source names; a C name has none */
	snprintf(args, sizeof args, "--algo=dfs --in '%s/m.ll' --no-check " FAST, dir);
	struct bench_run r = bench(args);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(strstr(r.out, " instructions=1 source=\"ns::bar<int>\"\n"), "%s", r.out);
	cr_expect(strstr(r.out, " instructions=1 source=\"crate::parse\"\n"), "%s", r.out);
	const char *c = strstr(r.out, "largest: foo ");
	cr_expect(c && !strncmp(strchr(c, '\n') - 14, "instructions=1\n", 15), "%s", r.out);
	bench_run_free(&r);
	/* so does a kernel's slowest function, when it is alone in the selection */
	snprintf(args, sizeof args, "--algo=dfs --in '%s/m.ll' --no-check " FAST " --function=parse",
		 dir);
	r = bench(args);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(strstr(r.out, " ms) slowest_source=\"crate::parse\" utilization="), "%s", r.out);
	bench_run_free(&r);
	snprintf(args, sizeof args, "--algo=dfs --in '%s/m.ll' --no-check " FAST " --function=foo", dir);
	r = bench(args);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(strstr(r.out, "slowest=foo (") && !strstr(r.out, "slowest_source"), "%s", r.out);
	bench_run_free(&r);
	snprintf(args, sizeof args, "--algo=dfs --in '%s/m.ll' --function=ns", dir);
	r = bench(args);
	cr_expect_eq(r.code, 2, "exit %d: %s", r.code, r.err);
	cr_expect(strstr(r.err, "--function=ns: no function"), "%s", r.err);
	bench_run_free(&r);
	tools_rmdir(dir);
}

Test(llvm_bench, misuse_is_a_usage_error_naming_the_option)
{
	REQUIRE_OPAQUE_POINTERS();
	static const struct {
		const char *args, *says;
	} cases[] = {
		{"--algo=dfs --in '" MODULE "' --function=nope", "--function=nope: no function"},
		{"--algo=dfs --in '" MODULE "' --function-regex=zzz", "--function-regex=zzz: no function"},
		{"--algo=dfs --in '" MODULE "' --min-blocks=100000", "--min-blocks=100000: no function"},
		{"--algo=dfs --function=x", "--function selects functions of an LLVM IR input"},
		{"--algo=dfs --blocks=100 --max-blocks=3", "--max-blocks selects functions"},
		{"--algo=dfs --in '" SSALAB_TEST_DATA "/good/diamond.prog' --function=x",
		 "is not LLVM IR"},
		{"--algo=dfs --in '" MODULE "' --function-regex='(('", "--function-regex=((: not a POSIX"},
		{"--algo=dfs --in '" MODULE "' --min-blocks=9 --max-blocks=3",
		 "--min-blocks=9 exceeds --max-blocks=3"},
		{"--algo=dfs --in '" MODULE "' --min-blocks=x", "--min-blocks=x: expected a block count"},
		{"--algo=dfs --in '" MODULE "' --max-blocks=-1", "--max-blocks=-1: expected"},
		{"--algo=dfs --in '" MODULE "' --function=a --function=b", "'--function' given twice"},
		{"--algo=dfs --in '" MODULE "' --function", "'--function' needs a value"},
		{"--algo=dfs --in '" MODULE "' --function=", "'--function' needs a non-empty value"},
		{"--algo=dfs --in '" MODULE "' --vars=4", "--vars: the functions of"},
		{"--algo=dfs --in '" MODULE "' --dump=dfs", "--dump needs exactly one function"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct bench_run r = bench(cases[i].args);
		cr_expect_eq(r.code, 2, "%s: exit %d", cases[i].args, r.code);
		cr_expect(strstr(r.err, cases[i].says), "%s: stderr '%s' lacks '%s'", cases[i].args,
			  r.err, cases[i].says);
		cr_expect_str_eq(r.out, "", "%s: output on a usage error", cases[i].args);
		bench_run_free(&r);
	}
}

Test(llvm_bench, malformed_ir_names_file_and_line_and_writes_nothing)
{
	char dir[256], out[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/report.csv", dir);
	static const char *const bad[] = {"syntax_error.ll", "invalid.ll"};
	for (int i = 0; i < 2; i++) {
		char args[1024];
		snprintf(args, sizeof args, "--algo=dfs --csv --in '%s/llvm/%s' --out '%s'",
			 SSALAB_TEST_DATA, bad[i], out);
		struct bench_run r = bench(args);
		cr_expect_eq(r.code, 1, "%s: exit %d", bad[i], r.code);
		char want[300];
		snprintf(want, sizeof want, "/llvm/%s:", bad[i]);
		cr_expect(strstr(r.err, want), "%s", r.err);
		cr_expect_not(bench_run_exists(out), "%s: partial --out left", bad[i]);
		bench_run_free(&r);
	}
	tools_rmdir(dir);
}

Test(llvm_bench, directory_and_bitcode_give_the_same_rows)
{
	REQUIRE_OPAQUE_POINTERS();
	char dir[256], bc[300], args[1024];
	tools_mkdtemp(dir, sizeof dir);
	cr_assert_eq(tools_sh("cp '%s' '%s/a.ll' && echo junk > '%s/notes.txt'", MODULE, dir, dir), 0);
	snprintf(bc, sizeof bc, "%s/b.bc", dir);
	LLVMContextRef ctx = LLVMContextCreate();
	LLVMMemoryBufferRef buf;
	LLVMModuleRef mod;
	char *msg = NULL;
	cr_assert_eq(LLVMCreateMemoryBufferWithContentsOfFile(MODULE, &buf, &msg), 0);
	cr_assert_eq(LLVMParseIRInContext(ctx, buf, &mod, &msg), 0, "%s", msg);
	cr_assert_eq(LLVMWriteBitcodeToFile(mod, bc), 0);
	LLVMDisposeModule(mod);
	LLVMContextDispose(ctx);

	snprintf(args, sizeof args, "--algo=snca --in '%s' --csv " FAST, dir);
	struct bench_run r = bench(args);
	cr_assert_eq(r.code, 0, "%s", r.err);
	struct table t;
	table_parse(&t, r.out);
	cr_assert_eq(t.nrows, 24, "both modules, in name order; notes.txt ignored");
	for (int i = 0; i < 12; i++) {
		cr_expect(strstr(cell(&t, i, "input"), "/a.ll"));
		cr_expect(strstr(cell(&t, 12 + i, "input"), "/b.bc"));
		cr_expect_str_eq(cell(&t, i, "function"), cell(&t, 12 + i, "function"));
		cr_expect_str_eq(cell(&t, i, "n"), cell(&t, 12 + i, "n"));
		cr_expect_str_eq(cell(&t, i, "m"), cell(&t, 12 + i, "m"));
		cr_expect_str_eq(cell(&t, i, "vars"), cell(&t, 12 + i, "vars"));
	}
	free(t.rows);
	bench_run_free(&r);

	/* Text: one summary per module; a filter matching nothing anywhere is a usage error. */
	snprintf(args, sizeof args, "--algo=snca --in '%s' " FAST, dir);
	r = bench(args);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(strstr(r.out, "/b.bc format=bitcode"), "%s", r.out);
	cr_expect(strstr(r.out, "/a.ll format=text"), "%s", r.out);
	bench_run_free(&r);
	snprintf(args, sizeof args, "--algo=snca --in '%s' --function=nope", dir);
	r = bench(args);
	cr_expect_eq(r.code, 2);
	cr_expect(strstr(r.err, "--function=nope: no function of the modules in"), "%s", r.err);
	bench_run_free(&r);
	tools_rmdir(dir);
}

/* A module of declarations only, alone or as the only module of a directory, is an input error
 * (it printed an empty table and exited 0, which reads as a run). */
Test(llvm_bench, a_module_without_functions_is_refused)
{
	char dir[256], args[1024];
	tools_mkdtemp(dir, sizeof dir);
	cr_assert_eq(tools_sh("printf 'declare i32 @f(i32)\\n' > '%s/decl.ll'", dir), 0);
	snprintf(args, sizeof args, "--algo=dfs --in '%s/decl.ll'", dir);
	struct bench_run r = bench(args);
	cr_expect_eq(r.code, 1, "exit %d: %s", r.code, r.err);
	cr_expect(strstr(r.err, "/decl.ll: the module has no function to run (0 defined, 0 of them "
				"skipped; 1 declared)"), "%s", r.err);
	bench_run_free(&r);
	snprintf(args, sizeof args, "--algo=dfs --in '%s'", dir);
	r = bench(args);
	cr_expect_eq(r.code, 1, "exit %d: %s", r.code, r.err);
	cr_expect(strstr(r.err, ": no module there has a function to run"), "%s", r.err);
	bench_run_free(&r);
	tools_rmdir(dir);
}

/* A directory with a good module and a broken one (sorted after it): without --keep-going
 * bench stops at the broken one, writes no --out and says that --keep-going exists; with it the
 * good module runs and is reported, the broken one is named with LLVM's reason, the summary
 * counts it, and the exit status is 1 all the same. */
Test(llvm_bench, keep_going_skips_a_module_that_cannot_be_read)
{
	REQUIRE_OPAQUE_POINTERS();
	char dir[256], out[300], args[1024];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(out, sizeof out, "%s/report.csv", dir);
	cr_assert_eq(tools_sh("mkdir '%s/m' && cp '%s' '%s/m/a.ll' && cp '%s/llvm/syntax_error.ll' "
			      "'%s/m/b.ll'", dir, MODULE, dir, SSALAB_TEST_DATA, dir), 0);
	snprintf(args, sizeof args, "--algo=dfs --in '%s/m' --csv --out '%s' " FAST, dir, out);
	struct bench_run r = bench(args);
	cr_expect_eq(r.code, 1, "%s", r.err);
	cr_expect(strstr(r.err, "/m/b.ll:"), "%s", r.err);
	cr_expect(strstr(r.err, "stopped at this module, 0 after it not run, no report "
				"(--keep-going skips"), "%s", r.err);
	cr_expect_not(bench_run_exists(out));
	bench_run_free(&r);

	snprintf(args, sizeof args, "--algo=dfs --in '%s/m' --csv --out '%s' --keep-going " FAST,
		 dir, out);
	r = bench(args);
	cr_expect_eq(r.code, 1, "%s", r.err);
	cr_expect(strstr(r.err, "/m/b.ll:"), "%s", r.err);
	cr_expect(strstr(r.err, "(skipped: --keep-going)"), "%s", r.err);
	cr_expect(strstr(r.err, "modules: read=1 skipped=1 (--keep-going: could not be read: "),
		  "%s", r.err);
	char *text = bench_run_slurp(out);
	cr_assert_not_null(text, "--keep-going wrote no --out");
	struct table t;
	table_parse(&t, text);
	cr_expect_eq(t.nrows, 12, "the good module's functions");
	for (int i = 0; i < t.nrows; i++)
		cr_expect(strstr(cell(&t, i, "input"), "/m/a.ll"));
	free(t.rows);
	free(text);
	bench_run_free(&r);

	/* The text report ends with the count; llvm-mem2reg, where built, runs on the good module
	 * too. */
	snprintf(args, sizeof args, "--algo=%s --in '%s/m' --keep-going " FAST,
		 SSALAB_TEST_LLVM_PEERS ? "dfs,llvm-mem2reg" : "dfs", dir);
	r = bench(args);
	cr_expect_eq(r.code, 1, "%s", r.err);
	cr_expect(strstr(r.out, "\nmodules: read=1 skipped=1"), "%s", r.out);
	cr_expect(strstr(r.out, "kernel: dfs "), "%s", r.out);
	bench_run_free(&r);
	tools_rmdir(dir);
}

Test(llvm_bench, pipeline_and_phi_skip_functions_without_variables)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_module m;
	read_module(&m);
	uint32_t withvars = 0;
	for (uint32_t i = 0; i < m.nfuncs; i++)
		withvars += m.funcs[i].prog.nvars > 0;
	cr_assert_lt(withvars, m.nfuncs, "the module has a function without variables");

	struct bench_run r = bench("--pipeline=snca,df-runner,phi-idf,rename-stack --in '" MODULE
				   "' --csv " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	struct table t;
	table_parse(&t, r.out);
	cr_assert_eq(t.nrows, (int)(4 * withvars));
	for (int i = 0; i < t.nrows; i++) {
		cr_expect_neq(num(cell(&t, i, "vars")), 0);
		if (!strcmp(cell(&t, i, "stage"), "rename"))
			cr_expect_str_eq(cell(&t, i, "check"), "ok", "%s", cell(&t, i, "function"));
	}
	free(t.rows);
	bench_run_free(&r);

	r = bench("--algo=phi-idf,rename-stack --in '" MODULE "' --csv " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	table_parse(&t, r.out);
	cr_expect_eq(t.nrows, (int)(withvars + m.nfuncs), "phi-idf skips, rename-stack does not");
	free(t.rows);
	bench_run_free(&r);

	r = bench("--pipeline=snca,phi-dj,rename-rd --in '" MODULE "' " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(strstr(r.out, "without variables: the pipeline skips them"), "%s", r.out);
	cr_expect(strstr(r.out, "kernel: rename-rd"), "%s", r.out);
	/* the inner stages are checked as part of the whole pipeline: n/a, not 0 */
	const char *dom = strstr(r.out, "kernel: snca");
	cr_assert_not_null(dom, "%s", r.out);
	cr_expect(strstr(dom, "checks_ok=n/a failed=n/a unchecked=n/a") &&
			  strstr(dom, "checks_ok=n/a") < strchr(dom, '\n'),
		  "%s", r.out);
	const char *ren = strstr(r.out, "kernel: rename-rd");
	char want[64];
	snprintf(want, sizeof want, "checks_ok=%u failed=0", withvars);
	cr_expect(strstr(ren, want) && strstr(ren, want) < strchr(ren, '\n'), "%s", r.out);
	bench_run_free(&r);
	llvmir_module_free(&m);
}

Test(llvm_bench, dump_of_one_function)
{
	REQUIRE_OPAQUE_POINTERS();
	struct bench_run r = bench("--algo=chk --dump=idom --function=nested --in '" MODULE "'");
	cr_assert_eq(r.code, 0, "%s", r.err);
	/* The IR's block labels, not numbers. */
	cr_expect(!strncmp(r.out, "entry -1\nfor.cond entry\n", 24), "%s", r.out);
	bench_run_free(&r);
}

Test(llvm_bench, gen_help_describes_from)
{
	struct bench_run r = bench_run_cmd(SSALAB_GEN_EXE, "--help");
	cr_assert_eq(r.code, 0);
	cr_expect(strstr(r.out, "gen --from MODULE.ll|.bc --out DIR"), "%s", r.out);
	cr_expect(strstr(r.out, "  --from MODULE"), "%s", r.out);
	bench_run_free(&r);
}

/* tools/sweep's real-code mode and tools/realcode on a corpus of one module: every function of
 * every run recorded once, inputs relative to the corpus, a rerun adds nothing, and the sums
 * match the importer's sizes. */
Test(llvm_bench, sweep_corpus_and_realcode_summary, .timeout = 300)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_module m;
	read_module(&m);
	uint32_t withvars = 0;
	uint64_t blocks = 0;
	for (uint32_t i = 0; i < m.nfuncs; i++) {
		withvars += m.funcs[i].prog.nvars > 0;
		blocks += m.funcs[i].prog.cfg.n;
	}
	char dir[256], raw[300], sums[300];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(raw, sizeof raw, "%s/raw.csv", dir);
	snprintf(sums, sizeof sums, "%s/sum", dir);
	/* dl/ holds tools/corpus's downloads, not modules. */
	cr_assert_eq(tools_sh("mkdir -p '%s/corpus/cb' '%s/corpus/dl' && cp '%s' '%s/corpus/cb/m.ll' "
			      "&& cp '%s' '%s/corpus/dl/ignored.ll'", dir, dir, MODULE, dir, MODULE, dir), 0);
	for (int pass = 0; pass < 2; pass++) {
		int rc = tools_sh("'%s/tools/sweep' --corpus='%s/corpus' --runs='dfs,chk;pipeline:snca,"
				  "phi-dj,rename-rd' --reps=1 --min-time=0 --bench='%s' --out='%s' "
				  "--quiet", SSALAB_SOURCE_DIR, dir, SSALAB_BENCH_EXE, raw);
		cr_assert_eq(rc, 0, "pass %d", pass);
		char *text = bench_run_slurp(raw);
		cr_assert_not_null(text);
		struct table t;
		table_parse(&t, text);
		cr_assert_eq(t.nrows, (int)(2 * m.nfuncs + 3 * withvars), "pass %d: %d rows", pass,
			     t.nrows);
		for (int i = 0; i < t.nrows; i++) {
			cr_expect_str_eq(cell(&t, i, "input"), "cb/m.ll");
			cr_expect_str_eq(cell(&t, i, "run"), i < (int)(2 * m.nfuncs)
							     ? "dfs,chk"
							     : "pipeline:snca,phi-dj,rename-rd");
		}
		free(t.rows);
		free(text);
	}
	cr_assert_eq(tools_sh("'%s/tools/realcode' '%s' --out='%s' --no-figure 2>/dev/null",
			      SSALAB_SOURCE_DIR, raw, sums), 0);
	char path[400], want[200];
	snprintf(path, sizeof path, "%s/realcode-sizes.csv", sums);
	char *sizes = bench_run_slurp(path);
	cr_assert_not_null(sizes);
	snprintf(want, sizeof want, "\ncb,12,%" PRIu64 ",", blocks);
	cr_expect(strstr(sizes, want), "%s", sizes);
	free(sizes);
	snprintf(path, sizeof path, "%s/realcode.csv", sums);
	char *sum = bench_run_slurp(path);
	cr_assert_not_null(sum);
	snprintf(want, sizeof want, "\nall,kernel,floor,dfs,12,%" PRIu64 ",", blocks);
	cr_expect(strstr(sum, want), "%s", sum);
	cr_expect(strstr(sum, "\nall,kernel,dom,chk,12,"), "%s", sum);
	cr_expect(strstr(sum, "\nall,\"pipeline:snca,phi-dj,rename-rd\",total,total,"), "%s", sum);
	free(sum);
	tools_rmdir(dir);
	llvmir_module_free(&m);
}

/* Each function's kernels interleave; the module's kernel lines give x_dfs as a ratio of sums
 * over the functions with its bootstrap interval, and the busy flag reaches LLVM IR rows and
 * summaries (forced through SSALAB_BENCH_BUSY_UTILIZATION, as a quiet machine cannot be made
 * busy on demand). */
Test(llvm_bench, ratios_and_busy_flag_on_llvm_ir)
{
	REQUIRE_OPAQUE_POINTERS();
	struct bench_run r = bench("--algo=dfs,chk --in '" MODULE "' --reps=5 --min-time=0.00005");
	cr_assert_eq(r.code, 0, "%s", r.err);
	const char *k = strstr(r.out, "kernel: chk ");
	cr_assert_not_null(k, "%s", r.out);
	const char *x = strstr(k, " x_dfs=");
	cr_assert_not_null(x, "%s", k);
	double v, lo, hi;
	unsigned nf;
	cr_assert_eq(sscanf(x, " x_dfs=%lf [%lf, %lf] over %u functions", &v, &lo, &hi, &nf), 4,
		     "%s", x);
	cr_expect_eq(nf, 12);
	cr_expect(lo <= v && v <= hi && lo > 0, "%g [%g, %g]", v, lo, hi);
	cr_expect(strstr(k, " busy_functions="), "%s", k);
	bench_run_free(&r);

	setenv("SSALAB_BENCH_BUSY_UTILIZATION", "50", 1);
	r = bench("--algo=dfs,chk --in '" MODULE "' --csv " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	struct table t;
	table_parse(&t, r.out);
	cr_assert_eq(t.nrows, 24);
	for (int i = 0; i < t.nrows; i++) {
		cr_expect_str_eq(cell(&t, i, "busy"), "yes", "row %d", i);
		cr_expect_str_eq(cell(&t, i, "interleaved"), "yes", "row %d", i);
		cr_expect_neq(cell(&t, i, "x_dfs")[0], 0, "row %d", i);
	}
	free(t.rows);
	bench_run_free(&r);
	r = bench("--algo=dfs,chk --in '" MODULE "' " FAST);
	unsetenv("SSALAB_BENCH_BUSY_UTILIZATION");
	cr_assert_eq(r.code, 0, "%s", r.err);
	k = strstr(r.out, "kernel: chk ");
	cr_assert_not_null(k, "%s", r.out);
	const char *nl = strchr(k, '\n');
	cr_expect(strstr(k, "busy_functions=12") && strstr(k, "busy_functions=12") < nl, "%s", k);
	cr_expect(strstr(k, " busy (timings inflated)") && strstr(k, " busy (timings inflated)") < nl,
		  "%s", k);
	cr_expect(strstr(r.err, "bench: warning: chk got "), "%s", r.err);
	bench_run_free(&r);
}

/* Each kernel's module summary, and its summary over the whole run, are CSV rows too (status
 * "summary", the function empty), with the paired ratios of the kernel: lines to x_dfs and to
 * --baseline, lo <= x <= hi. */
Test(llvm_bench, module_summaries_are_csv_rows_with_ratios)
{
	REQUIRE_OPAQUE_POINTERS();
	struct bench_run r = bench("--algo=dfs,chk,slt --baseline=chk --in '" MODULE "' --csv "
				   "--reps=5 --min-time=0.00005");
	cr_assert_eq(r.code, 0, "%s", r.err);
	struct table t;
	char *copy = strdup(r.out);
	table_parse(&t, copy);
	cr_expect_eq(t.nrows, 36);
	cr_expect_eq(t.nsummary, 6, "3 kernels, one module and the whole run");
	free(t.rows);
	free(copy);
	/* The summary rows themselves. */
	int seen = 0;
	for (char *line = strstr(r.out, "\n"); line && line[1]; line = strchr(line + 1, '\n')) {
		char f[MAXF][512];
		int nf = tools_csv_split(line + 1, f, MAXF);
		(void)nf;
		if (strcmp(f[2], "summary"))
			continue;
		struct table h;
		char *hc = strdup(r.out);
		*strchr(hc, '\n') = 0;
		h.ncols = tools_csv_split(hc, h.head, MAXF);
		h.rows = malloc(sizeof *h.rows);
		memcpy(h.rows[0], f, sizeof f);
		h.nrows = 1;
		cr_expect_str_eq(cell(&h, 0, "function"), "");
		cr_expect_str_eq(cell(&h, 0, "input"), MODULE);
		cr_expect_eq(num(cell(&h, 0, "files")), 12, "the functions it sums");
		cr_expect_str_eq(cell(&h, 0, "baseline"), "chk");
		double x = strtod(cell(&h, 0, "x_base"), NULL), lo = strtod(cell(&h, 0, "x_base_lo"), NULL),
		       hi = strtod(cell(&h, 0, "x_base_hi"), NULL);
		cr_expect(lo <= x && x <= hi && lo > 0, "%s: %g [%g, %g]", f[0], x, lo, hi);
		x = strtod(cell(&h, 0, "x_dfs"), NULL);
		lo = strtod(cell(&h, 0, "x_dfs_lo"), NULL);
		hi = strtod(cell(&h, 0, "x_dfs_hi"), NULL);
		cr_expect(lo <= x && x <= hi && lo > 0, "%s: %g [%g, %g]", f[0], x, lo, hi);
		cr_expect_gt(strtod(cell(&h, 0, "sum_median_ms"), NULL), 0);
		free(h.rows);
		free(hc);
		seen++;
	}
	cr_expect_eq(seen, 6);
	bench_run_free(&r);
	/* The text report's kernel: lines carry the ratio to the baseline. */
	r = bench("--algo=dfs,chk,slt --baseline=chk --in '" MODULE "' --reps=5 --min-time=0.00005");
	cr_assert_eq(r.code, 0, "%s", r.err);
	const char *k = strstr(r.out, "kernel: slt ");
	cr_assert_not_null(k, "%s", r.out);
	const char *x = strstr(k, " x_chk=");
	cr_assert_not_null(x, "%s", k);
	double v, lo, hi;
	unsigned nf;
	cr_assert_eq(sscanf(x, " x_chk=%lf [%lf, %lf] over %u functions", &v, &lo, &hi, &nf), 4,
		     "%s", x);
	cr_expect(lo <= v && v <= hi && nf == 12, "%g [%g, %g] over %u", v, lo, hi, nf);
	bench_run_free(&r);
}

/* A module gets the comparison table a single graph gets (per kernel: functions, summed median,
 * x_dfs and x_BASE with their intervals, checks), and --format=md prints it as markdown. */
Test(llvm_bench, module_table_and_markdown)
{
	REQUIRE_OPAQUE_POINTERS();
	struct bench_run r = bench("--algo=dfs,auto,snca --baseline=snca --in '" MODULE "' " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(strstr(r.out, "\ntable: algo           stage   functions     total_ms    x_dfs "
				"x_dfs_95%             checks         x_snca x_snca_95%\n"),
		  "%s", r.out);
	cr_expect(strstr(r.out, "\ntable: auto           dom     "), "%s", r.out);
	bench_run_free(&r);
	r = bench("--algo=dfs,auto,snca --baseline=snca --format=md --in '" MODULE "' " FAST);
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(strstr(r.out, "\n| algo | stage | functions | total_ms | x_dfs | x_dfs_95% | checks "
				"| x_snca | x_snca_95% |\n|---|---|--:|--:|--:|--:|--:|--:|--:|\n| dfs | "
				"floor | "),
		  "%s", r.out);
	cr_expect(strstr(r.out, "\n| snca | dom | ") && strstr(r.out, " | 1.00 | [1.00,1.00] |\n"),
		  "%s", r.out);
	cr_expect_null(strstr(r.out, "\ntable: "), "%s", r.out);
	bench_run_free(&r);
	r = bench("--algo=dfs --format=md --csv --in '" MODULE "' " FAST);
	cr_expect_eq(r.code, 2, "--format with --csv");
	bench_run_free(&r);
	r = bench("--algo=dfs --format=html --in '" MODULE "' " FAST);
	cr_expect_eq(r.code, 2);
	cr_expect(strstr(r.err, "--format=html: expected text, md, csv or json"), "%s", r.err);
	bench_run_free(&r);
}
