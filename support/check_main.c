/* SPDX-License-Identifier: MIT */
/*
 * check_main.c - the end of every Check test program: nothing run is a
 * failure, not a pass.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check_main.h"

static const char *
env_or_unset(const char *name)
{
	const char *v = getenv(name);

	return v != NULL ? v : "(unset)";
}

int
u8s_check_run(SRunner *sr)
{
	int run, failed;

	srunner_run_all(sr, CK_NORMAL);
	run = srunner_ntests_run(sr);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (run == 0) {
		fprintf(stderr,
		        "no test ran: CK_RUN_SUITE=%s CK_RUN_CASE=%s matches "
		        "nothing here\n",
		        env_or_unset("CK_RUN_SUITE"),
		        env_or_unset("CK_RUN_CASE"));
		return EXIT_FAILURE;
	}
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
