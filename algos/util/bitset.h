/* Fixed-size bitsets as arrays of 64-bit words. */
#ifndef SSALAB_BITSET_H
#define SSALAB_BITSET_H

#include <stdbool.h>
#include <stdint.h>

static inline uint64_t bitset_words(uint64_t nbits)
{
	return (nbits + 63) / 64;
}

static inline bool bitset_get(const uint64_t *w, uint64_t i)
{
	return (w[i >> 6] >> (i & 63)) & 1;
}

static inline void bitset_set(uint64_t *w, uint64_t i)
{
	w[i >> 6] |= UINT64_C(1) << (i & 63);
}

static inline void bitset_clear(uint64_t *w, uint64_t i)
{
	w[i >> 6] &= ~(UINT64_C(1) << (i & 63));
}

#endif
