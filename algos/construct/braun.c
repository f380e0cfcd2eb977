/* braun, braun-noscc: SSA construction on the fly, without dominators or frontiers
 * (construct.h): blocks filled in reverse postorder, look-ups through predecessors with
 * memoization, sealed blocks, trivial φs removed as they appear; braun then removes redundant φ
 * SCCs, braun-noscc stops there.
 * Guarantees (tests/test_construct_braun.c): on reducible CFGs both give exactly pruned SSA,
 * operand for operand; on irreducible ones braun gave pruned SSA on every program tested and
 * braun-noscc contains it. Iterative throughout (explicit stacks and worklists).
 * Time O(nops + look-ups + Σ φ operands + trivial re-checks), at most one look-up per memoized
 * (block, variable) plus one per operand; the SCC step is linear per pass. Memory: 4·n·nvars bytes
 * for the table, 16n + m words and nops words of fixed scratch, per φ created about 60 bytes plus
 * 4 per operand and 8 per φ operand (grown geometrically).
 * Paper: M. Braun, S. Buchwald, S. Hack, R. Leißa, C. Mallon, A. Zwinkau, "Simple and Efficient
 * Construction of Static Single Assignment Form", CC 2013 (LNCS 7791), with its Algorithm 5. */
#include "construct/construct.h"

