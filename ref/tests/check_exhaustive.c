/* SPDX-License-Identifier: MIT */
/*
 * check_exhaustive.c - every profile over every byte sequence of 1..3
 * bytes (16.8 million), checking what needs no oracle: progress, error
 * kinds where the table puts them, and that every well-formed sequence
 * is the encoding of its value.  Table 3-7 itself is held against the
 * ABNF, and every kernel against the walk, on all sequences of 1..4
 * bytes in check_fast_exhaustive.c.
 */
#include <check.h>
#include <string.h>

#include "suites.h"
#include "testutil.h"
#include "u8ref.h"

/* Checks one decoded character of profile p against what the table
 * promises whatever the profile. */
static void
check_character(const struct u8ref_profile *p, const uint8_t *s, size_t n)
{
	struct u8ref_result r = u8ref_decode_one(p, s, n);
	uint8_t again[U8REF_MAX_LEN];
	size_t len;

	TEST_REQUIRE(r.len >= 1 && r.len <= n, "%s, %s: length %zu", p->name,
	             hex(s, n).text, r.len);
	if (r.status == U8REF_SURROGATE)
		TEST_REQUIRE(s[0] == 0xED && s[1] >= 0xA0 && s[1] <= 0xBF,
		             "%s, %s: a surrogate error away from ED A0..BF",
		             p->name, hex(s, n).text);
	if (r.status != U8REF_OK)
		return;
	len = u8ref_encode(p, r.cp, again);
	TEST_REQUIRE(len == r.len && memcmp(again, s, len) == 0,
	             "%s, %s: U+%04X encodes to %s", p->name,
	             hex(s, r.len).text, (unsigned)r.cp, hex(again, len).text);
}

START_TEST(test_exhaustive_profile_invariants)
{
	const struct u8ref_profile *p = u8ref_profile_at((size_t)_i);
	uint8_t s[3];
	unsigned b0, b1, b2;

	for (b0 = 0; b0 < 256; b0++) {
		s[0] = (uint8_t)b0;
		check_character(p, s, 1);
		for (b1 = 0; b1 < 256; b1++) {
			s[1] = (uint8_t)b1;
			check_character(p, s, 2);
			for (b2 = 0; b2 < 256; b2++) {
				s[2] = (uint8_t)b2;
				check_character(p, s, 3);
			}
		}
	}
}
END_TEST

Suite *
exhaustive_suite(void)
{
	Suite *s = suite_create("exhaustive");
	TCase *tc = tcase_create("exhaustive");
	int profiles = 0;

	while (u8ref_profile_at((size_t)profiles) != NULL)
		profiles++;
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_exhaustive_profile_invariants, 0,
	                    profiles);
	suite_add_tcase(s, tc);
	return s;
}
