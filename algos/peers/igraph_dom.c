/* igraph-dom: igraph's igraph_dominator_tree as an ssalab dominator kernel.
 *
 * What runs: igraph_dominator_tree(graph, 0, dom, NULL, NULL, IGRAPH_OUT), igraph's
 * Lengauer-Tarjan with simple path compression (its EVAL/COMPRESS keep no balanced forest), on
 * an igraph_t built from ssalab's CSR by prepare (untimed). igraph answers dom[root] = -1 and
 * dom[v] = -2 for a vertex the root does not reach; both become SSA_NONE. Multi-edges and
 * self-loops are allowed (its adjacency lists keep multiple edges and loops once), an edge
 * into the root is ignored as Lengauer and Tarjan ignore it.
 *
 * Everything igraph does inside the call is in the timed run, as a caller of the library pays
 * it: igraph first builds its own adjacency lists from the igraph_t (successors and
 * predecessors, one heap vector per vertex each), its DFS (igraph_dfs, iterative, with a lazy
 * adjacency list of its own), then the semidominator and idom passes. Nothing in it recurses,
 * so deep graphs need no special stack.
 *
 * Errors. igraph's default error handler aborts the process. Around every igraph call this
 * adapter installs a handler that frees igraph's temporaries (IGRAPH_FINALLY_FREE, as the
 * documentation asks of a handler that returns) and remembers the code, so a failure
 * (including out-of-memory) comes back as an ssalab status. This igraph build keeps its
 * handler and its cleanup stack in globals (IGRAPH_THREAD_SAFE is 0), so the calls are
 * serialized by a mutex. */
#include "peers/peers.h"
#include "util/mem.h"
#include "util/status.h"

#include <igraph.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ig_scratch {
	igraph_t g;
	bool have_graph;
	igraph_vector_int_t dom; /* igraph's answer, n entries, kept across runs */
	bool have_dom;
	uint32_t n;
};

static pthread_mutex_t ig_mu = PTHREAD_MUTEX_INITIALIZER;
static igraph_error_handler_t *ig_saved;
static igraph_error_t ig_first_error;
static char ig_reason[160];

/* igraph calls its handler once per stage of unwinding; the first code and reason are the
 * ones that say what happened. */
static void ig_handler(const char *reason, const char *file, int line, igraph_error_t err)
{
	(void)file;
	(void)line;
	if (ig_first_error == IGRAPH_SUCCESS) {
		ig_first_error = err;
		snprintf(ig_reason, sizeof ig_reason, "%s", reason ? reason : "");
	}
	IGRAPH_FINALLY_FREE();
}

static void ig_enter(void)
{
	pthread_mutex_lock(&ig_mu);
	ig_first_error = IGRAPH_SUCCESS;
	ig_saved = igraph_set_error_handler(ig_handler);
}

static int ig_status(igraph_error_t e)
{
	if (e == IGRAPH_SUCCESS)
		return SSA_OK;
	if (e == IGRAPH_ENOMEM)
		return SSA_ENOMEM;
	if (e == IGRAPH_EOVERFLOW || e == IGRAPH_ERANGE)
		return SSA_ETOOBIG;
	return SSA_EUSAGE; /* igraph's other errors are rejected arguments */
}

/* Restores the caller's handler; the status of the igraph call that returned e. */
static int ig_leave(igraph_error_t e)
{
	if (e == IGRAPH_SUCCESS && ig_first_error != IGRAPH_SUCCESS)
		e = ig_first_error; /* reported through the handler only */
	igraph_set_error_handler(ig_saved);
	pthread_mutex_unlock(&ig_mu);
	return ig_status(e);
}

/* Bytes of an igraph vector of count igraph_integer_t (igraph allocates one for an empty
 * vector). */
static uint64_t ig_vec(uint64_t count)
{
	return ssa_bytes(count ? count : 1, sizeof(igraph_integer_t));
}

