/* What the reader fuzzers share (fuzz_read_text.c, fuzz_read_bin.c, fuzz_read_llvm.c): writing a
 * program to memory, and the round trip a program that was read must make: write, read back,
 * write again to the same bytes. Any failure aborts, which libFuzzer reports as a finding.
 * Header-only. */
#ifndef SSALAB_FUZZ_IO_H
#define SSALAB_FUZZ_IO_H

#include "io/io.h"
#include "util/status.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*fuzz_write_fn)(FILE *f, const struct prog *p);
typedef int (*fuzz_read_fn)(FILE *f, const char *name, struct prog *out, struct io_error *err);

/* p as write puts it, in a malloc'd buffer of *len bytes. */
static inline char *fuzz_write_mem(const struct prog *p, fuzz_write_fn write, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f || write(f, p) != SSA_OK)
		abort();
	fclose(f);
	return buf;
}

/* p written, read back by read and written again gives the same bytes: the written form is one
 * the reader accepts, and nothing is lost or changed on the way. */
static inline void fuzz_roundtrip(const struct prog *p, fuzz_write_fn write, fuzz_read_fn read)
{
	size_t n1, n2;
	char *a = fuzz_write_mem(p, write, &n1);
	FILE *g = fmemopen(a, n1, "r");
	struct prog q;
	struct io_error err;
	if (!g || read(g, "<again>", &q, &err) != SSA_OK)
		abort();
	fclose(g);
	char *b = fuzz_write_mem(&q, write, &n2);
	if (n1 != n2 || memcmp(a, b, n1))
		abort();
	free(a);
	free(b);
	prog_free(&q);
}

/* The whole fuzzer of a format read from memory: any input is rejected with a formatted error
 * or read, and what is read makes the round trip. */
static inline int fuzz_read_roundtrip(const uint8_t *data, size_t size, fuzz_read_fn read,
				       fuzz_write_fn write)
{
	if (size == 0)
		return 0;
	FILE *f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	struct prog p;
	struct io_error err;
	int rc = read(f, "<fuzz>", &p, &err);
	fclose(f);
	if (rc != SSA_OK) {
		char msg[512];
		io_error_format(&err, msg, sizeof msg);
		if (!msg[0])
			abort(); /* every rejection names its problem */
		return 0;
	}
	fuzz_roundtrip(&p, write, read);
	prog_free(&p);
	return 0;
}

#endif
