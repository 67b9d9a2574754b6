/* SPDX-License-Identifier: MIT */
/*
 * stream_crashes_whole.c - hostile target: u8t_stream_decode crashes on
 * a chunk that starts with a lead byte and holds more than it, as the
 * one chunk of C2 80 does, and loses a character a cut splits (C2 | 80).
 *
 * Expected: the crash on C2 80, and stream/row-C2-DF failed too.  Its
 * item's one-chunk run died but its first cut did not, so the stream is
 * made on every chunking of it, the one that shows the loss included.
 */
#include <string.h>

#include "targets.h"

static int *volatile nowhere;

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	if (strcmp(fn, "stream") == 0 && n >= 2 && s[0] >= 0xC2 && s[0] <= 0xF4)
		*nowhere = 1;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stream-crashes-whole",
    .defects = {.stream_drops_split = 1},
    .hooks = {.on_call = on_call},
};
