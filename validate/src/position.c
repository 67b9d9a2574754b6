/* SPDX-License-Identifier: MIT */
/*
 * position.c - counting lines and characters over well-formed text.
 *
 * Runs only when a position may be reported: over bytes still in cache
 * from validation, or, after the first error of a regular file, over
 * everything before it.  The loops are byte counts: AVX2 where the CPU
 * has it, else plain loops that compilers turn into vector code.
 */
#define _GNU_SOURCE /* memrchr */
#include <string.h>

#include "position.h"

/* Counters are 8-bit lanes, LANES of them side by side, which compilers
 * keep in one vector register; each block is short enough that no lane
 * can pass 255. */
enum { LANES = 16, BLOCK = 255 * LANES };

void
u8v_position_init(struct u8v_position *p)
{
	p->line = 1;
	p->column = 0;
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

/* The same count 32 bytes at a time, for the CPUs that have AVX2: a
 * byte that counts is a compare of -1, subtracted from its lane, and
 * psadbw adds the lanes up before 255 blocks can wrap them.  Returns the
 * count of s[0..*done), the whole blocks. */
__attribute__((target("avx2"))) static uint64_t
count_avx2(const uint8_t *s, size_t n, int newlines, size_t *done)
{
	const __m256i zero = _mm256_setzero_si256();
	/* '\n', or below -64 as signed: not a continuation byte 80..BF */
	const __m256i key = _mm256_set1_epi8(newlines ? '\n' : -65);
	__m256i total = zero;
	size_t i = 0;

	while (n - i >= 32) {
		size_t stop =
		    n - i >= 255 * 32 ? i + 255 * 32 : i + (n - i) / 32 * 32;
		__m256i lanes = zero;

		for (; i < stop; i += 32) {
			__m256i x = _mm256_loadu_si256((const void *)(s + i));

			lanes = _mm256_sub_epi8(
			    lanes, newlines ? _mm256_cmpeq_epi8(x, key)
			                    : _mm256_cmpgt_epi8(x, key));
		}
		total = _mm256_add_epi64(total, _mm256_sad_epu8(lanes, zero));
	}
	*done = i;
	return (uint64_t)_mm256_extract_epi64(total, 0) +
	       (uint64_t)_mm256_extract_epi64(total, 1) +
	       (uint64_t)_mm256_extract_epi64(total, 2) +
	       (uint64_t)_mm256_extract_epi64(total, 3);
}
#endif

/* Bytes of s[0..n) that are '\n' (newlines) or else no continuation
 * byte 80..BF (characters of well-formed text).  After an error at the
 * end of a large file this runs over all of it, so it goes as fast as
 * the CPU allows. */
static uint64_t
count(const uint8_t *s, size_t n, int newlines)
{
	uint64_t total = 0;
	size_t i, k, lane;

#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("avx2")) {
		total = count_avx2(s, n, newlines, &k);
		s += k;
		n -= k;
	}
#endif
	while (n >= LANES) {
		uint8_t in_lane[LANES] = {0};

		k = n < BLOCK ? n - n % LANES : BLOCK;
		for (i = 0; i < k; i += LANES)
			for (lane = 0; lane < LANES; lane++)
				in_lane[lane] =
				    (uint8_t)(in_lane[lane] +
				              (newlines ? s[i + lane] == '\n'
				                        : (s[i + lane] &
				                           0xC0) != 0x80));
		for (lane = 0; lane < LANES; lane++)
			total += in_lane[lane];
		s += k;
		n -= k;
	}
	for (i = 0; i < n; i++)
		total += newlines ? s[i] == '\n' : (s[i] & 0xC0) != 0x80;
	return total;
}

void
u8v_position_text(struct u8v_position *p, const uint8_t *s, size_t n)
{
	const uint8_t *last = n > 0 ? memrchr(s, '\n', n) : NULL;
	size_t after;

	if (last == NULL) {
		p->column += count(s, n, 0);
		return;
	}
	p->line += count(s, (size_t)(last - s) + 1, 1);
	after = (size_t)(last - s) + 1;
	p->column = count(s + after, n - after, 0);
}

void
u8v_position_unit(struct u8v_position *p, int newline)
{
	if (newline) {
		p->line++;
		p->column = 0;
	} else {
		p->column++;
	}
}
