/* Reading bench's --csv output in the end-to-end suites: count the rows that start with a
 * prefix, and expect a run to have exited 0 with an "ok" row for each kernel named. Header-only;
 * include after criterion. */
#ifndef SSALAB_TEST_BENCH_ROWS_H
#define SSALAB_TEST_BENCH_ROWS_H

#include "support/bench_run.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The lines of out that start with prefix, summary rows (status "summary", the third field)
 * left out: they sum the runs counted. */
static inline unsigned bench_count_rows(const char *out, const char *prefix)
{
	unsigned n = 0;
	size_t len = strlen(prefix);
	for (const char *p = out; (p = strstr(p, prefix)); p += len) {
		if (p != out && p[-1] != '\n')
			continue;
		const char *c = strchr(p, ',');
		c = c ? strchr(c + 1, ',') : NULL;
		n += !(c && !strncmp(c + 1, "summary,", 8));
	}
	return n;
}

/* Expects r to have exited 0 with, below the header, a row "<kernel>,<stage>,ok," for each
 * "<kernel>,<stage>" of the NULL-terminated list; then frees r. */
__attribute__((sentinel)) static inline void bench_expect_ok_rows(struct bench_run *r, ...)
{
	cr_expect_eq(r->code, 0, "exit %d, stderr: %s", r->code, r->err);
	va_list ap;
	va_start(ap, r);
	for (const char *row; (row = va_arg(ap, const char *));) {
		char want[128];
		snprintf(want, sizeof want, "\n%s,ok,", row);
		cr_expect_not_null(strstr(r->out, want), "no row %s,ok: %s", row, r->out);
	}
	va_end(ap);
	bench_run_free(r);
}

#endif
