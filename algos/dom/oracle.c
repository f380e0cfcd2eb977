/* Dominator oracle, from the definition: d dominates b iff b is reachable from the entry and
 * becomes unreachable once d is removed (and d dominates itself). The reference every
 * dominator algorithm is checked against on small graphs; it shares no code with them.
 * Time O(r * (n + m)) for r reachable blocks; memory 4n words, freed on return. Iterative
 * (explicit stack), so deep graphs are fine; only the size limit applies.
 * Source: the textbook definition (Aho, Sethi, Ullman, "Compilers", 1986; Lowry and Medlock,
 * "Object code optimization", 1969). */
#include "dom/oracle.h"
#include "cfg/traverse.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

/* How one pass finds every idom.
 *
 * For each reachable block d we search from the entry without entering d; the reachable
 * blocks left unvisited (d included) are exactly those d dominates. The strict dominators of
 * a block b form a chain d1 -> d2 -> ... -> dk along the dominator tree, and each one's
 * dominated set strictly contains the next one's (d(i) is in its own set but not in d(i+1)'s),
 * so idom(b) = the strict dominator of b whose dominated set is smallest. That lets one pass
 * over d find every idom without storing any dominator set. */

uint64_t dom_oracle_work(uint64_t n, uint64_t m)
{
	uint64_t r;
	if (__builtin_mul_overflow(n, ssa_sat_add(n, m), &r))
		return UINT64_MAX;
	return r;
}

bool dom_oracle_fits(uint64_t n, uint64_t m)
{
	return dom_oracle_work(n, m) <= DOM_ORACLE_MAX_WORK;
}

uint64_t dom_oracle_bytes(uint64_t n)
{
	return ssa_sat_add(ssa_bytes(n, 3 * sizeof(uint32_t)), n);
}

int dom_oracle(const struct cfg *g, uint32_t *idom)
{
	const uint32_t n = g->n;
	if (!dom_oracle_fits(n, g->m))
		return SSA_ETOOBIG;
	uint8_t *reach = ssa_alloc_array(n, 1);
	uint32_t *stack = ssa_alloc_array(n, sizeof(uint32_t));
	/* seen[v] == d + 1 when the search avoiding d visited v: a stamp, so no clearing. */
	uint32_t *seen = ssa_calloc_array(n, sizeof(uint32_t));
	/* Size of the dominated set of the current best candidate for idom(b). */
	uint32_t *best = ssa_alloc_array(n, sizeof(uint32_t));
	if (!reach || !stack || !seen || !best) {
		ssa_free_all(reach, stack, seen, best, NULL);
		return SSA_ENOMEM;
	}
	const uint32_t nreach = cfg_reach(g, 0, reach, stack);
	for (uint32_t b = 0; b < n; b++) {
		idom[b] = SSA_NONE;
		best[b] = UINT32_MAX;
	}

	for (uint32_t d = 0; d < n; d++) {
		if (!reach[d])
			continue;
		const uint32_t stamp = d + 1;
		uint32_t visited = 0, sp = 0;
		if (d != 0) {
			seen[0] = stamp;
			stack[sp++] = 0;
			visited = 1;
		}
		while (sp) {
			uint32_t u = stack[--sp];
			for (uint32_t i = g->succ_off[u]; i < g->succ_off[u + 1]; i++) {
				uint32_t v = g->succ[i];
				if (v == d || seen[v] == stamp)
					continue;
				seen[v] = stamp;
				stack[sp++] = v;
				visited++;
			}
		}
		/* d dominates the nreach - visited reachable blocks the search missed. */
		const uint32_t size = nreach - visited;
		for (uint32_t b = 0; b < n; b++) {
			if (b == d || !reach[b] || seen[b] == stamp)
				continue;
			if (size < best[b]) {
				best[b] = size;
				idom[b] = d;
			}
		}
	}
	ssa_free_all(reach, stack, seen, best, NULL);
	return SSA_OK;
}
