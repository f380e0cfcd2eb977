/* gen --from MODULE --out DIR: LLVM IR to one .prog and .cfg per defined function. */
#ifndef SSALAB_GEN_FROM_LLVM_H
#define SSALAB_GEN_FROM_LLVM_H

/* -1 when argv has no --from (gen goes on as usual); otherwise the command's exit code after
 * doing all the work and printing its messages: 0 written, 1 input/output error (or a build
 * without LLVM), 2 usage error. */
int gen_from_llvm(int argc, char **argv);

#endif
