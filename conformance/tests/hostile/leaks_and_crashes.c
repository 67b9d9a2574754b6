/* SPDX-License-Identifier: MIT */
/*
 * leaks_and_crashes.c - hostile target: u8t_decode takes 96 KiB, fills
 * it and crashes, on every input, so nothing is ever given back.
 *
 * A worker goes on after a call dies.  Every so many recoveries
 * (worker.c's RECOVERIES_LOOK, 16,384) it looks at how much it grew,
 * and leaves for a fresh process, with what the dead calls left, once
 * that is more than a sixteenth of --memory.  Expected: a FAIL
 * isolation/crash, and no isolation/memory under the default --memory:
 * 16,384 of these are 1.5 GiB, and the more than 21,845 of the test's
 * run would be 2 GiB in a worker that stayed.
 */
#include <stdlib.h>
#include <string.h>

#include "targets.h"

enum { LEAK = 96 << 10 };

static int *volatile nowhere;
/* every block taken, chained: reachable, so no compiler drops the fill */
void *u8tt_leaked;

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	void **block;

	(void)s;
	(void)n;
	if (strcmp(fn, "decode") != 0 || (block = malloc(LEAK)) == NULL)
		return;
	memset(block, 0x5A, LEAK);
	*block = u8tt_leaked;
	u8tt_leaked = block;
	*nowhere = 1;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-leaks-and-crashes",
    .hooks = {.on_call = on_call},
};
