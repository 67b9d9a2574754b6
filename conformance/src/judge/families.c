/* SPDX-License-Identifier: MIT */
/*
 * families.c - the suite's input families.
 *
 * The byte classes split 00..FF wherever a column of Table 3-7 (or of
 * RFC 2279's table, for the five- and six-byte forms) starts or stops; a
 * test checks that every boundary of u8ref_table_3_7 is one.
 */
#include <string.h>

#include "families.h"
#include "u8ref.h"

/* clang-format off */
static const struct { uint8_t lo, hi; } classes[] = {
	{ 0x00, 0x7F }, { 0x80, 0x8F }, { 0x90, 0x9F }, { 0xA0, 0xBF },
	{ 0xC0, 0xC1 }, { 0xC2, 0xDF }, { 0xE0, 0xE0 }, { 0xE1, 0xEC },
	{ 0xED, 0xED }, { 0xEE, 0xEF }, { 0xF0, 0xF0 }, { 0xF1, 0xF3 },
	{ 0xF4, 0xF4 }, { 0xF5, 0xF7 }, { 0xF8, 0xFB }, { 0xFC, 0xFD },
	{ 0xFE, 0xFF },
};
/* clang-format on */

enum { CLASSES = sizeof classes / sizeof classes[0], DIGITS = 2 * CLASSES };
_Static_assert((int)CLASSES == (int)U8C_BYTE_CLASSES,
               "the classes, counted once");

unsigned
u8c_byte_class(uint8_t b)
{
	unsigned k = 0;

	while (b > classes[k].hi)
		k++;
	return k;
}

void
u8c_byte_class_range(unsigned k, uint8_t *lo, uint8_t *hi)
{
	*lo = classes[k].lo;
	*hi = classes[k].hi;
}

int
u8c_byte_class_edge(uint8_t b)
{
	unsigned k = u8c_byte_class(b);

	return b == classes[k].lo || b == classes[k].hi;
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

/* digits() in base 256, by shifts: both the worker and the judge make
 * every item of the two largest families this way. */
static size_t
bytes_get(size_t i, uint8_t *buf)
{
	size_t len = 1, first = 0, k;

	while (len < 8 && i - first >= (size_t)1 << 8 * len) {
		first += (size_t)1 << 8 * len;
		len++;
	}
	for (i -= first, k = len; k-- > 0; i >>= 8)
		buf[k] = (uint8_t)i;
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
	default: /* at offset k of a long input: across 16-, 32-, 64-byte
	            blocks */
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

/* The encoder's values beyond U+10FFFF: evenly spread up to 7FFFFFFF,
 * then 80000000 and FFFFFFFF. */
enum { BEYOND = 65536 };

static size_t
encoder_count(void)
{
	return 0x110000 + BEYOND + 2;
}

static size_t
encoder_get(size_t i, uint8_t *buf)
{
	(void)buf;
	if (i < 0x110000)
		return i;
	i -= 0x110000;
	if (i < BEYOND)
		return 0x110000 + (size_t)((uint64_t)(0x7FFFFFFF - 0x110000) *
		                           i / (BEYOND - 1));
	return i == BEYOND ? 0x80000000u : 0xFFFFFFFFu;
}

static uint8_t one[U8C_MAX_INPUT];
static size_t one_len;
static uint32_t one_code_point;

void
u8c_family_one_set(const uint8_t *s, size_t n)
{
	one_len = n < sizeof one ? n : sizeof one;
	if (one_len > 0)
		memcpy(one, s, one_len);
}

void
u8c_family_one_code_point_set(uint32_t cp)
{
	one_code_point = cp;
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

static size_t
one_code_point_get(size_t i, uint8_t *buf)
{
	(void)i;
	(void)buf;
	return one_code_point;
}

/* The units the runs family repeats: a valid character of each length
 * and U+FEFF (so a stream's input starts with a BOM), then three errors
 * (a lone continuation byte, a byte never used, a three-byte form cut
 * short: a maximal subpart of two bytes). */
static const struct {
	uint8_t n, bytes[4];
} run_units[] = {
    {1, {'a'}},
    {2, {0xC3, 0xA9}},
    {3, {0xE2, 0x82, 0xAC}},
    {4, {0xF0, 0x9F, 0x98, 0x80}},
    {3, {0xEF, 0xBB, 0xBF}},
    {1, {0x80}},
    {1, {0xFF}},
    {2, {0xE2, 0x82}},
};
enum { RUN_UNITS = sizeof run_units / sizeof run_units[0], RUN_MAX = 64 };
_Static_assert(RUN_MAX * 4 <= U8C_MAX_INPUT, "a run fits an input");

static size_t
runs_count(void)
{
	return RUN_UNITS * RUN_MAX;
}

/* Item i: unit i / RUN_MAX, 1 + i % RUN_MAX times. */
static size_t
runs_get(size_t i, uint8_t *buf)
{
	size_t unit = i / RUN_MAX, times = i % RUN_MAX + 1, n = 0;

	for (size_t k = 0; k < times; k++, n += run_units[unit].n)
		memcpy(buf + n, run_units[unit].bytes, run_units[unit].n);
	return n;
}

const struct u8c_family u8c_family_categories = {
    "categories", U8C_ITEM_BYTES, categories_count, categories_get};
const struct u8c_family u8c_family_short = {
    "all inputs of 1..3 bytes", U8C_ITEM_BYTES, short_count, bytes_get};
const struct u8c_family u8c_family_supplementary = {
    "supplementary characters", U8C_ITEM_BYTES, supplementary_count,
    supplementary_get};
const struct u8c_family u8c_family_surrogate_pairs = {
    "3+3-byte surrogate pairs", U8C_ITEM_BYTES, supplementary_count, pairs_get};
const struct u8c_family u8c_family_long_forms = {
    "forms beyond U+10FFFF", U8C_ITEM_BYTES, long_forms_count, long_forms_get};
const struct u8c_family u8c_family_context = {"context", U8C_ITEM_BYTES,
                                              context_count, context_get};
const struct u8c_family u8c_family_runs = {
    "runs of 1..64 characters or errors", U8C_ITEM_BYTES, runs_count, runs_get};
const struct u8c_family u8c_family_exhaustive = {
    "every input of 1..4 bytes", U8C_ITEM_BYTES, exhaustive_count, bytes_get};
const struct u8c_family u8c_family_encoder = {
    "code points", U8C_ITEM_CODE_POINT, encoder_count, encoder_get};
const struct u8c_family u8c_family_one = {"one input", U8C_ITEM_BYTES,
                                          one_count, one_get};
const struct u8c_family u8c_family_one_code_point = {
    "one code point", U8C_ITEM_CODE_POINT, one_count, one_code_point_get};
