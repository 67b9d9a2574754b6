/* SPDX-License-Identifier: MIT */
/*
 * life.h - a worker's life as the supervisor knows it: its states, the
 * events the supervisor sees, and one transition function, which says
 * what each event means in each state and what the supervisor does.
 *
 * Pure: no process, no clock.  The supervisor turns what it sees into
 * events (sandbox/watch.c) and carries out the acts (sandbox/lives.c).
 */
#ifndef U8C_LIFE_H
#define U8C_LIFE_H

enum u8c_life {
	U8C_LIFE_NONE,          /* no worker in the slot                   */
	U8C_LIFE_STARTING,      /* asked for, not up: no target code ran   */
	U8C_LIFE_UP,            /* calling the target, or between calls    */
	U8C_LIFE_INTERRUPTED,   /* a call ran out of time: hang signal sent */
	U8C_LIFE_KILLED_HUNG,   /* and it did not give up the call: SIGKILL */
	U8C_LIFE_KILLED_UNBORN, /* did not come up in time: SIGKILL      */
	U8C_LIFE_KILLED_STILL,  /* stood still between calls: SIGKILL    */
	U8C_LIFE_KILLED_MEMORY, /* held more than --memory: SIGKILL      */
	U8C_LIFE_KILLED_FORGED, /* its ring broke the protocol: SIGKILL  */
	U8C_LIFE_QUITTING,      /* killed on purpose: the run is over     */
	U8C_LIVES
};

enum u8c_life_event {
	U8C_EV_START,        /* the supervisor asks for a worker          */
	U8C_EV_UP,           /* the worker says it is up                  */
	U8C_EV_MOVED,        /* its heartbeat moved                       */
	U8C_EV_CALL_TIMEOUT, /* a call used --timeout of CPU, or blocked
	                        ten times that                           */
	U8C_EV_GRACE_OVER,   /* an interrupted call did not come back     */
	U8C_EV_STILL,        /* no move outside a call, or coming up      */
	U8C_EV_MEMORY,       /* it holds more than --memory               */
	U8C_EV_FORGED,       /* its ring broke the protocol               */
	U8C_EV_QUIT,         /* the run ends                              */
	/* the fork server saw it end: */
	U8C_EV_END_UNFORKED, /* it could not be forked                    */
	U8C_EV_END_RETIRED,  /* it left between items, for a fresh one    */
	U8C_EV_END_DIED,     /* any other end: a crash, an exit, a kill   */
	U8C_EV_END_FORGED,   /* any end, and its last records broke the
	                        protocol (seen only now)                 */
	U8C_LIFE_EVENTS
};

enum u8c_life_act {
	U8C_ACT_NONE,
	U8C_ACT_START,        /* the fork server is told to fork it        */
	U8C_ACT_CAME_UP,      /* a start that worked: the run has a target */
	U8C_ACT_INTERRUPT,    /* the hang signal: give up the call         */
	U8C_ACT_KILL,         /* SIGKILL                                   */
	U8C_ACT_SUSPECT_KILL, /* the item that wrote the ring is charged,
	                        or suspected and its orders replayed
	                        (not when quitting), and SIGKILL         */
	U8C_ACT_SUSPECT,      /* the same, without the kill: it was killed */
	/* on an end: */
	U8C_ACT_VOID,         /* its orders are void                       */
	U8C_ACT_SUSPECT_VOID, /* U8C_ACT_SUSPECT, then void                */
	U8C_ACT_RESUME,       /* a new worker goes on with its orders      */
	U8C_ACT_RESUME_PAST,  /* from the item after the charged one       */
	U8C_ACT_SUSPECT_RESUME_PAST, /* U8C_ACT_SUSPECT_KILL's charge, then
	                                U8C_ACT_RESUME_PAST              */
	U8C_ACT_START_FAILED,    /* its own word or its status says why; tried
	                            again a few times                       */
	U8C_ACT_START_TIMED_OUT, /* the same, for not coming up           */
	U8C_ACT_CHARGE_STATUS,   /* the end its status says is the item's
	                            fate, and a new worker goes on          */
	U8C_ACT_CHARGE_HANG,     /* the same, a hang                        */
	U8C_ACT_CHARGE_MEMORY,   /* the same, --memory                      */
	U8C_ACT_CANNOT_FORK,     /* u8conform is broken                     */
	U8C_LIFE_ACTS
};

/* names for tests and notes, one per enumerator */
extern const char *const u8c_life_names[];
extern const char *const u8c_life_event_names[];
extern const char *const u8c_life_act_names[];

/* u8c_life_step - what event @ev means in state *@life: the state it
 * leads to is stored there, and the act returned.  An event a state
 * does not expect (a late heartbeat, a second kill) changes nothing:
 * U8C_ACT_NONE. */
enum u8c_life_act u8c_life_step(enum u8c_life *life, enum u8c_life_event ev);

/* u8c_life_alive - whether a worker is in the slot (started, not seen
 * to end). */
static inline int
u8c_life_alive(enum u8c_life life)
{
	return life != U8C_LIFE_NONE;
}

#endif /* U8C_LIFE_H */
