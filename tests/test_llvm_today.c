/* IR from today's compilers, and errors instead of signals (algos/llvmir).
 *
 * What clang of the linked LLVM writes for C (switch with shared cases, computed goto, asm goto)
 * and C++ with exceptions, compiled here; Rust bitcode from Debian's rustc 1.63 and rustc 1.95,
 * and clang-14's bitcode and typed-pointer text, checked in (data/llvm/rust_1_*.rs,
 * clang14.c). For each: the CFG exactly (successor order of llvmir.h, repeated switch targets
 * as multi-edges) and the variables; and on every input the variables against opt's mem2reg
 * (after instnamer, so every alloca has a name on both sides). optnone functions (clang -O0):
 * imported, no variables, counted. LLVM 22's promotion rule case by case (promote22.ll, with
 * the one-argument lifetime markers). Bad input: a bitcode file LLVM 22 crashes on
 * (crash_reader.bc) becomes an error naming the signal; a module from a newer LLVM and pre-3.7
 * text IR get their sentence.
 *
 * The exact CFG shapes of what clang compiles here are clang 22's; with another LLVM linked
 * those checks skip (the agreement with opt still runs). */
#include "llvmir/llvmir.h"
#include "support/llvm_module.h"
#include "support/tools_util.h"
#include "util/status.h"

#include <criterion/criterion.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The variables' names, space-separated. */
static void var_string(const struct llvmir_func *f, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	for (uint32_t v = 0; v < f->prog.nvars && k < len; v++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", v ? " " : "", llvmir_var_name(f, v));
}

/* Block names, space-separated, so a shape names what it was checked against. */
static void block_string(const struct llvmir_func *f, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	for (uint32_t b = 0; b < f->prog.cfg.n && k < len; b++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s", b ? " " : "",
				      llvmir_block_name(f, b));
}

struct shape {
	const char *fn, *blocks, *succ, *vars;
};

static void expect_shapes(const struct llvmir_module *m, const struct shape *want, size_t n)
{
	char buf[1024];
	for (size_t i = 0; i < n; i++) {
		const struct llvmir_func *f = func(m, want[i].fn);
		block_string(f, buf, sizeof buf);
		cr_expect_str_eq(buf, want[i].blocks, "%s blocks: %s", want[i].fn, buf);
		succ_string(f, buf, sizeof buf);
		cr_expect_str_eq(buf, want[i].succ, "%s successors: %s", want[i].fn, buf);
		var_string(f, buf, sizeof buf);
		cr_expect_str_eq(buf, want[i].vars, "%s variables: %s", want[i].fn, buf);
		char why[200];
		cr_expect(prog_is_valid(&f->prog, why, sizeof why), "%s: %s", want[i].fn, why);
	}
}

static bool have_tool(const char *tool)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", SSALAB_LLVM_BINDIR, tool);
	return access(path, X_OK) == 0;
}

#define REQUIRE_TOOL(t)                                                                      \
	do {                                                                                 \
		if (!have_tool(t))                                                           \
			cr_skip_test(t " not installed in %s", SSALAB_LLVM_BINDIR);         \
	} while (0)

/* Writes src to dir/name and compiles it with the linked LLVM's clang (clang++ for .cpp) to
 * dir/name.ll; returns the path of the .ll in out. */
static void compile(const char *dir, const char *name, const char *src, const char *flags,
		    char *out, size_t outlen)
{
	char path[700];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(src, f);
	cr_assert_eq(fclose(f), 0);
	bool cxx = strstr(name, ".cpp") != NULL;
	snprintf(out, outlen, "%s/%s.ll", dir, name);
	cr_assert_eq(tools_sh("'%s/%s' %s -S -emit-llvm -o '%s' '%s'", SSALAB_LLVM_BINDIR,
			      cxx ? "clang++" : "clang", flags, out, path), 0, "compiling %s", name);
}

/* ---- the importer against opt's mem2reg, on any module ---- */

/* The entry-block allocas of every function of an opt -S output: "fn:a,b,c;" per function in
 * module order (the entry block runs from the define line to the first blank line). */
