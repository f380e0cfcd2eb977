/* The stream kinds' table and the drivers of the random and compiler-shaped kinds
 * (gen/stream.h); the adversaries are in stream_adversary.c, the single transformations in
 * stream_xform.c. gen/README.md defines every kind.
 *
 * Random kinds: N updates, each drawn from the generator's own stream (seeded from the seed
 * and a constant, so the same seed gives independent CFG and stream draws). Compiler kinds: one
 * pass over the function per transformation, each candidate in block (or loop) order, chosen
 * with the fractions below; the compiler mix runs them as a pipeline in the order an -O2
 * pipeline does: inline, merge (simplifycfg), thread, rotate, peel, unroll, delete a region
 * (branch folding and dead-block removal), split every critical edge. Loop phases compute the
 * loop forest (algos/loops) once, at their start. Time O(n + m) per phase plus the
 * transformations' own cost (stream_xform.c); memory the recording graph (stream_graph.c). */
#include "gen/gen.h"
#include "gen/stream_internal.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct gen_stream_kind gen_stream_kinds[] = {
	{"insert", GEN_STREAM_RANDOM, "random edge insertions, both ends uniform over the blocks"},
	{"delete", GEN_STREAM_RANDOM,
	 "deletions of uniformly random existing edges (a bridge cuts off what only it reached)"},
	{"mixed", GEN_STREAM_RANDOM, "each update an insertion or a deletion, half and half"},
	{"compiler", GEN_STREAM_COMPILER,
	 "an -O2-like pipeline over the whole function: inline, merge, thread, rotate, peel, "
	 "unroll, delete-region, split-critical"},
	{"split-critical", GEN_STREAM_COMPILER, "split every critical edge (3 updates and a block each)"},
	{"merge", GEN_STREAM_COMPILER, "merge every block into its only predecessor when it is that "
				       "predecessor's only successor"},
	{"thread", GEN_STREAM_COMPILER,
	 "jump threading: a predecessor of a two-way join jumps to a copy that goes straight on"},
	{"rotate", GEN_STREAM_COMPILER, "rotate every loop (header test copied into the preheader)"},
	{"peel", GEN_STREAM_COMPILER, "peel one iteration off every innermost loop"},
	{"unroll", GEN_STREAM_COMPILER, "unroll every innermost loop of at most 32 blocks --unroll times"},
	{"delete-region", GEN_STREAM_COMPILER,
	 "fold branches whose target has no other entry and delete what became unreachable"},
	{"inline", GEN_STREAM_COMPILER, "inline callee CFGs at random blocks (split, callee, return)"},
	{"flip", GEN_STREAM_ADVERSARY,
	 "one edge inserted and deleted in turn, each time moving every deep block's idom"},
	{"deep-insert", GEN_STREAM_ADVERSARY,
	 "entry edges to every block of the deepest dominator path, in then out, top first"},
	{"rebuild", GEN_STREAM_ADVERSARY,
	 "delete and re-insert the edge whose deletion rebuilds the largest dominator subtree"},
	{"cross", GEN_STREAM_ADVERSARY,
	 "a left-to-right cross edge in and out: every DFS tree kept by an algorithm goes stale"},
};
const size_t gen_stream_nkinds = sizeof gen_stream_kinds / sizeof gen_stream_kinds[0];

static const char *const xform_names[GEN_X_COUNT] = {
	[GEN_X_SPLIT] = "split", [GEN_X_MERGE] = "merge", [GEN_X_THREAD] = "thread",
	[GEN_X_ROTATE] = "rotate", [GEN_X_PEEL] = "peel", [GEN_X_UNROLL] = "unroll",
	[GEN_X_REGION] = "region", [GEN_X_INLINE] = "inline",
};

const char *gen_xform_name(enum gen_xform x)
{
	return x < GEN_X_COUNT ? xform_names[x] : "?";
}

const struct gen_stream_kind *gen_stream_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < gen_stream_nkinds; i++)
		if (strcmp(gen_stream_kinds[i].name, name) == 0)
			return &gen_stream_kinds[i];
	return NULL;
}

void gen_stream_params_default(struct gen_stream_params *sp)
{
	memset(sp, 0, sizeof *sp);
	sp->kind = "compiler";
	sp->seed = GEN_DEFAULT_SEED;
}

