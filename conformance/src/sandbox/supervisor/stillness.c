/* SPDX-License-Identifier: MIT */
/*
 * stillness.c - how long a worker or the loader has stood still, by its CPU
 * clocks: the limits that make a hang.
 */
#define _GNU_SOURCE
#include "supervisor.h"

double
sup_ms_since(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t->tv_sec) * 1e3 +
	       (double)(now.tv_nsec - t->tv_nsec) / 1e6;
}

void
sup_now(struct timespec *t)
{
	clock_gettime(CLOCK_MONOTONIC, t);
}

/* Time counts from now (the process moved, or starts). */
void
sup_moved(struct stillness *t)
{
	sup_now(&t->since);
	t->cpu_since = -1;
}

/*
 * Whether process @jailed (its pid in the jail) has stood still too
 * long since @t: used @cpu_ms of CPU, or been blocked (neither on a CPU
 * nor waiting for one) for BLOCKED_TIMES --timeouts.  What a crowded
 * machine delays is time in a run queue, so it is never taken for a
 * hang: a process that is ready to run is never called blocked, since
 * the kernel counts its present wait only once it runs.  Before the
 * process exists (@jailed 0: the jail is still making it) none of the
 * target's code runs, and no time counts.  Where its clocks cannot be
 * read (not found yet, gone, no /proc), the wall clock alone is held to
 * the blocked limit.
 */
static int
too_long(struct supervisor *s, struct stillness *t, pid_t jailed,
         unsigned cpu_ms)
{
	double blocked_ms = (double)s->cfg->timeout_ms * BLOCKED_TIMES, ran,
	       queued, blocked;
	int64_t cpu, queued_ns;

	t->why = 0;
	if (jailed <= 0) {
		sup_moved(t);
		return 0;
	}
	cpu = u8c_cpu_clock_ns(&t->clock, s->jail, jailed, &queued_ns);
	if (cpu < 0 && sup_ms_since(&t->since) >= blocked_ms) {
		/* one more look before the wall clock decides: a process
		 * found late is timed from then, like one found at once */
		u8c_cpu_clock_look_again(&t->clock);
		cpu = u8c_cpu_clock_ns(&t->clock, s->jail, jailed, &queued_ns);
	}
	if (cpu < 0) {
		double wall = sup_ms_since(&t->since);

		if (wall < blocked_ms)
			return 0;
		snprintf(t->said, sizeof t->said,
		         "its clocks unread, %.0f ms of wall time", wall);
		t->why = U8C_DETAIL_HANG_UNREAD;
		return 1;
	}
	if (t->cpu_since < 0) {
		t->cpu_since = cpu;
		t->queued_since = queued_ns;
		sup_now(&t->read_since);
	}
	ran = (double)(cpu - t->cpu_since) / 1e6;
	queued = (double)(queued_ns - t->queued_since) / 1e6;
	blocked = sup_ms_since(&t->read_since) - ran - queued;
	if (ran < cpu_ms &&
	    (blocked < blocked_ms || u8c_cpu_clock_runnable(&t->clock) != 0))
		return 0;
	/* words only for the process given up on, not on every look */
	snprintf(t->said, sizeof t->said,
	         "%.0f ms on a CPU, %.0f queued, %.0f blocked", ran, queued,
	         blocked);
	t->why = ran >= cpu_ms ? U8C_DETAIL_HANG_CPU : U8C_DETAIL_HANG_BLOCKED;
	return 1;
}

/* Target code (a call, constructors, destructors) may use --timeout of
 * CPU. */
int
sup_target_too_long(struct supervisor *s, struct stillness *t, pid_t jailed)
{
	return too_long(s, t, jailed, s->cfg->timeout_ms);
}

/* Slot @k's worker since its heartbeat last moved: in a call, held to
 * the timeout; in our own code (coming up, between calls), which takes
 * milliseconds even under the sanitizers, to BLOCKED_TIMES that, so that
 * only a target that holds it up (a lock one of its threads kept) is
 * stopped. */
int
sup_stood_still(struct supervisor *s, unsigned k, int in_call)
{
	const struct u8c_server_words *server = &s->sh->server[k];
	/* the slot's pid is the last worker's until the fork server has
	 * forked this one */
	pid_t pid = __atomic_load_n(&server->started, __ATOMIC_ACQUIRE) !=
	                    s->w[k].forked_before
	                ? server->pid
	                : 0;

	return too_long(s, &s->w[k].still, pid,
	                s->cfg->timeout_ms * (in_call ? 1 : BLOCKED_TIMES));
}
