/* SPDX-License-Identifier: MIT */
/*
 * main.c - check_conformance: the unit tests of the judge, the
 * catalogue and the report's safe text.
 *
 * CK_RUN_SUITE=<name> runs one suite; CK_FORK=no runs in-process, for a
 * debugger.
 */
#include <stdlib.h>

#include "suites.h"

int
main(void)
{
	SRunner *sr = srunner_create(judge_suite());
	int failed;

	srunner_add_suite(sr, catalogue_suite());
	srunner_add_suite(sr, safe_text_suite());
	srunner_add_suite(sr, stream_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
