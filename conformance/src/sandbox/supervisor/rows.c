/* SPDX-License-Identifier: MIT */
/*
 * rows.c - the plan's rows, fed to the workers chunk by chunk.
 */
#define _GNU_SOURCE
#include "supervisor.h"

/* Whether no worker of slots first..last is still on an order. */
static int
all_idle(struct supervisor *s, unsigned first, unsigned last)
{
	for (unsigned k = first; k <= last; k++)
		if (u8c_life_alive(s->w[k].life) && !sup_idle(&s->sh->slots[k]))
			return 0;
	return 1;
}

/* What every worker handed over is judged, before anything is counted. */
void
sup_judged_all(struct supervisor *s)
{
	for (unsigned k = 0; k <= s->fresh; k++) {
		u8c_judges_lock(&s->judges, k);
		if (u8c_judges_drain(&s->judges, k))
			u8c_reader_overwritten(READER(s, k), 0);
		u8c_judges_unlock(&s->judges, k);
	}
}

/* Items of row @row not given to a worker yet, from @next on, in chunks
 * each slot's worker takes one after the other. */
struct feed {
	uint32_t row;
	size_t next, end, chunk;
};

/* Gives slot @k the next chunk of @f, if its worker holds fewer orders
 * than it can; 1 when one was given. */
static int
feed_slot(struct supervisor *s, unsigned k, struct feed *f, int capture)
{
	struct u8c_order o;

	if (f->next >= f->end || s->stop_asked)
		return 0;
	memset(&o, 0, sizeof o);
	o.row = f->row;
	o.lo = f->next;
	o.hi = capture ? f->next + 1 : f->next + f->chunk;
	o.hi = o.hi < f->end ? o.hi : f->end;
	if (sup_give(s, k, &o) != 0)
		return 0;
	f->next = o.hi;
	sup_step(s, k, U8C_EV_START); /* if none is there */
	return 1;
}

/* Whether every order given in the row was judged to its end. */
static int
row_judged(struct supervisor *s)
{
	for (unsigned k = 0; k < s->workers; k++) {
		struct u8c_order rest[U8C_ORDERS];
		unsigned n;

		u8c_judges_lock(&s->judges, k);
		n = u8c_reader_rest(READER(s, k), rest);
		u8c_judges_unlock(&s->judges, k);
		if (n > 0)
			return 0;
	}
	return 1;
}

void
sup_run_row(struct supervisor *s, uint32_t row)
{
	const struct u8c_plan_row *r = &s->cfg->plan->rows[row];
	int capture = row == 0 && s->cfg->capture && r->count > 0;
	uint64_t before = sup_items_done(s);
	struct feed f = {row, r->first, r->first + r->count,
	                 r->count / (s->workers * 8u)};

	/* --functions stream on the inputs the stream is not cut on, say:
	 * a worker would go through each item to call nothing */
	if (!u8c_plan_row_calls(r, s->cfg->plan->functions & s->cx.exports &
	                               ~s->fns_off)) {
		s->total_items -= r->count;
		s->out->row_judged[row] = 0;
		return;
	}
	f.chunk = f.chunk < 1 ? 1 : f.chunk > 65536 ? 65536 : f.chunk;
	if (s->cfg->exec && f.chunk > EXEC_ORDER_ITEMS)
		f.chunk = EXEC_ORDER_ITEMS;
	s->phase = r->family->name;
	/* --input: the first worker takes the first item alone, and its
	 * judge keeps its answers */
	if (capture) {
		READER(s, 0)->capture = &s->capture;
		READER(s, 0)->keep_row = row;
		READER(s, 0)->keep_index = r->first;
		feed_slot(s, 0, &f, 1);
	}
	while (!s->broken && !s->stop_asked) {
		for (unsigned k = 0; k < s->workers; k++)
			while (feed_slot(s, k, &f, 0))
				;
		if (f.next >= f.end && all_idle(s, 0, s->workers - 1)) {
			/* the rest is in the rings, or an order was left
			 * unfinished (the worker stopped early): judged now,
			 * or given again */
			sup_judged_all(s);
			if (row_judged(s))
				break;
			for (unsigned k = 0; k < s->workers; k++)
				if (u8c_life_alive(s->w[k].life) &&
				    sup_idle(&s->sh->slots[k]))
					sup_forged(s, k); /* it skipped them */
		}
		/* every order given: the row ends with the last ones */
		if (f.next >= f.end)
			sup_pump_soon(s);
		else
			sup_pump(s);
	}
	sup_judged_all(s);
	for (unsigned k = 0; k < s->workers; k++) {
		u8c_judges_lock(&s->judges, k);
		u8c_reader_settle(READER(s, k));
		u8c_judges_unlock(&s->judges, k);
	}
	s->out->row_judged[row] = (size_t)(sup_items_done(s) - before);
}