/* A heap vector per vertex holding the m edges: jemalloc rounds a small request up by at most
 * a quarter plus 8 bytes, and igraph gives an empty list one element. */
static uint64_t ig_lists(uint64_t n, uint64_t m)
{
	uint64_t data = ssa_bytes(ssa_sat_add(m, n), sizeof(igraph_integer_t));
	return ssa_sat_add(ssa_sat_add(data, data / 4), ssa_bytes(n, 8));
}

/* An upper bound of what the kernel holds at its peak, which is inside igraph_dominator_tree:
 * - the igraph_t: from, to, oi, ii (m each) and os, is (n + 1 each), 64-bit integers;
 * - dom, the answer (n);
 * - igraph_dominator_tree's own vectors parent, semi, vertex, ancestor, label (n each), the
 *   bucket's head and next (n each), and two adjacency lists (successors and predecessors):
 *   an array of n vector headers (24 bytes) plus a heap vector per vertex;
 * - igraph_dfs inside it: added (1 byte a vertex), nptr (n), its stack (up to n, grown by
 *   doubling: 2n), and a lazy adjacency list (a pointer a vertex, a 24-byte header allocated
 *   as 32 and a heap vector for every vertex it visits);
 * - COMPRESS's path stack (up to n, doubling: 2n), while the DFS's temporaries are gone.
 * prepare's peak is below it: the graph being built plus the 2m-entry edge vector handed to
 * igraph_create, and igraph_create's two sort orders with their temporaries (about 24m + 8n). */
static uint64_t ig_bytes(uint64_t n, uint64_t m)
{
	uint64_t graph = ssa_sat_add(ssa_bytes(ig_vec(m), 4), ssa_bytes(ig_vec(ssa_sat_add(n, 1)), 2));
	uint64_t dom = ig_vec(n);
	uint64_t arrays = ssa_bytes(ig_vec(n), 7);
	uint64_t adj = ssa_bytes(ssa_sat_add(ssa_bytes(n, 24), ig_lists(n, m)), 2);
	uint64_t dfs = ssa_sat_add(ssa_sat_add(n, ssa_bytes(ig_vec(n), 3)),
				   ssa_sat_add(ssa_bytes(n, 8 + 32), ig_lists(n, m)));
	uint64_t run = ssa_sat_add(ssa_sat_add(arrays, adj), dfs);
	uint64_t build = ssa_sat_add(ssa_bytes(ig_vec(m), 2 + 3), ig_vec(ssa_sat_add(n, 1)));
	return ssa_sat_add(ssa_sat_add(graph, dom), run > build ? run : build);
}

static int ig_alloc(void **scratch, uint32_t n, uint32_t m)
{
	(void)n;
	(void)m;
	struct ig_scratch *s = calloc(1, sizeof *s);
	if (!s)
		return SSA_ENOMEM;
	*scratch = s;
	return SSA_OK;
}

static void ig_release(struct ig_scratch *s)
{
	if (s->have_graph)
		igraph_destroy(&s->g);
	if (s->have_dom)
		igraph_vector_int_destroy(&s->dom);
	s->have_graph = s->have_dom = false;
	s->n = 0;
}

static void ig_free(void *scratch)
{
	struct ig_scratch *s = scratch;
	if (!s)
		return;
	ig_release(s);
	free(s);
}

/* igraph_t from ssalab's CSR: an edge vector (from, to, from, to, ...) in ssalab's edge order,
 * then igraph_create, which indexes it by source and by target. */
static igraph_error_t ig_build(struct ig_scratch *s, const struct cfg *c)
{
	igraph_vector_int_t edges;
	igraph_error_t e = igraph_vector_int_init(&edges, (igraph_integer_t)c->m * 2);
	if (e != IGRAPH_SUCCESS)
		return e;
	igraph_integer_t k = 0;
	for (uint32_t u = 0; u < c->n; u++)
		for (uint32_t i = c->succ_off[u]; i < c->succ_off[u + 1]; i++) {
			VECTOR(edges)[k++] = u;
			VECTOR(edges)[k++] = c->succ[i];
		}
	e = igraph_create(&s->g, &edges, (igraph_integer_t)c->n, IGRAPH_DIRECTED);
	igraph_vector_int_destroy(&edges);
	if (e != IGRAPH_SUCCESS)
		return e;
	s->have_graph = true;
	e = igraph_vector_int_init(&s->dom, (igraph_integer_t)c->n);
	if (e != IGRAPH_SUCCESS)
		return e;
	s->have_dom = true;
	return IGRAPH_SUCCESS;
}

