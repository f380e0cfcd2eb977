/* The dominator stage: one kernel per entry of dom_algos[] (algos/dom/registry.c), read from
 * the table directly, so an algorithm appended there is benchmarked without touching this file.
 * A descriptor's optional prepare step (peer libraries) runs untimed after the scratch.
 *
 *   --reverse   run on the reverse CFG from a virtual exit (algos/dom/reverse.h): the result
 *               is immediate post-dominators, reported and dumped in original block ids
 *               (-1 when the post-dominator is the virtual exit).
 *   check       dom_check_idom (algos/dom/check.h): the oracle when n*(n+m) <=
 *               DOM_CHECK_ORACLE_WORK, above that the verifier with its low-high certificate
 *               attempt and the independent reference, block for block.
 *   dumps       idom: n lines "<block> <idom>", -1 for the entry and unreachable blocks (with
 *               --reverse: "<block> <ipdom>", -1 for the virtual exit; dom_idom_dump_named);
 *               domtree-dot: the tree as a graphviz digraph (dom_tree_dump_dot_named). */
#include "bench/kernel.h"
#include "bench/memstat.h"
#include "dom/dom.h"
#include "dom/check.h"
#include "dom/domtree.h"
#include "dom/reverse.h"
#include "util/mem.h"
#include "util/status.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct dom_state {
	const struct dom_algo *a;
	const struct cfg *orig;
	const struct names *bn; /* the input's block names, for the dumps */
	const struct cfg *g; /* what the algorithm runs on: orig, or rev */
	struct cfg rev;
	bool reverse;
	void *scratch;
	uint32_t *idom; /* g->n entries */
};

_Static_assert(DOM_MAX_COUNTERS <= BENCH_MAX_COUNTERS, "a dominator counter would be dropped");

static void dom_kernel(const struct bench_stage *st, size_t i, struct bench_kernel *k)
{
	bench_kernel_of(st, dom_algos[i], k);
	k->prepare = dom_algos[i]->prepare != NULL;
}

static uint64_t dom_mem(const struct bench_kernel *k, const struct bench_input *in)
{
	const struct cfg *g = &in->prog->cfg;
	return ssa_sat_add(dom_stage_bytes(k->algo, g->n, g->m, in->opts->reverse),
			   bench_mem_driver_bytes(sizeof(struct dom_state)));
}

static int dom_setup(const struct bench_kernel *k, const struct bench_input *in, void *state,
		     char *err, size_t errlen)
{
	const struct dom_algo *a = k->algo;
	struct dom_state *s = state;
	s->a = a;
	s->orig = s->g = &in->prog->cfg;
	s->bn = &in->prog->bnames;
	s->reverse = in->opts->reverse;
	int st;
	if (s->reverse) {
		st = dom_reverse_cfg(s->orig, &s->rev, NULL);
		if (st) {
			snprintf(err, errlen, "%s: cannot build the reverse CFG: %s", a->head.name,
				 ssa_status_str(st));
			return st;
		}
		s->g = &s->rev;
	}
	s->idom = ssa_alloc_array(s->g->n, sizeof(uint32_t));
	st = s->idom ? a->scratch_alloc(&s->scratch, s->g->n, s->g->m) : SSA_ENOMEM;
	if (st) {
		snprintf(err, errlen, "%s: cannot allocate scratch for n=%" PRIu32 " m=%" PRIu32 ": %s",
			 a->head.name, s->g->n, s->g->m, ssa_status_str(st));
	}
	return st;
}

static int dom_prepare(void *state)
{
	struct dom_state *s = state;
	return s->a->prepare ? s->a->prepare(s->scratch, s->g) : SSA_OK;
}

static int dom_run(void *state, uint64_t *counters)
{
	struct dom_state *s = state;
	return s->a->run(s->scratch, s->g, s->idom, counters);
}

static int dom_check(void *state, char *msg, size_t msglen)
{
	struct dom_state *s = state;
	return dom_check_idom(s->g, s->idom, s->reverse, msg, msglen);
}

static int dom_dump(void *state, const char *kind, FILE *out)
{
	struct dom_state *s = state;
	const uint32_t n = s->orig->n;
	const uint32_t *idom = s->idom;
	uint32_t *ipdom = NULL;
	if (s->reverse) {
		/* the answer in original ids, SSA_NONE for the virtual exit */
		idom = ipdom = ssa_alloc_array((size_t)n + 1, sizeof *ipdom);
		if (!ipdom)
			return SSA_ENOMEM;
		dom_reverse_map(s->idom, n, ipdom);
	}
	int st = SSA_EUSAGE;
	if (!strcmp(kind, "idom"))
		st = dom_idom_dump_named(out, idom, n, s->bn);
	else if (!strcmp(kind, "domtree-dot"))
		st = dom_tree_dump_dot_named(out, idom, n, s->reverse, s->bn);
	free(ipdom);
	return st;
}

static void dom_teardown(void *state)
{
	struct dom_state *s = state;
	if (s->scratch)
		s->a->scratch_free(s->scratch);
	cfg_free(&s->rev);
	free(s->idom);
}

static const struct bench_option dom_options[] = {
	{"reverse", "post-dominators: run on the reverse CFG from a virtual exit joined to every "
		    "exit block and to one block of every region that cannot exit"},
	{NULL, NULL},
};

const struct bench_stage bench_stage_dom = {
	.name = "dom",
	.title = "immediate dominators (post-dominators with --reverse)",
	.options = dom_options,
	.dumps = "idom domtree-dot",
	.nalgos = &dom_nalgos,
	.kernel = dom_kernel,
	.mem_estimate = dom_mem,
	.state_size = sizeof(struct dom_state),
	.setup = dom_setup,
	.prepare = dom_prepare,
	.run = dom_run,
	.check = dom_check,
	.dump = dom_dump,
	.teardown = dom_teardown,
};
