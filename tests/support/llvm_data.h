/* For the suites that read the hand-written LLVM IR under tests/data/llvm: those modules use
 * opaque pointers ("ptr"), LLVM's only IR syntax from 15 on; LLVM 14 reads them only in a mode
 * its C API cannot turn on. With 14 the importer itself works (the agreement test compiles C with
 * clang-14 and passes), but these tests cannot read their data, so they skip (through
 * criterion's cr_skip_test). */
#ifndef SSALAB_TEST_LLVM_DATA_H
#define SSALAB_TEST_LLVM_DATA_H

#define REQUIRE_OPAQUE_POINTERS()                                                            \
	do {                                                                                 \
		if (SSALAB_LLVM_MAJOR < 15)                                                  \
			cr_skip_test("data/llvm/*.ll need LLVM >= 15 (opaque pointers); "   \
				     "this build uses LLVM %d", SSALAB_LLVM_MAJOR);          \
	} while (0)

#endif
