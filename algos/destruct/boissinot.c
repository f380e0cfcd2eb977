/* out-of-ssa-boissinot: translation out of SSA (destruct.h) correct on any strict SSA,
 * conventional or not (lost-copy and swap included): isolate every φ with parallel copies,
 * coalesce copies whose classes do not interfere, sequentialize what is left.
 * Time O(n + ops + φ operands + liveness + V log V + Σ over attempted copies of the two classes'
 * sizes); a copy whose classes hold more than DESTRUCT_COALESCE_CAP names together is kept
 * untested (counter `refused`), which bounds coalescing by copies x cap. Memory: the step-1
 * program (ops + 2·φ operands), its liveness, 8 words per name.
 * Requires: s passes cprog_check(s, true); t is the dominator tree of s->g. SSA_EINPUT when two
 * edges from one block carry different operands (no edge is split here).
 * Paper: Boissinot, Darte, Rastello, Dupont de Dinechin, Guillon, "Revisiting Out-of-SSA
 * Translation for Correctness, Code Quality, and Efficiency", CGO 2009 (method I of Sreedhar et
 * al., SAS 1999, with parallel copies). */
#include "destruct/destruct.h"

#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>
#include <string.h>

/* The three steps, and why the cap.
 *
 *   1. Isolate every φ. For a0 = φ(a1..ak) in block b, fresh names a0', ai': the parallel copy
 *      at the end of the i-th predecessor gets ai' <- ai, the one at the start of b gets
 *      a0 <- a0', and the φ becomes a0' = φ(a1'..ak'). The fresh names live only between their
 *      copy and the φ, so the result is conventional (its webs are the {a0', ai'}).
 *   2. Coalesce. Union-find over names, each class kept as a list sorted in dominance order of
 *      the definitions. Every copy (the inserted ones, then the program's own) tries to merge
 *      its two classes; the classes interfere if, walking their merged list with a stack of
 *      dominating definitions, some name interferes with its nearest dominating name of the
 *      other class (liveness of step 1's program, live.c). Plain intersection, not
 *      the paper's value-based refinement: a copy whose source stays live keeps its copy.
 *   3. Rewrite every name to its class and drop the φs (all their names share a class). In
 *      each parallel copy, members inside one class vanish; the rest is sequentialized: a
 *      member is emitted once no other pending member still needs its destination's old value,
 *      an emitted copy d <- s lets the remaining readers of s read d, and when only cycles are
 *      left one destination is saved into a fresh temporary (one per cycle).
 * A coalescing test walks both classes, so a copy whose classes hold more than
 * DESTRUCT_COALESCE_CAP names together is kept without a test (counter `refused`): this bounds
 * the coalescing work by copies × cap, where huge φ-webs (the random family: one web per
 * variable over thousands of φs) would make it quadratic; keeping a copy is always correct. */

static uint64_t bo_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops, uint64_t nphi,
			 uint64_t nargs)
{
	(void)m;
	/* the step-1 program: ops plus one copy per φ and per operand, names plus as many */
	uint64_t ops1 = ssa_sat_add(nops, ssa_sat_add(nphi, nargs));
	uint64_t names = ssa_sat_add(nvars, ssa_sat_add(nphi, nargs));
	uint64_t b = cprog_bytes(n, ops1, nphi, nargs);
	b = ssa_sat_add(b, ssa_bytes(names, 6 * 4 + 24)); /* union-find, lists, liveness per name */
	b = ssa_sat_add(b, ssa_bytes(ops1, 8));           /* points and reads */
	return b;
}

static int bo_alloc(void **scratch, const struct cprog *s)
{
	(void)s;
	*scratch = NULL; /* everything depends on the φ structure: sized in run */
	return SSA_OK;
}

static void bo_free(void *scratch)
{
	(void)scratch;
}

static uint32_t find(uint32_t *parent, uint32_t x)
{
	while (parent[x] != x) {
		parent[x] = parent[parent[x]];
		x = parent[x];
	}
	return x;
}

struct co {
	const struct ssa_live *L;
	uint32_t *parent, *head, *next, *stack, *size;
	uint8_t *side;
	uint64_t checks, refused;
};

struct member {
	uint32_t root, v;
	uint64_t key;
};

static int cmp_member(const void *a, const void *b)
{
	const struct member *x = a, *y = b;
	if (x->root != y->root)
		return x->root < y->root ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->v > y->v) - (x->v < y->v);
}

