/* The SSA form, and the checks that make an SSA result trustworthy.
 *
 * The SSA form lives in flat arrays beside the program it renames (no per-instruction nodes):
 *   - An SSA value is a number. Value i < nops is the definition op i of the program (so a
 *     definition op needs no table of its own); value nops + p is the φ number p.
 *   - φs are grouped by block: the φs of block b are phi_off[b] .. phi_off[b+1]-1, ascending by
 *     variable, at most one per variable. They sit conceptually at the top of the block, before
 *     its first op; the layout cannot express a φ anywhere else.
 *   - φ p has exactly indeg(phi_block[p]) operands arg[arg_off[p] .. arg_off[p+1]), operand j for
 *     the j-th incoming edge in the CFG's predecessor order (multi-edges give one operand each).
 *   - opval[i] for every op: a use's value (a definition op or φ of the same variable, or
 *     SSA_UNDEF when no definition reaches it); a definition's own number i.
 * SSA_UNDEF is also the operand for an edge from a block unreachable from the entry; uses in
 * unreachable blocks read SSA_UNDEF (no path from the entry executes them).
 *
 * The renamers that fill a laid-out form live in algos/rename, whole construction in
 * algos/construct, the way back out of SSA in algos/destruct; this folder keeps the form and the
 * checks every one of them is held to. */
#ifndef SSALAB_SSA_H
#define SSALAB_SSA_H

#include "cfg/prog.h"
#include "dom/domtree.h"
#include "phi/phi.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SSA_UNDEF SSA_NONE

struct ssa_form {
	uint32_t n, nvars, nops;
	uint32_t nphi;
	uint32_t *phi_off;   /* n+1 */
	uint32_t *phi_var;   /* nphi, ascending within a block */
	uint32_t *phi_block; /* nphi */
	uint64_t *arg_off;   /* nphi+1 */
	uint32_t *arg;       /* arg_off[nphi] operands */
	uint32_t *opval;     /* nops */
};

static inline bool ssa_value_is_phi(const struct ssa_form *s, uint32_t v)
{
	return v != SSA_UNDEF && v >= s->nops;
}

/* Bytes a form of n blocks, nops ops, nphi φs and nargs operands occupies. */
uint64_t ssa_form_bytes(uint64_t n, uint64_t nops, uint64_t nphi, uint64_t nargs);

/* Lays out the φs of ps (per variable ascending blocks, the placement stage's result) over the
 * program p: allocates every array, fills phi_off/phi_var/phi_block/arg_off; arg and opval are
 * left for a renamer. SSA_ETOOBIG when nops + φs does not fit 32-bit value numbers;
 * SSA_EINPUT when ps names a block out of range or is not ascending. */
int ssa_form_layout(struct ssa_form *s, const struct prog *p, const struct phi_sets *ps);
/* The same into a form that is zeroed or holds an earlier layout over a program of as many
 * blocks, whose arrays are reused (a compiler's per-function buffers; bench's pipeline lays out
 * every run). On failure s is freed. */
int ssa_form_relayout(struct ssa_form *s, const struct prog *p, const struct phi_sets *ps);

/* The same from a caller's per-block selection: a φ for every variable at every block b with
 * at_block[b] != 0 (the maximal placement). */
int ssa_form_layout_all(struct ssa_form *s, const struct prog *p, const uint8_t *at_block);

void ssa_form_free(struct ssa_form *s);

/* The φ set of a form as per-variable ascending block lists (for comparison with placement);
 * out is allocated here, freed by ssa_phi_sets_release. */
int ssa_form_phi_sets(const struct ssa_form *s, struct phi_sets *out);
void ssa_phi_sets_release(struct phi_sets *ps);

/* The form restricted to the φs with keep[p] != 0, φ values renumbered. Every operand of a kept
 * φ and every opval must already refer to a kept φ, a definition or SSA_UNDEF (SSA_EINPUT
 * otherwise). */
int ssa_form_compact(struct ssa_form *out, const struct ssa_form *in, const uint8_t *keep);

/* Canonical comparison, independent of φ numbering: a value is "def op i", "φ of variable v at
 * block b" or undefined. Returns true when a and b (over the same program) have the same φ set,
 * the same operands and every use reads the same canonical value; otherwise writes the first
 * difference to msg. */
bool ssa_form_equal(const struct ssa_form *a, const struct ssa_form *b, char *msg, size_t msglen);

/* Writes value v as text: "d12" (definition op 12), "p5" (φ 5), "undef". */
void ssa_value_str(const struct ssa_form *s, uint32_t v, char *buf, size_t len);

/* The "ssa" dump format (algos/ssa/README.md, "The ssa dump"): one line per block with φs or ops. A program
 * with block or variable names is dumped as ssa_form_dump_named instead. */
int ssa_form_dump(FILE *f, const struct prog *p, const struct ssa_form *s);

/* The textbook notation (bench/README.md, "The named SSA dump"): every block as "<name>:" followed by
 * its φs and ops, one per line, each SSA value written <var>.<version>:
 *	x.2 = φ(x.1 from then, x.0 from entry)
 *	… = x.2
 *	x.3 = …
 * Versions count each variable's values from 0 in block order (φs, then definitions); an
 * operand or use no definition reaches is "undef". Names come from p's tables, else b<id> and
 * v<id>. O(n + m + nops + nphi) time, nops + nphi words. */
