/* SPDX-License-Identifier: MIT */
/*
 * filter.h - the system calls a worker's target may not make, and what
 * happens when it tries.
 *
 * Each of them traps (SIGSYS) instead of running, so the worker names
 * the item that was running and decides what the call returns:
 *   - fork, vfork, clone without CLONE_THREAD, execve, execveat: spawning
 *     (EPERM; clone3 is refused with ENOSYS, so glibc falls back to clone
 *     and its flags can be seen);
 *   - kill, tkill, tgkill, rt_(tg)sigqueueinfo aimed at another process,
 *     pidfd_send_signal, and making a descriptor's SIGIO go elsewhere
 *     (fcntl F_SETOWN, F_SETOWN_EX, F_SETSIG; ioctl FIOSETOWN,
 *     SIOCSPGRP): signalling (EPERM);
 *   - ptrace, process_vm_readv/writev, pidfd_open, pidfd_getfd, kcmp,
 *     process_madvise, process_mrelease, perf_event_open and io_uring:
 *     reaching into another process or around the filter; setrlimit and
 *     prlimit64 with a new limit: around the sandbox's limits (EPERM);
 *   - rt_sigaction that changes the handler of a signal the worker
 *     keeps (its faults, SIGSYS, the hang signal): around the sandbox
 *     (EPERM; a query is answered with what the worker installed);
 *   - exit_group: the target ending the process (the call is abandoned;
 *     the worker's own end is the plain exit system call);
 *   - any write to a descriptor that leads to stdout or stderr: output
 *     (reported as written, so the target goes on).
 * Built with libseccomp, which knows each architecture's numbers.
 */
#ifndef U8C_FILTER_H
#define U8C_FILTER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The worker's own exit_group carries this in its status's high bits
 * (the exit status is the low eight); any other traps. */
#define U8C_FILTER_OWN_EXIT 0x7A110000

/* How a trapped call is classed. */
enum u8c_trap {
	U8C_TRAP_OTHER,
	U8C_TRAP_WRITE, /* arg 0 (or the noted one) is the descriptor */
	U8C_TRAP_SPAWN,
	U8C_TRAP_KILL,
	U8C_TRAP_EXIT,
	U8C_TRAP_REACH,
	U8C_TRAP_SIGNAL, /* rt_sigaction on a kept signal */
};

/* The kernel's struct sigaction, which rt_sigaction reads and writes
 * (not libc's). */
struct u8c_kernel_sigaction {
	uintptr_t handler; /* 0: SIG_DFL */
	unsigned long flags;
	uintptr_t restorer;
	uint64_t mask;
};

/*
 * u8c_filter_drop_privileges - no capability left in any set, and no
 * new privileges: a worker run by root cannot open the /proc files of
 * the harness's processes, which are not dumpable.  Returns 0, or a
 * negative errno value.
 */
int u8c_filter_drop_privileges(void);

/*
 * u8c_filter_install - install the filter in this (single-threaded)
 * process, whose id is @pid.  @fds are the descriptors that lead to
 * stdout or stderr; @kept the signals whose handlers only
 * u8c_filter_reset_signal may change.  Returns 0, or a negative errno
 * value.
 */
int u8c_filter_install(pid_t pid, const int *fds, size_t nfds, const int *kept,
                       size_t nkept);

/* u8c_filter_reset_signal - @sig back to its default action: the one
 * change to a kept signal's handler the filter lets through. */
int u8c_filter_reset_signal(int sig);

/* u8c_filter_class - the class of trapped system call @nr. */
enum u8c_trap u8c_filter_class(long nr);

#endif /* U8C_FILTER_H */
