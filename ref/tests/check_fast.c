/* SPDX-License-Identifier: MIT */
/*
 * check_fast.c - the fast kernels give the walk's answer, everywhere.
 *
 * Every kernel this CPU runs is held to u8ref_validate (status, offset
 * and maximal subpart of the first error) on long texts with an error
 * planted at every offset across three 64-byte blocks, the same in
 * inputs of a mebibyte (which the kernels read as from memory), on
 * inputs flush against an inaccessible page on either side (short ones
 * also at every distance short of a block from it), and on repair.
 * The sweep over every input of 1..4 bytes is check_fast_exhaustive.c.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "fence.h"
#include "suites.h"
#include "testutil.h"
#include "u8ref.h"

static size_t
kernel_count(void)
{
	size_t n = 0;

	while (u8ref_kernel_at(n) != NULL)
		n++;
	return n;
}

static int
same(struct u8ref_validation a, struct u8ref_validation b)
{
	return a.status == b.status && a.offset == b.offset && a.len == b.len;
}

/* Fails the test unless kernel @k agrees with the walk on s[0..n). */
static void
require_walk(const struct u8ref_kernel *k, const uint8_t *s, size_t n)
{
	struct u8ref_validation want = u8ref_validate(NULL, s, n);
	struct u8ref_validation got = k->validate(s, n);

	TEST_REQUIRE(same(want, got),
	             "%s, %zu bytes %s: walk %s at %zu len %zu, kernel %s at "
	             "%zu len %zu",
	             k->name, n, hex(s, n).text, u8ref_status_name(want.status),
	             want.offset, want.len, u8ref_status_name(got.status),
	             got.offset, got.len);
}

START_TEST(test_kernel_list)
{
	size_t n = kernel_count();

	ck_assert_uint_ge(n, 1);
	ck_assert_str_eq(u8ref_kernel_at(0)->name, "scalar");
	ck_assert_int_eq(u8ref_kernel_supported(u8ref_kernel_at(0)), 1);
	ck_assert_int_eq(u8ref_kernel_supported(NULL), 0);
	for (size_t i = 0; i < n; i++) {
		const struct u8ref_kernel *k = u8ref_kernel_at(i);

		ck_assert_ptr_eq(u8ref_kernel_by_name(k->name), k);
	}
	ck_assert_ptr_null(u8ref_kernel_by_name("avx1024"));
	ck_assert_ptr_null(u8ref_kernel_by_name(NULL));
}
END_TEST

START_TEST(test_select)
{
	const struct u8ref_kernel *fastest = NULL;

	for (size_t i = 0; i < kernel_count(); i++) {
		const struct u8ref_kernel *k = u8ref_kernel_at(i);

		if (!u8ref_kernel_supported(k)) {
			ck_assert_int_eq(u8ref_kernel_select(k->name), -1);
			continue;
		}
		fastest = k;
		ck_assert_int_eq(u8ref_kernel_select(k->name), 0);
		ck_assert_ptr_eq(u8ref_kernel_active(), k);
		ck_assert_int_eq(u8ref_kernel_select("no such kernel"), -1);
		ck_assert_ptr_eq(u8ref_kernel_active(), k);
	}
	ck_assert_int_eq(u8ref_kernel_select("auto"), 0);
	ck_assert_ptr_eq(u8ref_kernel_active(), fastest);
	ck_assert_int_eq(u8ref_kernel_select(NULL), 0);
	ck_assert_ptr_eq(u8ref_kernel_active(), fastest);
}
END_TEST

/* Ill-formed pieces, one per error kind and row edge of Table 3-7. */
static const struct {
	uint8_t bytes[4];
	size_t len;
} planted[] = {
    {{0x80}, 1},                   /* lone trail                    */
    {{0xBF, 0x80}, 2},             /* two trails                    */
    {{0xC0, 0x80}, 2},             /* overlong 2                    */
    {{0xC1, 0xBF}, 2},             /* overlong 2, top               */
    {{0xC2}, 1},                   /* truncated or interrupted      */
    {{0xE0, 0x9F, 0xBF}, 3},       /* overlong 3                    */
    {{0xE0, 0xA0}, 2},             /* 3-byte cut after 2            */
    {{0xED, 0xA0, 0x80}, 3},       /* surrogate                     */
    {{0xED, 0xBF, 0xBF}, 3},       /* surrogate, top                */
    {{0xEF, 0xBF, 0xBF, 0xBF}, 4}, /* one trail too many            */
    {{0xF0, 0x8F, 0xBF, 0xBF}, 4}, /* overlong 4                    */
    {{0xF0, 0x90, 0x80}, 3},       /* 4-byte cut after 3            */
    {{0xF4, 0x90, 0x80, 0x80}, 4}, /* beyond U+10FFFF               */
    {{0xF5, 0x80, 0x80, 0x80}, 4}, /* no row begins with F5         */
    {{0xF8}, 1},                   /* a 5-byte lead of RFC 2279     */
    {{0xFF}, 1},                   /* never in UTF-8                */
    {{0xE1, 0x41}, 2},             /* interrupted by ASCII          */
    {{0xF1, 0x80, 0xC2, 0x80}, 4}, /* interrupted by a lead         */
};

