/* SPDX-License-Identifier: MIT */
/*
 * dtor_prints.c - hostile target: its destructor prints.
 *
 * Expected: a FAIL isolation/output attributed to unloading, and a
 * report with nothing of the target's in it.
 */
#include <stdio.h>

#include "targets.h"

__attribute__((destructor)) static void
say(void)
{
	fprintf(stderr, "verdict  pass\n");
}

const struct u8tt_target u8tt_target = {.name = "hostile-dtor-prints"};
