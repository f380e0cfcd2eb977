/* Placement parity between ssalab and LLVM's PromoteMemToReg (peer_llvm_mem2reg_check,
 * algos/peers/peers.h): per function and variable, the blocks of ssalab's pruned placement
 * against the blocks where LLVM leaves φs, a φ LLVM lacks accepted only where LLVM's own
 * simplification folds it on ssalab's placement.
 *   - data/llvm/parity.ll, written by hand: the folds LLVM 22 makes (the same constant on both
 *     branches, undef beside a noundef argument, a self-reference) and the one it must not make
 *     (undef beside a value that may be poison) are each matched exactly; optnone is counted;
 *   - deliberately wrong placements handed to the check are failures naming the function, the
 *     variable and the block by their IR labels (slot numbers here), and a superfluous φ that
 *     does fold is accepted as folded;
 *   - real code: the C programs of data/c and a C++ file with exceptions (data/llvm/eh.cpp),
 *     compiled by the clang of the LLVM ssalab links, as clang compiles by default (value names
 *     discarded), reach parity, function by function; without -disable-O0-optnone every
 *     function is optnone and nothing is compared;
 *   - bench --algo=llvm-mem2reg prints the folds and optnone functions in its summary line.
 * Needs LLVM's peers (it calls them directly); the compiler cases skip without clang. */
#include "llvmir/llvmir.h"
#include "peers/peers.h"
#include "phi/phi.h"
#include "support/bench_run.h"
#include "support/llvm_data.h"
#include "support/tools_util.h"
#include "util/status.h"

#include <criterion/criterion.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PARITY SSALAB_TEST_DATA "/llvm/parity.ll"

/* ssalab's pruned placement of every function of a module, in the check's terms. */
struct places {
	struct llvmir_module m;
	struct peer_m2r_placement *v;
	struct phi_sets *sets;
	uint32_t n;
};

static void places_make(struct places *p, const char *path)
{
	struct io_error err;
	memset(&err, 0, sizeof err);
	cr_assert_eq(llvmir_read(path, NULL, &p->m, &err), SSA_OK, "%s: %s", path, err.what);
	p->n = p->m.nfuncs;
	p->v = calloc(p->n + 1, sizeof *p->v);
	p->sets = calloc(p->n + 1, sizeof *p->sets);
	cr_assert(p->v && p->sets);
	static const uint64_t none[1] = {0};
	for (uint32_t i = 0; i < p->n; i++) {
		const struct llvmir_func *f = &p->m.funcs[i];
		uint32_t nv = f->prog.nvars;
		const char **names = calloc(nv + 1, sizeof *names);
		cr_assert_not_null(names);
		for (uint32_t v = 0; v < nv; v++)
			names[v] = llvmir_var_name(f, v);
		if (nv)
			cr_assert_eq(phi_place_prog(NULL, &f->prog, NULL, PHI_PRUNED, &p->sets[i]),
				     SSA_OK, "%s", llvmir_func_name(f));
		p->v[i] = (struct peer_m2r_placement){
			.function = llvmir_func_name(f),
			.nvars = nv,
			.var_names = names,
			.off = nv ? p->sets[i].off : none,
			.blocks = nv ? p->sets[i].blocks : NULL,
		};
	}
}

static void places_free(struct places *p)
{
	for (uint32_t i = 0; i < p->n; i++) {
		phi_sets_free(&p->sets[i]);
		free((void *)p->v[i].var_names);
	}
	free(p->v);
	free(p->sets);
	llvmir_module_free(&p->m);
}

static const struct peer_m2r_func *func(const struct peer_m2r_result *r, const char *name)
{
	for (uint32_t i = 0; i < r->nfuncs; i++)
		if (!strcmp(r->funcs[i].name, name))
			return &r->funcs[i];
	cr_assert_fail("no function %s", name);
	return NULL;
}

