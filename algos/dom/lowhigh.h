/* Construction of a low-high order of a dominator tree (lowhigh.c, lowhigh_harm.c); the
 * verifier (verify.c) checks whatever it builds against the definition. */
#ifndef SSALAB_DOM_LOWHIGH_H
#define SSALAB_DOM_LOWHIGH_H

#include "cfg/cfg.h"
#include "dom/domtree.h"

#include <stdint.h>

/* Bytes dom_lowhigh_order allocates at most for n blocks and m edges (freed on return). */
uint64_t dom_lowhigh_bytes(uint64_t n, uint64_t m);

/* Builds a candidate low-high order of t for g (entry t->root = 0): pos[v] is v's place in a
 * preorder of t, for every block of t (others untouched). The blocks of t are the reachable
 * ones; t must have the verifier's shape and parent property (every reachable predecessor of
 * v lies under idom(v)). Returns SSA_OK, SSA_EVERIFY when no low-high order exists (t is not
 * the dominator tree: for the true tree an order is always found, see lowhigh_harm.c),
 * SSA_ETOOBIG above about 1.4*10^9 blocks, or SSA_ENOMEM. Uses DOM_LOWHIGH_HARMONIC. */
int dom_lowhigh_order(const struct cfg *g, const struct domtree *t, uint32_t *pos);

/* The three constructions of the order of one block's children. All are proven to find an
 * order for a correct tree (proofs in their files and in notes/LOWHIGH-NOTES.md); verify.c checks
 * whatever they build, so none has to be trusted for a certificate to be sound. */
enum dom_lowhigh_method {
	DOM_LOWHIGH_HARMONIC, /* lowhigh_harm.c, the default: O(m alpha(m, n)) in all */
	DOM_LOWHIGH_CASCADE,  /* lowhigh.c's own, the previous default: O(n m), no better bound
			       * known; kept as a rival and counted in the stats */
	DOM_LOWHIGH_PEEL,     /* lowhigh_peel.c on every group: O(n m), argued independently */
};

/* The work of one construction. The cascade counts are what shows its cost at scale
 * (tools/lowhigh_cost.c), since it has no bound better than O(n m). */
struct dom_lowhigh_stats {
	uint64_t groups;            /* blocks with children: one ordering problem each */
	uint64_t instances;         /* cascade: instances solved */
	uint64_t memberships;       /* cascade: children summed over instances, one per level */
	uint64_t max_level;         /* cascade: most instances one child was a member of */
	uint64_t edge_reads;        /* cascade: sibling edges read by the searches and takes */
	uint64_t harm_sources;      /* harmonic: children resolved at the start */
	uint64_t harm_tqueries;     /* harmonic: t-side path minima answered from a bucket */
	uint64_t fallback_groups;   /* groups handed to lowhigh_peel.c (proven none on a correct
				     * tree; never counted when PEEL is the method) */
	uint64_t fallback_children; /* their children */
};

/* The order by the given method, and the counts of its work in *stats (zeroed first; stats may
 * be NULL). SSA_EUSAGE for an unknown method; otherwise as dom_lowhigh_order. The cascade
 * allocates 11n words and 3n + 2 list nodes (20 bytes each) more than dom_lowhigh_bytes, and n
 * words more when counting. */
int dom_lowhigh_order_by(const struct cfg *g, const struct domtree *t, uint32_t *pos,
			 enum dom_lowhigh_method method, struct dom_lowhigh_stats *stats);

#endif
