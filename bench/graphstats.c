/* Graph statistics printed with every run (untimed): sizes, reachable blocks, exits, degree
 * extremes, the loop nesting forest's loops, maximum depth and irreducible loops
 * (loops_graph_summary, which counts them without building the forest: 8n + 2m words; skipped
 * when that exceeds 75% of MemAvailable), and reducibility read off those counts (the
 * dominator-based test only when they were skipped; unknown when that runs out of memory too). */
#include "bench/report.h"
#include "bench/memstat.h"
#include "cfg/traverse.h"
#include "dom/reducible.h"
#include "loops/loops.h"
#include "util/mem.h"
#include "util/status.h"

#include <string.h>

int bench_graph_stats(const struct cfg *g, struct bench_graph_stats *s)
{
	memset(s, 0, sizeof *s);
	s->n = g->n;
	s->m = g->m;
	s->reducible = -1;
	for (uint32_t b = 0; b < g->n; b++) {
		uint32_t out = cfg_out_degree(g, b), in = cfg_in_degree(g, b);
		if (out == 0)
			s->exits++;
		if (out > s->max_out)
			s->max_out = out;
		if (in > s->max_in)
			s->max_in = in;
	}
	uint8_t *reached = ssa_alloc_array(g->n, 1);
	uint32_t *stack = ssa_alloc_array(g->n, sizeof *stack);
	bool have = reached && stack;
	if (have)
		s->reachable = cfg_reach(g, 0, reached, stack);
	ssa_free_all(reached, stack);
	if (!have)
		return SSA_ENOMEM;
	s->loops_mem = loops_graph_summary_bytes(g->n, g->m);
	uint64_t avail = bench_mem_available();
	struct loops_summary ls;
	if ((!avail || s->loops_mem <= avail / 4 * 3) && loops_graph_summary(g, &ls) == SSA_OK) {
		s->have_loops = true;
		s->loops = ls.loops;
		s->max_loop_depth = ls.max_depth;
		s->irreducible_loops = ls.irreducible;
	}
	/* A CFG is reducible iff its loop forest has no loop with a second entry (loops.h; the
	 * loops oracle checks this equivalence), so the summary answers for free. Only when it was
	 * skipped does the dominator-based test run, itself perhaps out of memory. */
	bool red;
	if (s->have_loops)
		s->reducible = s->irreducible_loops == 0;
	else if (cfg_is_reducible(g, &red) == SSA_OK)
		s->reducible = red ? 1 : 0;
	return SSA_OK;
}
