/* SPDX-License-Identifier: MIT */
/*
 * dtor_hang.c - hostile target: its destructor loops for ever.
 *
 * Expected: a FAIL isolation/hang attributed to unloading, after the
 * timeout.
 */
#include "targets.h"

static volatile unsigned long spins;

__attribute__((destructor)) static void
spin(void)
{
	for (;;)
		spins++;
}

const struct u8tt_target u8tt_target = {.name = "hostile-dtor-hang"};
