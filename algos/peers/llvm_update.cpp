/* llvm-update and llvm-update-batch: LLVM's incremental dominator tree on an update stream, as
 * dynamic-dominator algorithms (algos/update/update.h), and LLVM's incremental post-dominator
 * tree for the tests.
 *
 * What runs: llvm::DominatorTreeBase<UNode, IsPostDom> from the installed LLVM's headers
 * (llvm/Support/GenericDomTreeConstruction.h): recalculate (Semi-NCA) at init; then
 *   llvm-update        insertEdge / deleteEdge once per update, each right after that update is
 *                      in the graph LLVM sees (its contract: "no other updates the dominator
 *                      tree doesn't know about"): InsertEdge is the depth-based search of
 *                      Georgiadis, Italiano, Laura and Santaroni (ESA 2012), DeleteEdge the
 *                      subtree rebuild by Semi-NCA, or a recomputation when the rebuilt
 *                      subtree would be the root's;
 *   llvm-update-batch  applyUpdates once per batch: LLVM legalizes the batch (an insertion and
 *                      a deletion of one edge cancel), recomputes from scratch when it holds more
 *                      updates than |DT|/40 (|DT| <= 100: more than |DT|), else applies them one
 *                      by one over a pre-view of the graph (GraphDiff).
 * Time: LLVM's (depth-based search per insertion, O(subtree) levels renumbered; deletions
 * O(subtree of the nearest common dominator) with Semi-NCA, quadratic on its bad cases);
 * memory: the node array (16 bytes a block) and LLVM's tree and records (u_tree_bytes).
 *
 * The graph LLVM sees is the driver's struct dyn_cfg itself, through GraphTraits whose child
 * iterators map the dyn_cfg's id lists to node pointers (no copy of the graph). Block numbers
 * are the ids (LLVM 20 and newer index records and tree nodes by them); getMaxNumber is the
 * current block count, so new blocks get numbers as BasicBlocks do, and the epoch never changes
 * (no block is ever renumbered). llvm-update needs the graph as it was after each update of a
 * batch: the lists of the blocks the batch touches are copied into an overlay where the batch
 * is undone, then redone one update at a time (a batch of one needs no overlay).
 *
 * LLVM's updates name edges, not copies: "insert A->B" means the edge now exists, "delete A->B"
 * that it no longer does. The stream names copies (a switch with two cases to one block has two
 * A->B edges). So LLVM is told an insertion only when the edge's copies go from 0 to 1 and a
 * deletion only when they go from 1 to 0 (per update for llvm-update, over the batch in order
 * for llvm-update-batch); the others change nothing LLVM can see (counter not_told). */
#include "peers/llvm_graph.h"

extern "C" {
#include "peers/peers.h"
#include "update/dyn_cfg.h"
#include "update/update.h"
}

#include <llvm/ADT/STLExtras.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <vector>

namespace ssalab_peers {

struct UGraph;

/* A block as LLVM sees it: its graph and its id, which is also its number. */
struct UNode {
	UGraph *parent;
	uint32_t id;
	UGraph *getParent() const { return parent; }
	void printAsOperand(llvm::raw_ostream &os, bool) const { os << id; }
};

struct IdToNode {
	UNode *base;
	UNode *operator()(uint32_t id) const { return base + id; }
};
using UChildIt = llvm::mapped_iterator<const uint32_t *, IdToNode>;

struct UGraph {
	const struct dyn_cfg *g = nullptr;
	UNode *nodes = nullptr;
	uint32_t cap = 0;
	/* The overlay (llvm-update, batches of more than one update): for a touched block, its
	 * successor and predecessor lists as of the update being told. */
	bool overlay = false;
	std::vector<uint32_t> slot;                 /* block -> overlay index, UINT32_MAX none */
	std::vector<std::vector<uint32_t>> succs, preds;
	std::vector<uint32_t> touched;

