/* SPDX-License-Identifier: MIT */
/*
 * crash_on_continuation.c - hostile target: crashes when an input
 * begins with a continuation byte.
 *
 * Once the crash was blamed on 00.  Expected: a FAIL isolation/crash
 * naming 80.
 */
#include "targets.h"

static int *volatile nowhere;

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	if (s != NULL && n > 0 && s[0] >= 0x80 && s[0] <= 0xBF)
		*nowhere = 1;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-crash-on-continuation",
    .hooks = {.on_call = on_call},
};
