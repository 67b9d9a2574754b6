/* SPDX-License-Identifier: MIT */
/*
 * call_blocks.c - hostile target: on the byte C1, a call waits for ever
 * and uses no CPU (pause()).
 *
 * Only the blocked limit (ten times --timeout) can stop it, and the
 * finding must say so, not that it used its CPU time.  Expected (with
 * --timeout 100): a FAIL isolation/hang naming C1, "blocked for ten
 * times the timeout", and the run goes on.
 */
#include <string.h>
#include <unistd.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	if (s != NULL && memchr(s, 0xC1, n) != NULL)
		pause();
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-call-blocks",
    .hooks = {.on_call = on_call},
};
