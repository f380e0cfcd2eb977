/* Whatever the build left out, bench says so: `bench --version` and the end of
 * `bench --algo=list` name each peer group (LLVM: llvm-dom, llvm-dom-map, llvm-pdom, llvm-idf,
 * llvm-mem2reg, llvm-update, llvm-update-batch; Boost: boost-lt; igraph: igraph-dom) as built,
 * with the library's version, or as left out, with CMake's reason (algos/peers/peers.cmake); the stage tables agree with them; and a build without LLVM's peers
 * refuses --algo=llvm-mem2reg with that reason and runs --algo=all on LLVM IR without it, saying
 * so. Built in every configuration (CI runs it in a build with -DSSALAB_WITH_LLVM=OFF
 * -DSSALAB_WITH_BOOST=OFF too). */
#include "dom/dom.h"
#include "phi/phi.h"
#include "support/bench_run.h"

#include <criterion/criterion.h>

#define RUN(...) bench_run_cmd(SSALAB_BENCH_EXE, __VA_ARGS__)
#define MODULE SSALAB_TEST_DATA "/llvm/bench_module.ll"

static const char llvm_names[] =
	"llvm-dom, llvm-dom-map, llvm-pdom, llvm-idf, llvm-mem2reg, llvm-update, llvm-update-batch";

/* The peers lines of out agree with what the tables hold. */
static void expect_peer_lines(const char *out, const char *what)
{
	bool llvm = algo_find(dom_algos, dom_nalgos, "llvm-dom") != NULL, boost = algo_find(dom_algos, dom_nalgos, "boost-lt") != NULL;
	cr_expect_eq(llvm, algo_find(dom_algos, dom_nalgos, "llvm-dom-map") != NULL);
	cr_expect_eq(llvm, algo_find(dom_algos, dom_nalgos, "llvm-pdom") != NULL);
	cr_expect_eq(llvm, algo_find(phi_algos, phi_nalgos, "llvm-idf") != NULL);
	char want[160];
	snprintf(want, sizeof want, "\npeers: %s: LLVM ", llvm_names);
	cr_expect_eq(strstr(out, want) != NULL, llvm, "%s: %s", what, out);
	snprintf(want, sizeof want, "\npeers: left out %s: ", llvm_names);
	cr_expect_eq(strstr(out, want) != NULL, !llvm, "%s: %s", what, out);
	cr_expect_eq(strstr(out, "\npeers: boost-lt: Boost ") != NULL, boost, "%s: %s", what, out);
	cr_expect_eq(strstr(out, "\npeers: left out boost-lt: ") != NULL, !boost, "%s: %s", what,
		     out);
	/* igraph-dom is in the table exactly when CMake built its adapter (the definition comes
	 * with the library that ssadom links). */
	bool igraph = algo_find(dom_algos, dom_nalgos, "igraph-dom") != NULL;
#ifdef SSALAB_HAVE_IGRAPH_PEERS
	cr_expect(igraph, "built with igraph, but igraph-dom is not in the table");
#else
	cr_expect(!igraph, "built without igraph, but igraph-dom is in the table");
#endif
	cr_expect_eq(strstr(out, "\npeers: igraph-dom: igraph ") != NULL, igraph, "%s: %s", what,
		     out);
	cr_expect_eq(strstr(out, "\npeers: left out igraph-dom: ") != NULL, !igraph, "%s: %s",
		     what, out);
	/* A reason follows "left out ...: ", never an empty one. */
	for (const char *p = out; (p = strstr(p, "\npeers: left out ")); p++) {
		const char *c = strstr(p, ": ");
		cr_expect(c && c[2] != '\n' && c[2] != 0, "%s: left out without a reason: %s", what,
			  p);
		if (c)
			p = c;
	}
	cr_expect_eq(strstr(out, "\nllvm ir input: yes") != NULL, SSALAB_LLVM_MAJOR > 0, "%s: %s",
		     what, out);
}

