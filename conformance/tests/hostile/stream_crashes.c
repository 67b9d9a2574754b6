/* SPDX-License-Identifier: MIT */
/*
 * stream_crashes.c - hostile target: u8t_stream_decode crashes on every
 * chunk that starts with a continuation byte, as a decoder resuming a
 * character with an unchecked pointer might; the other functions are
 * right.
 *
 * Expected: the crash is a finding named by its smallest input, every
 * other function is judged on every input, and the stream goes on to
 * the next chunking after each crash, unless the item's one-chunk run
 * and first cut both crashed (stream-crashes-whole tests that a death
 * of the one-chunk run alone stops nothing).
 */
#include <string.h>

#include "targets.h"

static int *volatile nowhere;

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	if (strcmp(fn, "stream") == 0 && n > 0 && (s[0] & 0xC0) == 0x80)
		*nowhere = 1;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stream-crashes",
    .hooks = {.on_call = on_call},
};
