/* SPDX-License-Identifier: MIT */
/*
 * runtime_thread.c - a correct decoder with a runtime, as a Go, Java or
 * .NET library has: its constructor starts a thread, and calls need it.
 * The first call of a process and every 256th after it wait for that
 * thread to answer (a collection, say).
 *
 * A worker forked from a process that loaded it has no such thread, so
 * that call waits for ever: once a false FAIL isolation/hang.  Expected:
 * a pass, the target loaded in each worker (loading left a thread
 * running); with --load once, the hang it would cause.
 */
#include <pthread.h>

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

__attribute__((constructor)) static void
start(void)
{
	pthread_t thread;

	pthread_create(&thread, NULL, runtime, NULL);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-runtime-thread",
    .hooks = {.on_call = on_call},
};
