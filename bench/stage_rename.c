/* The renaming stage: one kernel per entry of rename_algos[] (algos/ssa/registry.c), plus the
 * maximal-SSA construction in three flavours.
 *
 *   rename-*            setup (untimed): dominators by auto, the dominator tree, φ placement by
 *                       --placement (default phi-dj) with --flavor (default minimal), the φ
 *                       layout and the renamer's scratch. run: the renamer alone.
 *   phi-maximal         setup: dominators and tree. run: maximal placement + rename-stack, no
 *   phi-maximal-ah        pruning / Aycock-Horspool's redundant-φ rule / that and dead-φ
 *   phi-maximal-pruned    elimination (outputs allocated in the run: their size is the result).
 *                       --maximal=every puts φs at every block but the entry instead of joins.
 *   check               the SSA verifier, the equivalence interpreter (--rename-walks random
 *                       walks from the entry, seeded by the input's seed) and, for renamers, the
 *                       canonical result of a second renamer (rename-stack, or rename-rd when
 *                       the kernel is rename-stack); for phi-maximal-ah (-pruned) on a reducible
 *                       CFG, equality of its φ set with minimal (pruned) placement by phi-dj.
 *   dumps               ssa (README: "The ssa dump"), phi (placement's format).
 *   memory estimate     tree, program-sized scratch, and a form whose φ count is guessed as
 *                       min(V x joins, 2(n + ops)) for the renamers (the exact count is known
 *                       only after placement); exact (phi_maximal_bytes) for phi-maximal. */
#include "bench/kernel.h"
#include "dom/dom.h"
#include "dom/reducible.h"
#include "gen/gen.h"
#include "phi/phi.h"
#include "ssa/ssa.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define RENAME_STAGE_MAX 8
#define RENAME_DEFAULT_WALKS 256

enum kind { K_RENAME, K_MAXIMAL, K_MAXIMAL_AH, K_MAXIMAL_PRUNED };

struct rename_state {
	enum kind kind;
	const struct rename_algo *a;
	const struct prog *p;
	uint64_t seed;
	uint32_t walks;
	struct domtree dt;
	struct phi_sets ps; /* renamers: the placement */
	enum phi_flavor flavor;
	const char *placement;
	struct ssa_form s;
	void *scratch;
	struct phi_maximal_opts mo;
	struct phi_maximal_stats mst;
};

static int parse_opts(const struct bench_input *in, enum phi_flavor *f, const char **placement,
		      bool *every, uint32_t *walks, char *err, size_t errlen)
{
	const char *fl = bench_opt(in, "flavor"), *pl = bench_opt(in, "placement");
	const char *mx = bench_opt(in, "maximal"), *w = bench_opt(in, "rename-walks");
	*f = PHI_MINIMAL;
	if (fl && phi_flavor_parse(fl, f) != SSA_OK) {
		snprintf(err, errlen, "--flavor=%s: expected minimal, semipruned or pruned", fl);
		return SSA_EUSAGE;
	}
	*placement = pl ? pl : "phi-dj";
	if (!phi_find(*placement)) {
		snprintf(err, errlen, "--placement=%s: no such placement algorithm", *placement);
		return SSA_EUSAGE;
	}
	*every = false;
	if (mx && strcmp(mx, "joins") != 0) {
		if (strcmp(mx, "every") != 0) {
			snprintf(err, errlen, "--maximal=%s: expected joins or every", mx);
			return SSA_EUSAGE;
		}
		*every = true;
	}
	*walks = RENAME_DEFAULT_WALKS;
	if (w) {
		uint64_t v;
		if (gen_parse_count(w, &v) != SSA_OK || v > UINT32_MAX) {
			snprintf(err, errlen, "--rename-walks=%s: expected a count", w);
			return SSA_EUSAGE;
		}
		*walks = (uint32_t)v;
	}
	return SSA_OK;
}

static uint64_t joins_of(const struct cfg *g, bool every)
{
	uint64_t j = 0;
	for (uint32_t b = 0; b < g->n; b++)
		j += b == 0 ? cfg_in_degree(g, 0) >= 1 : every || cfg_in_degree(g, b) >= 2;
	return j;
}

