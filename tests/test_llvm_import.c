/* The LLVM IR importer (algos/llvmir): successor order of every terminator, names and slot
 * numbers, each case of mem2reg's promotability rule (checked against opt when installed), the
 * op lists, bitcode and text giving the same programs, LLVM's diagnostics for bad input, the
 * limits, and gen --from end to end. Inputs are the hand-written modules in data/llvm/. */
#include "llvmir/llvmir.h"
#include "support/io_files.h"
#include "support/llvm_data.h"
#include "support/llvm_module.h"
#include "support/tools_util.h"
#include "util/status.h"

#include <criterion/criterion.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static void ops_string(const struct llvmir_func *f, char *buf, size_t len)
{
	const struct prog *p = &f->prog;
	size_t k = 0;
	buf[0] = 0;
	for (uint32_t b = 0; b < p->cfg.n; b++) {
		if (p->op_off[b] == p->op_off[b + 1])
			continue;
		k += (size_t)snprintf(buf + k, len - k, "%s%u:", k ? " " : "", b);
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
			k += (size_t)snprintf(buf + k, len - k, "%s%c%u", i > p->op_off[b] ? "," : "",
					      prog_op_is_def(p->ops[i]) ? 'd' : 'u',
					      prog_op_var(p->ops[i]));
	}
}

Test(llvm_import, successor_order_of_every_terminator)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_module m;
	read_ok(LLDATA "terminators.ll", &m);
	cr_expect_eq(m.nfuncs, 6);
	cr_expect_eq(m.ndeclared, 4);
	cr_expect_eq(m.nskipped, 0);
	cr_expect(!m.bitcode);
	static const struct {
		const char *fn, *succ;
	} want[] = {
		/* br cond: true, false; switch: default then cases, duplicates kept; dead block kept */
		{"branches", "0:1,2 1:4,2,3,2 2:4 3: 4: 5:4"},
		{"ibr", "0:2,1 1: 2:"},             /* indirectbr: its list, in order */
		{"inv", "0:1,2 1: 2:"},             /* invoke: normal, unwind; resume: none */
		{"cbr", "0:1,2 1: 2:"},             /* callbr: default, indirect */
		{"weh", "0:5,1 1:4,2,3 2:5 3:5 4: 5:"}, /* catchswitch: unwind first, then handlers */
		{"selfloop", "0:1 1:1,1"},          /* a multi-edge self-loop */
	};
	char buf[512];
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const struct llvmir_func *f = func(&m, want[i].fn);
		succ_string(f, buf, sizeof buf);
		cr_expect_str_eq(buf, want[i].succ, "%s", want[i].fn);
		char why[200];
		cr_expect(prog_is_valid(&f->prog, why, sizeof why), "%s: %s", want[i].fn, why);
	}
	const struct llvmir_func *f = func(&m, "branches");
	static const char *const names[] = {"entry", "a", "b", "c2", "d", "dead"};
	for (uint32_t b = 0; b < 6; b++)
		cr_expect_str_eq(llvmir_block_name(f, b), names[b]);
	cr_expect_eq(f->ninstrs, 7);
	llvmir_module_free(&m);
}

Test(llvm_import, unnamed_values_get_the_printers_slot_numbers)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_module m;
	read_ok(LLDATA "names.ll", &m);
	const struct llvmir_func *f = func(&m, "unnamed");
	cr_assert_eq(f->prog.cfg.n, 3);
	cr_expect_str_eq(llvmir_block_name(f, 0), "1");
	cr_expect_str_eq(llvmir_block_name(f, 1), "3");
	cr_expect_str_eq(llvmir_block_name(f, 2), "5");
	cr_assert_eq(f->prog.nvars, 2);
	cr_expect_str_eq(llvmir_var_name(f, 0), "2");
	cr_expect_str_eq(llvmir_var_name(f, 1), "x");
	char buf[256];
	ops_string(f, buf, sizeof buf);
	cr_expect_str_eq(buf, "0:d0 1:u0");
	llvmir_module_free(&m);
}

