#include "util/mem.h"
#include "util/status.h"

#include <stdlib.h>

void *ssa_alloc_array(size_t count, size_t size)
{
	size_t bytes;
	if (!ssa_mul_ok(count, size, &bytes))
		return NULL;
	return malloc(bytes ? bytes : 1);
}

void *ssa_calloc_array(size_t count, size_t size)
{
	size_t bytes;
	if (!ssa_mul_ok(count, size, &bytes))
		return NULL;
	if (bytes == 0)
		return calloc(1, 1);
	return calloc(count, size);
}

void *ssa_realloc_array(void *p, size_t count, size_t size)
{
	size_t bytes;
	if (!ssa_mul_ok(count, size, &bytes))
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
