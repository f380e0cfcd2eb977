/* For the suites that import LLVM IR: read a module or fail the test with LLVM's message, find a
 * function by name, and a CFG's successor lists as one string for an exact comparison. */
#ifndef SSALAB_TEST_LLVM_MODULE_H
#define SSALAB_TEST_LLVM_MODULE_H

#include <criterion/criterion.h>

#include "io/io.h"
#include "llvmir/llvmir.h"
#include "util/status.h"

#include <stdio.h>
#include <string.h>

#define LLDATA SSALAB_TEST_DATA "/llvm/"

static inline void read_ok(const char *name, struct llvmir_module *m)
{
	struct io_error err;
	memset(&err, 0, sizeof err);
	int st = llvmir_read(name, NULL, m, &err);
	char msg[600];
	io_error_format(&err, msg, sizeof msg);
	cr_assert_eq(st, SSA_OK, "%s: %s", name, msg);
}

static inline const struct llvmir_func *func(const struct llvmir_module *m, const char *name)
{
	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (strcmp(llvmir_func_name(&m->funcs[i]), name) == 0)
			return &m->funcs[i];
	cr_assert_fail("no function %s", name);
	return NULL;
}

/* The successors of every block as "0:1,2 1:4 ..."; cut short (never overrun) at len - 1. */
static inline void succ_string(const struct llvmir_func *f, char *buf, size_t len)
{
	const struct cfg *g = &f->prog.cfg;
	size_t k = 0;
	buf[0] = 0;
	for (uint32_t b = 0; b < g->n && k < len; b++) {
		k += (size_t)snprintf(buf + k, len - k, "%s%u:", b ? " " : "", b);
		for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1] && k < len; e++)
			k += (size_t)snprintf(buf + k, len - k, "%s%u", e > g->succ_off[b] ? "," : "",
					      g->succ[e]);
	}
}

#endif
