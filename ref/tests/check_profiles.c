/* SPDX-License-Identifier: MIT */
/*
 * check_profiles.c - each variant decodes and encodes its defining cases.
 *
 * The cases are the ones that tell the variants apart: surrogates, the
 * four-byte forms, U+0000, five- and six-byte forms, and the pair rules.
 * Each row names the document that decides it; the profiles' sources
 * are listed in profiles.c.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"
#include "testutil.h"
#include "u8ref.h"

#define FFFD U8REF_REPLACEMENT

/* clang-format off */
static const struct {
	const char *profile;
	const char *what;
	uint8_t in[8];
	size_t n;
	uint32_t want[8];
	size_t nwant;
	enum u8ref_status status; /* first error, or U8REF_OK */
	size_t offset;
} decodes[] = {
	/* Table 3.1B: E1..EF 80..BF 80..BF includes ED A0..BF */
	{ "unicode-3.1", "lone surrogate", { 0xED, 0xA0, 0x80 }, 3, { 0xD800 }, 1, U8REF_OK, 3 },
	{ "unicode-3.1", "still no overlong", { 0xE0, 0x9F, 0x80 }, 3, { FFFD, FFFD, FFFD }, 3, U8REF_OVERLONG, 0 },
	{ "unicode-3.1", "still no U+110000", { 0xF4, 0x90, 0x80, 0x80 }, 4, { FFFD, FFFD, FFFD, FFFD }, 4, U8REF_TOO_LARGE, 0 },
	/* RFC 2279 draft section 2: five and six octets, shortest only */
	{ "rfc2279", "first 5-octet", { 0xF8, 0x88, 0x80, 0x80, 0x80 }, 5, { 0x200000 }, 1, U8REF_OK, 5 },
	{ "rfc2279", "first 6-octet", { 0xFC, 0x84, 0x80, 0x80, 0x80, 0x80 }, 6, { 0x4000000 }, 1, U8REF_OK, 6 },
	{ "rfc2279", "U+110000 is a value", { 0xF4, 0x90, 0x80, 0x80 }, 4, { 0x110000 }, 1, U8REF_OK, 4 },
	{ "rfc2279", "surrogate is a value", { 0xED, 0xA0, 0x80 }, 3, { 0xD800 }, 1, U8REF_OK, 3 },
	{ "rfc2279", "overlong 5-octet", { 0xF8, 0x87, 0xBF, 0xBF, 0xBF }, 5, { FFFD, FFFD, FFFD, FFFD, FFFD }, 5, U8REF_OVERLONG, 0 },
	{ "rfc2279", "overlong 6-octet", { 0xFC, 0x83, 0xBF, 0xBF, 0xBF, 0xBF }, 6, { FFFD, FFFD, FFFD, FFFD, FFFD, FFFD }, 6, U8REF_OVERLONG, 0 },
	{ "rfc2279", "FE never appears", { 0xFE, 0x41 }, 2, { FFFD, 0x41 }, 2, U8REF_INVALID_LEAD, 0 },
	{ "rfc2279", "cut 6-octet", { 0x41, 0xFD, 0xBF, 0xBF, 0xBF, 0xBF }, 6, { 0x41, FFFD }, 2, U8REF_TRUNCATED, 1 },
	/* UTR #26: supplementary characters only as surrogate pairs */
	{ "cesu8", "U+10000", { 0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80 }, 6, { 0x10000 }, 1, U8REF_OK, 6 },
	{ "cesu8", "U+10FFFF", { 0xED, 0xAF, 0xBF, 0xED, 0xBF, 0xBF }, 6, { 0x10FFFF }, 1, U8REF_OK, 6 },
	{ "cesu8", "U+233B4 (RFC 3629 s10)", { 0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4 }, 6, { 0x233B4 }, 1, U8REF_OK, 6 },
	{ "cesu8", "no 4-byte form", { 0xF0, 0x90, 0x80, 0x80 }, 4, { FFFD, FFFD, FFFD, FFFD }, 4, U8REF_INVALID_LEAD, 0 },
	{ "cesu8", "lone lead", { 0xED, 0xA0, 0x80, 0x41 }, 4, { FFFD, 0x41 }, 2, U8REF_SURROGATE, 0 },
	{ "cesu8", "lone trail", { 0xED, 0xB0, 0x80 }, 3, { FFFD, FFFD, FFFD }, 3, U8REF_SURROGATE, 0 },
	{ "cesu8", "pair cut by the end", { 0xED, 0xA0, 0x80, 0xED, 0xB0 }, 5, { FFFD }, 1, U8REF_TRUNCATED, 0 },
	{ "cesu8", "lead, then not a trail", { 0xED, 0xA0, 0x80, 0xED, 0x80, 0x80 }, 6, { FFFD, FFFD, FFFD }, 3, U8REF_SURROGATE, 0 },
	{ "cesu8", "BMP as in UTF-8", { 0xED, 0x9F, 0xBF, 0xEF, 0xBF, 0xBF }, 6, { 0xD7FF, 0xFFFF }, 2, U8REF_OK, 6 },
	/* JVMS 4.4.7: U+0000 is C0 80, no byte is zero */
	{ "mutf8", "U+0000", { 0xC0, 0x80 }, 2, { 0x0000 }, 1, U8REF_OK, 2 },
	{ "mutf8", "no zero byte", { 0x41, 0x00 }, 2, { 0x41, FFFD }, 2, U8REF_INVALID_LEAD, 1 },
	{ "mutf8", "C0 81 is overlong", { 0xC0, 0x81 }, 2, { FFFD, FFFD }, 2, U8REF_OVERLONG, 0 },
	{ "mutf8", "U+10000 as a pair", { 0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80 }, 6, { 0x10000 }, 1, U8REF_OK, 6 },
	{ "mutf8", "no 4-byte form", { 0xF0, 0x90, 0x80, 0x80 }, 4, { FFFD, FFFD, FFFD, FFFD }, 4, U8REF_INVALID_LEAD, 0 },
	/* WTF-8: lone surrogates, but no pair of three-byte halves */
	{ "wtf8", "lone lead", { 0xED, 0xA0, 0x80, 0x41 }, 4, { 0xD800, 0x41 }, 2, U8REF_OK, 4 },
	{ "wtf8", "lone trail", { 0xED, 0xB0, 0x80 }, 3, { 0xDC00 }, 1, U8REF_OK, 3 },
	{ "wtf8", "trail then lead", { 0xED, 0xB0, 0x80, 0xED, 0xA0, 0x80 }, 6, { 0xDC00, 0xD800 }, 2, U8REF_OK, 6 },
	{ "wtf8", "lead then trail", { 0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80 }, 6, { FFFD, 0xDC00 }, 2, U8REF_SURROGATE, 0 },
	{ "wtf8", "lead then cut trail", { 0xED, 0xA0, 0x80, 0xED, 0xB0 }, 5, { 0xD800, FFFD }, 2, U8REF_TRUNCATED, 3 },
	{ "wtf8", "4-byte form", { 0xF0, 0x90, 0x80, 0x80 }, 4, { 0x10000 }, 1, U8REF_OK, 4 },
};

