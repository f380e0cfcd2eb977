/* The way back out of SSA: programs with copies, their SSA form, copy propagation, φ-webs, the
 * conventional-SSA (CSSA) check, and the out-of-SSA translations (table destruct_algos[]).
 *
 * struct cprog is a program whose operations may also copy one variable into another. It serves
 * three roles with one interpreter:
 *   - a source program (no φs): variables are the program's variables;
 *   - an SSA program (φs, every variable defined once): variables are SSA names;
 *   - a destroyed program (no φs again), the output of an out-of-SSA translation.
 * Operations of block b are op_off[b] .. op_off[b+1]-1, in order:
 *   CP_DEF  var        var gets a fresh value (an instruction computing something new);
 *   CP_USE  var        var is read and observed (what the interpreter compares);
 *   CP_COPY var <- src var gets src's value;
 *   CP_PAR  var <- src a member of a parallel copy: a maximal run of CP_PAR ops that starts with
 *                      one whose flag CP_PAR_FIRST is set reads all its sources, then writes all
 *                      its destinations (a swap is two members).
 * A read (a use's var, a copy's src, a φ operand) equal to SSA_UNDEF reads "undefined".
 * φs sit at the top of a block, as in struct ssa_form: φ q of block b (phi_off[b] <= q <
 * phi_off[b+1]) defines phi_var[q] from operand slot j = the j-th edge of b's predecessor order,
 * and all φs of a block are evaluated in parallel on entry.
 *
 * The CFG is borrowed (g points at the caller's graph, which must outlive the program): source,
 * SSA and destroyed programs of one round trip share it, since no method here splits edges. */
#ifndef SSALAB_DESTRUCT_H
#define SSALAB_DESTRUCT_H

#include "util/algo.h"
#include "cfg/prog.h"
#include "dom/domtree.h"
#include "phi/phi.h"
#include "rename/rename.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum cprog_kind {
	CP_DEF = 0,
	CP_USE = 1,
	CP_COPY = 2,
	CP_PAR = 3,
};
#define CP_KIND_MASK 3u
#define CP_PAR_FIRST 4u /* on a CP_PAR op: it starts a new parallel copy */

struct cprog {
	const struct cfg *g; /* borrowed */
	uint32_t nvars;
	uint32_t nops;
	uint32_t *op_off; /* n+1 */
	uint8_t *kind;    /* nops: enum cprog_kind | CP_PAR_FIRST */
	uint32_t *var;    /* nops: defined (DEF, COPY, PAR) or used (USE) variable */
	uint32_t *src;    /* nops: copy source, SSA_UNDEF for "undefined"; SSA_NONE otherwise */
	uint32_t nphi;
	uint32_t *phi_off; /* n+1, all zero without φs */
	uint32_t *phi_var; /* nphi */
	uint64_t *arg_off; /* nphi+1 */
	uint32_t *arg;     /* operands, SSA_UNDEF = undefined */
};

static inline unsigned cprog_kind_of(const struct cprog *c, uint32_t i)
{
	return c->kind[i] & CP_KIND_MASK;
}

/* Allocates every array for n blocks (of g), nops ops and nphi φs with nargs operands in all;
 * offsets zeroed. SSA_ENOMEM / SSA_ETOOBIG. */
int cprog_alloc(struct cprog *c, const struct cfg *g, uint32_t nvars, uint32_t nops, uint32_t nphi,
		uint64_t nargs);
void cprog_free(struct cprog *c);
uint64_t cprog_bytes(uint64_t n, uint64_t nops, uint64_t nphi, uint64_t nargs);

/* Structure: offsets monotone and consistent, variables in range, reads in range or SSA_UNDEF,
 * φ operand counts = in-degrees, a CP_PAR run starts with CP_PAR_FIRST. With ssa: every variable
 * defined at most once (by a φ, a DEF or a copy). SSA_OK or SSA_EINPUT with the reason in why. */
int cprog_check(const struct cprog *c, bool ssa, char *why, size_t whylen);

/* Text dump, one line per block with φs or ops: "b3: v7=phi(v2,undef) | d v1, u v1, v4<-v1,
 * [v5<-v6 v6<-v5]" (brackets: a parallel copy). For tests and debugging. */