enum { SPAN = 3 * 64 + 8, TEXT_MAX = 4 * SPAN + 4 * 80 };

START_TEST(test_planted_errors)
{
	const struct u8ref_kernel *k = u8ref_kernel_at((size_t)_i);
	static uint8_t text[TEXT_MAX];
	uint64_t rng = 1;

	if (!u8ref_kernel_supported(k))
		return;
	for (int max_len = 1; max_len <= 4; max_len++)
		for (size_t e = 0; e < sizeof planted / sizeof planted[0]; e++)
			for (size_t at = 0; at < SPAN; at++) {
				size_t n = 0, after = test_random(&rng) % 80;
				size_t cut;
				uint8_t *copy;

				/* well-formed text up to @at, or a little
				 * past it when a character straddles it */
				while (n < at)
					n += test_random_text(&rng, text + n, 1,
					                      max_len);
				memcpy(text + n, planted[e].bytes,
				       planted[e].len);
				n += planted[e].len;
				cut = n;
				n += test_random_text(&rng, text + n, after,
				                      max_len);
				/* exactly n bytes: ASan sees a read past */
				copy = exact_copy(text, n);
				require_walk(k, copy, n);
				/* the same text cut after the error */
				require_walk(k, copy, cut);
				free(copy);
			}
}
END_TEST

/* Well-formed text at d[from..to), ending exactly at @to: characters
 * of 1 to 4 bytes, or with @aligned two-byte ones at even offsets, which
 * then never cross a block's edge; the gaps are ASCII. */
static void
fill_text(uint64_t *rng, uint8_t *d, size_t from, size_t to, int aligned)
{
	size_t n = from;

	if (aligned && n % 2 == 1 && n < to)
		d[n++] = 'a';
	if (aligned)
		for (; n + 2 <= to; n += 2) {
			d[n] = (uint8_t)(0xC2 + test_random(rng) % 30);
			d[n + 1] = (uint8_t)(0x80 + test_random(rng) % 64);
		}
	else
		while (n + 4 <= to)
			n += test_random_text(rng, d + n, 1, 4);
	memset(d + n, 'a', to - n);
}

/* An input of a mebibyte or more takes the loop that reads it as from
 * memory (vector_loop.h, PREFETCH_FROM): the same errors, planted after
 * some steps of four 64-byte blocks of text, at every offset across a
 * step, in an input of a mebibyte.  In text whose characters cross the
 * blocks' edges, and in text whose characters never do: there a kernel
 * that misreads an edge raises no false alarm whose rescan would find
 * the error for it.  Two steps of clean text follow, for the same reason.
 * The kernels and the walk stop at the first error, so the rest of the
 * mebibyte costs nothing.  The scalar kernel reads every input alike,
 * and is left out. */
enum {
	LARGE = 1 << 20,
	BEFORE = 16 * 64,
	LARGE_SPAN = 4 * 64 + 8,
	CLEAN_TO = BEFORE + LARGE_SPAN + 4 + 2 * 4 * 64
};

