/* SPDX-License-Identifier: MIT */
/*
 * supervisor.c - the supervisor: runs a plan through the jail's workers
 * and decides what everything they report means.
 *
 * It never loads the target.  It polls: the pipes that carry the jail's
 * stdout and stderr (any byte is a finding), each worker's heartbeat,
 * its items judged and the phase of its call (a call that does not come
 * back in time is interrupted, then killed; so is a worker that does
 * not come up, or stands still between calls), and
 * the fork server's count of workers ended (a worker that died in a call
 * is replaced by one that goes on with the same item, without the call
 * that killed it).  Every counterexample is then re-judged in a fresh
 * worker before it is reported, and the jail is unloaded and killed.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cpu_clock.h"
#include "jail.h"
#include "sandbox.h"
#include "stream.h"

enum {
	TICK_MS = 2,         /* how often the supervisor looks          */
	GRACE_MS = 300,      /* an interrupted call's time to come back */
	HANGS_SET_ASIDE = 8, /* a function that hung this often is not
	                        called again: each hang costs a timeout */
	TEARDOWN_MS = 2000,  /* the jail's time to go                   */
	DEATHS_PER_ITEM = U8C_PHASES + 2, /* then the item is given up   */
	STARTS_FAILED = 3,  /* workers in a row that never came up: the
	                       target's fork handlers, or a lock one of its
	                       threads held at the fork, stop every one */
	BLOCKED_TIMES = 10, /* a process that stands still without using
	                       CPU, blocked, for this many --timeouts */
};

/* How long a process has stood still: since when, and how much CPU it
 * has used since (its CPU time when first seen there, ns, or -1). */
struct stillness {
	struct timespec since;
	struct timespec read_since; /* when the clocks were first read   */
	int64_t cpu_since, queued_since;
	struct u8c_cpu_clock clock;
	char said[96]; /* what the clocks said when it was too long */
	int why;       /* and which limit it was: U8C_DETAIL_HANG_*  */
};

/* What the supervisor knows of a slot. */
struct watch {
	int alive;              /* a worker was started and has not ended   */
	int quitting;           /* it is being killed on purpose            */
	int hang_interrupted;   /* its call was sent the hang signal        */
	int hang_killed;        /* and then SIGKILL                         */
	int stuck;              /* killed outside a call, for not moving    */
	int held_mib;           /* killed for holding this many MiB, or 0   */
	uint32_t forked_before; /* the fork server's count when started     */
	int up_seen;            /* it came up                               */
	uint32_t ended_seen;    /* the fork server's count, last looked at  */
	uint64_t heartbeat;     /* the worker's, last looked at             */
	struct stillness still; /* since the heartbeat last moved          */
	struct timespec interrupted_at;
	uint32_t take_more; /* its current order takes more chunks      */
	uint32_t death_row; /* the item that last killed a worker here  */
	size_t death_item;
	unsigned deaths; /* how many times in a row                  */
};

struct supervisor {
	const struct u8c_sandbox_config *cfg;
	struct u8c_sandbox_outcome *out;
	struct u8c_jail j;
	struct u8c_shared *sh;
	pid_t jail;
	unsigned workers, fresh; /* slots 0..workers-1, and the fresh one */
	struct watch w[U8C_SLOTS];
	struct u8c_tallies *own;     /* fates the supervisor saw          */
	struct u8c_tallies *recheck; /* those of a re-check               */
	int loaded, unloading;
	const char *phase;
	struct timespec start, last_progress;
	uint64_t total_items;
	int broken; /* u8conform itself failed: out->error says how */
	int said_max_fatal;
	unsigned starts_failed;   /* workers in a row that never came up */
	int ever_up, no_target;   /* a worker came up; or none, as loading */
	unsigned long outputs[2]; /* bytes seen while loading, unloading */
};

/* The signal that stopped the run, from the handler. */
static volatile sig_atomic_t stop_signal;
static int self_pipe[2] = {-1, -1};

static void
on_stop_signal(int sig)
{
	int saved = errno;
	char b = (char)sig;

	stop_signal = sig;
	if (write(self_pipe[1], &b, 1) < 0)
		(void)0; /* the flag is enough */
	errno = saved;
}

static double
ms_since(const struct timespec *t)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t->tv_sec) * 1e3 +
	       (double)(now.tv_nsec - t->tv_nsec) / 1e6;
}

static void
now(struct timespec *t)
{
	clock_gettime(CLOCK_MONOTONIC, t);
}

static void
broken(struct supervisor *s, const char *fmt, const char *detail)
{
	char line[sizeof s->out->error + 64];

	if (s->broken)
		return;
	s->broken = 1;
	snprintf(line, sizeof line, fmt, detail);
	memcpy(s->out->error, line, sizeof s->out->error - 1);
	s->sh->stop = 1;
}

/* Time counts from now (the process moved, or starts). */
static void
moved(struct stillness *t)
{
	now(&t->since);
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
		moved(t);
		return 0;
	}
	cpu = u8c_cpu_clock_ns(&t->clock, s->jail, jailed, &queued_ns);
	if (cpu < 0 && ms_since(&t->since) >= blocked_ms) {
		/* one more look before the wall clock decides: a process
		 * found late is timed from then, like one found at once */
		u8c_cpu_clock_look_again(&t->clock);
		cpu = u8c_cpu_clock_ns(&t->clock, s->jail, jailed, &queued_ns);
	}
	if (cpu < 0) {
		double wall = ms_since(&t->since);

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
		now(&t->read_since);
	}
	ran = (double)(cpu - t->cpu_since) / 1e6;
	queued = (double)(queued_ns - t->queued_since) / 1e6;
	blocked = ms_since(&t->read_since) - ran - queued;
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
static int
target_too_long(struct supervisor *s, struct stillness *t, pid_t jailed)
{
	return too_long(s, t, jailed, s->cfg->timeout_ms);
}