#include "cfg/traverse.h"
#include "util/mem.h"
#include "util/status.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* How it works.
 *
 * M. Braun, S. Buchwald, S. Hack, R. Leißa, C. Mallon, A. Zwinkau, "Simple and Efficient
 * Construction of Static Single Assignment Form", CC 2013 (LNCS 7791): local value numbering
 * per block, readVariable through predecessors with memoization, sealed blocks, operandless φs
 * in unsealed blocks completed when the block is sealed, removal of trivial φs with the users'
 * re-check (tryRemoveTrivialPhi), and, for `braun` only, the paper's SCC-based removal of
 * redundant φ groups (its Algorithm 5) once the whole program is built.
 *
 * Block order: blocks reachable from the entry are filled in reverse postorder of the DFS of
 * cfg/traverse.h; a block is sealed as soon as every edge into it from a reachable block comes
 * from a filled block (so a block without a retreating in-edge is sealed before it is filled,
 * a loop header when its last latch is filled). Edges from unreachable blocks carry undefined
 * operands and never hold sealing up; uses in unreachable blocks read undefined. The entry is
 * also entered from outside the function with every variable undefined: when it has
 * predecessors, its φs have an implicit undefined operand (as in phi-maximal).
 *
 * Iteration instead of recursion. A look-up of v at block b walks single-predecessor chains in a
 * loop (memoizing the result in every block of the chain afterwards); at a sealed join it
 * creates a φ, records it as v's current value there (which breaks cycles, as in the paper),
 * and pushes a frame (φ, next operand) on an explicit stack; operand look-ups push further
 * frames. Frames on the stack belong to distinct blocks, so the stack never exceeds n. The
 * trivial-φ cascade is a worklist: a φ replaced by x forwards to x (forwarding with path
 * compression stands for the paper's replaceBy), its φ users are re-checked, and its user list
 * is spliced onto x's, keeping one entry per live user. A φ sits on the worklist at most once
 * at a time: without that, a chain of replacements along nested loop headers (repeat-until)
 * pushed the same users again at every step, quadratically (5.2·10^6 pushes for 1.1·10^5 φs
 * at 10^5 blocks; 3 913 with it). Only complete φs are ever checked. SCC removal runs Tarjan's algorithm
 * iteratively over the φ operand graph; the paper's recursion on an SCC's inner φs is a stack of
 * tasks. One deviation: an SCC of one φ is treated like the others (replaced when it has
 * exactly one operand besides itself), because replacing an earlier SCC can make a later φ
 * trivial, which the paper's "singletons were handled already" would miss.
 *
 * Variable maps: a flat n x nvars table of current values, one row per block as libFirm keeps
 * it; a row is cleared on its first write of a run (generation stamps, no clearing of the
 * whole table between runs). */

#define NOTSET UINT32_MAX        /* table entry with no value yet */
#define VUNDEF (UINT32_MAX - 1)  /* the undefined value during construction */

enum { PH_PARTIAL = 0, PH_COMPLETE = 1, PH_REMOVED = 2 };

struct braun {
	uint32_t n, m, nvars, nops;
	bool scc;
	/* fixed scratch */
	uint32_t *cur;       /* n * nvars: value of a variable at the end of a block (so far) */
	uint32_t *row_gen;   /* n: run generation that last cleared the row */
	uint32_t gen;
	struct cfg_dfs dfs;
	uint32_t *upred;     /* n: the only reachable predecessor, or SSA_NONE */
	uint32_t *rindeg;    /* n: in-edges from reachable blocks */
	uint32_t *unfilled;  /* n: of those, from blocks not filled yet */
	uint8_t *sealed;     /* n */
	uint32_t *inc_head;  /* n: incomplete φs of an unsealed block */
	uint32_t *fr_phi, *fr_j, *fr_start; /* n frames */
	uint8_t *fr_seal;
	uint32_t sp;
	/* per φ created (grown) */
	uint64_t phi_cap, nphi;
	uint32_t *ph_block, *ph_var, *ph_fwd, *ph_uhead, *ph_utail, *ph_inext;
	uint32_t *ph_seen;   /* the last user-list walk that met this φ as a user */
	uint8_t *ph_queued;  /* on the re-check worklist */
	uint32_t walk_id;
	uint64_t *ph_base;
	uint8_t *ph_state;
	/* operands (grown) */
	uint64_t arg_cap, narg;
	uint32_t *arg;
	/* φ users: user φ and next entry (grown) */
	uint64_t use_cap, nuse;
	uint32_t *u_phi, *u_next;
	/* trivial-φ worklist (grown) */
	uint64_t wl_cap, nwl;
	uint32_t *wl;
	/* SCC step, per φ (grown to phi_cap) and its stacks */
	uint64_t scc_cap;
	uint32_t *s_idx, *s_low, *s_vis, *s_in, *s_mark, *s_call_t, *s_call_j, *s_stk;
	uint8_t *s_on;
	uint64_t ar_cap, nar;
	uint32_t *ar; /* task items and SCC lists, used as a stack */
	uint64_t tk_cap;
	uint64_t *tk; /* task records, 5 words each */
	/* counters */
	uint64_t lookups, created, trivial, passes, scc_removed, rechecks;
};

static uint64_t braun_bytes(uint64_t n, uint64_t m, uint64_t nvars, uint64_t nops)
{
	/* the struct, the table, the DFS; row_gen, upred, rindeg, unfilled, inc_head, fr_phi,
	 * fr_j, fr_start; sealed, fr_seal */
	uint64_t b = ssa_sat_add(ssa_alloc_size(sizeof(struct braun)),
				 ssa_array_bytes(ssa_bytes(n, nvars), sizeof(uint32_t)));
	b = ssa_sat_add(b, cfg_dfs_bytes(n));
	b = ssa_sat_add(b, ssa_bytes(8, ssa_array_bytes(n, sizeof(uint32_t))));
	b = ssa_sat_add(b, ssa_bytes(2, ssa_array_bytes(n, 1)));
	(void)m;
	(void)nops;
	return b;
}

static uint64_t next_cap(uint64_t cap, uint64_t need);

/* Capacities grow by doubling from 1024: per φ (need_phis: seven words, a 64-bit base, two
 * bytes; need_scc, also for braun-noscc's output: eight words and a byte), per operand (arg),
 * per φ operand that is a φ (u_phi, u_next: at most every operand), the worklist (a φ at most
 * once: at most created), the SCC arena and the task records. The arena holds the φs still
 * complete and their SCC records (3 words a φ) per nesting level of redundant SCCs; one level
 * is assumed (deeper nesting, which needs SCCs inside SCCs with several outer operands, was not
 * met), and the tasks' 5 words each stay within the first 1024. braun-noscc has neither. */
static uint64_t grow_common(uint64_t created, uint64_t args, bool scc, uint64_t *step)
{
	uint64_t cp = next_cap(0, created), ca = next_cap(0, args), cw = next_cap(0, created);
	uint64_t car = scc ? next_cap(0, ssa_bytes(3, created)) : 0, ct = scc ? next_cap(0, 1) : 0;
	uint64_t phi = ssa_sat_add(ssa_bytes(15, ssa_array_bytes(cp, sizeof(uint32_t))),
				   ssa_array_bytes(cp, sizeof(uint64_t)));
	phi = ssa_sat_add(phi, ssa_bytes(3, ssa_array_bytes(cp, 1)));
	uint64_t b = ssa_sat_add(phi, ssa_bytes(3, ssa_array_bytes(ca, sizeof(uint32_t))));
	b = ssa_sat_add(b, ssa_array_bytes(cw, sizeof(uint32_t)));
	if (scc) {
		b = ssa_sat_add(b, ssa_array_bytes(car, sizeof(uint32_t)));
		b = ssa_sat_add(b, ssa_array_bytes(ct, sizeof(uint64_t)));
	}
	uint64_t old[] = {ssa_array_bytes(cp / 2, sizeof(uint64_t)),
			  ssa_array_bytes(ca / 2, sizeof(uint32_t)),
			  ssa_array_bytes(car / 2, sizeof(uint32_t))};
	*step = 0;
	for (size_t i = 0; i < sizeof old / sizeof old[0]; i++)
		*step = old[i] > *step ? old[i] : *step;
	return b;
}

static uint64_t braun_grow_bytes(uint64_t c, uint64_t a, uint64_t *step)
{
	return grow_common(c, a, true, step);
}

static uint64_t noscc_grow_bytes(uint64_t c, uint64_t a, uint64_t *step)
{
	return grow_common(c, a, false, step);
}

static void braun_free(void *p)
{
	struct braun *s = p;
	if (!s)
		return;
	cfg_dfs_free(&s->dfs);
	ssa_free_all(s->cur, s->row_gen, s->upred, s->rindeg, s->unfilled, s->sealed, s->inc_head,
		     s->fr_phi, s->fr_j, s->fr_start, s->fr_seal, s->ph_block, s->ph_var, s->ph_fwd,
		     s->ph_uhead, s->ph_utail, s->ph_inext, s->ph_seen, s->ph_queued, s->ph_base, s->ph_state, s->arg, s->u_phi,
		     s->u_next, s->wl, s->s_idx, s->s_low, s->s_vis, s->s_in, s->s_mark, s->s_call_t,
		     s->s_call_j, s->s_stk, s->s_on, s->ar, s->tk);
	free(s);
}

static int alloc_common(void **out, const struct prog *p, bool scc)
{
	const uint32_t n = p->cfg.n;
	size_t cells;
	if (!ssa_mul_ok(n, p->nvars, &cells) || !ssa_mul_ok(cells, sizeof(uint32_t), &(size_t){0}))
		return SSA_ETOOBIG;
	struct braun *s = calloc(1, sizeof(*s));
	if (!s)
		return SSA_ENOMEM;
	s->n = n;
	s->m = p->cfg.m;
	s->nvars = p->nvars;
	s->nops = p->nops;
	s->scc = scc;
	int rc = cfg_dfs_alloc(&s->dfs, n);
	if (rc != SSA_OK) {
		free(s);
		return rc;
	}
	s->cur = ssa_alloc_array(cells, sizeof(uint32_t));
	s->row_gen = ssa_calloc_array(n, sizeof(uint32_t));
	s->upred = ssa_alloc_array(n, sizeof(uint32_t));
	s->rindeg = ssa_alloc_array(n, sizeof(uint32_t));
	s->unfilled = ssa_alloc_array(n, sizeof(uint32_t));
	s->sealed = ssa_alloc_array(n, 1);
	s->inc_head = ssa_alloc_array(n, sizeof(uint32_t));
	s->fr_phi = ssa_alloc_array(n, sizeof(uint32_t));
	s->fr_j = ssa_alloc_array(n, sizeof(uint32_t));
	s->fr_start = ssa_alloc_array(n, sizeof(uint32_t));
	s->fr_seal = ssa_alloc_array(n, 1);
	if (!s->cur || !s->row_gen || !s->upred || !s->rindeg || !s->unfilled || !s->sealed ||
	    !s->inc_head || !s->fr_phi || !s->fr_j || !s->fr_start || !s->fr_seal) {
		braun_free(s);
		return SSA_ENOMEM;
	}
	*out = s;
	return SSA_OK;
}

static int braun_alloc(void **out, const struct prog *p) { return alloc_common(out, p, true); }
static int noscc_alloc(void **out, const struct prog *p) { return alloc_common(out, p, false); }

/* Grows *a (element size sz) to hold need elements; *cap is updated by the caller's grow. */
static int grow(void **a, size_t sz, uint64_t need_cap)
{
	void *q = ssa_realloc_array(*a, (size_t)need_cap, sz);
	if (!q)
		return SSA_ENOMEM;
	*a = q;
	return SSA_OK;
}

static uint64_t next_cap(uint64_t cap, uint64_t need)
{
	uint64_t c = cap ? cap : 1024;
	while (c < need)
		c *= 2;
	return c;
}

static int need_phis(struct braun *s, uint64_t need)
{
	if (need <= s->phi_cap)
		return SSA_OK;
	uint64_t c = next_cap(s->phi_cap, need);
	if (c > SIZE_MAX / 8)
		return SSA_ETOOBIG;
	int rc = SSA_OK;
	void **u32[] = {(void **)&s->ph_block, (void **)&s->ph_var, (void **)&s->ph_fwd,
			(void **)&s->ph_uhead, (void **)&s->ph_utail, (void **)&s->ph_inext,
			(void **)&s->ph_seen};
	for (size_t i = 0; i < sizeof u32 / sizeof u32[0] && rc == SSA_OK; i++)
		rc = grow(u32[i], sizeof(uint32_t), c);
	if (rc == SSA_OK)
		rc = grow((void **)&s->ph_base, sizeof(uint64_t), c);
	if (rc == SSA_OK)
		rc = grow((void **)&s->ph_state, 1, c);
	if (rc == SSA_OK)
		rc = grow((void **)&s->ph_queued, 1, c);
	if (rc == SSA_OK)
		s->phi_cap = c;
	return rc;
}

static int need_u32(uint32_t **a, uint64_t *cap, uint64_t need)
{
	if (need <= *cap)
		return SSA_OK;
	uint64_t c = next_cap(*cap, need);
	if (c > SIZE_MAX / 4)
		return SSA_ETOOBIG;
	int rc = grow((void **)a, sizeof(uint32_t), c);
	if (rc == SSA_OK)
		*cap = c;
	return rc;
}

static inline bool is_phi(const struct braun *s, uint32_t v)
{
	return v >= s->nops && v < VUNDEF;
}

/* The value v stands for after replacements, compressing the forwarding path. */
static uint32_t resolve(struct braun *s, uint32_t v)
{
	uint32_t r = v;
	while (is_phi(s, r) && s->ph_state[r - s->nops] == PH_REMOVED)
		r = s->ph_fwd[r - s->nops];
	while (is_phi(s, v) && s->ph_state[v - s->nops] == PH_REMOVED) {
		uint32_t nx = s->ph_fwd[v - s->nops];
		s->ph_fwd[v - s->nops] = r;
		v = nx;
	}
	return r;
}

static inline uint32_t cur_get(const struct braun *s, uint32_t b, uint32_t v)
{
	return s->row_gen[b] == s->gen ? s->cur[(size_t)b * s->nvars + v] : NOTSET;
}

static inline void cur_set(struct braun *s, uint32_t b, uint32_t v, uint32_t val)
{
	uint32_t *row = s->cur + (size_t)b * s->nvars;
	if (s->row_gen[b] != s->gen) {
		memset(row, 0xff, (size_t)s->nvars * sizeof(uint32_t));
		s->row_gen[b] = s->gen;
	}
	row[v] = val;
}

/* A new φ for v at b, operands undefined until filled; *val = its value. */
static int new_phi(struct braun *s, const struct cfg *g, uint32_t b, uint32_t v, uint32_t *val)
{
	uint64_t t = s->nphi;
	if ((uint64_t)s->nops + t + 1 >= VUNDEF)
		return SSA_ETOOBIG;
	uint32_t deg = cfg_in_degree(g, b);
	int rc = need_phis(s, t + 1);
	if (rc == SSA_OK)
		rc = need_u32(&s->arg, &s->arg_cap, s->narg + deg);
	if (rc != SSA_OK)
		return rc;
	s->ph_block[t] = b;
	s->ph_var[t] = v;
	s->ph_state[t] = PH_PARTIAL;
	s->ph_fwd[t] = NOTSET;
	s->ph_uhead[t] = s->ph_utail[t] = SSA_NONE;
	s->ph_inext[t] = SSA_NONE;
	s->ph_seen[t] = 0;
	s->ph_queued[t] = 0;
	s->ph_base[t] = s->narg;
	for (uint32_t j = 0; j < deg; j++)
		s->arg[s->narg + j] = VUNDEF;
	s->narg += deg;
	s->nphi = t + 1;
	s->created++;
	*val = s->nops + (uint32_t)t;
	return SSA_OK;
}

static int set_operand(struct braun *s, uint32_t t, uint32_t j, uint32_t val)
{
	s->arg[s->ph_base[t] + j] = val;
	if (!is_phi(s, val))
		return SSA_OK;
	uint32_t r = val - s->nops;
	if (s->nuse + 1 > s->use_cap) {
		uint64_t c = next_cap(s->use_cap, s->nuse + 1);
		int rc = grow((void **)&s->u_phi, sizeof(uint32_t), c);
		if (rc == SSA_OK)
			rc = grow((void **)&s->u_next, sizeof(uint32_t), c);
		if (rc != SSA_OK)
			return rc;
		s->use_cap = c;
	}
	if (s->nuse >= UINT32_MAX)
		return SSA_ETOOBIG;
	uint32_t k = (uint32_t)s->nuse++;
	s->u_phi[k] = t;
	s->u_next[k] = SSA_NONE;
	if (s->ph_utail[r] == SSA_NONE)
		s->ph_uhead[r] = k;
	else
		s->u_next[s->ph_utail[r]] = k;
	s->ph_utail[r] = k;
	return SSA_OK;
}

/* tryRemoveTrivialPhi on t, with the re-check of users as a worklist. */
static int try_remove(struct braun *s, const struct cfg *g, uint32_t t0)
{
	const uint32_t *rin = s->dfs.pre;
	s->nwl = 0;
	int rc = need_u32(&s->wl, &s->wl_cap, 1);
	if (rc != SSA_OK)
		return rc;
	s->wl[s->nwl++] = t0;
	while (s->nwl > 0) {
		uint32_t t = s->wl[--s->nwl];
		s->ph_queued[t] = 0;
		if (s->ph_state[t] != PH_COMPLETE)
			continue;
		uint32_t b = s->ph_block[t], self = s->nops + t, same = NOTSET;
		if (b == 0)
			same = VUNDEF; /* from outside the function */
		const uint32_t *pred = g->pred + g->pred_off[b];
		uint32_t deg = cfg_in_degree(g, b);
		bool trivial = true;
		for (uint32_t j = 0; j < deg; j++) {
			if (rin[pred[j]] == SSA_NONE)
				continue;
			uint32_t a = resolve(s, s->arg[s->ph_base[t] + j]);
			if (a == self || a == same)
				continue;
			if (same != NOTSET) {
				trivial = false;
				break;
			}
			same = a;
		}
		if (!trivial)
			continue;
		if (same == NOTSET)
			same = VUNDEF;
		s->ph_state[t] = PH_REMOVED;
		s->ph_fwd[t] = same;
		s->trivial++;
		/* Re-check the users, keeping one entry per live user for the replacement: entries of
		 * removed users and duplicates (a user met through several replaced operands) would
		 * otherwise pile up along chains of replacements and be walked again at every step,
		 * which is quadratic on nested loops (repeat-until). */
		uint32_t head = SSA_NONE, tail = SSA_NONE, id = ++s->walk_id;
		for (uint32_t k = s->ph_uhead[t], kn; k != SSA_NONE; k = kn) {
			kn = s->u_next[k];
			uint32_t u = s->u_phi[k];
			if (u == t || s->ph_state[u] == PH_REMOVED || s->ph_seen[u] == id)
				continue;
			s->ph_seen[u] = id;
			s->u_next[k] = SSA_NONE;
			if (tail == SSA_NONE)
				head = k;
			else
				s->u_next[tail] = k;
			tail = k;
			if (s->ph_state[u] != PH_COMPLETE || s->ph_queued[u])
				continue;
			if ((rc = need_u32(&s->wl, &s->wl_cap, s->nwl + 1)) != SSA_OK)
				return rc;
			s->wl[s->nwl++] = u;
			s->ph_queued[u] = 1;
			s->rechecks++;
		}
		if (is_phi(s, same) && head != SSA_NONE) {
			uint32_t x = same - s->nops;
			if (s->ph_utail[x] == SSA_NONE)
				s->ph_uhead[x] = head;
			else
				s->u_next[s->ph_utail[x]] = head;
			s->ph_utail[x] = tail;
		}
		s->ph_uhead[t] = s->ph_utail[t] = SSA_NONE;
	}
	return SSA_OK;
}

/* Writes val as v's value in every block of the single-predecessor chain from start up to
 * (not including) stop. */
static void memo_chain(struct braun *s, uint32_t v, uint32_t start, uint32_t stop, uint32_t val)
{
	for (uint32_t x = start; x != stop; x = s->upred[x])
		cur_set(s, x, v, val);
}

static void push_frame(struct braun *s, uint32_t t, uint32_t start, bool seal)
{
	assert(s->sp < s->n);
	s->fr_phi[s->sp] = t;
	s->fr_j[s->sp] = 0;
	s->fr_start[s->sp] = start;
	s->fr_seal[s->sp] = seal;
	s->sp++;
}

/* The first part of readVariable: the value of v at the end of b when it is known without new
 * operands (*val set, returns 1), or a φ at a sealed join whose frame was pushed (returns 0). */
static int walk(struct braun *s, const struct cfg *g, uint32_t v, uint32_t b0, uint32_t *val,
		int *rc)
{
	uint32_t b = b0, x;
	for (;;) {
		s->lookups++;
		if ((x = cur_get(s, b, v)) != NOTSET) {
			x = resolve(s, x);
			break;
		}
		if (!s->sealed[b]) {
			if ((*rc = new_phi(s, g, b, v, &x)) != SSA_OK)
				return 1;
			s->ph_inext[x - s->nops] = s->inc_head[b];
			s->inc_head[b] = x - s->nops;
			cur_set(s, b, v, x);
			break;
		}
		/* the entry's extra way in from outside only matters when it has others */
		uint32_t np = s->rindeg[b] + (b == 0 && s->rindeg[b] > 0);
		if (np == 0) {
			x = VUNDEF;
			cur_set(s, b, v, x);
			break;
		}
		if (np == 1) {
			b = s->upred[b];
			continue;
		}
		if ((*rc = new_phi(s, g, b, v, &x)) != SSA_OK)
			return 1;
		cur_set(s, b, v, x);
		push_frame(s, x - s->nops, b0, false);
		return 0;
	}
	memo_chain(s, v, b0, b, x);
	*val = x;
	return 1;
}

/* Runs frames above depth `base` to completion (addPhiOperands for each); *result = the value
 * of the bottom frame's φ after trivial removal. */
static int run_frames(struct braun *s, const struct cfg *g, uint32_t v, uint32_t base,
		      uint32_t *result)
{
	const uint32_t *pre = s->dfs.pre;
	int rc = SSA_OK;
	while (s->sp > base) {
		uint32_t f = s->sp - 1, t = s->fr_phi[f], b = s->ph_block[t], j = s->fr_j[f];
		if (j < cfg_in_degree(g, b)) {
			uint32_t y = g->pred[g->pred_off[b] + j], val;
			if (pre[y] == SSA_NONE) {
				s->fr_j[f]++;
				continue;
			}
			if (!walk(s, g, v, y, &val, &rc))
				continue; /* a frame was pushed for the operand */
			if (rc != SSA_OK || (rc = set_operand(s, t, j, val)) != SSA_OK)
				return rc;
			s->fr_j[f]++;
			continue;
		}
		s->ph_state[t] = PH_COMPLETE;
		if ((rc = try_remove(s, g, t)) != SSA_OK)
			return rc;
		uint32_t val = resolve(s, s->nops + t);
		if (!s->fr_seal[f]) {
			cur_set(s, b, v, val);
			memo_chain(s, v, s->fr_start[f], b, val);
		}
		s->sp--;
		if (s->sp > base) {
			uint32_t pf = s->sp - 1;
			if ((rc = set_operand(s, s->fr_phi[pf], s->fr_j[pf], val)) != SSA_OK)
				return rc;
			s->fr_j[pf]++;
		} else {
			*result = val;
		}
	}
	return SSA_OK;
}

static int read_variable(struct braun *s, const struct cfg *g, uint32_t v, uint32_t b,
			 uint32_t *val)
{
	int rc = SSA_OK;
	if (walk(s, g, v, b, val, &rc))
		return rc;
	return run_frames(s, g, v, 0, val);
}

static int seal_block(struct braun *s, const struct cfg *g, uint32_t b)
{
	s->sealed[b] = 1;
	for (uint32_t t = s->inc_head[b]; t != SSA_NONE; t = s->ph_inext[t]) {
		uint32_t val;
		push_frame(s, t, b, true);
		int rc = run_frames(s, g, s->ph_var[t], 0, &val);
		if (rc != SSA_OK)
			return rc;
	}
	s->inc_head[b] = SSA_NONE;
	return SSA_OK;
}

/* ---- removal of redundant φ SCCs (the paper's Algorithm 5) ---- */

static int need_scc(struct braun *s)
{
	if (s->scc_cap >= s->nphi)
		return SSA_OK;
	uint64_t c = s->phi_cap;
	int rc = SSA_OK;
	void **u32[] = {(void **)&s->s_idx, (void **)&s->s_low,    (void **)&s->s_vis,
			(void **)&s->s_in,  (void **)&s->s_mark,   (void **)&s->s_call_t,
			(void **)&s->s_call_j, (void **)&s->s_stk};
	for (size_t i = 0; i < sizeof u32 / sizeof u32[0] && rc == SSA_OK; i++)
		rc = grow(u32[i], sizeof(uint32_t), c);
	if (rc == SSA_OK)
		rc = grow((void **)&s->s_on, 1, c);
	if (rc != SSA_OK)
		return rc;
	s->scc_cap = c;
	return SSA_OK;
}

/* Operand a of φ t read for the SCC step: the resolved value, or NOTSET for an edge from an
 * unreachable block. */
static inline uint32_t scc_operand(struct braun *s, const struct cfg *g, uint32_t t, uint32_t j)
{
	uint32_t b = s->ph_block[t];
	if (s->dfs.pre[g->pred[g->pred_off[b] + j]] == SSA_NONE)
		return NOTSET;
	return resolve(s, s->arg[s->ph_base[t] + j]);
}

/* Tarjan's SCCs of the φs ar[lo..hi) (edges to operands inside the set), appended to ar as
 * [size, members...] records, operands' SCCs before their users'. */
static int tarjan(struct braun *s, const struct cfg *g, uint64_t lo, uint64_t hi, uint32_t stamp)
{
	uint32_t counter = 0, csp = 0, tsp = 0;
	for (uint64_t i = lo; i < hi; i++)
		s->s_in[s->ar[i]] = stamp;
	for (uint64_t i = lo; i < hi; i++) {
		uint32_t root = s->ar[i];
		if (s->s_vis[root] == stamp)
			continue;
		s->s_vis[root] = stamp;
		s->s_idx[root] = s->s_low[root] = counter++;
		s->s_stk[tsp++] = root;
		s->s_on[root] = 1;
		s->s_call_t[csp] = root;
		s->s_call_j[csp++] = 0;
		while (csp > 0) {
			uint32_t t = s->s_call_t[csp - 1], j = s->s_call_j[csp - 1];
			if (j < cfg_in_degree(g, s->ph_block[t])) {
				s->s_call_j[csp - 1]++;
				uint32_t a = scc_operand(s, g, t, j);
				if (a == NOTSET || !is_phi(s, a) || s->s_in[a - s->nops] != stamp)
					continue;
				uint32_t u = a - s->nops;
				if (s->s_vis[u] != stamp) {
					s->s_vis[u] = stamp;
					s->s_idx[u] = s->s_low[u] = counter++;
					s->s_stk[tsp++] = u;
					s->s_on[u] = 1;
					s->s_call_t[csp] = u;
					s->s_call_j[csp++] = 0;
				} else if (s->s_on[u] && s->s_idx[u] < s->s_low[t]) {
					s->s_low[t] = s->s_idx[u];
				}
				continue;
			}
			csp--;
			if (csp > 0 && s->s_low[t] < s->s_low[s->s_call_t[csp - 1]])
				s->s_low[s->s_call_t[csp - 1]] = s->s_low[t];
			if (s->s_low[t] != s->s_idx[t])
				continue;
			uint32_t k = tsp;
			while (s->s_stk[k - 1] != t)
				k--;
			k--;
			uint32_t size = tsp - k;
			int rc = need_u32(&s->ar, &s->ar_cap, s->nar + 1 + size);
			if (rc != SSA_OK)
				return rc;
			s->ar[s->nar++] = size;
			for (uint32_t q = k; q < tsp; q++) {
				s->s_on[s->s_stk[q]] = 0;
				s->ar[s->nar++] = s->s_stk[q];
			}
			tsp = k;
		}
	}
	return SSA_OK;
}

/* Task record: items lo, hi; SCC list cursor, end; arena top to restore when done. */
#define TK_WORDS 5

static int push_task(struct braun *s, uint64_t *ntk, uint64_t lo, uint64_t hi, uint32_t *stamp,
		     const struct cfg *g)
{
	if ((*ntk + 1) * TK_WORDS > s->tk_cap) {
		uint64_t c = next_cap(s->tk_cap, (*ntk + 1) * TK_WORDS);
		int rc = grow((void **)&s->tk, sizeof(uint64_t), c);
		if (rc != SSA_OK)
			return rc;
		s->tk_cap = c;
	}
	s->passes++;
	uint64_t sccs = s->nar;
	int rc = tarjan(s, g, lo, hi, ++*stamp);
	if (rc != SSA_OK)
		return rc;
	uint64_t *r = s->tk + *ntk * TK_WORDS;
	r[0] = lo;
	r[1] = hi;
	r[2] = sccs;
	r[3] = s->nar;
	r[4] = lo; /* the items were pushed on the arena by the caller: drop them at the end */
	(*ntk)++;
	return SSA_OK;
}

static int remove_redundant_sccs(struct braun *s, const struct cfg *g)
{
	if (s->nphi == 0)
		return SSA_OK;
	int rc = need_scc(s);
	if (rc != SSA_OK)
		return rc;
	/* Tarjan stamps (per task) and SCC marks share one counter, restarted every run */
	uint32_t stamp = 0;
	memset(s->s_vis, 0, (size_t)s->nphi * sizeof(uint32_t));
	memset(s->s_in, 0, (size_t)s->nphi * sizeof(uint32_t));
	memset(s->s_mark, 0, (size_t)s->nphi * sizeof(uint32_t));
	memset(s->s_on, 0, (size_t)s->nphi);
	s->nar = 0;
	for (uint64_t t = 0; t < s->nphi; t++) {
		if (s->ph_state[t] != PH_COMPLETE)
			continue;
		if ((rc = need_u32(&s->ar, &s->ar_cap, s->nar + 1)) != SSA_OK)
			return rc;
		s->ar[s->nar++] = (uint32_t)t;
	}
	uint64_t ntk = 0;
	if ((rc = push_task(s, &ntk, 0, s->nar, &stamp, g)) != SSA_OK)
		return rc;
	while (ntk > 0) {
		uint64_t *r = s->tk + (ntk - 1) * TK_WORDS;
		if (r[2] == r[3]) {
			s->nar = r[4];
			ntk--;
			continue;
		}
		uint64_t at = r[2];
		uint32_t size = s->ar[at];
		r[2] = at + 1 + size;
		const uint32_t mark = ++stamp;
		for (uint32_t i = 0; i < size; i++)
			s->s_mark[s->ar[at + 1 + i]] = mark;
		/* outer operands: none, one value, or more (then the inner φs are collected) */
		uint32_t outer = NOTSET;
		bool many = false;
		for (uint32_t i = 0; i < size && !many; i++) {
			uint32_t t = s->ar[at + 1 + i], b = s->ph_block[t];
			if (b == 0) {
				if (outer != NOTSET && outer != VUNDEF)
					many = true;
				outer = VUNDEF;
			}
			for (uint32_t j = 0; j < cfg_in_degree(g, b) && !many; j++) {
				uint32_t a = scc_operand(s, g, t, j);
				if (a == NOTSET || (is_phi(s, a) && s->s_mark[a - s->nops] == mark))
					continue;
				if (outer != NOTSET && outer != a)
					many = true;
				outer = a;
			}
		}
		if (!many && outer != NOTSET) {
			for (uint32_t i = 0; i < size; i++) {
				uint32_t t = s->ar[at + 1 + i];
				s->ph_state[t] = PH_REMOVED;
				s->ph_fwd[t] = outer;
				s->scc_removed++;
			}
			continue;
		}
		if (!many || size == 1)
			continue;
		/* the inner φs: every operand inside the SCC */
		uint64_t lo = s->nar;
		for (uint32_t i = 0; i < size; i++) {
			uint32_t t = s->ar[at + 1 + i], b = s->ph_block[t];
			bool inner = b != 0;
			for (uint32_t j = 0; j < cfg_in_degree(g, b) && inner; j++) {
				uint32_t a = scc_operand(s, g, t, j);
				if (a != NOTSET && !(is_phi(s, a) && s->s_mark[a - s->nops] == mark))
					inner = false;
			}
			if (!inner)
				continue;
			if ((rc = need_u32(&s->ar, &s->ar_cap, s->nar + 1)) != SSA_OK)
				return rc;
			s->ar[s->nar++] = t;
		}
		if (s->nar > lo && (rc = push_task(s, &ntk, lo, s->nar, &stamp, g)) != SSA_OK)
			return rc;
	}
	return SSA_OK;
}

/* ---- the output form ---- */

static uint32_t final_value(struct braun *s, const uint32_t *newid, uint32_t v)
{
	v = resolve(s, v);
	if (v == VUNDEF)
		return SSA_UNDEF;
	return is_phi(s, v) ? s->nops + newid[v - s->nops] : v;
}

static int build_form(struct braun *s, const struct prog *p, struct ssa_form *out)
{
	const struct cfg *g = &p->cfg;
	const uint32_t n = g->n, V = p->nvars;
	int rc = need_scc(s);
	if (rc != SSA_OK)
		return rc;
	/* Kept φs sorted by (block, variable): counting sort by variable, then stably by block.
	 * s_idx holds the order, s_low the new numbers. */
	uint32_t *order = s->s_idx, *newid = s->s_low, *tmp = s->s_vis;
	uint64_t nkept = 0, nargs = 0;
	uint32_t *vcnt = ssa_calloc_array((size_t)V + 1, sizeof(uint32_t));
	out->phi_off = ssa_calloc_array((size_t)n + 1, sizeof(uint32_t));
	if (!vcnt || !out->phi_off) {
		free(vcnt);
		return SSA_ENOMEM;
	}
	for (uint64_t t = 0; t < s->nphi; t++) {
		if (s->ph_state[t] == PH_REMOVED)
			continue;
		assert(s->ph_state[t] == PH_COMPLETE);
		vcnt[s->ph_var[t] + 1]++;
		out->phi_off[s->ph_block[t] + 1]++;
		nkept++;
		nargs += cfg_in_degree(g, s->ph_block[t]);
	}
	for (uint32_t v = 0; v < V; v++)
		vcnt[v + 1] += vcnt[v];
	for (uint64_t t = 0; t < s->nphi; t++)
		if (s->ph_state[t] != PH_REMOVED)
			tmp[vcnt[s->ph_var[t]]++] = (uint32_t)t;
	free(vcnt);
	for (uint32_t b = 0; b < n; b++)
		out->phi_off[b + 1] += out->phi_off[b];
	/* phi_off[b] is b's first slot; use it as a cursor, then shift back */
	for (uint64_t i = 0; i < nkept; i++) {
		uint32_t t = tmp[i];
		uint32_t q = out->phi_off[s->ph_block[t]]++;
		order[q] = t;
		newid[t] = q;
	}
	for (uint32_t b = n; b > 0; b--)
		out->phi_off[b] = out->phi_off[b - 1];
	out->phi_off[0] = 0;
	out->n = n;
	out->nvars = V;
	out->nops = p->nops;
	out->nphi = (uint32_t)nkept;
	out->phi_var = ssa_alloc_array(nkept, sizeof(uint32_t));
	out->phi_block = ssa_alloc_array(nkept, sizeof(uint32_t));
	out->arg_off = ssa_alloc_array(nkept + 1, sizeof(uint64_t));
	out->arg = ssa_alloc_array(nargs, sizeof(uint32_t));
	if (!out->phi_var || !out->phi_block || !out->arg_off || !out->arg)
		return SSA_ENOMEM;
	uint64_t k = 0;
	for (uint64_t q = 0; q < nkept; q++) {
		uint32_t t = order[q], b = s->ph_block[t], deg = cfg_in_degree(g, b);
		out->phi_var[q] = s->ph_var[t];
		out->phi_block[q] = b;
		out->arg_off[q] = k;
		for (uint32_t j = 0; j < deg; j++)
			out->arg[k + j] = final_value(s, newid, s->arg[s->ph_base[t] + j]);
		k += deg;
	}
	out->arg_off[nkept] = k;
	for (uint32_t i = 0; i < p->nops; i++)
		out->opval[i] = final_value(s, newid, out->opval[i]);
	return SSA_OK;
}

static int construct(struct braun *s, const struct prog *p, struct ssa_form *out)
{
	const struct cfg *g = &p->cfg;
	const uint32_t n = g->n;
	int rc;
	if (n != s->n || p->nvars != s->nvars || p->nops != s->nops || g->m != s->m)
		return SSA_EUSAGE;
	if (++s->gen == 0) {
		memset(s->row_gen, 0, (size_t)n * sizeof(uint32_t));
		s->gen = 1;
	}
	s->nphi = s->narg = s->nuse = 0;
	s->walk_id = 0;
	s->sp = 0;
	s->lookups = s->created = s->trivial = s->passes = s->scc_removed = s->rechecks = 0;
	cfg_dfs_run(&s->dfs, g, 0);
	const uint32_t *pre = s->dfs.pre;
	for (uint32_t b = 0; b < n; b++) {
		uint32_t c = 0, only = SSA_NONE;
		for (uint32_t i = g->pred_off[b]; i < g->pred_off[b + 1]; i++)
			if (pre[g->pred[i]] != SSA_NONE) {
				c++;
				only = g->pred[i];
			}
		s->rindeg[b] = s->unfilled[b] = c;
		s->upred[b] = c == 1 ? only : SSA_NONE;
		s->sealed[b] = 0;
		s->inc_head[b] = SSA_NONE;
	}
	out->opval = ssa_alloc_array(p->nops, sizeof(uint32_t));
	if (!out->opval)
		return SSA_ENOMEM;
	for (uint32_t b = 0; b < n; b++) {
		if (pre[b] != SSA_NONE)
			continue;
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++)
			out->opval[i] = prog_op_is_def(p->ops[i]) ? i : VUNDEF;
	}
	if (s->rindeg[0] == 0 && (rc = seal_block(s, g, 0)) != SSA_OK)
		return rc;
	for (uint32_t k = 0; k < s->dfs.nreach; k++) {
		uint32_t b = s->dfs.rpo[k];
		for (uint32_t i = p->op_off[b]; i < p->op_off[b + 1]; i++) {
			uint32_t op = p->ops[i], v = prog_op_var(op);
			if (prog_op_is_def(op)) {
				cur_set(s, b, v, i);
				out->opval[i] = i;
			} else if ((rc = read_variable(s, g, v, b, &out->opval[i])) != SSA_OK) {
				return rc;
			}
		}
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
			uint32_t y = g->succ[e];
			if (--s->unfilled[y] == 0 && (rc = seal_block(s, g, y)) != SSA_OK)
				return rc;
		}
	}
	if (s->scc && (rc = remove_redundant_sccs(s, g)) != SSA_OK)
		return rc;
	return build_form(s, p, out);
}

