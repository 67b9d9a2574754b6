/* SPDX-License-Identifier: MIT */
/*
 * fork_handler_hangs.c - hostile target: its constructor registers a
 * fork handler that, in the copies of a copy of the loading process
 * (u8conform's workers), never returns.
 *
 * Once every worker stood still before its first call, outside any
 * call's timeout, and u8conform waited forever; then it gave up after
 * three, with exit 2.  Expected: no fork handler runs in a worker (the
 * fork server forks with _Fork()), and the run passes.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <unistd.h>

#include "targets.h"

static int generation;

static void
in_child(void)
{
	if (++generation >= 2)
		for (;;)
			pause();
}

__attribute__((constructor)) static void
start(void)
{
	pthread_atfork(NULL, NULL, in_child);
}

const struct u8tt_target u8tt_target = {.name = "hostile-fork-handler-hangs"};
