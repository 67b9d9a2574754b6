/* SPDX-License-Identifier: MIT */
/*
 * supervisor.h - the supervisor's parts, one job to a file: it runs a
 * plan through the jail's workers and decides what everything they do
 * means.
 *
 * It never loads the target.  It polls (watch.c): the pipes that carry
 * the jail's stdout and stderr (any byte is a finding, findings.c),
 * each worker's heartbeat, and the phase of its call (a call that does
 * not come back in time is interrupted, then killed; so is a worker
 * that does not come up, or stands still between calls: stillness.c),
 * and the fork server's count of workers ended.  Each worker's life is
 * a state machine (life.c) whose acts are carried out in lives.c: a
 * worker that died in a call is replaced by one that goes on with the
 * same item, without the call that killed it.  The plan's rows are fed
 * in orders (rows.c, orders.c); every counterexample is then judged
 * again in a fresh worker (fresh_slot.c) before it is reported, and the
 * jail is unloaded and killed (ending.c).
 */
#ifndef U8C_SUPERVISOR_H
#define U8C_SUPERVISOR_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cpu_clock.h"
#include "fence.h"
#include "jail.h"
#include "judges.h"
#include "life.h"
#include "sandbox.h"
#include "stream.h"

enum {
	TICK_MS = 2,         /* how often the supervisor looks          */
	SOON_US = 250,       /* and while it waits for one event: a
	                        worker's end, its last items, a load    */
	GRACE_MS = 300,      /* an interrupted call's time to come back */
	HANGS_SET_ASIDE = 8, /* a function that hung this often is not
	                        called again: each hang costs a timeout */
	TEARDOWN_MS = 2000,  /* the jail's time to go                   */
	DEATHS_PER_ITEM = U8C_PHASES + 2, /* then the item is given up   */
	STARTS_FAILED = 3,       /* workers in a row that never came up: a lock
	                            a target thread held in the loader when it
	                            forked the fork server stops every one */
	REPORTS_SET_ASIDE = 100, /* a function whose sanitizer reported this
	                            often is not called again: each report
	                            ends a worker                          */
	BLOCKED_TIMES = 10,      /* a process that stands still without using
	                            CPU, blocked, for this many --timeouts */
	EXEC_ORDER_ITEMS = 4096, /* an --exec child's order at most: what
	                            one batch foresees, and what it costs
	                            before a function is set aside       */
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
	enum u8c_life life;     /* its worker's state                       */
	int held_mib;           /* killed for holding this many MiB         */
	int forged_seen;        /* its ring's break was stepped on          */
	uint32_t forked_before; /* the fork server's count when started     */
	uint32_t given, voided; /* orders given, and the first one held: our
	                           own count, not the slot's, which target
	                           code (a constructor) can have written   */
	uint32_t ended_seen;    /* the fork server's count, last looked at  */
	uint64_t heartbeat;     /* the worker's, last looked at             */
	struct stillness still; /* since the heartbeat last moved          */
	struct timespec interrupted_at;
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
	struct u8c_tallies *own; /* fates around the items              */
	/* the judge: what each slot's worker answered, read and judged
	 * here, where no worker can write */
	struct u8c_reader_context cx;
	unsigned fatal_seen; /* by every reader, for cx */
	struct u8c_judges judges;
	struct u8c_tallies *tallies;    /* one per slot, then own       */
	struct u8s_fence tallies_fence; /* where they are mapped        */
	struct u8c_capture capture;     /* --input's answers            */
	int loaded, unloading;
	unsigned defined; /* u8c_target_defines(): what loading must find */
	int per_worker;   /* the twin forked the fork server (loading.c) */
	int mode_said;    /* per_worker decided, and the twin told if not */
	int stop_asked;   /* no more items: workers are ended for it */
	uint32_t fns_off; /* functions set aside for hanging (bits)   */
	const char *phase;
	struct timespec start, last_progress;
	uint64_t total_items;
	int broken; /* u8conform itself failed: out->error says how */
	int said_max_fatal;
	unsigned starts_failed;   /* workers in a row that never came up */
	int ever_up, no_target;   /* a worker came up; or none, as loading */
	unsigned long outputs[2]; /* bytes seen while loading, unloading */
	/* for a sanitized target: what each slot's worker reported */
	struct sanitizer_text *reports;
	int shared_fd; /* the shared memory's, for the jail's exec, or -1 */
};

