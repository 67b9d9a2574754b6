/* SPDX-License-Identifier: MIT */
/*
 * check_guard.c - a Check program of one passing test, for the test of
 * the runner's guard: with CK_RUN_SUITE naming its suite it passes; with
 * a misspelt name Check would run nothing and pass, and u8s_check_run
 * fails instead.
 */
#include "check_main.h"

START_TEST(test_guard_runs)
{
	ck_assert_int_eq(1 + 1, 2);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("guard");
	TCase *tc = tcase_create("guard");

	tcase_add_test(tc, test_guard_runs);
	suite_add_tcase(s, tc);
	return u8s_check_run(srunner_create(s));
}