static uint64_t mem_for(enum kind kind, const struct rename_algo *a, const struct bench_input *in)
{
	const struct prog *p = in->prog;
	const struct cfg *g = &p->cfg;
	uint64_t b = ssa_sat_add(domtree_bytes(g->n), ssa_bytes(g->n, 4));
	if (kind != K_RENAME) {
		struct phi_maximal_opts o = {.every_block = bench_opt(in, "maximal") &&
							    !strcmp(bench_opt(in, "maximal"), "every")};
		return ssa_sat_add(b, phi_maximal_bytes(p, &o));
	}
	uint64_t guess = ssa_bytes(joins_of(g, false), p->nvars);
	uint64_t cap = ssa_bytes(ssa_sat_add(g->n, p->nops), 2);
	if (guess > cap)
		guess = cap;
	uint64_t form = ssa_form_bytes(g->n, p->nops, guess, ssa_bytes(guess, 2));
	b = ssa_sat_add(b, ssa_bytes(form, 2)); /* the form and the check's second form */
	b = ssa_sat_add(b, ssa_bytes(guess, 4)); /* the φ sets */
	/* phi_place_prog builds variable lists and (for phi-idf) frontiers over our tree. */
	const struct phi_algo *pa = phi_find(bench_opt(in, "placement") ? bench_opt(in, "placement")
									 : "phi-dj");
	b = ssa_sat_add(b, var_blocks_bytes(g->n, p->nvars, p->nops));
	if (pa)
		b = ssa_sat_add(b, pa->scratch_bytes(g->n, p->nvars));
	return ssa_sat_add(b, a->scratch_bytes(g->n, g->m, p->nvars, p->nops, guess));
}

static void state_free(struct rename_state *s)
{
	if (s->scratch)
		s->a->scratch_free(s->scratch);
	ssa_form_free(&s->s);
	if (s->ps.off)
		phi_sets_free(&s->ps);
	domtree_free(&s->dt);
	free(s);
}

static int setup_for(enum kind kind, const struct rename_algo *a, const struct bench_input *in,
		     void **state, char *err, size_t errlen)
{
	const char *name = kind == K_RENAME ? a->name
			   : kind == K_MAXIMAL ? "phi-maximal"
			   : kind == K_MAXIMAL_AH ? "phi-maximal-ah"
						  : "phi-maximal-pruned";
	struct rename_state *s = calloc(1, sizeof *s);
	if (!s) {
		snprintf(err, errlen, "%s: out of memory", name);
		return SSA_ENOMEM;
	}
	s->kind = kind;
	s->a = kind == K_RENAME ? a : rename_find("rename-stack");
	s->p = in->prog;
	s->seed = in->seed;
	bool every;
	int st = parse_opts(in, &s->flavor, &s->placement, &every, &s->walks, err, errlen);
	if (st != SSA_OK) {
		free(s);
		return st;
	}
	s->mo.every_block = every;
	s->mo.prune_redundant = kind == K_MAXIMAL_AH || kind == K_MAXIMAL_PRUNED;
	s->mo.prune_dead = kind == K_MAXIMAL_PRUNED;
	if ((st = dom_tree_default(&s->p->cfg, &s->dt)) != SSA_OK) {
		snprintf(err, errlen, "%s: dominators: %s", name, ssa_status_str(st));
		state_free(s);
		return st;
	}
	if (kind != K_RENAME) {
		*state = s;
		return SSA_OK;
	}
	st = phi_place_prog(phi_find(s->placement), s->p, &s->dt, s->flavor, &s->ps);
	if (st != SSA_OK) {
		snprintf(err, errlen, "%s: placement by %s: %s", name, s->placement,
			 ssa_status_str(st));
		state_free(s);
		return st;
	}
	st = ssa_form_layout(&s->s, s->p, &s->ps);
	if (st == SSA_OK)
		st = a->scratch_alloc(&s->scratch, s->p, &s->s);
	if (st != SSA_OK) {
		snprintf(err, errlen, "%s: %" PRIu64 " phis: %s", name, s->ps.total,
			 ssa_status_str(st));
		state_free(s);
		return st;
	}
	*state = s;
	return SSA_OK;
}

static int rename_run(void *state, uint64_t *counters)
{
	struct rename_state *s = state;
	if (s->kind == K_RENAME) {
		uint64_t c[RENAME_MAX_COUNTERS];
		int st = s->a->run(s->scratch, s->p, &s->dt, &s->s, c);
		counters[0] = s->s.nphi;
		for (int i = 0; i < RENAME_MAX_COUNTERS; i++)
			counters[i + 1] = c[i];
		return st;
	}
	ssa_form_free(&s->s);
	int st = phi_maximal(s->p, &s->dt, &s->mo, 0, &s->s, &s->mst);
	counters[0] = s->mst.placed;
	counters[1] = s->mst.removed_redundant;
	counters[2] = s->mst.removed_dead;
	counters[3] = s->mst.kept;
	counters[4] = s->mst.rechecks;
	counters[5] = s->mst.bytes;
	return st;
}