/* Slot @k's worker since its heartbeat last moved: in a call, held to
 * the timeout; in our own code (coming up, between calls), which takes
 * milliseconds even under the sanitizers, to BLOCKED_TIMES that, so that
 * only a target that holds it up (its fork handlers, a lock one of its
 * threads keeps) is stopped. */
static int
stood_still(struct supervisor *s, unsigned k, int in_call)
{
	const struct u8c_slot *slot = &s->sh->slots[k];
	/* the slot's pid is the last worker's until the fork server has
	 * forked this one */
	pid_t pid = __atomic_load_n(&slot->started, __ATOMIC_ACQUIRE) !=
	                    s->w[k].forked_before
	                ? slot->pid
	                : 0;

	return too_long(s, &s->w[k].still, pid,
	                s->cfg->timeout_ms * (in_call ? 1 : BLOCKED_TIMES));
}

/* --- commands to the fork server, orders to workers --------------- */

static void
command(struct supervisor *s, uint32_t op, unsigned slot, int sig)
{
	struct u8c_command c = {op, slot, sig};

	if (write(s->j.cmd[1], &c, sizeof c) != (ssize_t)sizeof c)
		broken(s, "u8conform: the fork server does not listen%s", "");
}

/* What changes whenever a worker moves on to another call. */
static uint64_t
beat(const struct u8c_slot *slot)
{
	return (slot->judged + slot->calls) * (U8C_PHASE_IDLE + 1) +
	       slot->phase;
}

static int
idle(const struct u8c_slot *slot)
{
	return __atomic_load_n(&slot->done_seq, __ATOMIC_ACQUIRE) ==
	       __atomic_load_n(&slot->order_seq, __ATOMIC_ACQUIRE);
}

static void
give(struct supervisor *s, unsigned k, const struct u8c_order *o)
{
	struct u8c_slot *slot = &s->sh->slots[k];

	slot->order = *o;
	s->w[k].take_more = o->take_more;
	moved(&s->w[k].still);
	__atomic_add_fetch(&slot->order_seq, 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, &slot->order_seq, FUTEX_WAKE, 1, NULL, NULL, 0);
}

static void
start(struct supervisor *s, unsigned k)
{
	struct u8c_slot *slot = &s->sh->slots[k];
	struct watch *w = &s->w[k];

	slot->retiring = 0;
	slot->hang_why = 0;
	slot->log_len = 0;
	slot->phase = U8C_PHASE_IDLE;
	slot->up = 0;
	w->alive = 1;
	w->quitting = w->hang_interrupted = w->hang_killed = 0;
	w->stuck = w->up_seen = w->held_mib = 0;
	w->forked_before = __atomic_load_n(&slot->started, __ATOMIC_ACQUIRE);
	w->heartbeat = beat(slot);
	u8c_cpu_clock_reset(&w->still.clock);
	moved(&w->still);
	command(s, U8C_CMD_START, k, 0);
}

static void
quit(struct supervisor *s, unsigned k)
{
	if (!s->w[k].alive || s->w[k].quitting)
		return;
	s->w[k].quitting = 1;
	command(s, U8C_CMD_SIGNAL, k, SIGKILL);
}

/* --- findings the supervisor makes itself ------------------------- */

/* The item a slot was on, rebuilt from the plan; NULL if the slot's
 * word for it makes no sense. */
static const struct u8c_item *
item_of(struct supervisor *s, uint32_t row, size_t index, struct u8c_item *item,
        uint8_t *buf)
{
	const struct u8c_plan_row *r;

	if (row >= s->cfg->plan->nrows)
		return NULL;
	r = &s->cfg->plan->rows[row];
	if (index < r->first || index - r->first >= r->count)
		return NULL;
	*item = u8c_family_item(r->family, index, buf);
	return item;
}

/* A fate met by slot @k's worker in phase @phase of its current item. */
static void
fate_of_slot(struct supervisor *s, unsigned k, enum u8c_fate fate,
             uint32_t phase, int detail)
{
	static uint8_t buf[U8C_MAX_INPUT];
	struct u8c_slot *slot = &s->sh->slots[k];
	struct u8c_tallies *t = k == s->fresh ? s->recheck : s->own;
	enum u8c_fn fn = phase < U8C_FNS ? (enum u8c_fn)phase : U8C_FN_ANY;
	uint32_t row = slot->row;
	size_t index = slot->current;
	struct u8c_item item;

	if (item_of(s, row, index, &item, buf) == NULL) {
		u8c_tally_fate(t, s->j.expect, fate, fn, U8C_DURING_LOADING,
		               detail, NULL, 0, 0);
		return;
	}
	if (fn == U8C_FN_STREAM) {
		/* the chunking it was on (the probes come after the last) */
		static struct u8c_stream_ref ref;
		static struct u8c_chunking list[U8C_CHUNKINGS_MAX];
		enum u8c_stream_mode m = s->cfg->plan->rows[row].stream;
		uint32_t chunk = slot->chunk;
		size_t nk;

		u8c_stream_ref_make(&ref, s->cfg->plan->profile, item.s,
		                    item.n);
		nk = u8c_chunkings_list(m, item.s, item.n, ref.held, list);
		if (chunk < nk)
			item.chunking = list[chunk];
		else if (chunk == nk)
			item.chunking =
			    (struct u8c_chunking){U8C_CHUNK_BYTES, 0, 0};
	}
	u8c_tally_fate(t, s->j.expect, fate, fn, U8C_DURING_ITEM, detail, &item,
	               row, index);
}

