/* SPDX-License-Identifier: MIT */
/*
 * check_catalogue.c - the catalogue of checks and the tallies: ids once
 * each and of their group, the smallest counterexamples kept, and the
 * byte map.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "byte_map.h"
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

/* Every check says how its failures depart (a row left without one
 * would read as "not tested"); a per-group check by its group, and a
 * fate's is fatal. */
START_TEST(test_catalogue_departures)
{
	const struct u8c_check *c = u8c_check((enum u8c_check_id)_i);

	ck_assert_int_gt(c->departure, U8C_DEPART_AGREES);
	ck_assert_int_lt(c->departure, U8C_DEPARTURES);
	if (c->group >= 0)
		ck_assert_int_eq(c->departure, c->group < U8REF_TABLE_3_7_ROWS
		                                   ? U8C_DEPART_REJECTS
		                                   : U8C_DEPART_ACCEPTS);
	ck_assert_int_eq(c->departure == U8C_DEPART_FATAL,
	                 u8c_check_is_isolation(_i));
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

	u8c_tallies_clear(&a);
	u8c_tallies_clear(&b);
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

	u8c_tallies_clear(&t);
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

	u8c_tallies_clear(&t);
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

/* check @c fails on @bytes; the example's got is @got. */
static void
map_fail(struct u8c_tallies *t, enum u8c_check_id c, const char *bytes,
         size_t n, const char *got)
{
	struct u8c_item item = {
	    U8C_ITEM_BYTES, (const uint8_t *)bytes, n, 0, {0, 0, 0}};
	struct u8c_failure f = {
	    c, U8C_FAIL, {0, 0}, U8C_PARTING_CHANGED, 0, -1, U8C_DURING_ITEM};
	struct u8c_example *e;

	u8c_map_tested(t->map, &item);
	e = u8c_tally_fail(t, &f, &item, 0, n);
	if (e != NULL)
		snprintf(e->got, sizeof e->got, "%s", got);
}

/* A cell shows the worst departure of the inputs that start with its
 * bytes, with the smallest input of that departure and the texts its
 * caller wrote, whether the tally kept the example or not; merging
 * keeps the worse, then the smaller. */
START_TEST(test_byte_map)
{
	static struct u8c_tallies a, b;
	size_t ed_a0 = u8c_map_cell((const uint8_t *)"\xED\xA0", 2);
	size_t c1 = u8c_map_cell((const uint8_t *)"\xC1", 1);

	u8c_tallies_clear(&a);
	u8c_tallies_clear(&b);
	a.map = u8c_byte_map_new();
	b.map = u8c_byte_map_new();
	ck_assert_ptr_nonnull(a.map);
	ck_assert_ptr_nonnull(b.map);
	ck_assert_uint_eq(ed_a0, 0xED * 257 + 0xA0);
	ck_assert_uint_eq(c1, 0xC1 * 257 + 256);
	map_fail(&a, U8C_DECODE_REPLACEMENT, "\xED\xA0\x41", 3, "policy");
	map_fail(&a, U8C_DECODE_SURROGATE, "\xED\xA0\x80\x41", 4, "long");
	map_fail(&a, U8C_DECODE_SURROGATE, "\xED\xA0\x80", 3, "short");
	/* the tally keeps three: a fourth key is the map's alone */
	map_fail(&a, U8C_DECODE_ROW_00_7F, "\x01", 1, "one");
	map_fail(&a, U8C_DECODE_ROW_00_7F, "\x02", 1, "two");
	map_fail(&a, U8C_DECODE_ROW_00_7F, "\x03", 1, "three");
	map_fail(&a, U8C_DECODE_ROW_00_7F, "\x04\x41", 2, "four");
	u8c_map_settle(a.map);
	ck_assert_int_eq(a.map->departure[ed_a0], U8C_DEPART_ACCEPTS);
	ck_assert_int_eq(a.map->check[ed_a0], U8C_DECODE_SURROGATE);
	ck_assert_str_eq(a.map->ex[ed_a0].got, "short");
	ck_assert_int_eq(a.map->departure[0x04 * 257 + 0x41],
	                 U8C_DEPART_REJECTS);
	ck_assert_str_eq(a.map->ex[0x04 * 257 + 0x41].got, "four");
	ck_assert_int_eq(a.map->departure[c1], U8C_DEPART_NONE);
	map_fail(&b, U8C_ISOLATION_CRASH, "\xED\xA0\xBF", 3, "crash");
	map_fail(&b, U8C_DECODE_OVERLONG_2, "\xC1", 1, "c1");
	u8c_tally_merge(&a, &b);
	ck_assert_int_eq(a.map->departure[ed_a0], U8C_DEPART_FATAL);
	ck_assert_str_eq(a.map->ex[ed_a0].got, "crash");
	ck_assert_int_eq(a.map->departure[c1], U8C_DEPART_ACCEPTS);
	ck_assert_str_eq(a.map->ex[c1].got, "c1");
	u8c_byte_map_free(a.map);
	u8c_byte_map_free(b.map);
}
END_TEST

Suite *
catalogue_suite(void)
{
	Suite *s = suite_create("catalogue");
	TCase *tc = tcase_create("checks");

	tcase_add_loop_test(tc, test_catalogue_ids, 0, U8C_CHECKS);
	tcase_add_loop_test(tc, test_catalogue_departures, 0, U8C_CHECKS);
	tcase_add_loop_test(tc, test_catalogue_fates, 0, U8C_FATES);
	tcase_add_test(tc, test_tally_smallest);
	tcase_add_test(tc, test_tally_purity);
	tcase_add_test(tc, test_tally_loading);
	tcase_add_test(tc, test_byte_map);
	suite_add_tcase(s, tc);
	return s;
}
