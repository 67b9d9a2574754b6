/* SPDX-License-Identifier: MIT */
/*
 * version_exit.c - hostile target: u8t_abi_version() calls exit(0).
 *
 * Expected: exit status 2, one line naming u8t_abi_version().
 */
#include <stdlib.h>

#include "targets.h"

static void
leave(void)
{
	exit(0);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-version-exit",
    .hooks = {.on_version = leave},
};
