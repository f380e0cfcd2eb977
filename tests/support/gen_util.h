/* Test helpers for generated graphs and programs: FNV-1a 64 hashes of the canonical text
 * forms (the bytes `gen --out -` writes), a quick generate-or-fail wrapper, and a simple
 * reducibility reference (T1/T2 reduction on a dense matrix, small graphs only). */
#ifndef SSALAB_TESTS_GEN_UTIL_H
#define SSALAB_TESTS_GEN_UTIL_H

#include <criterion/criterion.h>

#include "cfg/cfg.h"
#include "cfg/prog.h"
#include "gen/gen.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEN_FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define GEN_FNV_PRIME UINT64_C(0x100000001b3)

static inline uint64_t gen_fnv_str(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= GEN_FNV_PRIME;
	}
	return h;
}

static inline uint64_t gen_fnv_edges(uint64_t h, const struct cfg *g)
{
	char line[64];
	for (uint32_t u = 0; u < g->n; u++)
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
			snprintf(line, sizeof line, "e %" PRIu32 " %" PRIu32 "\n", u, g->succ[e]);
			h = gen_fnv_str(h, line);
		}
	return h;
}

/* FNV-1a 64 of the canonical .cfg text of g. */
static inline uint64_t gen_hash_cfg(const struct cfg *g)
{
	char line[64];
	snprintf(line, sizeof line, "p cfg %" PRIu32 " %" PRIu32 "\n", g->n, g->m);
	return gen_fnv_edges(gen_fnv_str(GEN_FNV_OFFSET, line), g);
}

/* FNV-1a 64 of the canonical .prog text of p. */
static inline uint64_t gen_hash_prog(const struct prog *p)
{
	char line[64];
	snprintf(line, sizeof line, "p prog %" PRIu32 " %" PRIu32 " %" PRIu32 "\n", p->cfg.n, p->cfg.m,
		 p->nvars);
	uint64_t h = gen_fnv_edges(gen_fnv_str(GEN_FNV_OFFSET, line), &p->cfg);
	for (uint32_t b = 0; b < p->cfg.n; b++) {
		if (p->op_off[b] == p->op_off[b + 1])
			continue;
		snprintf(line, sizeof line, "b %" PRIu32, b);
		h = gen_fnv_str(h, line);
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			snprintf(line, sizeof line, " %c%" PRIu32, prog_op_is_def(p->ops[i]) ? 'd' : 'u',
				 prog_op_var(p->ops[i]));
			h = gen_fnv_str(h, line);
		}
		h = gen_fnv_str(h, "\n");
	}
	return h;
}

/* Generates family/blocks/seed with default options. For loops over every family: false
 * (nothing allocated) when the family refuses this size (SSA_EUSAGE, e.g. a minimum block
 * count); any other failure fails the test with the reproducer. */
static inline bool gen_make_or_skip(struct cfg *g, struct gen_info *info, const char *family,
				    uint64_t blocks, uint64_t seed)
{
	struct gen_params p;
	gen_params_default(&p);
	p.family = family;
	p.blocks = blocks;
	p.seed = seed;
	int st = gen_cfg(&p, g, info);
	if (st == SSA_EUSAGE)
		return false;
	cr_assert_eq(st, SSA_OK, "gen_cfg(%s, blocks=%" PRIu64 ", seed=%" PRIu64 "): %s (%s)", family,
		     blocks, seed, ssa_status_str(st), info->note);
	return true;
}

/* The same, failing the test when the family refuses the size too. */
static inline void gen_make(struct cfg *g, struct gen_info *info, const char *family,
			    uint64_t blocks, uint64_t seed)
{
	cr_assert(gen_make_or_skip(g, info, family, blocks, seed),
		  "gen_cfg(%s, blocks=%" PRIu64 ", seed=%" PRIu64 "): refused (%s)", family, blocks,
		  seed, info->note);
}

/* Is g (restricted to blocks reachable from 0) reducible? T1: drop self-loops; T2: fold a
 * block with a single predecessor into it. Reducible iff everything folds into the entry.
 * O(n^3) worst case on an n x n matrix: for n up to a few hundred. */
static inline bool gen_ref_reducible(const struct cfg *g)
{
	uint32_t n = g->n;
	uint8_t *adj = calloc((size_t)n * n, 1);
	uint8_t *alive = calloc(n, 1);
	uint32_t *stack = malloc((size_t)n * sizeof *stack);
	cr_assert(adj && alive && stack);
	uint32_t sp = 0;
	alive[0] = 1;
	stack[sp++] = 0;
	while (sp) {
		uint32_t u = stack[--sp];
		for (uint32_t e = g->succ_off[u]; e < g->succ_off[u + 1]; e++) {
			uint32_t v = g->succ[e];
			adj[(size_t)u * n + v] = 1;
			if (!alive[v]) {
				alive[v] = 1;
				stack[sp++] = v;
			}
		}
	}
	for (uint32_t v = 0; v < n; v++)
		adj[(size_t)v * n + v] = 0; /* T1 */
	bool changed = true;
	while (changed) {
		changed = false;
		for (uint32_t v = 1; v < n; v++) {
			if (!alive[v])
				continue;
			uint32_t npred = 0, pu = 0;
			for (uint32_t u = 0; u < n; u++)
				if (alive[u] && adj[(size_t)u * n + v]) {
					npred++;
					pu = u;
				}
			if (npred != 1)
				continue;
			/* T2: pu absorbs v. */
			for (uint32_t w = 0; w < n; w++)
				if (adj[(size_t)v * n + w])
					adj[(size_t)pu * n + w] = 1;
			for (uint32_t w = 0; w < n; w++)
				adj[(size_t)v * n + w] = adj[(size_t)w * n + v] = 0;
			adj[(size_t)pu * n + pu] = 0; /* T1 again */
			alive[v] = 0;
			changed = true;
		}
	}
	uint32_t left = 0;
	for (uint32_t v = 0; v < n; v++)
		left += alive[v];
	free(adj);
	free(alive);
	free(stack);
	return left == 1;
}

#endif
