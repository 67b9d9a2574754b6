/* SPDX-License-Identifier: MIT */
/*
 * stream_hangs.c - hostile target: u8t_stream_decode never returns from
 * a chunk holding F4.  Expected: isolation/hang named by the input, and
 * the run complete.
 */
#include <string.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	if (strcmp(fn, "stream") == 0 && memchr(s, 0xF4, n) != NULL)
		for (;;)
			;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stream-hangs",
    .hooks = {.on_call = on_call},
};