Test(llvm_parity, hand_written_folds_are_exactly_llvms)
{
	REQUIRE_OPAQUE_POINTERS();
	struct places p;
	places_make(&p, PARITY);
	struct peer_m2r_result r;
	char err[512];
	cr_assert_eq(peer_llvm_mem2reg_check(PARITY, 1, p.v, p.n, &r, err, sizeof err), SSA_OK,
		     "%s", err);
	static const struct {
		const char *name;
		uint32_t both, folded;
	} want[] = {
		{"same_constant", 0, 1},       {"differs", 1, 0},        {"undef_may_be_poison", 1, 0},
		{"undef_noundef", 0, 1},       {"self_reference", 1, 1},
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
		const struct peer_m2r_func *f = func(&r, want[i].name);
		cr_expect(f->parity.compared, "%s", want[i].name);
		cr_expect_not(f->parity.optnone, "%s", want[i].name);
		cr_expect_eq(f->parity.failures, 0, "%s: %s", want[i].name,
			     f->parity.msg ? f->parity.msg : "");
		cr_expect_eq(f->parity.both, want[i].both, "%s: both=%u", want[i].name,
			     f->parity.both);
		cr_expect_eq(f->parity.folded, want[i].folded, "%s: folded=%u", want[i].name,
			     f->parity.folded);
		/* LLVM's own φ count agrees with what the check saw on its side. */
		cr_expect_eq(f->phis - f->phis_before, want[i].both, "%s", want[i].name);
	}
	/* optnone: neither promoted nor compared; the importer agrees it has no variables. */
	const struct peer_m2r_func *s = func(&r, "skipped");
	cr_expect(s->parity.optnone);
	cr_expect_not(s->parity.compared);
	cr_expect_eq(s->allocas, 0);
	cr_expect_eq(s->insts_after, s->insts_before);
	for (uint32_t i = 0; i < p.m.nfuncs; i++)
		if (!strcmp(llvmir_func_name(&p.m.funcs[i]), "skipped")) {
			cr_expect(p.m.funcs[i].optnone);
			cr_expect_eq(p.m.funcs[i].prog.nvars, 0);
		}
	peer_m2r_result_free(&r);
	places_free(&p);
}

Test(llvm_parity, a_wrong_placement_names_function_variable_and_block)
{
	REQUIRE_OPAQUE_POINTERS();
	/* @differs: blocks %2 (entry) %6 %7 %8 are 0..3; variables %3 %4 %5. The right
	 * placement is %3: {%8}. Handed instead: %3 none (LLVM has one), %4 at %8 (7 on both
	 * edges: folds), %5 at %8 (%1 against 3: does not fold), and a variable LLVM lacks. */
	static const char *const names[] = {"3", "4", "5", "nope"};
	static const uint64_t off[] = {0, 0, 1, 2, 2};
	static const uint32_t blocks[] = {3, 3};
	struct peer_m2r_placement pl = {
		.function = "differs", .nvars = 4, .var_names = names, .off = off, .blocks = blocks,
	};
	struct peer_m2r_result r;
	char err[512];
	cr_assert_eq(peer_llvm_mem2reg_check(PARITY, 1, &pl, 1, &r, err, sizeof err), SSA_OK,
		     "%s", err);
	const struct peer_m2r_func *f = func(&r, "differs");
	cr_assert(f->parity.compared);
	cr_expect_eq(f->parity.failures, 3);
	cr_expect_eq(f->parity.folded, 1);
	cr_expect_eq(f->parity.both, 0);
	const char *msg = f->parity.msg;
	cr_assert_not_null(msg);
	cr_expect(strstr(msg, "function differs: variable %3, block %8: LLVM places a phi, ssalab "
			      "does not\n"), "%s", msg);
	cr_expect(strstr(msg, "function differs: variable %5, block %8: ssalab places a phi, LLVM "
			      "does not"), "%s", msg);
	cr_expect(strstr(msg, "function differs: variable %nope: ssalab promotes it"), "%s", msg);
	cr_expect_null(strstr(msg, "variable %4"), "%s", msg);
	/* Only the function given a placement is compared. */
	cr_expect_not(func(&r, "same_constant")->parity.compared);
	peer_m2r_result_free(&r);

	/* The right placement passes. */
	static const uint64_t off_ok[] = {0, 1, 1, 1};
	pl.nvars = 3;
	pl.off = off_ok;
	cr_assert_eq(peer_llvm_mem2reg_check(PARITY, 1, &pl, 1, &r, err, sizeof err), SSA_OK);
	f = func(&r, "differs");
	cr_expect_eq(f->parity.failures, 0, "%s", f->parity.msg ? f->parity.msg : "");
	cr_expect_eq(f->parity.both, 1);
	cr_expect_null(f->parity.msg);
	peer_m2r_result_free(&r);

	/* A block beyond the function is a failure too, not a crash. */
	static const uint32_t far[] = {99};
	pl.blocks = far;
	cr_assert_eq(peer_llvm_mem2reg_check(PARITY, 1, &pl, 1, &r, err, sizeof err), SSA_OK);
	f = func(&r, "differs");
	cr_expect_eq(f->parity.failures, 2, "%s", f->parity.msg ? f->parity.msg : "");
	cr_expect(f->parity.msg && strstr(f->parity.msg, "block 99, beyond"));
	peer_m2r_result_free(&r);
}

