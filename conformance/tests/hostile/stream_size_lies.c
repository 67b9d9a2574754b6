/* SPDX-License-Identifier: MIT */
/*
 * stream_size_lies.c - hostile target: u8t_stream_size() says it needs
 * no state at all.  Expected: abi/stream-size while loading, the stream
 * never called (its checks not judged), the rest judged as usual.
 */
#include "targets.h"

static size_t
no_state(void)
{
	return 0;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stream-size-lies",
    .hooks = {.stream_size = no_state},
};
