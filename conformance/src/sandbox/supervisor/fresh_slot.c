/* SPDX-License-Identifier: MIT */
/*
 * fresh_slot.c - the fresh slot: the state probe's fresh answers, and each
 * counterexample judged again in a worker of its own.
 */
#define _GNU_SOURCE
#include "supervisor.h"

/* Order @o alone in the fresh slot, in a worker of its own, judged to
 * its end. */
static void
run_fresh(struct supervisor *s, const struct u8c_order *o)
{
	const struct watch *w = &s->w[s->fresh];

	sup_void_orders(s, s->fresh);
	sup_give(s, s->fresh, o);
	sup_step(s, s->fresh, U8C_EV_START);
	while (!s->broken && u8c_life_alive(w->life) &&
	       !sup_idle(&s->sh->slots[s->fresh]))
		sup_pump_soon(s);
	sup_pump_soon(s); /* its last output, and its end if it died */
	sup_step(s, s->fresh, U8C_EV_QUIT);
	while (u8c_life_alive(w->life) && !s->broken)
		sup_pump_soon(s);
	sup_judged_all(s);
}

/* The fresh answers of the state probe, from a worker that has made no
 * call yet. */
void
sup_fresh_probes(struct supervisor *s)
{
	struct u8c_order o;
	int probes = 0;

	for (size_t r = 0; r < s->cfg->plan->nrows; r++)
		probes |= s->cfg->plan->rows[r].probes;
	if (!probes || !(s->out->exports & U8C_DECODING_FNS))
		return;
	memset(&o, 0, sizeof o);
	o.fresh = 1;
	run_fresh(s, &o);
	/* every probe came back: they are the answers later ones are
	 * held to */
	s->cx.fresh_ok =
	    READER(s, s->fresh)->fresh_got == (1u << U8C_PROBES) - 1;
	/* what the probes met counts like any finding */
	u8c_tally_merge(s->own, &s->tallies[s->fresh]);
	u8c_tallies_clear(&s->tallies[s->fresh]);
}

/* Judges one example's item again in a fresh worker: 1 when check @c
 * fails there too. */
static int
recheck_one(struct supervisor *s, enum u8c_check_id c,
            const struct u8c_example *e)
{
	struct u8c_tallies *fresh = &s->tallies[s->fresh];
	struct u8c_order o;

	u8c_tallies_clear(fresh);
	u8c_reader_abandon(READER(s, s->fresh));
	/* its tallies are new: an item charged before counts again */
	READER(s, s->fresh)->ring_charged.has = 0;
	memset(&o, 0, sizeof o);
	o.row = e->run;
	o.lo = e->index;
	o.hi = e->index + 1;
	o.careful = 1; /* a call that writes over its ring is caught at it */
	run_fresh(s, &o);
	return fresh->t[c].failed > 0;
}

/* Every check's counterexamples, smallest first, until one fails again
 * in a fresh worker: that one is reported first. */
void
sup_recheck(struct supervisor *s, struct u8c_tallies *total)
{
	s->phase = "re-checking counterexamples";
	/* every function is called again, whatever stopped the run */
	s->stop_asked = 0;
	s->fns_off = 0;
	for (int c = 0; c < U8C_CHECKS && !s->broken && !sup_stop_signal &&
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