static void
fate_around(struct supervisor *s, enum u8c_fate fate, enum u8c_during during,
            int detail)
{
	u8c_tally_fate(s->own, s->j.expect, fate, U8C_FN_ANY, during, detail,
	               NULL, 0, 0);
}

/* What a process's end means, when it was not ours to end. */
static enum u8c_fate
fate_of_status(int status, int *detail)
{
	if (WIFSIGNALED(status)) {
		*detail = WTERMSIG(status);
		return U8C_FATE_CRASH;
	}
	*detail = WIFEXITED(status) ? WEXITSTATUS(status) : status;
	return U8C_FATE_EXIT;
}

/* fate_of_status, and the end in words for the one line of an error. */
static enum u8c_fate
say_end(int status, int *detail, char *what, size_t size)
{
	enum u8c_fate fate = fate_of_status(status, detail);

	if (fate == U8C_FATE_CRASH)
		snprintf(what, size, "was killed by signal %d (%s)", *detail,
		         strsignal(*detail));
	else
		snprintf(what, size, "called exit(%d)", *detail);
	return fate;
}

/* --- output --------------------------------------------------------- */

static size_t
drain(int fd)
{
	char buf[4096];
	size_t total = 0;
	ssize_t got;

	while ((got = read(fd, buf, sizeof buf)) > 0)
		total += (size_t)got;
	return total;
}

static void
read_outputs(struct supervisor *s)
{
	size_t got;

	if ((got = drain(s->j.load_out[0])) > 0 && s->outputs[0]++ == 0)
		fate_around(s, U8C_FATE_OUTPUT, U8C_DURING_LOADING, 0);
	if ((got = drain(s->j.unload_out[0])) > 0) {
		int during = s->unloading ? 1 : 0;

		if (s->outputs[during]++ == 0)
			fate_around(s, U8C_FATE_OUTPUT,
			            during ? U8C_DURING_UNLOADING
			                   : U8C_DURING_LOADING,
			            0);
	}
	for (unsigned k = 0; k <= s->fresh; k++) {
		if (drain(s->j.slot_out[k][0]) == 0)
			continue;
		if (s->w[k].alive || s->sh->slots[k].started > 0)
			fate_of_slot(s, k, U8C_FATE_OUTPUT,
			             s->sh->slots[k].phase, 0);
		else if (s->outputs[0]++ == 0) /* written there at load */
			fate_around(s, U8C_FATE_OUTPUT, U8C_DURING_LOADING, 0);
	}
}

/* --- workers that end ------------------------------------------------ */

/* Gives slot @k a fresh worker that goes on from item @lo of its range,
 * without the phases in @dead; after a @death, which an item survives
 * only so many times in a row. */
static void
resume(struct supervisor *s, unsigned k, uint32_t row, size_t lo, uint32_t dead,
       int death)
{
	struct u8c_slot *slot = &s->sh->slots[k];
	struct watch *w = &s->w[k];
	const struct u8c_plan_row *r;
	struct u8c_order o;
	size_t end, hi;

	if (row >= s->cfg->plan->nrows)
		return;
	r = &s->cfg->plan->rows[row];
	end = r->first + r->count;
	hi = slot->hi;
	if (hi > end || hi < lo)
		hi = end < lo ? lo : end;
	if (death && w->death_row == row && w->death_item == lo) {
		if (++w->deaths >= DEATHS_PER_ITEM) {
			lo++; /* given up: nothing of it can be judged */
			dead = 0;
		}
	} else {
		w->death_row = row;
		w->death_item = lo;
		w->deaths = 0;
	}
	memset(&o, 0, sizeof o);
	o.row = row;
	o.lo = lo < hi ? lo : hi;
	o.hi = hi;
	o.dead = dead;
	o.take_more = k == s->fresh ? 0 : w->take_more;
	give(s, k, &o);
	start(s, k);
}

/* Slot @k's worker ended before it came up: what runs there first is
 * the target's fork handlers (and, in a sanitized build, a lock one of
 * its threads held at the fork).  It is tried again with the same
 * order, a few times; then the run stops, and if no worker ever came
 * up, nothing was judged, as when loading fails. */
static void
start_failed(struct supervisor *s, unsigned k, int status)
{
	char what[224];
	int detail = 0;
	enum u8c_fate fate = U8C_FATE_HANG;

	if (s->w[k].stuck)
		snprintf(
		    what, sizeof what,
		    "did not come up within %u times the %u ms timeout: %s",
		    BLOCKED_TIMES, s->cfg->timeout_ms, s->w[k].still.said);
	else
		fate = say_end(status, &detail, what, sizeof what);
	if (s->starts_failed++ == 0)
		fate_around(s, fate, U8C_DURING_LOADING, detail);
	if (s->starts_failed < STARTS_FAILED) {
		start(s, k); /* its order is still there */
		return;
	}
	s->sh->stop = 1;
	if (!s->ever_up) {
		snprintf(s->out->error, sizeof s->out->error,
		         "u8conform: %s: %u workers in a row could not start "
		         "(the last %s before its first call, in the target's "
		         "fork handlers); nothing was judged",
		         s->cfg->path, STARTS_FAILED, what);
		s->no_target = s->broken = 1;
		return;
	}
	snprintf(s->out->stopped, sizeof s->out->stopped,
	         "%u workers in a row could not start (the last %s before its "
	         "first call, in the target's fork handlers)",
	         STARTS_FAILED, what);
}

/* A worker's end that was not on purpose: what we ended it for, or what
 * its status says. */
static enum u8c_fate
end_of(const struct watch *w, int status, int *detail)
{
	if (w->held_mib > 0) {
		*detail = w->held_mib;
		return U8C_FATE_MEMORY;
	}
	if (w->hang_killed || w->stuck) {
		*detail = w->still.why;
		return U8C_FATE_HANG;
	}
	return fate_of_status(status, detail);
}

