/* SPDX-License-Identifier: MIT */
/*
 * check_stream.c - a stream fed in chunks gives what one call gives.
 *
 * One varied input holds every row's boundary characters, every error
 * kind, the surrogate spellings the profiles argue about, five- and
 * six-byte forms, and a sequence cut by the end.  Under every profile it
 * is cut at every point and every pair of points, fed a byte at a time,
 * and drained through an output of one code point; the code points, the
 * error count and the first error must match the one-shot calls.
 */
#include <check.h>
#include <stdio.h>

#include "suites.h"
#include "testutil.h"
#include "u8ref.h"

/* clang-format off */
static const uint8_t varied[] = {
	0x41, 0x7F, 0xC2, 0x80, 0xDF, 0xBF,                   /* rows 1, 2       */
	0xE0, 0xA0, 0x80, 0xED, 0x9F, 0xBF, 0xEF, 0xBF, 0xBF, /* 3-byte rows     */
	0xF0, 0x90, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF,       /* 4-byte rows     */
	0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80,                   /* surrogate pair  */
	0xED, 0xB0, 0x80, 0xED, 0xA0, 0x80, 0x41,             /* trail, lead     */
	0xED, 0xA0, 0x80, 0xED, 0x80,                         /* lead, cut pair  */
	0xC0, 0x80, 0xC0, 0xAE, 0xE0, 0x9F, 0x80,             /* overlong        */
	0xF4, 0x90, 0x80, 0x80, 0xF5, 0xFF, 0x80, 0xBF,       /* too large, bad  */
	0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62,             /* interrupted     */
	0xF8, 0x88, 0x80, 0x80, 0x80, 0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, /* 5, 6 */
	0xED, 0xAF, 0xBF, 0xED, 0xBF, 0xBF, 0x00,             /* U+10FFFF pair   */
	0xED, 0xA0, 0x80,                                     /* lead at the end */
	0xF0, 0x90, 0x80,                                     /* truncated       */
};
/* clang-format on */

enum { MAX_OUT = sizeof varied + U8REF_STREAM_HOLD };

struct decoded {
	uint32_t cp[MAX_OUT];
	size_t count;
	uint64_t errors;
	enum u8ref_status first_status;
	uint64_t first_offset;
	size_t first_len;
};

/* The one-shot answer: decode_all, validate, and an error count. */
static void
one_shot(const struct u8ref_profile *p, const uint8_t *s, size_t n,
         struct decoded *d)
{
	struct u8ref_validation v = u8ref_validate(p, s, n);
	struct u8ref_result r;
	size_t off;

	d->count = u8ref_decode_all(p, s, n, d->cp, MAX_OUT);
	d->errors = 0;
	for (off = 0; off < n; off += r.len) {
		r = u8ref_decode_one(p, s + off, n - off);
		d->errors += r.status != U8REF_OK;
	}
	d->first_status = v.status;
	d->first_offset = v.status == U8REF_OK ? 0 : v.offset;
	d->first_len = v.len;
}

/* Feeds s[0..n) cut at cuts[0..ncuts), through an output of cap. */
static void
streamed(const struct u8ref_profile *p, const uint8_t *s, size_t n,
         const size_t *cuts, size_t ncuts, size_t cap, struct decoded *d)
{
	struct u8ref_stream st;
	size_t from = 0, to, c, used, got, room, calls = 0;
	int last;

	u8ref_stream_init(&st, p);
	d->count = 0;
	for (c = 0; c <= ncuts; c++) {
		to = c < ncuts ? cuts[c] : n;
		last = c == ncuts;
		do {
			room =
			    MAX_OUT - d->count < cap ? MAX_OUT - d->count : cap;
			TEST_REQUIRE(room > 0 && ++calls < 4 * n + 64,
			             "%s: stream makes no progress", p->name);
			got =
			    u8ref_stream_decode(&st, s + from, to - from, last,
			                        d->cp + d->count, room, &used);
			d->count += got;
			from += used;
		} while (from < to || (last && st.nheld > 0));
	}
	d->errors = st.errors;
	d->first_status = st.first_status;
	d->first_offset = st.first_offset;
	d->first_len = st.first_len;
}