/* What a slot's worker wrote to its report pipe, from its start. */
struct sanitizer_text {
	char text[16384];
	size_t n;
};

/* Slot @k's reader: take the slot's lock (u8c_judges_lock) first. */
#define READER(s, k) (&(s)->judges.slot[k]->reader)

/* The signal that stopped the run (SIGINT, SIGTERM, SIGHUP), and the
 * pipe its handler wakes the poll with (watch.c). */
extern volatile sig_atomic_t sup_stop_signal;
extern int sup_self_pipe[2];
void sup_catch_stop_signals(void);

/* stillness.c */
double sup_ms_since(const struct timespec *t);
void sup_now(struct timespec *t);
void sup_moved(struct stillness *t);
int sup_target_too_long(struct supervisor *s, struct stillness *t,
                        pid_t jailed);
int sup_stood_still(struct supervisor *s, unsigned k, int in_call);

/* orders.c */
void sup_stop_run(struct supervisor *s);
void sup_broken(struct supervisor *s, const char *fmt, const char *detail);
void sup_command(struct supervisor *s, uint32_t op, unsigned slot, int sig);
uint64_t sup_beat(const struct u8c_slot *slot);
int sup_idle(const struct u8c_slot *slot);
int sup_give(struct supervisor *s, unsigned k, const struct u8c_order *o);
void sup_void_orders(struct supervisor *s, unsigned k);
void sup_fork_worker(struct supervisor *s, unsigned k);

/* findings.c */
void sup_fate_of_slot(struct supervisor *s, unsigned k, enum u8c_fate fate,
                      uint32_t phase, int detail, const char *said);
void sup_fate_around(struct supervisor *s, enum u8c_fate fate,
                     enum u8c_during during, int detail);
enum u8c_fate sup_fate_of_status(int status, int *detail);
void sup_status_around(struct supervisor *s, int status,
                       enum u8c_during during);
enum u8c_fate sup_say_end(int status, int *detail, char *what, size_t size);
size_t sup_drain(int fd);
void sup_read_outputs(struct supervisor *s);

/* sanitized.c */
int sup_sanitized_init(struct supervisor *s);
void sup_read_reports(struct supervisor *s);
int sup_sanitizer_end(struct supervisor *s, unsigned k, int status,
                      enum u8c_fate *fate, char *said, size_t size);
void sup_sanitizer_forget(struct supervisor *s, unsigned k);

/* lives.c */
void sup_step(struct supervisor *s, unsigned k, enum u8c_life_event ev);
void sup_on_end(struct supervisor *s, unsigned k);
void sup_forged(struct supervisor *s, unsigned k);
void sup_check_memory(struct supervisor *s, unsigned k);

/* watch.c */
void sup_pump(struct supervisor *s);
/* sup_say_interrupted - the stop signal caught, said (once) at the end
 * of the report's stopped. */
void sup_say_interrupted(struct supervisor *s);

/* sup_pump_soon - the same look after SOON_US: in a loop that waits for
 * one event, which mostly comes well within a tick; the ticks such loops
 * waited were a tenth of a one-input run's wall time. */
void sup_pump_soon(struct supervisor *s);
uint64_t sup_items_done(const struct supervisor *s);

/* loading.c */
int sup_load(struct supervisor *s);
int sup_spawned_while_loading(struct supervisor *s);
int sup_proc_is_private(const struct supervisor *s);

/* rows.c */
void sup_judged_all(struct supervisor *s);
void sup_run_row(struct supervisor *s, uint32_t row);

/* fresh_slot.c */
void sup_fresh_probes(struct supervisor *s);
void sup_recheck(struct supervisor *s, struct u8c_tallies *total);

/* ending.c */
void sup_memory_at_end(struct supervisor *s);
void sup_stop_workers(struct supervisor *s);
void sup_unload(struct supervisor *s);
void sup_loader_fate(struct supervisor *s);
void sup_teardown(struct supervisor *s);

#endif /* U8C_SUPERVISOR_H */
