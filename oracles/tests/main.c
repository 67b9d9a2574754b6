/* SPDX-License-Identifier: MIT */
/*
 * main.c - check_oracles: every suite of the oracles.
 *
 * CK_RUN_SUITE=<name> runs one suite (CTest runs each as its own test);
 * CK_FORK=no runs in-process, for a debugger.  A suite whose oracle was
 * not built is empty.
 */
#include "check_main.h"
#include "suites.h"

int
main(void)
{
	SRunner *sr = srunner_create(abi_suite());

	srunner_add_suite(sr, ref_suite());
	srunner_add_suite(sr, icu_suite());
	srunner_add_suite(sr, glibc_mbrtowc_suite());
	srunner_add_suite(sr, glibc_iconv_suite());
	srunner_add_suite(sr, glib_suite());
	srunner_add_suite(sr, unistring_suite());
	srunner_add_suite(sr, utf8proc_suite());
	srunner_add_suite(sr, bounds_suite());
	srunner_add_suite(sr, stream_suite());
	srunner_add_suite(sr, stream_prompt_suite());
	srunner_add_suite(sr, stream_state_suite());
	srunner_add_suite(sr, stream_fence_suite());
	return u8s_check_run(sr);
}