/* The names tables the views print (llvmir_func_names) keep a quoted name's blanks, so "a b" and
 * a_b stay two names (both were "a_b"); a control byte becomes '_'; a name longer than a table
 * holds is cut before a whole UTF-8 character (it was cut inside one, leaving invalid UTF-8). */
Test(llvm_import, quoted_names_stay_apart_and_whole)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_module m;
	read_ok(LLDATA "quoted_names.ll", &m);
	const struct llvmir_func *f = func(&m, "quoted");
	struct names bn, vn;
	cr_assert_eq(llvmir_func_names(f, &bn, &vn), SSA_OK);
	cr_assert_eq(f->prog.cfg.n, 5);
	cr_expect_str_eq(names_get(&bn, 0), "entry block");
	cr_expect_str_eq(names_get(&bn, 1), "a b");
	cr_expect_str_eq(names_get(&bn, 3), "a_b");
	cr_expect_str_eq(names_get(&bn, 4), "nl_y");
	cr_expect_str_eq(names_get(&vn, 0), "the x");
	const char *lng = names_get(&bn, 2);
	cr_assert_not_null(lng);
	cr_expect_eq(strlen(lng), 254, "%zu bytes", strlen(lng)); /* 127 characters of 2 bytes */
	for (size_t i = 0; i < strlen(lng); i += 2)
		cr_expect(!memcmp(lng + i, "\xc3\xa9", 2), "byte %zu", i);
	names_free(&bn);
	names_free(&vn);
	llvmir_module_free(&m);
}

/* Names of promote.ll's entry allocas and the importer's verdict on each. */
static const struct {
	const char *name;
	enum llvmir_reject why;
} promo_want[] = {
	{"ok", LLVMIR_PROMOTABLE},        /* loads, stores, lifetime markers, assume bundle */
	{"vload", LLVMIR_REJ_VOLATILE_LOAD},
	{"vstore", LLVMIR_REJ_VOLATILE_STORE},
	{"ltype", LLVMIR_REJ_LOAD_TYPE},
	{"stype", LLVMIR_REJ_STORE_TYPE},
	{"esc", LLVMIR_REJ_ESCAPES},
	{"intr", LLVMIR_REJ_INTRINSIC},
	{"gep0", LLVMIR_PROMOTABLE},      /* zero GEP used only by a lifetime marker (LLVM 22's
					   * upgrader moves the marker onto the alloca) */
	{"gepz", LLVMIR_REJ_CAST_USE},    /* zero GEP used by a load */
	{"gepn", LLVMIR_REJ_GEP},
	{"call", LLVMIR_REJ_OTHER_USE},
	{"cmp", LLVMIR_REJ_OTHER_USE},
	{"bc", LLVMIR_PROMOTABLE},        /* bitcast used only by a lifetime marker */
	{"asc", LLVMIR_PROMOTABLE},       /* addrspacecast used only by a lifetime marker */
	{"ascd", LLVMIR_REJ_CAST_USE},    /* addrspacecast used by a droppable use */
	{"atomic", LLVMIR_PROMOTABLE},    /* atomic but not volatile */
	{"unused", LLVMIR_PROMOTABLE},
	{"storedto", LLVMIR_PROMOTABLE},  /* a pointer-typed variable: stores *into* it are fine */
};

