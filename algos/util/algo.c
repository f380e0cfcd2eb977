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
