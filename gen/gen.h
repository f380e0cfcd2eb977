/* CFG and program generators. Deterministic: the same family, parameters and seed give the
 * same graph, byte for byte, on every machine (all randomness from util/rng.h, integer-only
 * decisions). Families are registered in gen_families[] (gen/registry.c). */
#ifndef SSALAB_GEN_H
#define SSALAB_GEN_H

#include "cfg/cfg.h"
#include "cfg/prog.h"

#include <stdbool.h>
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
	uint32_t n;         /* blocks generated */
	uint32_t m;         /* edges generated */
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

/* A program over g (ownership of g moves into out on success; on failure g is left to the
 * caller). p->vars == 0 gives a program without variables. */
int gen_prog(const struct gen_params *p, struct cfg *g, struct prog *out);

/* Parses "1e6", "1e+6", "1000000", "2.5e3" (must be a whole number) into *out. */
int gen_parse_count(const char *s, uint64_t *out);

/* ---- options.c: the generator options of gen and bench, parsed by one function ---- */

enum gen_opt_id {
	GEN_OPT_FAMILY, GEN_OPT_BLOCKS, GEN_OPT_SEED, GEN_OPT_EDGES, GEN_OPT_DEGREE, GEN_OPT_GOTO,
	GEN_OPT_DEPTH, GEN_OPT_VARS, GEN_OPT_DEFS, GEN_OPT_USES, GEN_OPT_LOCALITY,
	GEN_OPT_DEF_AT_ENTRY, GEN_NOPTS
};

struct gen_options {
	struct gen_params p;
	unsigned given; /* bit (1 << enum gen_opt_id) per option given */
};

void gen_options_init(struct gen_options *o);
/* The option called name (len bytes, no dashes), or -1; *flag: it takes no value. */
int gen_option_find(const char *name, size_t len, bool *flag);
const char *gen_option_name(int id);
/* Parses one option's value (NULL for a flag) into o. SSA_EUSAGE, with a message naming the
 * option, for a bad value, a value given to a flag, or an option given twice. */
int gen_option_set(struct gen_options *o, int id, const char *val, char *err, size_t errlen);
/* After every option: SSA_EUSAGE when an option given is read by nothing, i.e. a family
 * parameter of another family, a program option when no program is generated (program false),
 * or a family or shape option when the CFG comes from a file (from_file). */
int gen_options_check(const struct gen_options *o, bool program, bool from_file, char *err,
		      size_t errlen);

/* ---- The rest, grouped by file so this reads as a table of contents of gen/. ---- */

/* Defaults (gen_params_default and the README state them). */
#define GEN_DEFAULT_SEED 1
#define GEN_DEFAULT_DEGREE_RANDOM 200 /* random: average out-degree 2.00 */
#define GEN_DEFAULT_DEGREE_DENSE 1600 /* dense: 16 successors per block */
#define GEN_DEFAULT_DEPTH 8           /* structured: nesting bound */
#define GEN_MAX_DEPTH 64
#define GEN_DEFAULT_DEFS 4            /* definitions per variable */
#define GEN_DEFAULT_USES 8            /* uses per variable */
/* itworst sized from --blocks alone never exceeds this many arcs; ask for more with --edges. */
#define GEN_ITWORST_DEFAULT_EDGE_CAP 10000000u

/* The k >= kmin whose size a*k+b is closest to want (ties to the smaller k). Inline, so the
 * family builders and registry.c share it without calling each other. */
static inline uint64_t gen_pick_linear_k(uint64_t want, uint64_t a, uint64_t b, uint64_t kmin)
{
	uint64_t k = want > b ? (want - b) / a : 0;
	/* a*k+b <= want < a*(k+1)+b (when want > b): the closer of k and k+1, ties to k. */
	if (want > b && want - (a * k + b) > a * (k + 1) + b - want)
		k++;
	return k < kmin ? kmin : k;
}

/* registry.c: the size gen_cfg would produce (m an upper bound, up to the spread of random
 * draws) and the peak bytes generation allocates: edge list, CSR, family scratch, and the
 * program (gen_prog) when p->vars > 0. Lets a caller refuse a size before generating.
 * Returns what gen_cfg would return for bad parameters, with the reason in note. */
