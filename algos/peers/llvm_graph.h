/* The node types through which LLVM's generic dominator code sees an ssalab CFG (C++, private
 * to algos/peers). LLVM's DominatorTreeBase<NodeT, IsPostDom> and IDFCalculatorBase need:
 * NodeT::getParent() returning the graph type; GraphTraits<NodeT *> for successors and
 * GraphTraits<Inverse<NodeT *>> for predecessors; GraphTraits<Graph *> for the entry node and,
 * for post-dominators, the list of all nodes. A BasicBlock keeps its edges in its terminator
 * and in use lists; here every node points into two flat arrays of node pointers, built once
 * by lgraph_build (the peer's representation, converted untimed).
 *
 * Two node types share that layout and builder, LNodeT<true> and LNodeT<false>. Since LLVM 20
 * the dominator tree and its construction index their per-block records by block number
 * (vectors) when GraphTraits<NodeT *> has getNumber() and the parent graph's GraphTraits have
 * getMaxNumber() and getNumberEpoch(), as BasicBlock and MachineBasicBlock do; without them
 * LLVM falls back to DenseMaps keyed by node pointer. LNodeT<true> (LNode, what llvm-dom,
 * llvm-pdom and llvm-idf use) provides the numbers, so those kernels time the path LLVM takes
 * for real functions; LNodeT<false> (LNodeMap, llvm-dom-map) does not, to keep the fallback
 * measurable beside it. Before LLVM 20 LLVM never looks for numbers: the traits are left out
 * and both types run the same pointer-keyed code. */
#ifndef SSALAB_PEERS_LLVM_GRAPH_H
#define SSALAB_PEERS_LLVM_GRAPH_H

extern "C" {
#include "cfg/cfg.h"
#include "util/mem.h"
#include "util/status.h"
}

#include <llvm/ADT/GraphTraits.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/Support/GenericDomTree.h>
#include <llvm/Support/GenericDomTreeConstruction.h>
#include <llvm/Support/raw_ostream.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <utility>

/* 1 when this LLVM's dominator tree can index nodes by number (LLVM 20 and newer). */
#if LLVM_VERSION_MAJOR >= 20
#define SSALAB_LLVM_BLOCK_NUMBERS 1
#else
#define SSALAB_LLVM_BLOCK_NUMBERS 0
#endif

