/* Stage 4: renaming. A renamer fills arg[] and opval[] of a form whose φ layout (which φs
 * exist) is given (algos/ssa/ssa.h). Every renamer has one file and one line in rename_algos[]
 * (algos/rename/registry.c). Contract of run(): given the program, its dominator tree (entry 0)
 * and a laid-out form, fills every operand and every opval; counters[] are zeroed then filled.
 * Scratch is allocated once for a program shape and reused across runs.
 *
 * Maximal SSA plus pruning (maximal.c) renames with rename-stack and is a bench stage of its
 * own (maximal_algos[]); the renaming stage's reference check (check.c) lives here too, since
 * it compares a form with a second renamer. */
#ifndef SSALAB_RENAME_H
#define SSALAB_RENAME_H

#include "util/algo.h"
#include "ssa/ssa.h"

#define RENAME_MAX_COUNTERS 4

/* ---- renamers (registry.c) ---- */

struct rename_algo {
	struct algo_head head; /* name, summary, citation, complexity, counter names */
	/* Scratch bytes for a program of n blocks, m edges, nvars variables, nops ops, nphi φs. */
	uint64_t (*scratch_bytes)(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops,
				  uint64_t nphi);
	int (*scratch_alloc)(void **scratch, const struct prog *p, const struct ssa_form *s);
	void (*scratch_free)(void *scratch);
	int (*run)(void *scratch, const struct prog *p, const struct domtree *t, struct ssa_form *s,
		   uint64_t *counters);
};

extern const struct rename_algo *const rename_algos[];
extern const size_t rename_nalgos;

/* Allocates scratch, runs once, frees. */
int rename_compute(const struct rename_algo *a, const struct prog *p, const struct domtree *t,
		   struct ssa_form *s, uint64_t *counters);

/* ---- input.c: what a renamer reads, from a program ---- */

/* The upstream of renaming in one call (bench's rename stage, the construct stage's check, the
 * SSA input of destruction): the default dominator tree dt, the φ sets ps of placement pa (the
 * default when NULL) over it in flavor (phi_place_prog), the form s laid out for them and, when
 * ra is given, ra's scratch for it. On failure *failed names the step ("dominators", the
 * placement's name, "layout and scratch"); what was built is the caller's to free. */
int rename_input_build(const struct phi_algo *pa, const struct prog *p, enum phi_flavor flavor,
		       const struct rename_algo *ra, struct domtree *dt, struct phi_sets *ps,
		       struct ssa_form *s, void **scratch, const char **failed);
/* rename_input_build's peak without ra's scratch, given what only the tree tells (as for
 * phi_place_prog_bytes, and nargs, the φs' operands); *kept gets what stays allocated after it
 * (tree, φ sets, form), beside which a renamer's scratch comes. */
uint64_t rename_input_bytes(const struct phi_algo *pa, const struct prog *p, uint64_t scratch,
			    uint64_t nphi, uint64_t nargs, uint64_t df_total, uint64_t *kept);
/* What rename_input_build and ra's first run allocate at their peak: rename_input_bytes (the
 * same arguments), or what that keeps with ra's scratch for nphi φs. An upper bound;
 * tests/test_bench_memory.c holds bench's rename stage within 1.3x of jemalloc's peak. */
uint64_t rename_stage_bytes(const struct rename_algo *ra, const struct phi_algo *pa,
			    const struct prog *p, uint64_t scratch, uint64_t nphi, uint64_t nargs,
			    uint64_t df_total);
/* The renamer a check compares a's form with (ssa_check_form's other): rename-stack, or
 * rename-rd when a is rename-stack. */
const struct rename_algo *rename_second(const struct rename_algo *a);

/* rename-stack's run with its walk chosen (stack.c): AUTO is the descriptor's run (the sparse
 * walk when the blocks and operand slots with work are at most n/16, else the dense one);
 * SPARSE and DENSE force one, for the tests that hold both to the same answer (SPARSE then
 * allocates its list for the whole program). scratch comes from rename-stack's scratch_alloc. */
enum rename_stack_walk { RENAME_STACK_AUTO, RENAME_STACK_SPARSE, RENAME_STACK_DENSE };
int rename_stack_run_walk(void *scratch, const struct prog *p, const struct domtree *t,
			  struct ssa_form *s, uint64_t *counters, enum rename_stack_walk which);

/* rename-cfgdfs walks a log of definitions whose length grows with the DFS path: it gives up
 * with SSA_EBUDGET after this many look-up steps. */
#define RENAME_CFGDFS_STEP_BUDGET (UINT64_C(1) << 34)

/* ---- maximal SSA plus pruning (maximal.c) ---- */

struct phi_maximal_stats {
	uint64_t placed;          /* φs placed by the maximal rule */
	uint64_t removed_redundant; /* by Aycock-Horspool's rule */
	uint64_t removed_dead;    /* by dead-φ elimination (pruned flavour) */
	uint64_t kept;
	uint64_t rechecks;        /* φs examined again after the first sweep (redundant rule) */
	uint64_t bytes;           /* peak bytes of the forms and scratch */
};

struct phi_maximal_opts {
	bool every_block;   /* a φ at every block but the entry (the Russian article), not only joins */
	bool prune_redundant; /* rule (1) */
	bool prune_dead;      /* rule (2) */
};

/* The maximal-SSA constructions, a stage of their own (registry.c): each is phi_maximal with
 * its pruning rules; where φs go (joins or every block) is the caller's choice. */
