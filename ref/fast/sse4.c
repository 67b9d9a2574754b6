/* SPDX-License-Identifier: MIT */
/*
 * sse4.c - the 16-byte kernel (SSSE3 shuffles, SSE4.1 tests).
 * Compiled with -mssse3 -msse4.1; run only where the CPU has both.
 */
#include <immintrin.h>
#include <string.h>

#include "pair_lookup.h"

typedef __m128i vec;
enum { BLOCK = 16 };

static inline vec
v_load(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

static inline vec
v_zero(void)
{
	return _mm_setzero_si128();
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
	return _mm_movemask_epi8(v) == 0;
}

static inline vec
lookup(const uint8_t table[16], vec nibbles)
{
	return _mm_shuffle_epi8(v_load(table), nibbles);
}

static inline int
v_has_error(vec cur, vec prev)
{
	const vec low4 = _mm_set1_epi8(0x0F);
	vec prev1 = _mm_alignr_epi8(cur, prev, BLOCK - 1);
	vec prev2 = _mm_alignr_epi8(cur, prev, BLOCK - 2);
	vec prev3 = _mm_alignr_epi8(cur, prev, BLOCK - 3);
	vec rules = _mm_and_si128(
	    _mm_and_si128(lookup(PREV_HIGH,
	                         _mm_and_si128(_mm_srli_epi16(prev1, 4), low4)),
	                  lookup(PREV_LOW, _mm_and_si128(prev1, low4))),
	    lookup(CUR_HIGH, _mm_and_si128(_mm_srli_epi16(cur, 4), low4)));
	vec must_trail = _mm_and_si128(
	    _mm_or_si128(
	        _mm_subs_epu8(prev2, _mm_set1_epi8((char)THIRD_BIAS)),
	        _mm_subs_epu8(prev3, _mm_set1_epi8((char)FOURTH_BIAS))),
	    _mm_set1_epi8((char)TWO_TRAILS));
	vec errors = _mm_xor_si128(rules, must_trail);

	return !_mm_testz_si128(errors, errors);
}

#include "vector_loop.h"

struct u8ref_validation
u8ref_fast_sse4(const uint8_t *s, size_t n)
{
	return vector_validate(s, n);
}
