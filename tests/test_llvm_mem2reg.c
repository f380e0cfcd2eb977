/* Agreement with LLVM on real C (the programs in data/c/, our own): each is compiled by the clang of
 * the LLVM ssalab links (clang -O0 -Xclang -disable-O0-optnone -S -emit-llvm) and imported; then,
 * per function,
 *   - the immediate dominators of every ssalab dominator algorithm equal the tree printed by
 *     opt -passes='print<domtree>' (parsed here, by block name);
 *   - per variable, the blocks of ssalab's pruned phi placement equal the blocks where
 *     opt -passes=mem2reg put a phi for that alloca, and the allocas mem2reg left in place are
 *     exactly the ones the importer rejected.
 * A phi is mapped back to its alloca by name: mem2reg names the phis of alloca "x" "x.<k>", so
 * the programs are compiled with -fno-discard-value-names (Debian's clang drops names otherwise).
 * Three compilations per program: named (phis and dominators), named with -g (the same, with
 * llvm.dbg.declare users that must not block promotion), unnamed (dominators only: block names
 * are then the printer's slot numbers, which the importer must reproduce).
 *
 * Every difference must be listed in known_diffs[] (and every listed one must occur): LLVM folds
 * a phi whose incoming values are all one value or undef (InstSimplify at the end of mem2reg),
 * where pruned SSA keeps it. Its single-store and single-block fast paths never differ from
 * pruned placement (fastpaths.c checks both), since they apply only when no pruned phi exists.
 * Skips, saying so, when clang or opt is not installed next to llvm-config. */
#include "dom/dom.h"
#include "llvmir/llvmir.h"
#include "phi/phi.h"
#include "support/tools_util.h"
#include "util/status.h"

#include <criterion/criterion.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <stdio.h>
#include <string.h>

#define CDATA SSALAB_TEST_DATA "/c/"

static const char *const programs[] = {"loops", "branches", "irreducible", "fastpaths"};

/* Documented differences: ssalab's pruned placement has a phi for var in block that LLVM folded. */
static const struct {
	const char *program, *function, *var, *block;
} known_diffs[] = {
	{"fastpaths", "same_constant", "x", "if.end"},     /* phi(1, 1) folded to 1 */
	{"fastpaths", "constant_or_undef", "x", "if.end"}, /* phi(5, undef) folded to 5 */
};

static uint32_t nobserved[sizeof known_diffs / sizeof known_diffs[0]];

static bool have_tools(void)
{
	char p[1024];
	snprintf(p, sizeof p, "%s/clang", SSALAB_LLVM_BINDIR);
	if (access(p, X_OK) != 0)
		return false;
	snprintf(p, sizeof p, "%s/opt", SSALAB_LLVM_BINDIR);
	return access(p, X_OK) == 0;
}

static uint32_t block_index(const struct llvmir_func *f, const char *name)
{
	for (uint32_t b = 0; b < f->prog.cfg.n; b++)
		if (strcmp(llvmir_block_name(f, b), name) == 0)
			return b;
	return SSA_NONE;
}

/* opt's print<domtree> output for one function: "[depth] %name {...} [parent depth]" lines in
 * tree preorder; the parent of a node at depth d is the last node seen at depth d-1. */
static void llvm_idoms(const char *domtext, const struct llvmir_func *f, uint32_t *idom)
{
	const char *fname = llvmir_func_name(f);
	char head[512];
	snprintf(head, sizeof head, "DominatorTree for function: %s\n", fname);
	const char *s = strstr(domtext, head);
	cr_assert_not_null(s, "no dominator tree for %s", fname);
	s += strlen(head);
	uint32_t n = f->prog.cfg.n;
	for (uint32_t b = 0; b < n; b++)
		idom[b] = SSA_NONE;
	uint32_t *at_depth = calloc((size_t)n + 2, sizeof *at_depth);
	cr_assert_not_null(at_depth);
	uint32_t seen = 0;
	while (*s && strncmp(s, "Roots:", 6) != 0) {
		const char *eol = strchr(s, '\n');
		unsigned depth;
		char name[256];
		if (sscanf(s, " [%u] %%%255[^ ] {", &depth, name) == 2) {
			uint32_t b = block_index(f, name);
			cr_assert_neq(b, SSA_NONE, "%s: opt names block %%%s, the importer does not",
				      fname, name);
			cr_assert(depth >= 1 && depth <= n);
			at_depth[depth] = b;
			idom[b] = depth == 1 ? SSA_NONE : at_depth[depth - 1];
			seen++;
		}
		if (!eol)
			break;
		s = eol + 1;
	}
	cr_assert_gt(seen, 0, "%s: empty dominator tree", fname);
	free(at_depth);
}

