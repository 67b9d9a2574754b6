/* SPDX-License-Identifier: MIT */
/*
 * fork_handler_crashes.c - hostile target: its constructor registers a
 * fork handler that aborts in the copies of a copy of the loading
 * process (u8conform's workers), from the second such copy on
 * (U8TT_FIRST_CRASH; 1: every one).
 *
 * Once u8conform started a new worker for each that died, forever; then
 * it stopped after three, with exit 2.  Expected: no fork handler runs in
 * a worker (the fork server forks with _Fork()), and the run passes.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>

#include "targets.h"

static int generation, copies;

/* Before each fork: the child is the copies-th of its parent. */
static void
before(void)
{
	copies++;
}

static void
in_child(void)
{
	const char *first = getenv("U8TT_FIRST_CRASH");

	if (++generation == 1)
		copies = 0; /* the fork server counts its own */
	else if (generation == 2 && copies >= (first ? atoi(first) : 1))
		abort();
}

__attribute__((constructor)) static void
start(void)
{
	pthread_atfork(before, NULL, in_child);
}

const struct u8tt_target u8tt_target = {.name = "hostile-fork-handler-crashes"};