START_TEST(test_planted_errors_large)
{
	const struct u8ref_kernel *k = u8ref_kernel_at((size_t)_i);
	static uint8_t text[LARGE];
	struct u8ref_validation want, got;
	uint64_t rng = 2;

	if (!u8ref_kernel_supported(k) || strcmp(k->name, "scalar") == 0)
		return;
	for (int aligned = 0; aligned <= 1; aligned++) {
		fill_text(&rng, text, 0, BEFORE, aligned);
		for (size_t e = 0; e < sizeof planted / sizeof planted[0]; e++)
			for (size_t at = BEFORE; at < BEFORE + LARGE_SPAN;
			     at++) {
				size_t n = at + planted[e].len;

				fill_text(&rng, text, BEFORE, at, aligned);
				memcpy(text + at, planted[e].bytes,
				       planted[e].len);
				/* a character starts after it: an error */
				fill_text(&rng, text, n, CLEAN_TO, aligned);
				want = u8ref_validate(NULL, text, LARGE);
				got = k->validate(text, LARGE);
				TEST_REQUIRE(
				    same(want, got),
				    "%s, %s at %zu after %s text: walk %s at "
				    "%zu len %zu, kernel %s at %zu len %zu",
				    k->name,
				    hex(planted[e].bytes, planted[e].len).text,
				    at, aligned ? "aligned" : "random",
				    u8ref_status_name(want.status), want.offset,
				    want.len, u8ref_status_name(got.status),
				    got.offset, got.len);
			}
	}
}
END_TEST

/* Random text at @text whose first @n bytes (n <= 520) hold what
 * @variant asks for: 0 nothing more, 1 a character cut at the end, 2 a
 * random byte somewhere, 3 an error at the start. */
static void
guard_text(uint64_t *rng, uint8_t text[4 * 520], size_t n, int variant)
{
	size_t m = test_random_text(rng, text, 520, 4);

	ck_assert_uint_ge(m, n);
	if (variant == 1 && n > 0)
		text[n - 1] = 0xF0; /* cut at the end */
	if (variant == 2 && n > 0)
		text[test_random(rng) % n] = (uint8_t)test_random(rng);
	if (variant == 3 && n > 2)
		text[0] = 0x80; /* an error at the start */
}

/* Inputs that end where an inaccessible page begins, and inputs that
 * begin where one ends (support/fence.h): a read one byte outside
 * faults.  Inputs shorter than a 64-byte block or up to two bytes
 * longer also at every distance short of a block from the page's end:
 * a vector kernel reads their bytes from the input where the block from
 * it stays in the page, and from before it where the block would cross
 * into the next page (in_page.h). */
START_TEST(test_guard_pages)
{
	const struct u8ref_kernel *k = u8ref_kernel_at((size_t)_i);
	struct u8s_fence f;
	uint8_t text[4 * 520];
	uint64_t rng = 2;

	if (!u8ref_kernel_supported(k))
		return;
	ck_assert_int_eq(u8s_fence_map(&f, 520), 0);
	for (size_t n = 0; n <= 520; n++)
		for (int variant = 0; variant < 4; variant++) {
			guard_text(&rng, text, n, variant);
			memcpy(u8s_fence_end(&f, n), text, n);
			require_walk(k, u8s_fence_end(&f, n), n);
			memcpy(f.base, text, n);
			require_walk(k, f.base, n);
		}
	for (size_t n = 1; n < 64 + 3; n++)
		for (size_t gap = 1; gap < 64; gap++)
			for (int variant = 0; variant < 4; variant++) {
				uint8_t *at = u8s_fence_end(&f, n + gap);

				guard_text(&rng, text, n, variant);
				memcpy(at, text, n);
				require_walk(k, at, n);
			}
	u8s_fence_unmap(&f);
}
END_TEST

static void
require_decode(const uint8_t *s, size_t n)
{
	struct u8ref_result want = u8ref_decode_one(NULL, s, n);
	struct u8ref_result got = u8ref_decode_fast(s, n);

	TEST_REQUIRE(want.status == got.status && want.cp == got.cp &&
	                 want.len == got.len && want.row == got.row,
	             "%s: walk %s U+%04X len %zu row %d, fast %s U+%04X len "
	             "%zu row %d",
	             hex(s, n).text, u8ref_status_name(want.status),
	             (unsigned)want.cp, want.len, want.row,
	             u8ref_status_name(got.status), (unsigned)got.cp, got.len,
	             got.row);
}

/* Random text of up to 300 bytes at @text, its characters of up to
 * 1 + t % 4 bytes, with a few bad bytes or (every third @t) as many as
 * it has; returns its length. */
static size_t
damaged_text(uint64_t *rng, uint8_t *text, int t)
{
	size_t n =
	    test_random_text(rng, text, test_random(rng) % 300, 1 + t % 4);
	size_t errors = t % 3 == 0 ? n : test_random(rng) % 4;

	for (size_t e = 0; e < errors && n > 0; e++)
		text[test_random(rng) % n] = (uint8_t)test_random(rng);
	return n;
}

/* Fails the test unless u8ref_decode_all_fast gives what
 * u8ref_decode_all does on s[0..n), with room for @cap code points. */
