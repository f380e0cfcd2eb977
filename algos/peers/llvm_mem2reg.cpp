/* llvm-mem2reg: LLVM's PromoteMemToReg timed per function of an LLVM module, the end-to-end
 * rival of ssalab's whole pipeline (dominators, placement, renaming) on real code.
 *
 * What runs: llvm::PromoteMemToReg (llvm/Transforms/Utils/PromoteMemToReg.h), the core of the
 * mem2reg pass: per alloca, its definition and use blocks, live-in blocks by a backward walk,
 * φ placement by IDFCalculator, then renaming by a worklist walk of the CFG. Complexity
 * near-linear in the function's size per alloca in practice; memory LLVM's.
 *
 * For each function with a body, one warm-up and then `reps` timed reps. A rep works on a
 * fresh copy of the function (CloneFunction into the same module), made untimed together with
 * the dominator tree PromoteMemToReg needs (in LLVM's pass pipeline the analysis manager hands
 * mem2reg a tree it already has) and the list of promotable allocas of the entry block (what
 * mem2reg's pass collects, with isAllocaPromotable); the copy is deleted after the rep. Only
 * the PromoteMemToReg call is timed, with CLOCK_MONOTONIC. */
extern "C" {
#include "peers/peers.h"
#include "util/status.h"
}

#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <new>
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

/* One rep on a fresh copy of f: returns the nanoseconds of PromoteMemToReg. The first rep's
 * counts go to rec. */
double one_rep(llvm::Function &f, struct peer_m2r_func *rec)
{
	llvm::ValueToValueMapTy vmap;
	llvm::Function *copy = llvm::CloneFunction(&f, vmap);
	llvm::DominatorTree dt(*copy);
	std::vector<llvm::AllocaInst *> allocas;
	for (llvm::Instruction &i : copy->getEntryBlock())
		if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i))
			if (llvm::isAllocaPromotable(a))
				allocas.push_back(a);
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
	}
	free(r->funcs);
	r->funcs = nullptr;
	r->nfuncs = 0;
}

int peer_llvm_mem2reg(const char *path, uint32_t reps, struct peer_m2r_result *out, char *err,
		      size_t errlen)
{
	if (!path || !out || reps == 0)
		return SSA_EUSAGE;
	out->nfuncs = 0;
	out->funcs = nullptr;
	if (err && errlen)
		err[0] = 0;
	try {
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
		out->funcs = static_cast<struct peer_m2r_func *>(
			calloc(funcs.size() ? funcs.size() : 1, sizeof(struct peer_m2r_func)));
		if (!out->funcs)
			return SSA_ENOMEM;
		for (llvm::Function *f : funcs) {
			struct peer_m2r_func *rec = &out->funcs[out->nfuncs++];
			rec->name = strdup(f->getName().str().c_str());
			rec->rep_ns = static_cast<double *>(calloc(reps, sizeof(double)));
			if (!rec->name || !rec->rep_ns) {
				peer_m2r_result_free(out);
				return SSA_ENOMEM;
			}
			rec->blocks = (uint32_t)f->size();
			rec->insts_before = count_insts(*f, &rec->phis_before);
			rec->reps = reps;
			one_rep(*f, rec); /* warm-up */
			for (uint32_t r = 0; r < reps; r++)
				rec->rep_ns[r] = one_rep(*f, nullptr);
		}
	} catch (const std::bad_alloc &) {
		peer_m2r_result_free(out);
		return SSA_ENOMEM;
	}
	return SSA_OK;
}

} // extern "C"
