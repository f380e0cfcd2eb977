/* boost-lt: Boost.Graph's Lengauer-Tarjan dominator tree as an ssalab dominator kernel.
 *
 * What runs: boost::lengauer_tarjan_dominator_tree (boost/graph/dominator_tree.hpp) on a
 * boost::compressed_sparse_row_graph<bidirectionalS> with 32-bit vertex and edge ids, built
 * from ssalab's CSR by prepare (untimed). Boost's code follows Appel's textbook version
 * ("Modern Compiler Implementation", algorithms 19.9-19.10): Lengauer and Tarjan, "A Fast
 * Algorithm for Finding Dominators in a Flowgraph" (TOPLAS 1979) with simple path compression
 * and buckets kept as a vector of deques. Time O(m log n); memory about 9n + 13m bytes for
 * the graph plus about 670n bytes of Boost's own, allocated by Boost inside each run (a deque
 * per block: 656 bytes).
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
 * an 8 MiB stack. prepare measures the DFS tree's depth; when it is large, run() switches the
 * calling thread onto a stack sized for that depth (ucontext; mapped once and kept until
 * scratch_free, touched only as deep as the recursion goes), so deep graphs run instead of
 * crashing. It stays the same thread, so Boost's allocations come from the caller's jemalloc
 * arena and count in the caller's thread.peak, which bench reports (a worker thread's were
 * invisible there, and a new thread per run got a fresh arena: results/peers/README.md). */
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

#include <sys/mman.h>
#include <ucontext.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

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
	uint32_t *idom = nullptr;
	bool oom = false;
	/* The deep-run stack: mapped on the first deep run, sized for `stack_depth`, kept until
	 * boost_free; the contexts of the caller and of the run on it. */
	void *stack = nullptr;
	size_t stack_size = 0;
	uint32_t stack_depth = 0;
	ucontext_t caller, deep;
	const void *caller_bottom = nullptr; /* the caller's stack, for ASan's switch back */
	size_t caller_size = 0;
};

void free_stack(Scratch *s);

/* Boost allocates inside its own containers, so these follow their layouts (libstdc++, Boost
 * 1.81) rather than each allocation. Kept from prepare: the bidirectional CSR with 32-bit ids
 * (row starts both ways; targets, sources and forward edge ids; and the one-byte no_property
 * vectors Boost keeps per vertex and per edge), dfnum, parent, by_dfnum. prepare's transients:
 * the edge list (the CSR is built from it in two counting passes, no sort buffer) or the
 * depth's DFS. A run: the DFS's colours, kept to the end, and first its stack (a frame per
 * level of the DFS tree, at most n, in a doubling vector), then the visitor: semi, ancestor,
 * samedom, best, and a std::deque per block for the buckets (the object, its 8-pointer map and
 * the 512-byte node a deque allocates when made, and nodes for the entries past each node's
 * 128: all buckets together hold at most n). Checked against jemalloc's peaks by
 * tests/test_bench_memory.c (within 1% at 10^4-10^5 blocks). */
uint64_t boost_bytes(uint64_t n, uint64_t m)
{
	const uint64_t word = ssa_array_bytes(n, sizeof(uint32_t));
	uint64_t graph = ssa_bytes(2, ssa_array_bytes(ssa_sat_add(n, 1), sizeof(uint32_t)));
	graph = ssa_sat_add(graph, ssa_bytes(3, ssa_array_bytes(m, sizeof(uint32_t))));
	graph = ssa_sat_add(graph, ssa_sat_add(ssa_array_bytes(m, sizeof(boost::no_property)),
					       ssa_array_bytes(n, sizeof(boost::no_property))));
	uint64_t kept = ssa_sat_add(graph, ssa_bytes(3, word));
	uint64_t build = ssa_array_bytes(m, 2 * sizeof(uint32_t));
	uint64_t depth = ssa_bytes(7, word);
	uint64_t visitor = ssa_sat_add(ssa_bytes(4, word),
				       ssa_array_bytes(n, sizeof(std::deque<Vertex>)));
	visitor = ssa_sat_add(visitor, ssa_bytes(n, ssa_alloc_size(8 * sizeof(void *)) +
							   ssa_alloc_size(512)));
	visitor = ssa_sat_add(visitor, ssa_bytes(ssa_sat_add(n / 128, 1), ssa_alloc_size(512)));
	uint64_t cap = 1;
	while (cap < n)
		cap *= 2;
	uint64_t stack = ssa_sat_add(ssa_array_bytes(cap, 48), ssa_array_bytes(cap / 2, 48));
	uint64_t run = ssa_sat_add(word, visitor > stack ? visitor : stack);
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
		free_stack(s);
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

/* The scratch the deep run works on: makecontext passes only int arguments. */
thread_local Scratch *deep_scratch;

void deep_main()
{
	Scratch *s = deep_scratch;
#if defined(__SANITIZE_ADDRESS__)
	__sanitizer_finish_switch_fiber(nullptr, &s->caller_bottom, &s->caller_size);
#endif
	run_boost(s);
#if defined(__SANITIZE_ADDRESS__)
	/* This stack is left for good: its fake frames go (nullptr). */
	__sanitizer_start_switch_fiber(nullptr, s->caller_bottom, s->caller_size);
#endif
	/* returning resumes uc_link, the caller */
}

void free_stack(Scratch *s)
{
	if (s->stack)
		munmap(s->stack, s->stack_size);
	s->stack = nullptr;
	s->stack_size = 0;
	s->stack_depth = 0;
}

/* A stack that holds s->depth levels of Boost's recursion, reusing the mapped one when it is
 * deep enough. Reserved address space only (MAP_NORESERVE), with a guard page at its end. */
int ensure_stack(Scratch *s)
{
	if (s->stack && s->stack_depth >= s->depth)
		return SSA_OK;
	free_stack(s);
	const uint64_t page = 4096;
	uint64_t size = ssa_sat_add(ssa_bytes(s->depth, frame_bytes), 8u << 20);
	size = ssa_sat_add(size, page - 1) / page * page;
	if (size > SIZE_MAX / 2)
		return SSA_ETOOBIG;
	void *p = mmap(nullptr, (size_t)size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
	if (p == MAP_FAILED)
		return SSA_ENOMEM;
	if (mprotect(p, page, PROT_NONE) != 0) {
		munmap(p, (size_t)size);
		return SSA_ENOMEM;
	}
	s->stack = p;
	s->stack_size = (size_t)size;
	s->stack_depth = s->depth;
	return SSA_OK;
}

/* run_boost on the deep stack, then back here. */
int run_deep(Scratch *s)
{
	int st = ensure_stack(s);
	if (st != SSA_OK)
		return st;
	if (getcontext(&s->deep) != 0)
		return SSA_ENOMEM;
	s->deep.uc_stack.ss_sp = s->stack;
	s->deep.uc_stack.ss_size = s->stack_size;
	s->deep.uc_link = &s->caller;
	makecontext(&s->deep, deep_main, 0);
	deep_scratch = s;
#if defined(__SANITIZE_ADDRESS__)
	void *fake = nullptr;
	__sanitizer_start_switch_fiber(&fake, s->stack, s->stack_size);
#endif
	if (swapcontext(&s->caller, &s->deep) != 0)
		return SSA_ENOMEM;
#if defined(__SANITIZE_ADDRESS__)
	__sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#endif
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
		int st = run_deep(s);
		if (st != SSA_OK)
			return st;
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
		.complexity = "O(m log n) time, 9n + 13m bytes graph + ~670n bytes",
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