/* The stream's draws come from a stream of their own, so a stream over a graph of seed S does
 * not replay the draws that made the graph. */
#define STREAM_SEED_SALT UINT64_C(0x73747265616d2121)

/* ---- random kinds ---- */

static void random_stream(struct sg *g, const char *kind, uint64_t n_updates, uint32_t k,
			  struct gen_stream_info *info)
{
	int mode = kind[0] == 'i' ? 0 : kind[0] == 'd' ? 1 : 2;
	for (uint64_t i = 0; i < n_updates && !g->err; i++) {
		bool del = mode == 1 || (mode == 2 && ssa_rng_chance(&g->rng, 1, 2));
		if (del && g->nlive == 0) {
			if (mode == 1) {
				snprintf(info->note, sizeof info->note,
					 "delete: no edge left after %llu deletions",
					 (unsigned long long)i);
				break;
			}
			del = false;
		}
		if (del) {
			sg_delete(g, g->live[ssa_rng_below(&g->rng, g->nlive)]);
		} else {
			uint32_t u = (uint32_t)ssa_rng_below(&g->rng, g->n);
			sg_insert(g, u, (uint32_t)ssa_rng_below(&g->rng, g->n));
		}
		if ((i + 1) % k == 0)
			sg_mark(g);
	}
}

/* ---- compiler kinds ---- */

/* Fractions of the candidates the compiler mix transforms (a single-transformation kind takes
 * them all): thread 1 in 2, peel 1 in 8, unroll 1 in 4; unrolled loops have at most
 * UNROLL_MAX_BLOCKS blocks; inline sites 1 + n/1000; regions 1 + n/1000, at most 32 (each
 * costs a reachability search over the whole function). */
#define MIX_THREAD 2u
#define MIX_PEEL 8u
#define MIX_UNROLL 4u
#define UNROLL_MAX_BLOCKS 32u
#define INLINE_PER_BLOCKS 1000u
#define REGION_PER_BLOCKS 1000u
#define REGION_MAX 32u

struct pipe {
	struct sg *g;
	const struct gen_stream_params *sp;
	struct gen_stream_info *info;
	uint64_t cap;      /* stop after the transformation that reaches this many updates; 0 none */
	uint32_t every;    /* transformations per batch, 0: per applyUpdates call */
	uint32_t since;    /* transformations since the last mark */
	bool all;          /* a single-transformation kind: every candidate */
	bool done;
	uint32_t ncallee;  /* callees used so far */
};

/* After one transformation of kind x: count it, mark a batch every K, stop at the cap. */
static void after(struct pipe *p, enum gen_xform x)
{
	p->info->xforms[x]++;
	if (p->every && ++p->since == p->every) {
		sg_mark(p->g);
		p->since = 0;
	}
	if ((p->cap && sg_edge_updates(p->g) >= p->cap) || p->g->err)
		p->done = true;
}

static bool pick(struct pipe *p, uint32_t one_in)
{
	return p->all || ssa_rng_chance(&p->g->rng, 1, one_in);
}

static void phase_split(struct pipe *p)
{
	struct sg *g = p->g;
	/* Splitting changes no other edge's criticality: collect them all first. */
	uint32_t *crit = ssa_alloc_array(g->nlive, sizeof *crit), nc = 0;
	if (!crit) {
		g->err = SSA_ENOMEM;
		return;
	}
	for (uint32_t u = 0; u < g->n; u++)
		for (uint32_t i = 0; i < sg_outdeg(g, u); i++)
			if (sgx_is_critical(g, sg_out(g, u, i)))
				crit[nc++] = sg_out(g, u, i);
	for (uint32_t i = 0; i < nc && !p->done; i++)
		if (sgx_split_edge(g, NULL, crit[i]) != SSA_NONE)
			after(p, GEN_X_SPLIT);
	free(crit);
}

static void phase_merge(struct pipe *p)
{
	uint32_t n0 = p->g->n;
	for (uint32_t b = 1; b < n0 && !p->done; b++)
		if (sgx_merge(p->g, NULL, b))
			after(p, GEN_X_MERGE);
}

