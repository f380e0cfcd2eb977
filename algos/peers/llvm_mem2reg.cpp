/* llvm-mem2reg: LLVM's PromoteMemToReg timed per function of an LLVM module, the end-to-end
 * rival of ssalab's whole pipeline (dominators, placement, renaming) on real code.
 *
 * What runs: llvm::PromoteMemToReg (llvm/Transforms/Utils/PromoteMemToReg.h), the core of the
 * mem2reg pass: per alloca, its definition and use blocks, live-in blocks by a backward walk,
 * φ placement by IDFCalculator, then renaming by a worklist walk of the CFG. Complexity
 * near-linear in the function's size per alloca in practice; memory LLVM's.
 *
 * For each function with a body: warm-up calls, then `reps` samples, timed as bench times its
 * own kernels. A call works on a fresh copy of the function (CloneFunction into the same
 * module), made untimed together with the dominator tree PromoteMemToReg needs (in LLVM's pass
 * pipeline the analysis manager hands mem2reg a tree it already has) and the list of promotable
 * allocas of the entry block (what mem2reg's pass collects, with isAllocaPromotable). A sample
 * prepares K copies, times the K PromoteMemToReg calls back to back with CLOCK_MONOTONIC and
 * the process CPU clock, then deletes the copies, all of that outside the timed region; K is
 * calibrated, as bench_calibrate does, so that a sample lasts --min-time. One call per sample
 * would time a few microseconds with one pair of clock readings, on a copy whose first touch
 * is what dominates. A function marked optnone is not promoted: the mem2reg pass skips it, so
 * timing PromoteMemToReg on it would time work no compiler does.
 *
 * The placement check (peer_llvm_mem2reg_check, peers.h says what it compares) works on two
 * more clones per function, both untimed and outside the reps. */
extern "C" {
#include "peers/peers.h"
#include "util/status.h"
}

#include <llvm/Analysis/InstructionSimplify.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/ModuleSlotTracker.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <new>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace {

double now_ns()
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

uint32_t count_insts(const llvm::Function &f, uint32_t *phis)
{
	uint32_t k = 0, p = 0;
	for (const llvm::BasicBlock &bb : f)
		for (const llvm::Instruction &i : bb) {
			k++;
			if (llvm::isa<llvm::PHINode>(i))
				p++;
		}
	if (phis)
		*phis = p;
	return k;
}

/* The allocas PromoteMemToReg is handed: the promotable ones of the entry block, in order. */
std::vector<llvm::AllocaInst *> promotable_allocas(llvm::Function &f)
{
	std::vector<llvm::AllocaInst *> allocas;
	for (llvm::Instruction &i : f.getEntryBlock())
		if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i))
			if (llvm::isAllocaPromotable(a))
				allocas.push_back(a);
	return allocas;
}

double cpu_ns()
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* One rep on a fresh copy of f: returns the nanoseconds of PromoteMemToReg. The first rep's
 * counts go to rec. */
double one_rep(llvm::Function &f, struct peer_m2r_func *rec)
{
	llvm::ValueToValueMapTy vmap;
	llvm::Function *copy = llvm::CloneFunction(&f, vmap);
	llvm::DominatorTree dt(*copy);
	std::vector<llvm::AllocaInst *> allocas = promotable_allocas(*copy);
	double t0 = now_ns();
	if (!allocas.empty())
		llvm::PromoteMemToReg(allocas, dt);
	double t1 = now_ns();
	if (rec) {
		rec->allocas = (uint32_t)allocas.size();
		rec->insts_after = count_insts(*copy, &rec->phis);
	}
	copy->eraseFromParent();
	return t1 - t0;
}

/* A batch never holds more copies than this, nor more than BATCH_MAX_INSTS instructions in
 * all: the copies are alive together. */
constexpr uint64_t BATCH_MAX = 100000;
constexpr uint64_t BATCH_MAX_INSTS = 2000000;

struct prepared {
	llvm::Function *copy;
	std::unique_ptr<llvm::DominatorTree> dt;
	std::vector<llvm::AllocaInst *> allocas;
};

/* One sample: k copies of f made untimed, k PromoteMemToReg calls timed as a whole (wall and
 * CPU ns into *wall, *cpu), the copies deleted untimed. */
