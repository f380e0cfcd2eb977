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

/* LLVM's container growth, for the estimate below. A SmallVector with `inl` inline elements
 * grows to max(2 * capacity + 1, needed) (llvm/ADT/SmallVector.h): its capacity once it holds
 * `count` elements pushed one by one. */
static inline uint64_t llvm_sv_cap(uint64_t inl, uint64_t count)
{
	uint64_t c = inl;
	while (c < count && c < (UINT64_C(1) << 40))
		c = 2 * c + 1;
	return c;
}

/* Heap bytes of such a vector of `elt`-byte elements at `count`, with the buffer it grew from:
 * both are allocated at the last growth (a move for other types, realloc for trivially
 * copyable ones, which jemalloc counts as a new block too). */
static inline uint64_t llvm_sv_grown(uint64_t inl, uint64_t count, uint64_t elt)
{
	uint64_t c = llvm_sv_cap(inl, count);
	if (c == inl)
		return 0;
	uint64_t prev = (c - 1) / 2;
	return ssa_sat_add(ssa_array_bytes(c, elt), prev > inl ? ssa_array_bytes(prev, elt) : 0);
}

/* Buckets of a DenseMap after `entries` insertions: 64 at first, doubled when an insertion
 * would leave it three quarters full. */
static inline uint64_t llvm_dense_buckets(uint64_t entries)
{
	uint64_t b = 64;
	while (ssa_bytes(entries, 4) >= ssa_bytes(b, 3) && b < (UINT64_C(1) << 40))
		b *= 2;
	return b;
}

/* Heap bytes of a SmallVector<unsigned, 4> of `count` entries: a node's ReverseChildren (one
 * entry per edge the DFS reached it by). Per entry at most 48 / 5 bytes (5 entries in 9
 * slots, a 48-byte class); the next classes cost less per entry. */
static inline uint64_t llvm_rc_bytes(uint64_t entries)
{
	return ssa_sat_add(ssa_bytes(entries, 48) / 5, 48);
}

/* Peak bytes of LLVM's DominatorTreeBase<LNodeT<Numbered>, Post>::recalculate on n blocks and m
 * edges, the node view excluded, from the installed headers' record types and LLVM 22's
 * container growth (above), each allocation in its jemalloc size class. An upper bound from n
 * and m alone: the shape of the graph decides what it reaches (results/memory/README.md).
 *
 * The first run, from an empty tree, is the largest (a later one frees the old tree's nodes
 * first and reuses its vector). Live through a construction: the Semi-NCA records (InfoRec:
 * DFS number, parent, semi, label, idom and a SmallVector<unsigned, 4> of the predecessors the
 * DFS came from), NumToNode (a pointer per block reached, plus one). Then the largest of:
 * - the DFS: its work list (a node pointer and a number per edge pushed and not yet popped)
 *   beside the ReverseChildren lists (the popped entries): together at most m + 2 entries,
 *   so the worst split of m + 2 between them, the work list at each of its growth steps;
 * - the NCA pass: ReverseChildren, NumToInfo (reserved exactly) and the eval stack (at most a
 *   pointer per block);
 * - the tree: ReverseChildren, a DomTreeNode per block (80 bytes), its Children
 *   (SmallVector<pointer, 4>: at most 16 bytes a child once past 4) and the index of tree
 *   nodes (numbered: a vector sized to the block count, then once to one more: 2n + 1 slots
 *   beside the old n; map: a vector grown one by one and a DenseMap<pointer, unsigned>).
 * Records: numbered (LLVM >= 20, LNode), a vector sized once to the highest number + 1; map
 * (LNodeMap, or any node type before LLVM 20), a DenseMap<node pointer, InfoRec> (64-byte
 * buckets, with the old buckets while it rehashes). n + 2 covers LLVM's virtual root and
 * llvm-pdom's extra node, m + 1 its extra edge. */
template <bool Numbered, bool Post> static inline uint64_t llvm_domtree_bytes(uint64_t n, uint64_t m)
{
	using Node = LNodeT<Numbered>;
	using DT = llvm::DominatorTreeBase<Node, Post>;
	using Info = typename llvm::DomTreeBuilder::SemiNCAInfo<DT>::InfoRec;
	const uint64_t ptr = sizeof(void *);
	const uint64_t n2 = ssa_sat_add(n, 2);
	const uint64_t entries = ssa_sat_add(m, 2); /* work list and ReverseChildren together */
	uint64_t records, records_dfs, tree_index;
	bool numbered = false;
#if SSALAB_LLVM_BLOCK_NUMBERS
	if constexpr (Numbered) {
		static_assert(llvm::GraphHasNodeNumbers<Node *>, "numbered node type without numbers");
		numbered = true;
	}
#endif
	if (numbered) {
		records = records_dfs = ssa_array_bytes(n2, sizeof(Info));
		/* sized to the node count, then to one more */
		tree_index = ssa_sat_add(ssa_array_bytes(n2, ptr),
					 ssa_array_bytes(ssa_sat_add(ssa_bytes(n2, 2), 1), ptr));
	} else {
		const uint64_t bucket = sizeof(std::pair<Node *, Info>);
		const uint64_t b = llvm_dense_buckets(n2);
		records = ssa_array_bytes(b, bucket);
		records_dfs = ssa_sat_add(records, ssa_array_bytes(b / 2, bucket));
		const uint64_t ib = llvm_dense_buckets(n2);
		tree_index = ssa_sat_add(llvm_sv_grown(6, n2, ptr),
					 ssa_sat_add(ssa_array_bytes(ib, 16), ssa_array_bytes(ib / 2, 16)));
	}
	const uint64_t num_to_node = ssa_array_bytes(llvm_sv_cap(64, ssa_sat_add(n2, 1)), ptr);
	const uint64_t rc = llvm_rc_bytes(entries);

	/* The DFS: w entries on the work list, the rest in ReverseChildren, for each w where the
	 * list's capacity steps up (the largest w of a step costs no more than its smallest). */
	uint64_t dfs = rc;
	for (uint64_t c = 64;; c = 2 * c + 1) {
		uint64_t w = c > entries ? entries : c;
		uint64_t v = ssa_sat_add(llvm_sv_grown(64, w, sizeof(std::pair<Node *, unsigned>)),
					 llvm_rc_bytes(entries - w));
		if (v > dfs)
			dfs = v;
		if (c >= entries)
			break;
	}
	dfs = ssa_sat_add(ssa_sat_add(records_dfs, llvm_sv_grown(64, ssa_sat_add(n2, 1), ptr)), dfs);

	uint64_t nca = ssa_sat_add(ssa_array_bytes(ssa_sat_add(n2, 1), ptr),
				   llvm_sv_grown(32, n2, ptr));
	uint64_t tree = ssa_bytes(n2, ssa_alloc_size(sizeof(llvm::DomTreeNodeBase<Node>)));
	tree = ssa_sat_add(tree, ssa_sat_add(ssa_bytes(n2, 2 * ptr), tree_index));
	uint64_t later = nca > tree ? nca : tree;
	later = ssa_sat_add(ssa_sat_add(records, num_to_node), ssa_sat_add(rc, later));
	return dfs > later ? dfs : later;
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