/* Whether the classes of roots ra and rb interfere: the merged dominance-order walk. */
static bool classes_interfere(struct co *c, uint32_t ra, uint32_t rb)
{
	if ((uint64_t)c->size[ra] + c->size[rb] > DESTRUCT_COALESCE_CAP) {
		c->refused++; /* keeping a copy is always correct */
		return true;
	}
	uint32_t x = c->head[ra], y = c->head[rb], sp = 0;
	for (;;) {
		uint64_t kx = x == SSA_NONE ? UINT64_MAX : ssa_live_key(c->L, x);
		uint64_t ky = y == SSA_NONE ? UINT64_MAX : ssa_live_key(c->L, y);
		if (kx == UINT64_MAX && ky == UINT64_MAX)
			return false; /* the rest is never executed */
		uint32_t v;
		uint8_t sd;
		if (kx <= ky) {
			v = x, sd = 0;
			x = c->next[x];
		} else {
			v = y, sd = 1;
			y = c->next[y];
		}
		while (sp && !ssa_def_dominates(c->L, c->stack[sp - 1], v))
			sp--;
		if (sp && c->side[c->stack[sp - 1]] != sd) {
			c->checks++;
			if (ssa_interfere(c->L, c->stack[sp - 1], v))
				return true;
		}
		c->side[v] = sd;
		c->stack[sp++] = v;
	}
}

static void merge_classes(struct co *c, uint32_t ra, uint32_t rb)
{
	uint32_t x = c->head[ra], y = c->head[rb], h = SSA_NONE, tail = SSA_NONE;
	while (x != SSA_NONE || y != SSA_NONE) {
		uint32_t v;
		if (y == SSA_NONE ||
		    (x != SSA_NONE && ssa_live_key(c->L, x) <= ssa_live_key(c->L, y))) {
			v = x;
			x = c->next[x];
		} else {
			v = y;
			y = c->next[y];
		}
		if (tail == SSA_NONE)
			h = v;
		else
			c->next[tail] = v;
		tail = v;
	}
	c->next[tail] = SSA_NONE;
	c->parent[rb] = ra;
	c->size[ra] += c->size[rb];
	c->head[ra] = h;
	c->head[rb] = SSA_NONE;
}

