/* The LLVM peers (algos/peers/llvm_*.cpp): llvm-dom (LLVM's block-numbered path since LLVM 20),
 * llvm-dom-map (the pointer-keyed path) and llvm-pdom against the oracle on every generator family and on random graphs with unreachable blocks, self-loops, multi-edges and
 * edges into the entry; both on ssalab's reverse CFG (post-dominators, --reverse); LLVM's own
 * post-dominator tree against ssalab's algorithms given LLVM's roots; llvm-idf against
 * ssalab's placement in every flavour; PromoteMemToReg on a small module and on a bad file. */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/oracle.h"
#include "dom/reverse.h"
#include "gen/gen.h"
#include "peers/peers.h"
#include "support/peers_check.h"
#include "support/phi_util.h"
#include "util/status.h"
#include "support/tmp_name.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Forward dominators by the three LLVM kernels, and post-dominators through ssalab's reverse
 * CFG, all against the oracle. */
static void expect_graph(const struct cfg *g, const char *what, void *ctx)
{
	(void)ctx;
	static const struct dom_algo *const kernels[] = {&peer_llvm_dom, &peer_llvm_dom_map,
							 &peer_llvm_pdom, NULL};
	peers_expect_oracle_both_ways(kernels, g, what);
}

Test(peers_llvm, registered_with_version)
{
	cr_assert_eq(algo_find(dom_algos, dom_nalgos, "llvm-dom"), &peer_llvm_dom);
	cr_assert_eq(algo_find(dom_algos, dom_nalgos, "llvm-dom-map"), &peer_llvm_dom_map);
	cr_assert_eq(algo_find(dom_algos, dom_nalgos, "llvm-pdom"), &peer_llvm_pdom);
	cr_assert_eq(algo_find(phi_algos, phi_nalgos, "llvm-idf"), &peer_llvm_idf);
	const char *v = peer_llvm_version();
	unsigned major = 0, minor = 0;
	cr_assert(sscanf(v, "LLVM %u.%u", &major, &minor) == 2, "%s", v);
	cr_assert(major >= 16, "%s: the build takes LLVM 16 or newer", v);
	cr_assert_eq(major, SSALAB_LLVM_MAJOR, "%s: CMake found LLVM %d", v, SSALAB_LLVM_MAJOR);
}

/* Since LLVM 20 the dominator tree indexes its records by block number when the node type has
 * numbers; llvm-dom must give them (the path LLVM takes for real functions) and llvm-dom-map
 * must not (the static_asserts in llvm_dom.cpp check the types at compile time). Before 20
 * there is one path, and both descriptors say so. */
Test(peers_llvm, numbered_path_from_llvm_20)
{
	const bool numbered = SSALAB_LLVM_MAJOR >= 20;
	cr_assert_eq(peer_llvm_numbered(), numbered, "LLVM %d", SSALAB_LLVM_MAJOR);
	const char *dom = peer_llvm_dom.head.summary, *map = peer_llvm_dom_map.head.summary;
	cr_expect_not_null(strstr(map, "keyed by node pointer"), "%s", map);
	cr_expect_eq(strstr(dom, "indexed by number") != NULL, numbered, "%s", dom);
	cr_expect_eq(strstr(dom, "keyed by node pointer") != NULL, !numbered, "%s", dom);
	cr_expect_eq(strstr(map, "LLVM < 20") != NULL, !numbered, "%s", map);
	/* The estimates follow the path: one InfoRec a block in a vector against a DenseMap's
	 * buckets; the same formula when there is one path. */
	for (uint64_t n = 1; n <= 100000000; n *= 100) {
		uint64_t a = peer_llvm_dom.scratch_bytes(n, 2 * n);
		uint64_t b = peer_llvm_dom_map.scratch_bytes(n, 2 * n);
		if (numbered)
			cr_expect_lt(a, b, "n = %llu", (unsigned long long)n);
		else
			cr_expect_eq(a, b, "n = %llu", (unsigned long long)n);
		cr_expect_gt(a, 100 * n);
	}
	/* Saturates instead of wrapping. */
	cr_expect_eq(peer_llvm_dom.scratch_bytes(UINT64_MAX / 2, UINT64_MAX / 2), UINT64_MAX);
	cr_expect_eq(peer_llvm_dom_map.scratch_bytes(UINT32_MAX, UINT64_MAX), UINT64_MAX);
}

Test(peers_llvm, every_family_equals_oracle_forward_and_reverse)
{
	peers_each_family_graph(2, expect_graph, NULL);
}

Test(peers_llvm, random_graphs_equal_oracle_forward_and_reverse)
{
	peers_each_random_graph(2000, 50, expect_graph, NULL);
}

