/* SPDX-License-Identifier: MIT */
/*
 * check_life.c - the worker's life (sandbox/supervisor/life.c): every
 * transition a death, a hang, a trap or a lost or late message can
 * cause, as the story of one worker, and the rules every state keeps.
 */
#include <check.h>

#include "life.h"
#include "suites.h"

#define END_OF_STORY U8C_LIFE_EVENTS

/* A worker's story: events in order, the act the last one must call
 * for, and the state it must leave. */
struct story {
	const char *what;
	enum u8c_life_event ev[8]; /* up to END_OF_STORY */
	enum u8c_life_act act;
	enum u8c_life life;
};

#define S(...)                                                                 \
	{                                                                      \
		__VA_ARGS__, END_OF_STORY                                      \
	}
#define START      U8C_EV_START
#define UP         U8C_EV_UP
#define MOVED      U8C_EV_MOVED
#define TIMEOUT    U8C_EV_CALL_TIMEOUT
#define GRACE      U8C_EV_GRACE_OVER
#define STILL      U8C_EV_STILL
#define MEMORY     U8C_EV_MEMORY
#define FORGED     U8C_EV_FORGED
#define QUIT       U8C_EV_QUIT
#define UNFORKED   U8C_EV_END_UNFORKED
#define RETIRED    U8C_EV_END_RETIRED
#define DIED       U8C_EV_END_DIED
#define END_FORGED U8C_EV_END_FORGED

