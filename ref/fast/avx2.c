/* SPDX-License-Identifier: MIT */
/*
 * avx2.c - the 32-byte kernel.  Compiled with -mavx2; run only where
 * the CPU has AVX2.
 */
#include <immintrin.h>
#include <string.h>

#include "pair_lookup.h"

typedef __m256i vec;
enum { BLOCK = 32 };

static inline vec
v_load(const uint8_t *p)
{
	return _mm256_loadu_si256((const __m256i *)p);
}

static inline vec
v_zero(void)
{
	return _mm256_setzero_si256();
}

static inline vec
v_load_tail(const uint8_t *p, size_t r)
{
	uint8_t buf[BLOCK] = {0};

	memcpy(buf, p, r);
	return v_load(buf);
}

static inline int
v_is_ascii(vec v)
{
	return _mm256_movemask_epi8(v) == 0;
}

/* The table in both 128-bit lanes: vpshufb looks up within a lane. */
static inline vec
lookup(const uint8_t table[16], vec nibbles)
{
	return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(
	                               _mm_loadu_si128((const __m128i *)table)),
	                           nibbles);
}

/* cur shifted towards the end by k bytes, prev's last k bytes in front. */
#define SHIFT_IN(cur, prev, k)                                                 \
	_mm256_alignr_epi8(                                                    \
	    (cur), _mm256_permute2x128_si256((prev), (cur), 0x21), 16 - (k))

static inline int
v_has_error(vec cur, vec prev)
{
	const vec low4 = _mm256_set1_epi8(0x0F);
	vec prev1 = SHIFT_IN(cur, prev, 1);
	vec prev2 = SHIFT_IN(cur, prev, 2);
	vec prev3 = SHIFT_IN(cur, prev, 3);
	vec rules = _mm256_and_si256(
	    _mm256_and_si256(
	        lookup(PREV_HIGH,
	               _mm256_and_si256(_mm256_srli_epi16(prev1, 4), low4)),
	        lookup(PREV_LOW, _mm256_and_si256(prev1, low4))),
	    lookup(CUR_HIGH,
	           _mm256_and_si256(_mm256_srli_epi16(cur, 4), low4)));
	vec must_trail = _mm256_and_si256(
	    _mm256_or_si256(
	        _mm256_subs_epu8(prev2, _mm256_set1_epi8((char)THIRD_BIAS)),
	        _mm256_subs_epu8(prev3, _mm256_set1_epi8((char)FOURTH_BIAS))),
	    _mm256_set1_epi8((char)TWO_TRAILS));
	vec errors = _mm256_xor_si256(rules, must_trail);

	return !_mm256_testz_si256(errors, errors);
}

#include "vector_loop.h"

struct u8ref_validation
u8ref_fast_avx2(const uint8_t *s, size_t n)
{
	return vector_validate(s, n);
}
