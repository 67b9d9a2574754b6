/* SPDX-License-Identifier: MIT */
/*
 * dtor_crash.c - hostile target: its destructor writes through NULL.
 *
 * Expected: a FAIL isolation/crash attributed to unloading.
 */
#include "targets.h"

static int *volatile nowhere;

__attribute__((destructor)) static void
crash(void)
{
	*nowhere = 1;
}

const struct u8tt_target u8tt_target = {.name = "hostile-dtor-crash"};
