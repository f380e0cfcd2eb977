/* llvm-idf: LLVM's iterated dominance frontier calculator as an ssalab φ-placement kernel.
 *
 * What runs: llvm::IDFCalculatorBase<NodeT, false>::calculate
 * (llvm/Support/GenericIteratedDominanceFrontier.h), the algorithm of Sreedhar and Gao, "A
 * Linear Time Algorithm for Placing φ-Nodes" (POPL 1995) as LLVM implements it: a priority
 * queue of definition blocks keyed by dominator-tree level, a walk down each one's dominator
 * subtree looking at CFG edges that leave it upwards; no dominance frontiers. It is what
 * mem2reg and SSAUpdater call. Time per variable O(size of the subtrees walked + their edges)
 * plus hashing; memory: LLVM's dominator tree and the node view (algos/peers/llvm_graph.h),
 * 3n words for liveness, the output.
 *
 * The node view is llvm-dom's numbered one (LNode): with LLVM 20 and newer, DT.getNode, which
 * calculate() calls for every definition block and every edge it looks at, indexes a vector by
 * block number instead of hashing the node pointer, as it does for BasicBlocks. The definition
 * and live-in sets stay SmallPtrSets: that is LLVM's interface whatever the node type.
 *
 * prepare() builds the node view and LLVM's dominator tree (DominatorTreeBase::recalculate,
 * with its DFS numbers, which calculate() would otherwise compute in the first rep), untimed:
 * ssalab's own placement algorithms also receive the dominator tree as input.
 *
 * run() does, per variable, what mem2reg does for an alloca: the definition blocks go into a
 * SmallPtrSet (setDefiningBlocks); for the pruned flavour the live-in blocks are found by the
 * backward walk from the blocks with an upward-exposed use that stops at definitions (mem2reg's
 * ComputeLiveInBlocks, and ssalab's live_walk: the same sets) and go into another
 * (setLiveInBlocks); the minimal and semi-pruned flavours call resetLiveInBlocks. The result
 * is sorted ascending. Semi-pruned and pruned skip variables without an upward-exposed use,
 * as ssalab's algorithms do. The walk runs inside the timed run even with --live=dataflow:
 * LLVM's interface takes the set of live-in blocks, not a membership test. */
#include "peers/llvm_graph.h"

extern "C" {
#include "peers/peers.h"
}

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/Support/GenericIteratedDominanceFrontier.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <vector>

using namespace ssalab_peers;

namespace {

struct Scratch {
	LGraph g;
	llvm::DominatorTreeBase<LNode, false> dt;
	uint32_t n = 0;
	/* The liveness walk: generation stamps, so a variable costs nothing to start. */
	uint32_t gen = 0;
	uint32_t *live = nullptr, *def = nullptr, *list = nullptr;
	std::vector<uint32_t> buf; /* φ blocks of all variables so far */

