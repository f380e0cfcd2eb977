/* Differential fuzzer (libFuzzer): the input bytes become a small CFG and program, and every
 * registered algorithm of every stage runs on it; any disagreement, verifier or reaching-check
 * failure, interpreter mismatch or certified wrong dominator tree aborts.
 *
 * Decoding (fuzz_decode.h): n = 1 + b0 % 24 blocks, b1 % 4 variables, b2 % 72 edges taken as
 * byte pairs (any u, v: unreachable blocks, self-loops, multi-edges, irreducible loops and
 * edges into the entry all occur), then per block a count byte (% 5) and that many op bytes
 * (variable, def or use: uses before definitions occur). Missing bytes read as zero. */
#include "fuzz_decode.h"

#include <stdio.h>
#include <stdlib.h>

#define FUZZ_FAIL(...)                                                                         \
	do {                                                                                   \
		fprintf(stderr, "fuzz_diff: " __VA_ARGS__);                                     \
		fputc('\n', stderr);                                                           \
		abort();                                                                       \
	} while (0)

#include "fuzz_checks.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prog p;
	if (fuzz_decode(data, size, &p) != SSA_OK)
		return 0;
	fuzz_check_prog(&p);
	prog_free(&p);
	return 0;
}