/* ssalab's reverse CFG, but with the virtual exit joined to the given roots (ascending). */
static void reverse_with_roots(const struct cfg *g, const uint32_t *roots, uint32_t k,
			       struct cfg *out)
{
	uint32_t n = g->n;
	uint32_t *off = malloc(((size_t)n + 2) * sizeof *off);
	uint32_t *succ = malloc(((size_t)g->m + k + 1) * sizeof *succ);
	cr_assert(off && succ);
	uint32_t e = 0;
	off[0] = 0;
	for (uint32_t i = 0; i < k; i++)
		succ[e++] = roots[i] + 1;
	off[1] = e;
	for (uint32_t v = 0; v < n; v++) {
		for (uint32_t i = g->pred_off[v]; i < g->pred_off[v + 1]; i++)
			succ[e++] = g->pred[i] + 1;
		off[v + 2] = e;
	}
	cr_assert_eq(cfg_from_succ_csr(out, n + 1, e, off, succ), SSA_OK);
}

/* LLVM's own post-dominator tree picks its roots itself. Given those roots, ssalab's reverse
 * CFG and the oracle must give the same tree; the roots include every exit, and where every
 * block can reach an exit they are exactly the exits, so the tree is ssalab's --reverse answer. */
static void expect_native_postdom(const struct cfg *g, const char *what, void *ctx)
{
	uint32_t *differ = ctx;
	uint32_t n = g->n;
	uint32_t *ipdom = malloc((size_t)n * sizeof *ipdom), *roots = malloc((size_t)n * sizeof *roots);
	uint32_t *sorted = calloc(n, sizeof *sorted);
	cr_assert(ipdom && roots && sorted);
	uint32_t k = 0;
	cr_assert_eq(peer_llvm_postdom(g, ipdom, roots, &k), SSA_OK);
	/* Roots as a set, ascending. */
	uint8_t *isroot = calloc(n, 1);
	cr_assert_not_null(isroot);
	for (uint32_t i = 0; i < k; i++) {
		cr_assert_lt(roots[i], n);
		cr_assert_eq(isroot[roots[i]], 0, "%s: root %u twice", what, roots[i]);
		isroot[roots[i]] = 1;
	}
	uint32_t ks = 0;
	for (uint32_t b = 0; b < n; b++)
		if (isroot[b])
			sorted[ks++] = b;
	struct cfg r;
	reverse_with_roots(g, sorted, ks, &r);
	uint32_t *ridom = malloc(((size_t)n + 1) * sizeof *ridom), *want = malloc((size_t)n * sizeof *want);
	cr_assert(ridom && want);
	cr_assert_eq(dom_oracle(&r, ridom), SSA_OK);
	dom_reverse_map(ridom, n, want);
	uint32_t d = dc_first_diff(ipdom, want, n);
	if (d != UINT32_MAX)
		cr_assert_fail("%s: LLVM ipdom(%u) = %lld, the oracle with LLVM's roots says %lld",
			       what, d, dc_id(ipdom[d]), dc_id(want[d]));
	cfg_free(&r);

	/* ssalab's own choice of joined blocks. */
	struct dom_reverse_info info;
	cr_assert_eq(dom_reverse_cfg(g, &r, &info), SSA_OK);
	for (uint32_t b = 0; b < n; b++)
		if (cfg_out_degree(g, b) == 0)
			cr_assert(isroot[b], "%s: exit %u is not an LLVM root", what, b);
	cr_assert_eq(dom_oracle(&r, ridom), SSA_OK);
	dom_reverse_map(ridom, n, want);
	if (info.regions == 0) {
		cr_assert_eq(ks, info.exits, "%s", what);
		cr_assert_eq(dc_first_diff(ipdom, want, n), UINT32_MAX,
			     "%s: without infinite loops LLVM's tree must be ssalab's", what);
	} else if (dc_first_diff(ipdom, want, n) != UINT32_MAX) {
		(*differ)++;
	}
	cfg_free(&r);
	ssa_free_all(ipdom, roots, sorted, isroot, ridom, want);
}

Test(peers_llvm, native_postdom_equals_ours_with_its_roots)
{
	uint32_t differ = 0;
	peers_each_random_graph(2000, 50, expect_native_postdom, &differ);
	cr_log_info("LLVM's post-dominator roots differ from ssalab's in a way that changes the "
		    "tree on %u of 2000 random graphs (only ones with infinite loops)", differ);
}

/* The example of algos/dom/README.md: 0->1, 1->2, 2->1, 0->3. ssalab joins the loop's smallest
 * block 1; LLVM's forward DFS from 1 reaches 2 last and joins 2. */
