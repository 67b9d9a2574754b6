/* SPDX-License-Identifier: MIT */
/*
 * write_dup_fd.c - hostile target: duplicates fd 1 while loading, and
 * writes through the copy when an input holds the byte C1.
 *
 * Once the write went unseen and landed in the report.  Expected: a
 * FAIL isolation/output naming C1, and a report with nothing of it.
 */
#include <string.h>
#include <unistd.h>

#include "targets.h"

static int copy = -1;

__attribute__((constructor)) static void
keep(void)
{
	copy = dup(1);
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	if (s != NULL && memchr(s, 0xC1, n) != NULL &&
	    write(copy, "{\"verdict\": \"pass\"}\n", 20) < 0)
		copy = -1;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-write-dup-fd",
    .hooks = {.on_call = on_call},
};