void batch(llvm::Function &f, uint64_t k, double *wall, double *cpu)
{
	std::vector<prepared> v(k);
	for (prepared &p : v) {
		llvm::ValueToValueMapTy vmap;
		p.copy = llvm::CloneFunction(&f, vmap);
		p.dt = std::make_unique<llvm::DominatorTree>(*p.copy);
		p.allocas = promotable_allocas(*p.copy);
	}
	double c0 = cpu_ns(), t0 = now_ns();
	for (prepared &p : v)
		llvm::PromoteMemToReg(p.allocas, *p.dt);
	double t1 = now_ns(), c1 = cpu_ns();
	*wall = t1 - t0;
	*cpu = c1 - c0;
	for (prepared &p : v) {
		p.dt.reset();
		p.copy->eraseFromParent();
	}
}

/* The calls per sample that make one last min_time_s: batches growing at most tenfold per step
 * until one does (bench_calibrate's rule). */
uint64_t calibrate(llvm::Function &f, double min_time_s, uint64_t cap)
{
	uint64_t k = 1;
	if (!(min_time_s > 0))
		return 1;
	for (;;) {
		double wall, cpu;
		batch(f, k, &wall, &cpu);
		if (wall >= min_time_s * 1e9 || k >= cap)
			return k;
		double want = wall > 0 ? 1.2 * min_time_s * 1e9 / wall * (double)k : 10.0 * (double)k;
		double most = 10.0 * (double)k;
		uint64_t next = (uint64_t)(want < most ? want : most);
		k = next > k ? next : k + 1;
		if (k > cap)
			k = cap;
	}
}

/* ---- the placement check ---- */

/* A value's label as the IR printer writes it, without the sigil: its name, else its slot. */
std::string label(const llvm::Value *v, llvm::ModuleSlotTracker &mst)
{
	if (v->hasName())
		return v->getName().str();
	int slot = mst.getLocalSlot(v);
	return slot >= 0 ? std::to_string(slot) : std::string("?");
}

/* The type the loads and stores of a promotable alloca agree on (what the φs carry). */
llvm::Type *value_type(const llvm::AllocaInst *a)
{
	for (const llvm::User *u : a->users()) {
		if (auto *l = llvm::dyn_cast<llvm::LoadInst>(u))
			return l->getType();
		if (auto *st = llvm::dyn_cast<llvm::StoreInst>(u))
			return st->getValueOperand()->getType();
	}
	return a->getAllocatedType();
}

uint64_t key(uint32_t var, uint32_t block)
{
	return (uint64_t)var << 32 | block;
}

/* Per LLVM alloca k (index into promotable_allocas(f)), the blocks (layout order) where
 * PromoteMemToReg leaves a φ for it. */
std::vector<std::vector<uint32_t>> llvm_phi_blocks(llvm::Function &f, size_t nallocas)
{
	llvm::ValueToValueMapTy vmap;
	llvm::Function *copy = llvm::CloneFunction(&f, vmap);
	/* The φs are named after their alloca: with every other name gone and the allocas named
	 * m0, m1, ..., a φ "m<k>.<n>" is alloca k's and no input name can collide. */
	for (llvm::Argument &a : copy->args())
		a.setName("");
	for (llvm::BasicBlock &bb : *copy) {
		bb.setName("");
		for (llvm::Instruction &i : bb)
			if (!i.getType()->isVoidTy())
				i.setName("");
	}
	std::vector<llvm::AllocaInst *> allocas = promotable_allocas(*copy);
	for (size_t k = 0; k < allocas.size(); k++)
		allocas[k]->setName("m" + std::to_string(k));
	llvm::DominatorTree dt(*copy);
	if (!allocas.empty())
		llvm::PromoteMemToReg(allocas, dt);
	std::vector<std::vector<uint32_t>> out(nallocas);
	uint32_t b = 0;
	for (llvm::BasicBlock &bb : *copy) {
		for (llvm::PHINode &phi : bb.phis()) {
			llvm::StringRef n = phi.getName();
			if (!n.consume_front("m"))
				continue;
			size_t dot = n.find('.');
			unsigned long long k;
			if (dot == llvm::StringRef::npos || n.substr(0, dot).getAsInteger(10, k) ||
			    k >= nallocas)
				continue;
			out[k].push_back(b);
		}
		b++;
	}
	copy->eraseFromParent();
	return out;
}

struct sim_phi {
	uint32_t block, var; /* var: index into the LLVM alloca list */
	llvm::PHINode *phi;
	bool folded;
};

/* ssalab's placement, made real on a clone of f and renamed as PromoteMemToReg renames (see
 * peers.h), then folded by LLVM's own simplification to a fixpoint. Returns the keys
 * (alloca, block) of the φs that fold. place[k] lists alloca k's φ blocks (may be empty). */
