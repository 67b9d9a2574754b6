/* SPDX-License-Identifier: MIT */
/*
 * check_glib.c - what GLib's UTF-8 functions do with the telling inputs.
 *
 * Characterisation, not judgement: the rows pin the behaviour observed
 * with Debian 12's GLib 2.74.6, through libu8t-glib.so, whose decoding
 * replaces one byte at a time as g_utf8_make_valid does (the two gave
 * the same on every input of one to three bytes when this was written).
 * Rows are those of cases_3_7.c, in the same order; a comment marks each
 * departure from Table 3-7 and its maximal subparts.  A change here
 * means GLib changed: look before re-pinning.
 */
#include <check.h>

#include "suites.h"
#include "testutil.h"

#define FFFD 0xFFFDu
#define ERR  U8T_ERROR

/* clang-format off */
static const struct u8o_case cases[] = {
	/* Departs: GLib refuses a nul byte whenever it is given a length
	 * (documented for g_utf8_validate_len; g_utf8_get_char_validated
	 * calls it partial, (gunichar)-2). */
	{ "NUL", U8O_BYTES(0x00),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "overlong NUL", U8O_BYTES(0xC0, 0x80),
	  U8O_VALUES(FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "overlong U+0000 in three bytes", U8O_BYTES(0xE0, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "surrogate U+D800", U8O_BYTES(0xED, 0xA0, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "surrogate prefix at the end", U8O_BYTES(0xED, 0xA0),
	  U8O_VALUES(FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "U+110000, beyond U+10FFFF", U8O_BYTES(0xF4, 0x90, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "F5, no lead byte", U8O_BYTES(0xF5),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "F5 as a four-byte lead", U8O_BYTES(0xF5, 0x80, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "RFC 2279 five-byte U+200000", U8O_BYTES(0xF8, 0x88, 0x80, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* Departs: one U+FFFD per byte of a cut character, not one for
	 * the valid prefix. */
	{ "U+20AC cut at the end", U8O_BYTES(0xE2, 0x82),
	  U8O_VALUES(FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "U+10000 cut at the end", U8O_BYTES(0xF0, 0x90, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "lone continuation byte", U8O_BYTES(0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "real U+FFFD", U8O_BYTES(0xEF, 0xBF, 0xBD),
	  U8O_VALUES(FFFD), U8O_VALID, U8O_NEXT(FFFD, 3) },
	/* Departs: one U+FFFD per byte, not per maximal subpart: F1 80 80
	 * gives three, E1 80 two. */
	{ "Unicode ch. 3 maximal subparts",
	  U8O_BYTES(0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64),
	  U8O_VALUES(0x0061, FFFD, FFFD, FFFD, FFFD, FFFD, FFFD, 0x0062, FFFD, 0x0063, FFFD, FFFD, 0x0064),
	  U8O_INVALID_AT(1), U8O_NEXT(0x0061, 1) },
	{ "RFC 3629 s10 CESU-8 surrogate pair",
	  U8O_BYTES(0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD, FFFD, FFFD),
	  U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "RFC 3629 s7 BOM then U+233B4",
	  U8O_BYTES(0xEF, 0xBB, 0xBF, 0xF0, 0xA3, 0x8E, 0xB4),
	  U8O_VALUES(0xFEFF, 0x233B4), U8O_VALID, U8O_NEXT(0xFEFF, 3) },
};

static const struct u8o_encoding encodings[] = {
	U8O_ENCODES(0x000000, 0x00),
	U8O_ENCODES(0x00007F, 0x7F),
	U8O_ENCODES(0x000080, 0xC2, 0x80),
	U8O_ENCODES(0x0007FF, 0xDF, 0xBF),
	U8O_ENCODES(0x000800, 0xE0, 0xA0, 0x80),
	U8O_ENCODES(0x00D7FF, 0xED, 0x9F, 0xBF),
	/* Departs: g_unichar_to_utf8 refuses nothing; surrogates come out
	 * as the three bytes that Table 3-7 row ED excludes. */
	U8O_ENCODES(0x00D800, 0xED, 0xA0, 0x80),
	U8O_ENCODES(0x00DFFF, 0xED, 0xBF, 0xBF),
	U8O_ENCODES(0x00E000, 0xEE, 0x80, 0x80),
	U8O_ENCODES(0x00FFFD, 0xEF, 0xBF, 0xBD),
	U8O_ENCODES(0x010000, 0xF0, 0x90, 0x80, 0x80),
	U8O_ENCODES(0x10FFFF, 0xF4, 0x8F, 0xBF, 0xBF),
	/* Departs: beyond U+10FFFF, RFC 2279's forms up to six bytes... */
	U8O_ENCODES(0x110000, 0xF4, 0x90, 0x80, 0x80),
	U8O_ENCODES(0x1FFFFF, 0xF7, 0xBF, 0xBF, 0xBF),
	U8O_ENCODES(0x200000, 0xF8, 0x88, 0x80, 0x80, 0x80),
	U8O_ENCODES(0x7FFFFFFF, 0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF),
	/* ... and past U+7FFFFFFF, lead bytes FE and FF that no form of
	 * UTF-8 ever had. */
	U8O_ENCODES(0x80000000, 0xFE, 0x80, 0x80, 0x80, 0x80, 0x80),
	U8O_ENCODES(0xFFFFFFFF, 0xFF, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF),
};
/* clang-format on */

START_TEST(test_glib_case)
{
	u8o_check_case("glib", &cases[_i]);
}
END_TEST

START_TEST(test_glib_encoding)
{
	u8o_check_encoding("glib", &encodings[_i]);
}
END_TEST

Suite *
glib_suite(void)
{
	return u8o_table_suite("glib", "glib", test_glib_case, U8O_COUNT(cases),
	                       test_glib_encoding, U8O_COUNT(encodings));
}
