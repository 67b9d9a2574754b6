/* SPDX-License-Identifier: MIT */
/*
 * runtime_thread.c - a correct decoder with a runtime, as a Go, Java or
 * .NET library has: its constructor starts a thread, and calls need it.
 * The first call of a process and every 256th after it wait for that
 * thread to answer (a collection, say).
 *
 * A second thread ticks in the library's code every millisecond, as
 * Go's monitor does.  The destructor asks it to stop and does not wait
 * for it to end: its last round is a moment's work.
 *
 * A worker forked from a process that loaded it has no such thread, so
 * that call waits for ever: once a false FAIL isolation/hang.  And a
 * process that dlcloses it while the ticker runs crashes in the unmapped
 * code: once a false FAIL isolation/crash at unloading, where the fork
 * server had loaded it.  Expected: a pass, the target loaded in each
 * worker (loading left threads running); with --load once, the hang it
 * would cause.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

#include "targets.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t asked = PTHREAD_COND_INITIALIZER,
                      answered = PTHREAD_COND_INITIALIZER;
static unsigned long questions, answers;

static void *
runtime(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&lock);
	for (;;) {
		while (answers == questions)
			pthread_cond_wait(&asked, &lock);
		answers = questions;
		pthread_cond_broadcast(&answered);
	}
	return NULL;
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	static unsigned calls;

	(void)fn, (void)s, (void)n;
	if (calls++ % 256 != 0)
		return;
	pthread_mutex_lock(&lock);
	questions++;
	pthread_cond_signal(&asked);
	while (answers != questions)
		pthread_cond_wait(&answered, &lock);
	pthread_mutex_unlock(&lock);
}

static _Atomic pid_t ticking_in; /* the process the ticker runs in */
static atomic_int stopping, last_round;

static void
tick(void)
{
	const struct timespec millisecond = {0, 1000000};

	nanosleep(&millisecond, NULL);
}

static void *
ticker(void *arg)
{
	(void)arg;
	ticking_in = getpid();
	while (!stopping)
		tick();
	last_round = 1;
	for (volatile unsigned long k = 0; k < 100000000; k++)
		continue;
	return NULL;
}

__attribute__((constructor)) static void
start(void)
{
	pthread_t thread;

	pthread_create(&thread, NULL, runtime, NULL);
	pthread_create(&thread, NULL, ticker, NULL);
	while (ticking_in != getpid())
		tick();
}

/* A copy forked from a process with the ticker has none to ask. */
__attribute__((destructor)) static void
stop(void)
{
	if (ticking_in != getpid())
		return;
	stopping = 1;
	while (!last_round)
		tick();
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-runtime-thread",
    .hooks = {.on_call = on_call},
};
