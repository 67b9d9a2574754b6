/* SPDX-License-Identifier: MIT */
/*
 * reach_memory.c - hostile target: on the byte C1, tries the routes into
 * another process's memory and around the seccomp filter: ptrace on its
 * parent, process_vm_writev into it, pidfd_getfd on it, and an io_uring
 * (whose writes no filter sees).
 *
 * Once none of them was refused.  Expected: a FAIL isolation/reach
 * naming C1, and the run goes on.
 */
#define _GNU_SOURCE
#include <linux/io_uring.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "targets.h"

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	static char word[8];
	struct iovec here = {word, sizeof word}, there = {word, sizeof word};
	struct io_uring_params params;
	long fd;

	(void)fn;
	if (s == NULL || memchr(s, 0xC1, n) == NULL)
		return;
	ptrace(PTRACE_ATTACH, getppid(), NULL, NULL);
	process_vm_writev(getppid(), &here, 1, &there, 1, 0);
	fd = syscall(SYS_pidfd_open, getppid(), 0);
	if (fd >= 0)
		syscall(SYS_pidfd_getfd, fd, 1, 0);
	memset(&params, 0, sizeof params);
	fd = syscall(SYS_io_uring_setup, 4, &params);
	if (fd >= 0)
		close((int)fd);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-reach-memory",
    .hooks = {.on_call = on_call},
};
