/* Private to algos/loops: the union-find both loop walks use (havlak.c, summary.c). Each set
 * carries a name, the header its blocks were collapsed into, which need not be its root. Union by
 * rank, path halving: near-constant time per operation. */
#ifndef SSALAB_LOOPS_UF_H
#define SSALAB_LOOPS_UF_H

#include <stdint.h>
#include <string.h>

static inline uint32_t loops_uf_find(uint32_t *uf, uint32_t x)
{
	while (uf[x] != x) {
		uf[x] = uf[uf[x]];
		x = uf[x];
	}
	return x;
}

/* Merges the sets of a and b (any members), naming the union `name`. */
static inline void loops_uf_union(uint32_t *uf, uint32_t *label, uint8_t *rank, uint32_t a,
				  uint32_t b, uint32_t name)
{
	uint32_t ra = loops_uf_find(uf, a), rb = loops_uf_find(uf, b);
	if (ra != rb) {
		if (rank[ra] < rank[rb]) {
			uint32_t t = ra;
			ra = rb;
			rb = t;
		}
		uf[rb] = ra;
		if (rank[ra] == rank[rb])
			rank[ra]++;
	}
	label[ra] = name;
}

/* Every block its own set, named by itself. */
static inline void loops_uf_reset(uint32_t *uf, uint32_t *label, uint8_t *rank, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		uf[i] = label[i] = i;
	memset(rank, 0, n);
}

#endif
