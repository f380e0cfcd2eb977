/* llvm-dom, llvm-dom-map and llvm-pdom: LLVM's dominator tree construction as ssalab dominator
 * kernels, and LLVM's own post-dominator tree for the checks.
 *
 * What runs: llvm::DominatorTreeBase<NodeT, IsPostDom>::recalculate from the installed LLVM's
 * headers (llvm/Support/GenericDomTreeConstruction.h): Semi-NCA (Georgiadis, Tarjan, Werneck,
 * "Finding Dominators in Practice", JGAA 2006) with an iterative DFS and eval, per-node
 * construction records, and a DomTreeNode allocated per block. A tree is kept in the scratch,
 * so each rep's recalculate also frees the previous rep's tree, as a compiler's recomputation
 * does. Time O(n^2) worst case (the NCA walk, as in ssalab's snca; quadratic on ladder and
 * sncaworst), near-linear in practice. Memory: the node view (48n + 16m bytes,
 * algos/peers/llvm_graph.h) plus LLVM's records, llvm_domtree_bytes.
 *
 * Where LLVM keeps the records depends on the node type (llvm_graph.h). llvm-dom and llvm-pdom
 * use LNode, which gives LLVM 20 and newer block numbers: records and tree nodes in vectors
 * indexed by number, the path LLVM takes for BasicBlocks. llvm-dom-map is llvm-dom over
 * LNodeMap, which has no numbers: records in a DenseMap keyed by node pointer, the path of
 * LLVM 16-19 and of node types without numbers today. Before LLVM 20 the two are the same code.
 *
 * llvm-dom builds the forward tree (IsPostDom = false) from block 0.
 *
 * llvm-pdom answers the same question through LLVM's post-dominator code (IsPostDom = true):
 * the graph LLVM sees is the reverse of the input restricted to the blocks reachable from its
 * entry, so the post-dominators LLVM computes there are the input's dominators. LLVM roots a
 * post-dominator tree at the blocks without successors (in the graph it sees: the input's
 * blocks without predecessors), so the only root must be the entry: when the entry has
 * predecessors (a loop back to it), one extra node s is added with the edge s -> entry, and
 * the entry's immediate dominator s is reported as none. Under `bench --reverse` the input is
 * ssalab's reverse CFG (algos/dom/reverse.c): block 0 is the virtual exit, joined to every
 * exit and to one block of every region that cannot reach an exit, and it has no
 * predecessors; the graph LLVM then sees is the original function plus that virtual exit as
 * its only block without successors. LLVM's post-dominator tree of it has one root, the
 * virtual exit, under LLVM's own virtual root: its answer is LLVM's post-dominator tree with
 * ssalab's choice of exits, block for block (b+1 in the reverse CFG is original block b;
 * dom_reverse_map turns 0 into "none").
 *
 * peer_llvm_postdom is LLVM's post-dominator tree of a CFG with LLVM's own choice of roots
 * (FindRoots: blocks without successors, then for each region that cannot reach one, the block
 * a forward DFS from its first block in id order reaches last, then redundant roots removed).
 * The tests compare it with ssalab's algorithms on the reverse CFG joined to those roots. */
#include "peers/llvm_graph.h"

extern "C" {
#include "cfg/traverse.h"
#include "peers/peers.h"
}

#include <cstring>
#include <new>

using namespace ssalab_peers;

