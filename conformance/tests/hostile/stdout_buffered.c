/* SPDX-License-Identifier: MIT */
/*
 * stdout_buffered.c - hostile target: printf on the byte C1, into a
 * stdout it made fully buffered (setvbuf, _IOFBF: what glibc does by
 * itself on a pipe), and never flushed.
 *
 * Once no write ever happened, so the output went unseen and the target
 * passed.  Expected: a FAIL isolation/output naming C1.
 */
#include <stdio.h>
#include <string.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	static char buf[4096];
	static int buffered;

	if (!buffered)
		buffered = setvbuf(stdout, buf, _IOFBF, sizeof buf) == 0;
	if (s != NULL && memchr(s, 0xC1, n) != NULL)
		printf("%s saw C1\n", fn);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stdout-buffered",
    .hooks = {.on_call = on_call},
};
