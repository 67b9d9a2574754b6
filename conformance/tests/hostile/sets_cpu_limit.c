/* SPDX-License-Identifier: MIT */
/*
 * sets_cpu_limit.c - hostile target: on the byte C1, lowers its own
 * RLIMIT_CPU to one second.
 *
 * Once the worker, already past that second, got SIGXCPU at once, and
 * the crash was blamed on whatever input came next.  Expected: the
 * limit refused, a FAIL isolation/reach naming C1, and the run goes on
 * with no crash.
 */
#include <string.h>
#include <sys/resource.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	struct rlimit one = {1, 1};

	(void)fn;
	if (s != NULL && memchr(s, 0xC1, n) != NULL)
		setrlimit(RLIMIT_CPU, &one);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-sets-cpu-limit",
    .hooks = {.on_call = on_call},
};