namespace ssalab_peers {

template <bool Numbered> struct LGraphT;

template <bool Numbered> struct LNodeT {
	LGraphT<Numbered> *parent;
	LNodeT **succ_b, **succ_e; /* successors in the direction the tree is built */
	LNodeT **pred_b, **pred_e;
	uint32_t id;  /* ssalab block id; the extra node of llvm-pdom has id n */
	uint32_t num; /* index in parent->nodes: LLVM's block number (LNodeT<true> only) */

	LGraphT<Numbered> *getParent() const { return parent; }
	/* Only LLVM's debug printing calls it. */
	void printAsOperand(llvm::raw_ostream &os, bool) const { os << id; }
};

template <bool Numbered> struct LGraphT {
	using Node = LNodeT<Numbered>;
	uint32_t n = 0;         /* nodes, including an extra one if any */
	Node *nodes = nullptr;  /* n, indexed by num */
	Node **edges = nullptr; /* successor lists then predecessor lists */
	Node *entry = nullptr;
	/* The nodes GraphTraits<LGraphT *> lists (post-dominators iterate them): [first, last). */
	Node *first = nullptr, *last = nullptr;
	/* Bumped by every rebuild, so LLVM's debug checks can tell a tree made for the previous
	 * graph (its numbers index other nodes) from a current one. */
	unsigned epoch = 0;

	LGraphT() = default;
	LGraphT(const LGraphT &) = delete;
	LGraphT &operator=(const LGraphT &) = delete;
	~LGraphT() { release(); }
	void release()
	{
		free(nodes);
		free(edges);
		nodes = nullptr;
		edges = nullptr;
		entry = first = last = nullptr;
		n = 0;
		epoch++;
	}
};

using LNode = LNodeT<true>;
using LGraph = LGraphT<true>;
using LNodeMap = LNodeT<false>;
using LGraphMap = LGraphT<false>;

/* Walks a node array yielding node pointers, for GraphTraits<LGraphT *>::nodes_iterator. */
template <bool Numbered> struct LNodeIter {
	using iterator_category = std::input_iterator_tag;
	using value_type = LNodeT<Numbered> *;
	using difference_type = std::ptrdiff_t;
	using pointer = LNodeT<Numbered> **;
	using reference = LNodeT<Numbered> *;
	LNodeT<Numbered> *p;
	LNodeT<Numbered> *operator*() const { return p; }
	LNodeIter &operator++()
	{
		++p;
		return *this;
	}
	bool operator==(const LNodeIter &o) const { return p == o.p; }
	bool operator!=(const LNodeIter &o) const { return p != o.p; }
};

/* Bytes of a node view over n nodes and e edge slots (successor plus predecessor entries);
 * both node types have the same size. */
static inline uint64_t lgraph_bytes(uint64_t n, uint64_t e)
{
	return ssa_sat_add(ssa_array_bytes(n, sizeof(LNode)), ssa_array_bytes(e, sizeof(LNode *)));
}

/* Allocates g for n nodes and e edge slots; SSA_ENOMEM, SSA_ETOOBIG. */
template <bool Numbered> static inline int lgraph_alloc(LGraphT<Numbered> *g, uint32_t n, uint64_t e)
{
	g->release();
	if (e > SIZE_MAX / sizeof(LNodeT<Numbered> *))
		return SSA_ETOOBIG;
	g->nodes = static_cast<LNodeT<Numbered> *>(ssa_alloc_array(n, sizeof(LNodeT<Numbered>)));
	g->edges = static_cast<LNodeT<Numbered> **>(
		ssa_alloc_array((size_t)e, sizeof(LNodeT<Numbered> *)));
	if (!g->nodes || !g->edges) {
		g->release();
		return SSA_ENOMEM;
	}
	g->n = n;
	return SSA_OK;
}

/* The forward view of c: node b's successors and predecessors are c's, in edge order. */
template <bool Numbered> static inline int lgraph_build(LGraphT<Numbered> *g, const struct cfg *c)
{
	using Node = LNodeT<Numbered>;
	int st = lgraph_alloc(g, c->n, 2 * (uint64_t)c->m);
	if (st != SSA_OK)
		return st;
	Node **e = g->edges;
	for (uint32_t b = 0; b < c->n; b++) {
		Node *x = &g->nodes[b];
		x->parent = g;
		x->id = b;
		x->num = b;
		x->succ_b = e;
		for (uint32_t i = c->succ_off[b]; i < c->succ_off[b + 1]; i++)
			*e++ = &g->nodes[c->succ[i]];
		x->succ_e = e;
	}
	for (uint32_t b = 0; b < c->n; b++) {
		Node *x = &g->nodes[b];
		x->pred_b = e;
		for (uint32_t i = c->pred_off[b]; i < c->pred_off[b + 1]; i++)
			*e++ = &g->nodes[c->pred[i]];
		x->pred_e = e;
	}
	g->entry = &g->nodes[0];
	g->first = g->nodes;
	g->last = g->nodes + c->n;
	return SSA_OK;
}

/* Peak bytes of LLVM's DominatorTreeBase<LNodeT<Numbered>, Post>::recalculate on n blocks and m
 * edges, the node view excluded, from the installed headers' own record types so that the
 * estimate follows LLVM's layout. An upper bound: every vector is counted at twice its size
 * (SmallVector doubles) and, while it grows, with its old buffer too.
 *
 * Live through the whole construction: one Semi-NCA record per block (InfoRec: DFS number,
 * parent, semi, label, idom, and a SmallVector of the predecessors the DFS came from, 4 inline),
 * the heap part of those vectors (an unsigned per edge), NumToNode (a pointer a block). On top,
 * the largest of three phases: the DFS work list (a node pointer and a number per edge pushed),
 * NumToInfo (a pointer a block, reserved exactly), or the tree (a heap DomTreeNode per block
 * with allocator rounding, the heap part of its Children vectors, a pointer per child, and the
 * index from block to tree node).
 *
 * Numbered (LLVM >= 20, LNode): records in a vector indexed by block number, sized once to the
 * block count (getMaxNumber), so one InfoRec a block; the tree nodes in a vector of unique_ptr
 * indexed by number, resized to the count and then by one: 3 pointers a block while it grows.
 * Map (LNodeMap, or any node type before LLVM 20): records in a DenseMap<node pointer,
 * InfoRec>, which doubles when three quarters full: up to 8/3 buckets an entry, and 4 while it
 * rehashes during the DFS. The tree nodes: since LLVM 20 a vector found through a
 * DenseMap<node pointer, unsigned>, before it a DenseMap<node pointer, unique_ptr>; both
 * 16-byte buckets, 4 an entry at worst, plus the vector's 3 pointers. */
template <bool Numbered, bool Post> static inline uint64_t llvm_domtree_bytes(uint64_t n, uint64_t m)
{
	using Node = LNodeT<Numbered>;
	using DT = llvm::DominatorTreeBase<Node, Post>;
	using Info = typename llvm::DomTreeBuilder::SemiNCAInfo<DT>::InfoRec;
	const uint64_t ptr = sizeof(void *);
	const uint64_t tree_node = sizeof(llvm::DomTreeNodeBase<Node>) + 16;
	uint64_t records, rehash, tree_index;
#if SSALAB_LLVM_BLOCK_NUMBERS
	if constexpr (Numbered) {
		static_assert(llvm::GraphHasNodeNumbers<Node *>, "numbered node type without numbers");
		records = sizeof(Info);
		rehash = 0;
		tree_index = 3 * ptr;
	} else
#endif
	{
		const uint64_t bucket = sizeof(std::pair<Node *, Info>);
		records = (8 * bucket + 2) / 3;
		rehash = (4 * bucket + 2) / 3;
		tree_index = 4 * 16 + 3 * ptr;
	}
	const uint64_t n1 = ssa_sat_add(n, 2); /* the virtual root, llvm-pdom's extra node */
	const uint64_t m1 = ssa_sat_add(m, 1);
	uint64_t live = ssa_sat_add(ssa_bytes(n1, ssa_sat_add(records, 3 * ptr)),
				    ssa_bytes(m1, 2 * sizeof(unsigned)));
	uint64_t dfs = ssa_sat_add(ssa_bytes(m1, 3 * sizeof(std::pair<Node *, unsigned>)),
				   ssa_bytes(n1, rehash));
	uint64_t nca = ssa_bytes(n1, ptr);
	uint64_t tree = ssa_bytes(n1, ssa_sat_add(tree_node, tree_index + 2 * ptr));
	uint64_t phase = dfs > nca ? dfs : nca;
	if (tree > phase)
		phase = tree;
	return ssa_sat_add(live, phase);
}

} // namespace ssalab_peers

