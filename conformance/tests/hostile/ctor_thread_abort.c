/* SPDX-License-Identifier: MIT */
/*
 * ctor_thread_abort.c - hostile target: its constructor starts a thread
 * that aborts a while later (U8TT_DELAY_MS, default 500 ms).
 *
 * Once this killed u8conform itself (exit 134).  Expected: a FAIL
 * isolation/crash attributed to loading, and the whole report.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "targets.h"

static void *
later(void *arg)
{
	const char *ms = getenv("U8TT_DELAY_MS");
	long delay = ms != NULL ? atol(ms) : 500;
	struct timespec t = {delay / 1000, delay % 1000 * 1000000};

	(void)arg;
	nanosleep(&t, NULL);
	abort();
}

__attribute__((constructor)) static void
start(void)
{
	pthread_t thread;

	pthread_create(&thread, NULL, later, NULL);
}

const struct u8tt_target u8tt_target = {.name = "hostile-ctor-thread-abort"};
