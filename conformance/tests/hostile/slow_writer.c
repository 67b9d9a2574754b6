/* SPDX-License-Identifier: MIT */
/*
 * slow_writer.c - hostile target: on the byte C1, sleeps 100 ms, then
 * writes to stdout.
 *
 * Once the replay that looked for the writer called it a hang.
 * Expected: a FAIL isolation/output naming C1, and no hang.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	struct timespec t = {0, 100000000};

	(void)fn;
	if (s != NULL && memchr(s, 0xC1, n) != NULL) {
		nanosleep(&t, NULL);
		printf("slow\n");
	}
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-slow-writer",
    .hooks = {.on_call = on_call},
};
