/* SPDX-License-Identifier: MIT */
/*
 * check_unistring.c - what GNU libunistring does with the telling
 * inputs.
 *
 * Characterisation, not judgement: the rows pin the behaviour observed
 * with Debian 12's libunistring 1.0, through libu8t-unistring.so, whose
 * decoding is libunistring's own (u8_mbtouc picks how many bytes one
 * U+FFFD replaces).  Rows are those of cases_3_7.c, in the same order; a
 * comment marks each departure from Table 3-7 and its maximal subparts.
 * u8_check's offsets agree with Table 3-7 on every input of one to three
 * bytes; the departures are all in how much one U+FFFD covers.  A change
 * here means libunistring changed: look before re-pinning.
 */
#include <check.h>

#include "suites.h"
#include "testutil.h"

#define FFFD 0xFFFDu
#define ERR  U8T_ERROR

/* clang-format off */
static const struct u8o_case cases[] = {
	{ "NUL", U8O_BYTES(0x00),
	  U8O_VALUES(0x0000), U8O_VALID, U8O_NEXT(0x0000, 1) },
	{ "overlong NUL", U8O_BYTES(0xC0, 0x80),
	  U8O_VALUES(FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* Departs, here and in the next three rows: a lead byte and the
	 * continuation bytes after it, up to the length it announces, are
	 * one U+FFFD even when the second byte breaks its row. */
	{ "overlong U+0000 in three bytes", U8O_BYTES(0xE0, 0x80, 0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 3) },
	{ "surrogate U+D800", U8O_BYTES(0xED, 0xA0, 0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 3) },
	{ "surrogate prefix at the end", U8O_BYTES(0xED, 0xA0),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 2) },
	{ "U+110000, beyond U+10FFFF", U8O_BYTES(0xF4, 0x90, 0x80, 0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 4) },
	{ "F5, no lead byte", U8O_BYTES(0xF5),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* Departs: F5..F7 count as four-byte leads for the skip. */
	{ "F5 as a four-byte lead", U8O_BYTES(0xF5, 0x80, 0x80, 0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 4) },
	{ "RFC 2279 five-byte U+200000", U8O_BYTES(0xF8, 0x88, 0x80, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "U+20AC cut at the end", U8O_BYTES(0xE2, 0x82),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 2) },
	{ "U+10000 cut at the end", U8O_BYTES(0xF0, 0x90, 0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 3) },
	{ "lone continuation byte", U8O_BYTES(0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "real U+FFFD", U8O_BYTES(0xEF, 0xBF, 0xBD),
	  U8O_VALUES(FFFD), U8O_VALID, U8O_NEXT(FFFD, 3) },
	{ "Unicode ch. 3 maximal subparts",
	  U8O_BYTES(0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64),
	  U8O_VALUES(0x0061, FFFD, FFFD, FFFD, 0x0062, FFFD, 0x0063, FFFD, FFFD, 0x0064),
	  U8O_INVALID_AT(1), U8O_NEXT(0x0061, 1) },
	/* Departs: each three-byte surrogate is one U+FFFD, not three. */
	{ "RFC 3629 s10 CESU-8 surrogate pair",
	  U8O_BYTES(0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4),
	  U8O_VALUES(FFFD, FFFD),
	  U8O_INVALID_AT(0), U8O_NEXT(ERR, 3) },
	{ "RFC 3629 s7 BOM then U+233B4",
	  U8O_BYTES(0xEF, 0xBB, 0xBF, 0xF0, 0xA3, 0x8E, 0xB4),
	  U8O_VALUES(0xFEFF, 0x233B4), U8O_VALID, U8O_NEXT(0xFEFF, 3) },
};
/* clang-format on */

START_TEST(test_unistring_case)
{
	u8o_check_case("unistring", &cases[_i]);
}
END_TEST

/* u8_uctomb refuses exactly what RFC 3629 excludes. */
START_TEST(test_unistring_encoding)
{
	u8o_check_encoding("unistring", &u8o_encodings_3_7[_i]);
}
END_TEST

/* Every input of one to three bytes beginning with byte _i. */
START_TEST(test_unistring_validates_like_u8ref)
{
	u8o_sweep_validate_like_u8ref("unistring", (uint8_t)_i);
}
END_TEST

Suite *
unistring_suite(void)
{
	Suite *s = u8o_table_suite(
	    "unistring", "unistring", test_unistring_case, U8O_COUNT(cases),
	    test_unistring_encoding, u8o_encodings_3_7_count);
	TCase *tc;

	if (!u8o_oracle_built("unistring"))
		return s;
	tc = tcase_create("validate");
	tcase_add_loop_test(tc, test_unistring_validates_like_u8ref, 0, 256);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}