static void
on_end(struct supervisor *s, unsigned k)
{
	struct u8c_slot *slot = &s->sh->slots[k];
	struct watch *w = &s->w[k];
	uint32_t phase = slot->phase, row = slot->row;
	size_t current = slot->current;
	int status = slot->status, detail = 0;
	enum u8c_fate fate;

	w->alive = 0;
	if (w->quitting)
		return;
	if (status < 0) {
		broken(s, "u8conform: the fork server cannot fork: %s",
		       strerror(-status));
		return;
	}
	if (slot->log_len > 0 && phase >= U8C_PHASES) {
		char log[U8C_LOG_MAX + 1];
		size_t n =
		    slot->log_len < U8C_LOG_MAX ? slot->log_len : U8C_LOG_MAX;

		memcpy(log, slot->log, n);
		log[n] = '\0';
		for (size_t i = 0; i < n; i++)
			if ((unsigned char)log[i] < 0x20 && log[i] != '\n')
				log[i] = '?';
		broken(s, "u8conform: a worker failed:\n%s", log);
		return;
	}
	if (!w->up_seen && !slot->up) {
		start_failed(s, k, status);
		return;
	}
	if (slot->retiring) {
		if (k != s->fresh && !idle(slot))
			resume(s, k, row, current, 0, 0);
		return;
	}
	if (phase < U8C_PHASES) {
		/* It died in a call: that call's fate, and the item goes on
		 * without it. */
		fate = end_of(w, status, &detail);
		fate_of_slot(s, k, fate, phase, detail);
		__atomic_add_fetch(&s->sh->fatal, 1, __ATOMIC_RELAXED);
		if (fate == U8C_FATE_HANG)
			__atomic_add_fetch(&s->sh->hangs[phase], 1,
			                   __ATOMIC_RELAXED);
		if (k != s->fresh)
			resume(s, k, row, current, slot->dead | 1u << phase, 1);
		return;
	}
	/* It died in our own code or while idle (a thread the target
	 * started, or what a call left behind), or stood still there.  The
	 * item it was on is judged again. */
	fate = end_of(w, status, &detail);
	fate_of_slot(s, k, fate, U8C_FN_ANY, detail);
	if (k != s->fresh && !idle(slot))
		resume(s, k, row, current, slot->dead, 1);
}

/* --- watching ------------------------------------------------------- */

/* Whether slot @k's worker holds more memory of its own than --memory:
 * then it is killed, and its end is that fate, on the item it was on. */
static int
holds_too_much(struct supervisor *s, unsigned k)
{
	struct watch *w = &s->w[k];
	int64_t held;

	if (w->held_mib > 0)
		return 1;
	held = u8c_cpu_clock_private_bytes(&w->still.clock, s->jail,
	                                   s->sh->slots[k].pid);
	if (held <= (int64_t)s->cfg->memory_mib << 20)
		return 0;
	w->held_mib = (int)(held >> 20);
	command(s, U8C_CMD_SIGNAL, k, SIGKILL);
	return 1;
}

/* A worker that stands still outside a call: killed, and its end is a
 * hang. */
static void
stuck(struct supervisor *s, unsigned k)
{
	s->w[k].stuck = 1;
	command(s, U8C_CMD_SIGNAL, k, SIGKILL);
}

static void
watch_slot(struct supervisor *s, unsigned k)
{
	struct u8c_slot *slot = &s->sh->slots[k];
	struct watch *w = &s->w[k];
	uint32_t ended = __atomic_load_n(&slot->ended, __ATOMIC_ACQUIRE);

	/* Before its end: a worker may come up, do its order and be ended
	 * between two looks, and it did come up. */
	if (w->alive && !w->up_seen && slot->up) {
		w->up_seen = s->ever_up = 1;
		s->starts_failed = 0;
	}
	if (ended != w->ended_seen) {
		w->ended_seen = ended;
		on_end(s, k);
		return;
	}
	if (!w->alive || w->quitting || w->stuck || holds_too_much(s, k))
		return;
	if (!w->up_seen) {
		if (stood_still(s, k, 0))
			stuck(s, k);
		return;
	}
	if (beat(slot) != w->heartbeat) {
		w->heartbeat = beat(slot);
		w->hang_interrupted = 0;
		moved(&w->still);
		return;
	}
	if (slot->phase >= U8C_PHASES) {
		if (!idle(slot) && stood_still(s, k, 0))
			stuck(s, k);
		return;
	}
	if (!w->hang_interrupted) {
		if (stood_still(s, k, 1)) {
			/* Asked to give up the call; it recovers, records the
			 * hang and leaves for a fresh worker. */
			w->hang_interrupted = 1;
			now(&w->interrupted_at);
			/* which clock ran out, for the finding */
			slot->hang_why = w->still.why;
			command(s, U8C_CMD_SIGNAL, k, u8c_hang_signal());
		}
	} else if (!w->hang_killed && ms_since(&w->interrupted_at) > GRACE_MS) {
		w->hang_killed = 1;
		command(s, U8C_CMD_SIGNAL, k, SIGKILL);
	}
}

/* Says which functions were set aside for hanging, in out->stopped. */
static void
say_set_aside(struct supervisor *s)
{
	char names[128] = "";
	size_t at = 0;
	unsigned n = 0, off = s->sh->fns_off;

	for (unsigned fn = 0; fn < U8C_FNS; fn++)
		if (off >> fn & 1u)
			at += (size_t)snprintf(names + at, sizeof names - at,
			                       "%s%s", n++ ? ", " : "",
			                       u8c_fn_titles[fn]);
	snprintf(s->out->stopped, sizeof s->out->stopped,
	         "%s hung on %d inputs%s and %s not called again (each hang "
	         "costs the --timeout)",
	         names, HANGS_SET_ASIDE, n > 1 ? " each" : "",
	         n > 1 ? "were" : "was");
}