Test(peers_build, version_and_list_say_what_the_build_has)
{
	struct bench_run r = RUN("--version");
	cr_assert_eq(r.code, 0, "%s", r.err);
	cr_expect(!strncmp(r.out, "bench (ssalab) git ", 19), "%s", r.out);
	expect_peer_lines(r.out, "--version");
	bench_run_free(&r);

	r = RUN("--algo=list");
	cr_assert_eq(r.code, 0, "%s", r.err);
	expect_peer_lines(r.out, "--algo=list");
	/* Listed kernels are exactly the registered ones. */
	cr_expect_eq(strstr(r.out, "\n  llvm-dom ") != NULL, algo_find(dom_algos, dom_nalgos, "llvm-dom") != NULL);
	cr_expect_eq(strstr(r.out, "\n  llvm-dom-map ") != NULL, algo_find(dom_algos, dom_nalgos, "llvm-dom-map") != NULL);
	cr_expect_eq(strstr(r.out, "\n  boost-lt ") != NULL, algo_find(dom_algos, dom_nalgos, "boost-lt") != NULL);
	cr_expect_eq(strstr(r.out, "\n  igraph-dom ") != NULL, algo_find(dom_algos, dom_nalgos, "igraph-dom") != NULL);
	bench_run_free(&r);
}

Test(peers_build, all_runs_with_or_without_peers)
{
	struct bench_run r = RUN("--algo=all --blocks=3000 --reps=1 --csv");
	cr_expect_eq(r.code, 0, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\nauto,dom,ok,"), "%s", r.out);
	cr_expect_eq(strstr(r.out, "\nllvm-dom,dom,ok,") != NULL, algo_find(dom_algos, dom_nalgos, "llvm-dom") != NULL);
	cr_expect_eq(strstr(r.out, "\nllvm-dom-map,dom,ok,") != NULL,
		     algo_find(dom_algos, dom_nalgos, "llvm-dom-map") != NULL);
	cr_expect_eq(strstr(r.out, "\nboost-lt,dom,ok,") != NULL, algo_find(dom_algos, dom_nalgos, "boost-lt") != NULL);
	cr_expect_eq(strstr(r.out, "\nigraph-dom,dom,ok,") != NULL, algo_find(dom_algos, dom_nalgos, "igraph-dom") != NULL);
	bench_run_free(&r);
}

Test(peers_build, without_llvm_peers_mem2reg_is_refused_and_all_says_it_left_it_out)
{
	if (algo_find(dom_algos, dom_nalgos, "llvm-dom"))
		cr_skip_test("this build has LLVM's peers (tests/test_peers_llvm_bench.c covers it)");
	/* Generated input: llvm-mem2reg is not a kernel of this build. */
	struct bench_run r = RUN("--algo=llvm-mem2reg --blocks=100");
	cr_expect_eq(r.code, 2, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, "built without LLVM's peers"), "%s", r.err);
	cr_expect_str_empty(r.out);
	bench_run_free(&r);
	if (SSALAB_LLVM_MAJOR < 15)
		cr_skip_test("no LLVM IR input (or LLVM < 15) in this build: nothing more to check");
	r = RUN("--algo=llvm-mem2reg --in '%s'", MODULE);
	cr_expect_eq(r.code, 2, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.err, "built without LLVM's peers"), "%s", r.err);
	bench_run_free(&r);
	r = RUN("--algo=all --in '%s' --reps=1 --min-time=0", MODULE);
	cr_expect_eq(r.code, 0, "exit %d, stderr: %s", r.code, r.err);
	cr_expect_not_null(strstr(r.out, "\nllvm-mem2reg: left out of 'all': this bench has no LLVM "
					 "peers ("), "%s", r.out);
	cr_expect_not_null(strstr(r.out, "\nkernel: auto "), "%s", r.out);
	bench_run_free(&r);
}

/* The gcc-dom plugin (algos/peers/gcc) is no kernel, but bench says whether this build has it:
 * one line, built with GCC's version or left out with a reason, and the plugin beside bench when
 * built (tools/gcc-dom and test_tools_gcc look for it there). */
Test(peers_build, gcc_plugin_line_says_built_or_why)
{
	struct bench_run r = RUN("--version");
	cr_assert_eq(r.code, 0, "%s", r.err);
	bool built = strstr(r.out, "\npeers: gcc-dom plugin: GCC ") != NULL;
	const char *left = strstr(r.out, "\npeers: left out gcc-dom plugin: ");
	cr_expect(built != (left != NULL), "exactly one gcc-dom plugin line: %s", r.out);
	if (left)
		cr_expect(left[strlen("\npeers: left out gcc-dom plugin: ")] != '\n', "no reason: %s",
			  r.out);
	if (built) {
		char so[4096];
		snprintf(so, sizeof so, "%s", SSALAB_BENCH_EXE);
		char *slash = strrchr(so, '/');
		snprintf(slash ? slash + 1 : so, sizeof so - (size_t)(slash ? slash + 1 - so : 0),
			 "gcc_dom.so");
		cr_expect(bench_run_exists(so), "bench reports the plugin, but there is no %s", so);
	}
	bench_run_free(&r);
}