	/* The entry, for DomTreeNodeTraits (findNearestCommonDominator asks for it). */
	UNode &front() { return nodes[0]; }
	const uint32_t *succ(uint32_t b, uint32_t *k) const
	{
		if (overlay && slot[b] != UINT32_MAX) {
			const std::vector<uint32_t> &l = succs[slot[b]];
			*k = (uint32_t)l.size();
			return l.data();
		}
		return dyn_succ(g, b, k);
	}
	const uint32_t *pred(uint32_t b, uint32_t *k) const
	{
		if (overlay && slot[b] != UINT32_MAX) {
			const std::vector<uint32_t> &l = preds[slot[b]];
			*k = (uint32_t)l.size();
			return l.data();
		}
		return dyn_pred(g, b, k);
	}
};

/* Walks the node array, for GraphTraits<UGraph *>::nodes_iterator (post-dominators list every
 * block to find the roots). */
struct UNodeIter {
	using iterator_category = std::input_iterator_tag;
	using value_type = UNode *;
	using difference_type = std::ptrdiff_t;
	using pointer = UNode **;
	using reference = UNode *;
	UNode *p;
	UNode *operator*() const { return p; }
	UNodeIter &operator++()
	{
		++p;
		return *this;
	}
	bool operator==(const UNodeIter &o) const { return p == o.p; }
	bool operator!=(const UNodeIter &o) const { return p != o.p; }
};

} // namespace ssalab_peers

namespace llvm {

template <> struct GraphTraits<ssalab_peers::UNode *> {
	using NodeRef = ssalab_peers::UNode *;
	using ChildIteratorType = ssalab_peers::UChildIt;
	static NodeRef getEntryNode(NodeRef n) { return n; }
	static ChildIteratorType child_begin(NodeRef n)
	{
		uint32_t k;
		const uint32_t *s = n->parent->succ(n->id, &k);
		return ChildIteratorType(s, ssalab_peers::IdToNode{n->parent->nodes});
	}
	static ChildIteratorType child_end(NodeRef n)
	{
		uint32_t k;
		const uint32_t *s = n->parent->succ(n->id, &k);
		return ChildIteratorType(s + k, ssalab_peers::IdToNode{n->parent->nodes});
	}
#if SSALAB_LLVM_BLOCK_NUMBERS
	static unsigned getNumber(NodeRef n) { return n->id; }
#endif
};

template <> struct GraphTraits<const ssalab_peers::UNode *> {
	using NodeRef = const ssalab_peers::UNode *;
#if SSALAB_LLVM_BLOCK_NUMBERS
	static unsigned getNumber(NodeRef n) { return n->id; }
#endif
};

template <> struct GraphTraits<Inverse<ssalab_peers::UNode *>> {
	using NodeRef = ssalab_peers::UNode *;
	using ChildIteratorType = ssalab_peers::UChildIt;
	static NodeRef getEntryNode(Inverse<NodeRef> n) { return n.Graph; }
	static ChildIteratorType child_begin(NodeRef n)
	{
		uint32_t k;
		const uint32_t *p = n->parent->pred(n->id, &k);
		return ChildIteratorType(p, ssalab_peers::IdToNode{n->parent->nodes});
	}
	static ChildIteratorType child_end(NodeRef n)
	{
		uint32_t k;
		const uint32_t *p = n->parent->pred(n->id, &k);
		return ChildIteratorType(p + k, ssalab_peers::IdToNode{n->parent->nodes});
	}
};

template <> struct GraphTraits<ssalab_peers::UGraph *> : GraphTraits<ssalab_peers::UNode *> {
	using G = ssalab_peers::UGraph *;
	using nodes_iterator = ssalab_peers::UNodeIter;
	static NodeRef getEntryNode(G g) { return g->nodes; }
	static nodes_iterator nodes_begin(G g) { return nodes_iterator{g->nodes}; }
	static nodes_iterator nodes_end(G g) { return nodes_iterator{g->nodes + g->g->n}; }
	static unsigned size(G g) { return g->g->n; }
	/* Blocks only come, numbered in order: the bound grows, no number ever changes. */
	static unsigned getMaxNumber(G g) { return g->g->n; }
	static unsigned getNumberEpoch(G) { return 0; }
};

} // namespace llvm

