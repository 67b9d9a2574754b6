/* SPDX-License-Identifier: MIT */
/*
 * judges.c - the judge threads (judges.h).  A thread with nothing to
 * read sleeps on its ring's futex word.  The worker wakes it when the
 * ring is half full, when a call ended in a fate (--max-fatal and hangs
 * are counted here) and when it goes idle; so records cost no system call
 * each, and a sleeping judge costs nothing.  The supervisor reads what is
 * left itself when it needs every answer (u8c_judges_drain).
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "judges.h"

/* A sleeping judge looks again this often anyway: a wake the worker
 * missed (it died, or a target wrote over its words) costs a delay. */
enum { NAP_NS = 50000000 };

int
u8c_judges_init(struct u8c_judges *j, struct u8c_shared *sh,
                struct u8c_reader_context *cx, struct u8c_tallies *tallies,
                unsigned n)
{
	pthread_mutexattr_t recursive;

	j->sh = sh;
	j->cx = cx;
	j->n = n;
	j->stop = 0;
	pthread_mutexattr_init(&recursive);
	pthread_mutexattr_settype(&recursive, PTHREAD_MUTEX_RECURSIVE);
	for (unsigned k = 0; k < n; k++) {
		struct u8c_judge_slot *js = calloc(1, sizeof *js);

		if ((j->slot[k] = js) == NULL)
			return -1;
		pthread_mutex_init(&js->lock, &recursive);
		u8c_reader_init(&js->reader, cx, &tallies[k]);
	}
	pthread_mutexattr_destroy(&recursive);
	return 0;
}

void
u8c_judges_lock(struct u8c_judges *j, unsigned k)
{
	pthread_mutex_lock(&j->slot[k]->lock);
}

void
u8c_judges_unlock(struct u8c_judges *j, unsigned k)
{
	pthread_mutex_unlock(&j->slot[k]->lock);
}

int
u8c_judges_drain(struct u8c_judges *j, unsigned k)
{
	struct u8c_judge_slot *js = j->slot[k];
	struct u8c_ring *ring = &j->sh->rings[k];
	struct u8c_slot *slot = &j->sh->slots[k];
	uint32_t written = __atomic_load_n(&ring->written, __ATOMIC_ACQUIRE);
	int rc;

	if (js->forged)
		return 0;
	while ((rc = u8c_wire_take(ring, written, &js->read, &js->record)) > 0)
		if (u8c_reader_feed(&js->reader, &js->record, j->cx->fresh) !=
		    0) {
			rc = -1;
			break;
		}
	if (rc < 0) {
		js->forged = 1;
		return 1;
	}
	__atomic_store_n(&slot->read, js->read, __ATOMIC_RELEASE);
	if (ring->writer_waits)
		syscall(SYS_futex, &slot->read, FUTEX_WAKE, 1, NULL, NULL, 0);
	return 0;
}

void
u8c_judges_restart(struct u8c_judges *j, unsigned k)
{
	struct u8c_judge_slot *js = j->slot[k];

	js->forged = 0;
	j->sh->rings[k].written = js->read;
	j->sh->slots[k].read = js->read;
}

struct start {
	struct u8c_judges *j;
	unsigned k;
};

static void *
judge_main(void *arg)
{
	struct u8c_judges *j = ((struct start *)arg)->j;
	unsigned k = ((struct start *)arg)->k;
	struct u8c_ring *ring = &j->sh->rings[k];
	struct u8c_slot *slot = &j->sh->slots[k];
	struct timespec nap = {0, NAP_NS};

	free(arg);
	while (!j->stop) {
		uint32_t seen;

		u8c_judges_lock(j, k);
		u8c_judges_drain(j, k);
		seen = j->slot[k]->read;
		u8c_judges_unlock(j, k);
		slot->reader_sleeps = 1;
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		if (__atomic_load_n(&ring->written, __ATOMIC_ACQUIRE) == seen)
			syscall(SYS_futex, &ring->written, FUTEX_WAIT, seen,
			        &nap, NULL, 0);
		slot->reader_sleeps = 0;
	}
	return NULL;
}

int
u8c_judges_start(struct u8c_judges *j)
{
	for (unsigned k = 0; k < j->n; k++) {
		struct start *a = malloc(sizeof *a);

		if (a == NULL)
			return -1;
		*a = (struct start){j, k};
		if (pthread_create(&j->slot[k]->thread, NULL, judge_main, a) !=
		    0) {
			free(a);
			return -1;
		}
		j->slot[k]->started = 1;
	}
	return 0;
}

void
u8c_judges_stop(struct u8c_judges *j)
{
	j->stop = 1;
	for (unsigned k = 0; k < j->n; k++)
		syscall(SYS_futex, &j->sh->rings[k].written, FUTEX_WAKE, 1,
		        NULL, NULL, 0);
	for (unsigned k = 0; k < j->n; k++)
		if (j->slot[k] != NULL && j->slot[k]->started) {
			pthread_join(j->slot[k]->thread, NULL);
			j->slot[k]->started = 0;
		}
}

void
u8c_judges_free(struct u8c_judges *j)
{
	for (unsigned k = 0; k < U8C_SLOTS; k++) {
		if (j->slot[k] == NULL)
			continue;
		pthread_mutex_destroy(&j->slot[k]->lock);
		free(j->slot[k]);
		j->slot[k] = NULL;
	}
}