/* Functions that hung too often are set aside; --max-fatal stops all. */
static void
watch_limits(struct supervisor *s)
{
	unsigned fatal = s->sh->fatal;

	for (unsigned fn = 0; fn < U8C_FNS; fn++) {
		if (s->sh->hangs[fn] < HANGS_SET_ASIDE ||
		    (s->sh->fns_off >> fn & 1u))
			continue;
		s->sh->fns_off |= 1u << fn;
		s->out->set_aside = s->sh->fns_off;
		if (!s->sh->stop)
			say_set_aside(s);
	}
	if (s->cfg->max_fatal > 0 && fatal >= s->cfg->max_fatal &&
	    !s->said_max_fatal) {
		s->sh->stop = 1;
		s->said_max_fatal = 1;
		snprintf(s->out->stopped, sizeof s->out->stopped,
		         "--max-fatal %u: the target crashed, hung or exited "
		         "on %u inputs",
		         s->cfg->max_fatal, fatal);
	}
}

static uint64_t
items_done(const struct supervisor *s)
{
	uint64_t done = 0;

	for (unsigned k = 0; k < s->workers; k++)
		done += s->sh->slots[k].judged;
	return done;
}

static void
tell_progress(struct supervisor *s)
{
	struct u8c_progress p;

	if (s->cfg->progress == NULL || ms_since(&s->last_progress) < 200)
		return;
	now(&s->last_progress);
	p.phase = s->phase;
	p.done = items_done(s);
	p.total = s->total_items;
	p.seconds = ms_since(&s->start) / 1e3;
	s->cfg->progress(s->cfg->progress_ctx, &p);
}

/* One look at everything, after waiting up to TICK_MS for output. */
static void
pump(struct supervisor *s)
{
	struct pollfd fds[3 + U8C_SLOTS];
	nfds_t n = 0;

	fds[n++] = (struct pollfd){self_pipe[0], POLLIN, 0};
	fds[n++] = (struct pollfd){s->j.load_out[0], POLLIN, 0};
	fds[n++] = (struct pollfd){s->j.unload_out[0], POLLIN, 0};
	for (unsigned k = 0; k <= s->fresh; k++)
		fds[n++] = (struct pollfd){s->j.slot_out[k][0], POLLIN, 0};
	if (poll(fds, n, TICK_MS) > 0 && (fds[0].revents & POLLIN))
		drain(self_pipe[0]);
	read_outputs(s);
	if (stop_signal != 0 && !s->sh->stop) {
		s->sh->stop = 1;
		s->out->interrupted = stop_signal;
		snprintf(s->out->stopped, sizeof s->out->stopped,
		         "interrupted by SIG%s", sigabbrev_np(stop_signal));
		for (unsigned k = 0; k <= s->fresh; k++)
			quit(s, k);
	}
	for (unsigned k = 0; k <= s->fresh; k++)
		watch_slot(s, k);
	if (s->loaded && s->sh->server_ended && !s->unloading)
		broken(s, "u8conform: the fork server ended%s", "");
	watch_limits(s);
	tell_progress(s);
}

/* --- loading -------------------------------------------------------- */

static const char *
step_name(uint32_t step)
{
	switch (step) {
	case U8C_LOAD_STARTING:
		return "before its constructors, as the jail started it";
	case U8C_LOAD_VERSION:
		return "in u8t_abi_version()";
	case U8C_LOAD_NAME:
		return "in u8t_name()";
	case U8C_LOAD_TRAITS:
		return "in u8t_traits()";
	case U8C_LOAD_SYMBOLS:
		return "while its functions were looked up";
	case U8C_LOAD_STREAM_SIZE:
		return "in u8t_stream_size()";
	case U8C_LOAD_DONE:
		return "just after loading";
	default:
		return "in its constructors";
	}
}

static void
load_failed(struct supervisor *s, const char *what)
{
	snprintf(s->out->error, sizeof s->out->error,
	         "u8conform: %s: loading it %s %s; nothing was judged",
	         s->cfg->path, what, step_name(s->sh->load.step));
	s->out->status = U8C_SANDBOX_NO_TARGET;
}

/* Waits for the target to be loaded and the fork server up: 0, or -1
 * with out->error said. */
static int
wait_loaded(struct supervisor *s, struct stillness *t)
{
	char what[128];
	int detail = 0;

	for (;;) {
		pump(s);
		if (s->sh->load.step == U8C_LOAD_SERVING)
			return 0;
		if (s->sh->load.step == U8C_LOAD_REFUSED) {
			char err[sizeof s->sh->load.error + 1];

			memcpy(err, s->sh->load.error,
			       sizeof s->sh->load.error);
			err[sizeof err - 1] = '\0';
			snprintf(s->out->error, sizeof s->out->error,
			         "u8conform: %s", err);
			s->out->status = U8C_SANDBOX_NO_TARGET;
			return -1;
		}
		if (s->sh->loader_ended) {
			say_end(s->sh->loader_status, &detail, what,
			        sizeof what);
			load_failed(s, what);
			return -1;
		}
		if (stop_signal != 0) {
			load_failed(s, "was interrupted");
			return -1;
		}
		if (target_too_long(s, t, s->sh->loader_pid)) {
			snprintf(what, sizeof what,
			         "took longer than the %u ms timeout",
			         s->cfg->timeout_ms);
			load_failed(s, what);
			return -1;
		}
	}
}