struct maximal_algo {
	struct algo_head head; /* name, summary, citation, complexity, counter names */
	bool prune_redundant;
	bool prune_dead;
};
extern const struct maximal_algo *const maximal_algos[];
extern const size_t maximal_nalgos;

/* Bytes phi_maximal allocates at its peak for p (saturating), an upper bound whatever the
 * pruning leaves; the caller refuses above its limit. */
uint64_t phi_maximal_bytes(const struct prog *p, const struct phi_maximal_opts *o);
/* The same when the pruning is known to keep `kept` φs with kargs operands, and the redundant
 * rule's reader lists to hold at most nent entries (phi_maximal_bytes takes every φ and
 * operand for the three). */
uint64_t phi_maximal_bytes_kept(const struct prog *p, const struct phi_maximal_opts *o,
				uint64_t kept, uint64_t kargs, uint64_t nent);
/* What the default tree and phi_maximal after it allocate at their peak: the tree's own peak, or
 * the tree with phi_maximal_bytes_kept. kept (NULL: every φ stays) gives the φs and operands the
 * pruning is known to keep; the reader lists are bounded by every operand. An upper bound;
 * tests/test_bench_memory.c holds bench's maximal stage within 1.3x of jemalloc's peak. */
/* phi_maximal's form with the largest of its phases after the tree: the layout's block flags, a
 * renamer's scratch of ren bytes, the pruning's arrays with the compacted result (kept φs, kargs
 * operands, nent reader entries); with keep_ren the renamer's scratch stays beside the other two
 * (a caller that reuses it from run to run). */
uint64_t phi_maximal_form_bytes(const struct prog *p, const struct phi_maximal_opts *o,
				uint64_t ren, bool keep_ren, uint64_t kept, uint64_t kargs,
				uint64_t nent);
uint64_t phi_maximal_stage_bytes(const struct prog *p, const struct phi_maximal_opts *o,
				 const struct phi_counts *kept);
/* The maximal φs and their operands: V x the blocks that get one, V x their in-degrees. */
void phi_maximal_count(const struct prog *p, const struct phi_maximal_opts *o, uint64_t *nphi,
		       uint64_t *nargs);

/* Places the maximal φs, renames them with rename-stack, prunes as o asks; out is the final
 * form (allocated here). SSA_ETOOBIG when the maximal φ count does not fit 32-bit values or
 * phi_maximal_bytes exceeds mem_limit (0 = no limit). */
int phi_maximal(const struct prog *p, const struct domtree *t, const struct phi_maximal_opts *o,
		uint64_t mem_limit, struct ssa_form *out, struct phi_maximal_stats *st);

/* The maximal stage's check: s, the form phi_maximal made with o over t, by ssa_check_form and,
 * when o prunes redundant φs on a reducible CFG, its φ set against the default placement's
 * minimal (the redundant rule alone) or pruned (the dead rule too) one, which the rules leave
 * exactly there. SSA_OK with what was compared in msg, SSA_EVERIFY with the first
 * difference, or the status of a step that could not run. */
int phi_maximal_check(const struct prog *p, const struct domtree *t,
		      const struct phi_maximal_opts *o, const struct ssa_form *s, uint64_t seed,
		      uint32_t walks, char *msg, size_t msglen);

/* What ssa_prune allocates at its peak on a form of nphi φs over n blocks and nops ops, the
 * result (kept φs with kargs operands) included; nent bounds the redundant rule's reader entries
 * (the operands of the φs the first sweep leaves that are φs). */
uint64_t ssa_prune_bytes(uint64_t n, uint64_t nops, uint64_t nphi, bool redundant, uint64_t kept,
			 uint64_t kargs, uint64_t nent);

/* The pruning rules on a renamed form: out gets the surviving φs (stats->removed_*, rechecks and
 * kept filled); in's uses and operands are redirected in place through the removed φs. */
int ssa_prune(struct ssa_form *in, const struct cfg *g, const struct domtree *t, bool redundant, bool dead,
	      struct ssa_form *out, struct phi_maximal_stats *st);

/* ---- check.c: the reference bench and the tests share ---- */

/* The default number of interpreter walks a check makes. */
#define SSA_CHECK_WALKS 256

/* Accepts s, the renamed form of p over the tree t, when ssa_verify passes, the interpreter's
 * walks (seeded) agree with the original program and, when ps and other are given, the renamer
 * other over ps gives the same canonical form. SSA_OK with what was compared in msg, or
 * SSA_EVERIFY with the first difference, or the status of a step that could not run. */
int ssa_check_form(const struct prog *p, const struct domtree *t, const struct ssa_form *s,
		   const struct phi_sets *ps, const struct rename_algo *other, uint64_t seed,
		   uint32_t walks, char *msg, size_t msglen);

/* The check of a form built without dominators (the construct stage): s, a form of p, by
 * ssa_check_form over the default tree and, on a reducible CFG, equal operand for operand to
 * the pruned pipeline's (auto + the default placement, pruned, + rename-stack), which is what
 * Braun et al. compute there; on an irreducible CFG only its φ count is compared, never below
 * pruned SSA's (no φ that is not live). Returns as ssa_check_form does. */
int ssa_check_pruned(const struct prog *p, const struct ssa_form *s, uint64_t seed,
		     uint32_t walks, char *msg, size_t msglen);

#endif
