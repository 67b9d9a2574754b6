/* SPDX-License-Identifier: MIT */
/*
 * check_table.c - the tables are well made, and Table 3-7 says what the
 * standard's prose says about it.
 *
 * The walk relies on three properties of every profile's table: rows are
 * prefix-free, their code points do not overlap, and each row's byte
 * columns spell exactly its code-point column.  The other tests check
 * what the RFC and the standard say in words, independently of the
 * array: which bytes begin a sequence, and why a second byte is refused.
 */
#include <check.h>

#include "suites.h"
#include "testutil.h"
#include "u8ref.h"

static size_t
profile_count(void)
{
	size_t n = 0;

	while (u8ref_profile_at(n) != NULL)
		n++;
	return n;
}

static int
overlap(struct u8ref_range a, struct u8ref_range b)
{
	return a.lo <= b.hi && b.lo <= a.hi;
}

/* No well-formed sequence of one row begins a sequence of another, so
 * the first row to run out of columns is the match. */
START_TEST(test_table_rows_are_prefix_free)
{
	const struct u8ref_profile *p = u8ref_profile_at((size_t)_i);
	size_t a, b, j;

	TEST_REQUIRE(p->nrows <= 32, "%s: %zu rows", p->name, p->nrows);
	for (a = 0; a < p->nrows; a++) {
		for (b = 0; b < p->nrows; b++) {
			const struct u8ref_row *ra = &p->rows[a],
			                       *rb = &p->rows[b];

			if (a == b || ra->len > rb->len)
				continue;
			for (j = 0; j < ra->len; j++)
				if (!overlap(ra->byte[j], rb->byte[j]))
					break;
			TEST_REQUIRE(j < ra->len,
			             "%s: row %zu is a prefix of row %zu",
			             p->name, a, b);
		}
	}
}
END_TEST

START_TEST(test_table_code_points_do_not_overlap)
{
	const struct u8ref_profile *p = u8ref_profile_at((size_t)_i);
	size_t a, b;

	for (a = 0; a < p->nrows; a++)
		for (b = a + 1; b < p->nrows; b++)
			TEST_REQUIRE(p->rows[a].cp_hi < p->rows[b].cp_lo ||
			                 p->rows[b].cp_hi < p->rows[a].cp_lo,
			             "%s: rows %zu and %zu share code points",
			             p->name, a, b);
}
END_TEST

/* Decodes the bytes of row k and expects its code point want. */
static void
expect_row_value(const struct u8ref_profile *p, size_t k, const uint8_t *s,
                 uint32_t want)
{
	const struct u8ref_row *row = &p->rows[k];
	struct u8ref_result r = u8ref_decode_one(p, s, row->len);

	ck_assert_msg(r.status == U8REF_OK && r.len == row->len &&
	                  r.row == (int)k && r.cp == want,
	              "%s row %zu: %s gives %s U+%04X, want U+%04X", p->name, k,
	              hex(s, row->len).text, u8ref_status_name(r.status),
	              (unsigned)r.cp, (unsigned)want);
}

/* The lowest bytes of every column decode to the first code point of
 * the row, the highest to the last: the columns and the code-point
 * column say the same thing. */
START_TEST(test_table_columns_spell_code_points)
{
	const struct u8ref_profile *p = u8ref_profile_at((size_t)_i);
	uint8_t lo[U8REF_MAX_LEN], hi[U8REF_MAX_LEN];
	size_t k, j;

	for (k = 0; k < p->nrows; k++) {
		const struct u8ref_row *row = &p->rows[k];

		ck_assert_msg(row->len >= 1 && row->len <= U8REF_MAX_LEN,
		              "%s row %zu: %u columns", p->name, k, row->len);
		for (j = 0; j < row->len && j < U8REF_MAX_LEN; j++) {
			lo[j] = row->byte[j].lo;
			hi[j] = row->byte[j].hi;
		}
		expect_row_value(p, k, lo, row->cp_lo);
		expect_row_value(p, k, hi, row->cp_hi);
	}
}
END_TEST

/* RFC 3629 section 1: "C0, C1, F5 to FF never appear"; 80..BF only
 * continue a sequence (section 3); 00..7F stand alone. */
START_TEST(test_table_3_7_first_bytes)
{
	uint8_t b = (uint8_t)_i;
	struct u8ref_result r = u8ref_decode_one(NULL, &b, 1);
	enum u8ref_status want;

	if (b <= 0x7F)
		want = U8REF_OK;
	else if (b <= 0xBF)
		want = U8REF_CONTINUATION;
	else if (b <= 0xC1 || b >= 0xF5)
		want = U8REF_INVALID_LEAD;
	else
		want = U8REF_TRUNCATED;
	TEST_REQUIRE(r.status == want && r.len == 1,
	             "%s: got %s len %zu, want %s", hex(&b, 1).text,
	             u8ref_status_name(r.status), r.len,
	             u8ref_status_name(want));
}
END_TEST

/* The "unusual" second-byte ranges of Table 3-7 and why each refuses:
 * E0 80..9F and F0 80..8F would be overlong, ED A0..BF surrogates, F4
 * 90..BF beyond U+10FFFF; a byte outside 80..BF interrupts. */
START_TEST(test_table_3_7_second_byte_refusals)
{
	uint8_t s[2] = {(uint8_t)_i, 0};
	struct u8ref_result r;
	enum u8ref_status want;
	size_t want_len;
	unsigned b;

	if (s[0] < 0xC2 || s[0] > 0xF4)
		return;
	for (b = 0; b <= 0xFF; b++) {
		s[1] = (uint8_t)b;
		r = u8ref_decode_one(NULL, s, 2);
		want_len = 1;
		if (b < 0x80 || b > 0xBF)
			want = U8REF_INTERRUPTED;
		else if ((s[0] == 0xE0 && b < 0xA0) ||
		         (s[0] == 0xF0 && b < 0x90))
			want = U8REF_OVERLONG;
		else if (s[0] == 0xED && b >= 0xA0)
			want = U8REF_SURROGATE;
		else if (s[0] == 0xF4 && b >= 0x90)
			want = U8REF_TOO_LARGE;
		else {
			want = s[0] <= 0xDF ? U8REF_OK : U8REF_TRUNCATED;
			want_len = 2;
		}
		TEST_REQUIRE(r.status == want && r.len == want_len,
		             "%s: got %s len %zu, want %s", hex(s, 2).text,
		             u8ref_status_name(r.status), r.len,
		             u8ref_status_name(want));
	}
}
END_TEST

Suite *
table_suite(void)
{
	Suite *s = suite_create("table");
	TCase *tc = tcase_create("table");
	int profiles = (int)profile_count();

	tcase_add_loop_test(tc, test_table_rows_are_prefix_free, 0, profiles);
	tcase_add_loop_test(tc, test_table_code_points_do_not_overlap, 0,
	                    profiles);
	tcase_add_loop_test(tc, test_table_columns_spell_code_points, 0,
	                    profiles);
	tcase_add_loop_test(tc, test_table_3_7_first_bytes, 0, 256);
	tcase_add_loop_test(tc, test_table_3_7_second_byte_refusals, 0, 256);
	suite_add_tcase(s, tc);
	return s;
}