static void
require_decode_all(const uint8_t *s, size_t n, size_t cap)
{
	static uint32_t want[1200], got[1200];
	size_t nwant = u8ref_decode_all(NULL, s, n, want, cap);
	size_t ngot = u8ref_decode_all_fast(s, n, got, cap);
	size_t written = nwant < cap ? nwant : cap;

	TEST_REQUIRE(nwant == ngot &&
	                 memcmp(want, got, written * sizeof *got) == 0,
	             "%s, cap %zu: u8ref_decode_all_fast gives %zu code points "
	             "unlike u8ref_decode_all's %zu",
	             hex(s, n).text, cap, ngot, nwant);
}

/* u8ref_decode_fast and u8ref_decode_all_fast on every input of 0..3
 * bytes; the exhaustive suite does the 4-byte ones, which is all a
 * character can read. */
START_TEST(test_decode_fast)
{
	uint8_t s[3];

	require_decode(NULL, 0);
	require_decode_all(NULL, 0, 0);
	for (unsigned x = 0; x < 1u << 24; x++) {
		s[0] = (uint8_t)(x >> 16);
		s[1] = (uint8_t)(x >> 8);
		s[2] = (uint8_t)x;
		require_decode(s, 3);
		require_decode_all(s, 3, 3);
		if ((x & 0xFF) == 0)
			require_decode(s, 2);
		if ((x & 0xFFFF) == 0)
			require_decode(s, 1);
	}
}
END_TEST

/* u8ref_decode_all_fast on random text with errors, with room for all
 * the code points and for fewer (it sizes the output as
 * u8ref_decode_all does). */
START_TEST(test_decode_all_fast)
{
	static uint8_t text[1200];
	uint64_t rng = 5;

	for (int t = 0; t < 20000; t++) {
		size_t n = damaged_text(&rng, text, t);
		uint8_t *copy = exact_copy(text, n);
		require_decode_all(copy, n, n);
		require_decode_all(copy, n, test_random(&rng) % (n + 1));
		free(copy);
	}
}
END_TEST

/* What a repair must give: the walk's decoding, re-encoded. */
static size_t
repaired_by_walk(const uint8_t *s, size_t n, uint8_t *out)
{
	size_t w = 0, i = 0;

	while (i < n) {
		struct u8ref_result r = u8ref_decode_one(NULL, s + i, n - i);

		w += u8ref_encode(NULL, r.cp, out + w);
		i += r.len;
	}
	return w;
}

START_TEST(test_repair)
{
	const struct u8ref_kernel *k = u8ref_kernel_at((size_t)_i);
	static uint8_t text[1200], want[3 * 1200], got[3 * 1200];
	uint64_t rng = 3;

	if (!u8ref_kernel_supported(k))
		return;
	ck_assert_int_eq(u8ref_kernel_select(k->name), 0);
	ck_assert_uint_eq(u8ref_repair_length(NULL, 0), 0);
	ck_assert_uint_eq(u8ref_repair(NULL, 0, got), 0);
	for (int t = 0; t < 20000; t++) {
		size_t n = damaged_text(&rng, text, t), wn, gn;
		uint8_t *copy = exact_copy(text, n);

		wn = repaired_by_walk(copy, n, want);
		ck_assert_uint_eq(u8ref_repair_length(copy, n), wn);
		gn = u8ref_repair(copy, n, got);
		TEST_REQUIRE(gn == wn && memcmp(got, want, wn) == 0,
		             "%s: repair of %s differs", k->name,
		             hex(copy, n).text);
		TEST_REQUIRE(u8ref_validate(NULL, got, gn).status == U8REF_OK,
		             "%s: repair is ill-formed", k->name);
		free(copy);
	}
}
END_TEST

Suite *
fast_suite(void)
{
	Suite *s = suite_create("fast");
	TCase *tc = tcase_create("fast");
	int kernels = (int)kernel_count();

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_kernel_list);
	tcase_add_test(tc, test_select);
	tcase_add_loop_test(tc, test_planted_errors, 0, kernels);
	tcase_add_loop_test(tc, test_planted_errors_large, 0, kernels);
	tcase_add_loop_test(tc, test_guard_pages, 0, kernels);
	tcase_add_loop_test(tc, test_repair, 0, kernels);
	tcase_add_test(tc, test_decode_fast);
	tcase_add_test(tc, test_decode_all_fast);
	suite_add_tcase(s, tc);
	return s;
}
