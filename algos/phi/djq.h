/* Internal to phi-djq and phi-auto: phi-djq's scratch (the J edges in preorder under a min-tree
 * of their targets' depths, the hubs) and its per-variable query loop, which phi-auto runs
 * beside phi-dj's walk. How the queries work: djq.c. */
#ifndef SSALAB_PHI_DJQ_H
#define SSALAB_PHI_DJQ_H

#include "phi/jindex.h"
#include "phi/place.h"

/* Roots whose subtree holds at most this many J edges scan them directly. */
#define DJQ_SCAN_MAX 32

struct djq_scratch {
	struct phi_common c;
	uint32_t n, gen;
	/* Indexed by preorder number. */
	/* mark[i] >> 2 == gen: bit 0 = a definition block of the variable, bit 1 = judged as an IDF
	 * candidate (seen); one array instead of two stamps saves 4 bytes per block at 10^8. */
	uint32_t *mark;
	uint32_t *joff;         /* n+1: the node's J edges start at joff[i] */
	uint32_t *stack;        /* roots to query, at most one entry per node per variable */
	/* Indexed by J edge (preorder of the source, then CFG order). */
	uint32_t *jtgt;    /* the target's preorder number */
	uint32_t *removed; /* edges removed for the current variable, restored at its end */
	uint64_t jcap, rcap; /* capacities of jtgt and removed */
	/* Min-tree over the targets' depths: leaves at tree[P + j], node i = min(2i, 2i+1). */
	uint32_t *tree;
	uint64_t tcap; /* entries allocated (2P) */
	uint32_t P;
	/* Hubs: targets of at least PHI_HUB_MIN J edges, kept out of the tree (see build). */
	struct phi_hubs hubs;
};

uint64_t djq_scratch_bytes(uint64_t n, uint64_t nvars);
uint64_t djq_scratch_bytes_in(const struct phi_input *in);
int djq_scratch_alloc(void **out, uint32_t n, uint32_t nvars);
void djq_scratch_free(void *p);
/* The index over g under dt, built at the start of every run. */
int djq_build(void *scratch, const struct cfg *g, const struct domtree *dt);
/* What a variable's queries cost, in the units of DJ_WORK (dj.h: about half a nanosecond each
 * on the machine of results/placement): a root popped, an edge reported, a step down or across
 * the tree, an edge removed (and later restored). Fitted to both kernels' counters and times on
 * the generator families at 10^4-10^5 blocks. */
#define DJQ_WORK(pops, reported, steps, removed) \
	(8 * (pops) + 5 * (reported) + 2 * (steps) + 5 * (removed))

/* One variable's queries: v's φs appended to c (whose liveness serves the pruned flavour), the
 * work added to work[0..3] (queue pops, J edges reported, tree steps, edges removed). Once
 * DJQ_WORK of this variable passes limit it stops with SSA_EBUDGET, the tree restored and v's
 * φs so far left in c for the caller to drop. */
int djq_place_var(struct djq_scratch *s, struct phi_common *c, const struct phi_input *in,
		  enum phi_flavor f, uint32_t v, uint64_t limit, uint64_t *work);

#endif
