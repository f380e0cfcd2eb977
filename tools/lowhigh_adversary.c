/* lowhigh-adversary: a hill-climbing search for flow graphs on which the cascade low-high
 * construction (algos/dom/lowhigh.c, the default before lowhigh_harm.c) needs many levels of
 * cloning, i.e. runs far from linear. The families never take more than 3 levels
 * (results/lowhigh/); this is how the graphs of algos/dom/notes/LOWHIGH-NOTES.md, "Witness
 * chains", were found, and how a future construction can be attacked the same way.
 *
 *   lowhigh-adversary [--reverse] BLOCKS SEED STEPS
 *
 * Starts from a random graph of BLOCKS blocks (a random tree from the entry 0 plus BLOCKS random
 * edges), then STEPS times changes one to three edges (adds one, drops one or moves one end of
 * one) and keeps the change unless the score falls. The score is the most instances one child
 * was a member of, then memberships per block (dom_lowhigh_order_by, the cascade) on the tree of
 * the default dominator algorithm; --reverse scores the post-dominator tree of the reverse CFG
 * instead. Prints the best graph as a .cfg on stdout and its counts on stderr, after checking
 * that its tree is certified. Deterministic by SEED. Each step costs one dominator tree and one
 * construction, O(BLOCKS + edges); BLOCKS is at most 10^5 and edges at most 8 * BLOCKS.
 * Exit 0 ok, 1 failure, 2 usage. */
#include "cfg/cfg.h"
#include "dom/dom.h"
#include "dom/lowhigh.h"
#include "dom/reverse.h"
#include "dom/verify.h"
#include "io/io.h"
#include "util/rng.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct edges {
	uint32_t n, m, cap;
	uint32_t *src, *dst;
};

static int build(const struct edges *e, struct cfg *g)
{
	struct edge_list el;
	int rc = edge_list_init(&el, e->n, e->m ? e->m : 1);
	for (uint32_t i = 0; rc == SSA_OK && i < e->m; i++)
		rc = edge_list_push(&el, e->src[i], e->dst[i]);
	if (rc == SSA_OK)
		rc = cfg_from_edges(g, &el);
	edge_list_free(&el);
	return rc;
}

/* The construction's counts on e's graph (or its reverse); *certified when asked for. */
static int score(const struct edges *e, bool reverse, struct dom_lowhigh_stats *st,
		 uint32_t *children, bool *certified)
{
	struct cfg g, r, *s = &g;
	int rc = build(e, &g);
	if (rc != SSA_OK)
		return rc;
	if (reverse && (rc = dom_reverse_cfg(&g, &r, NULL)) == SSA_OK)
		s = &r;
	struct domtree t = {0};
	uint32_t *pos = malloc((size_t)s->n * sizeof *pos);
	if (rc == SSA_OK)
		rc = pos ? dom_tree_default(s, &t) : SSA_ENOMEM;
	if (rc == SSA_OK)
		rc = dom_lowhigh_order_by(s, &t, pos, DOM_LOWHIGH_CASCADE, st);
	if (rc == SSA_OK) {
		*children = t.nreach ? t.nreach - 1 : 0;
		if (certified) {
			char msg[256];
			rc = dom_verify_cert(s, t.idom, certified, msg, sizeof msg);
		}
	}
	domtree_free(&t);
	free(pos);
	if (s == &r)
		cfg_free(&r);
	cfg_free(&g);
	return rc;
}

static double value(const struct dom_lowhigh_stats *st, uint32_t children)
{
	return (double)st->max_level * 1e9 + (double)st->memberships / (children ? children : 1);
}

static void mutate(struct edges *e, struct ssa_rng *r)
{
	const unsigned k = 1 + (unsigned)ssa_rng_below(r, 3);
	for (unsigned j = 0; j < k; j++) {
		const unsigned op = (unsigned)ssa_rng_below(r, 3);
		if (op == 0 && e->m < e->cap) {
			e->src[e->m] = (uint32_t)ssa_rng_below(r, e->n);
			e->dst[e->m++] = (uint32_t)ssa_rng_below(r, e->n);
		} else if (op == 1 && e->m > 1) {
			const uint32_t i = (uint32_t)ssa_rng_below(r, e->m);
			e->m--;
			e->src[i] = e->src[e->m];
			e->dst[i] = e->dst[e->m];
		} else if (e->m) {
			const uint32_t i = (uint32_t)ssa_rng_below(r, e->m);
			uint32_t *end = ssa_rng_below(r, 2) ? &e->src[i] : &e->dst[i];
			*end = (uint32_t)ssa_rng_below(r, e->n);
		}
	}
}

