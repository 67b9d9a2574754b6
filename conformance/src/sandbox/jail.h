/* SPDX-License-Identifier: MIT */
/*
 * jail.h - the processes that run target code, and how the supervisor
 * talks to them.
 *
 *   u8conform (supervisor: never loads the target)
 *     jail      setsid; makes a PID namespace when it can, and kills it
 *       init    the namespace's first process: reaps, records who ended
 *         loader    dlopen, u8t_abi_version, u8t_name; stays, so threads
 *                   the constructors started live on and are watched
 *           fork server   a one-threaded copy of the loaded loader;
 *                         forks workers on command, unloads at the end
 *             workers     judge items; seccomp-confined
 *
 * When the namespace is made, its init dying kills every process in it,
 * whatever the target started.  Without one (no privilege and no user
 * namespaces), the jail is a process group and a child subreaper, and
 * the teardown kills what it finds.
 */
#ifndef U8C_JAIL_H
#define U8C_JAIL_H

#include <signal.h>
#include <sys/types.h>

#include "plan.h"
#include "shared.h"
#include "target.h"

/* Commands from the supervisor to the fork server, one write each. */
enum u8c_command_op {
	U8C_CMD_START,  /* fork a worker into a slot                   */
	U8C_CMD_SIGNAL, /* send a signal to a slot's worker            */
	U8C_CMD_UNLOAD, /* unload the target and end                   */
};

struct u8c_command {
	uint32_t op;   /* enum u8c_command_op */
	uint32_t slot; /* the slot            */
	int32_t sig;   /* for U8C_CMD_SIGNAL  */
};

/* Exit statuses of our own processes, to tell them from the target's. */
enum {
	U8C_EXIT_UNLOADED = 85,  /* the fork server unloaded cleanly      */
	U8C_EXIT_RETIRED = 86,   /* a worker left on purpose              */
	U8C_EXIT_HARNESS = 87,   /* a worker's own code failed            */
	U8C_EXIT_REFUSED = 88,   /* the loader refused: see the load report */
	U8C_EXIT_SANITIZER = 89, /* a worker's sanitizer reported an error */
};

/* Everything the jail's processes need; fixed before the first fork. */
struct u8c_jail {
	struct u8c_shared *sh;
	const struct u8c_plan *plan;
	const char *path, *symbol, *shape;
	int exec;            /* @path is an --exec child's shell command */
	unsigned timeout_ms; /* --timeout: an --exec child's batches  */
	unsigned memory_mib; /* --memory: what dead calls may leave   */
	const struct u8c_expectations *expect; /* or NULL                 */
	unsigned slots;             /* worker slots in use, + the fresh one */
	int cmd[2];                 /* supervisor -> fork server          */
	int lifeline[2];            /* closed by the supervisor at its end */
	int load_out[2];            /* the loader's stdout and stderr     */
	int unload_out[2];          /* the fork server's, when unloading  */
	int slot_out[U8C_SLOTS][2]; /* each worker's stdout and stderr   */
	/* each worker's sanitizer reports, for a sanitized target (else
	 * -1): a pipe of their own, which the filter leaves open, since
	 * what goes to stdout and stderr is the target's output */
	int slot_report[U8C_SLOTS][2];
	/* Which process forks the fork server is the supervisor's word
	 * alone: it holds the only write ends of go_twin and go_server
	 * (loader.c, supervisor/loading.c). */
	int go_twin[2];          /* supervisor -> the twin: serve         */
	int go_server[2];        /* supervisor -> the go-between: fork it */
	int loader_unmapped[2];  /* loader -> supervisor: it has unmapped */
	int namespaces;          /* try a PID namespace               */
	enum u8c_load_mode load; /* --load                            */
};

/* The signal the supervisor sends a worker stuck in a call. */
int u8c_hang_signal(void);

/* The signals a fault in target code raises: in the jail each ends its
 * process; in a worker each is caught, and the call recovered. */
enum { U8C_FAULT_SIGNALS = 6 };
extern const int u8c_fault_signals[U8C_FAULT_SIGNALS];

/* In the supervisor's child: become the jail; never returns. */
_Noreturn void u8c_jail_main(const struct u8c_jail *j);

/*
 * u8c_load_again - load the target into @t in a process forked before
 * the loader loaded it (a worker, or the fork server to unload it), as
 * the loader did, with fds 1 and 2 still on the loader's pipe: what the
 * constructors write is loading's output, and what they duplicate of it
 * a worker points at its own.  It must say of itself what it said to
 * the loader (@was).  Returns 0, or -1 with the reason in
 * err[0..errlen).
 */
int u8c_load_again(const struct u8c_jail *j, const struct u8c_load_report *was,
                   struct u8c_target *t, char *err, size_t errlen);

/* The loader, the fork server (forked by @between, which leaves) and a
 * worker, which starts with every signal blocked, takes @mask only to
 * load the target itself (--load per-worker), and unblocks every signal
 * once it is set up and holds only its own memory; none returns. */
_Noreturn void u8c_loader_main(const struct u8c_jail *j);
_Noreturn void u8c_forkserver_main(const struct u8c_jail *j,
                                   const struct u8c_target *t, pid_t between);
_Noreturn void u8c_worker_main(const struct u8c_jail *j,
                               const struct u8c_target *t, unsigned slot,
                               const sigset_t *mask);

/*
 * u8c_jail_redirect_output - point fds 1 and 2, and every descriptor
 * the target duplicated from them while loading, at @to.  Stores their
 * numbers in fds[0..max) and returns how many.
 */
size_t u8c_jail_redirect_output(int to, int *fds, size_t max);

/* Which of the jail's pipe ends a process closes (u8c_jail_close). */
enum {
	U8C_CLOSE_SUPERVISOR = 1, /* the ends the supervisor keeps        */
	U8C_CLOSE_LIFELINE = 2,   /* the jail's end of the lifeline       */
	U8C_CLOSE_COMMANDS = 4,   /* the fork server's end of commands    */
	U8C_CLOSE_OUTPUTS = 8,    /* the write ends of unload and slots   */
	U8C_CLOSE_LOADERS = 16,   /* the ends only the loader keeps       */
};
void u8c_jail_close(const struct u8c_jail *j, unsigned what);

#endif /* U8C_JAIL_H */
