/* SPDX-License-Identifier: MIT */
/*
 * setown_sigkill.c - hostile target: on the byte C1, makes the fork
 * server (its parent) the owner of a pipe's SIGIO, turns that signal
 * into SIGKILL with F_SETSIG, and writes to the pipe; both fcntl calls
 * also raw, with a bit set above the command's 32.
 *
 * Once this killed the fork server, even as non-root, and u8conform
 * exited 2; with SIGSTOP it hung for good.  Expected: a FAIL
 * isolation/kill naming C1, and the run goes on.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	int p[2];

	(void)fn;
	if (s == NULL || memchr(s, 0xC1, n) == NULL || pipe(p) != 0)
		return;
	fcntl(p[0], F_SETOWN, getppid());
	fcntl(p[0], F_SETSIG, SIGKILL);
	/* again with bits above the int's that the kernel ignores */
	syscall(SYS_fcntl, p[0], (long)F_SETOWN | 1L << 32, (long)getppid());
	syscall(SYS_fcntl, p[0], (long)F_SETSIG | 1L << 32, (long)SIGKILL);
	fcntl(p[0], F_SETFL, O_ASYNC | O_NONBLOCK);
	if (write(p[1], "x", 1) < 0)
		(void)0; /* refused or not, the signal is what counts */
	close(p[0]);
	close(p[1]);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-setown-sigkill",
    .hooks = {.on_call = on_call},
};