Test(llvm_import, promotability_follows_mem2reg_case_by_case)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_module m;
	read_ok(LLDATA "promote.ll", &m);
	const struct llvmir_func *f = func(&m, "promo");
	uint32_t nv = 0, nr = 0;
	for (size_t i = 0; i < sizeof promo_want / sizeof promo_want[0]; i++) {
		if (promo_want[i].why == LLVMIR_PROMOTABLE) {
			cr_assert_lt(nv, f->prog.nvars);
			cr_expect_str_eq(llvmir_var_name(f, nv), promo_want[i].name);
			nv++;
		} else {
			cr_assert_lt(nr, f->nrejected);
			cr_expect_str_eq(f->names + f->rej_name[nr], promo_want[i].name);
			cr_expect_eq(f->rej_reason[nr], promo_want[i].why, "%s: %s, want %s",
				     promo_want[i].name, llvmir_reject_str(f->rej_reason[nr]),
				     llvmir_reject_str(promo_want[i].why));
			nr++;
		}
	}
	cr_expect_eq(f->prog.nvars, nv);
	cr_expect_eq(f->nrejected, nr); /* %late is not in the entry block: neither */
	/* vars: ok 0, gep0 1, bc 2, asc 3, atomic 4, unused 5, storedto 6 */
	char buf[256];
	ops_string(f, buf, sizeof buf);
	cr_expect_str_eq(buf, "0:d0,d1,d2,d4,d6 1:d0,d2 2:u0,u4,u6,u2");
	llvmir_module_free(&m);
}

static bool have_tool(const char *tool)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", SSALAB_LLVM_BINDIR, tool);
	return access(path, X_OK) == 0;
}

Test(llvm_import, promotability_agrees_with_opt)
{
	REQUIRE_OPAQUE_POINTERS();
	if (!have_tool("opt"))
		cr_skip_test("opt not installed in %s (Debian package llvm-%d)", SSALAB_LLVM_BINDIR,
			     SSALAB_LLVM_MAJOR);
	char dir[512];
	tools_mkdtemp(dir, sizeof dir);
	cr_assert_eq(tools_sh("'%s/opt' -passes=mem2reg -S '%s' -o '%s/out.ll'", SSALAB_LLVM_BINDIR,
			      LLDATA "promote.ll", dir), 0);
	char out[600];
	snprintf(out, sizeof out, "%s/out.ll", dir);
	size_t len;
	char *text = tools_slurp(out, &len);
	cr_assert_not_null(text);
	/* What opt left as allocas is exactly what the importer rejected. */
	for (size_t i = 0; i < sizeof promo_want / sizeof promo_want[0]; i++) {
		char pat[64];
		snprintf(pat, sizeof pat, "%%%s = alloca", promo_want[i].name);
		bool kept = strstr(text, pat) != NULL;
		cr_expect_eq(kept, promo_want[i].why != LLVMIR_PROMOTABLE, "%s: opt %s it",
			     promo_want[i].name, kept ? "kept" : "promoted");
	}
	free(text);
	tools_rmdir(dir);
}

static void expect_same_module(const struct llvmir_module *a, const struct llvmir_module *b)
{
	cr_assert_eq(a->nfuncs, b->nfuncs);
	for (uint32_t i = 0; i < a->nfuncs; i++) {
		const struct llvmir_func *x = &a->funcs[i], *y = &b->funcs[i];
		cr_expect_str_eq(llvmir_func_name(x), llvmir_func_name(y));
		char why[256];
		cr_expect(io_t_prog_equal(&x->prog, &y->prog, why, sizeof why), "%s: %s",
			  llvmir_func_name(x), why);
		for (uint32_t v = 0; v < x->prog.nvars && v < y->prog.nvars; v++)
			cr_expect_str_eq(llvmir_var_name(x, v), llvmir_var_name(y, v));
	}
}

