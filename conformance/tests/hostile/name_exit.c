/* SPDX-License-Identifier: MIT */
/*
 * name_exit.c - hostile target: u8t_name() calls exit(0).
 *
 * Expected: exit status 2, one line naming u8t_name().
 */
#include <stdlib.h>

#include "targets.h"

static void
leave(void)
{
	exit(0);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-name-exit",
    .hooks = {.on_name = leave},
};
