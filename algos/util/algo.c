/* The one lookup over the stages' tables (algo.h). */
#include "util/algo.h"

#include <string.h>

const struct algo_head *algo_head_at(const void *table, size_t i)
{
	/* Every entry is a pointer to a descriptor whose first member is its struct algo_head, so
	 * the entry converts to a pointer to that head. */
	const void *const *entries = table;
	return entries[i];
}

const void *algo_find(const void *table, size_t n, const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (strcmp(algo_head_at(table, i)->name, name) == 0)
			return algo_head_at(table, i);
	return NULL;
}

uint32_t algo_test_blocks(const struct algo_head *h, uint32_t linear)
{
	unsigned d = h->worst_degree;
	if (d <= 1)
		return linear;
	uint32_t n = 1;
	for (;;) { /* the largest n with (n + 1)^d > linear, by steps: n stays below 2^16 for d >= 2 */
		uint64_t p = 1, next = (uint64_t)n + 1;
		for (unsigned i = 0; i < d && p <= linear; i++)
			p *= next;
		if (p > linear)
			break;
		n++;
	}
	if (n < ALGO_TEST_MIN_BLOCKS)
		n = ALGO_TEST_MIN_BLOCKS;
	return n < linear ? n : linear;
}
