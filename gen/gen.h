/* CFG and program generators. Deterministic: the same family, parameters and seed give the
 * same graph, byte for byte, on every machine (all randomness from util/rng.h, integer-only
 * decisions). Families are registered in gen_families[] (gen/registry.c). */
#ifndef SSALAB_GEN_H
#define SSALAB_GEN_H

#include "cfg/cfg.h"
#include "cfg/prog.h"

#include <stddef.h>

struct gen_params {
	const char *family;
	uint64_t blocks;       /* requested n; families with a shape parameter pick the closest */
	uint64_t edges;        /* edge budget for families sized by arcs (itworst); 0 = from blocks */
	uint64_t seed;
	uint32_t degree_x100;  /* random/dense: average out-degree times 100 (0 = family default) */
	uint32_t goto_permille;/* structured: probability of a goto per statement, in 1/1000 */
	uint32_t max_depth;    /* structured: nesting bound (0 = default) */
	/* Programs (gen_prog). */
	uint32_t vars;
	uint32_t defs_per_var;   /* 0 = default */
	uint32_t uses_per_var;   /* 0 = default */
	uint32_t locality;       /* 0 = every variable global; else region size in blocks */
	int define_at_entry;     /* define every variable in the entry block first */
};

/* Sets the documented defaults. */
void gen_params_default(struct gen_params *p);

struct gen_info {
	uint64_t k;         /* the shape parameter picked (0 when the family has none) */
	char note[160];     /* what was picked, e.g. "itworst: k=70 (n=281, m=5250)" */
};

struct gen_family {
	const char *name;
	const char *summary;
	int (*build)(const struct gen_params *p, struct edge_list *out, struct gen_info *info);
};

extern const struct gen_family gen_families[];
extern const size_t gen_nfamilies;

const struct gen_family *gen_find(const char *name);

/* The family's CFG; SSA_EUSAGE with info->note explaining for bad parameters. */
int gen_cfg(const struct gen_params *p, struct cfg *out, struct gen_info *info);

/* A program over g (ownership of g moves into out). */
int gen_prog(const struct gen_params *p, struct cfg *g, struct prog *out);

/* Parses "1e6", "1000000", "2.5e3" (must be a whole number) into *out. */
int gen_parse_count(const char *s, uint64_t *out);

#endif
