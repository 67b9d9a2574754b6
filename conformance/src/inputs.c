/* SPDX-License-Identifier: MIT */
/*
 * inputs.c - the suite's input families and the meaning of an input.
 *
 * The byte classes split 00..FF wherever a column of Table 3-7 (or of
 * RFC 2279's table, for the five- and six-byte forms) starts or stops; a
 * test checks that every boundary of u8ref_table_3_7 is one.  Meanings
 * come from the reference's own verdict, so the report groups what a
 * target got wrong the way the standard's table does.
 */
#include <string.h>

#include "inputs.h"
#include "sandbox.h"
#include "u8ref.h"

/* clang-format off */
static const struct { uint8_t lo, hi; } classes[] = {
	{ 0x00, 0x7F }, { 0x80, 0x8F }, { 0x90, 0x9F }, { 0xA0, 0xBF },
	{ 0xC0, 0xC1 }, { 0xC2, 0xDF }, { 0xE0, 0xE0 }, { 0xE1, 0xEC },
	{ 0xED, 0xED }, { 0xEE, 0xEF }, { 0xF0, 0xF0 }, { 0xF1, 0xF3 },
	{ 0xF4, 0xF4 }, { 0xF5, 0xF7 }, { 0xF8, 0xFB }, { 0xFC, 0xFD },
	{ 0xFE, 0xFF },
};

static const struct { const char *id, *title; } groups[U8C_GROUPS] = {
	[U8C_GROUP_ROW_00_7F]    = { "row-00-7F", "Table 3-7 row 00..7F" },
	[U8C_GROUP_ROW_C2_DF]    = { "row-C2-DF", "Table 3-7 row C2..DF 80..BF" },
	[U8C_GROUP_ROW_E0]       = { "row-E0", "Table 3-7 row E0 A0..BF 80..BF" },
	[U8C_GROUP_ROW_E1_EC]    = { "row-E1-EC", "Table 3-7 row E1..EC 80..BF 80..BF" },
	[U8C_GROUP_ROW_ED]       = { "row-ED", "Table 3-7 row ED 80..9F 80..BF" },
	[U8C_GROUP_ROW_EE_EF]    = { "row-EE-EF", "Table 3-7 row EE..EF 80..BF 80..BF" },
	[U8C_GROUP_ROW_F0]       = { "row-F0", "Table 3-7 row F0 90..BF 80..BF 80..BF" },
	[U8C_GROUP_ROW_F1_F3]    = { "row-F1-F3", "Table 3-7 row F1..F3 80..BF 80..BF 80..BF" },
	[U8C_GROUP_ROW_F4]       = { "row-F4", "Table 3-7 row F4 80..8F 80..BF 80..BF" },
	[U8C_GROUP_OVERLONG_2]   = { "overlong-2", "overlong 2-byte forms (C0, C1)" },
	[U8C_GROUP_OVERLONG_3]   = { "overlong-3", "overlong 3-byte forms (E0 80..9F)" },
	[U8C_GROUP_OVERLONG_4]   = { "overlong-4", "overlong 4-byte forms (F0 80..8F)" },
	[U8C_GROUP_SURROGATE]    = { "surrogate", "surrogates (ED A0..BF)" },
	[U8C_GROUP_TOO_LARGE]    = { "too-large", "beyond U+10FFFF (F4 90..BF, F5..F7)" },
	[U8C_GROUP_LONG_FORM]    = { "long-form", "5- and 6-byte forms (F8..FD)" },
	[U8C_GROUP_TRUNCATED]    = { "truncated", "truncated sequences" },
	[U8C_GROUP_CONTINUATION] = { "continuation", "lone continuation bytes" },
	[U8C_GROUP_INVALID_LEAD] = { "invalid-lead", "invalid lead bytes (FE, FF)" },
};
/* clang-format on */

enum { CLASSES = sizeof classes / sizeof classes[0], DIGITS = 2 * CLASSES };

const char *
u8c_group_id(enum u8c_group g)
{
	return groups[g].id;
}

const char *
u8c_group_title(enum u8c_group g)
{
	return groups[g].title;
}