static int
load(struct supervisor *s)
{
	struct stillness t = {.clock = U8C_CPU_CLOCK_NONE};
	int loaded;

	moved(&t);
	loaded = wait_loaded(s, &t);
	u8c_cpu_clock_reset(&t.clock);
	if (loaded != 0)
		return -1;
	s->loaded = 1;
	s->out->abi_version = s->sh->load.abi_version;
	s->out->exports = s->sh->load.exports & U8C_ALL_FNS;
	s->out->traits = s->sh->load.traits;
	s->out->name_len = s->sh->load.name_len < U8C_NAME_MAX
	                       ? s->sh->load.name_len
	                       : U8C_NAME_MAX;
	memcpy(s->out->name, s->sh->load.name, s->out->name_len);
	return 0;
}

/* Processes of the jail beyond init, the loader and the fork server,
 * right after loading: what the constructors started.  In a namespace
 * its members are found by their namespace; else by the jail's
 * session. */
static int
spawned_while_loading(struct supervisor *s)
{
	char path[64], link[64], mine[64] = "";
	struct dirent *e;
	int count = 0, pid, session;
	FILE *f;
	DIR *d;

	snprintf(path, sizeof path, "/proc/%d/ns/pid", (int)s->sh->init_pid);
	if (s->sh->jail_ns && readlink(path, mine, sizeof mine - 1) <= 0)
		return 0;
	if ((d = opendir("/proc")) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if ((pid = atoi(e->d_name)) <= 0 || pid == (int)s->jail)
			continue;
		if (s->sh->jail_ns) {
			ssize_t n;

			snprintf(path, sizeof path, "/proc/%d/ns/pid", pid);
			memset(link, 0, sizeof link);
			n = readlink(path, link, sizeof link - 1);
			count += n > 0 && strcmp(link, mine) == 0;
			continue;
		}
		snprintf(path, sizeof path, "/proc/%d/stat", pid);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		/* pid (comm) state ppid pgrp session: comm may hold spaces
		 * and parentheses, so read from its last ')' */
		{
			char line[512], *close;

			if (fgets(line, sizeof line, f) != NULL &&
			    (close = strrchr(line, ')')) != NULL &&
			    sscanf(close + 1, " %*c %*d %*d %d", &session) == 1)
				count += session == (int)s->jail;
		}
		fclose(f);
	}
	closedir(d);
	/* init (the jail itself without a namespace), loader, fork server */
	return count > (s->sh->jail_ns ? 3 : 2);
}

/* Whether the jail's /proc is a mount of its own, which shows the jail
 * alone: seen from here, through init's root, not taken from the jail's
 * word. */
static int
proc_is_private(const struct supervisor *s)
{
	struct stat jail, host;
	char path[64];

	snprintf(path, sizeof path, "/proc/%d/root/proc", (int)s->sh->init_pid);
	return s->sh->jail_ns && stat(path, &jail) == 0 &&
	       stat("/proc", &host) == 0 && jail.st_dev != host.st_dev;
}

/* --- running -------------------------------------------------------- */

/* Whether no worker of slots first..last is still on an order. */
static int
all_idle(struct supervisor *s, unsigned first, unsigned last)
{
	for (unsigned k = first; k <= last; k++)
		if (s->w[k].alive && !idle(&s->sh->slots[k]))
			return 0;
	return 1;
}

static void
run_row(struct supervisor *s, uint32_t row)
{
	const struct u8c_plan_row *r = &s->cfg->plan->rows[row];
	struct u8c_order o;

	int capture = row == 0 && s->cfg->capture && r->count > 0;
	uint64_t before = items_done(s);

	s->phase = r->family->name;
	/* --input: the first worker takes the first item itself, and keeps
	 * its answers */
	s->sh->rows[row].next = r->first + (capture ? 1 : 0);
	memset(&o, 0, sizeof o);
	o.row = row;
	o.take_more = 1;
	for (unsigned k = 0; k < s->workers; k++) {
		o.lo = r->first;
		o.hi = r->first + (k == 0 && capture ? 1 : 0);
		o.capture = k == 0 && capture;
		give(s, k, &o);
		if (!s->w[k].alive)
			start(s, k);
	}
	while (!s->broken && !all_idle(s, 0, s->workers - 1))
		pump(s);
	s->out->row_judged[row] = (size_t)(items_done(s) - before);
}

/* The fresh answers of the state probe, from a worker that has made no
 * call yet. */
static void
fresh_probes(struct supervisor *s)
{
	struct u8c_order o;
	int probes = 0;

	for (size_t r = 0; r < s->cfg->plan->nrows; r++)
		probes |= s->cfg->plan->rows[r].probes;
	if (!probes || !(s->sh->load.exports & U8C_DECODING_FNS))
		return;
	memset(&o, 0, sizeof o);
	o.fresh = 1;
	give(s, s->fresh, &o);
	start(s, s->fresh);
	while (!s->broken && s->w[s->fresh].alive &&
	       !idle(&s->sh->slots[s->fresh]))
		pump(s);
	quit(s, s->fresh);
	while (s->w[s->fresh].alive && !s->broken)
		pump(s);
	/* what the probes met counts like any finding */
	u8c_tally_merge(s->own, &s->sh->tallies[s->fresh]);
	u8c_tally_merge(s->own, s->recheck);
	memset(s->recheck, 0, sizeof *s->recheck);
}

/* Judges one example's item again in a fresh worker: 1 when check @c
 * fails there too. */