static void
assert_same(const struct u8ref_profile *p, const struct decoded *want,
            const struct decoded *got, const char *how)
{
	size_t i;

	TEST_REQUIRE(got->count == want->count,
	             "%s, %s: %zu code points, one call gives %zu", p->name,
	             how, got->count, want->count);
	for (i = 0; i < want->count; i++)
		TEST_REQUIRE(got->cp[i] == want->cp[i],
		             "%s, %s: code point %zu is U+%04X, one call "
		             "gives U+%04X",
		             p->name, how, i, (unsigned)got->cp[i],
		             (unsigned)want->cp[i]);
	TEST_REQUIRE(got->errors == want->errors &&
	                 got->first_status == want->first_status &&
	                 got->first_offset == want->first_offset &&
	                 got->first_len == want->first_len,
	             "%s, %s: %llu errors, first %s at %llu len %zu; one "
	             "call gives %llu, %s at %llu len %zu",
	             p->name, how, (unsigned long long)got->errors,
	             u8ref_status_name(got->first_status),
	             (unsigned long long)got->first_offset, got->first_len,
	             (unsigned long long)want->errors,
	             u8ref_status_name(want->first_status),
	             (unsigned long long)want->first_offset, want->first_len);
}

START_TEST(test_stream_every_split)
{
	const struct u8ref_profile *p = u8ref_profile_at((size_t)_i);
	const size_t n = sizeof varied;
	struct decoded want, got;
	size_t cuts[2];
	char how[64];

	one_shot(p, varied, n, &want);
	for (cuts[0] = 0; cuts[0] <= n; cuts[0]++) {
		snprintf(how, sizeof how, "cut at %zu", cuts[0]);
		streamed(p, varied, n, cuts, 1, MAX_OUT, &got);
		assert_same(p, &want, &got, how);
		for (cuts[1] = cuts[0]; cuts[1] <= n; cuts[1]++) {
			snprintf(how, sizeof how, "cut at %zu and %zu", cuts[0],
			         cuts[1]);
			streamed(p, varied, n, cuts, 2, MAX_OUT, &got);
			assert_same(p, &want, &got, how);
		}
	}
}
END_TEST

START_TEST(test_stream_byte_at_a_time)
{
	const struct u8ref_profile *p = u8ref_profile_at((size_t)_i);
	const size_t n = sizeof varied;
	struct decoded want, got;
	size_t cuts[sizeof varied], i;

	for (i = 0; i < n; i++)
		cuts[i] = i;
	one_shot(p, varied, n, &want);
	streamed(p, varied, n, cuts, n, MAX_OUT, &got);
	assert_same(p, &want, &got, "byte at a time");
	streamed(p, varied, n, cuts, n, 1, &got);
	assert_same(p, &want, &got, "byte at a time, room for one");
	streamed(p, varied, n, NULL, 0, 1, &got);
	assert_same(p, &want, &got, "one chunk, room for one");
}
END_TEST

/* Every prefix of the input is an input too: its end falls inside each
 * kind of sequence once. */
START_TEST(test_stream_every_prefix)
{
	const struct u8ref_profile *p = u8ref_profile_at((size_t)_i);
	struct decoded want, got;
	size_t n, cut;
	char how[64];

	for (n = 0; n <= sizeof varied; n++) {
		one_shot(p, varied, n, &want);
		cut = n / 2;
		snprintf(how, sizeof how, "first %zu bytes, cut at %zu", n,
		         cut);
		streamed(p, varied, n, &cut, 1, MAX_OUT, &got);
		assert_same(p, &want, &got, how);
	}
}
END_TEST

Suite *
stream_suite(void)
{
	Suite *s = suite_create("stream");
	TCase *tc = tcase_create("stream");
	int profiles = 0;

	while (u8ref_profile_at((size_t)profiles) != NULL)
		profiles++;
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_stream_every_split, 0, profiles);
	tcase_add_loop_test(tc, test_stream_byte_at_a_time, 0, profiles);
	tcase_add_loop_test(tc, test_stream_every_prefix, 0, profiles);
	suite_add_tcase(s, tc);
	return s;
}
