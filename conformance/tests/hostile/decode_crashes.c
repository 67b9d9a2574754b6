/* SPDX-License-Identifier: MIT */
/*
 * decode_crashes.c - hostile target: u8t_decode crashes on every input
 * that is not ASCII, as a decoder with an unchecked read might; the
 * other functions are right.
 *
 * Once u8t_validate and u8t_encode were judged on 17 inputs before the
 * run stopped.  Expected: they are judged on every input.
 */
#include <string.h>

#include "targets.h"

static int *volatile nowhere;

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	if (strcmp(fn, "decode") != 0)
		return;
	for (size_t i = 0; i < n; i++)
		if (s[i] >= 0x80)
			*nowhere = 1;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-decode-crashes",
    .hooks = {.on_call = on_call},
};