static const struct story stories[] = {
    /* deaths */
    {"dies in a call", S(START, UP, DIED), U8C_ACT_CHARGE_STATUS,
     U8C_LIFE_NONE},
    {"dies before it comes up", S(START, DIED), U8C_ACT_START_FAILED,
     U8C_LIFE_NONE},
    {"exits as if retiring before it comes up", S(START, RETIRED),
     U8C_ACT_START_FAILED, U8C_LIFE_NONE},
    {"cannot be forked", S(START, UNFORKED), U8C_ACT_CANNOT_FORK,
     U8C_LIFE_NONE},
    {"a crash in a call recovered (a trap): it retires", S(START, UP, RETIRED),
     U8C_ACT_RESUME, U8C_LIFE_NONE},
    {"a new worker after a death", S(START, UP, DIED, START), U8C_ACT_START,
     U8C_LIFE_STARTING},
    /* hangs */
    {"a call runs out of time", S(START, UP, TIMEOUT), U8C_ACT_INTERRUPT,
     U8C_LIFE_INTERRUPTED},
    {"it gives up the call", S(START, UP, TIMEOUT, MOVED), U8C_ACT_NONE,
     U8C_LIFE_UP},
    {"it gives up the call and retires", S(START, UP, TIMEOUT, MOVED, RETIRED),
     U8C_ACT_RESUME, U8C_LIFE_NONE},
    {"it retires before its heartbeat is seen", S(START, UP, TIMEOUT, RETIRED),
     U8C_ACT_RESUME, U8C_LIFE_NONE},
    {"it dies of the interruption", S(START, UP, TIMEOUT, DIED),
     U8C_ACT_CHARGE_STATUS, U8C_LIFE_NONE},
    {"it does not give up the call", S(START, UP, TIMEOUT, GRACE), U8C_ACT_KILL,
     U8C_LIFE_KILLED_HUNG},
    {"killed for the hang", S(START, UP, TIMEOUT, GRACE, DIED),
     U8C_ACT_CHARGE_HANG, U8C_LIFE_NONE},
    {"retired just as it was killed: the ring has the hang",
     S(START, UP, TIMEOUT, GRACE, RETIRED), U8C_ACT_RESUME, U8C_LIFE_NONE},
    {"stands still between calls", S(START, UP, STILL), U8C_ACT_KILL,
     U8C_LIFE_KILLED_STILL},
    {"killed for standing still", S(START, UP, STILL, DIED),
     U8C_ACT_CHARGE_HANG, U8C_LIFE_NONE},
    {"does not come up", S(START, STILL), U8C_ACT_KILL, U8C_LIFE_KILLED_UNBORN},
    {"killed for not coming up", S(START, STILL, DIED), U8C_ACT_START_TIMED_OUT,
     U8C_LIFE_NONE},
    {"comes up as it is killed: a hang, not a start", S(START, STILL, UP, DIED),
     U8C_ACT_CHARGE_HANG, U8C_LIFE_NONE},
    /* memory */
    {"holds too much", S(START, UP, MEMORY), U8C_ACT_KILL,
     U8C_LIFE_KILLED_MEMORY},
    {"killed for memory", S(START, UP, MEMORY, DIED), U8C_ACT_CHARGE_MEMORY,
     U8C_LIFE_NONE},
    {"holds too much while interrupted", S(START, UP, TIMEOUT, MEMORY, DIED),
     U8C_ACT_CHARGE_MEMORY, U8C_LIFE_NONE},
    {"memory counted at the end of the rows", S(START, UP, MEMORY, QUIT, DIED),
     U8C_ACT_VOID, U8C_LIFE_NONE},
    /* a ring that broke the protocol */
    {"its ring is forged", S(START, UP, FORGED), U8C_ACT_SUSPECT_KILL,
     U8C_LIFE_KILLED_FORGED},
    {"killed for it: the next item goes on", S(START, UP, FORGED, DIED),
     U8C_ACT_RESUME_PAST, U8C_LIFE_NONE},
    {"forged while killed for a hang: the forgery is charged",
     S(START, UP, TIMEOUT, GRACE, FORGED, DIED), U8C_ACT_RESUME_PAST,
     U8C_LIFE_NONE},
    {"forged while killed for memory: not killed twice",
     S(START, UP, MEMORY, FORGED), U8C_ACT_SUSPECT, U8C_LIFE_KILLED_FORGED},
    {"forged, seen only at its end", S(START, UP, END_FORGED),
     U8C_ACT_SUSPECT_RESUME_PAST, U8C_LIFE_NONE},
    {"forged, and more found at its end", S(START, UP, FORGED, END_FORGED),
     U8C_ACT_RESUME_PAST, U8C_LIFE_NONE},
    /* the run ends */
    {"quit", S(START, UP, QUIT), U8C_ACT_KILL, U8C_LIFE_QUITTING},
    {"quit while starting", S(START, QUIT, DIED), U8C_ACT_VOID, U8C_LIFE_NONE},
    {"quit while interrupted", S(START, UP, TIMEOUT, QUIT), U8C_ACT_KILL,
     U8C_LIFE_QUITTING},
    {"quit after a kill: not killed twice", S(START, UP, STILL, QUIT),
     U8C_ACT_NONE, U8C_LIFE_QUITTING},
    {"ended on purpose: nothing charged", S(START, UP, QUIT, DIED),
     U8C_ACT_VOID, U8C_LIFE_NONE},
    {"forged while quitting: not killed twice", S(START, UP, QUIT, FORGED),
     U8C_ACT_SUSPECT, U8C_LIFE_QUITTING},
    {"forgery found at the end of a quit", S(START, UP, QUIT, END_FORGED),
     U8C_ACT_SUSPECT_VOID, U8C_LIFE_NONE},
    {"the fork server fails as a quit ends", S(START, QUIT, UNFORKED),
     U8C_ACT_VOID, U8C_LIFE_NONE},
    /* messages lost, late or twice */
    {"a heartbeat after the kill", S(START, UP, TIMEOUT, GRACE, MOVED),
     U8C_ACT_NONE, U8C_LIFE_KILLED_HUNG},
    {"a second timeout while interrupted", S(START, UP, TIMEOUT, TIMEOUT),
     U8C_ACT_NONE, U8C_LIFE_INTERRUPTED},
    {"a grace that ends after the call came back",
     S(START, UP, TIMEOUT, MOVED, GRACE), U8C_ACT_NONE, U8C_LIFE_UP},
    {"up said twice", S(START, UP, UP), U8C_ACT_NONE, U8C_LIFE_UP},
    {"an end with no worker", S(DIED), U8C_ACT_NONE, U8C_LIFE_NONE},
    {"an end seen twice", S(START, UP, DIED, DIED), U8C_ACT_NONE,
     U8C_LIFE_NONE},
    {"a start while one is there", S(START, UP, START), U8C_ACT_NONE,
     U8C_LIFE_UP},
    {"a forgery seen twice", S(START, UP, FORGED, FORGED), U8C_ACT_NONE,
     U8C_LIFE_KILLED_FORGED},
    {"a quit with no worker", S(QUIT), U8C_ACT_NONE, U8C_LIFE_NONE},
    {"memory after the kill for a hang", S(START, UP, TIMEOUT, GRACE, MEMORY),
     U8C_ACT_NONE, U8C_LIFE_KILLED_HUNG},
};

START_TEST(test_story)
{
	const struct story *st = &stories[_i];
	enum u8c_life life = U8C_LIFE_NONE;
	enum u8c_life_act act = U8C_ACT_NONE;

	for (unsigned i = 0; st->ev[i] != END_OF_STORY; i++)
		act = u8c_life_step(&life, st->ev[i]);
	ck_assert_msg(act == st->act && life == st->life,
	              "%s: act %s, state %s; want %s, %s", st->what,
	              u8c_life_act_names[act], u8c_life_names[life],
	              u8c_life_act_names[st->act], u8c_life_names[st->life]);
}
END_TEST

static int
is_end(enum u8c_life_event ev)
{
	return ev >= U8C_EV_END_UNFORKED;
}

static int
killed(enum u8c_life life)
{
	return life >= U8C_LIFE_KILLED_HUNG;
}

/* Every end leaves the slot empty, and means something: what a worker
 * held is voided, resumed, charged or retried, never dropped. */