static int rename_check(void *state, char *msg, size_t msglen)
{
	struct rename_state *s = state;
	char m[256];
	int st = ssa_verify(s->p, &s->dt, &s->s, m, sizeof m);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier: %s", m);
		return st == SSA_EVERIFY ? SSA_EVERIFY : st;
	}
	uint32_t len = s->p->cfg.n < 100000 ? 2 * s->p->cfg.n + 8 : 200000;
	struct ssa_interp_opts io = {.seed = s->seed, .walks = s->walks, .max_len = len};
	struct ssa_interp_stats is;
	st = ssa_interp_check(s->p, &s->s, &io, &is, m, sizeof m);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier ok, interpreter: %s", m);
		return st;
	}
	if (s->kind == K_RENAME) {
		const struct rename_algo *other =
			rename_find(strcmp(s->a->name, "rename-stack") ? "rename-stack" : "rename-rd");
		struct ssa_form o;
		st = ssa_form_layout(&o, s->p, &s->ps);
		if (st == SSA_OK)
			st = rename_compute(other, s->p, &s->dt, &o, NULL);
		if (st != SSA_OK) {
			snprintf(msg, msglen, "verifier + interpreter ok; %s: %s", other->name,
				 ssa_status_str(st));
			ssa_form_free(&o);
			return st;
		}
		bool eq = ssa_form_equal(&s->s, &o, m, sizeof m);
		ssa_form_free(&o);
		if (!eq) {
			snprintf(msg, msglen, "verifier + interpreter ok; vs %s: %s", other->name, m);
			return SSA_EVERIFY;
		}
		snprintf(msg, msglen, "verifier + interpreter (%" PRIu32 " walks, %" PRIu64
			 " uses) + same as %s", s->walks, is.uses, other->name);
		return SSA_OK;
	}
	bool red = false;
	if (s->kind != K_MAXIMAL && (st = cfg_is_reducible(&s->p->cfg, &red)) != SSA_OK)
		return st;
	if (s->kind == K_MAXIMAL || !red) {
		snprintf(msg, msglen, "verifier + interpreter (%" PRIu32 " walks, %" PRIu64 " uses)%s",
			 s->walks, is.uses, s->kind == K_MAXIMAL ? "" : "; irreducible: no phi-set oracle");
		return SSA_OK;
	}
	enum phi_flavor f = s->kind == K_MAXIMAL_AH ? PHI_MINIMAL : PHI_PRUNED;
	struct phi_sets want = {0}, got = {0};
	st = phi_place_prog(phi_find("phi-dj"), s->p, &s->dt, f, &want);
	if (st == SSA_OK)
		st = ssa_form_phi_sets(&s->s, &got);
	if (st != SSA_OK) {
		snprintf(msg, msglen, "verifier + interpreter ok; phi-dj: %s", ssa_status_str(st));
		phi_sets_free(&want);
		return st;
	}
	bool eq = phi_sets_equal(&got, &want, m, sizeof m);
	phi_sets_free(&want);
	ssa_phi_sets_release(&got);
	if (!eq) {
		snprintf(msg, msglen, "verifier + interpreter ok; reducible CFG but phi set differs "
			 "from phi-dj %s: %s", phi_flavor_name(f), m);
		return SSA_EVERIFY;
	}
	snprintf(msg, msglen, "verifier + interpreter (%" PRIu32 " walks) + phi set = phi-dj %s "
		 "(reducible)", s->walks, phi_flavor_name(f));
	return SSA_OK;
}

static int rename_dump(void *state, const char *kind, FILE *out)
{
	struct rename_state *s = state;
	if (!strcmp(kind, "ssa"))
		return ssa_form_dump(out, s->p, &s->s);
	if (!strcmp(kind, "phi")) {
		struct phi_sets ps;
		int st = ssa_form_phi_sets(&s->s, &ps);
		if (st != SSA_OK)
			return st;
		st = phi_sets_dump(&ps, out);
		ssa_phi_sets_release(&ps);
		return st;
	}
	return SSA_EUSAGE;
}

static void rename_teardown(void *state)
{
	state_free(state);
}