std::unordered_set<uint64_t> simulate_folds(llvm::Function &f,
					    const std::vector<llvm::AllocaInst *> &orig,
					    const std::vector<std::vector<uint32_t>> &place)
{
	llvm::ValueToValueMapTy vmap;
	llvm::Function *copy = llvm::CloneFunction(&f, vmap);
	std::vector<llvm::BasicBlock *> blocks;
	for (llvm::BasicBlock &bb : *copy)
		blocks.push_back(&bb);
	llvm::DenseMap<llvm::Value *, uint32_t> var_of;
	std::vector<llvm::Value *> cur(orig.size());
	for (uint32_t k = 0; k < orig.size(); k++) {
		auto *a = llvm::cast<llvm::AllocaInst>(vmap[orig[k]]);
		var_of[a] = k;
		cur[k] = llvm::UndefValue::get(value_type(a));
	}
	std::vector<sim_phi> phis;
	std::unordered_map<llvm::BasicBlock *, std::vector<size_t>> at;
	for (uint32_t k = 0; k < place.size(); k++)
		for (uint32_t b : place[k]) {
			if (b >= blocks.size())
				continue;
			auto *a = llvm::cast<llvm::AllocaInst>(vmap[orig[k]]);
			llvm::PHINode *pn = llvm::PHINode::Create(value_type(a), 0);
			pn->insertBefore(blocks[b]->begin());
			at[blocks[b]].push_back(phis.size());
			phis.push_back({b, k, pn, false});
		}
	llvm::DominatorTree dt(*copy);
	/* Preorder walk of the dominator tree; undo restores an alloca's value on the way up. */
	struct frame {
		llvm::DomTreeNode *node;
		size_t child, undo;
	};
	std::vector<std::pair<uint32_t, llvm::Value *>> undo;
	std::vector<frame> stack;
	auto enter = [&](llvm::DomTreeNode *node) {
		stack.push_back({node, 0, undo.size()});
		llvm::BasicBlock *bb = node->getBlock();
		auto set = [&](uint32_t k, llvm::Value *v) {
			undo.emplace_back(k, cur[k]);
			cur[k] = v;
		};
		auto it = at.find(bb);
		if (it != at.end())
			for (size_t p : it->second)
				set(phis[p].var, phis[p].phi);
		for (llvm::Instruction &i : llvm::make_early_inc_range(*bb)) {
			if (auto *l = llvm::dyn_cast<llvm::LoadInst>(&i)) {
				auto v = var_of.find(l->getPointerOperand());
				if (v != var_of.end()) {
					l->replaceAllUsesWith(cur[v->second]);
					l->eraseFromParent();
				}
			} else if (auto *st = llvm::dyn_cast<llvm::StoreInst>(&i)) {
				auto v = var_of.find(st->getPointerOperand());
				if (v != var_of.end())
					set(v->second, st->getValueOperand());
			}
		}
		/* One incoming value per edge, as PromoteMemToReg adds one per edge. */
		for (llvm::BasicBlock *s : llvm::successors(bb)) {
			auto js = at.find(s);
			if (js != at.end())
				for (size_t p : js->second)
					phis[p].phi->addIncoming(cur[phis[p].var], bb);
		}
	};
	enter(dt.getRootNode());
	while (!stack.empty()) {
		frame &fr = stack.back();
		if (fr.child < fr.node->getNumChildren()) {
			llvm::DomTreeNode *c = *(fr.node->begin() + fr.child++);
			enter(c);
			continue;
		}
		while (undo.size() > fr.undo) {
			cur[undo.back().first] = undo.back().second;
			undo.pop_back();
		}
		stack.pop_back();
	}
	/* PromoteMemToReg's last step, on these φs. A φ in a block the entry does not reach has
	 * no incoming value at all: LLVM never places one there, so it never counts as folded. */
	llvm::SimplifyQuery sq(copy->getDataLayout(), nullptr, &dt, nullptr);
	for (bool changed = true; changed;) {
		changed = false;
		for (sim_phi &p : phis) {
			if (p.folded || !dt.isReachableFromEntry(blocks[p.block]))
				continue;
			if (llvm::Value *v = llvm::simplifyInstruction(p.phi, sq)) {
				p.phi->replaceAllUsesWith(v);
				p.phi->eraseFromParent();
				p.folded = changed = true;
			}
		}
	}
	std::unordered_set<uint64_t> folded;
	for (const sim_phi &p : phis)
		if (p.folded)
			folded.insert(key(p.var, p.block));
	copy->eraseFromParent();
	return folded;
}

