/* SPDX-License-Identifier: MIT */
/*
 * check_ref.c - libu8t-ref.so is u8ref: the Table 3-7 rows, and u8ref's
 * own answers on every short input and every encodable value.
 *
 * The rows of cases_3_7.c are first proved against u8ref itself, so the
 * table that judges the other oracles is the reference's verdict and no
 * one's guess; then the oracle must give the same.
 */
#include <check.h>
#include <string.h>

#include "suites.h"
#include "testutil.h"
#include "u8ref.h"

/* The row is what u8ref says: decoding, first error, first step. */
START_TEST(test_ref_row_is_u8ref)
{
	const struct u8o_case *c = &u8o_cases_3_7[_i];
	uint32_t out[U8O_CASE_MAX];
	size_t k = u8ref_decode_all(NULL, c->in, c->n, out, U8O_CASE_MAX);
	struct u8ref_validation v = u8ref_validate(NULL, c->in, c->n);
	struct u8ref_result r = u8ref_decode_one(NULL, c->in, c->n);
	uint32_t cp = r.status == U8REF_OK ? r.cp : U8T_ERROR;

	ck_assert_msg(k == c->nout && memcmp(out, c->out, k * 4) == 0,
	              "%s (%s): u8ref decodes %s, the row says %s", c->what,
	              u8o_hex(c->in, c->n).text,
	              u8o_values(out, k < U8O_CASE_MAX ? k : U8O_CASE_MAX).text,
	              u8o_values(c->out, c->nout).text);
	ck_assert_msg((v.status == U8REF_OK) == c->valid &&
	                  (c->valid || v.offset == c->err),
	              "%s (%s): u8ref finds %s at %zu, the row says %s at %zu",
	              c->what, u8o_hex(c->in, c->n).text,
	              u8ref_status_name(v.status), v.offset,
	              c->valid ? "valid" : "invalid", c->err);
	ck_assert_msg(cp == c->cp && r.len == c->len,
	              "%s (%s): u8ref steps to %04X after %zu, the row says "
	              "%04X after %zu",
	              c->what, u8o_hex(c->in, c->n).text, (unsigned)cp, r.len,
	              (unsigned)c->cp, c->len);
}
END_TEST

START_TEST(test_ref_row_encoding_is_u8ref)
{
	const struct u8o_encoding *e = &u8o_encodings_3_7[_i];
	uint8_t out[U8REF_MAX_LEN];
	size_t n = u8ref_encode(NULL, e->cp, out);

	ck_assert_msg(n == e->n && memcmp(out, e->out, n) == 0,
	              "U+%04X: u8ref writes %s, the row says %s",
	              (unsigned)e->cp, u8o_hex(out, n).text,
	              u8o_hex(e->out, e->n).text);
}
END_TEST

START_TEST(test_ref_case)
{
	u8o_check_case("ref", &u8o_cases_3_7[_i]);
}
END_TEST

START_TEST(test_ref_encoding)
{
	u8o_check_encoding("ref", &u8o_encodings_3_7[_i]);
}
END_TEST

/* Every input of one and two bytes whose first byte is _i. */
START_TEST(test_ref_like_u8ref_short)
{
	struct u8o_oracle o = u8o_load("ref");
	uint8_t s[2] = {(uint8_t)_i, 0};
	unsigned b;

	u8o_require_like_u8ref(&o, s, 1);
	for (b = 0; b < 256; b++) {
		s[1] = (uint8_t)b;
		u8o_require_like_u8ref(&o, s, 2);
	}
	u8o_unload(&o);
}
END_TEST

/* u8t_encode gives what u8ref_encode gives for every value lo..hi. */
static void
encode_like_u8ref(const struct u8o_oracle *o, uint32_t lo, uint32_t hi)
{
	uint32_t cp = lo;

	for (;;) {
		uint8_t got[8], want[U8REF_MAX_LEN];
		size_t n = o->encode(cp, got);
		size_t nwant = u8ref_encode(NULL, cp, want);

		U8O_REQUIRE(n == nwant && memcmp(got, want, n) == 0,
		            "%s, U+%04X: u8t_encode writes %s, u8ref %s",
		            o->title, (unsigned)cp,
		            u8o_hex(got, n <= 8 ? n : 8).text,
		            u8o_hex(want, nwant).text);
		if (cp++ == hi)
			break;
	}
}

/* Every value of plane _i (0..16); for _i 17, a stretch above U+10FFFF
 * and the top of the 32-bit range. */
START_TEST(test_ref_encode_like_u8ref)
{
	struct u8o_oracle o = u8o_load("ref");
	uint32_t lo = (uint32_t)_i << 16;

	if (_i < 17) {
		encode_like_u8ref(&o, lo, lo + 0xFFFF);
	} else {
		encode_like_u8ref(&o, 0x110000, 0x13FFFF);
		encode_like_u8ref(&o, 0xFFFFF000, 0xFFFFFFFF);
	}
	u8o_unload(&o);
}
END_TEST

Suite *
ref_suite(void)
{
	Suite *s = suite_create("ref");
	TCase *rows = tcase_create("rows");
	TCase *tc = tcase_create("oracle");

	tcase_add_loop_test(rows, test_ref_row_is_u8ref, 0,
	                    (int)u8o_cases_3_7_count);
	tcase_add_loop_test(rows, test_ref_row_encoding_is_u8ref, 0,
	                    (int)u8o_encodings_3_7_count);
	suite_add_tcase(s, rows);
	if (!u8o_oracle_built("ref"))
		return s;
	tcase_add_loop_test(tc, test_ref_case, 0, (int)u8o_cases_3_7_count);
	tcase_add_loop_test(tc, test_ref_encoding, 0,
	                    (int)u8o_encodings_3_7_count);
	tcase_add_loop_test(tc, test_ref_like_u8ref_short, 0, 256);
	tcase_add_loop_test(tc, test_ref_encode_like_u8ref, 0, 18);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}
