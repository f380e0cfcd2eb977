/* Stage 3: φ placement. The result every placement algorithm produces and the renaming stage
 * consumes (for each variable, the ascending list of blocks that get a φ for it), the
 * algorithms' common interface and table, what they read (per-variable block lists, liveness)
 * and the references that check them. Grouped by the file that implements each part. */
#ifndef SSALAB_PHI_H
#define SSALAB_PHI_H

#include "util/algo.h"
#include "cfg/prog.h"
#include "cfg/traverse.h"
#include "df/df.h"
#include "dom/domtree.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- sets.c: the result, flavours, the algorithm table and one-shot helpers ---- */

enum phi_flavor {
	PHI_MINIMAL,    /* all of IDF(defs(v)) */
	PHI_SEMIPRUNED, /* only variables used in some block before any definition in that block */
	PHI_PRUNED,     /* only blocks where v is live-in */
};

struct phi_sets {
	uint32_t nvars;
	uint64_t total;   /* number of φs */
	uint64_t *off;    /* nvars+1 offsets into blocks */
	uint32_t *blocks; /* the φ blocks of variable v: blocks[off[v] .. off[v+1]), ascending */
};

void phi_sets_free(struct phi_sets *s);
/* The operands s's φs will have in g: their blocks' in-degrees summed. */
uint64_t phi_sets_operands(const struct phi_sets *s, const struct cfg *g);
bool phi_sets_equal(const struct phi_sets *a, const struct phi_sets *b, char *msg, size_t msglen);
/* One line per variable "<var>:" then its φ blocks ascending, space-separated. */
int phi_sets_dump(const struct phi_sets *s, FILE *out);
/* The same with variable and block names where the tables have them (NULL: numbers). */
int phi_sets_dump_named(const struct phi_sets *s, FILE *out, const struct names *bnames,
			const struct names *vnames);

const char *phi_flavor_name(enum phi_flavor f);
/* "minimal", "semipruned" (or "semi-pruned"), "pruned"; SSA_EUSAGE otherwise. */
int phi_flavor_parse(const char *s, enum phi_flavor *f);

/* ---- varblocks.c ---- */

/* Per-variable block lists, derived once from a program: the blocks that
 * define v and the blocks with an upward-exposed use of v (a use before any definition of v in
 * that block), each ascending and without duplicates. The entry is not a definition. */
struct var_blocks {
	uint32_t nvars;
	uint64_t *def_off; /* nvars+1 */
	uint32_t *def;
	uint64_t *ue_off;  /* nvars+1 */
	uint32_t *ue;
	uint32_t *stamp;   /* scratch, nvars words */
};

int var_blocks_build(struct var_blocks *vb, const struct prog *p);
void var_blocks_free(struct var_blocks *vb);
/* What var_blocks_build allocates at its peak (the def and ue lists bounded by nops each). */
uint64_t var_blocks_bytes(uint64_t n, uint64_t nvars, uint64_t nops);

/* Briggs et al.'s "non-local" names: v has an upward-exposed use somewhere. */
static inline bool var_blocks_nonlocal(const struct var_blocks *vb, uint32_t v)
{
	return vb->ue_off[v + 1] > vb->ue_off[v];
}

/* ---- live_dataflow.c ---- */

/* Liveness, way 1: the iterative bitset dataflow of the lecture,
 * LiveIn(b) = UE(b) ∪ (LiveOut(b) \ Def(b)), LiveOut(b) = ∪ LiveIn(s) over successors, over all
 * blocks × variables with a worklist seeded in postorder. Memory 3·n·⌈V/64⌉ words + 8.25n words. */
struct live_dataflow {
	uint32_t n, nvars, words; /* words = ⌈nvars/64⌉ per block */
	uint64_t *ue, *kill, *in; /* n*words each */
	uint64_t *tmp;            /* words */
	uint32_t *queue;          /* n, circular */
	uint8_t *queued;          /* n */
	struct cfg_dfs dfs;       /* for the postorder that seeds the worklist */
};

int live_dataflow_alloc(struct live_dataflow *ld, uint32_t n, uint32_t nvars);
void live_dataflow_free(struct live_dataflow *ld);
uint64_t live_dataflow_bytes(uint64_t n, uint64_t nvars);
/* Fills ld->in for p. counters[0] = block visits, [1] = bitset words combined, [2] = Σ live-in. */
int live_dataflow_run(struct live_dataflow *ld, const struct prog *p, uint64_t *counters);

