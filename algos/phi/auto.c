/* phi-auto: φ placement (phi.h) that chooses, variable by variable, between phi-djq's range
 * queries (djq.c) and phi-djh's subtree walk (djh.c) from the work each one did on the
 * variables before. Same answer as both, every flavour.
 * Why: neither is within 1.5x of the other everywhere: the walk loses up to 4x where roots have
 * few frontier edges in large subtrees (ibfsquad, structured code), the queries up to 10x where
 * frontiers are dense (itworst, dense, repeat-until), at O(log m) per edge reported.
 * Cost: phi-djq's index at the start of every run; the walk's DJ graph, made from that index,
 * only once the queries have done about as much work as making it costs. A variable's first
 * try stops at a budget from the methods' recent costs; after a stopped try the two alternate
 * with doubling budgets, each from scratch: a variable costs at most a constant times the
 * cheaper method on it plus its first budget. Memory: both scratches + the output.
 * Sreedhar and Gao, 1995, "A Linear Time Algorithm for Placing φ-Nodes" (POPL). */
#include "phi/dj.h"
#include "phi/djq.h"
#include "phi/phi.h"
#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

/* The two methods; their work is compared in the units of DJ_WORK and DJQ_WORK. */
enum { AUTO_QUERY, AUTO_WALK };

_Static_assert(PHI_HUB_MAX <= DJ_HUBS, "a hub of the queries would not fit the walk's mask");

struct auto_scratch {
	struct djq_scratch *q; /* its phi_common builds the output and holds pruned liveness */
	struct dj_scratch *w;  /* with hubs; its DJ graph made from q's index on first need */
};

static uint64_t auto_fixed_bytes(uint64_t n, uint64_t nvars)
{
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct auto_scratch)), dj_scratch_bytes(n, nvars));
	return ssa_sat_add(b, dj_hubs_bytes(n));
}

static uint64_t auto_scratch_bytes(uint64_t n, uint64_t nvars)
{
	return ssa_sat_add(auto_fixed_bytes(n, nvars), djq_scratch_bytes(n, nvars));
}

/* Both scratches; the walk's J edges, n to start with, grow to the queries' count at the start
 * of a run, the old array alive until the copy. */
static uint64_t auto_scratch_bytes_in(const struct phi_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	uint64_t b = ssa_sat_add(auto_fixed_bytes(g->n, in->prog->nvars), djq_scratch_bytes_in(in));
	uint64_t nj = g->m, nhub, nh;
	if (in->dt && phi_jindex_count(g, in->dt, &nj, &nhub, &nh) != SSA_OK)
		nj = g->m;
	return nj > (g->n ? g->n : 1) ? ssa_sat_add(b, ssa_array_bytes(nj, sizeof(uint64_t))) : b;
}

static void auto_scratch_free(void *p)
{
	struct auto_scratch *s = p;
	if (!s)
		return;
	djq_scratch_free(s->q);
	dj_scratch_free(s->w);
	free(s);
}

static int auto_scratch_alloc(void **out, uint32_t n, uint32_t nvars)
{
	struct auto_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return SSA_ENOMEM;
	void *q = NULL, *w = NULL;
	int st = djq_scratch_alloc(&q, n, nvars);
	s->q = q;
	if (st == SSA_OK)
		st = dj_scratch_alloc(&w, n, nvars);
	s->w = w;
	if (st == SSA_OK)
		st = dj_hubs_alloc(s->w, n);
	if (st != SSA_OK) {
		auto_scratch_free(s);
		return st;
	}
	*out = s;
	return SSA_OK;
}

/* The walk's DJ graph from the queries' index instead of the CFG (phi-djh's build reads three
 * arrays at random per edge; this reads the index in order): the same J edges in the same
 * preorder ranges with their targets' depths (the tree's leaves, all in place between
 * variables), the same hubs (both take the first PHI_HUB_MAX blocks by id with PHI_HUB_MIN J
 * edges), then phi-djh's fold of reach and hub masks into subtrees. */