int cprog_dump(FILE *f, const struct cprog *c);

/* Copies, for round trips over generated programs: a program's ops become DEF/USE ops; before
 * each op, with probability copy_permille/1000, a copy x <- y of two variables drawn uniformly
 * is inserted, and with probability par_permille/1000 a parallel copy permuting 2 or 3 distinct
 * variables cyclically (a swap or a rotation). Deterministic in seed. */
struct cprog_copy_opts {
	uint64_t seed;
	uint32_t copy_permille;
	uint32_t par_permille;
};

int cprog_from_prog(const struct prog *p, const struct cprog_copy_opts *o, struct cprog *out);

/* ---- SSA construction for a cprog (pipeline.c) ---- */

/* Lowers a φ-free c to a struct prog for the construction stages (the CFG is cloned): DEF x ->
 * d x; USE x -> u x; COPY x <- y -> u y, d x; a parallel copy -> the uses of all sources, then
 * the definitions of all destinations. SSA_EINPUT for φs or a copy from SSA_UNDEF. */
int cprog_lower(const struct cprog *c, struct prog *out);

/* The SSA program of c: lowers it, places φs (phi_place_prog with place, NULL = phi-dj, in the
 * given flavour), renames with ren (NULL = rename-stack), and lifts the form back: SSA names are
 * the lowered program's definitions (in op order) and then its φs; every copy stays a copy of
 * SSA names. t receives the dominator tree (dom_tree_default), which every later step needs. */
int cprog_build_ssa(const struct cprog *c, const struct phi_algo *place, enum phi_flavor flavor,
		    const struct rename_algo *ren, struct cprog *ssa, struct domtree *t);

/* Copy propagation on an SSA program, in place: every read of a copy's destination reads the
 * copy's (resolved) source instead, and the copies are deleted (parallel ones too: in SSA a
 * parallel copy is a set of independent copies). The result is in general no longer
 * conventional: this is how the lost-copy and swap problems arise. *removed = copies deleted. */
int cprog_copy_propagate(struct cprog *s, uint64_t *removed);

/* ---- liveness and interference of SSA names (live.c) ---- */

/* Program points: in block b, point 0 is "after the φs"; op k of the block (0-based) is at point
 * k+1, except that every member of a parallel copy shares the point of its first member. A
 * definition's point is its op's (0 for a φ); a φ operand is read at the end of the operand's
 * predecessor. "v is live after point (b, k)": v is live-out of b, or a non-φ op of b at a
 * point > k reads v. Two names interfere when one is live after the other's definition point
 * (Chaitin's rule; in strict SSA, the dominating one, Budimlic et al. 2002): a copy's source
 * and destination do not interfere unless the source is read again later.
 *
 * Live-out sets come from one backward walk per name from its uses to its definition (the SSA
 * book's path exploration): time O(n + m + ops + Σ|live ranges| · indeg), stored per block as
 * the sorted list of its live-out names (4 bytes per live-out pair, counted before allocated);
 * queries by binary search. */
struct ssa_live {
	uint32_t n, nvars;
	const struct domtree *t;
	uint32_t *def_block; /* nvars, SSA_NONE: never defined */
	uint32_t *def_pt;    /* nvars */
	uint64_t *use_off;   /* nvars+1: non-φ reads, sorted by (block, point) */
	uint32_t *use_block;
	uint32_t *use_pt;
	uint64_t *lo_off;    /* n+1 */
	uint32_t *lo;        /* the live-out names of each block, ascending */
	uint64_t walk_steps; /* predecessor edges looked at */
	uint64_t bytes;      /* what the arrays occupy */
};

/* s must pass cprog_check(s, true); t is the dominator tree of s->g. SSA_ETOOBIG, before they
 * are allocated, when the live-out lists would exceed mem_limit bytes (0 = no limit). */
int ssa_live_build(struct ssa_live *L, const struct cprog *s, const struct domtree *t,
		   uint64_t mem_limit);
void ssa_live_free(struct ssa_live *L);

