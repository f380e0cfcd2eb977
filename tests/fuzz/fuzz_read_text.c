/* Reader fuzzer for the text formats (.cfg and .prog; the header decides): any input is either
 * rejected with a formatted error or read; what is read must write back canonically and read
 * again to the same canonical bytes. */
#include "io/io.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	if (size == 0)
		return 0;
	FILE *f = fmemopen((void *)data, size, "r");
	if (!f)
		return 0;
	struct prog p;
	struct io_error err;
	int rc = io_read_text(f, "<fuzz>", &p, &err);
	fclose(f);
	if (rc != SSA_OK) {
		char msg[512];
		io_error_format(&err, msg, sizeof msg);
		if (!msg[0])
			abort(); /* every rejection names its problem */
		return 0;
	}
	size_t n1, n2;
	char *a = write_text(&p, &n1);
	FILE *g = fmemopen(a, n1, "r");
	struct prog q;
	if (io_read_text(g, "<again>", &q, &err) != SSA_OK)
		abort(); /* the canonical form must read back */
	fclose(g);
	char *b = write_text(&q, &n2);
	if (n1 != n2 || memcmp(a, b, n1))
		abort();
	free(a);
	free(b);
	prog_free(&p);
	prog_free(&q);
	return 0;
}