START_TEST(test_every_end_empties_the_slot)
{
	for (int l = U8C_LIFE_STARTING; l < U8C_LIVES; l++)
		for (int ev = 0; ev < U8C_LIFE_EVENTS; ev++) {
			enum u8c_life life = (enum u8c_life)l;
			enum u8c_life_act act;

			if (!is_end((enum u8c_life_event)ev))
				continue;
			act = u8c_life_step(&life, (enum u8c_life_event)ev);
			ck_assert_msg(
			    life == U8C_LIFE_NONE && act >= U8C_ACT_VOID,
			    "%s in %s: %s, %s", u8c_life_event_names[ev],
			    u8c_life_names[l], u8c_life_names[life],
			    u8c_life_act_names[act]);
		}
}
END_TEST

/* Only a start fills an empty slot, and nothing else happens there. */
START_TEST(test_only_a_start_fills_a_slot)
{
	for (int ev = 0; ev < U8C_LIFE_EVENTS; ev++) {
		enum u8c_life life = U8C_LIFE_NONE;
		enum u8c_life_act act =
		    u8c_life_step(&life, (enum u8c_life_event)ev);

		if (ev == U8C_EV_START)
			ck_assert(life == U8C_LIFE_STARTING &&
			          act == U8C_ACT_START);
		else
			ck_assert_msg(
			    life == U8C_LIFE_NONE && act == U8C_ACT_NONE,
			    "%s with no worker: %s", u8c_life_event_names[ev],
			    u8c_life_act_names[act]);
	}
}
END_TEST

/* A worker that was killed is never signalled again, nor started, nor
 * brought back to life; its end is the only event that moves it on,
 * but for a forgery (which outranks the kill's reason) and a quit. */
START_TEST(test_killed_stays_killed)
{
	for (int l = 0; l < U8C_LIVES; l++)
		for (int ev = 0; ev < U8C_LIFE_EVENTS; ev++) {
			enum u8c_life life = (enum u8c_life)l;
			enum u8c_life_act act;

			if (!killed((enum u8c_life)l) ||
			    is_end((enum u8c_life_event)ev))
				continue;
			act = u8c_life_step(&life, (enum u8c_life_event)ev);
			ck_assert_msg(
			    act != U8C_ACT_KILL && act != U8C_ACT_INTERRUPT &&
			        act != U8C_ACT_START &&
			        act != U8C_ACT_SUSPECT_KILL && killed(life),
			    "%s in %s: %s, %s", u8c_life_event_names[ev],
			    u8c_life_names[l], u8c_life_names[life],
			    u8c_life_act_names[act]);
		}
}
END_TEST

/* A quit reaches every worker there is, kills the ones not killed yet,
 * and whatever ends it after is voided, never charged nor resumed. */
START_TEST(test_a_quit_ends_all)
{
	for (int l = U8C_LIFE_STARTING; l < U8C_LIVES; l++) {
		enum u8c_life life = (enum u8c_life)l;
		enum u8c_life_act act = u8c_life_step(&life, U8C_EV_QUIT);

		ck_assert(life == U8C_LIFE_QUITTING);
		ck_assert_msg(l == U8C_LIFE_QUITTING ||
		                  (act == U8C_ACT_KILL) ==
		                      !killed((enum u8c_life)l),
		              "quit in %s: %s", u8c_life_names[l],
		              u8c_life_act_names[act]);
		for (int ev = U8C_EV_END_UNFORKED; ev < U8C_LIFE_EVENTS; ev++) {
			enum u8c_life end = U8C_LIFE_QUITTING;

			act = u8c_life_step(&end, (enum u8c_life_event)ev);
			ck_assert(act == U8C_ACT_VOID ||
			          act == U8C_ACT_SUSPECT_VOID);
		}
	}
}
END_TEST

/* A state or event out of range (a bug, never a target's doing) changes
 * nothing. */
START_TEST(test_out_of_range)
{
	enum u8c_life life = U8C_LIVES;

	ck_assert(u8c_life_step(&life, U8C_EV_START) == U8C_ACT_NONE);
	ck_assert(life == U8C_LIVES);
	life = U8C_LIFE_UP;
	ck_assert(u8c_life_step(&life, U8C_LIFE_EVENTS) == U8C_ACT_NONE);
	ck_assert(life == U8C_LIFE_UP);
}
END_TEST

Suite *
life_suite(void)
{
	Suite *s = suite_create("life");
	TCase *tc = tcase_create("life");

	tcase_add_loop_test(tc, test_story, 0,
	                    (int)(sizeof stories / sizeof stories[0]));
	tcase_add_test(tc, test_every_end_empties_the_slot);
	tcase_add_test(tc, test_only_a_start_fills_a_slot);
	tcase_add_test(tc, test_killed_stays_killed);
	tcase_add_test(tc, test_a_quit_ends_all);
	tcase_add_test(tc, test_out_of_range);
	suite_add_tcase(s, tc);
	return s;
}
