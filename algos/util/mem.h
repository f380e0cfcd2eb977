/* Checked sizes and allocation. Every array whose length comes from input goes through
 * these, so an overflow is an error, never a short buffer. */
#ifndef SSALAB_MEM_H
#define SSALAB_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* *out = a * b, or false on overflow of size_t. */
static inline bool ssa_mul_ok(size_t a, size_t b, size_t *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

static inline bool ssa_add_ok(size_t a, size_t b, size_t *out)
{
	return !__builtin_add_overflow(a, b, out);
}

/* malloc/calloc of count elements of size bytes; NULL on overflow or exhaustion.
 * A zero count still returns a unique pointer so callers need not special-case empty graphs. */
void *ssa_alloc_array(size_t count, size_t size);
void *ssa_calloc_array(size_t count, size_t size);
void *ssa_realloc_array(void *p, size_t count, size_t size);

/* Frees several pointers at once; any of them may be NULL. The argument list is counted at
 * compile time, so a NULL in the middle does not end it (call sites may still end with NULL). */
void ssa_free_n(void *const *ptrs, size_t count);
#define ssa_free_all(...) \
	ssa_free_n((void *const[]){__VA_ARGS__}, sizeof((void *const[]){__VA_ARGS__}) / sizeof(void *))

/* Bytes of `count` elements of `size`, saturating at UINT64_MAX: for memory estimates. */
static inline uint64_t ssa_bytes(uint64_t count, uint64_t size)
{
	uint64_t r;
	return __builtin_mul_overflow(count, size, &r) ? UINT64_MAX : r;
}

static inline uint64_t ssa_sat_add(uint64_t a, uint64_t b)
{
	uint64_t r;
	return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

/* What one allocation of `bytes` takes from the allocator: jemalloc's size class (8 bytes, then
 * multiples of 16 up to 64, then four classes per power of two, so at most 25% above the
 * request), the figure jemalloc counts in a thread's peak. Memory estimates add one such term
 * per allocation, which keeps them upper bounds of that peak; a request of 0 bytes takes 8
 * (ssa_alloc_array asks for 1). Saturating. */
static inline uint64_t ssa_alloc_size(uint64_t bytes)
{
	if (bytes <= 8)
		return 8;
	if (bytes > (UINT64_C(1) << 62))
		return UINT64_MAX;
	unsigned lg = 63u - (unsigned)__builtin_clzll(bytes - 1); /* 2^lg < bytes <= 2^(lg+1) */
	uint64_t step = lg >= 6 ? UINT64_C(1) << (lg - 2) : 16;
	return (bytes + step - 1) / step * step;
}

/* What qsort allocates while it sorts count elements of size bytes: glibc's merge sort works on
 * a copy (on the stack below 1024 bytes). Estimates add it where a kernel sorts. */
static inline uint64_t ssa_qsort_bytes(uint64_t count, uint64_t size);

/* ssa_alloc_size of one array of count elements of size bytes. */
static inline uint64_t ssa_array_bytes(uint64_t count, uint64_t size)
{
	return ssa_alloc_size(ssa_bytes(count, size));
}

static inline uint64_t ssa_qsort_bytes(uint64_t count, uint64_t size)
{
	uint64_t b = ssa_bytes(count, size);
	return b < 1024 ? 0 : ssa_alloc_size(b);
}

#endif