static void entry_allocas(const char *text, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	const char *p = text;
	while ((p = strstr(p, "\ndefine ")) != NULL) {
		p++;
		const char *at = strchr(p, '@');
		const char *eol = strchr(p, '\n');
		cr_assert(at && eol && at < eol);
		at++;
		const char *end;
		if (*at == '"') {
			at++;
			end = strchr(at, '"');
		} else {
			end = at;
			while (*end && *end != '(')
				end++;
		}
		k += (size_t)snprintf(buf + k, len - k, "%.*s:", (int)(end - at), at);
		bool first = true;
		for (const char *l = eol + 1; *l && *l != '\n' && *l != '}';) {
			const char *le = strchr(l, '\n');
			if (!le)
				break;
			const char *s = l;
			while (*s == ' ')
				s++;
			const char *eq = strstr(s, " = alloca ");
			if (*s == '%' && eq && eq < le) {
				k += (size_t)snprintf(buf + k, len - k, "%s%.*s", first ? "" : ",",
						      (int)(eq - s - 1), s + 1);
				first = false;
			}
			l = le + 1;
		}
		k += (size_t)snprintf(buf + k, len - k, ";");
		cr_assert_lt(k, len, "allocas listing too long");
	}
}

/* Runs instnamer on in (so that promoted and kept allocas keep their names), imports that, runs
 * mem2reg on it, and checks per function: the allocas opt left in the entry block are exactly
 * the importer's rejected ones, in order; those it removed are the variables, in order. With
 * the entry allocas of the named input, vars + rejected = all of them. Returns the number of
 * functions checked. */
static uint32_t agree_with_opt(const char *in, const char *dir)
{
	char named[800], promoted[800];
	snprintf(named, sizeof named, "%s/named.ll", dir);
	snprintf(promoted, sizeof promoted, "%s/promoted.ll", dir);
	cr_assert_eq(tools_sh("'%s/opt' -passes=instnamer -S '%s' -o '%s'", SSALAB_LLVM_BINDIR, in,
			      named), 0);
	cr_assert_eq(tools_sh("'%s/opt' -passes=mem2reg -S '%s' -o '%s'", SSALAB_LLVM_BINDIR,
			      named, promoted), 0);
	struct llvmir_module m;
	read_ok(named, &m);
	size_t len;
	char *before = tools_slurp(named, &len), *after = tools_slurp(promoted, &len);
	cr_assert(before && after);
	static char all[1 << 16], kept[1 << 16], mine_all[1 << 16], mine_kept[1 << 16];
	entry_allocas(before, all, sizeof all);
	entry_allocas(after, kept, sizeof kept);
	size_t ka = 0, kk = 0;
	mine_all[0] = mine_kept[0] = 0;
	for (uint32_t i = 0; i < m.nfuncs; i++) {
		const struct llvmir_func *f = &m.funcs[i];
		/* vars and rejected, merged back into instruction order by the named input's list */
		ka += (size_t)snprintf(mine_all + ka, sizeof mine_all - ka, "%s:",
				       llvmir_func_name(f));
		kk += (size_t)snprintf(mine_kept + kk, sizeof mine_kept - kk, "%s:",
				       llvmir_func_name(f));
		for (uint32_t r = 0; r < f->nrejected; r++)
			kk += (size_t)snprintf(mine_kept + kk, sizeof mine_kept - kk, "%s%s",
					       r ? "," : "", f->names + f->rej_name[r]);
		kk += (size_t)snprintf(mine_kept + kk, sizeof mine_kept - kk, ";");
		ka += (size_t)snprintf(mine_all + ka, sizeof mine_all - ka, "%u;",
				       f->prog.nvars + f->nrejected);
	}
	cr_expect_str_eq(mine_kept, kept, "%s: the allocas opt kept (right) are the importer's "
			 "rejected ones (left)", in);
	/* counts of all entry allocas per function */
	char counted[1 << 12];
	size_t kc = 0;
	for (const char *p = all; *p;) {
		const char *colon = strchr(p, ':'), *semi = strchr(p, ';');
		uint32_t c = 0;
		for (const char *q = colon + 1; q < semi; q++)
			c += *q == ',';
		c += semi > colon + 1;
		kc += (size_t)snprintf(counted + kc, sizeof counted - kc, "%.*s%u;",
				       (int)(colon - p + 1), p, c);
		p = semi + 1;
	}
	cr_expect_str_eq(mine_all, counted, "%s: variables + rejected = entry allocas", in);
	uint32_t n = m.nfuncs;
	llvmir_module_free(&m);
	free(before);
	free(after);
	return n;
}

