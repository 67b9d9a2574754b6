/* SPDX-License-Identifier: MIT */
/*
 * avx2.c - the 32-byte kernel.  Compiled with -mavx2; run only where
 * the CPU has AVX2.
 */
#include <immintrin.h>

#include "pair_lookup.h"

typedef __m256i vec;
typedef __m256i errs;
enum { BLOCK = 32, V_CONTEXT = 3, V_SHIFT_FROM_MEMORY = 0 };

struct tables {
	vec prev_high, prev_low, cur_high, low4, third_avg, fourth_avg,
	    two_trails;
};

/* A 16-entry table in both 128-bit lanes: vpshufb looks up within a
 * lane. */
static inline vec
both_lanes(const uint8_t table[16])
{
	return _mm256_broadcastsi128_si256(
	    _mm_loadu_si128((const __m128i *)table));
}

static inline struct tables
v_tables(void)
{
	return (struct tables){both_lanes(PREV_HIGH),
	                       both_lanes(PREV_LOW),
	                       both_lanes(CUR_HIGH),
	                       _mm256_set1_epi8(0x0F),
	                       _mm256_set1_epi8((char)THIRD_AVG),
	                       _mm256_set1_epi8((char)FOURTH_AVG),
	                       _mm256_set1_epi8((char)TWO_TRAILS)};
}

static inline __attribute__((always_inline)) vec
v_load(const uint8_t *p)
{
	return _mm256_loadu_si256((const __m256i *)p);
}

static inline vec
v_or(vec a, vec b)
{
	return _mm256_or_si256(a, b);
}

static inline int
v_is_ascii(vec v)
{
	return _mm256_testz_si256(v, _mm256_set1_epi8((char)0x80));
}

/* The three lookups of pair_lookup.h, ANDed, and the bit TWO_TRAILS
 * flipped where cur must be a third or fourth byte; prevK holds the
 * bytes K places before cur's. */
static inline errs
errors_of(const struct tables *t, vec cur, vec prev1, vec prev2, vec prev3)
{
	vec rules = _mm256_and_si256(
	    _mm256_and_si256(
	        _mm256_shuffle_epi8(
	            t->prev_high,
	            _mm256_and_si256(_mm256_srli_epi16(prev1, 4), t->low4)),
	        _mm256_shuffle_epi8(t->prev_low,
	                            _mm256_and_si256(prev1, t->low4))),
	    _mm256_shuffle_epi8(
	        t->cur_high,
	        _mm256_and_si256(_mm256_srli_epi16(cur, 4), t->low4)));
	vec must_trail = _mm256_and_si256(
	    _mm256_or_si256(_mm256_avg_epu8(prev2, t->third_avg),
	                    _mm256_avg_epu8(prev3, t->fourth_avg)),
	    t->two_trails);

	return _mm256_xor_si256(rules, must_trail);
}

/* The bytes before each byte are loaded from memory, which costs a load
 * each instead of a lane-crossing permute and three shifts. */
static inline errs
v_errors_at(const struct tables *t, const uint8_t *p)
{
	return errors_of(t, v_load(p), v_load(p - 1), v_load(p - 2),
	                 v_load(p - 3));
}

static inline vec
v_zeros(void)
{
	return _mm256_setzero_si256();
}

/* cur shifted towards the end by k bytes, the last k of before in
 * front: its upper lane beside cur's lower one, then the bytes aligned. */
#define AFTER(before, cur, k)                                                  \
	_mm256_alignr_epi8(                                                    \
	    (cur), _mm256_permute2x128_si256((before), (cur), 0x21), 16 - (k))

static inline errs
v_errors_after(const struct tables *t, vec before, vec cur)
{
	return errors_of(t, cur, AFTER(before, cur, 1), AFTER(before, cur, 2),
	                 AFTER(before, cur, 3));
}

static inline errs
errs_or(errs a, errs b)
{
	return _mm256_or_si256(a, b);
}

static inline int
errs_any(errs e)
{
	return !_mm256_testz_si256(e, e);
}

static inline vec
v_keep(vec v, size_t k)
{
	const vec lanes = _mm256_setr_epi8(
	    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
	    19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);

	return _mm256_and_si256(
	    v, _mm256_cmpgt_epi8(_mm256_set1_epi8((char)k), lanes));
}

/* vpshufb looks up within a 128-bit lane.  At SLIDE + 16 + d, the
 * shuffle that gives byte j of a lane the byte j + d of the same lane,
 * zeros (0x80) where that is past the lane's end; at SLIDE + d, the
 * byte j + d - 16 of a lane, zeros where that is before its start. */
static const uint8_t SLIDE[2 * BLOCK] = {
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0,    1,    2,    3,    4,    5,
    6,    7,    8,    9,    10,   11,   12,   13,   14,   15,   0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
};

/* Each lane's own bytes moved down d places, and beside them the bytes
 * of the lane above that come down into it (the upper lane's, for the
 * lower; none for the upper). */
static inline vec
v_down(vec v, size_t d)
{
	vec upper_in_lower = _mm256_permute2x128_si256(v, v, 0x81);

	return _mm256_or_si256(
	    _mm256_shuffle_epi8(v, both_lanes(SLIDE + 16 + d)),
	    _mm256_shuffle_epi8(upper_in_lower, both_lanes(SLIDE + d)));
}

#include "in_page.h"
#include "vector_loop.h"

struct u8ref_validation
u8ref_fast_avx2(const uint8_t *s, size_t n)
{
	return vector_validate(s, n);
}
