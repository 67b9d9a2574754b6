/* SPDX-License-Identifier: MIT */
/*
 * nine_crashes.c - hostile target: u8t_decode crashes on the nine
 * one-byte inputs F5..FD, and only there.
 *
 * Once nine fates ended the run "early".  Expected: the nine crashes
 * counted in each placement (--exhaustive's first shard holds the
 * one-byte inputs against the guard after them and before them: 18),
 * and every function judged on every other input.
 */
#include <string.h>

#include "targets.h"

static int *volatile nowhere;

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	if (strcmp(fn, "decode") == 0 && n == 1 && s[0] >= 0xF5 && s[0] <= 0xFD)
		*nowhere = 1;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-nine-crashes",
    .hooks = {.on_call = on_call},
};