static void check_dominators(const char *domtext, const struct llvmir_func *f, const char *what)
{
	uint32_t n = f->prog.cfg.n;
	uint32_t *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
	cr_assert(want && got);
	llvm_idoms(domtext, f, want);
	for (size_t a = 0; a < dom_nalgos; a++) {
		cr_assert_eq(dom_compute(dom_algos[a], &f->prog.cfg, got, NULL), SSA_OK);
		for (uint32_t b = 0; b < n; b++)
			cr_expect_eq(got[b], want[b], "%s %s, %s: idom(%s) = %s, LLVM says %s", what,
				     llvmir_func_name(f), dom_algos[a]->name, llvmir_block_name(f, b),
				     got[b] == SSA_NONE ? "none" : llvmir_block_name(f, got[b]),
				     want[b] == SSA_NONE ? "none" : llvmir_block_name(f, want[b]));
	}
	free(want);
	free(got);
}

static LLVMValueRef find_function(LLVMModuleRef mod, const char *name)
{
	LLVMValueRef fn = LLVMGetNamedFunction(mod, name);
	cr_assert_not_null(fn, "mem2reg output lacks %s", name);
	return fn;
}

/* The variable a phi of mem2reg belongs to: its name less the ".<k>" mem2reg appended. */
static uint32_t phi_var(const struct llvmir_func *f, LLVMValueRef phi)
{
	size_t len;
	const char *name = LLVMGetValueName2(phi, &len);
	cr_assert(name && len > 0, "%s: unnamed phi", llvmir_func_name(f));
	const char *dot = NULL;
	for (size_t i = 0; i < len; i++)
		if (name[i] == '.')
			dot = name + i;
	cr_assert_not_null(dot, "%s: phi %.*s is not <alloca>.<k>", llvmir_func_name(f), (int)len,
			   name);
	size_t base = (size_t)(dot - name);
	for (uint32_t v = 0; v < f->prog.nvars; v++) {
		const char *vn = llvmir_var_name(f, v);
		if (strlen(vn) == base && strncmp(vn, name, base) == 0)
			return v;
	}
	cr_assert_fail("%s: phi %.*s names no variable", llvmir_func_name(f), (int)len, name);
	return SSA_NONE;
}

static bool is_known(const char *program, const struct llvmir_func *f, uint32_t v, uint32_t b)
{
	for (size_t k = 0; k < sizeof known_diffs / sizeof known_diffs[0]; k++)
		if (strcmp(known_diffs[k].program, program) == 0 &&
		    strcmp(known_diffs[k].function, llvmir_func_name(f)) == 0 &&
		    strcmp(known_diffs[k].var, llvmir_var_name(f, v)) == 0 &&
		    strcmp(known_diffs[k].block, llvmir_block_name(f, b)) == 0) {
			nobserved[k]++;
			return true;
		}
	return false;
}

static void check_phis(const char *program, LLVMModuleRef m2r, const struct llvmir_func *f,
		       uint64_t *nphis)
{
	LLVMValueRef fn = find_function(m2r, llvmir_func_name(f));
	uint32_t n = f->prog.cfg.n, nv = f->prog.nvars;
	cr_assert_eq(LLVMCountBasicBlocks(fn), n, "%s: mem2reg changed the CFG", llvmir_func_name(f));
	/* LLVM's phis as a bit per (variable, block). */
	uint8_t *llvm = calloc((size_t)nv * n + 1, 1);
	cr_assert_not_null(llvm);
	uint32_t b = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb), b++) {
		cr_expect_str_eq(LLVMGetBasicBlockName(bb), llvmir_block_name(f, b));
		for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && LLVMIsAPHINode(i);
		     i = LLVMGetNextInstruction(i)) {
			uint32_t v = phi_var(f, i);
			cr_expect_eq(llvm[(size_t)v * n + b], 0, "two phis for one alloca");
			llvm[(size_t)v * n + b] = 1;
		}
	}
	/* The allocas mem2reg kept are exactly the rejected ones. */
	uint32_t kept = 0;
	for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn)); i;
	     i = LLVMGetNextInstruction(i)) {
		if (!LLVMIsAAllocaInst(i))
			continue;
		size_t len;
		const char *name = LLVMGetValueName2(i, &len);
		bool found = false;
		for (uint32_t r = 0; r < f->nrejected; r++)
			found |= strcmp(f->names + f->rej_name[r], name) == 0;
		cr_expect(found, "%s: mem2reg kept %s, the importer made it a variable",
			  llvmir_func_name(f), name);
		kept++;
	}
	cr_expect_eq(kept, f->nrejected, "%s: mem2reg kept %u allocas, the importer rejected %u",
		     llvmir_func_name(f), kept, f->nrejected);

	struct phi_sets sets;
	memset(&sets, 0, sizeof sets);
	cr_assert_eq(phi_place_prog(NULL, &f->prog, PHI_PRUNED, &sets), SSA_OK);
	uint8_t *ours = calloc((size_t)nv * n + 1, 1);
	cr_assert_not_null(ours);
	for (uint32_t v = 0; v < nv; v++)
		for (uint64_t k = sets.off[v]; k < sets.off[v + 1]; k++)
			ours[(size_t)v * n + sets.blocks[k]] = 1;
	for (uint32_t v = 0; v < nv; v++)
		for (b = 0; b < n; b++) {
			uint8_t o = ours[(size_t)v * n + b], l = llvm[(size_t)v * n + b];
			*nphis += l;
			if (o == l)
				continue;
			if (o && !l && is_known(program, f, v, b))
				continue;
			cr_expect_fail("%s %s: variable %s, block %s: ssalab %s a phi, LLVM %s", program,
				       llvmir_func_name(f), llvmir_var_name(f, v),
				       llvmir_block_name(f, b), o ? "places" : "does not place",
				       l ? "does" : "does not");
		}
	phi_sets_free(&sets);
	free(ours);
	free(llvm);
}