static void phase_thread(struct pipe *p, const struct sg_loops *L)
{
	struct sg *g = p->g;
	uint32_t n0 = g->n;
	for (uint32_t bb = 1; bb < n0 && !p->done; bb++) {
		if (sg_indeg(g, bb) < 2 || sg_outdeg(g, bb) < 2 || !pick(p, MIX_THREAD))
			continue;
		uint32_t pr = g->src[sg_in(g, bb, (uint32_t)ssa_rng_below(&g->rng, sg_indeg(g, bb)))];
		uint32_t s = g->dst[sg_out(g, bb, (uint32_t)ssa_rng_below(&g->rng, sg_outdeg(g, bb)))];
		if (sgx_thread(g, L, pr, bb, s))
			after(p, GEN_X_THREAD);
	}
}

static void phase_loops(struct pipe *p, enum gen_xform x)
{
	struct sg_loops L;
	int st = sg_loops_compute(p->g, &L);
	if (st != SSA_OK) {
		p->g->err = st;
		return;
	}
	uint32_t k = p->sp->unroll ? p->sp->unroll : GEN_STREAM_DEFAULT_UNROLL;
	if (x == GEN_X_THREAD) {
		phase_thread(p, &L);
	} else if (x == GEN_X_ROTATE) {
		for (uint32_t l = L.nloops; l-- > 0 && !p->done;) /* inner loops first */
			if (sgx_rotate(p->g, &L, l))
				after(p, x);
	} else {
		for (uint32_t l = 0; l < L.nloops && !p->done; l++) {
			if (L.last[l] != l)
				continue;
			if (x == GEN_X_PEEL && pick(p, MIX_PEEL) && sgx_peel(p->g, &L, l))
				after(p, x);
			if (x == GEN_X_UNROLL && L.moff[l + 1] - L.moff[l] <= UNROLL_MAX_BLOCKS &&
			    pick(p, MIX_UNROLL) && sgx_unroll(p->g, &L, l, k))
				after(p, x);
		}
	}
	sg_loops_free(&L);
}

static void phase_region(struct pipe *p)
{
	struct sg *g = p->g;
	uint32_t *cand = ssa_alloc_array(g->nlive, sizeof *cand), nc = 0;
	if (!cand) {
		g->err = SSA_ENOMEM;
		return;
	}
	for (uint32_t v = 1; v < g->n; v++)
		if (sg_indeg(g, v) == 1) {
			uint32_t e = sg_in(g, v, 0);
			if (g->src[e] != v && sg_outdeg(g, g->src[e]) >= 2)
				cand[nc++] = e;
		}
	uint32_t want = 1 + g->n / REGION_PER_BLOCKS;
	if (want > REGION_MAX)
		want = REGION_MAX;
	/* A partial Fisher-Yates shuffle draws the branches to fold; an earlier fold may have
	 * deleted a later one, which sgx_delete_region then refuses. */
	for (uint32_t i = 0; i < nc && i < want && !p->done; i++) {
		uint32_t j = i + (uint32_t)ssa_rng_below(&g->rng, nc - i), e = cand[j], dead;
		cand[j] = cand[i];
		if (sgx_delete_region(g, e, &dead))
			after(p, GEN_X_REGION);
	}
	free(cand);
}

static void phase_inline(struct pipe *p)
{
	struct sg *g = p->g;
	uint32_t sites = 1 + g->n / INLINE_PER_BLOCKS, n0 = g->n;
	struct gen_corpus dist = {.nfuncs = 1, .dist = GEN_SIZES_REALCODE};
	for (uint32_t i = 0; i < sites && !p->done; i++) {
		uint32_t b = (uint32_t)ssa_rng_below(&g->rng, n0);
		struct cfg made;
		const struct cfg *callee = &made;
		uint32_t c = p->ncallee++;
		if (p->sp->callees && p->sp->ncallees) {
			callee = &p->sp->callees[c % p->sp->ncallees];
		} else {
			struct gen_params q;
			struct gen_info qi;
			gen_params_default(&q);
			q.family = "structured";
			q.blocks = gen_corpus_size(&dist, p->sp->seed, c);
			q.seed = gen_corpus_seed(p->sp->seed ^ STREAM_SEED_SALT, c);
			int st = gen_cfg(&q, &made, &qi);
			if (st != SSA_OK) {
				g->err = st;
				return;
			}
		}
		bool ok = sgx_inline(g, NULL, b, callee);
		if (callee == &made)
			cfg_free(&made);
		if (ok)
			after(p, GEN_X_INLINE);
	}
}

