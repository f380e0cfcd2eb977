/* boost-lt: Boost.Graph's Lengauer-Tarjan dominator tree as an ssalab dominator kernel.
 *
 * What runs: boost::lengauer_tarjan_dominator_tree (boost/graph/dominator_tree.hpp) on a
 * boost::compressed_sparse_row_graph<bidirectionalS> with 32-bit vertex and edge ids, built
 * from ssalab's CSR by prepare (untimed). Boost's code follows Appel's textbook version
 * ("Modern Compiler Implementation", algorithms 19.9-19.10): Lengauer and Tarjan, "A Fast
 * Algorithm for Finding Dominators in a Flowgraph" (TOPLAS 1979) with simple path compression
 * and buckets kept as a vector of vectors. Time O(m log n); memory about 8n + 12m bytes for
 * the graph plus about 80n bytes of Boost's own arrays, allocated by Boost inside each run.
 *
 * Which overload. The convenience overload (graph, entry, idom map) allocates its DFS-number
 * map filled with 0, so every block the DFS from the entry does not reach keeps DFS number 0,
 * the entry's. Boost skips a predecessor only when its number is out of range, so the edge
 * u -> v from an unreachable u is taken as an edge from the entry's DFS number and v's
 * semidominator can become u: the answer is then wrong (peer_boost_lt_3arg keeps that
 * overload so tests/test_peers_boost.c can show it). The seven-argument overload used here
 * documents the precondition that unreachable blocks carry the largest DFS number and a null
 * parent; this adapter fills the maps so and lets Boost run its own DFS.
 *
 * Boost's eval (ancestor_with_lowest_semi_) is recursive, one frame per vertex on the
 * compressed path, which can be as long as the DFS tree is deep: a 10^6-block loop overflows
 * an 8 MiB stack. prepare measures the DFS tree's depth; when it is large, run() calls Boost on
 * a worker thread whose stack is sized for that depth (virtual memory, touched only as deep as
 * the recursion goes), so deep graphs run instead of crashing. The worker is started once and
 * kept until scratch_free, as a compiler's own thread would be: a new thread per run gets a
 * fresh arena from jemalloc (round-robin over 4 arenas a core), so every rep faulted in all of
 * Boost's arrays anew and the measurement was mostly page faults (results/peers/README.md). */
extern "C" {
#include "cfg/traverse.h"
#include "peers/peers.h"
#include "util/mem.h"
#include "util/status.h"
}

#include <boost/graph/compressed_sparse_row_graph.hpp>

/* Boost 1.74's bidirectional CSR graph lacks degree(), which BidirectionalGraphConcept (checked
 * by the dominator code) requires; later Boost versions define it the same way. */
namespace boost {
template <typename VP, typename EP, typename GP, typename V, typename E>
inline V degree(V v, const compressed_sparse_row_graph<bidirectionalS, VP, EP, GP, V, E> &g)
{
	return out_degree(v, g) + in_degree(v, g);
}
} // namespace boost

#include <boost/graph/dominator_tree.hpp>
#include <boost/version.hpp>

#include <pthread.h>

#include <cstring>
#include <deque>
#include <limits>
#include <new>
#include <utility>
#include <vector>