static void run_program(const char *dir, const char *prog, const char *variant, const char *flags,
			bool phis, uint64_t *nfuncs, uint64_t *nphis)
{
	char ll[700], m2r[700], dom[700];
	snprintf(ll, sizeof ll, "%s/%s%s.ll", dir, prog, variant);
	snprintf(m2r, sizeof m2r, "%s/%s%s.m2r.ll", dir, prog, variant);
	snprintf(dom, sizeof dom, "%s/%s%s.dom", dir, prog, variant);
	cr_assert_eq(tools_sh("'%s/clang' -O0 -Xclang -disable-O0-optnone %s -w -S -emit-llvm "
			      "'%s%s.c' -o '%s'", SSALAB_LLVM_BINDIR, flags, CDATA, prog, ll), 0);
	cr_assert_eq(tools_sh("'%s/opt' -passes='print<domtree>' -disable-output '%s' 2>'%s'",
			      SSALAB_LLVM_BINDIR, ll, dom), 0);
	size_t len;
	char *domtext = tools_slurp(dom, &len);
	cr_assert_not_null(domtext);
	struct llvmir_module mod;
	struct io_error err;
	memset(&err, 0, sizeof err);
	cr_assert_eq(llvmir_read(ll, NULL, &mod, &err), SSA_OK, "%s: %s", ll, err.what);
	cr_assert_gt(mod.nfuncs, 0);
	LLVMContextRef ctx = NULL;
	LLVMModuleRef m2rmod = NULL;
	if (phis) {
		cr_assert_eq(tools_sh("'%s/opt' -passes=mem2reg -S '%s' -o '%s'", SSALAB_LLVM_BINDIR,
				      ll, m2r), 0);
		ctx = LLVMContextCreate();
		LLVMMemoryBufferRef buf;
		char *msg = NULL;
		cr_assert_eq(LLVMCreateMemoryBufferWithContentsOfFile(m2r, &buf, &msg), 0);
		cr_assert_eq(LLVMParseIRInContext(ctx, buf, &m2rmod, &msg), 0, "%s", msg);
	}
	for (uint32_t i = 0; i < mod.nfuncs; i++) {
		check_dominators(domtext, &mod.funcs[i], ll);
		if (phis)
			check_phis(prog, m2rmod, &mod.funcs[i], nphis);
	}
	*nfuncs += mod.nfuncs;
	if (phis) {
		LLVMDisposeModule(m2rmod);
		LLVMContextDispose(ctx);
	}
	llvmir_module_free(&mod);
	free(domtext);
}

Test(llvm_mem2reg, phis_and_idoms_equal_llvms_on_every_program, .timeout = 600)
{
	if (!have_tools())
		cr_skip_test("clang or opt missing in %s (Debian packages clang-16, llvm-16)",
			     SSALAB_LLVM_BINDIR);
	char dir[512];
	tools_mkdtemp(dir, sizeof dir);
	uint64_t nfuncs = 0, nphis = 0;
	for (size_t p = 0; p < sizeof programs / sizeof programs[0]; p++) {
		run_program(dir, programs[p], "", "-fno-discard-value-names", true, &nfuncs, &nphis);
		run_program(dir, programs[p], ".g", "-fno-discard-value-names -g", true, &nfuncs,
			    &nphis);
		run_program(dir, programs[p], ".slots", "", false, &nfuncs, &nphis);
	}
	/* The programs are not trivial: many functions, many phis. */
	cr_expect_geq(nfuncs, 3 * 16);
	cr_expect_geq(nphis, 2 * 30);
	/* Each documented difference occurs (in the named and the -g compilation). */
	for (size_t k = 0; k < sizeof known_diffs / sizeof known_diffs[0]; k++)
		cr_expect_eq(nobserved[k], 2, "known difference %s %s %s %s seen %u times",
			     known_diffs[k].program, known_diffs[k].function, known_diffs[k].var,
			     known_diffs[k].block, nobserved[k]);
	tools_rmdir(dir);
}
