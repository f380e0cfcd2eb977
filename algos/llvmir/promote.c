/* Which allocas are variables: LLVM's mem2reg rule (isAllocaPromotable in
 * PromoteMemoryToRegister.cpp), restated over the C API for the LLVM this is linked with. Checked
 * against LLVM 22.1.8 (opt -passes=mem2reg in tests/test_llvm_import.c and test_llvm_today.c);
 * the rule below holds from LLVM 16 to 22, the one addition being llvm.fake.use, which exists
 * from LLVM 20 on (with an older LLVM its id is 0 and nothing matches it). LLVM's main branch
 * after 22 relaxes the type rule (every access of one type, not necessarily the allocated one):
 * revisit when linking a newer LLVM.
 *
 * mem2reg (Mem2Reg.cpp) looks only at the allocas of the entry block, before its terminator, and
 * repeats until none is promotable; the importer applies the rule once, to the input, as its
 * first round does. The pass manager skips the pass on an optnone function (the importer gives
 * those no variables at all; import.c). An alloca of the entry block is promotable when every
 * user of it is one of:
 *   - a load through it, not volatile, whose type is exactly the allocated type;
 *   - a store into it (the alloca is the address, never the stored value), not volatile, of a
 *     value whose type is exactly the allocated type;
 *   - a call of llvm.lifetime.start/end, of a droppable intrinsic (llvm.assume, whose operand
 *     bundles mem2reg drops; llvm.pseudoprobe), or of llvm.fake.use;
 *   - a bitcast, or a GEP whose indices are all the constant integer 0, whose own users are all
 *     lifetime markers or droppable intrinsics (not fake uses);
 *   - an addrspacecast whose users are all lifetime markers.
 * Since LLVM 22 a lifetime marker takes the alloca itself (one argument; the verifier refuses
 * any other pointer, and the upgrader rewrites older two-argument markers on a cast or GEP onto
 * the alloca), so in a module that verifies, a cast or GEP can only pass with droppable users or
 * none. Debug records and intrinsics refer to the alloca through metadata, which is not a use,
 * so they never matter. Atomic (non-volatile) accesses are accepted, as in LLVM. Anything else,
 * e.g. passing the address to a call, comparing it, storing it, a GEP into an array or struct,
 * makes the alloca memory. Time: O(uses, and uses of its casts). */
#include "llvmir/llvmir_internal.h"

#include <string.h>

static unsigned intrinsic_id(const char *name)
{
	return LLVMLookupIntrinsicID(name, strlen(name));
}

void llvmir_intrinsics_init(struct llvmir_intrinsics *ids)
{
	ids->lifetime_start = intrinsic_id("llvm.lifetime.start");
	ids->lifetime_end = intrinsic_id("llvm.lifetime.end");
	ids->assume = intrinsic_id("llvm.assume");
	ids->pseudoprobe = intrinsic_id("llvm.pseudoprobe");
	ids->fake_use = intrinsic_id("llvm.fake.use");
}

/* The intrinsic id of a call instruction, 0 when it is not a direct call of an intrinsic. */
static unsigned call_intrinsic(LLVMValueRef inst)
{
	if (!LLVMIsAIntrinsicInst(inst))
		return 0;
	LLVMValueRef callee = LLVMGetCalledValue(inst);
	return callee && LLVMIsAFunction(callee) ? LLVMGetIntrinsicID(callee) : 0;
}

static bool is_lifetime(const struct llvmir_intrinsics *ids, unsigned id)
{
	return id != 0 && (id == ids->lifetime_start || id == ids->lifetime_end);
}

static bool is_droppable(const struct llvmir_intrinsics *ids, unsigned id)
{
	return id != 0 && (id == ids->assume || id == ids->pseudoprobe);
}

