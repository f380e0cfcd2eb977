/* Reader fuzzer for the text formats (.cfg and .prog; the header decides): any input is either
 * rejected with a formatted error or read; what is read must write back canonically and read
 * again to the same canonical bytes. */
#include "fuzz_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_read_roundtrip(data, size, io_read_text, io_write_prog_text);
}