/* ---- C and C++ from the clang of the linked LLVM ---- */

static const char c_src[] =
	"int sw(int x)\n{\n\tint r = 0;\n\tswitch (x) {\n\tcase 1:\n\tcase 3: r = 10; break;\n"
	"\tcase 2: r = 20; break;\n\tdefault: r = -1;\n\t}\n\treturn r;\n}\n"
	"int cgoto(int i)\n{\n\tstatic void *tab[] = {&&a, &&b};\n\tint v = 0;\n"
	"\tgoto *tab[i & 1];\na:\tv = 1;\n\tgoto out;\nb:\tv = 2;\nout:\treturn v;\n}\n"
	"int agoto(int x)\n{\n\tint y = x;\n\tasm goto(\"\" : : \"r\"(y) : : fail);\n\treturn y;\n"
	"fail:\n\treturn -y;\n}\n";

static const char cxx_src[] =
	"struct G { ~G(); };\nint mayThrow(int);\n"
	"int eh(int x)\n{\n\tint r = 0;\n\ttry {\n\t\tG g;\n\t\tr = mayThrow(x);\n"
	"\t} catch (int e) {\n\t\tr = e;\n\t} catch (...) {\n\t\tr = -1;\n\t}\n\treturn r;\n}\n"
	"int cleanup(int x)\n{\n\tG g;\n\treturn mayThrow(x) + mayThrow(x + 1);\n}\n";

#define O0_PROMOTABLE "-O0 -Xclang -disable-O0-optnone -fno-discard-value-names"

Test(llvm_today, clang_c_switch_computed_goto_asm_goto)
{
	REQUIRE_TOOL("clang");
	char dir[512], ll[800];
	tools_mkdtemp(dir, sizeof dir);
	compile(dir, "today.c", c_src, O0_PROMOTABLE, ll, sizeof ll);
	struct llvmir_module m;
	read_ok(ll, &m);
	cr_expect_eq(m.nfuncs, 3);
	cr_expect_eq(m.noptnone, 0);
	if (SSALAB_LLVM_MAJOR == 22) {
		static const struct shape want[] = {
			/* switch: default, then cases 1, 3 (the same block twice), 2 */
			{"sw", "entry sw.bb sw.bb1 sw.default sw.epilog", "0:3,1,1,2 1:4 2:4 3:4 4:",
			 "x.addr r"},
			/* clang puts the indirectbr in a block of its own, last; its list: a, b */
			{"cgoto", "entry a b out indirectgoto", "0:4 1:3 2:3 3: 4:1,2", "i.addr v"},
			/* callbr: the fallthrough, then the indirect target */
			{"agoto", "entry asm.fallthrough fail return", "0:1,2 1:3 2:3 3:",
			 "retval x.addr y"},
		};
		expect_shapes(&m, want, sizeof want / sizeof want[0]);
	}
	llvmir_module_free(&m);
	if (have_tool("opt"))
		cr_expect_eq(agree_with_opt(ll, dir), 3);
	tools_rmdir(dir);
}