static inline bool live_dataflow_is_live(const struct live_dataflow *ld, uint32_t b, uint32_t v)
{
	return (ld->in[(uint64_t)b * ld->words + (v >> 6)] >> (v & 63)) & 1;
}

/* ---- live_walk.c ---- */

/* Liveness, way 2: per variable, a backward walk over predecessors from
 * the blocks with an upward-exposed use, stopping at blocks that define v (what LLVM's mem2reg
 * does for each alloca). One variable at a time in O(n) reusable memory: generation stamps, no
 * clearing per variable. */
struct live_walk {
	uint32_t n;
	uint32_t gen;
	uint32_t *live;  /* live[b] == gen: v is live-in at b */
	uint32_t *def;   /* def[b] == gen: b defines v */
	uint32_t *list;  /* the live-in blocks of the last variable, in visiting order */
	uint32_t nlist;
};

int live_walk_alloc(struct live_walk *lw, uint32_t n);
void live_walk_free(struct live_walk *lw);
uint64_t live_walk_bytes(uint64_t n);
/* Live-in blocks of variable v; returns the predecessor edges looked at. */
uint64_t live_walk_var(struct live_walk *lw, const struct prog *p, const struct var_blocks *vb,
		       uint32_t v);

static inline bool live_walk_is_live(const struct live_walk *lw, uint32_t b)
{
	return lw->live[b] == lw->gen;
}

/* The (join, variable) pairs where the variable is live-in (a join as cfg_is_join), and the
 * joins' in-degrees summed over them: the φs, and their operands, an on-the-fly construction
 * (Braun et al.) can create, as its look-ups reach a join only from a use through blocks that
 * do not define the variable. By walks of every variable; live_join_pairs_bytes at its peak. */
int live_join_pairs(const struct prog *p, uint64_t *nphi, uint64_t *nargs);
/* The live dump: per variable "<var>:" then its live-in blocks ascending, by name where p names
 * them; by walks in lw, or (lw NULL) from ld's sets. SSA_EIO on a write error. */
int live_dump_named(FILE *out, const struct prog *p, const struct var_blocks *vb,
		    struct live_walk *lw, const struct live_dataflow *ld);
uint64_t live_join_pairs_bytes(uint64_t n, uint64_t nvars, uint64_t nops);

/* The two liveness computations pruned placement can use, as entries of live_algos[]
 * (registry.c) so bench can time them alone (stage phi, kernels live-dataflow and live-walk):
 * an entry says which of the two it is; the adapter runs it over every variable. */
struct live_algo {
	struct algo_head head; /* name, summary, citation, complexity, counter names */
	bool dataflow;         /* live_dataflow_run, else live_walk_var for every variable */
};

extern const struct live_algo *const live_algos[];
extern const size_t live_nalgos;

/* ---- sets.c, registry.c: the placement algorithms (phi-idf in idf.c, phi-dj in dj.c) ---- */

/* φ placement. Every algorithm has the same entry point and one line in phi_algos[]
 * (registry.c). run() places φs for every variable with the chosen flavour:
 *   minimal    IDF(def(v)), the iterated dominance frontier of v's definition blocks;
 *   semipruned the same, but only for variables with an upward-exposed use (var_blocks_nonlocal);
 *   pruned     IDF(def(v)) ∩ LiveIn(v).
 * Liveness for pruned comes from in->live when given (dataflow), else from a per-variable walk
 * in the algorithm's scratch. Only blocks of the dominator tree get φs. Scratch is allocated once
 * and reused; out is reused across runs (free with phi_sets_free). */
#define PHI_MAX_COUNTERS 5

struct phi_input {
	const struct prog *prog;
	const struct domtree *dt;
	const struct var_blocks *vb;
	const struct df_sets *df;              /* required when the algorithm's needs_df */
	const struct live_dataflow *live;      /* optional, see above */
};

