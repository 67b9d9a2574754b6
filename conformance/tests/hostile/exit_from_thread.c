/* SPDX-License-Identifier: MIT */
/*
 * exit_from_thread.c - hostile target: on the byte C1, u8t_decode starts
 * a thread that calls exit(4) and waits for it, and u8t_validate then
 * calls exit(5) itself.
 *
 * The worker's exit handler ends an exit() in a call on the worker's own
 * thread; on another thread it must step aside (a jump there would land
 * on the wrong stack), the thread's exit_group traps and that thread
 * alone ends.  libc then takes no more exit handlers, so the exit() in
 * u8t_validate is ended by the trap.  Expected: a FAIL isolation/exit
 * naming C1, a run that goes on, and no isolation/crash.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "targets.h"

static void *
leave(void *arg)
{
	(void)arg;
	exit(4);
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	pthread_t thread;

	if (s == NULL || !memchr(s, 0xC1, n))
		return;
	if (strcmp(fn, "decode") == 0 &&
	    pthread_create(&thread, NULL, leave, NULL) == 0)
		pthread_join(thread, NULL);
	if (strcmp(fn, "validate") == 0)
		exit(5);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-exit-from-thread",
    .hooks = {.on_call = on_call},
};