Test(llvm_today, clang_cxx_exceptions_invoke_landingpad_resume)
{
	REQUIRE_TOOL("clang++");
	char dir[512], ll[800];
	tools_mkdtemp(dir, sizeof dir);
	compile(dir, "today.cpp", cxx_src, O0_PROMOTABLE " -fexceptions", ll, sizeof ll);
	struct llvmir_module m;
	read_ok(ll, &m);
	cr_expect_eq(m.nfuncs, 2);
	if (SSALAB_LLVM_MAJOR == 22) {
		static const struct shape want[] = {
			/* invoke: normal, unwind; catch dispatch by type id, catch-all last */
			{"_Z2ehi", "entry invoke.cont lpad catch.dispatch catch1 try.cont catch",
			 "0:1,2 1:5 2:3 3:4,6 4:5 5: 6:5", "x.addr r exn.slot ehselector.slot e"},
			/* two invokes sharing one cleanup landing pad that ends in resume */
			{"_Z7cleanupi", "entry invoke.cont invoke.cont1 lpad eh.resume",
			 "0:1,3 1:2,3 2: 3:4 4:", "x.addr exn.slot ehselector.slot"},
		};
		expect_shapes(&m, want, sizeof want / sizeof want[0]);
	}
	llvmir_module_free(&m);
	if (have_tool("opt"))
		cr_expect_eq(agree_with_opt(ll, dir), 2);
	tools_rmdir(dir);
}

/* ---- optnone ---- */

Test(llvm_today, optnone_functions_keep_their_cfg_and_have_no_variables)
{
	REQUIRE_TOOL("clang");
	char dir[512], ll[800];
	tools_mkdtemp(dir, sizeof dir);
	/* plain -O0: clang marks every function optnone (and noinline) */
	compile(dir, "today.c", c_src, "-O0 -fno-discard-value-names", ll, sizeof ll);
	struct llvmir_module m;
	read_ok(ll, &m);
	cr_expect_eq(m.nfuncs, 3);
	cr_expect_eq(m.noptnone, 3);
	const struct llvmir_func *f = func(&m, "sw");
	cr_expect(f->optnone);
	cr_expect_eq(f->prog.nvars, 0);
	cr_expect_eq(f->prog.nops, 0);
	cr_assert_eq(f->nrejected, 2);
	cr_expect_str_eq(f->names + f->rej_name[0], "x.addr");
	cr_expect_str_eq(f->names + f->rej_name[1], "r");
	for (uint32_t r = 0; r < f->nrejected; r++)
		cr_expect_eq(f->rej_reason[r], LLVMIR_REJ_OPTNONE);
	cr_expect_str_eq(llvmir_reject_str(LLVMIR_REJ_OPTNONE),
			 "function is optnone (mem2reg skips it)");
	if (SSALAB_LLVM_MAJOR == 22) {
		char buf[256];
		succ_string(f, buf, sizeof buf); /* the same CFG as without optnone */
		cr_expect_str_eq(buf, "0:3,1,1,2 1:4 2:4 3:4 4:");
	}
	llvmir_module_free(&m);
	/* opt's mem2reg leaves an optnone function alone: every alloca stays */
	if (have_tool("opt"))
		cr_expect_eq(agree_with_opt(ll, dir), 3);

	/* gen --from and llvmir-stat say how many were optnone */
	cr_assert_eq(tools_sh("'%s' --from '%s' --out '%s/out' 2>'%s/err'", SSALAB_GEN_EXE, ll, dir,
			      dir), 0);
	char p[800];
	snprintf(p, sizeof p, "%s/err", dir);
	size_t len;
	char *text = tools_slurp(p, &len);
	cr_assert_not_null(text);
	cr_expect(strstr(text, "functions=3 optnone=3 ") != NULL, "%s", text);
	free(text);
	char stat_exe[800];
	snprintf(stat_exe, sizeof stat_exe, "%s", SSALAB_GEN_EXE);
	char *slash = strrchr(stat_exe, '/');
	cr_assert_not_null(slash);
	snprintf(slash + 1, sizeof stat_exe - (size_t)(slash + 1 - stat_exe), "llvmir-stat");
	if (access(stat_exe, X_OK) == 0) {
		cr_assert_eq(tools_sh("'%s' '%s' >'%s/stat'", stat_exe, ll, dir), 0);
		snprintf(p, sizeof p, "%s/stat", dir);
		text = tools_slurp(p, &len);
		cr_assert_not_null(text);
		cr_expect(strstr(text, "functions=3 optnone=3 ") != NULL, "%s", text);
		cr_expect(strstr(text, "total: modules=1 ") != NULL, "%s", text);
		free(text);
	}
	tools_rmdir(dir);
}

