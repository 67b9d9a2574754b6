/* SPDX-License-Identifier: MIT */
/*
 * rng.h - SplitMix64, the generator behind every input: a fixed seed
 * gives the same bytes on every machine and compiler.
 */
#ifndef U8B_RNG_H
#define U8B_RNG_H

#include <stdint.h>

struct u8b_rng {
	uint64_t state;
};

static inline uint64_t
u8b_rng_next(struct u8b_rng *r)
{
	uint64_t z = (r->state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* A value in [0, bound), bound >= 1, by multiplying instead of '%'. */
static inline uint32_t
u8b_rng_below(struct u8b_rng *r, uint32_t bound)
{
	return (uint32_t)(((u8b_rng_next(r) >> 32) * bound) >> 32);
}

#endif /* U8B_RNG_H */