/* Step 1: the isolated program i1 over s's names plus fresh ones. */
static int isolate(const struct cprog *s, struct cprog *i1, uint64_t *inserted)
{
	const struct cfg *g = s->g;
	uint32_t n = g->n;
	uint32_t *pcout = ssa_calloc_array((size_t)n + 1, sizeof(uint32_t));
	if (!pcout)
		return SSA_ENOMEM;
	uint64_t fresh = s->nphi, nins = s->nphi;
	for (uint32_t b = 0; b < n; b++)
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
			for (uint64_t k = s->arg_off[q]; k < s->arg_off[q + 1]; k++) {
				uint32_t j = (uint32_t)(k - s->arg_off[q]);
				uint32_t e = g->pred_off[b] + j;
				if (j > 0 && g->pred[e] == g->pred[e - 1]) {
					if (s->arg[k] != s->arg[k - 1]) {
						free(pcout);
						return SSA_EINPUT;
					}
					continue;
				}
				if (s->arg[k] == SSA_UNDEF)
					continue;
				pcout[g->pred[e]]++;
				fresh++;
				nins++;
			}
	if ((uint64_t)s->nvars + fresh >= UINT32_MAX || (uint64_t)s->nops + nins >= UINT32_MAX) {
		free(pcout);
		return SSA_ETOOBIG;
	}
	int rc = cprog_alloc(i1, g, (uint32_t)(s->nvars + fresh), (uint32_t)(s->nops + nins), s->nphi,
			     s->arg_off[s->nphi]);
	if (rc != SSA_OK) {
		free(pcout);
		return rc;
	}
	memcpy(i1->phi_off, s->phi_off, ((size_t)n + 1) * sizeof(uint32_t));
	memcpy(i1->arg_off, s->arg_off, ((size_t)s->nphi + 1) * sizeof(uint64_t));
	/* Layout per block: [a0 <- a0' ...] own ops [ai' <- ai ...]; pcout[b] becomes the cursor of
	 * the closing parallel copy. */
	uint32_t k = 0;
	for (uint32_t b = 0; b < n; b++) {
		i1->op_off[b] = k;
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++, k++) {
			i1->kind[k] = CP_PAR | (q == s->phi_off[b] ? CP_PAR_FIRST : 0);
			i1->var[k] = s->phi_var[q];
			i1->src[k] = s->nvars + q; /* a0' */
			i1->phi_var[q] = s->nvars + q;
		}
		for (uint32_t i = s->op_off[b]; i < s->op_off[b + 1]; i++, k++) {
			i1->kind[k] = s->kind[i];
			i1->var[k] = s->var[i];
			i1->src[k] = s->src[i];
		}
		uint32_t c = pcout[b];
		pcout[b] = k;
		k += c;
	}
	i1->op_off[n] = k;
	uint32_t next = s->nvars + s->nphi;
	for (uint32_t b = 0; b < n; b++)
		for (uint32_t q = s->phi_off[b]; q < s->phi_off[b + 1]; q++)
			for (uint64_t a = s->arg_off[q]; a < s->arg_off[q + 1]; a++) {
				uint32_t j = (uint32_t)(a - s->arg_off[q]);
				uint32_t e = g->pred_off[b] + j;
				if (j > 0 && g->pred[e] == g->pred[e - 1]) {
					i1->arg[a] = i1->arg[a - 1];
					continue;
				}
				if (s->arg[a] == SSA_UNDEF) {
					i1->arg[a] = SSA_UNDEF;
					continue;
				}
				uint32_t p = g->pred[e], at = pcout[p]++;
				i1->kind[at] = CP_PAR;
				i1->var[at] = next;
				i1->src[at] = s->arg[a];
				i1->arg[a] = next++;
			}
	/* The first member of each closing parallel copy: the slot right after the block's own ops. */
	for (uint32_t b = 0; b < n; b++) {
		uint32_t own_end = i1->op_off[b] + (s->phi_off[b + 1] - s->phi_off[b]) +
				   (s->op_off[b + 1] - s->op_off[b]);
		if (own_end < i1->op_off[b + 1])
			i1->kind[own_end] |= CP_PAR_FIRST;
	}
	free(pcout);
	*inserted = nins;
	return SSA_OK;
}

/* Step 3 for one parallel copy of m members (dst[i] <- src[i], classes already applied, no
 * member inside one class): appends sequential copies to out at *k. loc, pend are indexed by
 * name and left as found (SSA_NONE / 0). */
static uint32_t sequentialize(struct cprog *out, uint32_t *k, const uint32_t *dst,
			      const uint32_t *src, uint32_t m, uint32_t *loc, uint32_t *need,
			      uint8_t *pend, uint32_t *ready, uint32_t *pred, uint32_t *next_name,
			      uint64_t *temps)
{
#define EMIT(d, s_)                            \
	do {                                   \
		out->kind[*k] = CP_COPY;       \
		out->var[*k] = (d);            \
		out->src[*k] = (s_);           \
		(*k)++;                        \
	} while (0)
	uint32_t nr = 0, left = 0, dup = 0;
	for (uint32_t i = 0; i < m; i++) {
		if (src[i] == SSA_UNDEF)
			continue; /* undefined sources go last */
		if (pend[dst[i]]) {
			/* Two destinations in one class: neither is live after the copy (else they
			 * would interfere), so one write is enough. */
			dup++;
			continue;
		}
		pend[dst[i]] = 1;
		pred[dst[i]] = src[i];
		loc[src[i]] = src[i];
		left++;
	}
	for (uint32_t i = 0; i < m; i++)
		if (src[i] != SSA_UNDEF && pend[dst[i]] == 1 && pred[dst[i]] == src[i])
			need[src[i]]++;
	/* pend: 1 pending, 2 pending and queued, 0 written */
	for (uint32_t i = 0; i < m; i++)
		if (pend[dst[i]] == 1 && need[dst[i]] == 0) {
			pend[dst[i]] = 2;
			ready[nr++] = dst[i];
		}
	uint32_t scan = 0;
	while (left) {
		while (nr) {
			uint32_t d = ready[--nr], sv = pred[d];
			EMIT(d, loc[sv]);
			pend[d] = 0;
			left--;
			/* d now holds sv's old value: sv's other readers read d, and sv is free. */
			if (loc[sv] == sv) {
				loc[sv] = d;
				if (pend[sv] == 1) {
					pend[sv] = 2;
					ready[nr++] = sv;
				}
			}
		}
		if (!left)
			break;
		/* Only cycles remain: save one destination's old value in a temporary. */
		while (pend[dst[scan]] != 1)
			scan++;
		uint32_t d = dst[scan], tmp = (*next_name)++;
		EMIT(tmp, d);
		(*temps)++;
		loc[d] = tmp;
		pend[d] = 2;
		ready[nr++] = d;
	}
	for (uint32_t i = 0; i < m; i++) {
		if (src[i] == SSA_UNDEF) {
			EMIT(dst[i], SSA_UNDEF);
			continue;
		}
		loc[src[i]] = SSA_NONE;
		need[src[i]] = 0;
		pend[dst[i]] = 0;
	}
#undef EMIT
	return dup;
}

