/* SPDX-License-Identifier: MIT */
/*
 * sse4.c - the 16-byte kernel (SSSE3 shuffles, SSE4.1 tests).
 * Compiled with -mssse3 -msse4.1; run only where the CPU has both.
 */
#include <immintrin.h>

#include "pair_lookup.h"

typedef __m128i vec;
typedef __m128i errs;
enum { BLOCK = 16, V_CONTEXT = 3, V_SHIFT_FROM_MEMORY = 0 };

struct tables {
	vec prev_high, prev_low, cur_high, low4, third_avg, fourth_avg,
	    two_trails;
};

static inline __attribute__((always_inline)) vec
v_load(const uint8_t *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

static inline struct tables
v_tables(void)
{
	return (struct tables){v_load(PREV_HIGH),
	                       v_load(PREV_LOW),
	                       v_load(CUR_HIGH),
	                       _mm_set1_epi8(0x0F),
	                       _mm_set1_epi8((char)THIRD_AVG),
	                       _mm_set1_epi8((char)FOURTH_AVG),
	                       _mm_set1_epi8((char)TWO_TRAILS)};
}

static inline vec
v_or(vec a, vec b)
{
	return _mm_or_si128(a, b);
}

static inline int
v_is_ascii(vec v)
{
	return _mm_testz_si128(v, _mm_set1_epi8((char)0x80));
}

/* As avx2.c: the lookups ANDed, TWO_TRAILS flipped where cur must be a
 * third or fourth byte; prevK holds the bytes K places before cur's. */
static inline errs
errors_of(const struct tables *t, vec cur, vec prev1, vec prev2, vec prev3)
{
	vec rules = _mm_and_si128(
	    _mm_and_si128(
	        _mm_shuffle_epi8(
	            t->prev_high,
	            _mm_and_si128(_mm_srli_epi16(prev1, 4), t->low4)),
	        _mm_shuffle_epi8(t->prev_low, _mm_and_si128(prev1, t->low4))),
	    _mm_shuffle_epi8(t->cur_high,
	                     _mm_and_si128(_mm_srli_epi16(cur, 4), t->low4)));
	vec must_trail =
	    _mm_and_si128(_mm_or_si128(_mm_avg_epu8(prev2, t->third_avg),
	                               _mm_avg_epu8(prev3, t->fourth_avg)),
	                  t->two_trails);

	return _mm_xor_si128(rules, must_trail);
}

/* As avx2.c: the bytes before each byte loaded, not shifted in. */
static inline errs
v_errors_at(const struct tables *t, const uint8_t *p)
{
	return errors_of(t, v_load(p), v_load(p - 1), v_load(p - 2),
	                 v_load(p - 3));
}

static inline vec
v_zeros(void)
{
	return _mm_setzero_si128();
}

static inline errs
v_errors_after(const struct tables *t, vec before, vec cur)
{
	return errors_of(t, cur, _mm_alignr_epi8(cur, before, BLOCK - 1),
	                 _mm_alignr_epi8(cur, before, BLOCK - 2),
	                 _mm_alignr_epi8(cur, before, BLOCK - 3));
}

static inline errs
errs_or(errs a, errs b)
{
	return _mm_or_si128(a, b);
}

static inline int
errs_any(errs e)
{
	return !_mm_testz_si128(e, e);
}

static inline vec
v_keep(vec v, size_t k)
{
	const vec lanes =
	    _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);

	return _mm_and_si128(v, _mm_cmpgt_epi8(_mm_set1_epi8((char)k), lanes));
}

/* At SLIDE + d, the shuffle that gives lane j the byte of lane j + d,
 * and zeros (0x80) past the last. */
static const uint8_t SLIDE[2 * BLOCK] = {
    0,    1,    2,    3,    4,    5,    6,    7,    8,    9,    10,
    11,   12,   13,   14,   15,   0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
};

static inline vec
v_down(vec v, size_t d)
{
	return _mm_shuffle_epi8(v, v_load(SLIDE + d));
}

#include "in_page.h"
#include "vector_loop.h"

struct u8ref_validation
u8ref_fast_sse4(const uint8_t *s, size_t n)
{
	return vector_validate(s, n);
}
