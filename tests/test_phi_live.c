/* Liveness two ways: the bitset dataflow and the per-variable backward walk, against each other
 * and against an explicit path search; plus the per-variable block lists they start from. */
#include "support/phi_util.h"

#include "gen/gen.h"

#include <stdio.h>

/* Compares dataflow, walk and (when oracle) path search on p for every (block, variable). */
static void check_live(const struct prog *p, bool oracle, const char *what)
{
	uint32_t n = p->cfg.n;
	struct var_blocks vb;
	cr_assert_eq(var_blocks_build(&vb, p), SSA_OK);
	struct live_dataflow ld;
	struct live_walk lw;
	uint64_t cnt[4];
	cr_assert_eq(live_dataflow_alloc(&ld, n, p->nvars), SSA_OK);
	cr_assert_eq(live_dataflow_run(&ld, p, cnt), SSA_OK);
	cr_assert_eq(live_walk_alloc(&lw, n), SSA_OK);
	uint8_t *vis = ssa_alloc_array(n, 1);
	uint32_t *stack = ssa_alloc_array((size_t)n * 2 + 1, sizeof(uint32_t));
	uint64_t total = 0;
	for (uint32_t v = 0; v < p->nvars; v++) {
		live_walk_var(&lw, p, &vb, v);
		uint32_t count = 0;
		for (uint32_t b = 0; b < n; b++) {
			bool d = live_dataflow_is_live(&ld, b, v), w = live_walk_is_live(&lw, b);
			cr_assert_eq(d, w, "%s: var %u block %u: dataflow %d, walk %d", what, v, b, d, w);
			if (oracle) {
				bool o = phit_live_in(p, b, v, vis, stack);
				cr_assert_eq(d, o, "%s: var %u block %u: dataflow %d, path search %d",
					     what, v, b, d, o);
			}
			count += w;
		}
		cr_assert_eq(count, lw.nlist, "%s: var %u: walk list length", what, v);
		total += count;
	}
	cr_assert_eq(cnt[2], total, "%s: dataflow's live-in count", what);
	free(vis);
	free(stack);
	live_walk_free(&lw);
	live_dataflow_free(&ld);
	var_blocks_free(&vb);
}

Test(live, var_blocks_lists)
{
	/* Block 0: d0 u0 u1 d1 u1 -> defs {0, 1}, upward-exposed {1}. Block 1: u0 u0 d0 d0 ->
	 * def {0}, ue {0}. Block 2: nothing. Block 3: u2 -> ue {2}. */
	static const uint32_t e[][2] = {{0, 1}, {1, 2}, {2, 3}};
	struct cfg g;
	phit_cfg(&g, 4, e, 3);
	struct prog p;
	phit_prog(&p, &g, 3, "d0 u0 u1 d1 u1|u0 u0 d0 d0||u2");
	struct var_blocks vb;
	cr_assert_eq(var_blocks_build(&vb, &p), SSA_OK);
	cr_assert_eq(vb.def_off[1] - vb.def_off[0], 2);
	cr_assert_eq(vb.def[0], 0);
	cr_assert_eq(vb.def[1], 1);
	cr_assert_eq(vb.def_off[2] - vb.def_off[1], 1);
	cr_assert_eq(vb.def_off[3], vb.def_off[2]);
	cr_assert_eq(vb.ue_off[1] - vb.ue_off[0], 1);
	cr_assert_eq(vb.ue[vb.ue_off[0]], 1);
	cr_assert_eq(vb.ue_off[2] - vb.ue_off[1], 1);
	cr_assert_eq(vb.ue[vb.ue_off[1]], 0);
	cr_assert_eq(vb.ue[vb.ue_off[2]], 3);
	cr_assert(var_blocks_nonlocal(&vb, 0) && var_blocks_nonlocal(&vb, 1) &&
		  var_blocks_nonlocal(&vb, 2));
	var_blocks_free(&vb);
	check_live(&p, true, "lists");
	prog_free(&p);
}

Test(live, random_programs_three_ways)
{
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		struct ssa_rng r;
		ssa_rng_seed(&r, seed * 104729);
		uint32_t n = 1 + (uint32_t)(ssa_rng_next(&r) % 40);
		struct cfg g;
		phit_random_cfg(&g, &r, n, (uint32_t)(ssa_rng_next(&r) % (2 * n + 1)));
		struct prog p;
		/* Up to 130 variables: more than two bitset words per block. */
		uint32_t nv = 1 + (uint32_t)(ssa_rng_next(&r) % (seed % 10 == 0 ? 130 : 6));
		phit_random_prog(&p, &g, &r, nv);
		char what[64];
		snprintf(what, sizeof what, "random seed %lu (n=%u, V=%u)", (unsigned long)seed, n, nv);
		check_live(&p, true, what);
		prog_free(&p);
	}
}

Test(live, dataflow_equals_walk_on_every_family)
{
	for (size_t f = 0; f < gen_nfamilies; f++)
		for (uint64_t seed = 1; seed <= 2; seed++) {
			struct gen_params gp;
			gen_params_default(&gp);
			gp.family = gen_families[f].name;
			gp.blocks = 3000;
			gp.seed = seed;
			gp.vars = 70;
			gp.locality = seed == 1 ? 0 : 100;
			if (strcmp(gp.family, "itworst") == 0)
				gp.edges = 12000;
			struct gen_info info;
			struct cfg g;
			cr_assert_eq(gen_cfg(&gp, &g, &info), SSA_OK, "%s", info.note);
			struct prog p;
			cr_assert_eq(gen_prog(&gp, &g, &p), SSA_OK);
			char what[200];
			snprintf(what, sizeof what, "%s seed %lu", info.note, (unsigned long)seed);
			check_live(&p, false, what);
			prog_free(&p);
		}
}