Test(llvm_import, bitcode_gives_the_same_programs_as_text)
{
	REQUIRE_OPAQUE_POINTERS();
	char dir[512];
	tools_mkdtemp(dir, sizeof dir);
	static const char *const files[] = {"terminators.ll", "names.ll", "promote.ll"};
	for (size_t i = 0; i < 3; i++) {
		char in[512], bc[600];
		snprintf(in, sizeof in, LLDATA "%s", files[i]);
		snprintf(bc, sizeof bc, "%s/%s.bc", dir, files[i]);
		LLVMContextRef ctx = LLVMContextCreate();
		LLVMMemoryBufferRef buf;
		char *msg = NULL;
		LLVMModuleRef mod;
		cr_assert_eq(LLVMCreateMemoryBufferWithContentsOfFile(in, &buf, &msg), 0);
		cr_assert_eq(LLVMParseIRInContext(ctx, buf, &mod, &msg), 0, "%s", msg);
		cr_assert_eq(LLVMWriteBitcodeToFile(mod, bc), 0);
		LLVMDisposeModule(mod);
		LLVMContextDispose(ctx);
		struct llvmir_module a, b;
		read_ok(in, &a);
		read_ok(bc, &b);
		cr_expect(b.bitcode);
		expect_same_module(&a, &b);
		llvmir_module_free(&a);
		llvmir_module_free(&b);
	}
	/* A truncated bitcode file is LLVM's error, not a crash or a partial module. */
	char bc[600];
	snprintf(bc, sizeof bc, "%s/terminators.ll.bc", dir);
	cr_assert_eq(truncate(bc, 100), 0);
	struct llvmir_module m;
	struct io_error err;
	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(bc, NULL, &m, &err), SSA_EINPUT);
	cr_expect_str_eq(err.file, bc);
	cr_expect(strstr(err.what, "invalid bitcode") != NULL, "%s", err.what);
	cr_expect_eq(m.nfuncs, 0);
	cr_expect_null(m.funcs);
	tools_rmdir(dir);
}

Test(llvm_import, malformed_input_names_file_and_line)
{
	struct llvmir_module m;
	struct io_error err;
	char msg[700];
	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(LLDATA "syntax_error.ll", NULL, &m, &err), SSA_EINPUT);
	io_error_format(&err, msg, sizeof msg);
	cr_expect_str_eq(msg, LLDATA "syntax_error.ll:5: invalid LLVM IR: column 11: use of "
				     "undefined value '%y'");
	cr_expect_null(m.funcs);

	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(LLDATA "invalid.ll", NULL, &m, &err), SSA_EINPUT);
	cr_expect_str_eq(err.file, LLDATA "invalid.ll");
	cr_expect_str_eq(err.what, "LLVM's verifier rejects the module: Instruction does not "
				   "dominate all uses!");
	cr_expect_null(m.funcs);

	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(LLDATA "no_such_file.ll", NULL, &m, &err), SSA_EIO);
	cr_expect(strstr(err.what, "cannot read: No such file or directory") != NULL, "%s",
		  err.what);

	/* Not IR at all: one of ssalab's own .cfg files. */
	char dir[512], path[600];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/g.ll", dir);
	io_t_write_file(path, "p cfg 2 1\ne 0 1\n", 16);
	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(path, NULL, &m, &err), SSA_EINPUT);
	cr_expect_eq(err.line, 1);
	/* An empty file is an empty module: no functions, no error. */
	io_t_write_file(path, "", 0);
	read_ok(path, &m);
	cr_expect_eq(m.nfuncs, 0);
	llvmir_module_free(&m);
	tools_rmdir(dir);
}