static void auto_walk_build(struct auto_scratch *s, const struct domtree *dt)
{
	const struct djq_scratch *q = s->q;
	struct dj_scratch *w = s->w;
	uint32_t nr = dt->nreach;
	const uint32_t *joff = q->joff, *jtgt = q->jtgt, *leaf = q->tree + q->P;
	struct djnode *node = w->node;
	uint64_t *jkey = w->jkey;
	for (uint32_t i = 0; i < nr; i++) {
		uint32_t r = SSA_NONE;
		for (uint32_t j = joff[i]; j < joff[i + 1]; j++) {
			jkey[j] = (uint64_t)leaf[j] << 32 | jtgt[j];
			r = leaf[j] < r ? leaf[j] : r;
		}
		node[i] = (struct djnode){.last = dt->tlast[dt->order[i]], .reach = r, .joff = joff[i]};
		w->hubmask[i] = 0;
	}
	node[nr].joff = joff[nr];
	w->nhub = q->hubs.nhub;
	for (uint32_t h = 0; h < w->nhub; h++) {
		const struct phi_hub *b = &q->hubs.hub[h];
		w->hub[h] = (struct dj_hub){.depth = b->depth, .tin = b->tin, .block = dt->order[b->tin]};
		for (uint32_t k = b->off; k < b->end; k++)
			w->hubmask[q->hubs.hsrc[k]] |= UINT32_C(1) << h;
	}
	dj_fold(w, nr);
}

/* What a method is expected to cost on the next variable: a moving average of the work of its
 * finished tries, a quarter of the way to each new one, so a run of variables unlike the
 * earlier ones turns the choice within a few variables; a stopped try only says "at least its
 * budget". */
struct auto_est {
	uint64_t work[2];
	bool known[2];
};

static void auto_learn(struct auto_est *e, int m, uint64_t work, bool finished)
{
	if (!e->known[m])
		e->work[m] = work;
	else if (finished)
		e->work[m] = e->work[m] - e->work[m] / 4 + work / 4;
	else if (work > e->work[m])
		e->work[m] = work;
	e->known[m] = true;
}

/* One try of method m on v within budget; *work gets what it did, *pops the roots it took. */
static int auto_try(struct auto_scratch *s, const struct phi_input *in, enum phi_flavor f,
		    uint32_t v, int m, uint64_t budget, uint64_t *work, uint64_t *pops)
{
	struct phi_common *c = &s->q->c;
	uint64_t w[4] = {0, 0, 0, 0};
	int st;
	if (m == AUTO_WALK) {
		st = dj_place_var(s->w, c, in, f, v, budget, w);
		*work = DJ_WORK(w[0], w[1], w[2], w[3]);
	} else {
		st = djq_place_var(s->q, c, in, f, v, budget, w);
		*work = DJQ_WORK(w[0], w[1], w[2], w[3]);
	}
	*pops = w[0];
	return st;
}

