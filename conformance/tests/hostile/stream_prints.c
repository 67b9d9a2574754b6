/* SPDX-License-Identifier: MIT */
/*
 * stream_prints.c - hostile target: u8t_stream_decode writes a line to
 * stdout when it is given an empty chunk.  Expected: isolation/output
 * named by the input, and nothing of it in the report.
 */
#include <string.h>
#include <unistd.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)s;
	if (strcmp(fn, "stream") == 0 && n == 0 &&
	    write(1, "verdict  pass\n", 14) < 0)
		return;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stream-prints",
    .hooks = {.on_call = on_call},
};
