/* The independent reference (dom_reference): equal to the oracle on thousands of small random
 * graphs of every shape, and to slt and lt on every generator family at 2·10^4 blocks, forward
 * and reversed (post-dominators). */
#include <criterion/criterion.h>

#include "dom/dom.h"
#include "dom/oracle.h"
#include "dom/reference.h"
#include "dom/reverse.h"
#include "gen/gen.h"
#include "support/domcheck_graphs.h"
#include "support/domcheck_random.h"
#include "support/gen_util.h"

#include <stdlib.h>

Test(reference, equals_the_oracle_on_random_graphs)
{
	for (uint64_t seed = 1; seed <= 4000; seed++) {
		struct cfg g;
		cr_assert_eq(dc_random_graph(&g, seed, seed % 4 ? 30 : 120), SSA_OK);
		uint32_t *want = malloc(g.n * sizeof *want), *got = malloc(g.n * sizeof *got);
		cr_assert_eq(dom_oracle(&g, want), SSA_OK);
		cr_assert_eq(dom_reference(&g, got), SSA_OK);
		uint32_t d = dc_first_diff(want, got, g.n);
		cr_assert_eq(d, UINT32_MAX, "seed %llu: block %u: reference %lld, oracle %lld",
			     (unsigned long long)seed, d, dc_id(d < g.n ? got[d] : 0),
			     dc_id(d < g.n ? want[d] : 0));
		free(want);
		free(got);
		cfg_free(&g);
	}
}

static void compare_kernels(const struct cfg *g, const char *what)
{
	uint32_t *ref = malloc(g->n * sizeof *ref), *got = malloc(g->n * sizeof *got);
	cr_assert_eq(dom_reference(g, ref), SSA_OK);
	static const char *const kernels[] = {"slt", "lt"};
	for (size_t k = 0; k < 2; k++) {
		cr_assert_eq(dom_compute(algo_find(dom_algos, dom_nalgos, kernels[k]), g, got, NULL), SSA_OK);
		uint32_t d = dc_first_diff(ref, got, g->n);
		cr_assert_eq(d, UINT32_MAX, "%s: block %u: %s %lld, reference %lld", what, d, kernels[k],
			     dc_id(d < g->n ? got[d] : 0), dc_id(d < g->n ? ref[d] : 0));
	}
	free(ref);
	free(got);
}

Test(reference, agrees_with_slt_and_lt_on_every_family_forward_and_reverse)
{
	char what[128];
	for (size_t f = 0; f < gen_nfamilies; f++) {
		for (uint64_t seed = 1; seed <= 2; seed++) {
			const char *family = gen_families[f].name;
			struct cfg g, r;
			struct gen_info info;
			if (!gen_make_or_skip(&g, &info, family, 20000, seed))
				continue;
			snprintf(what, sizeof what, "%s seed %llu", family, (unsigned long long)seed);
			compare_kernels(&g, what);
			struct dom_reverse_info ri;
			cr_assert_eq(dom_reverse_cfg(&g, &r, &ri), SSA_OK);
			snprintf(what, sizeof what, "%s seed %llu --reverse", family,
				 (unsigned long long)seed);
			compare_kernels(&r, what);
			cfg_free(&r);
			cfg_free(&g);
		}
	}
}

Test(reference, deep_chain_does_not_overflow_the_stack)
{
	struct gen_params p;
	gen_params_default(&p);
	p.family = "chain";
	p.blocks = 2000000;
	struct cfg g;
	struct gen_info info;
	cr_assert_eq(gen_cfg(&p, &g, &info), SSA_OK, "%s", info.note);
	uint32_t *idom = malloc(g.n * sizeof *idom);
	cr_assert_eq(dom_reference(&g, idom), SSA_OK);
	for (uint32_t b = 1; b < g.n; b++)
		cr_assert_eq(idom[b], b - 1);
	free(idom);
	cfg_free(&g);
}
