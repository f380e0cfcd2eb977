#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

#ifndef NDEBUG
/* Fault injection, in builds without NDEBUG (Debug, Asan) only: SSALAB_FAIL_ALLOC=N makes the
 * N-th allocation through the functions below (counted from 1 over the process) return NULL,
 * as exhaustion would, so tests can walk every error path of a run one allocation at a time.
 * Release builds compile none of this. */
static bool fail_this_one(void)
{
	static long target = -1;
	static unsigned long count;
	long t = __atomic_load_n(&target, __ATOMIC_RELAXED);
	if (t < 0) {
		const char *e = getenv("SSALAB_FAIL_ALLOC");
		t = e ? strtol(e, NULL, 10) : 0;
		if (t < 0)
			t = 0;
		__atomic_store_n(&target, t, __ATOMIC_RELAXED);
	}
	return t > 0 && __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED) == (unsigned long)t;
}
#define FAIL_INJECTED() fail_this_one()
#else
#define FAIL_INJECTED() false
#endif

void *ssa_alloc_array(size_t count, size_t size)
{
	size_t bytes;
	if (!ssa_mul_ok(count, size, &bytes) || FAIL_INJECTED())
		return NULL;
	return malloc(bytes ? bytes : 1);
}

void *ssa_calloc_array(size_t count, size_t size)
{
	size_t bytes;
	if (!ssa_mul_ok(count, size, &bytes) || FAIL_INJECTED())
		return NULL;
	if (bytes == 0)
		return calloc(1, 1);
	return calloc(count, size);
}

void *ssa_realloc_array(void *p, size_t count, size_t size)
{
	size_t bytes;
	if (!ssa_mul_ok(count, size, &bytes) || FAIL_INJECTED())
		return NULL;
	return realloc(p, bytes ? bytes : 1);
}

void ssa_free_n(void *const *ptrs, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(ptrs[i]);
}

const char *ssa_status_str(int status)
{
	switch (status) {
	case SSA_OK: return "ok";
	case SSA_ENOMEM: return "out of memory";
	case SSA_ETOOBIG: return "size too large";
	case SSA_EINPUT: return "malformed input";
	case SSA_EIO: return "input/output error";
	case SSA_EVERIFY: return "verification failed";
	case SSA_EUSAGE: return "invalid argument";
	case SSA_EBUDGET: return "budget exhausted";
	}
	return "unknown status";
}
