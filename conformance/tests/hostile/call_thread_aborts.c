/* SPDX-License-Identifier: MIT */
/*
 * call_thread_aborts.c - hostile target: u8t_decode on the byte C1
 * starts a thread that aborts at once, killing the worker in the call
 * or just after it, in u8conform's own code.
 *
 * Once a worker that died outside a call was replaced by one that went
 * on with the same item, which died the same way, forever.  Expected:
 * a FAIL isolation/crash naming C1, and a run that ends.  The call
 * returns once the thread runs and a moment has passed, so the abort
 * lands while the item is in hand, not after the run: a busy machine
 * could otherwise keep the new thread waiting until the run was over.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "targets.h"

static sem_t running;

static void *
die(void *arg)
{
	(void)arg;
	sem_post(&running);
	abort();
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	struct timespec moment = {0, 50000000};
	pthread_t thread;

	if (strcmp(fn, "decode") != 0 || s == NULL || !memchr(s, 0xC1, n) ||
	    sem_init(&running, 0, 0) != 0 ||
	    pthread_create(&thread, NULL, die, NULL) != 0)
		return;
	while (sem_wait(&running) != 0)
		;
	nanosleep(&moment, NULL);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-call-thread-aborts",
    .hooks = {.on_call = on_call},
};