	~Scratch()
	{
		free(live);
		free(def);
		free(list);
	}
};

/* A SmallPtrSet<T *, 16> of up to k pointers: past its 16 inline slots a table of 128, doubled
 * when an insertion leaves it three quarters full, the old table alive while it rehashes. */
uint64_t ptrset_bytes(uint64_t k)
{
	if (k <= 16)
		return 0;
	uint64_t b = 128;
	while (b < (UINT64_C(1) << 40) && ssa_bytes(k, 4) >= ssa_bytes(b, 3))
		b *= 2;
	return ssa_sat_add(ssa_array_bytes(b, sizeof(void *)),
			   b > 128 ? ssa_array_bytes(b / 2, sizeof(void *)) : 0);
}

/* The scratch for n blocks, m edges, j joins (blocks with two or more predecessors, the only
 * ones a φ can go to) and at most d definition blocks a variable: the three walk arrays, the node view (every edge twice), and the
 * larger of prepare (LLVM's construction, then updateDFSNumbers' stack of a node pointer and
 * a child iterator per level beside the tree) and a run: the tree kept (a DomTreeNode per
 * block, its children past 4, the index of 2n + 1 slots) and calculate()'s containers, each
 * bounded by what it can hold: the priority queue (definitions and φ blocks), the work list
 * and its visited set (dominator subtrees: the blocks), the φ blocks' visited set and the
 * result (joins), the definition set and the live-in set (the blocks; kept across
 * variables). */
uint64_t idf_bytes_nmj(uint64_t n, uint64_t m, uint64_t j, uint64_t d)
{
	using Node = llvm::DomTreeNodeBase<LNode>;
	const uint64_t ptr = sizeof(void *);
	uint64_t b = ssa_alloc_size(sizeof(Scratch));
	b = ssa_sat_add(b, ssa_bytes(3, ssa_array_bytes(n, sizeof(uint32_t))));
	b = ssa_sat_add(b, lgraph_bytes(n, ssa_bytes(m, 2)));
	const uint64_t n1 = ssa_sat_add(n, 1);
	uint64_t tree = ssa_bytes(n1, ssa_alloc_size(sizeof(Node)) + 2 * ptr);
	tree = ssa_sat_add(tree, ssa_array_bytes(ssa_sat_add(ssa_bytes(n1, 2), 1), ptr));
	uint64_t prep = llvm_domtree_bytes<true, false>(n, m);
	uint64_t dfsnum = ssa_sat_add(tree, llvm_sv_grown(32, n1, 2 * ptr));
	prep = prep > dfsnum ? prep : dfsnum;
	using Entry = std::pair<Node *, std::pair<unsigned, unsigned>>;
	uint64_t pq = ssa_sat_add(d, j);
	pq = pq < n1 ? pq : n1;
	uint64_t run = ssa_sat_add(tree, llvm_sv_grown(32, pq, sizeof(Entry)));
	run = ssa_sat_add(run, ssa_sat_add(llvm_sv_grown(32, n1, ptr), ptrset_bytes(n1)));
	run = ssa_sat_add(run, ssa_sat_add(ptrset_bytes(j), llvm_sv_grown(32, j, ptr)));
	run = ssa_sat_add(run, ssa_sat_add(ptrset_bytes(d), ptrset_bytes(n)));
	return ssa_sat_add(b, prep > run ? prep : run);
}

/* Without the graph (bench adds the CFG's own size): 2 edges a block, every block a join. */
uint64_t idf_bytes(uint64_t n, uint64_t nvars)
{
	(void)nvars;
	return idf_bytes_nmj(n, ssa_bytes(n, 2), n, n);
}

/* The most definitions of one variable (ops, so blocks at most that), n when unknown. */
uint64_t most_defs(const struct prog *p)
{
	const uint64_t n = p->cfg.n;
	if (!p->nvars || !p->ops)
		return 0;
	auto *count = static_cast<uint32_t *>(ssa_calloc_array(p->nvars, sizeof(uint32_t)));
	if (!count)
		return n;
	uint64_t most = 0;
	for (uint32_t i = 0; i < p->nops; i++)
		if (prog_op_is_def(p->ops[i])) {
			uint32_t v = prog_op_var(p->ops[i]);
			if (v < p->nvars && ++count[v] > most)
				most = count[v];
		}
	free(count);
	return most < n ? most : n;
}

uint64_t idf_bytes_in(const struct phi_input *in)
{
	const struct cfg *c = &in->prog->cfg;
	uint64_t joins = 0, jedges = 0;
	cfg_joins(c, false, &joins, &jedges);
	return idf_bytes_nmj(c->n, c->m, joins, most_defs(in->prog));
}

int idf_alloc(void **scratch, uint32_t n, uint32_t)
{
	Scratch *s;
	try {
		s = new Scratch();
	} catch (const std::bad_alloc &) {
		return SSA_ENOMEM;
	}
	s->live = static_cast<uint32_t *>(ssa_calloc_array(n, sizeof(uint32_t)));
	s->def = static_cast<uint32_t *>(ssa_calloc_array(n, sizeof(uint32_t)));
	s->list = static_cast<uint32_t *>(ssa_alloc_array(n, sizeof(uint32_t)));
	if (!s->live || !s->def || !s->list) {
		delete s;
		return SSA_ENOMEM;
	}
	s->n = n;
	*scratch = s;
	return SSA_OK;
}

void idf_free(void *scratch)
{
	delete static_cast<Scratch *>(scratch);
}

int idf_prepare(void *scratch, const struct phi_input *in)
{
	auto *s = static_cast<Scratch *>(scratch);
	const struct cfg *c = &in->prog->cfg;
	if (c->n > s->n)
		return SSA_EUSAGE;
	s->dt.reset();
	int st = lgraph_build(&s->g, c);
	if (st != SSA_OK)
		return st;
	try {
		s->dt.recalculate(s->g);
		s->dt.updateDFSNumbers();
	} catch (const std::bad_alloc &) {
		s->dt.reset();
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

/* The blocks where v is live-in, by the backward walk; fills set; returns edges looked at. */
uint64_t live_in(Scratch *s, const struct phi_input *in, uint32_t v,
		 llvm::SmallPtrSet<LNode *, 32> &set)
{
	const struct cfg *c = &in->prog->cfg;
	const struct var_blocks *vb = in->vb;
	if (++s->gen == 0) {
		memset(s->live, 0, (size_t)s->n * sizeof(uint32_t));
		memset(s->def, 0, (size_t)s->n * sizeof(uint32_t));
		s->gen = 1;
	}
	const uint32_t gen = s->gen;
	uint32_t nl = 0;
	for (uint64_t i = vb->def_off[v]; i < vb->def_off[v + 1]; i++)
		s->def[vb->def[i]] = gen;
	for (uint64_t i = vb->ue_off[v]; i < vb->ue_off[v + 1]; i++) {
		s->live[vb->ue[i]] = gen;
		s->list[nl++] = vb->ue[i];
	}
	uint64_t steps = 0;
	for (uint32_t next = 0; next < nl; next++) {
		uint32_t b = s->list[next];
		set.insert(&s->g.nodes[b]);
		for (uint32_t e = c->pred_off[b]; e < c->pred_off[b + 1]; e++) {
			uint32_t q = c->pred[e];
			steps++;
			/* A defining block without an upward-exposed use is live-out, not live-in. */
			if (s->live[q] == gen || s->def[q] == gen)
				continue;
			s->live[q] = gen;
			s->list[nl++] = q;
		}
	}
	return steps;
}

int idf_run_inner(Scratch *s, const struct phi_input *in, enum phi_flavor flavor,
		  struct phi_sets *out, uint64_t *counters)
{
	const struct var_blocks *vb = in->vb;
	const uint32_t nv = in->prog->nvars;
	if (!out->off || out->nvars < nv) {
		auto *o = static_cast<uint64_t *>(
			ssa_realloc_array(out->off, (size_t)nv + 1, sizeof(uint64_t)));
		if (!o)
			return SSA_ENOMEM;
		out->off = o;
	}
	out->nvars = nv;
	out->off[0] = 0;
	s->buf.clear();

	llvm::IDFCalculatorBase<LNode, false> idf(s->dt);
	llvm::SmallPtrSet<LNode *, 32> defs, live;
	llvm::SmallVector<LNode *, 32> res;
	uint64_t walk_steps = 0, vars_done = 0;
	for (uint32_t v = 0; v < nv; v++) {
		bool place = flavor == PHI_MINIMAL || var_blocks_nonlocal(vb, v);
		if (place && vb->def_off[v + 1] > vb->def_off[v]) {
			defs.clear();
			for (uint64_t i = vb->def_off[v]; i < vb->def_off[v + 1]; i++)
				defs.insert(&s->g.nodes[vb->def[i]]);
			idf.setDefiningBlocks(defs);
			if (flavor == PHI_PRUNED) {
				live.clear();
				walk_steps += live_in(s, in, v, live);
				idf.setLiveInBlocks(live);
			} else {
				idf.resetLiveInBlocks();
			}
			res.clear();
			idf.calculate(res);
			size_t from = s->buf.size();
			for (LNode *b : res)
				s->buf.push_back(b->id);
			std::sort(s->buf.begin() + from, s->buf.end());
			vars_done++;
		}
		out->off[v + 1] = s->buf.size();
	}
	auto *nb = static_cast<uint32_t *>(
		ssa_realloc_array(out->blocks, s->buf.size(), sizeof(uint32_t)));
	if (!nb)
		return SSA_ENOMEM;
	out->blocks = nb;
	if (!s->buf.empty())
		memcpy(out->blocks, s->buf.data(), s->buf.size() * sizeof(uint32_t));
	out->total = s->buf.size();
	counters[0] = out->total;
	counters[1] = vars_done;
	counters[2] = walk_steps;
	return SSA_OK;
}

int idf_run(void *scratch, const struct phi_input *in, enum phi_flavor flavor,
	    struct phi_sets *out, uint64_t *counters)
{
	auto *s = static_cast<Scratch *>(scratch);
	if (!in || !in->prog || !in->vb || !out || s->g.n != in->prog->cfg.n ||
	    in->vb->nvars != in->prog->nvars)
		return SSA_EUSAGE;
	for (int i = 0; i < PHI_MAX_COUNTERS; i++)
		counters[i] = 0;
	try {
		return idf_run_inner(s, in, flavor, out, counters);
	} catch (const std::bad_alloc &) {
		return SSA_ENOMEM;
	}
}

} // namespace

extern "C" const struct phi_algo peer_llvm_idf = {
	.head = {
		.name = "llvm-idf",
		.summary = "LLVM's IDFCalculator (Sreedhar-Gao with a level-keyed priority queue) over "
			   "LLVM's dominator tree",
		.citation = "LLVM GenericIteratedDominanceFrontier.h; Sreedhar, Gao, POPL 1995",
		.complexity = "O(n + m) per variable worst case, plus hashing; LLVM's tree "
#if SSALAB_LLVM_BLOCK_NUMBERS
			      "~220 bytes/block (indexed by block number)",
#else
			      "~400 bytes/block (DenseMaps keyed by node pointer)",
#endif
		.worst_degree = 1,
		.counter_names = {"phis", "vars-placed", "live-steps"},
	},
	.needs_df = false,
	.scratch_bytes = idf_bytes,
	.scratch_alloc = idf_alloc,
	.scratch_free = idf_free,
	.run = idf_run,
	.prepare = idf_prepare,
	.scratch_bytes_in = idf_bytes_in,
};
