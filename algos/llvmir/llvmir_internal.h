/* Private to algos/llvmir: the promotability rule and the isolated pre-check, shared by the
 * importer and its tests. */
#ifndef SSALAB_LLVMIR_INTERNAL_H
#define SSALAB_LLVMIR_INTERNAL_H

#include "llvmir/llvmir.h"

#include <llvm-c/Core.h>

/* Intrinsic ids looked up once per import (they are fixed per LLVM build, not per module). */
struct llvmir_intrinsics {
	unsigned lifetime_start, lifetime_end, assume, pseudoprobe, fake_use;
};

void llvmir_intrinsics_init(struct llvmir_intrinsics *ids);

/* LLVMIR_PROMOTABLE when mem2reg would promote this alloca, else the first reason it would not
 * (uses are examined in use-list order). Only meaningful for allocas of the entry block. */
enum llvmir_reject llvmir_promotable(const struct llvmir_intrinsics *ids, LLVMValueRef alloca);

/* How the child that parsed and verified a module ended (isolate.c). */
enum llvmir_child_kind {
	LLVMIR_CHILD_OK,      /* LLVM read it (and verified it, when asked): safe to parse here */
	LLVMIR_CHILD_REFUSED, /* LLVM returned a parse or verifier error: parse here for the message */
	LLVMIR_CHILD_FATAL,   /* LLVM reported a fatal error (reason) */
	LLVMIR_CHILD_SIGNAL,  /* killed by signal code */
	LLVMIR_CHILD_EXIT,    /* exited with an unexpected status code */
	LLVMIR_CHILD_NOSTART, /* pipe or fork failed, errno code */
	LLVMIR_CHILD_NOWAIT,  /* waitpid failed, errno code (e.g. the caller ignores SIGCHLD) */
};

struct llvmir_child_result {
	enum llvmir_child_kind kind;
	int code;
	char reason[256];
};

/* Parses buf (bitcode or text) and, when verify, runs LLVM's verifier, in a forked child whose
 * address space is capped at what the process maps now plus mem_limit (0: no cap); waits for it.
 * buf is not consumed. */
void llvmir_check_in_child(LLVMMemoryBufferRef buf, bool bitcode, bool verify,
			   uint64_t mem_limit, struct llvmir_child_result *r);

#endif