/* The temporaries (at most one per two parallel-copy members) and the longest parallel copy of
 * the step-1 program, as bo_run sizes them. */
static void bo_groups(const struct cprog *i1, uint64_t *maxtemps, uint32_t *maxgroup)
{
	uint64_t temps = 0;
	uint32_t group = 1, run = 0; /* a sequential copy is a group of one */
	for (uint32_t i = 0; i < i1->nops; i++) {
		bool par = cprog_kind_of(i1, i) == CP_PAR;
		temps += par;
		run = par && !(i1->kind[i] & CP_PAR_FIRST) ? run + 1 : 1;
		if (par && run > group)
			group = run;
	}
	*maxtemps = temps / 2 + 1;
	*maxgroup = group;
}

/* bo_run's phases over the step-1 program i1: isolating (i1 and the copy cursors), building its
 * liveness (the lists kept, the walk's scratch), then the classes' arrays with phi_webs', the
 * sort's copy or the output beside them. i1 and its liveness are built here once to count
 * them. */
static uint64_t bo_run_bytes(const struct cprog *s, const struct domtree *t)
{
	const uint64_t n = s->g->n;
	struct cprog i1;
	uint64_t inserted = 0, maxtemps;
	uint32_t maxgroup;
	if (isolate(s, &i1, &inserted) != SSA_OK)
		return 0;
	struct ssa_live L;
	if (ssa_live_build(&L, &i1, t, 0) != SSA_OK) {
		cprog_free(&i1);
		return 0;
	}
	const uint64_t V = i1.nvars, nops = i1.nops, nargs = i1.arg_off[i1.nphi];
	const uint64_t nuses = L.use_off[V], lo = L.lo_off[n];
	bo_groups(&i1, &maxtemps, &maxgroup);
	uint64_t prog = cprog_bytes(n, nops, i1.nphi, nargs);
	ssa_live_free(&L);
	cprog_free(&i1);
	const uint64_t VT = V + maxtemps, word = ssa_array_bytes(V, 4), vt = ssa_array_bytes(VT, 4);
	/* ssa_live_build: kept def_block, def_pt, use_off, lo_off, use_block, use_pt (then lo);
	 * scratch pt, two stamps, stack, pr_off, pr, and cur (then lo_cur beside lo) */
	uint64_t kept = ssa_sat_add(ssa_bytes(2, word), ssa_array_bytes(V + 1, 8));
	kept = ssa_sat_add(kept, ssa_array_bytes(n + 1, 8));
	kept = ssa_sat_add(kept, ssa_bytes(2, ssa_array_bytes(nuses, 4)));
	uint64_t walk = ssa_sat_add(ssa_array_bytes(nops, 4), ssa_bytes(3, ssa_array_bytes(n, 4)));
	walk = ssa_sat_add(walk, ssa_sat_add(ssa_array_bytes(V + 1, 8), ssa_array_bytes(nargs, 4)));
	uint64_t cur = ssa_array_bytes(V + 1, 8);
	uint64_t lists = ssa_sat_add(ssa_array_bytes(lo, 4), ssa_array_bytes(n + 1, 8));
	uint64_t build = ssa_sat_add(ssa_sat_add(kept, walk), cur > lists ? cur : lists);
	uint64_t live = ssa_sat_add(kept, ssa_array_bytes(lo, 4));
	/* parent, head, next, stack, size; side; order; dst, src, ready; loc, need, pred; pend */
	uint64_t arrays = ssa_sat_add(ssa_bytes(5, word), ssa_array_bytes(V, 1));
	arrays = ssa_sat_add(arrays, ssa_array_bytes(V, sizeof(struct member)));
	arrays = ssa_sat_add(arrays, ssa_bytes(3, ssa_array_bytes(maxgroup, 4)));
	arrays = ssa_sat_add(arrays, ssa_sat_add(ssa_bytes(3, vt), ssa_array_bytes(VT, 1)));
	uint64_t webs = ssa_sat_add(word, ssa_array_bytes(V, 1));
	uint64_t sort = ssa_qsort_bytes(V, sizeof(struct member)); /* the classes' sort */
	uint64_t out = cprog_bytes(n, nops + maxtemps, 0, 0);
	webs = webs > sort ? webs : sort;
	uint64_t rest = ssa_sat_add(ssa_sat_add(live, arrays), webs > out ? webs : out);
	uint64_t peak = ssa_array_bytes(n + 1, 4); /* isolate's cursors */
	peak = peak > build ? peak : build;
	peak = peak > rest ? peak : rest;
	return ssa_sat_add(prog, peak);
}

