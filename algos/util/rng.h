/* Deterministic pseudo-random numbers: xoshiro256** (Blackman and Vigna, 2018) seeded through
 * splitmix64. Specified to the bit, so the same seed gives the same stream on every machine;
 * generators must draw only through these functions (never rand(), never floating point for
 * decisions that shape output). */
#ifndef SSALAB_RNG_H
#define SSALAB_RNG_H

#include <stdint.h>

struct ssa_rng {
	uint64_t s[4];
};

static inline uint64_t ssa_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static inline void ssa_rng_seed(struct ssa_rng *r, uint64_t seed)
{
	uint64_t sm = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = ssa_splitmix64(&sm);
}

static inline uint64_t ssa_rotl64(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t ssa_rng_next(struct ssa_rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = ssa_rotl64(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = ssa_rotl64(s[3], 45);
	return result;
}

/* Uniform in [0, bound), bound > 0, without modulo bias (Lemire's multiply-and-reject). */
static inline uint64_t ssa_rng_below(struct ssa_rng *r, uint64_t bound)
{
	unsigned __int128 m = (unsigned __int128)ssa_rng_next(r) * bound;
	uint64_t low = (uint64_t)m;
	if (low < bound) {
		uint64_t threshold = -bound % bound;
		while (low < threshold) {
			m = (unsigned __int128)ssa_rng_next(r) * bound;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}

/* True with probability num/den, decided in integers so it is exact and portable. */
static inline int ssa_rng_chance(struct ssa_rng *r, uint32_t num, uint32_t den)
{
	return ssa_rng_below(r, den) < num;
}

#endif
