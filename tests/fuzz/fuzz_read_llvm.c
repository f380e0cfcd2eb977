/* Reader fuzzer for the LLVM IR importer (algos/llvmir): the bytes are written to a file (the
 * importer reads paths: text IR or bitcode by magic) and imported. Any input is rejected with a
 * formatted error, or imported into programs that write out as .prog text and read back to the
 * same bytes. Built by tools/fuzz only when llvm-config-16 is present (links libLLVM); libLLVM
 * itself is not instrumented, so coverage guides through the importer's own code. */
#include "io/io.h"
#include "llvmir/llvmir.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char path[64];

static char *write_text(const struct prog *p, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f || io_write_prog_text(f, p) != SSA_OK)
		abort();
	fclose(f);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!path[0]) {
		/* One file per fuzzing process, rewritten for every input. */
		snprintf(path, sizeof path, "/tmp/ssalab-fuzz-llvm-%ld.ll", (long)getpid());
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
	for (uint32_t i = 0; i < m.nfuncs; i++) {
		size_t n1, n2;
		char *a = write_text(&m.funcs[i].prog, &n1);
		FILE *g = fmemopen(a, n1, "r");
		struct prog q;
		if (!g || io_read_text(g, "<again>", &q, &err) != SSA_OK)
			abort(); /* an imported program is a valid .prog */
		fclose(g);
		char *b = write_text(&q, &n2);
		if (n1 != n2 || memcmp(a, b, n1))
			abort();
		free(a);
		free(b);
		prog_free(&q);
	}
	llvmir_module_free(&m);
	return 0;
}
