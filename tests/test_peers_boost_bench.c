/* boost-lt through the bench executable: its row appears beside ssalab's dominator algorithms
 * with the check passing, on a structured CFG and on a deep chain, where the adapter runs Boost
 * on its big-stack thread. Built only when Boost.Graph was found
 * (tests/CMakeLists.txt). Exact outcomes only, never timings. */
#include <criterion/criterion.h>

#include "support/bench_rows.h"

TestSuite(peers_boost_bench, .timeout = 300);

#define RUN(...) bench_run_cmd(SSALAB_BENCH_EXE, __VA_ARGS__)

Test(peers_boost_bench, boost_row_beside_ours_with_check)
{
	struct bench_run r = RUN("--algo=all:dom --family=structured --blocks=20000 --reps=1 --csv");
	bench_expect_ok_rows(&r, "boost-lt,dom", "auto,dom", "slt,dom", NULL);
}

Test(peers_boost_bench, deep_chain_through_bench)
{
	/* A DFS tree 2e5 deep, far above the adapter's 8192 threshold: bench's run goes through
	 * the thread with a stack sized for the depth (test_peers_boost's 10^6-block loop shows
	 * the recursion that needs it), and its answer is still checked. */
	struct bench_run r = RUN("--algo=boost-lt,auto --family=chain --blocks=200000 --reps=1 --csv");
	bench_expect_ok_rows(&r, "boost-lt,dom", "auto,dom", NULL);
}
