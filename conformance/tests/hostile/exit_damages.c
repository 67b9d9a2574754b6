/* SPDX-License-Identifier: MIT */
/*
 * exit_damages.c - hostile target: on the byte C1, u8t_decode calls
 * exit(3); its exit handler and its destructor, had they run, would
 * leave it damaged, and every later call would crash.
 *
 * The worker ends an exit() in a call before the target's exit handlers
 * and destructors run, so the worker it goes on in is as whole as after
 * a crash.  Expected: a FAIL isolation/exit naming C1 (twice: the input
 * is placed against a guard page on each side), and no isolation/crash
 * (the later calls of the same item are not charged).
 */
#include <stdlib.h>
#include <string.h>

#include "targets.h"

static volatile int damaged;
static int *volatile nowhere;

static void
damage(void)
{
	damaged = 1;
}

__attribute__((constructor)) static void
hook(void)
{
	atexit(damage);
}

__attribute__((destructor)) static void
unhook(void)
{
	damaged = 1;
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	if (damaged)
		*nowhere = 1;
	if (strcmp(fn, "decode") == 0 && s != NULL && memchr(s, 0xC1, n))
		exit(3);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-exit-damages",
    .hooks = {.on_call = on_call},
};
