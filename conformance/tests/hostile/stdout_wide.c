/* SPDX-License-Identifier: MIT */
/*
 * stdout_wide.c - hostile target: wprintf on the byte C1, into a stdout
 * it made wide and fully buffered, and never flushed.
 *
 * A wide stream keeps what it was given in a buffer of its own, not in
 * the byte buffer the worker reads after each call (worker.c's
 * holds_output).  Expected: a FAIL isolation/output naming C1.
 */
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	static char buf[4096];
	static int wide;

	(void)fn;
	if (!wide)
		wide = setvbuf(stdout, buf, _IOFBF, sizeof buf) == 0 &&
		       fwide(stdout, 1) > 0;
	if (s != NULL && memchr(s, 0xC1, n) != NULL)
		wprintf(L"saw C1\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-stdout-wide",
    .hooks = {.on_call = on_call},
};
