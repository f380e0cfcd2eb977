/* The graph and loop lines of every input (graphstats.c). */
#ifndef SSALAB_BENCH_GRAPHSTATS_H
#define SSALAB_BENCH_GRAPHSTATS_H

#include "cfg/cfg.h"

#include <stdbool.h>
#include <stdint.h>

/* Graph statistics, computed untimed. reducible is -1 when unknown. */
struct bench_graph_stats {
	uint64_t n, m;
	uint64_t reachable;
	uint64_t exits;        /* blocks with no successor */
	uint64_t max_in, max_out;
	int reducible;
	/* The loop nesting forest's summary (loops_graph_summary): have_loops is false when its
	 * memory estimate, loops_mem bytes, was above 75% of MemAvailable (or it ran out). */
	bool have_loops;
	uint64_t loops_mem;
	uint32_t loops, max_loop_depth, irreducible_loops;
};
int bench_graph_stats(const struct cfg *g, struct bench_graph_stats *s);

#endif
