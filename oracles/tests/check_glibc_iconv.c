/* SPDX-License-Identifier: MIT */
/*
 * check_glibc_iconv.c - what glibc's iconv from UTF-8 does with the telling
 * inputs.
 *
 * Characterisation, not judgement: the rows pin the behaviour observed
 * with Debian 12's glibc 2.36, through libu8t-glibc-iconv.so, whose
 * replacement is that of an iconv loop (one U+FFFD per byte skipped
 * after EILSEQ, one for the incomplete rest after EINVAL).  Rows are those of
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
	/* Departs: EINVAL ("incomplete") although A0 already rules out
	 * row ED; so one U+FFFD for both bytes, not two. */
	{ "surrogate prefix at the end", U8O_BYTES(0xED, 0xA0),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 2) },
	/* Unlike mbrtowc, iconv to UTF-32 refuses U+110000 (EILSEQ at
	 * F4); skipping byte by byte happens to give Table 3-7's answer. */
	{ "U+110000, beyond U+10FFFF", U8O_BYTES(0xF4, 0x90, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "F5, no lead byte", U8O_BYTES(0xF5),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "F5 as a four-byte lead", U8O_BYTES(0xF5, 0x80, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
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
/* clang-format on */

START_TEST(test_glibc_iconv_case)
{
	u8o_check_case("glibc-iconv", &cases[_i]);
}
END_TEST

/* UTF-32LE to UTF-8 refuses (EILSEQ) exactly what RFC 3629 excludes. */
START_TEST(test_glibc_iconv_encoding)
{
	u8o_check_encoding("glibc-iconv", &u8o_encodings_3_7[_i]);
}
END_TEST

Suite *
glibc_iconv_suite(void)
{
	return u8o_table_suite("glibc_iconv", "glibc-iconv",
	                       test_glibc_iconv_case, U8O_COUNT(cases),
	                       test_glibc_iconv_encoding,
	                       u8o_encodings_3_7_count);
}