Test(peers_llvm, native_postdom_root_choice_in_an_infinite_loop)
{
	static const uint32_t e[][2] = {{0, 1}, {1, 2}, {2, 1}, {0, 3}};
	struct cfg g;
	phit_cfg(&g, 4, e, 4);
	uint32_t ipdom[4], roots[4], k = 0;
	cr_assert_eq(peer_llvm_postdom(&g, ipdom, roots, &k), SSA_OK);
	cr_assert_eq(k, 2);
	cr_assert_eq(roots[0], 3);
	cr_assert_eq(roots[1], 2);
	cr_assert_eq(ipdom[0], SSA_NONE);
	cr_assert_eq(ipdom[1], 2); /* ssalab: ipdom(2) = 1 and ipdom(1) = none */
	cr_assert_eq(ipdom[2], SSA_NONE);
	cr_assert_eq(ipdom[3], SSA_NONE);
	cfg_free(&g);
}

/* ---- llvm-idf ---- */

/* llvm-idf against phi-idf and phi-dj in every flavour, liveness by walk and by dataflow. */
static void expect_idf(const struct prog *p, const char *what)
{
	struct phit_ctx c;
	phit_ctx_init(&c, p);
	for (int f = PHI_MINIMAL; f <= PHI_PRUNED; f++)
		for (int dflow = 0; dflow < 2; dflow++) {
			struct phi_input in = {.prog = p, .dt = &c.dt, .vb = &c.vb, .df = &c.df,
					       .live = dflow ? &c.ld : NULL};
			struct phi_sets got = {0}, want[2] = {{0}, {0}};
			uint64_t cnt[PHI_MAX_COUNTERS];
			cr_assert_eq(phi_compute(&peer_llvm_idf, &in, f, &got, cnt), SSA_OK);
			cr_assert_eq(cnt[0], got.total);
			cr_assert_eq(phi_compute(algo_find(phi_algos, phi_nalgos, "phi-idf"), &in, f, &want[0], cnt), SSA_OK);
			cr_assert_eq(phi_compute(algo_find(phi_algos, phi_nalgos, "phi-dj"), &in, f, &want[1], cnt), SSA_OK);
			char msg[200];
			for (int k = 0; k < 2; k++)
				cr_assert(phi_sets_equal(&got, &want[k], msg, sizeof msg),
					  "llvm-idf vs %s, %s, %s: %s", k ? "phi-dj" : "phi-idf",
					  phi_flavor_name(f), what, msg);
			phi_sets_free(&got);
			phi_sets_free(&want[0]);
			phi_sets_free(&want[1]);
		}
	phit_ctx_free(&c);
}

Test(peers_llvm, idf_equals_ours_on_every_family)
{
	static const uint64_t sizes[] = {5, 40, 300};
	for (size_t f = 0; f < gen_nfamilies; f++)
		for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
			struct gen_params p;
			struct gen_info info;
			struct cfg g;
			struct prog pr;
			gen_params_default(&p);
			p.family = gen_families[f].name;
			p.blocks = sizes[s];
			p.vars = 8;
			if (gen_cfg(&p, &g, &info) != SSA_OK)
				continue;
			cr_assert_eq(gen_prog(&p, &g, &pr), SSA_OK);
			char what[256];
			snprintf(what, sizeof what, "%s (%s)", p.family, info.note);
			expect_idf(&pr, what);
			prog_free(&pr);
		}
}

Test(peers_llvm, idf_equals_ours_on_random_programs)
{
	struct ssa_rng r;
	ssa_rng_seed(&r, 13);
	for (int i = 0; i < 400; i++) {
		struct cfg g;
		struct prog p;
		uint32_t n = 1 + (uint32_t)(ssa_rng_next(&r) % 40);
		phit_random_cfg(&g, &r, n, (uint32_t)(ssa_rng_next(&r) % (2 * n + 1)));
		phit_random_prog(&p, &g, &r, 1 + (uint32_t)(ssa_rng_next(&r) % 5));
		char what[64];
		snprintf(what, sizeof what, "random program %d (n=%u)", i, n);
		expect_idf(&p, what);
		prog_free(&p);
	}
}

/* ---- llvm-mem2reg ---- */

static void write_temp(char *path, const char *text)
{
	tmp_name(path, TMP_NAME_MAX, "ssalab-peers");
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	size_t len = strlen(text);
	cr_assert_eq(write(fd, text, len), (ssize_t)len);
	close(fd);
}

