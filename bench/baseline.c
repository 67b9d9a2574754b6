/* SPDX-License-Identifier: MIT */
/*
 * baseline.c - the memory-read baseline: an OR over every byte with the
 * widest loads the CPU has, four vectors in flight.  No validator can
 * read its input faster, so this is the bandwidth limit on large inputs
 * and the load-port limit on small ones.
 */
#include <stdint.h>
#include <string.h>

#include "contestants.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_X86 1
#endif

/* The OR lands here, so the loads cannot be optimized away. */
static volatile uint64_t sink;

/* Eight bytes at a time: the fallback, and every input's tail. */
static uint64_t
read_words(const uint8_t *s, size_t n)
{
	uint64_t acc = 0, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		acc |= w;
	}
	for (; i < n; i++)
		acc |= s[i];
	return acc;
}

#ifdef HAVE_X86
__attribute__((target("avx512f"))) static uint64_t
read_avx512(const uint8_t *s, size_t n)
{
	__m512i a = _mm512_setzero_si512(), b = a, c = a, d = a;
	size_t i = 0;

	for (; i + 256 <= n; i += 256) {
		a = _mm512_or_si512(a, _mm512_loadu_si512(s + i));
		b = _mm512_or_si512(b, _mm512_loadu_si512(s + i + 64));
		c = _mm512_or_si512(c, _mm512_loadu_si512(s + i + 128));
		d = _mm512_or_si512(d, _mm512_loadu_si512(s + i + 192));
	}
	a = _mm512_or_si512(_mm512_or_si512(a, b), _mm512_or_si512(c, d));
	return (uint64_t)_mm512_reduce_or_epi64(a) | read_words(s + i, n - i);
}

__attribute__((target("avx2"))) static uint64_t
read_avx2(const uint8_t *s, size_t n)
{
	__m256i a = _mm256_setzero_si256(), b = a, c = a, d = a;
	size_t i = 0;

	for (; i + 128 <= n; i += 128) {
		a = _mm256_or_si256(a,
		                    _mm256_loadu_si256((const void *)(s + i)));
		b = _mm256_or_si256(
		    b, _mm256_loadu_si256((const void *)(s + i + 32)));
		c = _mm256_or_si256(
		    c, _mm256_loadu_si256((const void *)(s + i + 64)));
		d = _mm256_or_si256(
		    d, _mm256_loadu_si256((const void *)(s + i + 96)));
	}
	a = _mm256_or_si256(_mm256_or_si256(a, b), _mm256_or_si256(c, d));
	return (uint64_t)(_mm256_extract_epi64(a, 0) |
	                  _mm256_extract_epi64(a, 1) |
	                  _mm256_extract_epi64(a, 2) |
	                  _mm256_extract_epi64(a, 3)) |
	       read_words(s + i, n - i);
}
#endif

const char *
u8b_baseline_isa(void)
{
#ifdef HAVE_X86
	if (__builtin_cpu_supports("avx512f"))
		return "AVX-512";
	if (__builtin_cpu_supports("avx2"))
		return "AVX2";
#endif
	return "64-bit";
}

int
u8b_baseline_read(const void *ctx, const uint8_t *s, size_t n)
{
	(void)ctx;
#ifdef HAVE_X86
	if (__builtin_cpu_supports("avx512f"))
		sink = read_avx512(s, n);
	else if (__builtin_cpu_supports("avx2"))
		sink = read_avx2(s, n);
	else
#endif
		sink = read_words(s, n);
	return 1;
}
