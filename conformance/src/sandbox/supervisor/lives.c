/* SPDX-License-Identifier: MIT */
/*
 * lives.c - what the supervisor does at each step of a worker's life
 * (life.c), above all when it ends: every change of a worker's state
 * goes through sup_step.
 */
#define _GNU_SOURCE
#include "supervisor.h"

/*
 * Slot @k's worker ended: the next one takes up what its judge says is
 * left of the orders it held, from the item it was on (@skip 1: from the
 * one after it), not calling the phases @dead on that item again.  An
 * item that ended @death workers in a row is given up after
 * DEATHS_PER_ITEM: nothing of it can be judged.
 */
static void
resume(struct supervisor *s, unsigned k, size_t skip, uint32_t dead, int death)
{
	struct watch *w = &s->w[k];
	struct u8c_order rest[U8C_ORDERS];
	unsigned n;

	u8c_judges_lock(&s->judges, k);
	n = u8c_reader_rest(READER(s, k), rest);
	u8c_judges_unlock(&s->judges, k);
	sup_void_orders(s, k);
	if (n == 0 || k == s->fresh)
		return;
	rest[0].lo += skip;
	rest[0].dead = skip ? 0 : rest[0].dead | dead;
	if (death && w->death_row == rest[0].row &&
	    w->death_item == rest[0].lo) {
		if (++w->deaths >= DEATHS_PER_ITEM) {
			rest[0].lo++;
			rest[0].dead = 0;
		}
	} else if (death) {
		w->death_row = rest[0].row;
		w->death_item = rest[0].lo;
		w->deaths = 0;
	}
	for (unsigned i = 0; i < n; i++)
		if (rest[i].lo < rest[i].hi)
			sup_give(s, k, &rest[i]);
	sup_step(s, k, U8C_EV_START);
}

/* Slot @k's worker ended before it came up: no target code runs there
 * first (the fork server runs no fork handler), but a lock a target
 * thread held when the loader forked the fork server can stay held
 * (in a sanitized build, say).  Its own code's word says why, if it
 * left one; else its status, or @timed_out: it did not come up in
 * time.  It is tried again with the same order, a few times; then the
 * run stops, and if no worker ever came up, nothing was judged, as
 * when loading fails. */
static void
start_failed(struct supervisor *s, unsigned k, int status, int timed_out)
{
	const struct u8c_slot *slot = &s->sh->slots[k];
	char what[224];
	int detail = 0;
	enum u8c_fate fate = U8C_FATE_HANG;

	/* believed only before it came up: later, target code has run
	 * there and could have written it */
	if (!timed_out && slot->log_len > 0 && slot->phase >= U8C_PHASES &&
	    !slot->up) {
		char log[U8C_LOG_MAX + 1];
		size_t n =
		    slot->log_len < U8C_LOG_MAX ? slot->log_len : U8C_LOG_MAX;

		memcpy(log, slot->log, n);
		log[n] = '\0';
		for (size_t i = 0; i < n; i++)
			if ((unsigned char)log[i] < 0x20 && log[i] != '\n')
				log[i] = '?';
		sup_broken(s, "u8conform: a worker failed:\n%s", log);
		return;
	}
	if (timed_out)
		snprintf(
		    what, sizeof what,
		    "did not come up within %u times the %u ms timeout: %s",
		    BLOCKED_TIMES, s->cfg->timeout_ms, s->w[k].still.said);
	else
		fate = sup_say_end(status, &detail, what, sizeof what);
	if (s->starts_failed++ == 0)
		sup_fate_around(s, fate, U8C_DURING_LOADING, detail);
	if (s->starts_failed < STARTS_FAILED) {
		sup_step(s, k, U8C_EV_START); /* its order is still there */
		return;
	}
	sup_stop_run(s);
	if (!s->ever_up) {
		snprintf(s->out->error, sizeof s->out->error,
		         "u8conform: %s: %u workers in a row could not start "
		         "(the last %s before its first call); nothing was "
		         "judged",
		         s->cfg->path, STARTS_FAILED, what);
		s->no_target = s->broken = 1;
		return;
	}
	snprintf(s->out->stopped, sizeof s->out->stopped,
	         "%u workers in a row could not start (the last %s before its "
	         "first call)",
	         STARTS_FAILED, what);
}

/* It died in a call (the phase says which: that call's fate, and the
 * item goes on without it), or in our own code or while idle (a thread
 * the target started, or what a call left behind), or stood still
 * there, and the item it was on is judged again. */
static void
charge(struct supervisor *s, unsigned k, enum u8c_fate fate, int detail,
       const char *said)
{
	uint32_t phase = s->sh->slots[k].phase;

	sup_fate_of_slot(s, k, fate, phase < U8C_PHASES ? phase : U8C_FN_ANY,
	                 detail, said);
	u8c_reader_abandon(READER(s, k));
	resume(s, k, 0, phase < U8C_PHASES ? 1u << phase : 0, 1);
}

/* The item whose records broke the protocol is charged, or suspected
 * and its orders replayed carefully: not when the worker @was being
 * ended on purpose, nor in the fresh slot, whose one item is judged
 * once. */
static void
suspect(struct supervisor *s, unsigned k, enum u8c_life was)
{
	u8c_reader_overwritten(READER(s, k),
	                       was != U8C_LIFE_QUITTING && k != s->fresh);
}