using namespace ssalab_peers;

namespace {

#if SSALAB_LLVM_BLOCK_NUMBERS
static_assert(llvm::GraphHasNodeNumbers<UNode *>, "UNode must give LLVM block numbers");
#endif

enum { C_TOLD, C_NOT_TOLD };

template <bool Post> struct UState {
	UGraph graph;
	llvm::DominatorTreeBase<UNode, Post> dt;
	std::vector<uint32_t> idom;
	/* llvm-update-batch's scratch: the batch's edge updates sorted by (u, v, position). */
	std::vector<uint32_t> order, running;
	std::vector<typename llvm::DominatorTreeBase<UNode, Post>::UpdateType> updates;
};

static uint32_t count_in(const uint32_t *a, uint32_t k, uint32_t x)
{
	uint32_t c = 0;
	for (uint32_t i = 0; i < k; i++)
		c += a[i] == x;
	return c;
}

/* Copies of u -> v in the graph as LLVM sees it now. */
static uint32_t copies(const UGraph &G, uint32_t u, uint32_t v)
{
	uint32_t ks, kp;
	const uint32_t *s = G.succ(u, &ks), *p = G.pred(v, &kp);
	return ks <= kp ? count_in(s, ks, v) : count_in(p, kp, u);
}

/* LLVM's tree with one construction's records beside it, and room for the incremental paths'
 * own containers (InsertEdge's queue and visited lists, a DeleteEdge's records over a subtree,
 * applyUpdates' GraphDiff), which are not modelled one by one: a record and 3 pointers a block
 * plus 2 words an edge throughout, then the larger of 3 (pointer, number) pairs an edge for a
 * DFS and a tree node of 96 bytes with 5 pointers a block. Looser than llvm_domtree_bytes,
 * which follows a construction alone (results/memory/README.md has both against the peaks). */
template <bool Post> uint64_t u_tree_bytes(uint64_t n, uint64_t m)
{
	using Info = typename llvm::DomTreeBuilder::SemiNCAInfo<
		llvm::DominatorTreeBase<UNode, Post>>::InfoRec;
	const uint64_t ptr = sizeof(void *);
	const uint64_t n1 = ssa_sat_add(n, 2), m1 = ssa_sat_add(m, 1);
	uint64_t live = ssa_sat_add(ssa_bytes(n1, sizeof(Info) + 3 * ptr),
				    ssa_bytes(m1, 2 * sizeof(unsigned)));
	uint64_t dfs = ssa_bytes(m1, 3 * sizeof(std::pair<UNode *, unsigned>));
	uint64_t tree = ssa_bytes(n1, sizeof(llvm::DomTreeNodeBase<UNode>) + 16 + 5 * ptr);
	return ssa_sat_add(live, dfs > tree ? dfs : tree);
}

template <bool Post> uint64_t u_bytes(uint64_t n, uint64_t m)
{
	/* The nodes and idom array, the overlay's slots, LLVM's tree and construction records,
	 * and the batch scratch (bounded by the edges). */
	uint64_t own = ssa_bytes(n, sizeof(UNode) + 3 * sizeof(uint32_t));
	return ssa_sat_add(ssa_sat_add(own, u_tree_bytes<Post>(n, m)),
			   ssa_bytes(m, 4 * sizeof(uint32_t)));
}

template <bool Post> int u_init(void **state, const struct dyn_cfg *g, uint32_t n_max)
{
	*state = nullptr;
	if (!g || g->n == 0 || n_max < g->n)
		return SSA_EUSAGE;
	UState<Post> *s = nullptr;
	try {
		s = new UState<Post>();
		s->graph.nodes = static_cast<UNode *>(ssa_alloc_array(n_max, sizeof(UNode)));
		if (!s->graph.nodes) {
			delete s;
			return SSA_ENOMEM;
		}
		s->graph.cap = n_max;
		for (uint32_t b = 0; b < n_max; b++)
			s->graph.nodes[b] = UNode{&s->graph, b};
		s->graph.g = g;
		s->graph.slot.assign(n_max, UINT32_MAX);
		s->idom.assign(n_max, SSA_NONE);
		s->dt.recalculate(s->graph);
	} catch (const std::bad_alloc &) {
		if (s) {
			free(s->graph.nodes);
			delete s;
		}
		return SSA_ENOMEM;
	}
	*state = s;
	return SSA_OK;
}

template <bool Post> void u_free(void *state)
{
	auto *s = static_cast<UState<Post> *>(state);
	if (!s)
		return;
	free(s->graph.nodes);
	delete s;
}

/* Remove the last copy of x from l (the order of the rest kept, as dyn_cfg does). */
static void drop_one(std::vector<uint32_t> &l, uint32_t x)
{
	for (size_t i = l.size(); i-- > 0;)
		if (l[i] == x) {
			l.erase(l.begin() + (std::ptrdiff_t)i);
			return;
		}
}

/* Overlay lists for every block the batch's edges touch, holding the graph before the batch. */
static void overlay_begin(UGraph &G, const struct update *ops, size_t k)
{
	G.touched.clear();
	for (size_t j = 0; j < k; j++) {
		if (ops[j].kind != UPDATE_INSERT && ops[j].kind != UPDATE_DELETE)
			continue;
		for (uint32_t b : {ops[j].u, ops[j].v}) {
			if (G.slot[b] != UINT32_MAX)
				continue;
			uint32_t i = (uint32_t)G.touched.size();
			if (G.succs.size() <= i) {
				G.succs.emplace_back();
				G.preds.emplace_back();
			}
			uint32_t ks, kp;
			const uint32_t *s = dyn_succ(G.g, b, &ks), *p = dyn_pred(G.g, b, &kp);
			G.succs[i].assign(s, s + ks);
			G.preds[i].assign(p, p + kp);
			G.slot[b] = i;
			G.touched.push_back(b);
		}
	}
	for (size_t j = k; j-- > 0;) {
		const struct update &o = ops[j];
		if (o.kind == UPDATE_INSERT) {
			drop_one(G.succs[G.slot[o.u]], o.v);
			drop_one(G.preds[G.slot[o.v]], o.u);
		} else if (o.kind == UPDATE_DELETE) {
			G.succs[G.slot[o.u]].push_back(o.v);
			G.preds[G.slot[o.v]].push_back(o.u);
		}
	}
	G.overlay = true;
}

static void overlay_step(UGraph &G, const struct update &o)
{
	if (o.kind == UPDATE_INSERT) {
		G.succs[G.slot[o.u]].push_back(o.v);
		G.preds[G.slot[o.v]].push_back(o.u);
	} else if (o.kind == UPDATE_DELETE) {
		drop_one(G.succs[G.slot[o.u]], o.v);
		drop_one(G.preds[G.slot[o.v]], o.u);
	}
}

static void overlay_end(UGraph &G)
{
	for (uint32_t b : G.touched)
		G.slot[b] = UINT32_MAX;
	G.touched.clear();
	G.overlay = false;
}

/* llvm-update: each update told on its own, the graph LLVM sees holding exactly the updates
 * told so far. */
template <bool Post>
int u_apply_each(void *state, const struct dyn_cfg *g, const struct update *ops, size_t k,
		 uint64_t *counters)
{
	auto *s = static_cast<UState<Post> *>(state);
	if (g->n > s->graph.cap)
		return SSA_EUSAGE;
	UGraph &G = s->graph;
	G.g = g;
	try {
		if (k > 1)
			overlay_begin(G, ops, k);
		for (size_t j = 0; j < k; j++) {
			const struct update &o = ops[j];
			if (o.kind != UPDATE_INSERT && o.kind != UPDATE_DELETE)
				continue;
			if (k > 1)
				overlay_step(G, o);
			uint32_t c = copies(G, o.u, o.v);
			if (o.kind == UPDATE_INSERT && c == 1)
				s->dt.insertEdge(&G.nodes[o.u], &G.nodes[o.v]);
			else if (o.kind == UPDATE_DELETE && c == 0)
				s->dt.deleteEdge(&G.nodes[o.u], &G.nodes[o.v]);
			else {
				counters[C_NOT_TOLD]++;
				continue;
			}
			counters[C_TOLD]++;
		}
	} catch (const std::bad_alloc &) {
		overlay_end(G);
		return SSA_ENOMEM;
	}
	overlay_end(G);
	return SSA_OK;
}

/* llvm-update-batch: the batch as LLVM's edge updates, in order, to applyUpdates. */
template <bool Post>
int u_apply_batch(void *state, const struct dyn_cfg *g, const struct update *ops, size_t k,
		  uint64_t *counters)
{
	using DT = llvm::DominatorTreeBase<UNode, Post>;
	auto *s = static_cast<UState<Post> *>(state);
	if (g->n > s->graph.cap)
		return SSA_EUSAGE;
	UGraph &G = s->graph;
	G.g = g;
	try {
		/* Each edge's copies before the batch: now, less the batch's own insertions, plus its
		 * deletions. Updates of one edge are adjacent once sorted by (u, v, position). */
		s->order.clear();
		for (size_t j = 0; j < k; j++)
			if (ops[j].kind == UPDATE_INSERT || ops[j].kind == UPDATE_DELETE)
				s->order.push_back((uint32_t)j);
		std::sort(s->order.begin(), s->order.end(), [ops](uint32_t a, uint32_t b) {
			if (ops[a].u != ops[b].u)
				return ops[a].u < ops[b].u;
			if (ops[a].v != ops[b].v)
				return ops[a].v < ops[b].v;
			return a < b;
		});
		s->running.assign(k, 0);
		for (size_t i = 0; i < s->order.size();) {
			size_t e = i;
			const struct update &o = ops[s->order[i]];
			int64_t c = copies(G, o.u, o.v);
			while (e < s->order.size() && ops[s->order[e]].u == o.u &&
			       ops[s->order[e]].v == o.v) {
				c += ops[s->order[e]].kind == UPDATE_INSERT ? -1 : 1;
				e++;
			}
			/* running[j] = copies just before update j. */
			for (; i < e; i++) {
				uint32_t j = s->order[i];
				s->running[j] = (uint32_t)c;
				c += ops[j].kind == UPDATE_INSERT ? 1 : -1;
			}
		}
		s->updates.clear();
		for (size_t j = 0; j < k; j++) {
			const struct update &o = ops[j];
			if (o.kind == UPDATE_INSERT && s->running[j] == 0)
				s->updates.push_back({llvm::cfg::UpdateKind::Insert, &G.nodes[o.u],
						      &G.nodes[o.v]});
			else if (o.kind == UPDATE_DELETE && s->running[j] == 1)
				s->updates.push_back({llvm::cfg::UpdateKind::Delete, &G.nodes[o.u],
						      &G.nodes[o.v]});
			else if (o.kind == UPDATE_INSERT || o.kind == UPDATE_DELETE)
				counters[C_NOT_TOLD]++;
		}
		counters[C_TOLD] += s->updates.size();
		if (!s->updates.empty())
			s->dt.applyUpdates(llvm::ArrayRef<typename DT::UpdateType>(s->updates));
	} catch (const std::bad_alloc &) {
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

template <bool Post> const uint32_t *u_idom(void *state)
{
	auto *s = static_cast<UState<Post> *>(state);
	const struct dyn_cfg *g = s->graph.g;
	for (uint32_t b = 0; b < g->n; b++) {
		auto *tn = s->dt.getNode(&s->graph.nodes[b]);
		UNode *d = tn && tn->getIDom() ? tn->getIDom()->getBlock() : nullptr;
		s->idom[b] = d ? d->id : SSA_NONE;
	}
	return s->idom.data();
}

} // namespace

extern "C" {

const struct update_algo peer_llvm_update = {
	.head = {
		.name = "llvm-update",
		.summary = "LLVM's DominatorTree insertEdge/deleteEdge once per update (depth-based "
			   "search; subtree rebuild by Semi-NCA)",
		.citation = "LLVM GenericDomTreeConstruction.h; Georgiadis, Italiano, Laura, "
			    "Santaroni, ESA 2012",
		.complexity = "insert O(affected log n + subtree levels), delete O(NCD's subtree) "
			      "with Semi-NCA (quadratic worst); ~250 bytes/block",
		.worst_degree = 2,
		.counter_names = {"told", "not_told"},
	},
	.state_bytes = u_bytes<false>,
	.init = u_init<false>,
	.apply = u_apply_each<false>,
	.idom = u_idom<false>,
	.free = u_free<false>,
};

const struct update_algo peer_llvm_update_batch = {
	.head = {
		.name = "llvm-update-batch",
		.summary = "LLVM's DominatorTree applyUpdates once per batch (legalized; recomputed "
			   "above |DT|/40 updates)",
		.citation = "LLVM GenericDomTreeConstruction.h (D36167, batch updates, 2017)",
		.complexity = "per update as llvm-update, or one Semi-NCA recomputation per batch; "
			      "~250 bytes/block",
		.worst_degree = 2,
		.counter_names = {"told", "not_told"},
	},
	.state_bytes = u_bytes<false>,
	.init = u_init<false>,
	.apply = u_apply_batch<false>,
	.idom = u_idom<false>,
	.free = u_free<false>,
};

const struct update_algo peer_llvm_update_pdom = {
	.head = {
		.name = "llvm-update-pdom",
		.summary = "LLVM's PostDominatorTree insertEdge/deleteEdge once per update (not a "
			   "forward tree: compare with peer_llvm_pdom_fresh)",
		.citation = "LLVM GenericDomTreeConstruction.h (IsPostDom=true)",
		.complexity = "as llvm-update; root changes recompute from scratch",
		.worst_degree = 2,
		.counter_names = {"told", "not_told"},
	},
	.state_bytes = u_bytes<true>,
	.init = u_init<true>,
	.apply = u_apply_each<true>,
	.idom = u_idom<true>,
	.free = u_free<true>,
};

const struct update_algo peer_llvm_update_pdom_batch = {
	.head = {
		.name = "llvm-update-pdom-batch",
		.summary = "LLVM's PostDominatorTree applyUpdates once per batch",
		.citation = "LLVM GenericDomTreeConstruction.h (IsPostDom=true)",
		.complexity = "as llvm-update-batch",
		.worst_degree = 2,
		.counter_names = {"told", "not_told"},
	},
	.state_bytes = u_bytes<true>,
	.init = u_init<true>,
	.apply = u_apply_batch<true>,
	.idom = u_idom<true>,
	.free = u_free<true>,
};

int peer_llvm_update_verify(const struct update_algo *a, void *state)
{
	bool post = a == &peer_llvm_update_pdom || a == &peer_llvm_update_pdom_batch;
	if (!post && a != &peer_llvm_update && a != &peer_llvm_update_batch)
		return SSA_EUSAGE;
	bool ok = post ? static_cast<UState<true> *>(state)->dt.verify()
		       : static_cast<UState<false> *>(state)->dt.verify();
	return ok ? SSA_OK : SSA_EVERIFY;
}

int peer_llvm_pdom_fresh(const struct dyn_cfg *g, uint32_t *ipdom)
{
	void *state = nullptr;
	int st = u_init<true>(&state, g, g->n);
	if (st != SSA_OK)
		return st;
	memcpy(ipdom, u_idom<true>(state), (size_t)g->n * sizeof *ipdom);
	u_free<true>(state);
	return SSA_OK;
}

} // extern "C"
