/* SPDX-License-Identifier: MIT */
/*
 * avx512.c - the 64-byte kernel.  Compiled with -mavx512f -mavx512bw
 * -mavx512vbmi; run only where the CPU has all three.  VBMI's
 * two-source byte permute brings the previous block's last bytes in
 * front.
 */
#include <immintrin.h>

#include "pair_lookup.h"

typedef __m512i vec;
typedef __m512i errs;
enum { BLOCK = 64, V_CONTEXT = BLOCK };

struct tables {
	vec prev_high, prev_low, cur_high, low4, shift1, shift2, shift3, third,
	    fourth, two_trails;
};

/* A 16-entry table in all four 128-bit lanes: vpshufb looks up within
 * a lane. */
static inline vec
all_lanes(const uint8_t table[16])
{
	return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)table));
}

static inline vec
v_load(const uint8_t *p)
{
	return _mm512_loadu_si512((const void *)p);
}

/* Byte i of the permute's result is cur[i - k], or for i < k byte
 * 64 + i - k of prev (index bit 6 picks the second source). */
static inline vec
shift_by(int k)
{
	uint8_t idx[BLOCK];

	for (int i = 0; i < BLOCK; i++)
		idx[i] = (uint8_t)(i >= k ? i - k : 2 * BLOCK + i - k);
	return v_load(idx);
}

static inline struct tables
v_tables(void)
{
	return (struct tables){all_lanes(PREV_HIGH),
	                       all_lanes(PREV_LOW),
	                       all_lanes(CUR_HIGH),
	                       _mm512_set1_epi8(0x0F),
	                       shift_by(1),
	                       shift_by(2),
	                       shift_by(3),
	                       _mm512_set1_epi8((char)THIRD_BIAS),
	                       _mm512_set1_epi8((char)FOURTH_BIAS),
	                       _mm512_set1_epi8((char)TWO_TRAILS)};
}

static inline vec
v_or(vec a, vec b)
{
	return _mm512_or_si512(a, b);
}

static inline int
v_is_ascii(vec v)
{
	return _mm512_movepi8_mask(v) == 0;
}

static inline errs
v_errors(const struct tables *t, vec cur, vec prev)
{
	vec prev1 = _mm512_permutex2var_epi8(cur, t->shift1, prev);
	vec prev2 = _mm512_permutex2var_epi8(cur, t->shift2, prev);
	vec prev3 = _mm512_permutex2var_epi8(cur, t->shift3, prev);
	vec rules = _mm512_ternarylogic_epi32(
	    _mm512_shuffle_epi8(
	        t->prev_high,
	        _mm512_and_si512(_mm512_srli_epi16(prev1, 4), t->low4)),
	    _mm512_shuffle_epi8(t->prev_low, _mm512_and_si512(prev1, t->low4)),
	    _mm512_shuffle_epi8(
	        t->cur_high,
	        _mm512_and_si512(_mm512_srli_epi16(cur, 4), t->low4)),
	    0x80); /* a & b & c */
	vec must_trail =
	    _mm512_ternarylogic_epi32(_mm512_subs_epu8(prev2, t->third),
	                              _mm512_subs_epu8(prev3, t->fourth),
	                              t->two_trails, 0xA8); /* (a | b) & c */

	return _mm512_xor_si512(rules, must_trail);
}

/* The block at p after the one before it: VBMI's permute brings that
 * block's last bytes in front. */
static inline errs
v_errors_at(const struct tables *t, const uint8_t *p)
{
	return v_errors(t, v_load(p), v_load(p - BLOCK));
}

/* The first block, after zeros. */
static inline errs
v_errors_first(const struct tables *t, vec cur)
{
	return v_errors(t, cur, _mm512_setzero_si512());
}

static inline errs
errs_or(errs a, errs b)
{
	return _mm512_or_si512(a, b);
}

static inline int
errs_any(errs e)
{
	return _mm512_test_epi8_mask(e, e) != 0;
}

#include "vector_loop.h"

struct u8ref_validation
u8ref_fast_avx512(const uint8_t *s, size_t n)
{
	return vector_validate(s, n);
}
