/* SPDX-License-Identifier: MIT */
/*
 * cpu_clock.h - the CPU time a jailed process has used, and the memory it
 * holds, read by the supervisor from /proc.
 *
 * A hang is a call that uses CPU and never returns, not one that waits
 * on a busy machine: the supervisor measures the worker's CPU time, which
 * a crowded run queue does not advance.  The worker is named by its pid
 * inside the jail, which the supervisor finds in its own /proc among the
 * descendants of the jail it forked, so a pid the jail reports wrongly
 * can point nowhere else.
 */
#ifndef U8C_CPU_CLOCK_H
#define U8C_CPU_CLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* One process's CPU clock: its main thread's, where target calls run. */
struct u8c_cpu_clock {
	pid_t jailed;       /* its pid in the jail, 0: none             */
	int fd;             /* /proc/PID/schedstat or stat, or -1       */
	int statm;          /* /proc/PID/statm, or -1                   */
	int stat;           /* /proc/PID/stat, or -1                    */
	int ticks;          /* fd is stat: utime + stime in clock ticks */
	int64_t scanned_ms; /* when it was last looked for, monotonic */
};

/* A clock that names no process yet. */
#define U8C_CPU_CLOCK_NONE                                                     \
	{                                                                      \
		.fd = -1, .statm = -1, .stat = -1                              \
	}

/* u8c_cpu_clock_reset - @c names no process (fd closed). */
void u8c_cpu_clock_reset(struct u8c_cpu_clock *c);

/*
 * u8c_cpu_clock_ns - nanoseconds of CPU that process @jailed (its pid
 * in the jail) of the jail whose outermost process is @jail has used,
 * or -1 when it cannot be read (not found, gone, no /proc): the caller
 * then has only its limit on being blocked.  *@queued_ns: how long it
 * has been ready to run but waiting for a CPU (0 where the kernel does
 * not say).  @c caches what it found for @jailed.
 */
int64_t u8c_cpu_clock_ns(struct u8c_cpu_clock *c, pid_t jail, pid_t jailed,
                         int64_t *queued_ns);

/*
 * u8c_cpu_clock_runnable - whether the process @c last read is ready to
 * run (on a CPU, or waiting in a run queue): 1, 0, or -1 when it cannot
 * be told.  The kernel adds a wait in a run queue to the queued time only
 * once the process reaches a CPU, so while it waits, time that looks
 * blocked may be queued.
 */
int u8c_cpu_clock_runnable(struct u8c_cpu_clock *c);

/* The most pids a walk of the jail's children lists holds: far more
 * than the jail's own few processes, so what a target forks is counted
 * and killed too.  One size for every such walk. */
enum { U8C_PROC_PIDS = 8192 };

/* u8c_proc_children - appends the children of every thread of process
 * @pid, as /proc names them, to pids[*n..max); -1 when none of its
 * threads' lists can be read (gone, or no CONFIG_PROC_CHILDREN). */
int u8c_proc_children(pid_t pid, pid_t *pids, size_t *n, size_t max);

/* u8c_proc_descendants - the pids of every descendant of process @pid,
 * by their children lists, its children first, then theirs, and so on,
 * at most @max: how many, or -1 when @pid's own list cannot be read.
 * Those in PID namespaces nested below @pid's are among them. */
ssize_t u8c_proc_descendants(pid_t pid, pid_t *pids, size_t max);

/* u8c_proc_pid_of_jailed - the pid, as this process sees it, of the
 * process of @jail whose pid in its innermost namespace is @jailed (the
 * jail's own view); 0 if none is found. */
pid_t u8c_proc_pid_of_jailed(pid_t jail, pid_t jailed);

/* u8c_cpu_clock_look_again - the next read looks for its process at
 * once, not after the pause between two looks that did not find it. */
void u8c_cpu_clock_look_again(struct u8c_cpu_clock *c);

/*
 * u8c_cpu_clock_private_bytes - the bytes of memory process @jailed of
 * @jail holds that are its own (resident and not backed by a file: a
 * leak shows here, a mapped library's pages do not), or -1 when it
 * cannot be read.  It shares @c with u8c_cpu_clock_ns.
 */
int64_t u8c_cpu_clock_private_bytes(struct u8c_cpu_clock *c, pid_t jail,
                                    pid_t jailed);

#endif /* U8C_CPU_CLOCK_H */
