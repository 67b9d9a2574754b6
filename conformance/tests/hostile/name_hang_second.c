/* SPDX-License-Identifier: MIT */
/*
 * name_hang_second.c - hostile target: u8t_name() hangs the second time
 * it is asked.
 *
 * Once u8conform asked twice and hung.  Expected: it asks once, and the
 * correct decoder behind it passes.
 */
#include "targets.h"

static volatile unsigned long asked;

static void
second_hangs(void)
{
	if (asked++ > 0)
		for (;;)
			asked++;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-name-hang-second",
    .hooks = {.on_name = second_hangs},
};
