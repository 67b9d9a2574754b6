/* SPDX-License-Identifier: MIT */
/*
 * write_1000th_call.c - hostile target: writes to stdout on the 1000th
 * call of the process, and never again.
 *
 * Once this went unseen.  Expected: a FAIL isolation/output naming the
 * input of that call, marked as not recurring in a fresh worker.
 */
#include <stdio.h>

#include "targets.h"

static unsigned long calls;

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	(void)s;
	(void)n;
	if (++calls == 1000)
		printf("call 1000\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-write-1000th-call",
    .hooks = {.on_call = on_call},
};
