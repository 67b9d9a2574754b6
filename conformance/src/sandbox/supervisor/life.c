/* SPDX-License-Identifier: MIT */
/*
 * life.c - the worker's life as one table: for each state, what each
 * event leads to and what the supervisor does about it.
 */
#include "life.h"

struct step {
	unsigned char set; /* 0: the event changes nothing in the state */
	unsigned char next, act;
};

#define GO(state, act)                                                         \
	{                                                                      \
		1, U8C_LIFE_##state, U8C_ACT_##act                             \
	}

/* Every end leads to NONE; what it means is the state it came in.  Three
 * rules run through the table: a worker is killed once; a ring that
 * broke the protocol outranks any other reason a worker was killed for
 * (that item is charged, not the kill's reason); and a worker being
 * ended on purpose is judged no more, however it ends. */
#define ENDS(unforked, retired, died, forged)                                  \
	[U8C_EV_END_UNFORKED] = GO(NONE, unforked),                            \
	[U8C_EV_END_RETIRED] = GO(NONE, retired),                              \
	[U8C_EV_END_DIED] = GO(NONE, died),                                    \
	[U8C_EV_END_FORGED] = GO(NONE, forged)

static const struct step table[U8C_LIVES][U8C_LIFE_EVENTS] = {
    [U8C_LIFE_NONE] = {[U8C_EV_START] = GO(STARTING, START)},
    [U8C_LIFE_STARTING] =
        {
            [U8C_EV_UP] = GO(UP, CAME_UP),
            [U8C_EV_STILL] = GO(KILLED_UNBORN, KILL),
            [U8C_EV_FORGED] = GO(KILLED_FORGED, SUSPECT_KILL),
            [U8C_EV_QUIT] = GO(QUITTING, KILL),
            ENDS(CANNOT_FORK, START_FAILED, START_FAILED, SUSPECT_RESUME_PAST),
        },
    [U8C_LIFE_UP] =
        {
            [U8C_EV_CALL_TIMEOUT] = GO(INTERRUPTED, INTERRUPT),
            [U8C_EV_STILL] = GO(KILLED_STILL, KILL),
            [U8C_EV_MEMORY] = GO(KILLED_MEMORY, KILL),
            [U8C_EV_FORGED] = GO(KILLED_FORGED, SUSPECT_KILL),
            [U8C_EV_QUIT] = GO(QUITTING, KILL),
            ENDS(CANNOT_FORK, RESUME, CHARGE_STATUS, SUSPECT_RESUME_PAST),
        },
    /* it gave up the call (the hang is in its ring) and left, or did
     * not in GRACE_MS */
    [U8C_LIFE_INTERRUPTED] =
        {
            [U8C_EV_MOVED] = GO(UP, NONE),
            [U8C_EV_GRACE_OVER] = GO(KILLED_HUNG, KILL),
            [U8C_EV_MEMORY] = GO(KILLED_MEMORY, KILL),
            [U8C_EV_FORGED] = GO(KILLED_FORGED, SUSPECT_KILL),
            [U8C_EV_QUIT] = GO(QUITTING, KILL),
            ENDS(CANNOT_FORK, RESUME, CHARGE_STATUS, SUSPECT_RESUME_PAST),
        },
    /* it came up as it was killed: its end is a hang between calls */
    [U8C_LIFE_KILLED_UNBORN] =
        {
            [U8C_EV_UP] = GO(KILLED_STILL, CAME_UP),
            [U8C_EV_FORGED] = GO(KILLED_FORGED, SUSPECT),
            [U8C_EV_QUIT] = GO(QUITTING, NONE),
            ENDS(CANNOT_FORK, START_TIMED_OUT, START_TIMED_OUT,
                 SUSPECT_RESUME_PAST),
        },
    /* killed for a hang, for standing still or for memory: one that
     * retired just before the kill landed had handed its item over
     * whole, and the reason is moot */
    [U8C_LIFE_KILLED_HUNG] =
        {
            [U8C_EV_FORGED] = GO(KILLED_FORGED, SUSPECT),
            [U8C_EV_QUIT] = GO(QUITTING, NONE),
            ENDS(CANNOT_FORK, RESUME, CHARGE_HANG, SUSPECT_RESUME_PAST),
        },
    [U8C_LIFE_KILLED_STILL] =
        {
            [U8C_EV_FORGED] = GO(KILLED_FORGED, SUSPECT),
            [U8C_EV_QUIT] = GO(QUITTING, NONE),
            ENDS(CANNOT_FORK, RESUME, CHARGE_HANG, SUSPECT_RESUME_PAST),
        },
    [U8C_LIFE_KILLED_MEMORY] =
        {
            [U8C_EV_FORGED] = GO(KILLED_FORGED, SUSPECT),
            [U8C_EV_QUIT] = GO(QUITTING, NONE),
            ENDS(CANNOT_FORK, RESUME, CHARGE_MEMORY, SUSPECT_RESUME_PAST),
        },
    [U8C_LIFE_KILLED_FORGED] =
        {
            [U8C_EV_QUIT] = GO(QUITTING, NONE),
            ENDS(CANNOT_FORK, RESUME_PAST, RESUME_PAST, RESUME_PAST),
        },
    [U8C_LIFE_QUITTING] =
        {
            [U8C_EV_FORGED] = GO(QUITTING, SUSPECT),
            ENDS(VOID, VOID, VOID, SUSPECT_VOID),
        },
};

enum u8c_life_act
u8c_life_step(enum u8c_life *life, enum u8c_life_event ev)
{
	const struct step *s;

	if ((unsigned)*life >= U8C_LIVES || (unsigned)ev >= U8C_LIFE_EVENTS)
		return U8C_ACT_NONE;
	s = &table[*life][ev];
	if (!s->set)
		return U8C_ACT_NONE;
	*life = (enum u8c_life)s->next;
	return (enum u8c_life_act)s->act;
}

const char *const u8c_life_names[] = {
    "none",          "starting",      "up",           "interrupted",
    "killed-hung",   "killed-unborn", "killed-still", "killed-memory",
    "killed-forged", "quitting",
};

const char *const u8c_life_event_names[] = {
    "start",       "up",       "moved",      "call-timeout", "grace-over",
    "still",       "memory",   "forged",     "quit",         "end-unforked",
    "end-retired", "end-died", "end-forged",
};

const char *const u8c_life_act_names[] = {
    "none",          "start",           "came-up",       "interrupt",
    "kill",          "suspect-kill",    "suspect",       "void",
    "suspect-void",  "resume",          "resume-past",   "suspect-resume-past",
    "start-failed",  "start-timed-out", "charge-status", "charge-hang",
    "charge-memory", "cannot-fork",
};

#define COUNT(a) (sizeof(a) / sizeof *(a))
_Static_assert(COUNT(u8c_life_names) == U8C_LIVES, "a name per state");
_Static_assert(COUNT(u8c_life_event_names) == U8C_LIFE_EVENTS,
               "a name per event");
_Static_assert(COUNT(u8c_life_act_names) == U8C_LIFE_ACTS, "a name per act");
