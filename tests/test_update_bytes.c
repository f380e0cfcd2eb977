/* update_run_bytes and update_stream_bound, the update stage's estimate beside the stream, on a
 * 4-block graph, worked out by hand; the mutable graph and each algorithm's state come from their
 * own functions. */
#include <criterion/criterion.h>

#include "update/dyn_cfg.h"
#include "update/update.h"

Test(update_bytes, run)
{
	/* the final tree: 4 words (16 bytes), beside the mutable graph and the state */
	for (size_t i = 0; i < update_nalgos; i++) {
		const struct update_algo *a = update_algos[i];
		cr_assert_eq(update_run_bytes(a, 4, 4), 16 + dyn_cfg_bytes(4, 4) + a->state_bytes(4, 4),
			     "%s", a->head.name);
		/* 30 blocks: 120 bytes, class 128 */
		cr_assert_eq(update_run_bytes(a, 30, 40),
			     128 + dyn_cfg_bytes(30, 40) + a->state_bytes(30, 40), "%s", a->head.name);
	}
}

Test(update_bytes, stream_bound)
{
	uint64_t n, m;
	/* 10 updates of 12 bytes; each adds at most a block or an edge */
	cr_assert_eq(sizeof(struct update), 12);
	cr_assert_eq(update_stream_bound(4, 4, 10, false, &n, &m), 120);
	cr_assert(n == 14 && m == 14);
	/* reversed: a virtual exit, and an edge to it from each of the 14 blocks */
	cr_assert_eq(update_stream_bound(4, 4, 10, true, &n, &m), 120);
	cr_assert(n == 15 && m == 28);
}