static int braun_run(void *scratch, const struct prog *p, struct ssa_form *out,
		     uint64_t *counters)
{
	struct braun *s = scratch;
	for (int i = 0; i < CONSTRUCT_MAX_COUNTERS; i++)
		counters[i] = 0;
	memset(out, 0, sizeof(*out));
	int rc = construct(s, p, out);
	if (rc != SSA_OK) {
		ssa_form_free(out);
		return rc;
	}
	counters[0] = s->lookups;
	counters[1] = s->created;
	counters[2] = s->trivial;
	counters[3] = s->passes;
	counters[4] = s->scc_removed;
	counters[5] = out->nphi;
	counters[6] = s->rechecks;
	return SSA_OK;
}

/* The two variants differ only in the SCC step: the same paper, bounds and counters. */
#define BRAUN_CITATION \
	"Braun, Buchwald, Hack, Leissa, Mallon, Zwinkau 2013, Simple and efficient construction " \
	"of static single assignment form (CC)"
#define BRAUN_COMPLEXITY \
	"O(ops + look-ups + operands + re-checks) time, 4 n vars + 16n bytes + ~60 bytes per " \
	"phi created"
#define BRAUN_COUNTERS \
	{"lookups", "phis_created", "phis_trivial", "scc_passes", "phis_scc", "phis_kept", \
	 "recheck_pushes"}

const struct construct_algo construct_braun_algo = {
	.head = {
		.name = "braun",
		.summary = "Braun et al.: on-the-fly SSA, sealed blocks, trivial and redundant-SCC phi removal",
		.citation = BRAUN_CITATION,
		.complexity = BRAUN_COMPLEXITY,
		.counter_names = BRAUN_COUNTERS,
	},
	.scratch_bytes = braun_bytes,
	.scratch_alloc = braun_alloc,
	.grow_bytes = braun_grow_bytes,
	.scratch_free = braun_free,
	.run = braun_run,
};

const struct construct_algo construct_braun_noscc_algo = {
	.head = {
		.name = "braun-noscc",
		.summary = "Braun et al. without the SCC step: trivial phi removal only",
		.citation = BRAUN_CITATION,
		.complexity = BRAUN_COMPLEXITY,
		.counter_names = BRAUN_COUNTERS,
	},
	.scratch_bytes = braun_bytes,
	.scratch_alloc = noscc_alloc,
	.grow_bytes = noscc_grow_bytes,
	.scratch_free = braun_free,
	.run = braun_run,
};
