/* Reader fuzzer for the LLVM IR importer (algos/llvmir): the bytes are written to a file (the
 * importer reads paths: text IR or bitcode by magic) and imported. Any input is rejected with a
 * formatted error, or imported into programs that write out as .prog text and read back to the
 * same bytes. Built by tools/fuzz only when llvm-config-16 is present (links libLLVM); libLLVM
 * itself is not instrumented, so coverage guides through the importer's own code. */
#include "fuzz_io.h"
#include "llvmir/llvmir.h"

#include <unistd.h>

static char path[512];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!path[0]) {
		/* One file per fuzzing process, rewritten for every input. */
		const char *dir = getenv("TMPDIR");
		snprintf(path, sizeof path, "%s/ssalab-fuzz-llvm-%ld.ll", dir && *dir ? dir : "/tmp",
		         (long)getpid());
	}
	FILE *f = fopen(path, "wb");
	if (!f)
		abort();
	if (size && fwrite(data, 1, size, f) != size)
		abort();
	if (fclose(f) != 0)
		abort();
	struct llvmir_options opt;
	llvmir_options_default(&opt);
	opt.mem_limit = 256u << 20;
	struct llvmir_module m;
	struct io_error err;
	memset(&err, 0, sizeof err);
	int rc = llvmir_read(path, &opt, &m, &err);
	if (rc != SSA_OK) {
		char msg[600];
		io_error_format(&err, msg, sizeof msg);
		if (!err.what[0])
			abort(); /* every rejection names its problem */
		return 0;
	}
	/* An imported program is a valid .prog. */
	for (uint32_t i = 0; i < m.nfuncs; i++)
		fuzz_roundtrip(&m.funcs[i].prog, io_write_prog_text, io_read_text);
	llvmir_module_free(&m);
	return 0;
}
