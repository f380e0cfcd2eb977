/* Internal to phi-dj and phi-djh: phi-dj's scratch (the DJ graph in dominator-tree preorder,
 * the queue by level) and its placement loop, which phi-djh runs with hubs turned on. How the
 * walk works: dj.c; why hubs: djh.c. */
#ifndef SSALAB_PHI_DJ_H
#define SSALAB_PHI_DJ_H

#include "phi/jindex.h"
#include "phi/place.h"
#include "util/status.h"

/* What a walk reads per node, together in 16 bytes so a scan touches one cache line per four
 * nodes instead of one per array. */
struct djnode {
	uint32_t last;   /* last preorder number of the subtree */
	uint32_t reach;  /* min depth of a J-edge target from the subtree */
	uint32_t joff;   /* offset of the node's J edges in jkey */
	uint32_t walked; /* stamp: walked for the current variable */
};

/* Hubs: see jindex.h; a bitmask per block holds them, so at most 32. Hub h's depth in jdepth
 * is DJ_HUB_DEPTH(h), above every real depth (< n < 2^32 - 32), so ~depth & 31 gives h back. */
#define DJ_HUBS 32
#define DJ_HUB_DEPTH(h) (SSA_NONE - (uint32_t)(h))

struct dj_hub {
	uint32_t depth, tin, block;
};

struct dj_scratch {
	struct phi_common c;
	uint32_t n, gen;
	/* Indexed by preorder number. */
	uint32_t *isdef, *seen;          /* stamps: def block, judged as IDF candidate */
	struct djnode *node;             /* n+1, the last one a sentinel for joff */
	uint64_t *jkey;                  /* J-edge targets as queue keys */
	uint64_t jcap;
	/* The queue: one list per dominator-tree level, linked through next[] (a node enters at
	 * most once per variable), with a bitmap of the non-empty levels. */
	uint32_t *lhead, *lgen;          /* by level: first node, stamp */
	uint32_t *next;                  /* by preorder number */
	uint64_t *lbits;                 /* n bits, by level */
	uint64_t *pbits;                 /* n bits, by preorder: sorts a large batch */
	uint32_t *batch;                 /* the roots of one level, ascending */
	/* phi-djh's (dj_hubs_alloc; NULL for phi-dj): J edges into up to DJ_HUBS hubs count in
	 * jkey as infinitely deep and not in reach, and hubmask[i] has bit h set when i's subtree
	 * has an edge into hub h, so a root judges each hub once, however many such edges it
	 * holds. */
	uint32_t *jdepth;    /* by block: its depth, SSA_NONE for a hub */
	uint32_t *hubmask;   /* by preorder number */
	struct dj_hub hub[DJ_HUBS];
	uint32_t nhub;
};

static inline void dj_queue_push(struct dj_scratch *s, uint32_t node, uint32_t level, uint32_t gen)
{
	if (s->lgen[level] != gen) {
		s->lgen[level] = gen;
		s->lhead[level] = SSA_NONE;
	}
	s->next[node] = s->lhead[level];
	s->lhead[level] = node;
	s->lbits[level >> 6] |= UINT64_C(1) << (level & 63);
}

/* Target y (a preorder number, at depth ylevel) of a J edge from the subtree of a root at
 * level or deeper, for variable v: unless some root already found it, it is in IDF(def(v)); it
 * gets a φ where the flavour allows one, and becomes a root unless it is a definition block. */
static inline int dj_judge(struct dj_scratch *s, struct phi_common *c, const struct phi_input *in,
			   enum phi_flavor f, uint32_t v, uint32_t y, uint32_t ylevel)
{
	if (s->seen[y] == s->gen)
		return SSA_OK;
	s->seen[y] = s->gen;
	uint32_t yb = in->dt->order[y];
	if (!phi_common_allowed(c, in, f, v, yb))
		return SSA_OK;
	int st = phi_common_push(c, yb);
	if (st == SSA_OK && s->isdef[y] != s->gen)
		dj_queue_push(s, y, ylevel, s->gen);
	return st;
}

uint64_t dj_scratch_bytes(uint64_t n, uint64_t nvars);
uint64_t dj_scratch_bytes_in(const struct phi_input *in);
int dj_scratch_alloc(void **out, uint32_t n, uint32_t nvars);
/* Turns hubs on for s (n blocks); dj_hubs_bytes(n) is what that allocates. */
int dj_hubs_alloc(struct dj_scratch *s, uint32_t n);
uint64_t dj_hubs_bytes(uint64_t n);
void dj_scratch_free(void *p);
/* One run: phi-dj's, or phi-djh's once dj_hubs_alloc turned hubs on. */
int dj_place(struct dj_scratch *s, const struct phi_input *in, enum phi_flavor f,
	     struct phi_sets *out, uint64_t *counters);

/* For phi-auto, which runs the walk variable by variable beside phi-djq's queries and builds
 * node[], jkey and the hubs from phi-djq's index instead of the CFG: the last step of the
 * build, which folds each node's own reach and hub mask into its subtree's (nr blocks in the
 * tree), and one variable's walk. dj_place_var appends v's φs to c (whose liveness serves the
 * pruned flavour) and adds its work to work[0..3] (queue pops, J edges scanned, blocks walked,
 * subtrees jumped over); once DJ_WORK of this variable passes limit it stops with SSA_EBUDGET,
 * leaving its φs in c for the caller to drop and the scratch ready for the next call. Work is
 * counted in units of about half a nanosecond on the machine of results/placement, fitted to
 * the counters and times of phi-djh and phi-djq on the generator families at 10^4-10^5 blocks
 * (DJQ_WORK in djq.h is in the same units). */
#define DJ_WORK(pops, edges, nodes, skips) (16 * (pops) + (edges) + 4 * (nodes) + 2 * (skips))
void dj_fold(struct dj_scratch *s, uint32_t nr);
int dj_place_var(struct dj_scratch *s, struct phi_common *c, const struct phi_input *in,
		 enum phi_flavor f, uint32_t v, uint64_t limit, uint64_t *work);

#endif
