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
fail_on(struct u8c_tallies *t, const char *bytes, size_t n, size_t index)
{
	struct u8c_item item = {
	    U8C_ITEM_BYTES, (const uint8_t *)bytes, n, 0, {0, 0, 0}};
	struct u8c_failure f = {U8C_DECODE_ROW_00_7F, U8C_FAIL, {0, 0},
	                        U8C_PARTING_CHANGED,  0,        -1,
	                        U8C_DURING_ITEM};
	struct u8c_example *e = u8c_tally_fail(t, &f, &item, 0, index);

	if (e != NULL)
		snprintf(e->got, sizeof e->got, "%zu", index);
}

/* Per key (the class of the byte where answers part, and how) the
 * smallest input is kept, shortest then lowest, and at most three keys;
 * merging keeps the three smallest of both. */
START_TEST(test_tally_smallest)
{
	static struct u8c_tallies a, b;
	const struct u8c_tally *y = &a.t[U8C_DECODE_ROW_00_7F];

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	fail_on(&a, "\x41\x42", 2, 1);
	fail_on(&a, "\x43", 1, 2); /* the same key, smaller: replaces 1 */
	fail_on(&a, "\x43", 1, 3); /* the same input again */
	fail_on(&a, "\xC2\x00\x01", 3, 4);
	fail_on(&a, "\x80\x41", 2, 5);
	fail_on(&a, "\xE1\x41\x41\x41", 4, 6); /* a fourth key, largest */
	ck_assert_uint_eq(y->failed, 6);
	ck_assert_int_eq(y->nexamples, 3);
	ck_assert_str_eq(y->ex[0].got, "2");
	ck_assert_str_eq(y->ex[1].got, "5");
	ck_assert_str_eq(y->ex[2].got, "4");
	fail_on(&b, "\x00", 1, 9);
	u8c_tally_merge(&b, &a);
	y = &b.t[U8C_DECODE_ROW_00_7F];
	ck_assert_uint_eq(y->failed, 7);
	ck_assert_str_eq(y->ex[0].got, "9");
	ck_assert_str_eq(y->ex[1].got, "5");
	ck_assert_str_eq(y->ex[2].got, "4");
}
END_TEST

/* An input of the check's group alone comes before a shorter one that
 * holds other groups too. */
START_TEST(test_tally_purity)
{
	static struct u8c_tallies t;
	struct u8c_item mixed = {
	    U8C_ITEM_BYTES, (const uint8_t *)"\x00\xED", 2, 0, {0, 0, 0}};
	struct u8c_item pure = {
	    U8C_ITEM_BYTES, (const uint8_t *)"\xED\xA0\x80", 3, 0, {0, 0, 0}};
	struct u8c_failure f = {U8C_VALIDATE_SURROGATE, U8C_FAIL, {0, 0},
	                        U8C_PARTING_CHANGED,    1,        -1,
	                        U8C_DURING_ITEM};
	struct u8c_example *e;

	memset(&t, 0, sizeof t);
	u8c_tally_fail(&t, &f, &mixed, 0, 1);
	f.purity = 0;
	e = u8c_tally_fail(&t, &f, &pure, 0, 2);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(t.t[U8C_VALIDATE_SURROGATE].ex[0].index, 2);
}
END_TEST

/* A fate while loading counts once, after every fate on an item. */
START_TEST(test_tally_loading)
{
	static struct u8c_tallies t;
	struct u8c_item item = {
	    U8C_ITEM_BYTES, (const uint8_t *)"\xFF", 1, 0, {0, 0, 0}};
	const struct u8c_tally *y = &t.t[U8C_ISOLATION_OUTPUT];

	memset(&t, 0, sizeof t);
	u8c_tally_fate(&t, NULL, U8C_FATE_OUTPUT, U8C_FN_ANY,
	               U8C_DURING_LOADING, 0, NULL, NULL, 0, 0);
	u8c_tally_fate(&t, NULL, U8C_FATE_OUTPUT, U8C_FN_DECODE,
	               U8C_DURING_ITEM, 0, NULL, &item, 0, 3);
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
	tcase_add_test(tc, test_tally_purity);
	tcase_add_test(tc, test_tally_loading);
	suite_add_tcase(s, tc);
	return s;
}
