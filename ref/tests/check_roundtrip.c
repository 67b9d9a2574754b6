/* SPDX-License-Identifier: MIT */
/*
 * check_roundtrip.c - encode then decode gives back every code point.
 *
 * For each profile, every code point 0..10FFFF (and, for RFC 2279, a
 * sweep up to 7FFFFFFF) either encodes to a sequence that decodes to
 * it with the same length, or is refused; the counts of encodable code
 * points are the ones the defining documents give.
 */
#include <check.h>

#include "suites.h"
#include "testutil.h"
#include "u8ref.h"

#define LAST_CODE_POINT UINT32_C(0x10FFFF)

/* Encodes cp and decodes it back; returns the length, 0 if refused. */
static size_t
round_trip(const struct u8ref_profile *p, uint32_t cp)
{
	uint8_t buf[U8REF_MAX_LEN];
	size_t len = u8ref_encode(p, cp, buf);
	struct u8ref_result r;

	if (len == 0)
		return 0;
	r = u8ref_decode_one(p, buf, len);
	TEST_REQUIRE(r.status == U8REF_OK && r.cp == cp && r.len == len,
	             "%s: U+%04X encodes to %s, which decodes to %s U+%04X "
	             "len %zu",
	             p->name, (unsigned)cp, hex(buf, len).text,
	             u8ref_status_name(r.status), (unsigned)r.cp, r.len);
	return len;
}

/* All 1,112,064 scalar values, and nothing else, under Table 3-7;
 * each in the length RFC 3629 section 3 gives for its range. */
START_TEST(test_roundtrip_unicode_scalar_values)
{
	size_t scalars = 0, len, want;
	uint32_t cp;

	for (cp = 0; cp <= LAST_CODE_POINT + 1; cp++) {
		len = round_trip(NULL, cp);
		if (cp >= 0xD800 && cp <= 0xDFFF)
			want = 0;
		else
			want = cp < 0x80               ? 1
			       : cp < 0x800            ? 2
			       : cp < 0x10000          ? 3
			       : cp <= LAST_CODE_POINT ? 4
			                               : 0;
		TEST_REQUIRE(len == want, "U+%04X: %zu bytes, want %zu",
		             (unsigned)cp, len, want);
		scalars += len > 0;
	}
	ck_assert_uint_eq(scalars, 1112064);
}
END_TEST

/* Encodable code points in 0..10FFFF per profile: the 2048 surrogates
 * are code points under Unicode 3.1, RFC 2279 and WTF-8 only. */
START_TEST(test_roundtrip_profiles)
{
	static const struct {
		const char *name;
		size_t encodable;
	} want[] = {
	    {"unicode", 1112064}, {"unicode-3.1", 1114112},
	    {"rfc2279", 1114112}, {"cesu8", 1112064},
	    {"mutf8", 1112064},   {"wtf8", 1114112},
	};
	const struct u8ref_profile *p = u8ref_profile_by_name(want[_i].name);
	size_t encodable = 0;
	uint32_t cp;

	ck_assert_ptr_nonnull(p);
	for (cp = 0; cp <= LAST_CODE_POINT; cp++)
		encodable += round_trip(p, cp) > 0;
	TEST_REQUIRE(encodable == want[_i].encodable,
	             "%s: %zu encodable, want %zu", want[_i].name, encodable,
	             want[_i].encodable);
}
END_TEST

/* RFC 2279 draft section 2: up to 7FFFFFFF in six octets, and no
 * further.  Every power of two and its neighbours, and a sweep. */
START_TEST(test_roundtrip_rfc2279_31_bits)
{
	const struct u8ref_profile *p = u8ref_profile_by_name("rfc2279");
	uint8_t buf[U8REF_MAX_LEN];
	uint32_t cp;
	unsigned bit;

	for (bit = 0; bit < 31; bit++) {
		cp = UINT32_C(1) << bit;
		ck_assert_uint_gt(round_trip(p, cp - 1), 0);
		ck_assert_uint_gt(round_trip(p, cp), 0);
		ck_assert_uint_gt(round_trip(p, cp + 1), 0);
	}
	for (cp = 0; cp < UINT32_C(0x7FFF0000); cp += 0x10001)
		TEST_REQUIRE(round_trip(p, cp) > 0, "rfc2279: U+%04X refused",
		             (unsigned)cp);
	ck_assert_uint_eq(round_trip(p, UINT32_C(0x7FFFFFFF)), 6);
	ck_assert_uint_eq(u8ref_encode(p, UINT32_C(0x80000000), buf), 0);
	ck_assert_uint_eq(u8ref_encode(p, UINT32_C(0xFFFFFFFF), buf), 0);
}
END_TEST

Suite *
roundtrip_suite(void)
{
	Suite *s = suite_create("roundtrip");
	TCase *tc = tcase_create("roundtrip");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_roundtrip_unicode_scalar_values);
	tcase_add_loop_test(tc, test_roundtrip_profiles, 0, 6);
	tcase_add_test(tc, test_roundtrip_rfc2279_31_bits);
	suite_add_tcase(s, tc);
	return s;
}
