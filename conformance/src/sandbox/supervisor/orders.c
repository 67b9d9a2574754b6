/* SPDX-License-Identifier: MIT */
/*
 * orders.c - what the supervisor tells the jail: commands to the fork server,
 * orders to workers.
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <sys/syscall.h>

#include "supervisor.h"

/* Workers take no more items: they are ended, whatever orders they
 * hold (a worker does not read a word it could write to stop). */
void
sup_stop_run(struct supervisor *s)
{
	s->stop_asked = 1;
	for (unsigned k = 0; k < s->workers; k++)
		sup_step(s, k, U8C_EV_QUIT);
}

void
sup_broken(struct supervisor *s, const char *fmt, const char *detail)
{
	char line[sizeof s->out->error + 64];

	if (s->broken)
		return;
	s->broken = 1;
	snprintf(line, sizeof line, fmt, detail);
	memcpy(s->out->error, line, sizeof s->out->error - 1);
	sup_stop_run(s);
}

void
sup_command(struct supervisor *s, uint32_t op, unsigned slot, int sig)
{
	struct u8c_command c = {op, slot, sig};

	if (write(s->j.cmd[1], &c, sizeof c) != (ssize_t)sizeof c)
		sup_broken(s, "u8conform: the fork server does not listen%s",
		           "");
}

/* What changes whenever a worker moves on to another call. */
uint64_t
sup_beat(const struct u8c_slot *slot)
{
	return (slot->judged + slot->calls) * (U8C_PHASE_IDLE + 1) +
	       slot->phase;
}

int
sup_idle(const struct u8c_slot *slot)
{
	return __atomic_load_n(&slot->done_seq, __ATOMIC_ACQUIRE) ==
	       __atomic_load_n(&slot->order_seq, __ATOMIC_ACQUIRE);
}

/* Slot @k's worker is given @o, and its judge is told: the items it
 * will take answers to next.  0, or -1 when the slot holds U8C_ORDERS
 * not judged to their end. */
int
sup_give(struct supervisor *s, unsigned k, const struct u8c_order *o)
{
	struct u8c_slot *slot = &s->sh->slots[k];
	struct u8c_order given = *o;
	uint32_t seq = s->w[k].given;
	int refused;

	/* what it calls is the supervisor's word, in the order */
	given.functions = s->cfg->plan->functions & s->cx.exports & ~s->fns_off;
	given.fresh_ok = (uint32_t)s->cx.fresh_ok;
	given.count_now = s->cfg->max_fatal > 0;
	u8c_judges_lock(&s->judges, k);
	refused = u8c_reader_expect(READER(s, k), given);
	u8c_judges_unlock(&s->judges, k);
	if (refused)
		return -1;
	slot->orders[seq % U8C_ORDERS] = given;
	s->w[k].given = seq + 1;
	sup_moved(&s->w[k].still);
	__atomic_store_n(&slot->order_seq, seq + 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, &slot->order_seq, FUTEX_WAKE, 1, NULL, NULL, 0);
	return 0;
}

/* Slot @k's worker ended: the orders it held are void (the next worker
 * starts after them), and so is what its judge expected. */
void
sup_void_orders(struct supervisor *s, unsigned k)
{
	struct u8c_slot *slot = &s->sh->slots[k];

	u8c_judges_lock(&s->judges, k);
	u8c_reader_forget(READER(s, k));
	u8c_judges_unlock(&s->judges, k);
	s->w[k].voided = s->w[k].given;
	slot->done_seq = slot->order_seq = s->w[k].given;
}

/* The act of a worker's start (U8C_ACT_START): its slot is made ready
 * and the fork server told to fork it. */
void
sup_fork_worker(struct supervisor *s, unsigned k)
{
	struct u8c_slot *slot = &s->sh->slots[k];
	struct watch *w = &s->w[k];

	slot->hang_why = 0;
	slot->log_len = 0;
	sup_sanitizer_forget(s, k); /* what the last one reported is judged */
	slot->phase = U8C_PHASE_IDLE;
	slot->up = 0;
	/* it begins at the first order it holds */
	slot->done_seq = w->voided;
	slot->order_seq = w->given;
	w->held_mib = w->forged_seen = 0;
	w->forked_before =
	    __atomic_load_n(&s->sh->server[k].started, __ATOMIC_ACQUIRE);
	/* its ring starts where the judge is */
	u8c_judges_lock(&s->judges, k);
	u8c_judges_restart(&s->judges, k);
	u8c_judges_unlock(&s->judges, k);
	w->heartbeat = sup_beat(slot);
	u8c_cpu_clock_reset(&w->still.clock);
	sup_moved(&w->still);
	sup_command(s, U8C_CMD_START, k, 0);
}