static const struct {
	const char *profile;
	uint32_t cp;
	uint8_t want[U8REF_MAX_LEN];
	size_t len; /* 0: refused */
} encodes[] = {
	{ "unicode",     0x00D800,   { 0 }, 0 },
	{ "unicode",     0x110000,   { 0 }, 0 },
	{ "unicode",     0x10FFFF,   { 0xF4, 0x8F, 0xBF, 0xBF }, 4 },
	{ "unicode-3.1", 0x00DFFF,   { 0xED, 0xBF, 0xBF }, 3 },
	{ "rfc2279",     0x7FFFFFFF, { 0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF }, 6 },
	{ "rfc2279",     0x200000,   { 0xF8, 0x88, 0x80, 0x80, 0x80 }, 5 },
	{ "cesu8",       0x010000,   { 0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80 }, 6 },
	{ "cesu8",       0x00D800,   { 0 }, 0 },
	{ "cesu8",       0x000000,   { 0x00 }, 1 },
	{ "mutf8",       0x000000,   { 0xC0, 0x80 }, 2 },
	{ "mutf8",       0x10FFFF,   { 0xED, 0xAF, 0xBF, 0xED, 0xBF, 0xBF }, 6 },
	{ "wtf8",        0x00D800,   { 0xED, 0xA0, 0x80 }, 3 },
	{ "wtf8",        0x010000,   { 0xF0, 0x90, 0x80, 0x80 }, 4 },
	{ "wtf8",        0x110000,   { 0 }, 0 },
};
/* clang-format on */