Test(llvm_import, limits_skip_with_a_warning_or_refuse)
{
	REQUIRE_OPAQUE_POINTERS();
	struct llvmir_options o;
	llvmir_options_default(&o);
	o.max_blocks = 3;
	struct llvmir_module m;
	struct io_error err;
	memset(&err, 0, sizeof err);
	cr_assert_eq(llvmir_read(LLDATA "terminators.ll", &o, &m, &err), SSA_OK);
	/* branches (6 blocks) and weh (6) are skipped, the others kept. */
	cr_expect_eq(m.nfuncs, 4);
	cr_assert_eq(m.nskipped, 2);
	cr_expect_str_eq(llvmir_warning(&m, 0),
			 "function 'branches' skipped: 6 blocks, more than the limit of 3");
	cr_expect_str_eq(llvmir_warning(&m, 1),
			 "function 'weh' skipped: 6 blocks, more than the limit of 3");
	cr_expect_str_eq(llvmir_func_name(&m.funcs[0]), "ibr");
	llvmir_module_free(&m);

	llvmir_options_default(&o);
	o.mem_limit = 1000; /* bytes: less than LLVM needs for the file */
	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(LLDATA "terminators.ll", &o, &m, &err), SSA_ETOOBIG);
	cr_expect(strstr(err.what, "over the limit") != NULL, "%s", err.what);
	cr_expect_null(m.funcs);

	/* Enough for LLVM's module, not for the first function's arrays: refused while importing,
	 * and nothing of the functions before it is returned. */
	struct stat sb;
	cr_assert_eq(stat(LLDATA "terminators.ll", &sb), 0);
	o.mem_limit = (uint64_t)sb.st_size * LLVMIR_LLVM_BYTES_PER_INPUT_BYTE + 10;
	memset(&err, 0, sizeof err);
	cr_expect_eq(llvmir_read(LLDATA "terminators.ll", &o, &m, &err), SSA_ETOOBIG);
	cr_expect(strstr(err.what, "importing function 0 needs more than the memory limit") != NULL,
		  "%s", err.what);
	cr_expect_eq(m.nfuncs, 0);
	cr_expect_null(m.funcs);
}

/* ---- gen --from ---- */

Test(llvm_import, gen_from_writes_one_prog_and_cfg_per_function)
{
	REQUIRE_OPAQUE_POINTERS();
	char dir[512];
	tools_mkdtemp(dir, sizeof dir);
	cr_assert_eq(tools_sh("'%s' --from '%s' --out '%s/out' 2>'%s/err'", SSALAB_GEN_EXE,
			      LLDATA "names.ll", dir, dir), 0);
	/* unnamed, "quoted name/with:odd chars" and .hidden (both escaped: "@<index>.") */
	cr_expect_eq(io_t_count_entries(dir) , 2);
	char sub[600];
	snprintf(sub, sizeof sub, "%s/out", dir);
	cr_expect_eq(io_t_count_entries(sub), 6);
	static const char *const want[] = {"unnamed.prog", "unnamed.cfg",
					   "@1.quoted_name_with_odd_chars.prog", "@2..hidden.cfg"};
	for (size_t i = 0; i < 4; i++) {
		char p[800];
		snprintf(p, sizeof p, "%s/%s", sub, want[i]);
		cr_expect_eq(access(p, R_OK), 0, "%s", p);
	}
	char p[800];
	snprintf(p, sizeof p, "%s/unnamed.prog", sub);
	size_t len;
	char *text = tools_slurp(p, &len);
	cr_assert_not_null(text);
	cr_expect_str_eq(text, "p prog 3 2 2\ne 0 1\ne 1 2\nb 0 d0\nb 1 u0\nend\n");
	free(text);
	tools_rmdir(dir);
}

