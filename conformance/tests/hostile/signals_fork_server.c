/* SPDX-License-Identifier: MIT */
/*
 * signals_fork_server.c - hostile target: its constructor installs a
 * SIGUSR1 handler and leaves a thread in the loading process that sends
 * SIGUSR1 to every process it may signal, every 5 ms for 3 s.  Loaded
 * once (--load once), the fork server is a copy of the loaded loader,
 * with that handler, and it holds all of u8conform's shared memory: every
 * slot and every worker's ring.
 *
 * Once, the handler ran there, again and again, while the workers ran.
 * Expected: the fork server blocks every signal, so the handler never
 * runs where that memory is mapped once it serves; the correct decoder
 * passes.  (Where the loader is not filtered, the thread's kill is no
 * finding: it is not a call's.)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include "shared.h"
#include "shared_maps.h"
#include "state_note.h"
#include "targets.h"

/* Notes where it runs: a process with the whole shared memory mapped
 * while the fork server serves. */
static void
on_usr1(int sig)
{
	struct u8tt_span spans[16];
	size_t n = u8tt_shared_maps(spans, 16);

	(void)sig;
	/* read in place: the maps were just read, and a mapping of that
	 * size is the whole region (a /proc/self/mem opened in the loader
	 * would read the loader's memory, not this process's) */
	for (size_t k = 0; k < n; k++)
		if (spans[k].hi - spans[k].lo >= sizeof(struct u8c_shared) &&
		    ((const struct u8c_shared *)spans[k].lo)->load.step ==
		        U8C_LOAD_SERVING)
			u8tt_note("seen", "serving\n");
}

static void *
signals(void *arg)
{
	(void)arg;
	u8tt_note("seen", "signalling\n");
	for (int k = 0; k < 600; k++) {
		usleep(5000);
		kill(-1, SIGUSR1);
	}
	return NULL;
}

__attribute__((constructor)) static void
start(void)
{
	pthread_t t;

	if (signal(SIGUSR1, on_usr1) != SIG_ERR)
		pthread_create(&t, NULL, signals, NULL);
}

/* Unloaded, its handler would be code no longer mapped, and the thread
 * signals on for 3 s: a crash of the unloading, which is not what this
 * target is about. */
__attribute__((destructor)) static void
stop(void)
{
	signal(SIGUSR1, SIG_IGN);
}

const struct u8tt_target u8tt_target = {.name = "hostile-signals-fork-server"};
