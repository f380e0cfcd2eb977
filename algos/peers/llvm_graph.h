/* The node type through which LLVM's generic dominator code sees an ssalab CFG (C++, private
 * to algos/peers). LLVM's DominatorTreeBase<NodeT, IsPostDom> and IDFCalculatorBase need:
 * NodeT::getParent() returning the graph type; GraphTraits<NodeT *> for successors and
 * GraphTraits<Inverse<NodeT *>> for predecessors; GraphTraits<Graph *> for the entry node and,
 * for post-dominators, the list of all nodes. A BasicBlock keeps its edges in its terminator
 * and in use lists; here every node points into two flat arrays of node pointers, built once
 * by lgraph_build (the peer's representation, converted untimed). */
#ifndef SSALAB_PEERS_LLVM_GRAPH_H
#define SSALAB_PEERS_LLVM_GRAPH_H

extern "C" {
#include "cfg/cfg.h"
#include "util/mem.h"
#include "util/status.h"
}

#include <llvm/ADT/GraphTraits.h>
#include <llvm/Support/raw_ostream.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <cstdlib>

namespace ssalab_peers {

struct LGraph;

struct LNode {
	LGraph *parent;
	LNode **succ_b, **succ_e; /* successors in the direction the tree is built */
	LNode **pred_b, **pred_e;
	uint32_t id;              /* ssalab block id; the extra node of llvm-pdom has id n */

	LGraph *getParent() const { return parent; }
	/* Only LLVM's debug printing calls it. */
	void printAsOperand(llvm::raw_ostream &os, bool) const { os << id; }
};

struct LGraph {
	uint32_t n = 0;          /* nodes, including an extra one if any */
	LNode *nodes = nullptr;  /* n, indexed by block id */
	LNode **edges = nullptr; /* successor lists then predecessor lists */
	LNode *entry = nullptr;
	/* The nodes GraphTraits<LGraph *> lists (post-dominators iterate them): [first, last). */
	LNode *first = nullptr, *last = nullptr;

	LGraph() = default;
	LGraph(const LGraph &) = delete;
	LGraph &operator=(const LGraph &) = delete;
	~LGraph() { release(); }
	void release()
	{
		free(nodes);
		free(edges);
		nodes = nullptr;
		edges = nullptr;
		n = 0;
	}
};

/* Walks a node array yielding node pointers, for GraphTraits<LGraph *>::nodes_iterator. */
struct LNodeIter {
	using iterator_category = std::input_iterator_tag;
	using value_type = LNode *;
	using difference_type = std::ptrdiff_t;
	using pointer = LNode **;
	using reference = LNode *;
	LNode *p;
	LNode *operator*() const { return p; }
	LNodeIter &operator++()
	{
		++p;
		return *this;
	}
	bool operator==(const LNodeIter &o) const { return p == o.p; }
	bool operator!=(const LNodeIter &o) const { return p != o.p; }
};

/* Bytes of an LGraph over n nodes and e edge slots (successor plus predecessor entries). */
static inline uint64_t lgraph_bytes(uint64_t n, uint64_t e)
{
	return ssa_sat_add(ssa_bytes(n, sizeof(LNode)), ssa_bytes(e, sizeof(LNode *)));
}

/* Allocates g for n nodes and e edge slots; SSA_ENOMEM. */
static inline int lgraph_alloc(LGraph *g, uint32_t n, uint64_t e)
{
	g->release();
	if (e > SIZE_MAX / sizeof(LNode *))
		return SSA_ETOOBIG;
	g->nodes = static_cast<LNode *>(ssa_alloc_array(n, sizeof(LNode)));
	g->edges = static_cast<LNode **>(ssa_alloc_array((size_t)e, sizeof(LNode *)));
	if (!g->nodes || !g->edges) {
		g->release();
		return SSA_ENOMEM;
	}
	g->n = n;
	return SSA_OK;
}

/* The forward view of c: node b's successors and predecessors are c's, in edge order. */
static inline int lgraph_build(LGraph *g, const struct cfg *c)
{
	int st = lgraph_alloc(g, c->n, 2 * (uint64_t)c->m);
	if (st != SSA_OK)
		return st;
	LNode **e = g->edges;
	for (uint32_t b = 0; b < c->n; b++) {
		LNode *x = &g->nodes[b];
		x->parent = g;
		x->id = b;
		x->succ_b = e;
		for (uint32_t i = c->succ_off[b]; i < c->succ_off[b + 1]; i++)
			*e++ = &g->nodes[c->succ[i]];
		x->succ_e = e;
	}
	for (uint32_t b = 0; b < c->n; b++) {
		LNode *x = &g->nodes[b];
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

} // namespace ssalab_peers

namespace llvm {

template <> struct GraphTraits<ssalab_peers::LNode *> {
	using NodeRef = ssalab_peers::LNode *;
	using ChildIteratorType = ssalab_peers::LNode **;
	static NodeRef getEntryNode(NodeRef n) { return n; }
	static ChildIteratorType child_begin(NodeRef n) { return n->succ_b; }
	static ChildIteratorType child_end(NodeRef n) { return n->succ_e; }
};

template <> struct GraphTraits<Inverse<ssalab_peers::LNode *>> {
	using NodeRef = ssalab_peers::LNode *;
	using ChildIteratorType = ssalab_peers::LNode **;
	static NodeRef getEntryNode(Inverse<NodeRef> n) { return n.Graph; }
	static ChildIteratorType child_begin(NodeRef n) { return n->pred_b; }
	static ChildIteratorType child_end(NodeRef n) { return n->pred_e; }
};

template <>
struct GraphTraits<ssalab_peers::LGraph *> : public GraphTraits<ssalab_peers::LNode *> {
	using nodes_iterator = ssalab_peers::LNodeIter;
	static NodeRef getEntryNode(ssalab_peers::LGraph *g) { return g->entry; }
	static nodes_iterator nodes_begin(ssalab_peers::LGraph *g) { return nodes_iterator{g->first}; }
	static nodes_iterator nodes_end(ssalab_peers::LGraph *g) { return nodes_iterator{g->last}; }
	static unsigned size(ssalab_peers::LGraph *g) { return (unsigned)(g->last - g->first); }
};

} // namespace llvm

#endif
