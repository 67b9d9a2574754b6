/* SPDX-License-Identifier: MIT */
/*
 * fork_handler_thread.c - hostile target: its constructor registers a
 * fork handler that starts a thread in the child.  The loader's one
 * fork is the fork server's birth, so the thread would live on there,
 * beside every slot and ring, for the whole run.
 *
 * Expected: the fork server refuses to serve with a second thread:
 * exit 2, one line, nothing judged.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <unistd.h>

#include "targets.h"

static void *
lingers(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void
in_child(void)
{
	pthread_t t;

	pthread_create(&t, NULL, lingers, NULL);
}

__attribute__((constructor)) static void
start(void)
{
	pthread_atfork(NULL, NULL, in_child);
}

const struct u8tt_target u8tt_target = {.name = "hostile-fork-handler-thread"};
