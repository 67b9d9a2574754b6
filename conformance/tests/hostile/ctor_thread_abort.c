/* SPDX-License-Identifier: MIT */
/*
 * ctor_thread_abort.c - hostile target: its constructor starts a thread
 * that aborts once loading is over: when the first call, in a worker,
 * tells it to through a pipe.  That call returns only when the loading
 * process is gone (a second pipe, whose write end only that process
 * keeps, reads EOF), so the crash happens in the run, whatever the
 * scheduler does, and no fixed delay decides the outcome.  The EOF
 * comes before the loading process's end is recorded: a busy machine
 * once made the run end in between, and the crash went untold (the
 * supervisor now awaits that record; supervisor/ending.c).
 *
 * Once this killed u8conform itself (exit 134).  Expected, with --load
 * once (the thread stays in the loading process; loaded in each worker,
 * as loading leaves a thread, the thread would abort in the worker's
 * first call, a crash of that call): a FAIL isolation/crash attributed
 * to loading, and the whole report.  The
 * constructor returns only once the thread is waiting: a thread still
 * starting at the fork could hold a sanitized build's allocator lock,
 * which then stays held in every copy forked off.
 */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdlib.h>
#include <unistd.h>

#include "targets.h"

static sem_t waiting;
static int called[2] = {-1, -1}, alive[2] = {-1, -1};

static void *
later(void *arg)
{
	char c;

	(void)arg;
	sem_post(&waiting);
	while (read(called[0], &c, 1) != 1)
		;
	abort();
}

/* Only the loading process keeps alive's write end. */
static void
in_child(void)
{
	if (alive[1] >= 0)
		close(alive[1]);
	alive[1] = -1;
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	static int told;
	struct pollfd gone = {alive[0], POLLIN, 0};
	char c;

	(void)fn, (void)s, (void)n;
	if (told++ || write(called[1], "x", 1) != 1)
		return;
	/* EOF (or 10 s): the loading process has died */
	while (poll(&gone, 1, 10000) == 1 && read(alive[0], &c, 1) == 1)
		;
}

__attribute__((constructor)) static void
start(void)
{
	pthread_t thread;

	if (pipe(called) != 0 || pipe(alive) != 0)
		return;
	sem_init(&waiting, 0, 0);
	pthread_atfork(NULL, NULL, in_child);
	if (pthread_create(&thread, NULL, later, NULL) == 0)
		while (sem_wait(&waiting) != 0)
			;
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-ctor-thread-abort",
    .hooks = {.on_call = on_call},
};