/* Sets f's φs after PromoteMemToReg against the placement pl (see peers.h). */
void check_parity(llvm::Function &f, const struct peer_m2r_placement &pl,
		  llvm::ModuleSlotTracker &mst, struct peer_m2r_parity &out)
{
	mst.incorporateFunction(f);
	std::vector<std::string> blabel;
	for (llvm::BasicBlock &bb : f)
		blabel.push_back(label(&bb, mst));
	std::vector<llvm::AllocaInst *> orig = promotable_allocas(f);
	std::unordered_map<std::string, uint32_t> by_name;
	for (uint32_t k = 0; k < orig.size(); k++)
		by_name[label(orig[k], mst)] = k;

	std::string msg;
	uint32_t shown = 0;
	const std::string fname = f.getName().str();
	auto fail = [&](const std::string &var, const std::string *block, const std::string &what) {
		out.failures++;
		if (shown++ >= 8)
			return;
		msg += "function " + fname + ": variable %" + var;
		if (block)
			msg += ", block %" + *block;
		msg += ": " + what + "\n";
	};

	/* Variable v of ssalab is LLVM alloca var_k[v]; ssalab's φ blocks per LLVM alloca. */
	std::vector<std::vector<uint32_t>> place(orig.size());
	std::vector<bool> matched(orig.size(), false);
	for (uint32_t v = 0; v < pl.nvars; v++) {
		const char *vn = pl.var_names && pl.var_names[v] ? pl.var_names[v] : "";
		auto it = by_name.find(vn);
		if (it == by_name.end()) {
			fail(vn, nullptr, "ssalab promotes it, LLVM finds no such promotable alloca");
			continue;
		}
		uint32_t k = it->second;
		matched[k] = true;
		for (uint64_t i = pl.off[v]; i < pl.off[v + 1]; i++) {
			uint32_t b = pl.blocks[i];
			if (b >= blabel.size()) {
				fail(vn, nullptr, "ssalab places a phi in block " + std::to_string(b) +
							  ", beyond the function's " +
							  std::to_string(blabel.size()) + " blocks");
				continue;
			}
			place[k].push_back(b);
		}
		std::sort(place[k].begin(), place[k].end());
		place[k].erase(std::unique(place[k].begin(), place[k].end()), place[k].end());
	}
	std::vector<std::vector<uint32_t>> llvm_place = llvm_phi_blocks(f, orig.size());
	std::unordered_set<uint64_t> folded = simulate_folds(f, orig, place);
	for (uint32_t k = 0; k < orig.size(); k++) {
		std::string vn = label(orig[k], mst);
		if (!matched[k]) {
			fail(vn, nullptr, "LLVM promotes it (" + std::to_string(llvm_place[k].size()) +
						  " phis), ssalab's importer does not");
			continue;
		}
		const std::vector<uint32_t> &o = place[k], &l = llvm_place[k];
		size_t i = 0, j = 0;
		while (i < o.size() || j < l.size()) {
			if (j == l.size() || (i < o.size() && o[i] < l[j])) {
				if (folded.count(key(k, o[i])))
					out.folded++;
				else
					fail(vn, &blabel[o[i]], "ssalab places a phi, LLVM does not, and "
								"LLVM's simplification does not remove "
								"it (its incoming values differ)");
				i++;
			} else if (i == o.size() || l[j] < o[i]) {
				fail(vn, &blabel[l[j]], "LLVM places a phi, ssalab does not");
				j++;
			} else {
				out.both++;
				i++;
				j++;
			}
		}
	}
	if (shown > 8)
		msg += "... and " + std::to_string(shown - 8) + " more differences\n";
	out.compared = true;
	if (!msg.empty()) {
		out.msg = strdup(msg.c_str());
		if (!out.msg)
			throw std::bad_alloc();
	}
}

void format_diag(const llvm::SMDiagnostic &d, const char *path, char *err, size_t errlen)
{
	if (!err || !errlen)
		return;
	std::string msg = d.getMessage().str();
	if (d.getLineNo() > 0)
		snprintf(err, errlen, "%s:%d:%d: %s", path, d.getLineNo(), d.getColumnNo() + 1,
			 msg.c_str());
	else
		snprintf(err, errlen, "%s: %s", path, msg.c_str());
}

} // namespace