static int ig_prepare(void *scratch, const struct cfg *c)
{
	struct ig_scratch *s = scratch;
	ig_enter();
	ig_release(s);
	int st = ig_leave(ig_build(s, c));
	if (st != SSA_OK) {
		ig_enter();
		ig_release(s);
		ig_leave(IGRAPH_SUCCESS);
		return st;
	}
	s->n = c->n;
	return SSA_OK;
}

static int ig_run(void *scratch, const struct cfg *c, uint32_t *idom, uint64_t *counters)
{
	struct ig_scratch *s = scratch;
	memset(counters, 0, DOM_MAX_COUNTERS * sizeof *counters);
	if (!s->have_graph || s->n != c->n || igraph_vcount(&s->g) != (igraph_integer_t)c->n ||
	    igraph_ecount(&s->g) != (igraph_integer_t)c->m)
		return SSA_EUSAGE; /* prepare was not run on this graph */
	ig_enter();
	int st = ig_leave(igraph_dominator_tree(&s->g, 0, &s->dom, NULL, NULL, IGRAPH_OUT));
	if (st != SSA_OK)
		return st;
	if (igraph_vector_int_size(&s->dom) != (igraph_integer_t)c->n)
		return SSA_EVERIFY;
	for (uint32_t b = 0; b < c->n; b++) {
		igraph_integer_t d = VECTOR(s->dom)[b];
		idom[b] = d < 0 ? SSA_NONE : (uint32_t)d;
	}
	return SSA_OK;
}

static char ig_version[48];

static void ig_version_fill(void)
{
	const char *v = NULL;
	int major = 0, minor = 0, patch = 0;
	igraph_version(&v, &major, &minor, &patch);
	snprintf(ig_version, sizeof ig_version, "igraph %d.%d.%d", major, minor, patch);
}

const char *peer_igraph_version(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, ig_version_fill);
	return ig_version;
}

int peer_igraph_handler_check(void)
{
	/* mode IGRAPH_ALL is refused by igraph_dominator_tree before it allocates anything. */
	igraph_t g;
	ig_enter();
	igraph_error_t e = igraph_empty(&g, 2, IGRAPH_DIRECTED);
	int st = ig_leave(e);
	if (st != SSA_OK)
		return st;
	igraph_vector_int_t dom;
	ig_enter();
	e = igraph_vector_int_init(&dom, 0);
	st = ig_leave(e);
	if (st == SSA_OK) {
		ig_enter();
		st = ig_leave(igraph_dominator_tree(&g, 0, &dom, NULL, NULL, IGRAPH_ALL));
		igraph_vector_int_destroy(&dom);
	}
	igraph_destroy(&g);
	return st;
}

const char *peer_igraph_last_error(void)
{
	return ig_reason;
}

const struct dom_algo peer_igraph_dom = {
	.head = {
		.name = "igraph-dom",
		.summary = "igraph's igraph_dominator_tree (Lengauer-Tarjan, simple compression) on an igraph_t",
		.citation = "igraph src/flow/st-cuts.c; Lengauer, Tarjan, TOPLAS 1979",
		.complexity = "O(m log n) time, 16n + 32m bytes graph + up to ~230n + 30m inside the call",
		.counter_names = {NULL},
	},
	.scratch_bytes = ig_bytes,
	.scratch_alloc = ig_alloc,
	.scratch_free = ig_free,
	.run = ig_run,
	.prepare = ig_prepare,
};
