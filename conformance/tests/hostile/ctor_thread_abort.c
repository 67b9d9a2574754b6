/* SPDX-License-Identifier: MIT */
/*
 * ctor_thread_abort.c - hostile target: its constructor starts a thread
 * that aborts a while (U8TT_DELAY_MS, default 500 ms) after the loading
 * process first forks, that is once loading is over.
 *
 * Once this killed u8conform itself (exit 134).  Expected: a FAIL
 * isolation/crash attributed to loading, and the whole report.  The
 * constructor returns only once the thread is waiting, and the wait
 * starts at the fork, so the outcome does not depend on the scheduler:
 * a thread still starting at the fork could hold a sanitized build's
 * allocator lock, which then stays held in every copy forked off.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <time.h>

#include "targets.h"

static sem_t waiting, forked;

static void *
later(void *arg)
{
	const char *ms = getenv("U8TT_DELAY_MS");
	long delay = ms != NULL ? atol(ms) : 500;
	struct timespec t = {delay / 1000, delay % 1000 * 1000000};

	(void)arg;
	sem_post(&waiting);
	while (sem_wait(&forked) != 0)
		;
	nanosleep(&t, NULL);
	abort();
}

static void
after_fork(void)
{
	sem_post(&forked);
}

__attribute__((constructor)) static void
start(void)
{
	pthread_t thread;

	sem_init(&waiting, 0, 0);
	sem_init(&forked, 0, 0);
	pthread_atfork(NULL, after_fork, NULL);
	if (pthread_create(&thread, NULL, later, NULL) == 0)
		while (sem_wait(&waiting) != 0)
			;
}

const struct u8tt_target u8tt_target = {.name = "hostile-ctor-thread-abort"};
