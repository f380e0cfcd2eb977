/* For the suites that read the hand-written LLVM IR under tests/data/llvm: those modules use
 * opaque pointers ("ptr"), LLVM's only IR type for pointers from 15 on. The build links LLVM 16
 * or newer, so the check below never skips today; it stays so that a build forced onto an older
 * LLVM says why those tests cannot read their data (through criterion's cr_skip_test) instead of
 * failing on it. */
#ifndef SSALAB_TEST_LLVM_DATA_H
#define SSALAB_TEST_LLVM_DATA_H

#define REQUIRE_OPAQUE_POINTERS()                                                            \
	do {                                                                                 \
		if (SSALAB_LLVM_MAJOR < 15)                                                  \
			cr_skip_test("data/llvm/*.ll need LLVM >= 15 (opaque pointers); "   \
				     "this build uses LLVM %d", SSALAB_LLVM_MAJOR);          \
	} while (0)

#endif