START_TEST(test_profiles_decode)
{
	const struct u8ref_profile *p =
	    u8ref_profile_by_name(decodes[_i].profile);
	uint8_t *s = exact_copy(decodes[_i].in, decodes[_i].n);
	uint32_t got[8];
	struct u8ref_validation v;
	size_t n;

	ck_assert_ptr_nonnull(p);
	n = u8ref_decode_all(p, s, decodes[_i].n, got, 8);
	v = u8ref_validate(p, s, decodes[_i].n);
	free(s);
	ck_assert_msg(
	    n == decodes[_i].nwant &&
	        memcmp(got, decodes[_i].want, n * sizeof got[0]) == 0 &&
	        v.status == decodes[_i].status &&
	        v.offset == decodes[_i].offset,
	    "%s, %s (%s): %zu code points starting U+%04X, first "
	    "error %s at %zu; want %zu starting U+%04X, %s at %zu",
	    decodes[_i].profile, decodes[_i].what,
	    hex(decodes[_i].in, decodes[_i].n).text, n, (unsigned)got[0],
	    u8ref_status_name(v.status), v.offset, decodes[_i].nwant,
	    (unsigned)decodes[_i].want[0],
	    u8ref_status_name(decodes[_i].status), decodes[_i].offset);
}
END_TEST

START_TEST(test_profiles_encode)
{
	const struct u8ref_profile *p =
	    u8ref_profile_by_name(encodes[_i].profile);
	uint8_t got[U8REF_MAX_LEN] = {0};
	size_t len;

	ck_assert_ptr_nonnull(p);
	len = u8ref_encode(p, encodes[_i].cp, got);
	ck_assert_msg(
	    len == encodes[_i].len && memcmp(got, encodes[_i].want, len) == 0,
	    "%s: U+%04X encodes to [%s], want [%s]", encodes[_i].profile,
	    (unsigned)encodes[_i].cp, hex(got, len).text,
	    hex(encodes[_i].want, encodes[_i].len).text);
}
END_TEST

START_TEST(test_profiles_names)
{
	static const char *const names[] = {"unicode", "unicode-3.1", "rfc2279",
	                                    "cesu8",   "mutf8",       "wtf8"};
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		ck_assert_ptr_nonnull(u8ref_profile_at(i));
		ck_assert_str_eq(u8ref_profile_at(i)->name, names[i]);
		ck_assert_ptr_eq(u8ref_profile_by_name(names[i]),
		                 u8ref_profile_at(i));
	}
	ck_assert_ptr_null(u8ref_profile_at(i));
	ck_assert_ptr_eq(u8ref_profile_at(0)->rows, u8ref_table_3_7);
	ck_assert_ptr_null(u8ref_profile_by_name("utf-8"));
	ck_assert_ptr_null(u8ref_profile_by_name(NULL));
}
END_TEST

Suite *
profiles_suite(void)
{
	Suite *s = suite_create("profiles");
	TCase *tc = tcase_create("profiles");

	tcase_add_loop_test(tc, test_profiles_decode, 0,
	                    (int)(sizeof decodes / sizeof decodes[0]));
	tcase_add_loop_test(tc, test_profiles_encode, 0,
	                    (int)(sizeof encodes / sizeof encodes[0]));
	tcase_add_test(tc, test_profiles_names);
	suite_add_tcase(s, tc);
	return s;
}
