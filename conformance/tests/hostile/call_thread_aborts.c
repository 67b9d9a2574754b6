/* SPDX-License-Identifier: MIT */
/*
 * call_thread_aborts.c - hostile target: u8t_decode on the byte C1
 * starts a thread that aborts at once, killing the worker in the call
 * or just after it, in u8conform's own code.
 *
 * Once a worker that died outside a call was replaced by one that went
 * on with the same item, which died the same way, forever.  Expected:
 * a FAIL isolation/crash naming C1, and a run that ends.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "targets.h"

static void *
die(void *arg)
{
	(void)arg;
	abort();
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	pthread_t thread;

	if (strcmp(fn, "decode") == 0 && s != NULL && memchr(s, 0xC1, n))
		pthread_create(&thread, NULL, die, NULL);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-call-thread-aborts",
    .hooks = {.on_call = on_call},
};
