/* SPDX-License-Identifier: MIT */
/*
 * judges.h - one judge thread per slot, in u8conform: each reads its
 * worker's ring (wire.h) as records come and judges them (reader.h),
 * so judging runs beside the calls, on as many CPUs, and in memory no
 * worker can write.
 *
 * The supervisor's own thread takes a slot's lock to read its reader:
 * when the worker ends (what it handed over first, then the item in
 * flight), and to charge a fate it saw itself.
 */
#ifndef U8C_JUDGES_H
#define U8C_JUDGES_H

#include <pthread.h>

#include "reader.h"
#include "shared.h"

struct u8c_judge_slot {
	pthread_mutex_t lock; /* recursive: the reader, and below     */
	struct u8c_reader reader;
	struct u8c_wire_record record;
	uint32_t read;       /* bytes of the ring read               */
	volatile int forged; /* the ring broke the protocol: not read
	                        on until the slot's next worker       */
	int started;
	pthread_t thread;
};

struct u8c_judges {
	struct u8c_shared *sh;
	struct u8c_reader_context *cx;
	unsigned n; /* slots */
	volatile int stop;
	struct u8c_judge_slot *slot[U8C_SLOTS];
};

/* u8c_judges_init - readers for slots 0..@n-1 judging into tallies[k];
 * 0, or -1 (out of memory). */
int u8c_judges_init(struct u8c_judges *j, struct u8c_shared *sh,
                    struct u8c_reader_context *cx, struct u8c_tallies *tallies,
                    unsigned n);

/* u8c_judges_start - their threads; 0, or -1. */
int u8c_judges_start(struct u8c_judges *j);

/* u8c_judges_stop - ends the threads; the readers stay. */
void u8c_judges_stop(struct u8c_judges *j);

/* u8c_judges_free - after u8c_judges_stop. */
void u8c_judges_free(struct u8c_judges *j);

void u8c_judges_lock(struct u8c_judges *j, unsigned k);
void u8c_judges_unlock(struct u8c_judges *j, unsigned k);

/* u8c_judges_drain - with slot @k's lock: judges all its ring holds;
 * returns 1 when a record broke the protocol just now (the caller
 * charges the item in flight and ends the worker), else 0. */
int u8c_judges_drain(struct u8c_judges *j, unsigned k);

/* u8c_judges_restart - with the lock: slot @k's next worker writes its
 * ring from where the judge is. */
void u8c_judges_restart(struct u8c_judges *j, unsigned k);

#endif /* U8C_JUDGES_H */
