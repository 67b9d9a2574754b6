/* SPDX-License-Identifier: MIT */
/*
 * setsid_daemon.c - hostile target: on the byte C1, starts a daemon
 * (fork, setsid, fork) that sleeps for 1000 s.
 *
 * Once the daemon outlived u8conform.  Expected: a FAIL isolation/spawn
 * naming C1, and no daemon when u8conform has exited.
 */
#include <string.h>
#include <unistd.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	if (s == NULL || memchr(s, 0xC1, n) == NULL)
		return;
	if (fork() == 0) {
		setsid();
		if (fork() == 0)
			sleep(1000);
		_exit(0);
	}
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-setsid-daemon",
    .hooks = {.on_call = on_call},
};
