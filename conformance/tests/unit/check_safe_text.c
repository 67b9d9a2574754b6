/* SPDX-License-Identifier: MIT */
/*
 * check_safe_text.c - outside bytes made printable, and the hex and U+
 * codecs every component shares.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "hex.h"
#include "safe_text.h"
#include "suites.h"

static const struct {
	const char *what, *in, *want;
	size_t max;
} texts[] = {
    {"plain", "ICU 72.1", "ICU 72.1", 240},
    {"a forged line", "x\nverdict  pass", "x\\x0Averdict  pass", 240},
    {"an escape sequence", "\033[2J", "\\x1B[2J", 240},
    {"not UTF-8", "a\xC0\x80z", "a\xEF\xBF\xBD\xEF\xBF\xBDz", 240},
    {"a cut character", "abc\xE2\x82", "abc\xEF\xBF\xBD", 240},
    {"a bidi override",
     "a\xE2\x80\xAE"
     "b",
     "a\\u{202E}b", 240},
    {"a backslash", "a\\b", "a\\\\b", 240},
    {"a C1 control", "\xC2\x85", "\\x85", 240},
    /* cut before a character that does not fit: never inside one */
    {"cut at a boundary", "ab\xE2\x82\xAC\xE2\x82\xAC", "ab\xE2\x82\xAC...", 6},
};

START_TEST(test_safe_text)
{
	char *got = u8c_safe_text((const uint8_t *)texts[_i].in,
	                          strlen(texts[_i].in), texts[_i].max);

	ck_assert_msg(got != NULL && strcmp(got, texts[_i].want) == 0,
	              "%s: got \"%s\", want \"%s\"", texts[_i].what, got,
	              texts[_i].want);
	free(got);
}
END_TEST

/* A 1 MB name stays a line of bounded length. */
START_TEST(test_safe_text_long)
{
	size_t n = 1 << 20;
	uint8_t *s = malloc(n);
	char *got;

	ck_assert_ptr_nonnull(s);
	memset(s, 'n', n);
	got = u8c_safe_text(s, n, U8C_SAFE_TEXT_MAX);
	ck_assert_ptr_nonnull(got);
	ck_assert_uint_le(strlen(got), U8C_SAFE_TEXT_MAX + 3);
	free(got);
	free(s);
}
END_TEST

START_TEST(test_hex_codecs)
{
	uint8_t b[8];
	char text[64];
	uint32_t cp;
	size_t n;

	ck_assert_int_eq(u8s_hex_parse("C0 80", b, sizeof b, &n), U8S_PARSE_OK);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(u8s_hex_parse("\\xc0\\x80", b, sizeof b, &n),
	                 U8S_PARSE_OK);
	ck_assert_uint_eq(b[0], 0xC0);
	ck_assert_int_eq(u8s_hex_parse("C0 8", b, sizeof b, &n), U8S_PARSE_BAD);
	ck_assert_int_eq(u8s_hex_parse("zz", b, sizeof b, &n), U8S_PARSE_BAD);
	ck_assert_int_eq(u8s_hex_parse("00 01", b, 1, &n), U8S_PARSE_LONG);
	ck_assert_int_eq(u8s_u_parse("U+D800", &cp), U8S_PARSE_OK);
	ck_assert_uint_eq(cp, 0xD800);
	ck_assert_int_eq(u8s_u_parse("U+", &cp), U8S_PARSE_BAD);
	ck_assert_int_eq(u8s_u_parse("U+123456789", &cp), U8S_PARSE_BAD);
	ck_assert_int_eq(u8s_u_parse("U+12x", &cp), U8S_PARSE_BAD);
	u8s_u_format(text, sizeof text, 0xE9);
	ck_assert_str_eq(text, "U+00E9");
	u8s_hex_format(text, 16, (const uint8_t *)"\x01\x02\x03\x04\x05\x06",
	               6);
	ck_assert_str_eq(text, "01 02 03 04 ...");
	u8s_hex_format(text, sizeof text, NULL, 0);
	ck_assert_str_eq(text, "(empty)");
	/* every digit, both nibbles */
	u8s_hex_format(text, sizeof text,
	               (const uint8_t *)"\x01\x23\x45\x67\x89\xAB\xCD\xEF", 8);
	ck_assert_str_eq(text, "01 23 45 67 89 AB CD EF");
	u8s_code_points_format(
	    text, sizeof text,
	    (const uint32_t[]){0x10FEDC, 0xBA98, 0x7654, 0x3210}, 4);
	ck_assert_str_eq(text, "10FEDC BA98 7654 3210");
}
END_TEST

Suite *
safe_text_suite(void)
{
	Suite *s = suite_create("safe_text");
	TCase *tc = tcase_create("texts");

	tcase_add_loop_test(tc, test_safe_text, 0,
	                    (int)(sizeof texts / sizeof texts[0]));
	tcase_add_test(tc, test_safe_text_long);
	tcase_add_test(tc, test_hex_codecs);
	suite_add_tcase(s, tc);
	return s;
}