int ssa_form_dump_named(FILE *f, const struct prog *p, const struct ssa_form *s);

/* edge_slot[e] for every successor edge e (index into g->succ) = its index into g->pred: the
 * operand slot of the φs of the edge's target. O(n + m), uses m words given by the caller and
 * cursor (n words of scratch). */
void ssa_edge_slots(const struct cfg *g, uint32_t *edge_slot, uint32_t *cursor);

/* Every renamer's treatment of blocks outside the dominator tree: their uses read SSA_UNDEF and
 * the operands of their out-edges are SSA_UNDEF. */
void ssa_fill_unreached(const struct prog *p, const struct domtree *t, struct ssa_form *f,
			const uint32_t *edge_slot);

/* ---- checking (verify.c, interp.c) ---- */

/* The SSA verifier: structure (layout consistent, one φ per variable and block, values in range,
 * each use and operand reading a value of its own variable, definitions reading themselves),
 * φ operand counts = predecessor counts, every use dominated by its definition (a definition op
 * earlier in the same block or in a strictly dominating block; a φ in a dominating block), and a
 * φ operand's definition dominating the end of its predecessor. Blocks unreachable from the entry
 * must read SSA_UNDEF. O(n + nops + nargs) with O(1) dominance; nops words of scratch.
 * SSA_OK or SSA_EVERIFY with the first violation in msg. */
int ssa_verify(const struct prog *p, const struct domtree *t, const struct ssa_form *s, char *msg,
	       size_t msglen);

/* The reaching-definition check (reaching.c): every use and φ operand reads the nearest
 * definition (op or φ) of its variable above it in the dominator tree; in unreachable blocks,
 * undef. By a per-variable sweep over points listed in dominator preorder, independent of the
 * renamers. Requires a form whose layout passed ssa_verify. SSA_OK, SSA_EVERIFY with the first
 * wrong read in msg, SSA_ENOMEM or SSA_ETOOBIG. */
int ssa_check_reaching(const struct prog *p, const struct domtree *t, const struct ssa_form *s,
		       char *msg, size_t msglen);
/* The same with the variables' points listed batch_points at a time (0: the default,
 * ssa_reaching_batch_points of the graph's blocks, the program's ops and the form's operands; a
 * variable with more is a batch of its own); *batches, when given, gets the number of batches.
 * The verdict and message do not depend on the batches. */
int ssa_check_reaching_batched(const struct prog *p, const struct domtree *t,
			       const struct ssa_form *s, uint64_t batch_points, uint32_t *batches,
			       char *msg, size_t msglen);
uint64_t ssa_reaching_batch_points(uint64_t n, uint64_t nops, uint64_t operands);
/* Bytes it allocates at most when its largest batch holds npoints points (at most nops + nphi +
 * operands). */
uint64_t ssa_reaching_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t npoints);

struct ssa_interp_opts {
	uint64_t seed;
	uint32_t walks;   /* random walks from the entry */
	uint32_t max_len; /* blocks per walk (after the path, for a directed walk) */
	bool cover;       /* then directed walks until every reachable static use ran (interp.c) */
	uint64_t cover_budget; /* blocks the directed walks may execute; 0 = 64 (n + nops) + 2^20 */
};

struct ssa_interp_stats {
	uint64_t blocks;  /* blocks executed */
	uint64_t uses;    /* uses compared */
	uint64_t phis;    /* φs evaluated */
	/* with cover: */
	uint64_t static_uses;    /* use ops in blocks reachable from the entry */
	uint64_t static_covered; /* of those, executed at least once */
	uint64_t restarts;       /* directed walks */
};

/* The equivalence interpreter: each walk starts at the entry and picks a successor edge
 * uniformly (seeded) until it reaches a block without successors or max_len blocks. With
 * o->cover, directed walks then follow breadth-first paths to blocks whose uses never ran,
 * deepest first, until every reachable static use ran or the budget is spent; the stats report
 * static_covered of static_uses ("32/32 reachable static uses"). The original
 * program runs beside the SSA program: each definition creates a fresh value, a use reads the
 * variable's current value (or undefined); the SSA program evaluates a block's φs in parallel on
 * entry through the incoming edge's operand slot, and a use reads its opval. Every use, and every
 * φ, must see the value the original program sees. SSA_EVERIFY with the walk, block and op of the
 * first mismatch. Memory: 16 bytes per variable and per SSA value. */
int ssa_interp_check(const struct prog *p, const struct ssa_form *s, const struct ssa_interp_opts *o,
		     struct ssa_interp_stats *st, char *msg, size_t msglen);

/* One step of the SSA program's semantics, exposed for tests: evaluates every φ of block b in
 * parallel, reading operand slot `slot` from env (indexed by value) into tmp (as many entries as
 * b has φs), then writing env. Operands equal to SSA_UNDEF give `undef`. */
void ssa_eval_phis(const struct ssa_form *s, uint32_t b, uint32_t slot, uint64_t *env,
		   uint64_t *tmp, uint64_t undef);

#endif