/* ---- checked-in modules from other compilers ---- */

Test(llvm_today, rust_bitcode_from_rustc_1_63_and_1_95)
{
	struct llvmir_module a, b;
	read_ok(LLDATA "rust_1_63.bc", &a);
	read_ok(LLDATA "rust_1_95.bc", &b);
	cr_expect(a.bitcode && b.bitcode);
	cr_expect_eq(a.nfuncs, 5);
	cr_expect_eq(b.nfuncs, 5);
	cr_expect_eq(a.noptnone + b.noptnone, 0);
	static const struct shape want63[] = {
		/* match: default, then 1 and 3 (one arm: a multi-edge), 2, 7 */
		{"classify", "start bb1 bb2 bb3 bb4 bb5", "0:1,2,2,3,4 1:5 2:5 3:5 4:5 5:", "0"},
		/* br cond: true then false; the overflow check's panic block */
		{"sum_to", "start bb1 bb5 bb2 bb3 bb4 panic", "0:1 1:3,2 2: 3:4 4:6,5 5:1 6:", "i s"},
		/* invoke: normal, unwind; the drop invoked from the cleanup pad; resume: none. The
		 * guard is passed to its drop, the landing pad's slot is a struct: no variables */
		{"guarded", "start bb3 cleanup bb1 abort bb4 bb2", "0:3,2 1:5,4 2:1 3:6 4: 5: 6:", ""},
	};
	expect_shapes(&a, want63, sizeof want63 / sizeof want63[0]);
	/* rustc 1.95 allocates locals as byte arrays ([4 x i8]) and stores i32 into them: LLVM
	 * 22's mem2reg does not promote those (SROA would), so they are memory here too. */
	static const struct shape want95[] = {
		{"classify", "start bb1 bb4 bb3 bb2 bb5", "0:1,2,2,3,4 1:5 2:5 3:5 4:5 5:", ""},
		{"sum_to", "start bb1 bb5 bb2 bb4 panic", "0:1 1:3,2 2: 3:5,4 4:1 5:", ""},
		{"guarded", "start bb3 cleanup bb1 terminate bb4", "0:3,2 1:5,4 2:1 3: 4: 5:", ""},
	};
	expect_shapes(&b, want95, sizeof want95 / sizeof want95[0]);
	const struct llvmir_func *f = func(&b, "sum_to");
	cr_assert_eq(f->nrejected, 2);
	for (uint32_t r = 0; r < f->nrejected; r++)
		cr_expect(f->rej_reason[r] == LLVMIR_REJ_LOAD_TYPE ||
				  f->rej_reason[r] == LLVMIR_REJ_STORE_TYPE,
			  "%s", llvmir_reject_str(f->rej_reason[r]));
	llvmir_module_free(&a);
	llvmir_module_free(&b);
	if (have_tool("opt")) {
		char dir[512];
		tools_mkdtemp(dir, sizeof dir);
		cr_expect_eq(agree_with_opt(LLDATA "rust_1_63.bc", dir), 5);
		cr_expect_eq(agree_with_opt(LLDATA "rust_1_95.bc", dir), 5);
		tools_rmdir(dir);
	}
}

Test(llvm_today, bitcode_and_typed_pointer_text_of_llvm_14)
{
	struct llvmir_module a, b;
	read_ok(LLDATA "clang14.bc", &a);  /* LLVM 14's bitcode, upgraded on reading */
	read_ok(LLDATA "clang14.ll", &b);  /* text with typed pointers (i32*), read as ptr */
	static const struct shape want[] = {
		{"pick", "entry for.cond for.body if.then if.end for.inc for.end",
		 "0:1 1:2,6 2:3,4 3:4 4:5 5:1 6:", "p.addr n.addr best i"},
	};
	expect_shapes(&a, want, 1);
	expect_shapes(&b, want, 1);
	llvmir_module_free(&a);
	llvmir_module_free(&b);
	if (have_tool("opt")) {
		char dir[512];
		tools_mkdtemp(dir, sizeof dir);
		cr_expect_eq(agree_with_opt(LLDATA "clang14.bc", dir), 1);
		tools_rmdir(dir);
	}
}