static int
recheck_one(struct supervisor *s, enum u8c_check_id c,
            const struct u8c_example *e)
{
	struct u8c_tallies *fresh = &s->sh->tallies[s->fresh];
	struct u8c_order o;

	memset(fresh, 0, sizeof *fresh);
	memset(s->recheck, 0, sizeof *s->recheck);
	memset(&o, 0, sizeof o);
	o.row = e->run;
	o.lo = e->index;
	o.hi = e->index + 1;
	give(s, s->fresh, &o);
	start(s, s->fresh);
	while (!s->broken && s->w[s->fresh].alive &&
	       !idle(&s->sh->slots[s->fresh]))
		pump(s);
	pump(s); /* its last output, and its end if it died */
	quit(s, s->fresh);
	while (s->w[s->fresh].alive && !s->broken)
		pump(s);
	return fresh->t[c].failed + s->recheck->t[c].failed > 0;
}

/* Every check's counterexamples, smallest first, until one fails again
 * in a fresh worker: that one is reported first. */
static void
recheck(struct supervisor *s, struct u8c_tallies *total)
{
	s->phase = "re-checking counterexamples";
	/* every function is called again, whatever stopped the run */
	s->sh->stop = 0;
	s->sh->fns_off = 0;
	for (int c = 0; c < U8C_CHECKS && !s->broken && !stop_signal &&
	                s->starts_failed < STARTS_FAILED;
	     c++) {
		struct u8c_tally *t = &total->t[c];

		for (unsigned k = 0; k < t->nexamples; k++) {
			struct u8c_example *e = &t->ex[k], first;

			if (e->during != U8C_DURING_ITEM ||
			    e->run >= s->cfg->plan->nrows)
				break;
			e->reproduced =
			    (int8_t)recheck_one(s, (enum u8c_check_id)c, e);
			if (!e->reproduced)
				continue;
			first = *e;
			memmove(&t->ex[1], &t->ex[0], k * sizeof t->ex[0]);
			t->ex[0] = first;
			break;
		}
	}
}

/* --- the end -------------------------------------------------------- */

/* What each worker holds once the rows are done counts too, however
 * short the run was: looked up afresh, and charged to the item it was
 * on last; so does a worker killed for it whose end is not seen yet
 * (the rows end when every worker is idle, not when it is gone). */
static void
memory_at_end(struct supervisor *s)
{
	for (unsigned k = 0; k < s->workers; k++) {
		struct watch *w = &s->w[k];

		if (!w->alive || w->quitting)
			continue;
		u8c_cpu_clock_look_again(&w->still.clock);
		if (w->held_mib > 0 || holds_too_much(s, k)) {
			fate_of_slot(s, k, U8C_FATE_MEMORY, U8C_FN_ANY,
			             w->held_mib);
			w->quitting = 1; /* its end is counted now */
		}
	}
}

static void
stop_workers(struct supervisor *s)
{
	struct timespec t0;

	s->sh->stop = 1;
	for (unsigned k = 0; k <= s->fresh; k++)
		quit(s, k);
	now(&t0);
	for (;;) {
		int alive = 0;

		for (unsigned k = 0; k <= s->fresh; k++)
			alive |= s->w[k].alive;
		if (!alive || s->broken || ms_since(&t0) > TEARDOWN_MS)
			return;
		pump(s);
	}
}

/* Unloads the target in the fork server: its destructors and atexit
 * handlers run, and must neither write, exit, crash nor hang. */
static void
unload(struct supervisor *s)
{
	struct stillness t = {.clock = U8C_CPU_CLOCK_NONE};
	int detail = 0, status;

	read_outputs(s); /* what came before is loading's */
	s->unloading = 1;
	s->phase = "unloading";
	command(s, U8C_CMD_UNLOAD, 0, 0);
	moved(&t);
	while (!s->sh->server_ended &&
	       !target_too_long(s, &t, s->sh->server_pid))
		pump(s);
	u8c_cpu_clock_reset(&t.clock);
	read_outputs(s);
	if (!s->sh->server_ended) {
		fate_around(s, U8C_FATE_HANG, U8C_DURING_UNLOADING, 0);
		return;
	}
	status = s->sh->server_status;
	if (WIFEXITED(status) && WEXITSTATUS(status) == U8C_EXIT_UNLOADED)
		return;
	fate_around(s, fate_of_status(status, &detail), U8C_DURING_UNLOADING,
	            detail);
}

/* The loader holds the threads the constructors started; its death
 * while the plan ran is theirs. */
static void
loader_fate(struct supervisor *s)
{
	int detail = 0;

	if (s->sh->loader_ended)
		fate_around(s, fate_of_status(s->sh->loader_status, &detail),
		            U8C_DURING_LOADING, detail);
}

static void
teardown(struct supervisor *s)
{
	struct timespec t0;
	int status;

	close(s->j.lifeline[1]);
	s->j.lifeline[1] = -1;
	now(&t0);
	while (waitpid(s->jail, &status, WNOHANG) == 0) {
		if (ms_since(&t0) > TEARDOWN_MS) {
			kill(s->jail, SIGKILL);
			waitpid(s->jail, &status, 0);
			break;
		}
		usleep(1000);
	}
}

/* --- setting up ------------------------------------------------------ */

static int
make_pipe(int p[2])
{
	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	return fcntl(p[0], F_SETFL, O_NONBLOCK);
}

static void
close_pipe(int p[2])
{
	for (int e = 0; e < 2; e++)
		if (p[e] >= 0)
			close(p[e]);
	p[0] = p[1] = -1;
}

