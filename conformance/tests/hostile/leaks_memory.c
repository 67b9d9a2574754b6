/* SPDX-License-Identifier: MIT */
/*
 * leaks_memory.c - hostile target: on the byte C1, each call takes
 * 24 MiB, fills it and never gives it back.
 *
 * Once nothing limited a worker's memory, and a decoder that leaked
 * 512 MiB a call passed.  Expected (with --memory 64): a FAIL
 * isolation/memory naming C1, and the run goes on.
 */
#include <stdlib.h>
#include <string.h>

#include "targets.h"

enum { LEAK = 24 << 20 };

/* every block taken, chained: reachable, so no compiler drops the fill */
void *u8tt_leaked;

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	void **block;

	(void)fn;
	if (s == NULL || memchr(s, 0xC1, n) == NULL ||
	    (block = malloc(LEAK)) == NULL)
		return;
	memset(block, 0x5A, LEAK);
	*block = u8tt_leaked;
	u8tt_leaked = block;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-leaks-memory",
    .hooks = {.on_call = on_call},
};