/* An invalid lead byte means what the longer forms of RFC 2279 would
 * have made of it: C0 and C1 begin only overlong two-byte forms, F5..F7
 * four-byte forms beyond U+10FFFF, F8..FD five- and six-byte forms. */
static enum u8c_group
lead_group(uint8_t b)
{
	if (b <= 0xC1)
		return U8C_GROUP_OVERLONG_2;
	if (b <= 0xF7)
		return U8C_GROUP_TOO_LARGE;
	if (b <= 0xFD)
		return U8C_GROUP_LONG_FORM;
	return U8C_GROUP_INVALID_LEAD;
}

enum u8c_group
u8c_group_of_error(enum u8ref_status status, int row, uint8_t lead)
{
	switch (status) {
	case U8REF_OVERLONG:
		return u8ref_table_3_7[row].len == 3 ? U8C_GROUP_OVERLONG_3
		                                     : U8C_GROUP_OVERLONG_4;
	case U8REF_INVALID_LEAD:
		return lead_group(lead);
	case U8REF_SURROGATE:
		return U8C_GROUP_SURROGATE;
	case U8REF_TOO_LARGE:
		return U8C_GROUP_TOO_LARGE;
	case U8REF_CONTINUATION:
		return U8C_GROUP_CONTINUATION;
	default: /* truncated, or interrupted by the next character */
		return U8C_GROUP_TRUNCATED;
	}
}

/* Inputs of 1..4 digits in base @base: how many of length 1..len. */
static size_t
count_upto(size_t base, size_t len)
{
	size_t total = 0, power = 1, l;

	for (l = 1; l <= len; l++) {
		power *= base;
		total += power;
	}
	return total;
}

/* The i-th sequence of 1..4 digits in base @base, shortest first. */
static size_t
digits(size_t i, size_t base, size_t *d)
{
	size_t len = 1, power = base, k;

	while (i >= power) {
		i -= power;
		power *= base;
		len++;
	}
	for (k = len; k-- > 0;) {
		d[k] = i % base;
		i /= base;
	}
	return len;
}

static size_t
categories_count(void)
{
	return count_upto(DIGITS, 4);
}

/* Digit d is class d / 2, its first member when even, else its last. */
static size_t
categories_get(size_t i, uint8_t *buf)
{
	size_t d[4], len = digits(i, DIGITS, d), k;

	for (k = 0; k < len; k++)
		buf[k] = d[k] % 2 ? classes[d[k] / 2].hi : classes[d[k] / 2].lo;
	return len;
}

static size_t
short_count(void)
{
	return count_upto(256, 3);
}

static size_t
bytes_get(size_t i, uint8_t *buf)
{
	size_t d[4], len = digits(i, 256, d), k;

	for (k = 0; k < len; k++)
		buf[k] = (uint8_t)d[k];
	return len;
}

static size_t
supplementary_count(void)
{
	return 0x100000;
}

static size_t
supplementary_get(size_t i, uint8_t *buf)
{
	return u8ref_encode(NULL, (uint32_t)(0x10000 + i), buf);
}

/* A profile by name, looked up once per @cache. */
static const struct u8ref_profile *
profile(const char *name, const struct u8ref_profile **cache)
{
	if (*cache == NULL)
		*cache = u8ref_profile_by_name(name);
	return *cache;
}

static size_t
pairs_get(size_t i, uint8_t *buf)
{
	static const struct u8ref_profile *cesu8;

	return u8ref_encode(profile("cesu8", &cesu8), (uint32_t)(0x10000 + i),
	                    buf);
}

enum { LONG_FORMS = 65536 };

static size_t
long_forms_count(void)
{
	return LONG_FORMS;
}

/* The first and last value of each length beyond U+10FFFF (RFC 2279
 * draft, section 2), then values evenly spread up to U+7FFFFFFF. */
static const uint32_t long_form_ends[] = {0x110000,  0x1FFFFF,  0x200000,
                                          0x3FFFFFF, 0x4000000, 0x7FFFFFFF};
enum { ENDS = sizeof long_form_ends / sizeof long_form_ends[0] };