int gen_estimate(const struct gen_params *p, uint64_t *n, uint64_t *m, uint64_t *peak_bytes,
		 char *note, size_t notelen);

/* shapes.c */
int gen_build_chain(const struct gen_params *p, struct edge_list *out, struct gen_info *info);
int gen_build_diamonds(const struct gen_params *p, struct edge_list *out, struct gen_info *info);
int gen_build_switch(const struct gen_params *p, struct edge_list *out, struct gen_info *info);
int gen_build_dense(const struct gen_params *p, struct edge_list *out, struct gen_info *info);
int gen_build_irreducible(const struct gen_params *p, struct edge_list *out,
			  struct gen_info *info);

/* frontier.c: quadratic dominance frontiers (FAMILIES.md). */
int gen_build_ladder(const struct gen_params *p, struct edge_list *out, struct gen_info *info);
int gen_build_repeat_until(const struct gen_params *p, struct edge_list *out,
			   struct gen_info *info);

/* gtw.c: the worst cases of Georgiadis, Tarjan and Werneck (FAMILIES.md). */
int gen_build_itworst(const struct gen_params *p, struct edge_list *out, struct gen_info *info);
int gen_build_idfsquad(const struct gen_params *p, struct edge_list *out, struct gen_info *info);
int gen_build_ibfsquad(const struct gen_params *p, struct edge_list *out, struct gen_info *info);
int gen_build_sncaworst(const struct gen_params *p, struct edge_list *out, struct gen_info *info);
/* The k itworst picks for p: the largest k with k^2+5k <= --edges when an edge budget is
 * given, else the k whose 4k+1 is closest to --blocks, capped at
 * GEN_ITWORST_DEFAULT_EDGE_CAP arcs. */
uint64_t gen_itworst_k(const struct gen_params *p);

/* random.c */
int gen_build_random(const struct gen_params *p, struct edge_list *out, struct gen_info *info);

/* structured.c */
int gen_build_structured(const struct gen_params *p, struct edge_list *out,
			 struct gen_info *info);

/* prog.c: the ops a program with p's sizes holds, UINT64_MAX if that overflows. */
uint64_t gen_prog_nops(const struct gen_params *p, uint32_t nblocks);

/* corpus.c: gen --corpus, many functions with sizes from a distribution, as LLVM IR modules
 * (DIR/corpus-NNN.ll) that bench --in DIR reads like the real-code corpus. */
#define GEN_CORPUS_MAX_FUNCS 1000000u
#define GEN_CORPUS_MAX_BLOCKS 10000000u     /* largest grid size */
#define GEN_CORPUS_MAX_TOTAL 100000000ull   /* blocks in the whole corpus */
#define GEN_CORPUS_MODULE_BLOCKS 200000u    /* blocks per module before a new one starts */
enum gen_size_dist { GEN_SIZES_REALCODE, GEN_SIZES_GRID };
struct gen_corpus {
	uint32_t nfuncs;
	enum gen_size_dist dist;
	uint64_t lo, hi;     /* grid: sizes from lo to hi */
	uint32_t per_decade; /* grid: sizes per decade */
};
struct gen_corpus_stats {
	uint32_t functions, modules, prologues;
	uint64_t blocks, edges;
};
/* "realcode" or "grid:LO:HI:K" into c->dist (and lo, hi, per_decade); SSA_EUSAGE with err. */
int gen_corpus_parse_dist(const char *s, struct gen_corpus *c, char *err, size_t errlen);
/* The grid's sizes ascending (at most cap written); returns how many there are. */
uint32_t gen_corpus_grid(const struct gen_corpus *c, uint64_t *out, uint32_t cap);
/* The requested size of function i, and the generator seed it gets. */
uint64_t gen_corpus_size(const struct gen_corpus *c, uint64_t seed, uint32_t i);
uint64_t gen_corpus_seed(uint64_t seed, uint32_t i);
/* Writes the corpus of p's family into dir (created, or existing and empty): all modules or
 * none. SSA_EUSAGE/SSA_ETOOBIG/SSA_EIO with the reason in err. */
int gen_corpus_write(const struct gen_corpus *c, const struct gen_params *p, const char *dir,
		     struct gen_corpus_stats *stats, char *err, size_t errlen);

#endif
