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

/* The newlines in the ASCII bytes at the start of s[0..n), 64 bytes at
 * a time: the count as in count_avx2, stopped by the first block with
 * a byte above 7F.  Returns the bytes passed, *@lines their newlines. */
__attribute__((target("avx2"))) static size_t
ascii_avx2(const uint8_t *s, size_t n, uint64_t *lines)
{
	const __m256i zero = _mm256_setzero_si256();
	const __m256i key = _mm256_set1_epi8('\n');
	__m256i total = zero;
	size_t i = 0, stop;

	do {
		/* Two compares a block: 127 blocks before a lane wraps. */
		__m256i lanes = zero;

		stop = n - i >= 127 * 64 ? i + 127 * 64 : i + (n - i) / 64 * 64;
		for (; i < stop; i += 64) {
			__m256i a = _mm256_loadu_si256((const void *)(s + i));
			__m256i b =
			    _mm256_loadu_si256((const void *)(s + i + 32));

			if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) != 0)
				break;
			lanes = _mm256_sub_epi8(
			    _mm256_sub_epi8(lanes, _mm256_cmpeq_epi8(a, key)),
			    _mm256_cmpeq_epi8(b, key));
		}
		total = _mm256_add_epi64(total, _mm256_sad_epu8(lanes, zero));
	} while (i == stop && n - i >= 64);
	*lines = (uint64_t)_mm256_extract_epi64(total, 0) +
	         (uint64_t)_mm256_extract_epi64(total, 1) +
	         (uint64_t)_mm256_extract_epi64(total, 2) +
	         (uint64_t)_mm256_extract_epi64(total, 3);
	return i;
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

size_t
u8v_position_ascii(struct u8v_position *p, const uint8_t *s, size_t n)
{
	uint64_t lines = 0;
	const uint8_t *last;
	size_t i = 0;

#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("avx2")) {
		i = ascii_avx2(s, n, &lines);
		for (; i < n && s[i] < 0x80; i++)
			lines += s[i] == '\n';
	}
#endif
	last = i > 0 ? memrchr(s, '\n', i) : NULL;
	p->line += lines;
	p->column = last == NULL ? p->column + i : (size_t)(s + i - last - 1);
	return i;
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
