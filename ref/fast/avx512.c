/* SPDX-License-Identifier: MIT */
/*
 * avx512.c - the 64-byte kernel.  Compiled with -mavx512f -mavx512bw
 * -mavx512vbmi; run only where the CPU has all three.
 *
 * VBMI's vpermb looks a byte up in a 64-entry table and ignores the
 * index's top two bits, so no lookup needs the mask that vpshufb's
 * zeroing bit asks for, and the low-nibble lookup reads the byte as it
 * is.  The bytes before each byte are loaded from memory, as in avx2.c,
 * so no permute carries them across blocks: per block, four loads,
 * three lookups, two shifts, two averages and three logic
 * instructions.  From memory, though, three loads that cross a cache
 * line still on its way cost more than four permutes: on inputs that
 * large the bytes before are shifted in (V_SHIFT_FROM_MEMORY).
 */
#include <immintrin.h>

#include "pair_lookup.h"

typedef __m512i vec;
typedef __m512i errs;
enum { BLOCK = 64, V_CONTEXT = 3, V_SHIFT_FROM_MEMORY = 1 };

struct tables {
	vec prev_high, prev_low, cur_high, third_avg, fourth_avg, two_trails;
};

/* A 16-entry table in all four 128-bit lanes. */
static inline vec
all_lanes(const uint8_t table[16])
{
	return _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)table));
}

/* Entry j of a 64-entry table indexed by a byte's top six bits is entry
 * j >> 2 of the 16-entry table by its high nibble. */
#define QUAD(i) i, i, i, i
static const uint8_t HIGH_NIBBLE_OF_TOP_SIX[BLOCK] = {
    QUAD(0),  QUAD(1),  QUAD(2),  QUAD(3),  QUAD(4),  QUAD(5),
    QUAD(6),  QUAD(7),  QUAD(8),  QUAD(9),  QUAD(10), QUAD(11),
    QUAD(12), QUAD(13), QUAD(14), QUAD(15),
};
#undef QUAD

/* A table of pair_lookup.h by the high nibble, for vpermb indexed by
 * the byte shifted right by two. */
static inline vec
by_high_nibble(const uint8_t table[16])
{
	return _mm512_permutexvar_epi8(
	    _mm512_loadu_si512((const void *)HIGH_NIBBLE_OF_TOP_SIX),
	    all_lanes(table));
}

static inline struct tables
v_tables(void)
{
	return (struct tables){by_high_nibble(PREV_HIGH),
	                       all_lanes(PREV_LOW),
	                       by_high_nibble(CUR_HIGH),
	                       _mm512_set1_epi8((char)THIRD_AVG),
	                       _mm512_set1_epi8((char)FOURTH_AVG),
	                       _mm512_set1_epi8((char)TWO_TRAILS)};
}

static inline vec
v_load(const uint8_t *p)
{
	return _mm512_loadu_si512((const void *)p);
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

/* The byte's top six bits in the low six of each byte (the bits that
 * the 16-bit shift brings in from the next byte land in the top two,
 * which vpermb ignores). */
static inline vec
top_six(vec v)
{
	return _mm512_srli_epi16(v, 2);
}

/* The three lookups of pair_lookup.h, ANDed, and the bit TWO_TRAILS
 * flipped where cur must be a third or fourth byte; prevK holds the
 * bytes K places before cur's. */
static inline errs
errors_of(const struct tables *t, vec cur, vec prev1, vec prev2, vec prev3)
{
	vec rules = _mm512_ternarylogic_epi32(
	    _mm512_permutexvar_epi8(top_six(prev1), t->prev_high),
	    _mm512_permutexvar_epi8(prev1, t->prev_low),
	    _mm512_permutexvar_epi8(top_six(cur), t->cur_high),
	    0x80); /* a & b & c */
	vec must_trail =
	    _mm512_ternarylogic_epi32(_mm512_avg_epu8(prev2, t->third_avg),
	                              _mm512_avg_epu8(prev3, t->fourth_avg),
	                              t->two_trails, 0xA8); /* (a | b) & c */

	return _mm512_xor_si512(rules, must_trail);
}

/* The bytes before cur's, loaded once.  Left to itself, gcc 12 folds
 * the load into both instructions that read it, and two loads across
 * cache lines a block cost more than the lookups: CJK at 512 KiB
 * validated at 18.8 GB/s, and at 23.6 held in a register (u8bench,
 * Zen 4). */
static inline vec
v_load_once(const uint8_t *p)
{
	vec v = v_load(p);

	__asm__("" : "+v"(v));
	return v;
}

static inline errs
v_errors_at(const struct tables *t, const uint8_t *p)
{
	return errors_of(t, v_load(p), v_load_once(p - 1), v_load(p - 2),
	                 v_load(p - 3));
}

static inline vec
v_zeros(void)
{
	return _mm512_setzero_si512();
}

static inline errs
v_errors_after(const struct tables *t, vec before, vec cur)
{
	/* each 128-bit lane of cur beside the one before it, before's last
	 * lane beside the first (valignq); then the bytes aligned */
	vec lanes_before = _mm512_alignr_epi64(cur, before, 6);

	return errors_of(t, cur, _mm512_alignr_epi8(cur, lanes_before, 15),
	                 _mm512_alignr_epi8(cur, lanes_before, 14),
	                 _mm512_alignr_epi8(cur, lanes_before, 13));
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

/* The lane numbers, for vpermb: LANES[j] + d picks lane j + d. */
static const uint8_t LANES[BLOCK] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
    32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
    48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
};

/* A masked load reads no byte outside its mask and faults on none, so
 * v_first and v_last read the input's bytes alone. */
static inline __mmask64
first_lanes(size_t k)
{
	return ((__mmask64)1 << k) - 1;
}

static inline vec
v_first(const uint8_t *p, size_t k)
{
	return _mm512_maskz_loadu_epi8(first_lanes(k), p);
}

/* The last k lanes of the block before @end, moved down to lane 0. */
static inline vec
v_last(const uint8_t *end, size_t k)
{
	size_t d = BLOCK - k;
	vec from = _mm512_add_epi8(v_load(LANES), _mm512_set1_epi8((char)d));

	return _mm512_maskz_permutexvar_epi8(
	    first_lanes(k), from,
	    _mm512_maskz_loadu_epi8(first_lanes(k) << d, end - BLOCK));
}

#include "vector_loop.h"

struct u8ref_validation
u8ref_fast_avx512(const uint8_t *s, size_t n)
{
	return vector_validate(s, n);
}