/* ---- LLVM 22's promotion rule ---- */

Test(llvm_today, promotion_rule_of_llvm_22)
{
	if (SSALAB_LLVM_MAJOR < 22)
		cr_skip_test("one-argument lifetime markers need LLVM >= 22 (linked: %d)",
			     SSALAB_LLVM_MAJOR);
	struct llvmir_module m;
	read_ok(LLDATA "promote22.ll", &m);
	const struct llvmir_func *f = func(&m, "rule22");
	char buf[256];
	var_string(f, buf, sizeof buf);
	cr_expect_str_eq(buf, "life fake gepdrop bcdrop");
	static const struct {
		const char *name;
		enum llvmir_reject why;
	} rej[] = {
		{"consist", LLVMIR_REJ_LOAD_TYPE}, /* i64 accesses of an i32 alloca, all alike */
		{"flt", LLVMIR_REJ_LOAD_TYPE},     /* float accesses of an i32 alloca */
		{"arr1", LLVMIR_REJ_STORE_TYPE},   /* i32 into [1 x i32] */
		{"bytes", LLVMIR_REJ_STORE_TYPE},  /* i32 into [4 x i8], as rustc 1.95 writes */
		{"fakegep", LLVMIR_REJ_CAST_USE},  /* llvm.fake.use through a GEP */
	};
	cr_assert_eq(f->nrejected, sizeof rej / sizeof rej[0]);
	for (uint32_t r = 0; r < f->nrejected; r++) {
		cr_expect_str_eq(f->names + f->rej_name[r], rej[r].name);
		cr_expect_eq(f->rej_reason[r], rej[r].why, "%s: %s", rej[r].name,
			     llvmir_reject_str(f->rej_reason[r]));
	}
	llvmir_module_free(&m);
	if (have_tool("opt")) {
		char dir[512];
		tools_mkdtemp(dir, sizeof dir);
		cr_expect_eq(agree_with_opt(LLDATA "promote22.ll", dir), 1);
		tools_rmdir(dir);
	}
}

/* ---- errors, never signals ---- */

Test(llvm_today, a_module_llvm_crashes_on_is_an_error)
{
	/* clang-22 -O1 -emit-llvm output of a small loop, three bytes changed: LLVM 22's bitcode
	 * reader dereferences garbage on it (llvm-dis-22 dies of SIGSEGV too). */
	struct llvmir_module m;
	struct io_error err;
	memset(&err, 0, sizeof err);
	int st = llvmir_read(LLDATA "crash_reader.bc", NULL, &m, &err);
	cr_expect_eq(st, SSA_EINPUT);
	cr_expect_str_eq(err.file, LLDATA "crash_reader.bc");
	cr_expect_str_eq(err.what, "LLVM crashed (SIGSEGV) while reading or verifying this module");
	cr_expect_null(m.funcs);
	/* with a memory limit the child is capped, and the message says so */
	struct llvmir_options o;
	llvmir_options_default(&o);
	o.mem_limit = 64u << 20;
	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(LLDATA "crash_reader.bc", &o, &m, &err), SSA_EINPUT);
	cr_expect(strstr(err.what, "LLVM crashed (SIGSEGV)") != NULL, "%s", err.what);
	cr_expect(strstr(err.what, "capped at 64 MB") != NULL, "%s", err.what);
	/* and a valid module still reads under the cap */
	read_ok(LLDATA "rust_1_95.bc", &m);
	llvmir_module_free(&m);
	cr_expect_eq(llvmir_read(LLDATA "rust_1_95.bc", &o, &m, &err), SSA_OK, "%s", err.what);
	llvmir_module_free(&m);
	/* gen --from reports it and exits 1 */
	char dir[512];
	tools_mkdtemp(dir, sizeof dir);
	cr_expect_eq(tools_sh("'%s' --from '%s' --out '%s/out' 2>'%s/err'", SSALAB_GEN_EXE,
			      LLDATA "crash_reader.bc", dir, dir), 1);
	char p[800];
	snprintf(p, sizeof p, "%s/err", dir);
	size_t len;
	char *text = tools_slurp(p, &len);
	cr_assert_not_null(text);
	cr_expect_str_eq(text, "gen: " LLDATA "crash_reader.bc: LLVM crashed (SIGSEGV) while "
			       "reading or verifying this module\n");
	free(text);
	tools_rmdir(dir);
}

