/* SPDX-License-Identifier: MIT */
/*
 * runtime_thread_spawns.c - hostile target: its constructor starts a
 * thread, so each worker loads it, and that thread, started before the
 * worker's seccomp filter, forks when a call on the byte C1 asks it to
 * (and waits for its answer).
 *
 * A filter installed on the worker's own thread alone would let it.
 * Expected: a FAIL isolation/spawn on C1: the filter holds every thread
 * of the worker (TSYNC), those loading started included.
 */
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "targets.h"

static int ask[2] = {-1, -1}, answer[2] = {-1, -1};

static void *
runtime(void *arg)
{
	char c;

	(void)arg;
	while (read(ask[0], &c, 1) == 1) {
		if (fork() == 0)
			_exit(0);
		(void)!write(answer[1], "x", 1);
	}
	return NULL;
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	char c;

	(void)fn;
	if (s != NULL && memchr(s, 0xC1, n) != NULL &&
	    write(ask[1], "x", 1) == 1)
		(void)!read(answer[0], &c, 1);
}

__attribute__((constructor)) static void
start(void)
{
	pthread_t thread;

	if (pipe(ask) == 0 && pipe(answer) == 0)
		pthread_create(&thread, NULL, runtime, NULL);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-runtime-thread-spawns",
    .hooks = {.on_call = on_call},
};