struct phi_algo {
	struct algo_head head; /* name, summary, citation, complexity, counter names */
	bool needs_df;
	uint64_t (*scratch_bytes)(uint64_t n, uint64_t nvars);
	int (*scratch_alloc)(void **scratch, uint32_t n, uint32_t nvars);
	void (*scratch_free)(void *scratch);
	int (*run)(void *scratch, const struct phi_input *in, enum phi_flavor flavor,
		   struct phi_sets *out, uint64_t *counters);
	/* Optional, NULL for ssalab's own algorithms: converts the input into a peer library's
	 * representation once, untimed, before the timed runs (see dom_algo.prepare). */
	int (*prepare)(void *scratch, const struct phi_input *in);
	/* Optional: what scratch_alloc, prepare and the first run allocate for this very input
	 * (in->prog; in->dt, or NULL for a bound without the tree), for an algorithm whose run
	 * sizes arrays from the graph or the tree on first use; NULL when scratch_bytes(n, nvars)
	 * is already exact. The φ output is apart: phi_output_bytes. */
	uint64_t (*scratch_bytes_in)(const struct phi_input *in);
};

/* What a placement's scratch takes for in: scratch_bytes_in when the algorithm has one, else
 * scratch_bytes. */
uint64_t phi_scratch_bytes(const struct phi_algo *a, const struct phi_input *in);
/* What the φ output of a run with nphi φs over nvars variables allocates at its peak on top of
 * the scratch: struct phi_sets (offsets and blocks) and the growth of the shared building
 * buffer beyond its first 1024 entries (the old and the new buffer alive together). */
uint64_t phi_output_bytes(uint64_t nphi, uint64_t nvars);
/* What struct phi_sets of nphi φs over nvars variables holds: offsets and blocks. */
uint64_t phi_sets_bytes(uint64_t nphi, uint64_t nvars);

extern const struct phi_algo *const phi_algos[];
extern const size_t phi_nalgos;

/* Allocates scratch, runs once, frees. out is either zeroed (struct phi_sets s = {0}) or holds
 * an earlier result, whose arrays are reused: the run reallocates them, so an uninitialised out
 * is undefined behaviour (phi_place_prog passes its out on). */
int phi_compute(const struct phi_algo *a, const struct phi_input *in, enum phi_flavor flavor,
		struct phi_sets *out, uint64_t *counters);

/* The project's one default placement, phi-djq: every caller that wants "the" φ placement
 * (phi_place_prog with a NULL algorithm, bench's pipeline and rename stage, the checks of the
 * construct and maximal stages, the tools) takes it from here. Why phi-djq: README.md of this
 * folder, "The default placement". */
const struct phi_algo *phi_default_algo(void);

/* place_prog.c: everything between a program and its φ sets, for callers that want one answer
 * (renaming, tools): the dominator tree dt (NULL: dom_tree_default's, built and freed here), DF
 * by df-runner when needed, the variable lists, liveness by walk, then the algorithm
 * (phi_default_algo() when a is NULL). */
int phi_place_prog(const struct phi_algo *a, const struct prog *p, const struct domtree *dt,
		   enum phi_flavor flavor, struct phi_sets *out);
/* What phi_place_prog allocates over a given tree at its peak: the variable lists, the
 * frontiers for an algorithm that needs them (df-runner's scratch beside them while they are
 * built), then its scratch and output. What only the tree tells is the caller's: the scratch
 * (phi_scratch_bytes), the φs placed and, when a needs frontiers, Σ|DF| (counted up to
 * DF_DEFAULT_LIMIT, past which phi_place_prog refuses). */
uint64_t phi_place_prog_bytes(const struct phi_algo *a, const struct prog *p, uint64_t scratch,
			      uint64_t nphi, uint64_t df_total);
/* What placement a reads of p, built once and kept for repeated runs (bench's phi stage): the
 * variable lists, the default tree, DF by df-runner when a needs them (SSA_ETOOBIG past
 * df_limit entries), dataflow liveness when flavor is pruned and dataflow is set, a's scratch,
 * and in pointing at them. u zeroed by the caller; on failure *what names the step ("variable
 * lists", "dominators", "dominance frontiers (df-runner)", "dataflow liveness", "scratch"), and
 * phi_upstream_free frees what was built either way. */
struct phi_upstream {
	struct domtree dt;
	struct var_blocks vb;
	struct df_sets df;
	struct live_dataflow ld;
	void *scratch;
	struct phi_input in;
};
int phi_upstream_build(struct phi_upstream *u, const struct phi_algo *a, const struct prog *p,
		       enum phi_flavor flavor, bool dataflow, uint64_t df_limit, const char **what);