Test(llvm_today, newer_or_long_gone_input_says_so)
{
	/* clang-22 bitcode with its producer string changed to LLVM99 and its last third cut */
	struct llvmir_module m;
	struct io_error err;
	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(LLDATA "newer_truncated.bc", NULL, &m, &err), SSA_EINPUT);
	cr_expect(strncmp(err.what, "invalid bitcode: ", 17) == 0, "%s", err.what);
	char want[200];
	snprintf(want, sizeof want, ". It was written by LLVM 99, newer than the LLVM %d.",
		 SSALAB_LLVM_MAJOR);
	cr_expect(strstr(err.what, want) != NULL, "%s", err.what);
	/* text IR of LLVM 3.6 and before: load without its result type */
	char dir[512], path[600];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/old.ll", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("define i32 @f(i32* %p) {\n  %v = load i32* %p\n  ret i32 %v\n}\n", f);
	cr_assert_eq(fclose(f), 0);
	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(path, NULL, &m, &err), SSA_EINPUT);
	cr_expect_eq(err.line, 2);
	cr_expect_str_eq(err.what, "invalid LLVM IR: column 18: expected comma after load's type. "
				   "This looks like text IR of LLVM 3.6 or older (load or "
				   "getelementptr without its type), which LLVM no longer reads; "
				   "that LLVM's bitcode still reads");
	/* an instruction LLVM does not know */
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("define void @f(ptr %p) {\n  %v = frobnicate i32 %p\n  ret void\n}\n", f);
	cr_assert_eq(fclose(f), 0);
	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(path, NULL, &m, &err), SSA_EINPUT);
	cr_expect(strstr(err.what, "expected instruction opcode. LLVM ") != NULL, "%s", err.what);
	cr_expect(strstr(err.what, "does not know a kind used here: the module may come from a "
				   "newer LLVM") != NULL, "%s", err.what);
	tools_rmdir(dir);
}

/* The child costs one parse of the module: on a module of 20 000 small functions, the import
 * with it takes less than three times the import without it (CPU of both processes; generous,
 * for a shared machine). The measured figure is in algos/llvmir/README.md. */
Test(llvm_today, the_checking_child_costs_about_one_parse, .timeout = 120)
{
	char dir[512], path[600];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/many.ll", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	for (int i = 0; i < 20000; i++)
		fprintf(f, "define i32 @f%d(i32 %%a, i1 %%c) {\nentry:\n  %%x = alloca i32\n"
			   "  store i32 %%a, ptr %%x\n  br i1 %%c, label %%t, label %%j\nt:\n"
			   "  store i32 %d, ptr %%x\n  br label %%j\nj:\n  %%r = load i32, ptr %%x\n"
			   "  ret i32 %%r\n}\n", i, i);
	cr_assert_eq(fclose(f), 0);
	double t[2];
	for (int iso = 0; iso < 2; iso++) {
		struct llvmir_options o;
		llvmir_options_default(&o);
		o.no_isolation = !iso;
		struct timespec a, b;
		clock_gettime(CLOCK_MONOTONIC, &a);
		struct llvmir_module m;
		struct io_error err;
		memset(&err, 0, sizeof err);
		cr_assert_eq(llvmir_read(path, &o, &m, &err), SSA_OK, "%s", err.what);
		clock_gettime(CLOCK_MONOTONIC, &b);
		t[iso] = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
		cr_expect_eq(m.nfuncs, 20000);
		cr_expect_eq(m.funcs[19999].prog.nvars, 1);
		llvmir_module_free(&m);
	}
	cr_log_info("import of 20000 functions: %.3f s in process, %.3f s with the child", t[0],
		    t[1]);
	cr_expect_lt(t[1], 3 * t[0] + 0.5, "in process %.3f s, with the child %.3f s", t[0], t[1]);
	tools_rmdir(dir);
}