namespace {

#if SSALAB_LLVM_BLOCK_NUMBERS
/* What llvm-dom times against llvm-dom-map: LLVM's check for numbers must see them on one and
 * not on the other (a silently unnumbered LNode would make the two kernels the same). */
static_assert(llvm::GraphHasNodeNumbers<LNode *>, "LNode must give LLVM block numbers");
static_assert(llvm::GraphHasNodeNumbers<const LNode *>, "LLVM also asks through const LNode *");
static_assert(!llvm::GraphHasNodeNumbers<LNodeMap *>, "LNodeMap must stay pointer-keyed");
#endif

template <bool Numbered, bool Post> struct DomScratch {
	LGraphT<Numbered> g;
	llvm::DominatorTreeBase<LNodeT<Numbered>, Post> dt;
	uint32_t nblocks = 0; /* ssalab blocks; g may have one more node */
	uint32_t extra = SSA_NONE; /* llvm-pdom's node s, or SSA_NONE */
};

/* The node view with room for llvm-pdom's extra node and edge, plus LLVM's peak. */
template <bool Numbered, bool Post> uint64_t dom_bytes(uint64_t n, uint64_t m)
{
	return ssa_sat_add(lgraph_bytes(ssa_sat_add(n, 1), ssa_sat_add(ssa_bytes(m, 2), 2)),
			   llvm_domtree_bytes<Numbered, Post>(n, m));
}

template <bool Numbered, bool Post> int dom_alloc(void **scratch, uint32_t, uint32_t)
{
	try {
		*scratch = new DomScratch<Numbered, Post>();
	} catch (const std::bad_alloc &) {
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

template <bool Numbered, bool Post> void dom_free(void *scratch)
{
	delete static_cast<DomScratch<Numbered, Post> *>(scratch);
}

template <bool Numbered> int fwd_prepare(void *scratch, const struct cfg *c)
{
	auto *s = static_cast<DomScratch<Numbered, false> *>(scratch);
	s->dt.reset();
	s->nblocks = c->n;
	return lgraph_build(&s->g, c);
}

/* The reverse view for llvm-pdom (see the header comment). */
int post_prepare(void *scratch, const struct cfg *c)
{
	auto *s = static_cast<DomScratch<true, true> *>(scratch);
	s->dt.reset();
	s->g.release();
	const uint32_t n = c->n;
	uint8_t *reach = static_cast<uint8_t *>(ssa_alloc_array(n, 1));
	uint32_t *idx = static_cast<uint32_t *>(ssa_alloc_array(n, sizeof(uint32_t)));
	if (!reach || !idx) {
		free(reach);
		free(idx);
		return SSA_ENOMEM;
	}
	/* idx doubles as cfg_reach's stack before it numbers the nodes. */
	cfg_reach(c, 0, reach, idx);
	uint32_t r = 0;
	uint64_t e = 0;
	bool entry_has_preds = false;
	for (uint32_t b = 0; b < n; b++) {
		if (!reach[b])
			continue;
		idx[b] = r++;
		e += c->succ_off[b + 1] - c->succ_off[b];
		for (uint32_t i = c->pred_off[b]; i < c->pred_off[b + 1]; i++)
			if (reach[c->pred[i]]) {
				e++;
				if (b == 0)
					entry_has_preds = true;
			}
	}
	uint32_t nodes = r + (entry_has_preds ? 1 : 0);
	int st = lgraph_alloc(&s->g, nodes, e + (entry_has_preds ? 2 : 0));
	if (st != SSA_OK) {
		free(reach);
		free(idx);
		return st;
	}
	LGraph &g = s->g;
	LNode **p = g.edges;
	for (uint32_t b = 0; b < n; b++) {
		if (!reach[b])
			continue;
		LNode *x = &g.nodes[idx[b]];
		x->parent = &g;
		x->id = b;
		x->num = idx[b];
		/* LLVM's successors: the input's predecessors (reachable ones only). */
		x->succ_b = p;
		for (uint32_t i = c->pred_off[b]; i < c->pred_off[b + 1]; i++)
			if (reach[c->pred[i]])
				*p++ = &g.nodes[idx[c->pred[i]]];
		if (b == 0 && entry_has_preds)
			*p++ = &g.nodes[r];
		x->succ_e = p;
		x->pred_b = p;
		for (uint32_t i = c->succ_off[b]; i < c->succ_off[b + 1]; i++)
			*p++ = &g.nodes[idx[c->succ[i]]];
		x->pred_e = p;
	}
	s->extra = SSA_NONE;
	if (entry_has_preds) {
		LNode *x = &g.nodes[r];
		x->parent = &g;
		x->id = n;
		x->num = r;
		x->succ_b = x->succ_e = p;
		x->pred_b = p;
		*p++ = &g.nodes[idx[0]];
		x->pred_e = p;
		s->extra = r;
	}
	g.entry = &g.nodes[idx[0]];
	g.first = g.nodes;
	g.last = g.nodes + nodes;
	s->nblocks = n;
	free(reach);
	free(idx);
	return SSA_OK;
}

/* The idom of node x as an ssalab block id: none for a tree root, LLVM's virtual root and the
 * extra node. */
template <bool Numbered, bool Post>
uint32_t idom_of(DomScratch<Numbered, Post> *s, LNodeT<Numbered> *x)
{
	auto *tn = s->dt.getNode(x);
	if (!tn || !tn->getIDom())
		return SSA_NONE;
	LNodeT<Numbered> *b = tn->getIDom()->getBlock();
	if (!b || b->id >= s->nblocks)
		return SSA_NONE;
	return b->id;
}

template <bool Numbered>
int fwd_run(void *scratch, const struct cfg *c, uint32_t *idom, uint64_t *counters)
{
	auto *s = static_cast<DomScratch<Numbered, false> *>(scratch);
	memset(counters, 0, DOM_MAX_COUNTERS * sizeof *counters);
	if (s->g.n != c->n || s->g.entry == nullptr)
		return SSA_EUSAGE; /* prepare was not run on this graph */
	try {
		s->dt.recalculate(s->g);
	} catch (const std::bad_alloc &) {
		s->dt.reset();
		return SSA_ENOMEM;
	}
	for (uint32_t b = 0; b < c->n; b++)
		idom[b] = idom_of(s, &s->g.nodes[b]);
	return SSA_OK;
}

int post_run(void *scratch, const struct cfg *c, uint32_t *idom, uint64_t *counters)
{
	auto *s = static_cast<DomScratch<true, true> *>(scratch);
	memset(counters, 0, DOM_MAX_COUNTERS * sizeof *counters);
	if (s->nblocks != c->n || s->g.entry == nullptr)
		return SSA_EUSAGE;
	try {
		s->dt.recalculate(s->g);
	} catch (const std::bad_alloc &) {
		s->dt.reset();
		return SSA_ENOMEM;
	}
	/* One root by construction (the entry, or s before it); anything else is a bug here. */
	if (s->dt.root_size() != 1)
		return SSA_EVERIFY;
	for (uint32_t b = 0; b < c->n; b++)
		idom[b] = SSA_NONE;
	for (uint32_t k = 0; k < s->g.n; k++) {
		LNode *x = &s->g.nodes[k];
		if (x->id < c->n)
			idom[x->id] = idom_of(s, x);
	}
	return SSA_OK;
}

} // namespace

extern "C" {

const char *peer_llvm_version(void)
{
	return "LLVM " LLVM_VERSION_STRING;
}

int peer_llvm_numbered(void)
{
#if SSALAB_LLVM_BLOCK_NUMBERS
	return llvm::GraphHasNodeNumbers<LNode *> ? 1 : 0;
#else
	return 0;
#endif
}

/* The one-line descriptions say which path each kernel runs with this build's LLVM. */
#if SSALAB_LLVM_BLOCK_NUMBERS
#define DOM_PATH "block numbers: records in vectors indexed by number"
#define MAP_PATH "records in DenseMaps keyed by node pointer"
#define DOM_BYTES "~240 bytes/block + 26m"
#else
#define DOM_PATH "LLVM < 20, no block numbers: DenseMaps keyed by node pointer, as llvm-dom-map"
#define MAP_PATH "the same path as llvm-dom (LLVM < 20): DenseMaps keyed by node pointer"
#define DOM_BYTES "~365 bytes/block + 26m"
#endif

const struct dom_algo peer_llvm_dom = {
	.head = {
		.name = "llvm-dom",
		.summary = "LLVM's DominatorTreeBase::recalculate (Semi-NCA); " DOM_PATH,
		.citation = "LLVM GenericDomTreeConstruction.h; Georgiadis, Tarjan, Werneck, JGAA 2006",
		.complexity = "O(n^2) worst, near-linear in practice; " DOM_BYTES,
		.worst_degree = 2,
		.counter_names = {NULL},
	},
	.scratch_bytes = dom_bytes<true, false>,
	.scratch_alloc = dom_alloc<true, false>,
	.scratch_free = dom_free<true, false>,
	.run = fwd_run<true>,
	.prepare = fwd_prepare<true>,
	.tree = nullptr,
};

const struct dom_algo peer_llvm_dom_map = {
	.head = {
		.name = "llvm-dom-map",
		.summary = "llvm-dom over a node type without block numbers: " MAP_PATH,
		.citation = "LLVM GenericDomTreeConstruction.h; Georgiadis, Tarjan, Werneck, JGAA 2006",
		.complexity = "O(n^2) worst, near-linear in practice; ~365 bytes/block + 26m",
		.worst_degree = 2,
		.counter_names = {NULL},
	},
	.scratch_bytes = dom_bytes<false, false>,
	.scratch_alloc = dom_alloc<false, false>,
	.scratch_free = dom_free<false, false>,
	.run = fwd_run<false>,
	.prepare = fwd_prepare<false>,
	.tree = nullptr,
};

const struct dom_algo peer_llvm_pdom = {
	.head = {
		.name = "llvm-pdom",
		.summary = "LLVM's post-dominator construction on the reversed graph (with --reverse: "
			   "LLVM's post-dominator tree)",
		.citation = "LLVM GenericDomTreeConstruction.h (IsPostDom=true)",
		.complexity = "O(n^2) worst, near-linear in practice; " DOM_BYTES,
		.worst_degree = 2,
		.counter_names = {NULL},
	},
	.scratch_bytes = dom_bytes<true, true>,
	.scratch_alloc = dom_alloc<true, true>,
	.scratch_free = dom_free<true, true>,
	.run = post_run,
	.prepare = post_prepare,
	.tree = nullptr,
};

int peer_llvm_postdom(const struct cfg *c, uint32_t *ipdom, uint32_t *roots, uint32_t *nroots)
{
	if (!c || !ipdom || !roots || !nroots)
		return SSA_EUSAGE;
	try {
		DomScratch<true, true> s;
		int st = lgraph_build(&s.g, c);
		if (st != SSA_OK)
			return st;
		s.nblocks = c->n;
		s.dt.recalculate(s.g);
		uint32_t k = 0;
		for (LNode *r : s.dt.roots())
			roots[k++] = r->id;
		*nroots = k;
		for (uint32_t b = 0; b < c->n; b++)
			ipdom[b] = idom_of(&s, &s.g.nodes[b]);
	} catch (const std::bad_alloc &) {
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

} // extern "C"
