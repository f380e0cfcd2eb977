/* phi-idf: φ placement by Cytron's worklist over precomputed dominance frontiers.
 *
 * Cytron, Ferrante, Rosen, Wegman and Zadeck, 1991, "Efficiently Computing Static Single
 * Assignment Form and the Control Dependence Graph", TOPLAS 13(4), Figure 11; the F (has a φ)
 * and W (worklist) sets of the lecture notes in the seeds. For each variable v: W = def(v);
 * take X from W; every Y in DF(X) without a φ gets one, and goes on W unless it was already
 * there (a definition block, or a φ block taken before). The result is IDF(def(v)).
 *
 * Per-variable state is two generation-stamped arrays (hasphi[b] == gen, inwork[b] == gen), so
 * starting a variable costs O(1), not O(n): clearing them per variable would be O(n·V).
 * Time O(Σ_v Σ_{X ∈ def(v) ∪ IDF} |DF(X)|) — Θ(n²) for one variable on ladder, where phi-dj is
 * linear — plus sorting each variable's φs; memory 3n words + the DF sets (given).
 * Requires in->df (df_sets of the same CFG). Pruned: φs only where v is live-in, and a block
 * where v is dead is neither given a φ nor put on W (see phi-dj for why this loses nothing). */
#include "phi/phi.h"
#include "phi/place.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

struct idf_scratch {
	struct phi_common c;
	uint32_t n, gen;
	uint32_t *hasphi, *inwork, *stack;
};

static uint64_t idf_scratch_bytes(uint64_t n, uint64_t nvars)
{
	/* the struct, the common part, hasphi, inwork, stack */
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct idf_scratch)), phi_common_bytes(n, nvars));
	return ssa_sat_add(b, ssa_bytes(3, ssa_array_bytes(n, sizeof(uint32_t))));
}

static void idf_scratch_free(void *p)
{
	struct idf_scratch *s = p;
	if (!s)
		return;
	phi_common_free(&s->c);
	ssa_free_all(s->hasphi, s->inwork, s->stack, NULL);
	free(s);
}

static int idf_scratch_alloc(void **out, uint32_t n, uint32_t nvars)
{
	struct idf_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return SSA_ENOMEM;
	int st = phi_common_alloc(&s->c, n, nvars);
	s->n = n;
	s->hasphi = ssa_calloc_array(n, sizeof(uint32_t));
	s->inwork = ssa_calloc_array(n, sizeof(uint32_t));
	s->stack = ssa_alloc_array(n, sizeof(uint32_t));
	if (st == SSA_OK && (!s->hasphi || !s->inwork || !s->stack))
		st = SSA_ENOMEM;
	if (st != SSA_OK) {
		idf_scratch_free(s);
		return st;
	}
	*out = s;
	return SSA_OK;
}

static int idf_run(void *p, const struct phi_input *in, enum phi_flavor f, struct phi_sets *out,
		   uint64_t *counters)
{
	struct idf_scratch *s = p;
	const struct var_blocks *vb = in->vb;
	const struct df_sets *df = in->df;
	const struct domtree *dt = in->dt;
	memset(counters, 0, PHI_MAX_COUNTERS * sizeof *counters);
	if (!df || df->n != in->prog->cfg.n || in->prog->cfg.n > s->n)
		return SSA_EUSAGE;
	int st = phi_common_begin(&s->c, in, out);
	if (st != SSA_OK)
		return st;
	uint64_t pops = 0, touched = 0, live_steps = 0;
	for (uint32_t v = 0; v < vb->nvars; v++) {
		if (!phi_common_var(&s->c, in, f, v, &live_steps)) {
			phi_common_end_var(&s->c, out, v);
			continue;
		}
		if (++s->gen == 0) {
			memset(s->hasphi, 0, (size_t)s->n * sizeof(uint32_t));
			memset(s->inwork, 0, (size_t)s->n * sizeof(uint32_t));
			s->gen = 1;
		}
		uint32_t gen = s->gen, sp = 0;
		for (uint64_t i = vb->def_off[v]; i < vb->def_off[v + 1]; i++) {
			uint32_t d = vb->def[i];
			if (dt->tin[d] == SSA_NONE)
				continue; /* unreachable: its frontier is empty */
			s->inwork[d] = gen;
			s->stack[sp++] = d;
		}
		while (sp) {
			uint32_t x = s->stack[--sp];
			pops++;
			for (uint64_t k = df->off[x]; k < df->off[x + 1]; k++) {
				uint32_t y = df->set[k];
				touched++;
				if (s->hasphi[y] == gen)
					continue;
				if (!phi_common_allowed(&s->c, in, f, v, y))
					continue;
				s->hasphi[y] = gen;
				if ((st = phi_common_push(&s->c, y)) != SSA_OK)
					return st;
				if (s->inwork[y] != gen) {
					s->inwork[y] = gen;
					s->stack[sp++] = y;
				}
			}
		}
		phi_common_end_var(&s->c, out, v);
	}
	st = phi_common_finish(&s->c, out);
	counters[0] = out->total;
	counters[1] = pops;
	counters[2] = touched;
	counters[3] = live_steps;
	return st;
}

const struct phi_algo phi_idf_algo = {
	.head = {
		.name = "phi-idf",
		.summary = "Cytron's worklist over precomputed dominance frontiers (F and W sets)",
		.citation = "Cytron, Ferrante, Rosen, Wegman, Zadeck 1991, TOPLAS 13(4), Fig. 11",
		.complexity = "O(sum over defs and phis of |DF|) per variable, 3n words + DF sets",
		.counter_names = {"phis", "worklist-pops", "df-entries", "live-steps"},
	},
	.needs_df = true,
	.scratch_bytes = idf_scratch_bytes,
	.scratch_alloc = idf_scratch_alloc,
	.scratch_free = idf_scratch_free,
	.run = idf_run,
};
