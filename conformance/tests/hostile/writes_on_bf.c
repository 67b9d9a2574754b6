/* SPDX-License-Identifier: MIT */
/*
 * writes_on_bf.c - hostile target: writes to stdout only when an input
 * holds the byte BF.
 *
 * Once the write was blamed on 7F, which does not reproduce.  Expected:
 * a FAIL isolation/output naming BF.
 */
#include <stdio.h>
#include <string.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	if (s != NULL && memchr(s, 0xBF, n) != NULL)
		printf("saw BF\n");
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-writes-on-bf",
    .hooks = {.on_call = on_call},
};
