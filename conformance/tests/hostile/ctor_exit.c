/* SPDX-License-Identifier: MIT */
/*
 * ctor_exit.c - hostile target: its constructor calls exit(0).
 *
 * Once this gave exit status 0 and no report at all.  Expected: exit
 * status 2 and one line saying loading called exit(0).
 */
#include <stdlib.h>

#include "targets.h"

__attribute__((constructor)) static void
leave(void)
{
	exit(0);
}

const struct u8tt_target u8tt_target = {.name = "hostile-ctor-exit"};