extern "C" {

void peer_m2r_result_free(struct peer_m2r_result *r)
{
	if (!r)
		return;
	for (uint32_t i = 0; i < r->nfuncs; i++) {
		free(r->funcs[i].name);
		free(r->funcs[i].rep_ns);
		free(r->funcs[i].cpu_rep_ns);
		free(r->funcs[i].parity.msg);
	}
	free(r->funcs);
	r->funcs = nullptr;
	r->nfuncs = 0;
}

int peer_llvm_mem2reg(const char *path, uint32_t reps, struct peer_m2r_result *out, char *err,
		      size_t errlen)
{
	return peer_llvm_mem2reg_check(path, reps, nullptr, 0, out, err, errlen);
}

int peer_llvm_mem2reg_check(const char *path, uint32_t reps,
			    const struct peer_m2r_placement *places, uint32_t nplaces,
			    struct peer_m2r_result *out, char *err, size_t errlen)
{
	struct peer_m2r_timing t = {reps, 1, 0.0};
	return peer_llvm_mem2reg_timed(path, &t, places, nplaces, out, err, errlen);
}

int peer_llvm_mem2reg_timed(const char *path, const struct peer_m2r_timing *t,
			    const struct peer_m2r_placement *places, uint32_t nplaces,
			    struct peer_m2r_result *out, char *err, size_t errlen)
{
	if (!path || !out || !t || t->reps == 0 || (nplaces && !places))
		return SSA_EUSAGE;
	const uint32_t reps = t->reps;
	out->nfuncs = 0;
	out->funcs = nullptr;
	if (err && errlen)
		err[0] = 0;
	try {
		std::unordered_map<std::string, const struct peer_m2r_placement *> placement;
		for (uint32_t i = 0; i < nplaces; i++)
			if (places[i].function)
				placement[places[i].function] = &places[i];
		llvm::LLVMContext ctx;
		llvm::SMDiagnostic diag;
		std::unique_ptr<llvm::Module> mod = llvm::parseIRFile(path, diag, ctx);
		if (!mod) {
			format_diag(diag, path, err, errlen);
			return SSA_EINPUT;
		}
		std::vector<llvm::Function *> funcs;
		for (llvm::Function &f : *mod)
			if (!f.isDeclaration())
				funcs.push_back(&f);
		/* One slot tracker for the module: making one per function would number the
		 * module's globals again for each. */
		llvm::ModuleSlotTracker mst(mod.get());
		out->funcs = static_cast<struct peer_m2r_func *>(
			calloc(funcs.size() ? funcs.size() : 1, sizeof(struct peer_m2r_func)));
		if (!out->funcs)
			return SSA_ENOMEM;
		for (llvm::Function *f : funcs) {
			struct peer_m2r_func *rec = &out->funcs[out->nfuncs++];
			rec->name = strdup(f->getName().str().c_str());
			rec->rep_ns = static_cast<double *>(calloc(reps, sizeof(double)));
			rec->cpu_rep_ns = static_cast<double *>(calloc(reps, sizeof(double)));
			rec->iters = 1;
			if (!rec->name || !rec->rep_ns || !rec->cpu_rep_ns) {
				peer_m2r_result_free(out);
				return SSA_ENOMEM;
			}
			rec->blocks = (uint32_t)f->size();
			rec->insts_before = count_insts(*f, &rec->phis_before);
			rec->reps = reps;
			if (f->hasOptNone()) {
				rec->phis = rec->phis_before;
				rec->insts_after = rec->insts_before;
				rec->parity.optnone = true;
				continue;
			}
			one_rep(*f, rec); /* the first warm-up call gives the counts */
			if (rec->allocas) {
				for (uint32_t w = 1; w < t->warmup; w++)
					one_rep(*f, nullptr);
				uint64_t insts = rec->insts_before ? rec->insts_before : 1;
				uint64_t cap = BATCH_MAX_INSTS / insts;
				cap = cap < 1 ? 1 : cap > BATCH_MAX ? BATCH_MAX : cap;
				rec->iters = calibrate(*f, t->min_time_s, cap);
				for (uint32_t r = 0; r < reps; r++) {
					double wall, cpu;
					batch(*f, rec->iters, &wall, &cpu);
					rec->rep_ns[r] = wall / (double)rec->iters;
					rec->cpu_rep_ns[r] = cpu / (double)rec->iters;
				}
			}
			auto it = placement.find(rec->name);
			if (it != placement.end())
				check_parity(*f, *it->second, mst, rec->parity);
		}
	} catch (const std::bad_alloc &) {
		peer_m2r_result_free(out);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

} // extern "C"
