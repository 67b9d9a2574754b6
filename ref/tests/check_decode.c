/* SPDX-License-Identifier: MIT */
/*
 * check_decode.c - decode_one and validate against hand-checked cases.
 *
 * One case per line; the comment above each group names the Table 3-7
 * row that decides it.  Every error kind has at least one case, with
 * the maximal subpart's length and, for validate, its offset.
 */
#include <check.h>
#include <stdlib.h>

#include "suites.h"
#include "testutil.h"
#include "u8ref.h"

#define FFFD U8REF_REPLACEMENT

/* clang-format off */
static const struct {
	const char *what;
	uint8_t in[4];
	size_t n;
	enum u8ref_status status;
	size_t len;
	uint32_t cp;
	int row;
} one[] = {
	/* row 00..7F */
	{ "nul",                { 0x00 },                   1, U8REF_OK,           1, 0x0000,   0 },
	{ "delete",             { 0x7F },                   1, U8REF_OK,           1, 0x007F,   0 },
	/* row C2..DF 80..BF */
	{ "first 2-byte",       { 0xC2, 0x80 },             2, U8REF_OK,           2, 0x0080,   1 },
	{ "last 2-byte",        { 0xDF, 0xBF },             2, U8REF_OK,           2, 0x07FF,   1 },
	{ "C2 <end>",           { 0xC2 },                   1, U8REF_TRUNCATED,    1, FFFD,     1 },
	{ "C2 C2",              { 0xC2, 0xC2 },             2, U8REF_INTERRUPTED,  1, FFFD,     1 },
	/* row E0 A0..BF 80..BF: 80..9F second would be overlong */
	{ "first 3-byte",       { 0xE0, 0xA0, 0x80 },       3, U8REF_OK,           3, 0x0800,   2 },
	{ "E0 9F BF",           { 0xE0, 0x9F, 0xBF },       3, U8REF_OVERLONG,     1, FFFD,     2 },
	{ "E0 80 80",           { 0xE0, 0x80, 0x80 },       3, U8REF_OVERLONG,     1, FFFD,     2 },
	/* row E1..EC 80..BF 80..BF */
	{ "E1 80 80",           { 0xE1, 0x80, 0x80 },       3, U8REF_OK,           3, 0x1000,   3 },
	{ "EC BF BF",           { 0xEC, 0xBF, 0xBF },       3, U8REF_OK,           3, 0xCFFF,   3 },
	{ "E1 80 <end>",        { 0xE1, 0x80 },             2, U8REF_TRUNCATED,    2, FFFD,     3 },
	{ "E1 80 41",           { 0xE1, 0x80, 0x41 },       3, U8REF_INTERRUPTED,  2, FFFD,     3 },
	/* row ED 80..9F 80..BF: A0..BF second would be a surrogate */
	{ "ED 80 80",           { 0xED, 0x80, 0x80 },       3, U8REF_OK,           3, 0xD000,   4 },
	{ "last before D800",   { 0xED, 0x9F, 0xBF },       3, U8REF_OK,           3, 0xD7FF,   4 },
	{ "D800",               { 0xED, 0xA0, 0x80 },       3, U8REF_SURROGATE,    1, FFFD,     4 },
	{ "DFFF",               { 0xED, 0xBF, 0xBF },       3, U8REF_SURROGATE,    1, FFFD,     4 },
	/* row EE..EF 80..BF 80..BF */
	{ "E000",               { 0xEE, 0x80, 0x80 },       3, U8REF_OK,           3, 0xE000,   5 },
	{ "FFFF",               { 0xEF, 0xBF, 0xBF },       3, U8REF_OK,           3, 0xFFFF,   5 },
	/* row F0 90..BF 80..BF 80..BF: 80..8F second would be overlong */
	{ "first 4-byte",       { 0xF0, 0x90, 0x80, 0x80 }, 4, U8REF_OK,           4, 0x10000,  6 },
	{ "F0 8F BF BF",        { 0xF0, 0x8F, 0xBF, 0xBF }, 4, U8REF_OVERLONG,     1, FFFD,     6 },
	{ "F0 90 80 <end>",     { 0xF0, 0x90, 0x80 },       3, U8REF_TRUNCATED,    3, FFFD,     6 },
	/* row F1..F3 80..BF 80..BF 80..BF */
	{ "40000",              { 0xF1, 0x80, 0x80, 0x80 }, 4, U8REF_OK,           4, 0x40000,  7 },
	{ "FFFFF",              { 0xF3, 0xBF, 0xBF, 0xBF }, 4, U8REF_OK,           4, 0xFFFFF,  7 },
	{ "F1 80 80 E1",        { 0xF1, 0x80, 0x80, 0xE1 }, 4, U8REF_INTERRUPTED,  3, FFFD,     7 },
	/* row F4 80..8F 80..BF 80..BF: 90..BF second would pass U+10FFFF */
	{ "100000",             { 0xF4, 0x80, 0x80, 0x80 }, 4, U8REF_OK,           4, 0x100000, 8 },
	{ "10FFFF",             { 0xF4, 0x8F, 0xBF, 0xBF }, 4, U8REF_OK,           4, 0x10FFFF, 8 },
	{ "110000",             { 0xF4, 0x90, 0x80, 0x80 }, 4, U8REF_TOO_LARGE,    1, FFFD,     8 },
	/* no row begins with 80..BF: a lone continuation byte */
	{ "80",                 { 0x80 },                   1, U8REF_CONTINUATION, 1, FFFD,    -1 },
	{ "BF 80",              { 0xBF, 0x80 },             2, U8REF_CONTINUATION, 1, FFFD,    -1 },
	/* no row begins with C0, C1 or F5..FF */
	{ "C0 80",              { 0xC0, 0x80 },             2, U8REF_INVALID_LEAD, 1, FFFD,    -1 },
	{ "C1 BF",              { 0xC1, 0xBF },             2, U8REF_INVALID_LEAD, 1, FFFD,    -1 },
	{ "F5 80 80 80",        { 0xF5, 0x80, 0x80, 0x80 }, 4, U8REF_INVALID_LEAD, 1, FFFD,    -1 },
	{ "FF",                 { 0xFF },                   1, U8REF_INVALID_LEAD, 1, FFFD,    -1 },
	/* nothing at all */
	{ "empty",              { 0 },                      0, U8REF_EMPTY,        0, FFFD,    -1 },
};

