/* SPDX-License-Identifier: MIT */
/*
 * stream_size_exit.c - hostile target: u8t_stream_size() calls exit(0),
 * which must not become u8conform's exit status 0.  Expected: exit
 * status 2 and one line naming u8t_stream_size().
 */
#include <stdlib.h>

#include "targets.h"

static size_t
exits(void)
{
	exit(0);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stream-size-exit",
    .hooks = {.stream_size = exits},
};
