/* out-of-ssa-naive: the textbook translation out of SSA. Every φ a0 = φ(a1, ..., ak) becomes a
 * copy a0 <- ai at the end of the i-th predecessor, one after the other in φ order; the φs are
 * dropped and the SSA names kept as variables.
 *
 * Cytron, Ferrante, Rosen, Wegman, Zadeck, 1991, "Efficiently computing static single
 * assignment form and the control dependence graph" (TOPLAS 13(4)), section 7.2, before its
 * caveats. It is correct on conventional SSA. On SSA made non-conventional by copy propagation
 * it is wrong, and kept here only as the demonstrated-wrong baseline (tests/test_destruct_algos.c):
 * the lost-copy problem (a copy at the end of a block with several successors overwrites a0 on
 * every path out, also where a0 is still live; Briggs, Cooper, Harvey, Simpson, "Practical
 * improvements to the construction and destruction of static single assignment form", SPE 1998)
 * and the swap problem (sequential copies a <- b; b <- a where φs read each other).
 * Time O(n + ops + φ operands); memory n words of scratch plus the output program.
 * Requires: s passes cprog_check(s, true). A multi-edge gets one copy per predecessor block. */
#include "destruct/destruct.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

static uint64_t naive_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops, uint64_t nphi,
			    uint64_t nargs)
{
	(void)m, (void)nvars, (void)nops, (void)nphi, (void)nargs;
	return ssa_array_bytes(ssa_sat_add(n, 1), 4);
}

static bool wants_copy(const struct cprog *s, uint32_t b, uint32_t q, uint64_t k);

/* The scratch, and the output: the program's ops plus a copy per operand that wants one. */
static uint64_t naive_run_bytes(const struct cprog *s, const struct domtree *t)
{
	(void)t;
	const struct cfg *g = s->g;
	uint64_t added = 0;
	for (uint32_t b = 0; b < g->n; b++)
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
			for (uint64_t k = s->arg_off[q]; k < s->arg_off[q + 1]; k++)
				added += wants_copy(s, b, q, k);
	return ssa_sat_add(ssa_array_bytes((uint64_t)g->n + 1, sizeof(uint32_t)),
			   cprog_bytes(g->n, s->nops + added, 0, 0));
}

static int naive_alloc(void **scratch, const struct cprog *s)
{
	*scratch = ssa_calloc_array((size_t)s->g->n + 1, sizeof(uint32_t));
	return *scratch ? SSA_OK : SSA_ENOMEM;
}

static void naive_free(void *scratch)
{
	free(scratch);
}

/* Whether operand slot k of a φ at block b needs a copy (a real value, not its own result, and
 * not a second edge from the same predecessor block: those come last in pred order). */
static bool wants_copy(const struct cprog *s, uint32_t b, uint32_t q, uint64_t k)
{
	const struct cfg *g = s->g;
	uint32_t j = (uint32_t)(k - s->arg_off[q]);
	if (s->arg[k] == SSA_UNDEF || s->arg[k] == s->phi_var[q])
		return false;
	return j == 0 || g->pred[g->pred_off[b] + j] != g->pred[g->pred_off[b] + j - 1];
}

static int naive_run(void *scratch, const struct cprog *s, const struct domtree *t,
		     struct cprog *out, uint64_t *counters)
{
	(void)t;
	const struct cfg *g = s->g;
	uint32_t *extra = scratch; /* copies appended to each block, then the fill cursor */
	for (int i = 0; i < DESTRUCT_MAX_COUNTERS; i++)
		counters[i] = 0;
	for (uint32_t b = 0; b <= g->n; b++)
		extra[b] = 0;
	uint64_t added = 0, kept = 0;
	for (uint32_t b = 0; b < g->n; b++)
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
			for (uint64_t k = s->arg_off[q]; k < s->arg_off[q + 1]; k++)
				if (wants_copy(s, b, q, k)) {
					extra[g->pred[g->pred_off[b] + (k - s->arg_off[q])]]++;
					added++;
				}
	for (uint32_t i = 0; i < s->nops; i++)
		kept += cprog_kind_of(s, i) >= CP_COPY;
	if (s->nops + added >= UINT32_MAX)
		return SSA_ETOOBIG;
	int rc = cprog_alloc(out, g, s->nvars, (uint32_t)(s->nops + added), 0, 0);
	if (rc != SSA_OK)
		return rc;
	/* Layout: each block's own ops, then its appended copies; extra[b] becomes the cursor. */
	uint32_t k = 0;
	for (uint32_t b = 0; b < g->n; b++) {
		out->op_off[b] = k;
		for (uint32_t i = s->op_off[b]; i < s->op_off[b + 1]; i++, k++) {
			out->kind[k] = s->kind[i];
			out->var[k] = s->var[i];
			out->src[k] = s->src[i];
		}
		uint32_t c = extra[b];
		extra[b] = k;
		k += c;
	}
	out->op_off[g->n] = k;
	for (uint32_t b = 0; b < g->n; b++)
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
			for (uint64_t a = s->arg_off[q]; a < s->arg_off[q + 1]; a++) {
				if (!wants_copy(s, b, q, a))
					continue;
				uint32_t p = g->pred[g->pred_off[b] + (a - s->arg_off[q])];
				uint32_t i = extra[p]++;
				out->kind[i] = CP_COPY;
				out->var[i] = s->phi_var[q];
				out->src[i] = s->arg[a];
			}
	counters[0] = added + kept;
	counters[1] = added;
	return SSA_OK;
}

const struct destruct_algo destruct_naive_algo = {
	.head = {
		.name = "out-of-ssa-naive",
		.summary = "textbook: a0 <- ai at the end of each predecessor, sequentially; wrong on "
			   "lost-copy and swap (baseline)",
		.citation = "Cytron, Ferrante, Rosen, Wegman, Zadeck, TOPLAS 1991, sec. 7.2",
		.complexity = "O(n + ops + operands); n words",
		.counter_names = {"copies", "inserted"},
	},
	.needs_cssa = true,
	.scratch_bytes = naive_bytes,
	.scratch_alloc = naive_alloc,
	.run_bytes = naive_run_bytes,
	.scratch_free = naive_free,
	.run = naive_run,
};