#define RN_THUNKS(i)                                                                           \
	static uint64_t mem_##i(const struct bench_input *in)                                  \
	{                                                                                      \
		return mem_for(K_RENAME, rename_algos[i], in);                                 \
	}                                                                                      \
	static int setup_##i(const struct bench_input *in, void **st, char *e, size_t el)      \
	{                                                                                      \
		return setup_for(K_RENAME, rename_algos[i], in, st, e, el);                    \
	}
RN_THUNKS(0) RN_THUNKS(1) RN_THUNKS(2) RN_THUNKS(3) RN_THUNKS(4)

#define MX_THUNKS(k)                                                                           \
	static uint64_t mem_##k(const struct bench_input *in)                                  \
	{                                                                                      \
		return mem_for(k, NULL, in);                                                   \
	}                                                                                      \
	static int setup_##k(const struct bench_input *in, void **st, char *e, size_t el)      \
	{                                                                                      \
		return setup_for(k, NULL, in, st, e, el);                                      \
	}
MX_THUNKS(K_MAXIMAL) MX_THUNKS(K_MAXIMAL_AH) MX_THUNKS(K_MAXIMAL_PRUNED)

static uint64_t (*const mem_fns[5])(const struct bench_input *) = {
	mem_0, mem_1, mem_2, mem_3, mem_4,
};
static int (*const setup_fns[5])(const struct bench_input *, void **, char *, size_t) = {
	setup_0, setup_1, setup_2, setup_3, setup_4,
};

static struct bench_kernel rename_kernels[RENAME_STAGE_MAX];

static const struct bench_option rename_options[] = {
	{"flavor", "minimal (default), semipruned or pruned: the placement renamed"},
	{"placement", "placement algorithm run (untimed) before a renamer: phi-dj (default), phi-idf"},
	{"maximal", "phi-maximal: joins (default, a phi at every block with 2+ predecessors) or "
		    "every (every block but the entry)"},
	{"rename-walks", "random walks of the equivalence interpreter in --check (default 256)"},
	{NULL, NULL},
};

struct bench_stage bench_stage_rename = {
	.name = "rename",
	.title = "SSA renaming and maximal SSA + pruning (dominators by auto, placement untimed)",
	.kernels = rename_kernels,
	.nkernels = 0,
	.options = rename_options,
};

__attribute__((constructor)) static void rename_stage_init(void)
{
	size_t k = 0;
	for (size_t i = 0; i < rename_nalgos && i < 5; i++) {
		const struct rename_algo *a = rename_algos[i];
		struct bench_kernel *kn = &rename_kernels[k++];
		kn->name = a->name;
		kn->summary = a->summary;
		kn->counter_names[0] = "phis";
		for (size_t c = 0; c < RENAME_MAX_COUNTERS && c + 1 < BENCH_MAX_COUNTERS; c++)
			kn->counter_names[c + 1] = a->counter_names[c];
		kn->mem_estimate = mem_fns[i];
		kn->setup = setup_fns[i];
	}
	static const struct {
		const char *name, *summary;
		uint64_t (*mem)(const struct bench_input *);
		int (*setup)(const struct bench_input *, void **, char *, size_t);
	} mx[3] = {
		{"phi-maximal", "a phi per variable at every join, renamed by rename-stack, no pruning",
		 mem_K_MAXIMAL, setup_K_MAXIMAL},
		{"phi-maximal-ah", "phi-maximal + Aycock-Horspool redundant-phi removal to a fixpoint",
		 mem_K_MAXIMAL_AH, setup_K_MAXIMAL_AH},
		{"phi-maximal-pruned", "phi-maximal-ah + dead-phi elimination (pruned SSA)",
		 mem_K_MAXIMAL_PRUNED, setup_K_MAXIMAL_PRUNED},
	};
	for (size_t i = 0; i < 3; i++) {
		struct bench_kernel *kn = &rename_kernels[k++];
		kn->name = mx[i].name;
		kn->summary = mx[i].summary;
		static const char *const names[] = {"placed", "removed-redundant", "removed-dead",
						     "kept", "rechecks", "bytes"};
		for (size_t c = 0; c < 6; c++)
			kn->counter_names[c] = names[c];
		kn->mem_estimate = mx[i].mem;
		kn->setup = mx[i].setup;
	}
	for (size_t i = 0; i < k; i++) {
		rename_kernels[i].run = rename_run;
		rename_kernels[i].check = rename_check;
		rename_kernels[i].dump = rename_dump;
		rename_kernels[i].teardown = rename_teardown;
	}
	bench_stage_rename.nkernels = k;
}
