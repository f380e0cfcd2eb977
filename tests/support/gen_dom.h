/* The dominators and frontiers of small generated graphs, by the project's references (the
 * dominator oracle of algos/dom/oracle.c and the frontier definition df-naive), to check that
 * the families have the dominators and frontiers gen/FAMILIES.md states. */
#ifndef SSALAB_TESTS_GEN_DOM_H
#define SSALAB_TESTS_GEN_DOM_H

#include <criterion/criterion.h>

#include "df/df.h"
#include "dom/domtree.h"
#include "dom/oracle.h"
#include "util/status.h"

/* idom[v] for every block, SSA_NONE for the entry and unreachable blocks. */
static inline void gen_ref_idom(const struct cfg *g, uint32_t *idom)
{
	cr_assert_eq(dom_oracle(g, idom), SSA_OK);
}

/* Total size of all dominance frontiers (as sets), by their definition. */
static inline uint64_t gen_ref_df_total(const struct cfg *g, const uint32_t *idom)
{
	struct domtree t;
	struct df_sets df = {0};
	cr_assert_eq(domtree_build(&t, idom, g->n, 0), SSA_OK);
	cr_assert_eq(df_compute(algo_find(df_algos, df_nalgos, "df-naive"), g, &t, DF_DEFAULT_LIMIT, &df, NULL), SSA_OK);
	uint64_t total = df.total;
	df_sets_free(&df);
	domtree_free(&t);
	return total;
}

#endif
