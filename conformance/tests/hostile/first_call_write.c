/* SPDX-License-Identifier: MIT */
/*
 * first_call_write.c - hostile target: a lazy initialisation that logs a
 * line on the first call of the process.
 *
 * Once a replay could not find the write (the first call was over).
 * Expected: a FAIL isolation/output naming the first input judged.
 */
#include <stdio.h>

#include "targets.h"

static int ready;

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	(void)s;
	(void)n;
	if (!ready++)
		printf("initialised\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-first-call-write",
    .hooks = {.on_call = on_call},
};