void phi_upstream_free(struct phi_upstream *u, const struct phi_algo *a);
/* What phi_upstream_build and a's first run allocate at their peak (saturating): the variable
 * lists, then the larger of the tree's own peak, the frontiers by df-runner beside the tree, and
 * all that is kept (tree, frontiers, dataflow liveness, a's scratch) with the φ output. What only
 * the tree tells is the caller's, counted or bounded (phi_count_bounds): a's scratch over it
 * (phi_scratch_bytes), the φs, and Σ|DF|, which above df_limit makes setup refuse after
 * counting (the sets' offsets only). An upper bound; tests/test_bench_memory.c holds bench's
 * phi stage within 1.3x of jemalloc's peak. */
uint64_t phi_upstream_bytes(const struct phi_algo *a, const struct prog *p, enum phi_flavor flavor,
			    bool dataflow, uint64_t df_limit, uint64_t scratch, uint64_t nphi,
			    uint64_t df_total);
/* The variable lists and one liveness computation over every variable (dataflow's bitsets, or
 * the walk's stamps), what timing live_algos[] alone allocates; held like phi_upstream_bytes. */
uint64_t live_upstream_bytes(bool dataflow, uint64_t n, uint64_t nvars, uint64_t nops);

/* What every placement's estimate reads off the tree: the φs, their operands and Σ|DF|. */
struct phi_counts {
	uint64_t nphi, nargs, df_total;
};
/* The proven bounds of those on p without the tree: V x joins φs, V x the joins' in-degrees
 * operands, min(df_limit, n x joins) frontier entries (a frontier holds joins only). */
void phi_count_bounds(const struct prog *p, uint64_t df_limit, struct phi_counts *c);
/* The φs of flavor by the default placement over dt and their operands (in-degrees of their
 * blocks), counted by phi_place_prog; nothing stays allocated. */
int phi_place_count(const struct prog *p, const struct domtree *dt, enum phi_flavor flavor,
		    uint64_t *nphi, uint64_t *nargs);
/* What counting on p allocates at its peak: the default tree (dom_tree_default_bytes), then
 * beside it df_count_total's stamps (djq's J-edge counts for phi_scratch_bytes take as many),
 * and with place phi_place_count over it, its φs bounded by V x joins. */
uint64_t phi_count_bytes(const struct prog *p, bool place);

/* ---- oracle.c: the references bench and the tests share ---- */

/* The φ sets of every variable by the definitions: IDF as the fixpoint J = DF(def ∪ J) over
 * df-naive's frontiers of dt, then the flavour's filter with dataflow liveness. Small inputs
 * only (V n (n + m) steps at worst). want is allocated here (phi_sets_free). */
int phi_oracle(const struct prog *p, const struct domtree *dt, const struct var_blocks *vb,
	       enum phi_flavor flavor, struct phi_sets *want);

/* SSA_OK when the dataflow live-in sets ld equal per-variable walks (lw is scratch), else
 * SSA_EVERIFY with the first difference in msg. */
int live_compare(const struct prog *p, const struct var_blocks *vb, const struct live_dataflow *ld,
		 struct live_walk *lw, char *msg, size_t msglen);

/* The placement stage's check: got, the φ sets a placed in flavor over in (its tree, variable
 * lists, frontiers when a needed them, dataflow liveness when the kernel used it: dataflow),
 * against phi_oracle on small inputs, else against the other placement (phi-dj, phi-idf for
 * phi-dj) with the other liveness, its frontiers built up to limit. SSA_OK with what was
 * compared in msg, SSA_EVERIFY with the first difference, SSA_ETOOBIG when the other needs
 * frontiers beyond limit (nothing compared), else the status of a step that could not run. */
int phi_check_sets(const struct phi_algo *a, const struct phi_input *in, enum phi_flavor flavor,
		   bool dataflow, uint64_t limit, const struct phi_sets *got, char *msg,
		   size_t msglen);
/* The liveness kernels' check: ld's live-in sets (NULL: computed here, the kernel being the
 * walk) against per-variable walks. SSA_ETOOBIG when the dataflow it would compute is above
 * 2 GiB (nothing compared). */
int live_check(const struct prog *p, const struct var_blocks *vb, const struct live_dataflow *ld,
	       char *msg, size_t msglen);

#endif
