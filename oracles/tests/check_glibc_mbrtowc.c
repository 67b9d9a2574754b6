/* SPDX-License-Identifier: MIT */
/*
 * check_glibc_mbrtowc.c - what glibc's mbrtowc in C.UTF-8 does with the
 * telling inputs.
 *
 * Characterisation, not judgement: the rows pin the behaviour observed
 * with Debian 12's glibc 2.36, through libu8t-glibc-mbrtowc.so, whose
 * replacement is the natural mbrtowc loop (one U+FFFD per byte after
 * (size_t)-1, one for the rest after (size_t)-2).  Rows are those of
 * cases_3_7.c, in the same order; a comment marks each departure from
 * Table 3-7 and its maximal subparts.  A change here means glibc
 * changed: look before re-pinning.
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
	{ "overlong U+0000 in three bytes", U8O_BYTES(0xE0, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "surrogate U+D800", U8O_BYTES(0xED, 0xA0, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* Departs: "incomplete" ((size_t)-2) although A0 already rules
	 * out row ED; so one U+FFFD for both bytes, not two. */
	{ "surrogate prefix at the end", U8O_BYTES(0xED, 0xA0),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 2) },
	/* Departs: glibc's UTF-8 reaches U+7FFFFFFF, as RFC 2279 did, and
	 * decodes U+110000 as a character. */
	{ "U+110000, beyond U+10FFFF", U8O_BYTES(0xF4, 0x90, 0x80, 0x80),
	  U8O_VALUES(0x110000), U8O_VALID, U8O_NEXT(0x110000, 4) },
	{ "F5, no lead byte", U8O_BYTES(0xF5),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* Departs: F5 leads a four-byte character, U+140000. */
	{ "F5 as a four-byte lead", U8O_BYTES(0xF5, 0x80, 0x80, 0x80),
	  U8O_VALUES(0x140000), U8O_VALID, U8O_NEXT(0x140000, 4) },
	/* Departs: the five-byte form of RFC 2279 is a character. */
	{ "RFC 2279 five-byte U+200000", U8O_BYTES(0xF8, 0x88, 0x80, 0x80, 0x80),
	  U8O_VALUES(0x200000), U8O_VALID, U8O_NEXT(0x200000, 5) },
	{ "U+20AC cut at the end", U8O_BYTES(0xE2, 0x82),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 2) },
	{ "U+10000 cut at the end", U8O_BYTES(0xF0, 0x90, 0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 3) },
	{ "lone continuation byte", U8O_BYTES(0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "real U+FFFD", U8O_BYTES(0xEF, 0xBF, 0xBD),
	  U8O_VALUES(FFFD), U8O_VALID, U8O_NEXT(FFFD, 3) },
	/* Departs: one U+FFFD per skipped byte, not per maximal subpart:
	 * F1 80 80 gives three, E1 80 two. */
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
	U8O_REFUSES(0x00D800),
	U8O_REFUSES(0x00DFFF),
	U8O_ENCODES(0x00E000, 0xEE, 0x80, 0x80),
	U8O_ENCODES(0x00FFFD, 0xEF, 0xBF, 0xBD),
	U8O_ENCODES(0x010000, 0xF0, 0x90, 0x80, 0x80),
	U8O_ENCODES(0x10FFFF, 0xF4, 0x8F, 0xBF, 0xBF),
	/* Departs: wcrtomb writes RFC 2279's forms up to U+7FFFFFFF. */
	U8O_ENCODES(0x110000, 0xF4, 0x90, 0x80, 0x80),
	U8O_ENCODES(0x1FFFFF, 0xF7, 0xBF, 0xBF, 0xBF),
	U8O_ENCODES(0x200000, 0xF8, 0x88, 0x80, 0x80, 0x80),
	U8O_ENCODES(0x7FFFFFFF, 0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF),
	/* A negative wchar_t: refused. */
	U8O_REFUSES(0x80000000),
	U8O_REFUSES(0xFFFFFFFF),
};
/* clang-format on */

START_TEST(test_glibc_mbrtowc_case)
{
	u8o_check_case("glibc-mbrtowc", &cases[_i]);
}
END_TEST

START_TEST(test_glibc_mbrtowc_encoding)
{
	u8o_check_encoding("glibc-mbrtowc", &encodings[_i]);
}
END_TEST

Suite *
glibc_mbrtowc_suite(void)
{
	return u8o_table_suite("glibc_mbrtowc", "glibc-mbrtowc",
	                       test_glibc_mbrtowc_case, U8O_COUNT(cases),
	                       test_glibc_mbrtowc_encoding,
	                       U8O_COUNT(encodings));
}