namespace {

using Graph = boost::compressed_sparse_row_graph<boost::bidirectionalS, boost::no_property,
						 boost::no_property, boost::no_property, uint32_t,
						 uint32_t>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
using IndexMap = boost::property_map<Graph, boost::vertex_index_t>::const_type;

/* Bytes of recursion per level of Boost's eval, with margin (the sanitizer build's frames are
 * several times larger). */
#if defined(__SANITIZE_ADDRESS__)
constexpr uint64_t frame_bytes = 2048; /* 1432 measured (gcc 12, ASan, -O1) */
#else
constexpr uint64_t frame_bytes = 256; /* 128 measured at -O3 (gcc 12) */
#endif
/* Depths up to this run on the caller's stack. */
constexpr uint32_t direct_depth = 8192;

struct Scratch {
	Graph g;
	uint32_t n = 0;
	uint32_t depth = 0; /* of the DFS tree from the entry */
	std::vector<uint32_t> dfnum;
	std::vector<Vertex> parent;
	std::vector<Vertex> by_dfnum;
	/* For the call on the worker thread. */
	uint32_t *idom = nullptr;
	bool oom = false;
	/* The worker: started on the first deep run, its stack sized for `worker_depth`, kept
	 * until boost_free. `job` is set by run() and cleared by the worker when Boost returns. */
	bool has_worker = false;
	uint32_t worker_depth = 0;
	pthread_t worker;
	pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
	bool job = false, quit = false;
};

void stop_worker(Scratch *s);

/* Boost allocates inside its own containers, so these are bounds from their layouts (libstdc++,
 * Boost 1.81), not a model of each allocation. Kept from prepare: the bidirectional CSR (row
 * starts both ways; targets, sources and edge ids), dfnum, parent, by_dfnum; prepare's
 * transients: the edge list (and the CSR's sort) or the depth's DFS. A run: semi, ancestor,
 * samedom, best; a std::deque per block for the buckets (the object, its 8-pointer map and one
 * 512-byte node each, and nodes for the entries past the first 128); the DFS's colours and its
 * stack (up to a block per level of the DFS tree, 48 bytes a frame, doubling). On a DFS tree
 * deeper than direct_depth the run's part happens on the worker thread (see above). */
uint64_t boost_bytes(uint64_t n, uint64_t m)
{
	const uint64_t word = ssa_array_bytes(n, sizeof(uint32_t));
	uint64_t graph = ssa_bytes(2, ssa_array_bytes(n + 1, sizeof(uint64_t)));
	graph = ssa_sat_add(graph, ssa_bytes(3, ssa_array_bytes(m, sizeof(uint64_t))));
	uint64_t kept = ssa_sat_add(graph, ssa_bytes(3, word));
	uint64_t build = ssa_sat_add(ssa_array_bytes(m, 2 * sizeof(uint32_t)),
				     ssa_sat_add(ssa_array_bytes(m, sizeof(uint64_t)),
						 ssa_array_bytes(n + 1, sizeof(uint64_t))));
	uint64_t depth = ssa_bytes(7, word);
	uint64_t run = ssa_sat_add(ssa_bytes(5, word), ssa_array_bytes(n, sizeof(std::deque<Vertex>)));
	run = ssa_sat_add(run, ssa_bytes(n, ssa_alloc_size(8 * sizeof(void *)) + ssa_alloc_size(512)));
	run = ssa_sat_add(run, ssa_bytes(ssa_sat_add(n / 128, 1), ssa_alloc_size(512)));
	uint64_t cap = 1;
	while (cap < n)
		cap *= 2;
	run = ssa_sat_add(run, ssa_sat_add(ssa_array_bytes(cap, 48), ssa_array_bytes(cap / 2, 48)));
	uint64_t phase = build > depth ? build : depth;
	phase = phase > run ? phase : run;
	return ssa_sat_add(ssa_sat_add(kept, phase), ssa_alloc_size(sizeof(Scratch)));
}

int boost_alloc(void **scratch, uint32_t, uint32_t)
{
	try {
		*scratch = new Scratch();
	} catch (const std::bad_alloc &) {
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

void boost_free(void *scratch)
{
	auto *s = static_cast<Scratch *>(scratch);
	if (s)
		stop_worker(s);
	delete s;
}

/* Boost's CSR from ssalab's, successors in edge order (Boost's construction is a stable
 * counting sort by source, so the order survives). */
void build_graph(Graph &out, const struct cfg *c)
{
	std::vector<std::pair<uint32_t, uint32_t>> edges;
	edges.reserve(c->m);
	for (uint32_t u = 0; u < c->n; u++)
		for (uint32_t i = c->succ_off[u]; i < c->succ_off[u + 1]; i++)
			edges.emplace_back(u, c->succ[i]);
	out = Graph(boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(), c->n);
}

/* Depth of the DFS tree from the entry (the longest path a compressed eval can follow). */
int dfs_depth(const struct cfg *c, uint32_t *depth)
{
	struct cfg_dfs d;
	if (cfg_dfs_alloc(&d, c->n) != SSA_OK)
		return SSA_ENOMEM;
	cfg_dfs_run(&d, c, 0);
	/* post doubles as the depth by block: a parent is numbered before its children. */
	uint32_t best = 0;
	for (uint32_t i = 0; i < d.nreach; i++) {
		uint32_t b = d.order[i], p = d.parent[b];
		uint32_t k = p == SSA_NONE ? 0 : d.post[p] + 1;
		d.post[b] = k;
		if (k > best)
			best = k;
	}
	cfg_dfs_free(&d);
	*depth = best;
	return SSA_OK;
}

int boost_prepare(void *scratch, const struct cfg *c)
{
	auto *s = static_cast<Scratch *>(scratch);
	try {
		build_graph(s->g, c);
		s->dfnum.assign(c->n, 0);
		s->parent.assign(c->n, 0);
		s->by_dfnum.assign(c->n, 0);
	} catch (const std::bad_alloc &) {
		return SSA_ENOMEM;
	}
	s->n = c->n;
	return dfs_depth(c, &s->depth);
}

/* The timed part: Boost's preconditions on its maps, then the algorithm. */
void run_boost(Scratch *s)
{
	const Vertex none = boost::graph_traits<Graph>::null_vertex();
	std::fill(s->dfnum.begin(), s->dfnum.end(), std::numeric_limits<uint32_t>::max());
	std::fill(s->parent.begin(), s->parent.end(), none);
	std::fill(s->by_dfnum.begin(), s->by_dfnum.end(), none);
	for (uint32_t b = 0; b < s->n; b++)
		s->idom[b] = none;
	IndexMap index = get(boost::vertex_index, s->g);
	auto dfnum = boost::make_iterator_property_map(s->dfnum.begin(), index);
	auto parent = boost::make_iterator_property_map(s->parent.begin(), index);
	auto idom = boost::make_iterator_property_map(s->idom, index);
	try {
		boost::lengauer_tarjan_dominator_tree(s->g, Vertex(0), index, dfnum, parent,
						      s->by_dfnum, idom);
	} catch (const std::bad_alloc &) {
		s->oom = true;
	}
}

void *worker_main(void *arg)
{
	auto *s = static_cast<Scratch *>(arg);
	pthread_mutex_lock(&s->mu);
	for (;;) {
		while (!s->job && !s->quit)
			pthread_cond_wait(&s->cv, &s->mu);
		if (s->quit)
			break;
		pthread_mutex_unlock(&s->mu);
		run_boost(s);
		pthread_mutex_lock(&s->mu);
		s->job = false;
		pthread_cond_broadcast(&s->cv);
	}
	pthread_mutex_unlock(&s->mu);
	return nullptr;
}

void stop_worker(Scratch *s)
{
	if (!s->has_worker)
		return;
	pthread_mutex_lock(&s->mu);
	s->quit = true;
	pthread_cond_broadcast(&s->cv);
	pthread_mutex_unlock(&s->mu);
	pthread_join(s->worker, nullptr);
	s->has_worker = false;
	s->quit = false;
}

/* A worker whose stack holds s->depth levels of Boost's recursion, reusing the running one
 * when its stack is deep enough. */
int ensure_worker(Scratch *s)
{
	if (s->has_worker && s->worker_depth >= s->depth)
		return SSA_OK;
	stop_worker(s);
	uint64_t stack = ssa_sat_add(ssa_bytes(s->depth, frame_bytes), 8u << 20);
	if (stack > SIZE_MAX)
		return SSA_ETOOBIG;
	pthread_attr_t attr;
	if (pthread_attr_init(&attr) != 0)
		return SSA_ENOMEM;
	int rc = pthread_attr_setstacksize(&attr, (size_t)stack);
	if (rc == 0)
		rc = pthread_create(&s->worker, &attr, worker_main, s);
	pthread_attr_destroy(&attr);
	if (rc != 0)
		return SSA_ENOMEM;
	s->has_worker = true;
	s->worker_depth = s->depth;
	return SSA_OK;
}

int boost_run(void *scratch, const struct cfg *c, uint32_t *idom, uint64_t *counters)
{
	auto *s = static_cast<Scratch *>(scratch);
	memset(counters, 0, DOM_MAX_COUNTERS * sizeof *counters);
	if (s->n != c->n || num_vertices(s->g) != c->n)
		return SSA_EUSAGE; /* prepare was not run on this graph */
	s->idom = idom;
	s->oom = false;
	/* null_vertex() of this graph is UINT32_MAX, ssalab's SSA_NONE: the entry and the
	 * unreachable blocks keep it. */
	static_assert(std::numeric_limits<Vertex>::max() == SSA_NONE, "none maps to none");
	if (s->depth <= direct_depth) {
		run_boost(s);
	} else {
		int st = ensure_worker(s);
		if (st != SSA_OK)
			return st;
		pthread_mutex_lock(&s->mu);
		s->job = true;
		pthread_cond_broadcast(&s->cv);
		while (s->job)
			pthread_cond_wait(&s->cv, &s->mu);
		pthread_mutex_unlock(&s->mu);
	}
	return s->oom ? SSA_ENOMEM : SSA_OK;
}

} // namespace

extern "C" {

const char *peer_boost_version(void)
{
	static char buf[32];
	if (!buf[0])
		snprintf(buf, sizeof buf, "Boost %d.%d.%d", BOOST_VERSION / 100000,
			 BOOST_VERSION / 100 % 1000, BOOST_VERSION % 100);
	return buf;
}

const struct dom_algo peer_boost_lt = {
	.head = {
		.name = "boost-lt",
		.summary = "Boost.Graph's lengauer_tarjan_dominator_tree on a bidirectional CSR graph",
		.citation = "Boost dominator_tree.hpp; Lengauer, Tarjan, TOPLAS 1979 (Appel's version)",
		.complexity = "O(m log n) time, 8n + 12m bytes graph + ~80n bytes",
		.worst_degree = 1,
		.counter_names = {NULL},
	},
	.scratch_bytes = boost_bytes,
	.scratch_alloc = boost_alloc,
	.scratch_free = boost_free,
	.run = boost_run,
	.prepare = boost_prepare,
	.tree = nullptr,
};

int peer_boost_lt_3arg(const struct cfg *c, uint32_t *idom)
{
	if (!c || !idom)
		return SSA_EUSAGE;
	uint32_t depth = 0;
	if (dfs_depth(c, &depth) != SSA_OK)
		return SSA_ENOMEM;
	if (depth > direct_depth)
		return SSA_ETOOBIG; /* for small demonstrations only */
	try {
		Graph g;
		build_graph(g, c);
		for (uint32_t b = 0; b < c->n; b++)
			idom[b] = SSA_NONE;
		IndexMap index = get(boost::vertex_index, g);
		boost::lengauer_tarjan_dominator_tree(g, Vertex(0),
						      boost::make_iterator_property_map(idom, index));
	} catch (const std::bad_alloc &) {
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

} // extern "C"