/* Every user of v is a lifetime marker, or (when droppable_ok) a droppable intrinsic. */
static bool only_markers(const struct llvmir_intrinsics *ids, LLVMValueRef v, bool droppable_ok)
{
	for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
		unsigned id = call_intrinsic(LLVMGetUser(u));
		if (!is_lifetime(ids, id) && !(droppable_ok && is_droppable(ids, id)))
			return false;
	}
	return true;
}

static bool gep_all_zero(LLVMValueRef gep)
{
	int n = LLVMGetNumOperands(gep);
	for (int i = 1; i < n; i++) {
		LLVMValueRef idx = LLVMGetOperand(gep, (unsigned)i);
		/* LLVM asks for ConstantInt zeros only: a zero vector index does not count. */
		if (!LLVMIsAConstantInt(idx) || !LLVMIsNull(idx))
			return false;
	}
	return true;
}

enum llvmir_reject llvmir_promotable(const struct llvmir_intrinsics *ids, LLVMValueRef alloca)
{
	LLVMTypeRef ty = LLVMGetAllocatedType(alloca);
	for (LLVMUseRef u = LLVMGetFirstUse(alloca); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (LLVMIsALoadInst(user)) {
			if (LLVMGetVolatile(user))
				return LLVMIR_REJ_VOLATILE_LOAD;
			if (LLVMTypeOf(user) != ty)
				return LLVMIR_REJ_LOAD_TYPE;
		} else if (LLVMIsAStoreInst(user)) {
			LLVMValueRef val = LLVMGetOperand(user, 0);
			if (val == alloca)
				return LLVMIR_REJ_ESCAPES;
			if (LLVMTypeOf(val) != ty)
				return LLVMIR_REJ_STORE_TYPE;
			if (LLVMGetVolatile(user))
				return LLVMIR_REJ_VOLATILE_STORE;
		} else if (LLVMIsAIntrinsicInst(user)) {
			unsigned id = call_intrinsic(user);
			if (!is_lifetime(ids, id) && !is_droppable(ids, id) &&
			    !(id != 0 && id == ids->fake_use))
				return LLVMIR_REJ_INTRINSIC;
		} else if (LLVMIsABitCastInst(user)) {
			if (!only_markers(ids, user, true))
				return LLVMIR_REJ_CAST_USE;
		} else if (LLVMIsAGetElementPtrInst(user)) {
			if (!gep_all_zero(user))
				return LLVMIR_REJ_GEP;
			if (!only_markers(ids, user, true))
				return LLVMIR_REJ_CAST_USE;
		} else if (LLVMIsAAddrSpaceCastInst(user)) {
			if (!only_markers(ids, user, false))
				return LLVMIR_REJ_CAST_USE;
		} else {
			return LLVMIR_REJ_OTHER_USE;
		}
	}
	return LLVMIR_PROMOTABLE;
}

const char *llvmir_reject_str(enum llvmir_reject r)
{
	static const char *const s[LLVMIR_REJ_COUNT] = {
		[LLVMIR_PROMOTABLE] = "promotable",
		[LLVMIR_REJ_VOLATILE_LOAD] = "volatile load",
		[LLVMIR_REJ_VOLATILE_STORE] = "volatile store",
		[LLVMIR_REJ_LOAD_TYPE] = "load of another type",
		[LLVMIR_REJ_STORE_TYPE] = "store of another type",
		[LLVMIR_REJ_ESCAPES] = "address stored (escapes)",
		[LLVMIR_REJ_INTRINSIC] = "used by an intrinsic other than lifetime/droppable/fake.use",
		[LLVMIR_REJ_CAST_USE] = "cast or zero GEP used by more than lifetime markers",
		[LLVMIR_REJ_GEP] = "GEP with a non-zero index",
		[LLVMIR_REJ_OTHER_USE] = "other use of the address (call, compare, ptrtoint, ...)",
		[LLVMIR_REJ_OPTNONE] = "function is optnone (mem2reg skips it)",
	};
	return (unsigned)r < LLVMIR_REJ_COUNT ? s[r] : "unknown";
}
