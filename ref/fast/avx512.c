/* SPDX-License-Identifier: MIT */
/*
 * avx512.c - the 64-byte kernel.  Compiled with -mavx512f -mavx512bw
 * -mavx512vbmi; run only where the CPU has all three.  Masked loads read
 * the tail without touching a byte past the input, and VBMI's two-source
 * byte permute brings the previous block's last bytes in front.
 */
#include <immintrin.h>

#include "pair_lookup.h"

typedef __m512i vec;
enum { BLOCK = 64 };

static inline vec
v_load(const uint8_t *p)
{
	return _mm512_loadu_si512((const void *)p);
}

static inline vec
v_zero(void)
{
	return _mm512_setzero_si512();
}

/* Masked-off bytes are neither read nor able to fault. */
static inline vec
v_load_tail(const uint8_t *p, size_t r)
{
	return _mm512_maskz_loadu_epi8((UINT64_C(1) << r) - 1, p);
}

static inline int
v_is_ascii(vec v)
{
	return _mm512_movepi8_mask(v) == 0;
}

static inline vec
lookup(const uint8_t table[16], vec nibbles)
{
	return _mm512_shuffle_epi8(
	    _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)table)),
	    nibbles);
}

/* Byte i of the result is cur[i - k], or prev[64 + i - k] for i < k:
 * index bit 6 picks the permute's second source. */
static inline vec
shift_in(vec cur, vec prev, int k)
{
	uint8_t idx[BLOCK];

	for (int i = 0; i < BLOCK; i++)
		idx[i] = (uint8_t)(i >= k ? i - k : BLOCK + BLOCK + i - k);
	return _mm512_permutex2var_epi8(cur, v_load(idx), prev);
}

static inline int
v_has_error(vec cur, vec prev)
{
	const vec low4 = _mm512_set1_epi8(0x0F);
	vec prev1 = shift_in(cur, prev, 1);
	vec prev2 = shift_in(cur, prev, 2);
	vec prev3 = shift_in(cur, prev, 3);
	vec rules = _mm512_and_si512(
	    _mm512_and_si512(
	        lookup(PREV_HIGH,
	               _mm512_and_si512(_mm512_srli_epi16(prev1, 4), low4)),
	        lookup(PREV_LOW, _mm512_and_si512(prev1, low4))),
	    lookup(CUR_HIGH,
	           _mm512_and_si512(_mm512_srli_epi16(cur, 4), low4)));
	vec must_trail = _mm512_and_si512(
	    _mm512_or_si512(
	        _mm512_subs_epu8(prev2, _mm512_set1_epi8((char)THIRD_BIAS)),
	        _mm512_subs_epu8(prev3, _mm512_set1_epi8((char)FOURTH_BIAS))),
	    _mm512_set1_epi8((char)TWO_TRAILS));

	return _mm512_test_epi8_mask(_mm512_xor_si512(rules, must_trail),
	                             _mm512_set1_epi8(-1)) != 0;
}

#include "vector_loop.h"

struct u8ref_validation
u8ref_fast_avx512(const uint8_t *s, size_t n)
{
	return vector_validate(s, n);
}