static int
setup(struct supervisor *s)
{
	struct sigaction sa;

	s->sh = mmap(NULL, sizeof *s->sh, PROT_READ | PROT_WRITE,
	             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s->sh == MAP_FAILED) {
		s->sh = NULL;
		return -1;
	}
	s->j.sh = s->sh;
	s->sh->max_fatal = s->cfg->max_fatal;
	s->j.plan = s->cfg->plan;
	s->j.path = s->cfg->path;
	s->j.symbol = s->cfg->symbol;
	s->j.shape = s->cfg->shape;
	s->j.expect = s->cfg->expect;
	s->j.slots = s->workers + 1;
	s->j.namespaces = s->cfg->namespaces;
	if (self_pipe[0] < 0 && make_pipe(self_pipe) != 0)
		return -1;
	if (make_pipe(s->j.cmd) != 0 || make_pipe(s->j.lifeline) != 0 ||
	    make_pipe(s->j.load_out) != 0 || make_pipe(s->j.unload_out) != 0)
		return -1;
	/* commands block: the fork server reads them one by one */
	fcntl(s->j.cmd[0], F_SETFL, 0);
	for (unsigned k = 0; k < s->j.slots; k++)
		if (make_pipe(s->j.slot_out[k]) != 0)
			return -1;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	/* not dumpable, and so neither is the jail: without CAP_SYS_PTRACE,
	 * which workers drop, no /proc/<pid>/mem or fd/ of ours opens */
	prctl(PR_SET_DUMPABLE, 0);
	fflush(NULL);
	if ((s->jail = fork()) < 0)
		return -1;
	if (s->jail == 0)
		u8c_jail_main(&s->j);
	close(s->j.cmd[0]);
	close(s->j.lifeline[0]);
	close(s->j.load_out[1]);
	close(s->j.unload_out[1]);
	for (unsigned k = 0; k < s->j.slots; k++)
		close(s->j.slot_out[k][1]);
	s->j.cmd[0] = s->j.lifeline[0] = s->j.load_out[1] = s->j.unload_out[1] =
	    -1;
	for (unsigned k = 0; k < s->j.slots; k++)
		s->j.slot_out[k][1] = -1;
	return 0;
}

static void
release(struct supervisor *s)
{
	close_pipe(s->j.cmd);
	close_pipe(s->j.lifeline);
	close_pipe(s->j.load_out);
	close_pipe(s->j.unload_out);
	for (unsigned k = 0; k < s->j.slots; k++)
		close_pipe(s->j.slot_out[k]);
	for (unsigned k = 0; k < U8C_SLOTS; k++)
		u8c_cpu_clock_reset(&s->w[k].still.clock);
	if (s->sh != NULL)
		munmap(s->sh, sizeof *s->sh);
	free(s->own);
	free(s->recheck);
}

static void
init_pipes(struct u8c_jail *j)
{
	j->cmd[0] = j->cmd[1] = j->lifeline[0] = j->lifeline[1] = -1;
	j->load_out[0] = j->load_out[1] = -1;
	j->unload_out[0] = j->unload_out[1] = -1;
	for (unsigned k = 0; k < U8C_SLOTS; k++)
		j->slot_out[k][0] = j->slot_out[k][1] = -1;
}

enum u8c_sandbox_status
u8c_sandbox_run(const struct u8c_sandbox_config *cfg,
                struct u8c_sandbox_outcome *out)
{
	struct supervisor s;

	memset(&s, 0, sizeof s);
	memset(out, 0, sizeof *out);
	init_pipes(&s.j);
	for (unsigned k = 0; k < U8C_SLOTS; k++)
		s.w[k].still.clock = (struct u8c_cpu_clock)U8C_CPU_CLOCK_NONE;
	s.cfg = cfg;
	s.out = out;
	s.workers = cfg->jobs < 1                 ? 1
	            : cfg->jobs > U8C_MAX_WORKERS ? U8C_MAX_WORKERS
	                                          : cfg->jobs;
	s.fresh = s.workers;
	s.phase = "loading";
	s.total_items = u8c_plan_items(cfg->plan, U8C_ITEM_BYTES) +
	                u8c_plan_items(cfg->plan, U8C_ITEM_CODE_POINT);
	now(&s.start);
	s.last_progress = s.start;
	s.own = calloc(1, sizeof *s.own);
	s.recheck = calloc(1, sizeof *s.recheck);
	if (s.own == NULL || s.recheck == NULL || setup(&s) != 0) {
		snprintf(out->error, sizeof out->error,
		         "u8conform: cannot set up the jail: %s",
		         strerror(errno));
		out->status = U8C_SANDBOX_BROKEN;
		if (s.jail > 0)
			teardown(&s);
		release(&s);
		return out->status;
	}
	if (load(&s) == 0) {
		out->namespaced = s.sh->jail_ns;
		out->private_proc = proc_is_private(&s);
		if (spawned_while_loading(&s))
			fate_around(&s, U8C_FATE_SPAWN, U8C_DURING_LOADING, 0);
		if (s.sh->load.stream_declared)
			u8c_judge_stream_size(s.own, cfg->expect,
			                      s.sh->load.stream_size);
		fresh_probes(&s);
		for (uint32_t r = 0; r < cfg->plan->nrows && !s.sh->stop; r++)
			run_row(&s, r);
		memory_at_end(&s);
		out->complete = !s.sh->stop && s.sh->fns_off == 0 && !s.broken;
		for (unsigned k = 0; k < s.workers; k++)
			u8c_tally_merge(&out->total, &s.sh->tallies[k]);
		u8c_tally_merge(&out->total, s.own);
		/* what happens after the merge: a worker's end seen late
		 * (a thread of the target's that kills it after its last
		 * item), loading's and unloading's fates */
		memset(s.own, 0, sizeof *s.own);
		if (!stop_signal && !s.broken)
			recheck(&s, &out->total);
		stop_workers(&s);
		loader_fate(&s);
		if (!s.broken && !stop_signal)
			unload(&s);
		u8c_tally_merge(&out->total, s.own);
		out->capture = s.sh->capture;
		out->status = s.no_target ? U8C_SANDBOX_NO_TARGET
		              : s.broken  ? U8C_SANDBOX_BROKEN
		                          : U8C_SANDBOX_DONE;
	}
	teardown(&s);
	release(&s);
	return out->status;
}
