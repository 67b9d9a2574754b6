/* SPDX-License-Identifier: MIT */
/*
 * thread_writes_between.c - hostile target: its first call starts a
 * logging thread, which writes one line to stderr as soon as the main
 * thread sleeps (the worker waiting for its next order: between calls),
 * then sleeps for good.
 *
 * Once a thread's write outside a call was wiped when the next call
 * began, and the target passed.  Expected: a FAIL isolation/output,
 * "between calls", charged to the last call.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "targets.h"

static pid_t main_thread;

/* The main thread's state letter from /proc, or 0. */
static char
main_state(void)
{
	char path[64], buf[512], *paren;
	ssize_t got;
	int fd;

	snprintf(path, sizeof path, "/proc/self/task/%d/stat",
	         (int)main_thread);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	got = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (got <= 0)
		return 0;
	buf[got] = '\0';
	paren = strrchr(buf, ')');
	return paren != NULL && paren[1] == ' ' ? paren[2] : 0;
}

static void *
logger(void *arg)
{
	struct timespec tick = {0, 100000};

	(void)arg;
	while (main_state() != 'S')
		nanosleep(&tick, NULL);
	(void)!write(2, "log: idle\n", 10);
	for (;;) /* a thread that ended would be a finding of its own */
		nanosleep(&(struct timespec){3600, 0}, NULL);
	return NULL;
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	static int started;
	pthread_t thread;

	(void)fn;
	(void)s;
	(void)n;
	if (started)
		return;
	started = 1;
	main_thread = gettid();
	pthread_create(&thread, NULL, logger, NULL);
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-thread-writes-between",
    .hooks = {.on_call = on_call},
};