Test(llvm_import, gen_from_errors_leave_nothing)
{
	REQUIRE_OPAQUE_POINTERS();
	char dir[512];
	tools_mkdtemp(dir, sizeof dir);
	cr_expect_eq(tools_sh("'%s' --from '%s' --out '%s/out' 2>'%s/err'", SSALAB_GEN_EXE,
			      LLDATA "syntax_error.ll", dir, dir), 1);
	char p[800];
	snprintf(p, sizeof p, "%s/err", dir);
	size_t len;
	char *text = tools_slurp(p, &len);
	cr_assert_not_null(text);
	cr_expect(strstr(text, "syntax_error.ll:5: invalid LLVM IR: column 11: use of undefined "
			       "value '%y'") != NULL, "%s", text);
	free(text);
	cr_expect_eq(io_t_count_entries(dir), 1); /* err only: no out directory */
	/* Output directory unwritable part way: a regular file named like the directory. */
	snprintf(p, sizeof p, "%s/file", dir);
	io_t_write_file(p, "x", 1);
	cr_expect_eq(tools_sh("'%s' --from '%s' --out '%s' 2>/dev/null", SSALAB_GEN_EXE,
			      LLDATA "names.ll", p), 1);
	/* A failure after some files were written takes them back: the second function's .prog
	 * path is taken by a directory, so its write fails after unnamed.prog/.cfg succeeded. */
	char out[700], blocker[800];
	snprintf(out, sizeof out, "%s/out2", dir);
	cr_assert_eq(mkdir(out, 0777), 0);
	snprintf(blocker, sizeof blocker, "%s/@1.quoted_name_with_odd_chars.prog", out);
	cr_assert_eq(mkdir(blocker, 0777), 0);
	cr_expect_eq(tools_sh("'%s' --from '%s' --out '%s' 2>/dev/null", SSALAB_GEN_EXE,
			      LLDATA "names.ll", out), 1);
	cr_expect_eq(io_t_count_entries(out), 1); /* only the blocker */
	/* Usage errors. */
	cr_expect_eq(tools_sh("'%s' --from '%s' 2>/dev/null", SSALAB_GEN_EXE, LLDATA "names.ll"), 2);
	cr_expect_eq(tools_sh("'%s' --from '%s' --out '%s/o' --blocks=3 2>/dev/null",
			      SSALAB_GEN_EXE, LLDATA "names.ll", dir), 2);
	tools_rmdir(dir);
}

/* A module of nfuncs one-block functions: thousands of files to write, so that an interrupt can
 * come while gen --from is writing them. */
static void many_functions(const char *path, int nfuncs)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	for (int i = 0; i < nfuncs; i++)
		fprintf(f, "define i32 @f%d(i32 %%a) {\nentry:\n  %%b = add i32 %%a, %d\n  ret i32 %%b\n}\n",
			i, i);
	cr_assert_eq(fclose(f), 0);
}

static int count_files(const char *dir)
{
	struct stat sb;
	return stat(dir, &sb) == 0 ? io_t_count_entries(dir) : -1;
}

/* SIGINT or SIGTERM while gen --from writes its files: exit 128 + signal and none of this run's
 * files is left (a directory it created is removed; one that existed keeps what it held), or,
 * if the signal came too late, exit 0 with every file. The signal is sent as soon as the
 * output directory shows any change, which is inside the writing phase; a few tries so that a
 * descheduled test process cannot make it miss the phase every time. */
