/* SPDX-License-Identifier: MIT */
/*
 * main.c - check_conformance: the unit tests of the judge, the
 * catalogue, the report's safe text, the stream, the worker's life and
 * the switch to a call's own stack.
 *
 * CK_RUN_SUITE=<name> runs one suite; CK_FORK=no runs in-process, for a
 * debugger.
 */
#include "check_main.h"
#include "suites.h"

int
main(void)
{
	SRunner *sr = srunner_create(judge_suite());

	srunner_add_suite(sr, catalogue_suite());
	srunner_add_suite(sr, safe_text_suite());
	srunner_add_suite(sr, stream_suite());
	srunner_add_suite(sr, life_suite());
	srunner_add_suite(sr, call_stack_suite());
	return u8s_check_run(sr);
}