namespace llvm {

/* The traits both node types share. */
template <bool Numbered> struct SsalabLNodeTraits {
	using NodeRef = ssalab_peers::LNodeT<Numbered> *;
	using ChildIteratorType = ssalab_peers::LNodeT<Numbered> **;
	static NodeRef getEntryNode(NodeRef n) { return n; }
	static ChildIteratorType child_begin(NodeRef n) { return n->succ_b; }
	static ChildIteratorType child_end(NodeRef n) { return n->succ_e; }
};

template <> struct GraphTraits<ssalab_peers::LNodeMap *> : SsalabLNodeTraits<false> {};

template <> struct GraphTraits<ssalab_peers::LNode *> : SsalabLNodeTraits<true> {
#if SSALAB_LLVM_BLOCK_NUMBERS
	static unsigned getNumber(NodeRef n) { return n->num; }
#endif
};

/* DominatorTreeBase looks numbers up through the const pointer type (getNodeIndex). */
template <> struct GraphTraits<const ssalab_peers::LNode *> {
	using NodeRef = const ssalab_peers::LNode *;
	using ChildIteratorType = ssalab_peers::LNode *const *;
	static NodeRef getEntryNode(NodeRef n) { return n; }
	static ChildIteratorType child_begin(NodeRef n) { return n->succ_b; }
	static ChildIteratorType child_end(NodeRef n) { return n->succ_e; }
#if SSALAB_LLVM_BLOCK_NUMBERS
	static unsigned getNumber(NodeRef n) { return n->num; }
#endif
};

template <bool Numbered> struct GraphTraits<Inverse<ssalab_peers::LNodeT<Numbered> *>> {
	using NodeRef = ssalab_peers::LNodeT<Numbered> *;
	using ChildIteratorType = ssalab_peers::LNodeT<Numbered> **;
	static NodeRef getEntryNode(Inverse<NodeRef> n) { return n.Graph; }
	static ChildIteratorType child_begin(NodeRef n) { return n->pred_b; }
	static ChildIteratorType child_end(NodeRef n) { return n->pred_e; }
};

template <bool Numbered>
struct GraphTraits<ssalab_peers::LGraphT<Numbered> *> : SsalabLNodeTraits<Numbered> {
	using G = ssalab_peers::LGraphT<Numbered> *;
	using NodeRef = typename SsalabLNodeTraits<Numbered>::NodeRef;
	using nodes_iterator = ssalab_peers::LNodeIter<Numbered>;
	static NodeRef getEntryNode(G g) { return g->entry; }
	static nodes_iterator nodes_begin(G g) { return nodes_iterator{g->first}; }
	static nodes_iterator nodes_end(G g) { return nodes_iterator{g->last}; }
	static unsigned size(G g) { return (unsigned)(g->last - g->first); }
	/* Read by LLVM only for numbered nodes: the bound on getNumber and the renumbering count. */
	static unsigned getMaxNumber(G g) { return g->n; }
	static unsigned getNumberEpoch(G g) { return g->epoch; }
};

} // namespace llvm

#endif