/* The first error of a buffer: its kind, offset and maximal subpart. */
static const struct {
	const char *what;
	uint8_t in[8];
	size_t n;
	enum u8ref_status status;
	size_t offset;
	size_t len;
} first[] = {
	{ "empty is well-formed", { 0 },                                      0, U8REF_OK,           0, 0 },
	{ "all rows' ends",       { 0x7F, 0xDF, 0xBF, 0xEF, 0xBF, 0xBF },     6, U8REF_OK,           6, 0 },
	{ "truncated at end",     { 0x41, 0xF0, 0x90, 0x80 },                 4, U8REF_TRUNCATED,    1, 3 },
	{ "interrupted",          { 0x41, 0x42, 0xE1, 0x80, 0x43 },           5, U8REF_INTERRUPTED,  2, 2 },
	{ "continuation",         { 0xC3, 0xA9, 0xA9 },                       3, U8REF_CONTINUATION, 2, 1 },
	{ "invalid lead",         { 0x41, 0xF8, 0x88, 0x80, 0x80, 0x80 },     6, U8REF_INVALID_LEAD, 1, 1 },
	{ "overlong",             { 0x2F, 0x2E, 0xE0, 0x80, 0xAE },           5, U8REF_OVERLONG,     2, 1 },
	{ "surrogate",            { 0xE2, 0x82, 0xAC, 0xED, 0xB0, 0x80 },     6, U8REF_SURROGATE,    3, 1 },
	{ "too large",            { 0x00, 0xF4, 0x90, 0x80, 0x80 },           5, U8REF_TOO_LARGE,    1, 1 },
	{ "first of two errors",  { 0x41, 0xC2, 0x41, 0xFF },                 4, U8REF_INTERRUPTED,  1, 1 },
};
/* clang-format on */

START_TEST(test_decode_one_case)
{
	uint8_t *s = exact_copy(one[_i].in, one[_i].n);
	struct u8ref_result r = u8ref_decode_one(NULL, s, one[_i].n);

	free(s);

	ck_assert_msg(r.status == one[_i].status && r.len == one[_i].len &&
	                  r.cp == one[_i].cp && r.row == one[_i].row,
	              "%s (%s): got %s len %zu U+%04X row %d, want %s len "
	              "%zu U+%04X row %d",
	              one[_i].what, hex(one[_i].in, one[_i].n).text,
	              u8ref_status_name(r.status), r.len, (unsigned)r.cp, r.row,
	              u8ref_status_name(one[_i].status), one[_i].len,
	              (unsigned)one[_i].cp, one[_i].row);
}
END_TEST

START_TEST(test_validate_first_error)
{
	uint8_t *s = exact_copy(first[_i].in, first[_i].n);
	struct u8ref_validation v = u8ref_validate(NULL, s, first[_i].n);

	free(s);
	ck_assert_msg(v.status == first[_i].status &&
	                  v.offset == first[_i].offset &&
	                  v.len == first[_i].len,
	              "%s (%s): got %s at %zu len %zu, want %s at %zu len %zu",
	              first[_i].what, hex(first[_i].in, first[_i].n).text,
	              u8ref_status_name(v.status), v.offset, v.len,
	              u8ref_status_name(first[_i].status), first[_i].offset,
	              first[_i].len);
}
END_TEST

/* decode_all counts like snprintf: the full count, whatever the room. */
START_TEST(test_decode_all_sizes_output)
{
	static const uint8_t s[] = {0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2};
	uint32_t out[2] = {0, 0};

	ck_assert_uint_eq(u8ref_decode_all(NULL, s, sizeof s, NULL, 0), 4);
	ck_assert_uint_eq(u8ref_decode_all(NULL, s, sizeof s, out, 2), 4);
	ck_assert_msg(out[0] == 0x61 && out[1] == FFFD,
	              "61 F1 80 80 E1 80 C2: got %04X %04X", (unsigned)out[0],
	              (unsigned)out[1]);
	ck_assert_uint_eq(u8ref_decode_all(NULL, NULL, 0, NULL, 0), 0);
}
END_TEST

START_TEST(test_status_names)
{
	ck_assert_str_eq(u8ref_status_name(U8REF_OVERLONG), "overlong");
	ck_assert_str_eq(u8ref_status_name(U8REF_TOO_LARGE), "too large");
	ck_assert_str_eq(u8ref_status_name((enum u8ref_status)99), "unknown");
}
END_TEST

Suite *
decode_suite(void)
{
	Suite *s = suite_create("decode");
	TCase *tc = tcase_create("decode");

	tcase_add_loop_test(tc, test_decode_one_case, 0,
	                    (int)(sizeof one / sizeof one[0]));
	tcase_add_loop_test(tc, test_validate_first_error, 0,
	                    (int)(sizeof first / sizeof first[0]));
	tcase_add_test(tc, test_decode_all_sizes_output);
	tcase_add_test(tc, test_status_names);
	suite_add_tcase(s, tc);
	return s;
}
