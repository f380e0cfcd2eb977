/* What every stage's algorithm descriptor starts with, and the one lookup over any stage's table.
 *
 * A stage's descriptor (struct dom_algo, struct df_algo, ..., struct floor_algo) has a struct
 * algo_head as its first member, named head, followed by the stage's own entry points. Each
 * stage has one table in algos/<folder>/registry.c, an array of pointers to its descriptors:
 *	const struct <stage>_algo *const <stage>_algos[];	const size_t <stage>_nalgos;
 * so bench, the tests and the fuzzer can read any table's names, citations and counters the same
 * way, and algo_find can look a name up in any of them. */
#ifndef SSALAB_UTIL_ALGO_H
#define SSALAB_UTIL_ALGO_H

#include <stddef.h>
#include <stdint.h>

/* Counter names a descriptor can carry; a stage's run() fills at most its own <STAGE>_MAX_COUNTERS,
 * which the stage's registry.c asserts is no larger. */
#define ALGO_MAX_COUNTERS 8

struct algo_head {
	const char *name;       /* the kernel name: it keys bench's rows and CSVs, never renamed */
	const char *summary;    /* one line for --algo=list */
	const char *citation;   /* authors, venue and year, or where the method comes from */
	const char *complexity; /* time, then memory */
	/* The degree d of the worst-case time as a polynomial in the graph's size: 0 or 1 for
	 * near-linear (O(m log n), O(m alpha)), 2 for quadratic. Tests that iterate a table size
	 * their largest graphs by it (algo_test_blocks), so a slow new algorithm does not make the
	 * suite hang; only a super-linear algorithm needs to set it. */
	unsigned worst_degree;
	const char *counter_names[ALGO_MAX_COUNTERS]; /* the run's work counters; unused slots NULL */
};

/* The descriptor named name in table (the address of a stage's <stage>_algos[], n entries), or
 * NULL when there is none or name is NULL. The result points at the stage's own descriptor type:
 * assign it to a const struct <stage>_algo *. O(n) string comparisons. */
const void *algo_find(const void *table, size_t n, const char *name);

/* The head of entry i of table (as for algo_find), for code that walks every table alike (the
 * registry test, --algo=list). */
const struct algo_head *algo_head_at(const void *table, size_t i);

/* The block count a table-iterating test gives an algorithm where near-linear ones get `linear`
 * blocks: `linear` for worst_degree <= 1; else the largest n with n^d <= linear, but never below
 * ALGO_TEST_MIN_BLOCKS (nor above linear), so deep-graph tests still reach a depth that a
 * recursive implementation could not survive on a small stack. */
#define ALGO_TEST_MIN_BLOCKS 32768u
uint32_t algo_test_blocks(const struct algo_head *h, uint32_t linear);

#endif
