/* SPDX-License-Identifier: MIT */
/*
 * ctor_prints.c - hostile target: its constructor prints a line that
 * looks like JSON.
 *
 * Once the line landed inside the JSON report.  Expected: a FAIL
 * isolation/output attributed to loading, and a valid report.
 */
#include <stdio.h>

#include "targets.h"

__attribute__((constructor)) static void
say(void)
{
	printf("{\"verdict\": \"pass\"}\n");
}

const struct u8tt_target u8tt_target = {.name = "hostile-ctor-prints"};