static int bo_run(void *scratch, const struct cprog *s, const struct domtree *t, struct cprog *out,
		  uint64_t *counters)
{
	(void)scratch;
	const struct cfg *g = s->g;
	for (int i = 0; i < DESTRUCT_MAX_COUNTERS; i++)
		counters[i] = 0;
	struct cprog i1;
	uint64_t inserted = 0;
	int rc = isolate(s, &i1, &inserted);
	if (rc != SSA_OK)
		return rc;
	struct ssa_live L;
	rc = ssa_live_build(&L, &i1, t, 0);
	if (rc != SSA_OK) {
		cprog_free(&i1);
		return rc;
	}
	uint32_t V = i1.nvars;
	/* Temporaries: at most one per two parallel-copy members. */
	uint64_t maxtemps;
	uint32_t maxgroup;
	bo_groups(&i1, &maxtemps, &maxgroup);
	struct co c = {.L = &L};
	uint64_t VT = (uint64_t)V + maxtemps;
	uint32_t *dst = NULL, *src = NULL, *loc = NULL, *need = NULL, *ready = NULL, *pred = NULL;
	uint8_t *pend = NULL;
	struct member *order = NULL;
	uint32_t nwebs;
	rc = SSA_ETOOBIG;
	if (VT >= UINT32_MAX || (uint64_t)i1.nops + maxtemps >= UINT32_MAX)
		goto out;
	rc = SSA_ENOMEM;
	c.parent = ssa_alloc_array(V, sizeof(uint32_t));
	c.head = ssa_alloc_array(V, sizeof(uint32_t));
	c.next = ssa_alloc_array(V, sizeof(uint32_t));
	c.stack = ssa_alloc_array(V, sizeof(uint32_t));
	c.side = ssa_alloc_array(V, 1);
	c.size = ssa_alloc_array(V, sizeof(uint32_t));
	order = ssa_alloc_array(V, sizeof(*order));
	dst = ssa_alloc_array(maxgroup, sizeof(uint32_t));
	src = ssa_alloc_array(maxgroup, sizeof(uint32_t));
	ready = ssa_alloc_array(maxgroup, sizeof(uint32_t));
	loc = ssa_alloc_array((size_t)VT, sizeof(uint32_t));
	need = ssa_calloc_array((size_t)VT, sizeof(uint32_t));
	pred = ssa_alloc_array((size_t)VT, sizeof(uint32_t));
	pend = ssa_calloc_array((size_t)VT, 1);
	if (!c.parent || !c.head || !c.next || !c.stack || !c.side || !c.size || !order || !dst ||
	    !src || !ready ||
	    !loc || !need || !pred || !pend)
		goto out;
	for (uint64_t v = 0; v < VT; v++)
		loc[v] = SSA_NONE;
	/* 2. The webs of step 1 share a class without a test (they cannot interfere): plain
	 * union-find, then each class's list built by one sort (merging list by list would be
	 * quadratic in a web's size). */
	if ((rc = phi_webs(&i1, c.parent, &nwebs)) != SSA_OK)
		goto out;
	for (uint32_t v = 0; v < V; v++) {
		c.size[v] = 0;
		order[v] = (struct member){.root = c.parent[v], .v = v, .key = ssa_live_key(&L, v)};
	}
	for (uint32_t v = 0; v < V; v++)
		c.size[c.parent[v]]++;
	qsort(order, V, sizeof(*order), cmp_member);
	for (uint32_t i = 0; i < V; i++) {
		uint32_t v = order[i].v;
		bool first = i == 0 || order[i - 1].root != order[i].root;
		bool last = i + 1 == V || order[i + 1].root != order[i].root;
		if (first)
			c.head[order[i].root] = v;
		c.next[v] = last ? SSA_NONE : order[i + 1].v;
		if (c.parent[v] != v)
			c.head[v] = SSA_NONE;
	}
	/* Then every copy: the inserted parallel ones first (program order), then the program's. */
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = 0; i < i1.nops; i++) {
			unsigned kd = cprog_kind_of(&i1, i);
			bool inserted_copy = kd == CP_PAR && (i1.var[i] >= s->nvars || i1.src[i] >= s->nvars);
			if (kd < CP_COPY || i1.src[i] == SSA_UNDEF || inserted_copy != (pass == 0))
				continue;
			uint32_t ra = find(c.parent, i1.var[i]), rb = find(c.parent, i1.src[i]);
			if (ra != rb && !classes_interfere(&c, ra, rb))
				merge_classes(&c, ra, rb);
		}
	/* 3. Rewrite. */
	rc = cprog_alloc(out, g, (uint32_t)VT, (uint32_t)(i1.nops + maxtemps), 0, 0);
	if (rc != SSA_OK)
		goto out;
	uint32_t k = 0, next_name = V;
	uint64_t temps = 0, coalesced = 0, copies = 0;