static const char sum_ll[] =
	"define i32 @sum(i32 %n) {\n"
	"entry:\n"
	"  %i = alloca i32\n"
	"  %s = alloca i32\n"
	"  store i32 0, ptr %i\n"
	"  store i32 0, ptr %s\n"
	"  br label %loop\n"
	"loop:\n"
	"  %iv = load i32, ptr %i\n"
	"  %c = icmp slt i32 %iv, %n\n"
	"  br i1 %c, label %body, label %exit\n"
	"body:\n"
	"  %sv = load i32, ptr %s\n"
	"  %s2 = add i32 %sv, %iv\n"
	"  store i32 %s2, ptr %s\n"
	"  %i2 = add i32 %iv, 1\n"
	"  store i32 %i2, ptr %i\n"
	"  br label %loop\n"
	"exit:\n"
	"  %r = load i32, ptr %s\n"
	"  ret i32 %r\n"
	"}\n"
	"declare void @ext()\n"
	"define void @empty() {\n"
	"  ret void\n"
	"}\n";

Test(peers_llvm, mem2reg_promotes_every_function)
{
	char path[TMP_NAME_MAX];
	write_temp(path, sum_ll);
	struct peer_m2r_result res;
	char err[256];
	cr_assert_eq(peer_llvm_mem2reg(path, 3, &res, err, sizeof err), SSA_OK, "%s", err);
	unlink(path);
	cr_assert_eq(res.nfuncs, 2); /* the declaration has no body */
	const struct peer_m2r_func *f = &res.funcs[0];
	cr_assert_str_eq(f->name, "sum");
	cr_assert_eq(f->blocks, 4);
	cr_assert_eq(f->allocas, 2);
	cr_assert_eq(f->phis, 2); /* i and s at the loop header */
	cr_assert_eq(f->insts_before, 16);
	/* entry: br; loop: 2 phis, icmp, br; body: 2 adds, br; exit: ret */
	cr_assert_eq(f->insts_after, 9);
	cr_assert_eq(f->reps, 3);
	for (uint32_t r = 0; r < f->reps; r++)
		cr_assert_geq(f->rep_ns[r], 0.0);
	f = &res.funcs[1];
	cr_assert_str_eq(f->name, "empty");
	cr_assert_eq(f->allocas, 0);
	cr_assert_eq(f->insts_before, 1);
	cr_assert_eq(f->insts_after, 1);
	peer_m2r_result_free(&res);
	cr_assert_eq(res.nfuncs, 0);
}

Test(peers_llvm, mem2reg_bad_file_names_file_and_line)
{
	char path[TMP_NAME_MAX];
	write_temp(path, "define i32 @f() {\nentry:\n  ret i32 %nope\n}\n");
	struct peer_m2r_result res;
	char err[512];
	cr_assert_eq(peer_llvm_mem2reg(path, 1, &res, err, sizeof err), SSA_EINPUT);
	cr_assert_eq(res.nfuncs, 0);
	char want[TMP_NAME_MAX + 8];
	snprintf(want, sizeof want, "%s:3:", path);
	cr_assert(strncmp(err, want, strlen(want)) == 0, "%s", err);
	unlink(path);
	cr_assert_eq(peer_llvm_mem2reg("/nonexistent/x.ll", 1, &res, err, sizeof err), SSA_EINPUT);
	cr_assert(strstr(err, "/nonexistent/x.ll") != NULL, "%s", err);
	cr_assert_eq(peer_llvm_mem2reg(path, 0, &res, err, sizeof err), SSA_EUSAGE);
}

/* A 10^6-block loop 0 -> 1 -> ... -> n-1 -> 1, with an edge back into the entry from the
 * middle: LLVM's DFS and eval are iterative, so depth costs memory, not stack; llvm-pdom
 * also needs its extra node here. */
Test(peers_llvm, deep_loop_into_the_entry, .timeout = 300)
{
	const uint32_t n = 1000000;
	struct cfg g;
	peers_deep_loop(&g, n);
	uint32_t *idom = malloc((size_t)n * sizeof *idom);
	cr_assert_not_null(idom);
	const struct dom_algo *algos[] = {&peer_llvm_dom, &peer_llvm_dom_map, &peer_llvm_pdom};
	for (int k = 0; k < 3; k++) {
		cr_assert_eq(dom_compute(algos[k], &g, idom, NULL), SSA_OK, "%s", algos[k]->head.name);
		cr_assert_eq(idom[0], SSA_NONE);
		for (uint32_t b = 1; b < n; b++)
			if (idom[b] != b - 1)
				cr_assert_fail("%s: idom(%u) = %d", algos[k]->head.name, b, (int)idom[b]);
	}
	free(idom);
	cfg_free(&g);
}
