/* Reader fuzzer for every text format through the sniffing entry point (io_read_any: DOT, edge
 * lists, .cfg and .prog; a first byte 0x89 reaches the binary reader too): any input is rejected
 * with a formatted error or read; what is read must write back as .prog text and read again to
 * the same bytes, names included. */
#include "fuzz_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_read_roundtrip(data, size, io_read_any, io_write_prog_text);
}