static bool parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	char *end;
	if (!*s || *s == '-')
		return false;
	unsigned long long v = strtoull(s, &end, 10);
	if (*end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

int main(int argc, char **argv)
{
	bool reverse = argc > 1 && strcmp(argv[1], "--reverse") == 0;
	uint64_t blocks, seed, steps;
	if (argc != 4 + reverse || !parse_u64(argv[1 + reverse], 2, 100000, &blocks) ||
	    !parse_u64(argv[2 + reverse], 0, UINT64_MAX, &seed) ||
	    !parse_u64(argv[3 + reverse], 0, 100000000, &steps)) {
		fprintf(stderr, "usage: lowhigh-adversary [--reverse] BLOCKS SEED STEPS\n"
				"  BLOCKS 2..100000, STEPS 0..100000000\n");
		return 2;
	}
	struct edges cur = {(uint32_t)blocks, 0, 8 * (uint32_t)blocks, NULL, NULL}, prev = cur;
	cur.src = malloc(cur.cap * sizeof(uint32_t));
	cur.dst = malloc(cur.cap * sizeof(uint32_t));
	prev.src = malloc(cur.cap * sizeof(uint32_t));
	prev.dst = malloc(cur.cap * sizeof(uint32_t));
	int rc = cur.src && cur.dst && prev.src && prev.dst ? SSA_OK : SSA_ENOMEM;
	struct ssa_rng r;
	ssa_rng_seed(&r, seed);
	for (uint32_t v = 1; rc == SSA_OK && v < cur.n; v++) {
		cur.src[cur.m] = (uint32_t)ssa_rng_below(&r, v);
		cur.dst[cur.m++] = v;
	}
	for (uint32_t i = 0; rc == SSA_OK && i < cur.n; i++) {
		cur.src[cur.m] = (uint32_t)ssa_rng_below(&r, cur.n);
		cur.dst[cur.m++] = (uint32_t)ssa_rng_below(&r, cur.n);
	}
	struct dom_lowhigh_stats st;
	uint32_t children = 0;
	double top = 0;
	if (rc == SSA_OK && (rc = score(&cur, reverse, &st, &children, NULL)) == SSA_OK)
		top = value(&st, children);
	for (uint64_t s = 0; rc == SSA_OK && s < steps; s++) {
		prev.m = cur.m;
		memcpy(prev.src, cur.src, cur.m * sizeof(uint32_t));
		memcpy(prev.dst, cur.dst, cur.m * sizeof(uint32_t));
		mutate(&cur, &r);
		rc = score(&cur, reverse, &st, &children, NULL);
		if (rc != SSA_OK)
			break;
		const double v = value(&st, children);
		if (v >= top) {
			top = v;
		} else { /* undo */
			cur.m = prev.m;
			memcpy(cur.src, prev.src, prev.m * sizeof(uint32_t));
			memcpy(cur.dst, prev.dst, prev.m * sizeof(uint32_t));
		}
	}
	bool certified = false;
	if (rc == SSA_OK)
		rc = score(&cur, reverse, &st, &children, &certified);
	struct cfg g;
	if (rc == SSA_OK && !certified) {
		fprintf(stderr, "lowhigh-adversary: the best graph's tree was not certified\n");
		rc = SSA_EVERIFY;
	}
	if (rc == SSA_OK && (rc = build(&cur, &g)) == SSA_OK) {
		rc = io_write_cfg_text(stdout, &g);
		cfg_free(&g);
		if (fflush(stdout) != 0)
			rc = SSA_EIO;
	}
	if (rc == SSA_OK)
		fprintf(stderr,
			"blocks=%u edges=%u%s levels=%llu memberships=%llu instances=%llu "
			"children=%u fallback_groups=%llu certified\n",
			cur.n, cur.m, reverse ? " reverse" : "", (unsigned long long)st.max_level,
			(unsigned long long)st.memberships, (unsigned long long)st.instances,
			children, (unsigned long long)st.fallback_groups);
	else
		fprintf(stderr, "lowhigh-adversary: %s\n", ssa_status_str(rc));
	free(cur.src);
	free(cur.dst);
	free(prev.src);
	free(prev.dst);
	return rc == SSA_OK ? 0 : 1;
}