static void compiler_stream(struct pipe *p, const char *kind)
{
	static const struct {
		const char *name;
		enum gen_xform x;
	} order[] = {
		{"inline", GEN_X_INLINE}, {"merge", GEN_X_MERGE}, {"thread", GEN_X_THREAD},
		{"rotate", GEN_X_ROTATE}, {"peel", GEN_X_PEEL}, {"unroll", GEN_X_UNROLL},
		{"delete-region", GEN_X_REGION}, {"split-critical", GEN_X_SPLIT},
	};
	bool mix = strcmp(kind, "compiler") == 0;
	p->all = !mix;
	for (size_t i = 0; i < sizeof order / sizeof order[0] && !p->done && !p->g->err; i++) {
		if (!mix && strcmp(kind, order[i].name) != 0)
			continue;
		switch (order[i].x) {
		case GEN_X_INLINE: phase_inline(p); break;
		case GEN_X_MERGE: phase_merge(p); break;
		case GEN_X_THREAD:
		case GEN_X_ROTATE:
		case GEN_X_PEEL:
		case GEN_X_UNROLL: phase_loops(p, order[i].x); break;
		case GEN_X_REGION: phase_region(p); break;
		case GEN_X_SPLIT: phase_split(p); break;
		case GEN_X_COUNT: break;
		}
	}
}

int gen_stream(const struct gen_stream_params *sp, const struct cfg *start,
	       struct update_stream *out, struct gen_stream_info *info)
{
	memset(out, 0, sizeof *out);
	memset(info, 0, sizeof *info);
	const struct gen_stream_kind *kind = gen_stream_find(sp->kind);
	if (!kind) {
		snprintf(info->note, sizeof info->note,
			 "unknown stream kind '%s' (gen --list-streams lists them)",
			 sp->kind ? sp->kind : "(none)");
		return SSA_EUSAGE;
	}
	if (sp->unroll && (sp->unroll < 2 || sp->unroll > GEN_STREAM_MAX_UNROLL)) {
		snprintf(info->note, sizeof info->note, "unroll factor %u is outside 2..%u",
			 sp->unroll, GEN_STREAM_MAX_UNROLL);
		return SSA_EUSAGE;
	}
	if (!start || start->n == 0) {
		snprintf(info->note, sizeof info->note, "%s: the start graph has no block", kind->name);
		return SSA_EUSAGE;
	}
	struct sg g;
	int st = sg_init(&g, start, sp->seed ^ STREAM_SEED_SALT);
	if (st != SSA_OK)
		return st;
	uint64_t n_updates = sp->updates ? sp->updates : GEN_STREAM_DEFAULT_UPDATES;
	if (kind->cls == GEN_STREAM_RANDOM) {
		g.batch_every = sp->batch ? sp->batch : 1;
		random_stream(&g, kind->name, n_updates, g.batch_every, info);
	} else if (kind->cls == GEN_STREAM_COMPILER) {
		struct pipe p = {.g = &g, .sp = sp, .info = info, .cap = sp->updates,
				 .every = sp->batch};
		g.batch_every = sp->batch;
		compiler_stream(&p, kind->name);
	} else {
		g.batch_every = sp->batch ? sp->batch : 1;
		st = gen_stream_adversary(&g, kind->name, n_updates, g.batch_every, info);
		if (st != SSA_OK) {
			sg_free(&g);
			return st;
		}
	}
	info->inserts = g.inserts;
	info->deletes = g.deletes;
	info->blocks = g.blocks;
	info->n_start = start->n;
	info->n_end = g.n;
	info->m_end = g.nlive;
	st = sg_take_stream(&g, start->n, out);
	info->batches = g.batches;
	sg_free(&g);
	if (st != SSA_OK) {
		if (!info->note[0])
			snprintf(info->note, sizeof info->note, "%s: %s", kind->name,
				 ssa_status_str(st));
		return st;
	}
	if (!info->note[0])
		snprintf(info->note, sizeof info->note,
			 "%s: %llu updates (%llu inserts, %llu deletes), %llu new blocks, %llu batches",
			 kind->name, (unsigned long long)(info->inserts + info->deletes),
			 (unsigned long long)info->inserts, (unsigned long long)info->deletes,
			 (unsigned long long)info->blocks, (unsigned long long)info->batches);
	return SSA_OK;
}