Test(llvm_import, gen_from_interrupted_leaves_none_of_its_files, .timeout = 60)
{
	char dir[512], mod[600], out[600], keep[700];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(mod, sizeof mod, "%s/many.ll", dir);
	many_functions(mod, 600);
	snprintf(out, sizeof out, "%s/out", dir);
	int interrupted = 0;
	for (int attempt = 0; attempt < 4 && interrupted < 2; attempt++) {
		int sig = attempt % 2 ? SIGTERM : SIGINT;
		int existed = attempt % 2; /* SIGTERM tries write into a directory with a file */
		if (existed) {
			cr_assert(mkdir(out, 0777) == 0 || errno == EEXIST);
			snprintf(keep, sizeof keep, "%s/mine.txt", out);
			io_t_write_file(keep, "x", 1);
		}
		int before = count_files(out);
		char *argv[] = {(char *)"gen", (char *)"--from", mod, (char *)"--out", out,
				(char *)"--quiet", NULL};
		pid_t pid;
		cr_assert_eq(posix_spawn(&pid, SSALAB_GEN_EXE, NULL, NULL, argv, environ), 0);
		struct timespec ts = {0, 100 * 1000};
		int st, done = 0;
		while (!done && count_files(out) == before) {
			done = waitpid(pid, &st, WNOHANG) == pid;
			nanosleep(&ts, NULL);
		}
		if (!done) {
			kill(pid, sig);
			while (waitpid(pid, &st, 0) < 0)
				cr_assert_eq(errno, EINTR);
		}
		cr_assert(WIFEXITED(st), "gen died of signal %d", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
		int code = WEXITSTATUS(st);
		if (code == 0) {
			cr_expect_eq(count_files(out), 2 * 600 + existed, "a complete run");
		} else {
			cr_expect_eq(code, 128 + sig, "signal %d: exit %d", sig, code);
			cr_expect_eq(count_files(out), existed ? 1 : -1,
				     "signal %d left %d entries in %s", sig, count_files(out), out);
			interrupted++;
		}
		tools_sh("rm -rf '%s'", out);
	}
	cr_expect(interrupted > 0, "no try came during the writing phase");
	tools_rmdir(dir);
}

/* Source names by LLVM's demangler, and the Rust legacy escapes it leaves (hand-decoded). */
Test(llvm_import, source_names_of_mangled_symbols)
{
	static const struct {
		const char *symbol, *source;
	} cases[] = {
		{"main", NULL},
		{"_ZN2ns3fooEi", "ns::foo"},
		{"_ZN2ns3barIiEEvT_", "ns::bar<int>"},
		{"_ZN12regex_syntax3ast5parse6Parser5parse17h0123456789abcdefE",
		 "regex_syntax::ast::parse::Parser::parse"},
		{"_ZN100_$LT$core..iter..adapters..take..Take$LT$I$GT$$u20$as$u20$core..iter..traits.."
		 "iterator..Iterator$GT$4fold17h4ee39ef4488b18d4E",
		 "<core::iter::adapters::take::Take<I> as core::iter::traits::iterator::Iterator>::fold"},
		{"_ZN4core3ptr13drop_in_place17h00000000000000ffE", "core::ptr::drop_in_place"},
		{"_RNvCs1234_7mycrate3foo", "mycrate::foo"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *s = llvmir_source_name(cases[i].symbol);
		if (!cases[i].source)
			cr_expect_null(s, "%s: %s", cases[i].symbol, s);
		else
			cr_expect(s && !strcmp(s, cases[i].source), "%s: '%s', expected '%s'",
				  cases[i].symbol, s ? s : "(null)", cases[i].source);
		free(s);
	}
	/* what --function accepts for each: the symbol, the source name, its last component, each
	 * without a trailing template argument list; nothing else */
	const char *bar = "ns::bar<int>";
	cr_expect(llvmir_name_matches("_ZN2ns3barIiEEvT_", bar, "_ZN2ns3barIiEEvT_"));
	cr_expect(llvmir_name_matches("_ZN2ns3barIiEEvT_", bar, "ns::bar<int>"));
	cr_expect(llvmir_name_matches("_ZN2ns3barIiEEvT_", bar, "ns::bar"));
	cr_expect(llvmir_name_matches("_ZN2ns3barIiEEvT_", bar, "bar<int>"));
	cr_expect(llvmir_name_matches("_ZN2ns3barIiEEvT_", bar, "bar"));
	cr_expect(!llvmir_name_matches("_ZN2ns3barIiEEvT_", bar, "ns"));
	cr_expect(!llvmir_name_matches("_ZN2ns3barIiEEvT_", bar, "ba"));
	cr_expect(!llvmir_name_matches("_ZN2ns3barIiEEvT_", bar, "ns::bar<"));
	const char *fold = "<a::Take<I> as b::Iterator>::fold";
	cr_expect(llvmir_name_matches("x", fold, "fold"));
	cr_expect(!llvmir_name_matches("x", fold, "Iterator>::fold"));
	cr_expect(!llvmir_name_matches("x", fold, "b::Iterator"));
	cr_expect(llvmir_name_matches("main", NULL, "main"));
	cr_expect(!llvmir_name_matches("main", NULL, "mai"));
}
