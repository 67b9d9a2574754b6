/* SPDX-License-Identifier: MIT */
/*
 * fork_first_call.c - hostile target: fork()s on its first call, and
 * both processes go on.
 *
 * Once the child went on judging too, inflating the counts, and the
 * target passed.  Expected: a FAIL isolation/spawn naming the first
 * input judged, and the counts of a target that does not fork.
 */
#include <unistd.h>

#include "targets.h"

static int forked;

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	(void)s;
	(void)n;
	if (!forked++)
		fork();
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-fork-first-call",
    .hooks = {.on_call = on_call},
};