static size_t
long_forms_get(size_t i, uint8_t *buf)
{
	static const struct u8ref_profile *rfc2279;
	uint32_t first = 0x110000, last = 0x7FFFFFFF, v;

	if (i < ENDS)
		v = long_form_ends[i];
	else
		v = first + (uint32_t)((uint64_t)(last - first) * (i - ENDS) /
		                       (LONG_FORMS - ENDS - 1));
	return u8ref_encode(profile("rfc2279", &rfc2279), v, buf);
}

/* clang-format off */
static const uint8_t ascii_before[] = { 'a', 'b', 'c' };
static const uint8_t ascii_after[] = { 'x', 'y', 'z' };
static const uint8_t multi_before[] = { 0xC3, 0xA9, 0xE2, 0x82, 0xAC };             /* é€ */
static const uint8_t multi_after[] = { 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80 };  /* €😀 */
/* clang-format on */

enum { CONTEXT_BASES_LEN = 2, CONTEXT_FIXED = 6, OFFSETS = 64, FILL = 100 };

static size_t
context_count(void)
{
	return count_upto(DIGITS, CONTEXT_BASES_LEN) *
	       (CONTEXT_FIXED + OFFSETS);
}

static size_t
put(uint8_t *buf, size_t at, const uint8_t *s, size_t n)
{
	memcpy(buf + at, s, n);
	return at + n;
}

static size_t
context_get(size_t i, uint8_t *buf)
{
	size_t variant = i % (CONTEXT_FIXED + OFFSETS), n, at = 0, k;
	uint8_t x[4];

	n = categories_get(i / (CONTEXT_FIXED + OFFSETS), x);
	switch (variant) {
	case 0:
		at = put(buf, put(buf, 0, ascii_before, sizeof ascii_before), x,
		         n);
		break;
	case 1:
		at = put(buf, put(buf, 0, x, n), ascii_after,
		         sizeof ascii_after);
		break;
	case 2:
		at = put(buf, put(buf, 0, multi_before, sizeof multi_before), x,
		         n);
		break;
	case 3:
		at = put(buf, put(buf, 0, x, n), multi_after,
		         sizeof multi_after);
		break;
	case 4: /* cut at the end, after text */
		at = put(buf, put(buf, 0, ascii_before, sizeof ascii_before), x,
		         n - 1);
		break;
	case 5:
		for (k = 0; k < 3; k++)
			at = put(buf, at, x, n);
		break;
	default: /* at offset k of a long input: across 16-, 32-, 64-byte blocks
	          */
		k = variant - CONTEXT_FIXED;
		memset(buf, 'a', k);
		at = put(buf, k, x, n);
		memset(buf + at, 'b', FILL - k);
		at += FILL - k;
		break;
	}
	return at;
}

static size_t
exhaustive_count(void)
{
	return count_upto(256, 4);
}

static uint8_t one[U8C_MAX_INPUT];
static size_t one_len;

void
u8c_family_one_set(const uint8_t *s, size_t n)
{
	one_len = n < sizeof one ? n : sizeof one;
	if (one_len > 0)
		memcpy(one, s, one_len);
}

static size_t
one_count(void)
{
	return 1;
}

static size_t
one_get(size_t i, uint8_t *buf)
{
	(void)i;
	memcpy(buf, one, one_len);
	return one_len;
}

const struct u8c_family u8c_family_categories = {"categories", categories_count,
                                                 categories_get};
const struct u8c_family u8c_family_short = {"all inputs of 1..3 bytes",
                                            short_count, bytes_get};
const struct u8c_family u8c_family_supplementary = {
    "supplementary characters", supplementary_count, supplementary_get};
const struct u8c_family u8c_family_surrogate_pairs = {
    "3+3-byte surrogate pairs", supplementary_count, pairs_get};
const struct u8c_family u8c_family_long_forms = {
    "forms beyond U+10FFFF", long_forms_count, long_forms_get};
const struct u8c_family u8c_family_context = {"context", context_count,
                                              context_get};
const struct u8c_family u8c_family_exhaustive = {"every input of 1..4 bytes",
                                                 exhaustive_count, bytes_get};
const struct u8c_family u8c_family_one = {"one input", one_count, one_get};