Test(llvm_parity, bench_counts_folds_and_optnone)
{
	REQUIRE_OPAQUE_POINTERS();
	struct bench_run r = bench_run_cmd(SSALAB_BENCH_EXE, "--algo=llvm-mem2reg --in '%s' "
					   "--reps=1", PARITY);
	if (r.code == 2 && strstr(r.err, "built without LLVM's peers")) {
		bench_run_free(&r);
		cr_skip_test("bench was built without LLVM's peers");
	}
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(strstr(r.out, "phis llvm=3 ssalab-pruned=6 functions_equal=5 differ=0 errors=0 "
				"folded=3 optnone=1"), "%s", r.out);
	cr_expect(strstr(r.out, "checks_ok=5 failed=0 unchecked=1"), "%s", r.out);
	bench_run_free(&r);
}

static bool have(const char *tool)
{
	char p[1024];
	snprintf(p, sizeof p, "%s/%s", SSALAB_LLVM_BINDIR, tool);
	return access(p, X_OK) == 0;
}

/* Compiles src with tool and flags into dir/out, then checks every function. Returns the
 * number of functions compared; *folded and *optnone accumulate. */
static uint32_t check_parity(const char *ll, uint64_t *folded, uint32_t *optnone);

static uint32_t check_compiled(const char *dir, const char *tool, const char *flags,
			       const char *src, const char *out, uint64_t *folded,
			       uint32_t *optnone)
{
	char ll[700];
	snprintf(ll, sizeof ll, "%s/%s", dir, out);
	cr_assert_eq(tools_sh("'%s/%s' -O0 %s -w -S -emit-llvm '%s' -o '%s'", SSALAB_LLVM_BINDIR,
			      tool, flags, src, ll), 0, "%s", src);
	return check_parity(ll, folded, optnone);
}

/* The placement check on one module (text or bitcode): every function compared has no failure;
 * returns how many were compared, adds up their folds and the optnone functions. */
static uint32_t check_parity(const char *ll, uint64_t *folded, uint32_t *optnone)
{
	const char *src = ll;
	struct places p;
	places_make(&p, ll);
	struct peer_m2r_result r;
	char err[512];
	cr_assert_eq(peer_llvm_mem2reg_check(ll, 1, p.v, p.n, &r, err, sizeof err), SSA_OK,
		     "%s", err);
	uint32_t compared = 0;
	for (uint32_t i = 0; i < r.nfuncs; i++) {
		const struct peer_m2r_func *f = &r.funcs[i];
		*optnone += f->parity.optnone;
		if (!f->parity.compared)
			continue;
		compared++;
		*folded += f->parity.folded;
		cr_expect_eq(f->parity.failures, 0, "%s: %s", src, f->parity.msg);
	}
	peer_m2r_result_free(&r);
	places_free(&p);
	return compared;
}

