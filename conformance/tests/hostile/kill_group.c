/* SPDX-License-Identifier: MIT */
/*
 * kill_group.c - hostile target: kill(0, SIGTERM), its whole process
 * group, on the byte C1.
 *
 * Expected: a FAIL isolation/kill naming C1, and u8conform unharmed.
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <string.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	if (s != NULL && memchr(s, 0xC1, n) != NULL)
		kill(0, SIGTERM);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-kill-group",
    .hooks = {.on_call = on_call},
};
