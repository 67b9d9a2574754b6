/* SPDX-License-Identifier: MIT */
/*
 * check_icu.c - ICU, the main oracle, against Table 3-7.
 *
 * ICU documents that since ICU 60 the length of each ill-formed sequence
 * its U8_ macros skip follows Unicode's recommendation, the maximal
 * subpart (unicode/utf.h), and u_strFromUTF8WithSub substitutes one
 * U+FFFD per such sequence.  So ICU's expected values are the rows of
 * cases_3_7.c unchanged.  Observed on Debian 12's ICU 72.1: no departure
 * on any row, nor on any input of one to three bytes, nor on the
 * four-byte sweep below; if a later ICU departs, pin what it does in an
 * ICU table of its own, with a comment on each row that departs.
 */
#include <check.h>

#include "suites.h"
#include "testutil.h"

START_TEST(test_icu_case)
{
	u8o_check_case("icu", &u8o_cases_3_7[_i]);
}
END_TEST

START_TEST(test_icu_encoding)
{
	u8o_check_encoding("icu", &u8o_encodings_3_7[_i]);
}
END_TEST

/* Every input of one, two and three bytes whose first byte is _i:
 * u_strFromUTF8WithSub, U8_NEXT and the U8_NEXT walk all agree with
 * u8ref. */
START_TEST(test_icu_like_u8ref_short)
{
	struct u8o_oracle o = u8o_load("icu");
	uint8_t s[3] = {(uint8_t)_i, 0, 0};
	unsigned b, c;

	u8o_require_like_u8ref(&o, s, 1);
	for (b = 0; b < 256; b++) {
		s[1] = (uint8_t)b;
		u8o_require_like_u8ref(&o, s, 2);
		for (c = 0; c < 256; c++) {
			s[2] = (uint8_t)c;
			u8o_require_like_u8ref(&o, s, 3);
		}
	}
	u8o_unload(&o);
}
END_TEST

/* Leads of every kind of row and around them; a third byte at each
 * edge of the continuation range; every second and fourth byte. */
static const uint8_t leads4[] = {0xC2, 0xE0, 0xE1, 0xED, 0xEF,
                                 0xF0, 0xF1, 0xF4, 0xF5, 0xF8};
static const uint8_t thirds4[] = {0x00, 0x7F, 0x80, 0x8F,
                                  0x90, 0xBF, 0xC0, 0xFF};

START_TEST(test_icu_like_u8ref_four)
{
	struct u8o_oracle o = u8o_load("icu");
	uint8_t s[4] = {leads4[_i], 0, 0, 0};
	unsigned b, t, d;

	for (b = 0; b < 256; b++)
		for (t = 0; t < U8O_COUNT(thirds4); t++)
			for (d = 0; d < 256; d++) {
				s[1] = (uint8_t)b;
				s[2] = thirds4[t];
				s[3] = (uint8_t)d;
				u8o_require_like_u8ref(&o, s, 4);
			}
	u8o_unload(&o);
}
END_TEST

Suite *
icu_suite(void)
{
	Suite *s = suite_create("icu");
	TCase *rows, *sweep;

	if (!u8o_oracle_built("icu"))
		return s;
	rows = tcase_create("table_3_7");
	tcase_add_loop_test(rows, test_icu_case, 0, (int)u8o_cases_3_7_count);
	tcase_add_loop_test(rows, test_icu_encoding, 0,
	                    (int)u8o_encodings_3_7_count);
	suite_add_tcase(s, rows);
	sweep = tcase_create("sweep");
	tcase_add_loop_test(sweep, test_icu_like_u8ref_short, 0, 256);
	tcase_add_loop_test(sweep, test_icu_like_u8ref_four, 0,
	                    (int)U8O_COUNT(leads4));
	tcase_set_timeout(sweep, 300);
	suite_add_tcase(s, sweep);
	return s;
}