bool ssa_live_out(const struct ssa_live *L, uint32_t v, uint32_t b);
bool ssa_live_after(const struct ssa_live *L, uint32_t v, uint32_t b, uint32_t pt);
/* Definition point of a dominates that of b (same block: not later). False for names never
 * defined or defined in blocks the entry does not reach. */
bool ssa_def_dominates(const struct ssa_live *L, uint32_t a, uint32_t b);
bool ssa_interfere(const struct ssa_live *L, uint32_t a, uint32_t b);
/* The forest order: defined names in dominator-tree preorder of their definition, by point
 * within a block. Names without a reachable definition sort last (key UINT64_MAX). */
static inline uint64_t ssa_live_key(const struct ssa_live *L, uint32_t v)
{
	uint32_t b = L->def_block[v];
	if (b == SSA_NONE || L->t->tin[b] == SSA_NONE)
		return UINT64_MAX;
	return (uint64_t)L->t->tin[b] << 32 | L->def_pt[v];
}

/* ---- φ-webs and the CSSA check (webs.c) ---- */

/* web[v] = the representative of v's φ-web: union-find over every φ's result and operands
 * (path halving, union by size), then flattened. *nwebs = webs with at least one φ. nvars words
 * of scratch for the sizes are allocated here. */
int phi_webs(const struct cprog *s, uint32_t *web, uint32_t *nwebs);

struct cssa_result {
	bool conventional;
	uint32_t a, b;      /* the first interfering pair found (when not conventional) */
	uint64_t webs;      /* webs with a φ */
	uint64_t members;   /* names in those webs */
	uint64_t checks;    /* interference tests made */
};

/* Conventional SSA (Sreedhar et al. 1999): no two names of one φ-web interfere. Per web, the
 * members in forest order are walked with a stack of dominating definitions, and each is tested
 * against its nearest dominating member only (in strict SSA a live range is a dominator-tree
 * subtree of its definition, so an interference with a farther ancestor implies one between some
 * member and its nearest dominating member: Budimlic et al. 2002, Boissinot et al. 2009). Time
 * O(V log V + members · log). */
int cssa_check(const struct cprog *s, const struct ssa_live *L, struct cssa_result *r);

/* ---- out-of-SSA translations (naive.c, webnames.c, boissinot.c; table in registry.c) ---- */

#define DESTRUCT_MAX_COUNTERS 6
/* out-of-ssa-boissinot tests a copy for coalescing only when its two classes hold at most this
 * many names together (a test walks both); larger ones keep their copy (counter "refused"). */
#define DESTRUCT_COALESCE_CAP 512u

/* Contract of run(): s is an SSA program over its CFG (cprog_check(s, true)), t its dominator
 * tree; out receives a φ-free program over the same CFG with the same DEF and USE ops in every
 * block, in order (copies may be added, removed or renamed), allocated by run. counters[] are
 * zeroed then filled; counter 0 is always "copies": copy operations in out (a parallel copy
 * counts its members; out-of-ssa-boissinot leaves only sequential copies). */
struct destruct_algo {
	struct algo_head head; /* name, summary, citation, complexity, counter names */
	bool needs_cssa; /* correct only on conventional SSA (a demonstrated-wrong baseline otherwise) */
	uint64_t (*scratch_bytes)(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops,
				  uint64_t nphi, uint64_t nargs);
	int (*scratch_alloc)(void **scratch, const struct cprog *s);
	void (*scratch_free)(void *scratch);
	int (*run)(void *scratch, const struct cprog *s, const struct domtree *t, struct cprog *out,
		   uint64_t *counters);
	/* What scratch_alloc and a run allocate on s at their peak, the output included, counted
	 * from s itself (a translation that needs its step-1 program's liveness builds it once to
	 * count); 0 when it could not count (out of memory). */
	uint64_t (*run_bytes)(const struct cprog *s, const struct domtree *t);
};

extern const struct destruct_algo *const destruct_algos[];
extern const size_t destruct_nalgos;

/* Allocates scratch, runs once, frees. */
int destruct_compute(const struct destruct_algo *a, const struct cprog *s, const struct domtree *t,
		     struct cprog *out, uint64_t *counters);

/* ---- the round trip of one translation (trip.c) ---- */

