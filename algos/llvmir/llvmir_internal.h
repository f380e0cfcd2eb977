/* Private to algos/llvmir: the promotability rule, shared by the importer and its tests. */
#ifndef SSALAB_LLVMIR_INTERNAL_H
#define SSALAB_LLVMIR_INTERNAL_H

#include "llvmir/llvmir.h"

#include <llvm-c/Core.h>

/* Intrinsic ids looked up once per import (they are fixed per LLVM build, not per module). */
struct llvmir_intrinsics {
	unsigned lifetime_start, lifetime_end, assume, pseudoprobe;
};

void llvmir_intrinsics_init(struct llvmir_intrinsics *ids);

/* LLVMIR_PROMOTABLE when mem2reg would promote this alloca, else the first reason it would not
 * (uses are examined in use-list order). Only meaningful for allocas of the entry block. */
enum llvmir_reject llvmir_promotable(const struct llvmir_intrinsics *ids, LLVMValueRef alloca);

#endif
