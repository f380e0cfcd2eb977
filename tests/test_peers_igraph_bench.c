/* igraph-dom through the bench executable: its row appears beside ssalab's dominator
 * algorithms with the check passing, on a structured CFG, on a deep chain and on the reverse
 * CFG. Built only when igraph was found (tests/CMakeLists.txt). Exact outcomes only, never
 * timings. */
#include <criterion/criterion.h>

#include "support/bench_rows.h"

TestSuite(peers_igraph_bench, .timeout = 300);

#define RUN(...) bench_run_cmd(SSALAB_BENCH_EXE, __VA_ARGS__)

Test(peers_igraph_bench, igraph_row_beside_ours_with_check)
{
	struct bench_run r = RUN("--algo=all:dom --family=structured --blocks=20000 --reps=1 --csv");
	bench_expect_ok_rows(&r, "igraph-dom,dom", "auto,dom", "slt,dom", NULL);
}

Test(peers_igraph_bench, deep_chain_and_reverse_through_bench)
{
	struct bench_run r = RUN("--algo=igraph-dom,auto --family=chain --blocks=200000 --reps=1 --csv");
	bench_expect_ok_rows(&r, "igraph-dom,dom", "auto,dom", NULL);
	r = RUN("--algo=igraph-dom,auto --family=random --blocks=20000 --reverse --reps=1 --csv");
	bench_expect_ok_rows(&r, "igraph-dom,dom", "auto,dom", NULL);
}