/* A translation's input made from a program: copies sprinkled in by cprog_from_prog (a copy
 * before an op with probability DESTRUCT_COPY_PERMILLE/1000, a swap or rotation with
 * DESTRUCT_PAR_PERMILLE/1000, seeded), its SSA form by cprog_build_ssa (phi-dj in the flavour,
 * rename-stack; it gives the dominator tree), copy-propagated when copy_prop (in general no
 * longer conventional: the lost-copy and swap problems), and whether it is conventional. */
#define DESTRUCT_COPY_PERMILLE 200u
#define DESTRUCT_PAR_PERMILLE 60u
/* Random steps per interpreter walk after its covering prefix. The covering walks already run
 * every reachable block; the cost is walks x steps x ops per block, and a translation may put
 * hundreds of copies in one block of a dense CFG (out-of-ssa-naive: 2.5 * 10^5 copies on dense
 * 1000), so the random tails stay short. */
#define DESTRUCT_WALK_LEN 512u

struct destruct_trip {
	uint64_t seed;
	uint64_t propagated; /* copies copy propagation removed */
	struct cssa_result cssa;
	struct cprog src, ssa;
	struct domtree dt;
	bool copy_prop, have_src, have_ssa;
};

/* Builds t from p (t zeroed by the caller); on failure *what names the step. */
int destruct_trip_build(struct destruct_trip *t, const struct prog *p, uint64_t seed,
			enum phi_flavor flavor, bool copy_prop, const char **what);
void destruct_trip_free(struct destruct_trip *t);
/* destruct_trip_build's peak with a's scratch beside it, bounded from p's size alone (saturating)
 * for when the trip cannot be built ahead and measured: at most one copy and one 3-member
 * parallel copy per op, V x joins φs capped by twice the blocks and ops, three programs with
 * copies, the default tree, cprog_build_ssa's lowered program, placement and form, and the
 * CSSA check's liveness (per name, live-out pairs guessed at n words). An estimate for the
 * refusal; measured, tests/test_bench_memory.c holds the stage within 1.3x of jemalloc's peak. */
uint64_t destruct_trip_bound_bytes(const struct destruct_algo *a, const struct prog *p);
/* Checks out, a's translation of t->ssa, against the source: cprog_check, then covering walks
 * (one per reachable block) and walks random ones of DESTRUCT_WALK_LEN steps by
 * cprog_interp_compare. SSA_OK or SSA_EVERIFY with msg saying what was compared (the input's
 * kind, φs and copies) or the first difference; a translation that needs conventional SSA on a
 * non-conventional input is said to be the baseline being wrong. */
int destruct_trip_check(const struct destruct_trip *t, const struct destruct_algo *a,
			const struct cprog *out, uint32_t walks, char *msg, size_t msglen);

/* ---- the equivalence interpreter (interp.c) ---- */

struct cprog_interp_opts {
	uint64_t seed;
	uint32_t walks;   /* random walks from the entry */
	uint32_t max_len; /* random steps per walk, after the covering prefix */
	bool cover;       /* walk k first follows a shortest path to the k-th reachable block (BFS
			     order), so walks >= reachable blocks covers every reachable block */
};

struct cprog_interp_stats {
	uint64_t blocks;  /* blocks executed */
	uint64_t uses;    /* uses compared (where the reference reads a defined value) */
	uint64_t covered; /* distinct blocks executed */
};

/* Runs the reference ref and the candidate d side by side over the same walks of their common
 * CFG. Every DEF makes a fresh value, copies and φs move values (φs in parallel through the
 * incoming edge's operand slot, copies as their kind says). ref and d must have, block by block,
 * the same sequence of DEF and USE ops (else SSA_EINPUT); every USE where ref reads a defined
 * value must read the same value in d (where ref reads "undefined", d may read anything, the C
 * and LLVM meaning of an undefined value). SSA_EVERIFY with walk, step, block and use of the first
 * mismatch. Memory: 8 bytes per variable of each, n + m words. */
int cprog_interp_compare(const struct cprog *ref, const struct cprog *d,
			 const struct cprog_interp_opts *o, struct cprog_interp_stats *st, char *msg,
			 size_t msglen);

#endif