void
sup_step(struct supervisor *s, unsigned k, enum u8c_life_event ev)
{
	struct watch *w = &s->w[k];
	int status = s->sh->server[k].status, detail = 0;
	enum u8c_life was = w->life;
	enum u8c_life_act act = u8c_life_step(&w->life, ev);

	/* the acts read or change what the judge knows of the slot */
	u8c_judges_lock(&s->judges, k);
	switch (act) {
	case U8C_ACT_NONE:
	case U8C_LIFE_ACTS:
		break;
	case U8C_ACT_START:
		sup_fork_worker(s, k);
		break;
	case U8C_ACT_CAME_UP:
		s->ever_up = 1;
		s->starts_failed = 0;
		break;
	case U8C_ACT_INTERRUPT:
		/* asked to give up the call: it recovers, records the hang
		 * (which clock ran out, for the finding) and leaves */
		sup_now(&w->interrupted_at);
		s->sh->slots[k].hang_why = w->still.why;
		sup_command(s, U8C_CMD_SIGNAL, k, u8c_hang_signal());
		break;
	case U8C_ACT_KILL:
		sup_command(s, U8C_CMD_SIGNAL, k, SIGKILL);
		break;
	case U8C_ACT_SUSPECT_KILL:
		suspect(s, k, was);
		sup_command(s, U8C_CMD_SIGNAL, k, SIGKILL);
		break;
	case U8C_ACT_SUSPECT:
		suspect(s, k, was);
		break;
	case U8C_ACT_SUSPECT_VOID:
		suspect(s, k, was);
		/* fall through */
	case U8C_ACT_VOID:
		sup_void_orders(s, k);
		break;
	case U8C_ACT_RESUME:
		/* it left between items, for a fresh process (counted as a
		 * death: a worker that says so again and again on one item
		 * does not hold the run) */
		resume(s, k, 0, 0, 1);
		break;
	case U8C_ACT_SUSPECT_RESUME_PAST:
		suspect(s, k, was);
		/* fall through */
	case U8C_ACT_RESUME_PAST:
		resume(s, k, READER(s, k)->in_item ? 1 : 0, 0, 0);
		break;
	case U8C_ACT_START_FAILED:
	case U8C_ACT_START_TIMED_OUT:
		start_failed(s, k, status, act == U8C_ACT_START_TIMED_OUT);
		break;
	case U8C_ACT_CHARGE_STATUS: {
		/* the fate first: it sets detail; a sanitizer's report,
		 * read here, says what the end was */
		char said[U8C_EXAMPLE_TEXT] = "";
		enum u8c_fate fate;

		if (!sup_sanitizer_end(s, k, status, &fate, said, sizeof said))
			fate = sup_fate_of_status(status, &detail);
		charge(s, k, fate, detail, said);
		break;
	}
	case U8C_ACT_CHARGE_HANG:
		charge(s, k, U8C_FATE_HANG, w->still.why, NULL);
		break;
	case U8C_ACT_CHARGE_MEMORY:
		charge(s, k, U8C_FATE_MEMORY, w->held_mib, NULL);
		break;
	case U8C_ACT_CANNOT_FORK:
		sup_broken(s, "u8conform: the fork server cannot fork: %s",
		           strerror(-status));
		break;
	}
	u8c_judges_unlock(&s->judges, k);
}

/* Slot @k's worker has ended: what it handed over before it ended
 * counts first; then what is left of its orders is its judge's word,
 * not the worker's. */
void
sup_on_end(struct supervisor *s, unsigned k)
{
	const struct u8c_slot *slot = &s->sh->slots[k];
	struct watch *w = &s->w[k];
	int status = s->sh->server[k].status;
	enum u8c_life_event ev = U8C_EV_END_DIED;

	u8c_judges_lock(&s->judges, k);
	/* a break its judge found, but not yet stepped on, counts too */
	if ((u8c_judges_drain(&s->judges, k) || s->judges.slot[k]->forged) &&
	    !w->forged_seen) {
		w->forged_seen = 1;
		ev = U8C_EV_END_FORGED;
	} else if (status < 0)
		ev = U8C_EV_END_UNFORKED;
	else if (WIFEXITED(status) && WEXITSTATUS(status) == U8C_EXIT_RETIRED &&
	         slot->phase >= U8C_PHASES)
		ev = U8C_EV_END_RETIRED;
	sup_step(s, k, ev);
	u8c_judges_unlock(&s->judges, k);
}

/* Slot @k's ring broke the protocol: the item that did it is charged,
 * or suspected until a careful replay says, and the worker ended; its
 * end is not a fate of its own.  Once per worker. */
void
sup_forged(struct supervisor *s, unsigned k)
{
	if (s->w[k].forged_seen)
		return;
	s->w[k].forged_seen = 1;
	sup_step(s, k, U8C_EV_FORGED);
}

/* Slot @k's worker is killed if it holds more memory of its own than
 * --memory: its end is that fate, on the item it was on. */
void
sup_check_memory(struct supervisor *s, unsigned k)
{
	struct watch *w = &s->w[k];
	int64_t held = u8c_cpu_clock_private_bytes(&w->still.clock, s->jail,
	                                           s->sh->server[k].pid);

	if (held <= (int64_t)s->cfg->memory_mib << 20)
		return;
	w->held_mib = (int)(held >> 20);
	sup_step(s, k, U8C_EV_MEMORY);
}
