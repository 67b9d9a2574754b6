/* SPDX-License-Identifier: MIT */
/*
 * check_main.h - how every Check test program of the tree ends.
 *
 * CK_RUN_SUITE and CK_RUN_CASE pick what a program runs, and Check runs
 * nothing, and says it passed, when they match no name.  A test that ran
 * nothing proved nothing: here it fails.
 */
#ifndef U8S_CHECK_MAIN_H
#define U8S_CHECK_MAIN_H

#include <check.h>

/*
 * u8s_check_run - runs every suite of @sr (CK_NORMAL, so Check prints its
 * closing "Checks: N, Failures: ..." line), frees it, and returns the
 * exit status: EXIT_SUCCESS only when at least one test ran and none
 * failed.  When none ran, one line on stderr names the selection.
 */
int u8s_check_run(SRunner *sr);

#endif /* U8S_CHECK_MAIN_H */
