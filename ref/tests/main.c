/* SPDX-License-Identifier: MIT */
/*
 * main.c - check_ref: every suite of the reference decoder.
 *
 * CK_RUN_SUITE=<name> runs one suite (CTest runs each as its own test);
 * CK_FORK=no runs in-process, for a debugger.
 */
#include "check_main.h"
#include "suites.h"

int
main(void)
{
	SRunner *sr = srunner_create(table_suite());

	srunner_add_suite(sr, decode_suite());
	srunner_add_suite(sr, seeds_suite());
	srunner_add_suite(sr, roundtrip_suite());
	srunner_add_suite(sr, stream_suite());
	srunner_add_suite(sr, profiles_suite());
	srunner_add_suite(sr, abnf_suite());
	srunner_add_suite(sr, exhaustive_suite());
	srunner_add_suite(sr, fast_suite());
	srunner_add_suite(sr, fast_exhaustive_suite());
	return u8s_check_run(sr);
}