#define REP(v) ((v) == SSA_UNDEF ? SSA_UNDEF : find(c.parent, v))
	for (uint32_t b = 0; b < g->n; b++) {
		out->op_off[b] = k;
		for (uint32_t i = i1.op_off[b]; i < i1.op_off[b + 1];) {
			unsigned kd = cprog_kind_of(&i1, i);
			if (kd == CP_DEF || kd == CP_USE) {
				out->kind[k] = (uint8_t)kd;
				out->var[k] = REP(i1.var[i]);
				out->src[k++] = SSA_NONE;
				i++;
				continue;
			}
			uint32_t end = i + 1;
			if (kd == CP_PAR)
				while (end < i1.op_off[b + 1] && cprog_kind_of(&i1, end) == CP_PAR &&
				       !(i1.kind[end] & CP_PAR_FIRST))
					end++;
			uint32_t m = 0;
			for (uint32_t j = i; j < end; j++) {
				uint32_t d = REP(i1.var[j]), sv = REP(i1.src[j]);
				if (d == sv) {
					coalesced++;
					continue;
				}
				dst[m] = d;
				src[m++] = sv;
			}
			uint32_t k0 = k;
			coalesced += sequentialize(out, &k, dst, src, m, loc, need, pend, ready, pred,
						   &next_name, &temps);
			copies += k - k0;
			i = end;
		}
	}
#undef REP
	out->op_off[g->n] = k;
	out->nops = k;
	out->nvars = next_name;
	counters[0] = copies;
	counters[1] = inserted;
	counters[2] = coalesced;
	counters[3] = temps;
	counters[4] = c.checks;
	counters[5] = c.refused;
	rc = SSA_OK;
out:
	ssa_free_all(c.parent, c.head, c.next, c.stack, c.side, c.size, order, dst, src, ready, loc,
		     need, pred, pend);
	ssa_live_free(&L);
	cprog_free(&i1);
	return rc;
}

const struct destruct_algo destruct_boissinot_algo = {
	.head = {
		.name = "out-of-ssa-boissinot",
		.summary = "isolate phis with parallel copies, coalesce non-interfering copies, "
			   "sequentialize with a temporary per cycle; correct on any strict SSA",
		.citation = "Boissinot, Darte, Rastello, Dupont de Dinechin, Guillon, CGO 2009",
		.complexity = "O(n + ops + operands + liveness + coalescing merges); the step-1 program, "
			      "its liveness, 6 words per name",
		.counter_names = {"copies", "inserted", "coalesced", "temps", "checks", "refused"},
	},
	.needs_cssa = false,
	.scratch_bytes = bo_bytes,
	.scratch_alloc = bo_alloc,
	.run_bytes = bo_run_bytes,
	.scratch_free = bo_free,
	.run = bo_run,
};
