/* Bytes -> a small program, shared by the differential fuzzer and its shrinker (fuzz_diff.c
 * describes the encoding). Header-only. */
#ifndef SSALAB_FUZZ_DECODE_H
#define SSALAB_FUZZ_DECODE_H

#include "cfg/prog.h"
#include "util/status.h"

#include <stdint.h>
#include <stdlib.h>

static inline int fuzz_decode(const uint8_t *d, size_t size, struct prog *out)
{
	size_t k = 0;
#define NEXT() (k < size ? d[k++] : 0)
	const uint32_t n = 1 + NEXT() % 24, nvars = NEXT() % 4, m = NEXT() % 72;
	struct edge_list el;
	if (edge_list_init(&el, n, m + 1) != SSA_OK)
		return SSA_ENOMEM;
	for (uint32_t i = 0; i < m; i++) {
		uint32_t u = NEXT() % n, v = NEXT() % n;
		edge_list_push(&el, u, v);
	}
	struct cfg g;
	int rc = cfg_from_edges(&g, &el);
	edge_list_free(&el);
	if (rc != SSA_OK)
		return rc;
	uint32_t *off = malloc((n + 1) * sizeof *off), *ops = malloc(4 * n * sizeof *ops + 4);
	uint32_t nops = 0;
	off[0] = 0;
	for (uint32_t b = 0; b < n; b++) {
		uint32_t c = nvars ? NEXT() % 5 : 0;
		for (uint32_t i = 0; i < c; i++) {
			uint32_t x = NEXT();
			ops[nops++] = prog_op((x >> 1) % nvars, x & 1);
		}
		off[b + 1] = nops;
	}
#undef NEXT
	prog_init(out, &g, nvars, nops, off, ops);
	return SSA_OK;
}

#endif
