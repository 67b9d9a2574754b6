/* SPDX-License-Identifier: MIT */
/*
 * check_catalogue.c - the catalogue of checks and the tallies: ids once
 * each and of their group, the smallest counterexamples kept.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "checks.h"
#include "suites.h"
#include "tally.h"

/* Every id names its check alone, and a per-group check's id is its
 * function's name and its group's id. */
START_TEST(test_catalogue_ids)
{
	const struct u8c_check *c = u8c_check((enum u8c_check_id)_i);
	char want[64];

	ck_assert_int_eq(u8c_check_by_id(c->id), _i);
	ck_assert_ptr_nonnull(c->title);
	if (c->group < 0)
		return;
	snprintf(want, sizeof want, "%s/%s", u8c_fn_names[c->fn],
	         u8c_group_id((enum u8c_group)c->group));
	ck_assert_str_eq(c->id, want);
	ck_assert_int_eq(u8c_check_of_group(c->fn, (enum u8c_group)c->group),
	                 _i);
}
END_TEST

/* The fates' checks are isolation/ ones, in fate order. */
START_TEST(test_catalogue_fates)
{
	const struct u8c_check *c =
	    u8c_check(u8c_check_of_fate((enum u8c_fate)_i));

	ck_assert_int_eq(strncmp(c->id, "isolation/", 10), 0);
	ck_assert_int_eq(c->fn, U8C_FN_ANY);
}
END_TEST

static void
fail_on(struct u8c_tallies *t, const char *hex_bytes, size_t n, size_t index)
{
	struct u8c_item item = {U8C_ITEM_BYTES, (const uint8_t *)hex_bytes, n,
	                        0};
	struct u8c_example *e =
	    u8c_tally_fail(t, U8C_DECODE_ROW_00_7F, U8C_FAIL, &item, 0, index);

	if (e != NULL)
		snprintf(e->got, sizeof e->got, "%zu", index);
}

/* The three smallest inputs are kept, shortest then lowest, each once;
 * merging keeps the three smallest of both. */
START_TEST(test_tally_smallest)
{
	static struct u8c_tallies a, b;
	const struct u8c_tally *y = &a.t[U8C_DECODE_ROW_00_7F];

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	fail_on(&a, "\x41\x42", 2, 1);
	fail_on(&a, "\x43", 1, 2);
	fail_on(&a, "\x43", 1, 3); /* the same input again */
	fail_on(&a, "\x44\x00\x01", 3, 4);
	fail_on(&a, "\x41\x41", 2, 5);
	ck_assert_uint_eq(y->failed, 5);
	ck_assert_int_eq(y->nexamples, 3);
	ck_assert_str_eq(y->ex[0].got, "2");
	ck_assert_str_eq(y->ex[1].got, "5");
	ck_assert_str_eq(y->ex[2].got, "1");
	fail_on(&b, "\x00", 1, 9);
	u8c_tally_merge(&b, &a);
	y = &b.t[U8C_DECODE_ROW_00_7F];
	ck_assert_uint_eq(y->failed, 6);
	ck_assert_str_eq(y->ex[0].got, "9");
	ck_assert_str_eq(y->ex[1].got, "2");
	ck_assert_str_eq(y->ex[2].got, "5");
}
END_TEST

/* A fate while loading counts once, after every fate on an item. */
START_TEST(test_tally_loading)
{
	static struct u8c_tallies t;
	struct u8c_item item = {U8C_ITEM_BYTES, (const uint8_t *)"\xFF", 1, 0};
	const struct u8c_tally *y = &t.t[U8C_ISOLATION_OUTPUT];

	memset(&t, 0, sizeof t);
	u8c_tally_fate(&t, U8C_FATE_OUTPUT, U8C_FN_ANY, U8C_DURING_LOADING, 0,
	               NULL, 0, 0);
	u8c_tally_fate(&t, U8C_FATE_OUTPUT, U8C_FN_DECODE, U8C_DURING_ITEM, 0,
	               &item, 0, 3);
	ck_assert_uint_eq(y->failed, 2);
	ck_assert_uint_eq(y->tested, 1);
	ck_assert_int_eq(y->ex[0].during, U8C_DURING_ITEM);
	ck_assert_int_eq(y->ex[1].during, U8C_DURING_LOADING);
	ck_assert_str_eq(y->ex[0].got, "writes to stdout or stderr");
}
END_TEST

Suite *
catalogue_suite(void)
{
	Suite *s = suite_create("catalogue");
	TCase *tc = tcase_create("checks");

	tcase_add_loop_test(tc, test_catalogue_ids, 0, U8C_CHECKS);
	tcase_add_loop_test(tc, test_catalogue_fates, 0, U8C_FATES);
	tcase_add_test(tc, test_tally_smallest);
	tcase_add_test(tc, test_tally_loading);
	suite_add_tcase(s, tc);
	return s;
}