static int auto_run(void *p, const struct phi_input *in, enum phi_flavor f, struct phi_sets *out,
		    uint64_t *counters)
{
	struct auto_scratch *s = p;
	struct phi_common *c = &s->q->c;
	int st = phi_common_start(c, in, out, counters, djq_build, s->q);
	if (st != SSA_OK)
		return st;
	/* Sized now, whichever method runs, so that a run's memory does not depend on the choice. */
	uint64_t nj = s->q->joff[in->dt->nreach];
	uint64_t *jk = phi_grow(s->w->jkey, &s->w->jcap, nj, sizeof(uint64_t));
	if (!jk)
		return SSA_ENOMEM;
	s->w->jkey = jk;
	const struct var_blocks *vb = in->vb;
	/* Both methods take the same roots, and the walk pays DJ_WORK(1, 0, 0, 0) for each: a
	 * variable whose queries cost less than half as much again can gain little from the walk.
	 * The queries' work beyond that bound is what the walk could save; the walk's graph is
	 * made once that reaches 4 (n + m), about what making it costs (a profile of structured
	 * 10^4 with 64 variables: 1.25 times phi-djq's build), or once one variable's queries
	 * cost n + m. */
	uint64_t nm = ssa_sat_add(in->prog->cfg.n, in->prog->cfg.m);
	uint64_t excess = 0, live_steps = 0, tries[2] = {0, 0}, stopped = 0;
	struct auto_est e = {{0, 0}, {false, false}};
	bool built = false;
	for (uint32_t v = 0; v < vb->nvars; v++) {
		if (!phi_common_var(c, in, f, v, &live_steps)) {
			phi_common_end_var(c, out, v);
			continue;
		}
		uint64_t start = c->len;
		uint64_t floor = 64 + 16 * (vb->def_off[v + 1] - vb->def_off[v]);
		if (!built && excess / 4 >= nm) {
			auto_walk_build(s, in->dt);
			built = true;
		}
		/* The first try: the queries while the walk's graph is not made; then the walk until
		 * it has done one variable, within the queries' estimate; then the method with the
		 * lower estimate, within half as much again as the other's, or 4 times its own if
		 * less: a variable far dearer than the ones before is tried the other way too. */
		int m;
		uint64_t budget;
		if (!built) {
			m = AUTO_QUERY;
			budget = e.known[AUTO_QUERY] ? ssa_sat_add(e.work[AUTO_QUERY], e.work[AUTO_QUERY]) : 0;
			budget = ssa_sat_add(budget > nm ? budget : nm, floor);
		} else if (!e.known[AUTO_WALK]) {
			m = AUTO_WALK;
			budget = ssa_sat_add(e.work[AUTO_QUERY], floor);
		} else {
			m = e.work[AUTO_WALK] < e.work[AUTO_QUERY] ? AUTO_WALK : AUTO_QUERY;
			uint64_t other = e.work[!m] / 2 * 3;
			uint64_t own = e.work[m] > UINT64_MAX / 4 ? UINT64_MAX : e.work[m] * 4;
			budget = ssa_sat_add(other < own ? other : own, floor);
		}
		/* Then the two alternate, each try from scratch with twice the budget of the one
		 * before: the variable costs at most 8 times the cheaper method on it plus the first
		 * budget. The walk's first try after the queries ran over n + m on one variable gets
		 * 8 (n + m): once per run, so a constant times a build. */
		for (;;) {
			uint64_t work = 0, pops = 0;
			tries[m]++;
			st = auto_try(s, in, f, v, m, budget, &work, &pops);
			/* The least the other method would do on the roots and φs this try found. */
			uint64_t least = m == AUTO_QUERY ? DJ_WORK(pops, 0, 0, 0)
							 : DJQ_WORK(pops, c->len - start, 0, 0);
			bool near = work <= ssa_sat_add(least, least / 2);
			if (st == SSA_OK) {
				if (m == AUTO_QUERY && !near)
					excess = ssa_sat_add(excess, work - least);
				auto_learn(&e, m, work, true);
				break;
			}
			if (st != SSA_EBUDGET)
				return st;
			c->len = start;
			stopped++;
			if (near) { /* the other cannot do much better: a large variable, go on */
				budget = budget > UINT64_MAX / 8 ? UINT64_MAX : budget * 8;
				continue;
			}
			auto_learn(&e, m, budget, false);
			budget = ssa_sat_add(budget, budget);
			if (!built) {
				auto_walk_build(s, in->dt);
				built = true;
				budget = ssa_sat_add(budget, budget);
				budget = ssa_sat_add(budget, budget);
			}
			m = !m;
		}
		phi_common_end_var(c, out, v);
	}
	st = phi_common_finish(c, out);
	counters[0] = out->total;
	counters[1] = tries[AUTO_QUERY];
	counters[2] = tries[AUTO_WALK];
	counters[3] = stopped;
	counters[4] = live_steps;
	return st;
}

const struct phi_algo phi_auto_algo = {
	.head = {
		.name = "phi-auto",
		.summary = "per variable, phi-djq's queries or phi-djh's walk, whichever did less work on "
			   "the variables before; a try over budget hands over to the other",
		.citation = "Sreedhar, Gao 1995, 'A Linear Time Algorithm for Placing phi-Nodes', POPL",
		.complexity = "per variable a constant times the cheaper of phi-djq and phi-djh plus its "
			      "first budget; O(n+m) per run; both scratches",
		.counter_names = {"phis", "query-tries", "walk-tries", "stopped-tries", "live-steps"},
	},
	.needs_df = false,
	.scratch_bytes = auto_scratch_bytes,
	.scratch_bytes_in = auto_scratch_bytes_in,
	.scratch_alloc = auto_scratch_alloc,
	.scratch_free = auto_scratch_free,
	.run = auto_run,
};
