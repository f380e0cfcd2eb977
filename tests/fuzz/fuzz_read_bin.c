/* Reader fuzzer for the binary .ssab format: any input is rejected with a formatted error or
 * read; what is read must write back and read again to the same program. */
#include "fuzz_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_read_roundtrip(data, size, io_read_bin, io_write_bin);
}