Test(llvm_parity, c_and_cxx_with_exceptions_reach_parity, .timeout = 300)
{
	if (!have("clang") || !have("clang++"))
		cr_skip_test("clang or clang++ missing in %s", SSALAB_LLVM_BINDIR);
	char dir[512];
	tools_mkdtemp(dir, sizeof dir);
	static const char *const progs[] = {"loops", "branches", "irreducible", "fastpaths"};
	uint64_t folded = 0;
	uint32_t optnone = 0, compared = 0;
	for (size_t i = 0; i < sizeof progs / sizeof *progs; i++) {
		char src[600], out[100];
		snprintf(src, sizeof src, "%s/c/%s.c", SSALAB_TEST_DATA, progs[i]);
		snprintf(out, sizeof out, "%s.ll", progs[i]);
		compared += check_compiled(dir, "clang", "-Xclang -disable-O0-optnone", src, out,
					   &folded, &optnone);
	}
	cr_expect_eq(optnone, 0);
	cr_expect_geq(compared, 16);
	/* fastpaths.c has phi(1, 1) and phi(5, undef): both fold. */
	cr_expect_geq(folded, 2);

	uint64_t cxx_folded = 0;
	uint32_t cxx = check_compiled(dir, "clang++", "-Xclang -disable-O0-optnone",
				      SSALAB_TEST_DATA "/llvm/eh.cpp", "eh.ll", &cxx_folded, &optnone);
	cr_expect_geq(cxx, 3, "parse, total, cleanup and the library's inline functions");
	cr_expect_eq(optnone, 0);
	char ll[700];
	snprintf(ll, sizeof ll, "%s/eh.ll", dir);
	char *text = bench_run_slurp(ll);
	cr_assert_not_null(text);
	cr_expect(strstr(text, " invoke ") && strstr(text, "landingpad"), "no exception edges");
	free(text);

	/* clang's default at -O0 marks every function optnone: nothing is compared. */
	uint32_t none = 0;
	uint64_t f0 = 0;
	cr_expect_eq(check_compiled(dir, "clang", "", SSALAB_TEST_DATA "/c/loops.c", "on.ll", &f0,
				    &none), 0);
	cr_expect_gt(none, 0);
	tools_rmdir(dir);
}

/* Rust: the committed bitcode of rustc 1.63 (LLVM 14, upgraded on reading) and 1.95 (LLVM 21),
 * and, where a rustc is on the PATH, the same program compiled now. rustc 1.95 declares its
 * locals as byte arrays, which mem2reg never promotes: its functions compare with no variables. */
Test(llvm_parity, rust_bitcode_reaches_parity, .timeout = 300)
{
	uint64_t folded = 0;
	uint32_t optnone = 0;
	uint32_t old = check_parity(SSALAB_TEST_DATA "/llvm/rust_1_63.bc", &folded, &optnone);
	cr_expect_geq(old, 5, "rustc 1.63's functions");
	uint32_t now = check_parity(SSALAB_TEST_DATA "/llvm/rust_1_95.bc", &folded, &optnone);
	cr_expect_geq(now, 5, "rustc 1.95's functions");
	cr_expect_eq(optnone, 0);
	if (tools_sh("command -v rustc >/dev/null 2>&1") != 0)
		return;
	char dir[512], bc[700];
	tools_mkdtemp(dir, sizeof dir);
	snprintf(bc, sizeof bc, "%s/r.bc", dir);
	cr_assert_eq(tools_sh("rustc --edition=2018 --crate-type=lib -C opt-level=0 "
			      "--cap-lints=allow --emit=llvm-bc '%s' -o '%s'",
			      SSALAB_TEST_DATA "/llvm/rust_1_63.rs", bc),
		     0);
	cr_expect_geq(check_parity(bc, &folded, &optnone), 5, "rustc on this machine");
	tools_rmdir(dir);
}
