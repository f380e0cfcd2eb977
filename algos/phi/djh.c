/* phi-djh: φ placement (phi.h) as phi-dj (dj.c), the DJ-graph walk of each root's dominator
 * subtree, with hubs: J edges into a block that 64 or more J edges enter (the exit every return
 * jumps to, a switch's join) neither lead a walk into a subtree nor are scanned by one; a
 * bitmask per block says which of up to 32 hubs its subtree has edges into, and a root judges
 * those hubs at once.
 * Why: a variable defined high in a deep dominator tree (a global in a structured function)
 * makes phi-dj walk every path to a return, for one φ at the exit (9 blocks walked per block for
 * 64 variables on structured 10^6). phi-djq avoids the walk with a range-minimum index, but pays
 * per edge reported where the frontiers are dense (random CFGs, nested loops) and asks each of
 * its hubs per root (quadratic on itworst's thousands of hubs); phi-djh keeps the walk's costs
 * there and walks structured code about as little as phi-djq queries it.
 * Time O(n + m) per run plus, per variable, O(walked blocks and their J edges + roots x 32 +
 * q log q); memory phi-dj's + 2n words. Same answer as phi-dj, every flavour.
 * Sreedhar and Gao, 1995, "A Linear Time Algorithm for Placing φ-Nodes" (POPL). */
#include "phi/dj.h"
#include "phi/phi.h"
#include "util/mem.h"
#include "util/status.h"

static uint64_t djh_scratch_bytes(uint64_t n, uint64_t nvars)
{
	return ssa_sat_add(dj_scratch_bytes(n, nvars), dj_hubs_bytes(n));
}

static uint64_t djh_scratch_bytes_in(const struct phi_input *in)
{
	return ssa_sat_add(dj_scratch_bytes_in(in), dj_hubs_bytes(in->prog->cfg.n));
}

static int djh_scratch_alloc(void **out, uint32_t n, uint32_t nvars)
{
	void *p = NULL;
	int st = dj_scratch_alloc(&p, n, nvars);
	if (st == SSA_OK)
		st = dj_hubs_alloc(p, n);
	if (st != SSA_OK) {
		dj_scratch_free(p);
		return st;
	}
	*out = p;
	return SSA_OK;
}

static int djh_run(void *p, const struct phi_input *in, enum phi_flavor f, struct phi_sets *out,
		   uint64_t *counters)
{
	return dj_place(p, in, f, out, counters);
}

const struct phi_algo phi_djh_algo = {
	.head = {
		.name = "phi-djh",
		.summary = "phi-dj's DJ-graph walk with hubs: edges into blocks of 64+ J edges judged once "
			   "per root from a bitmask, never walked to",
		.citation = "Sreedhar, Gao 1995, 'A Linear Time Algorithm for Placing phi-Nodes', POPL",
		.complexity = "O(walked blocks and J edges + 32 per root + q log q) per variable, O(n+m) per "
			      "run, 15n words + J edges",
		.counter_names = {"phis", "queue-pops", "j-edges-scanned", "live-steps", "blocks-walked"},
	},
	.needs_df = false,
	.scratch_bytes = djh_scratch_bytes,
	.scratch_bytes_in = djh_scratch_bytes_in,
	.scratch_alloc = djh_scratch_alloc,
	.scratch_free = dj_scratch_free,
	.run = djh_run,
};
