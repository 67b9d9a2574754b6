/* SPDX-License-Identifier: MIT */
/*
 * filter.c - the worker's seccomp filter, with libseccomp.
 *
 * Everything not named here is allowed: the target may allocate, map,
 * read files, start threads and use signals on itself.  The filter
 * applies to every thread of the worker, those a target loaded there
 * started included (TSYNC), and every thread started after.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/sockios.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "filter.h"

/* An int argument's bits: the kernel reads no more of the register, so
 * what a raw system call leaves in its upper half must not hide a
 * descriptor or a command from the rules that compare them. */
#define INT_BITS 0xFFFFFFFFu

/* The system calls that write through a descriptor, and which argument
 * is the descriptor. */
static const struct {
	int nr;
	unsigned arg;
} writes[] = {
    {SCMP_SYS(write), 0},           {SCMP_SYS(writev), 0},
    {SCMP_SYS(pwrite64), 0},        {SCMP_SYS(pwritev), 0},
    {SCMP_SYS(pwritev2), 0},        {SCMP_SYS(sendto), 0},
    {SCMP_SYS(sendmsg), 0},         {SCMP_SYS(sendmmsg), 0},
    {SCMP_SYS(sendfile), 0},        {SCMP_SYS(vmsplice), 0},
    {SCMP_SYS(splice), 2},          {SCMP_SYS(tee), 1},
    {SCMP_SYS(copy_file_range), 2},
};

static const int spawns[] = {SCMP_SYS(fork), SCMP_SYS(vfork), SCMP_SYS(execve),
                             SCMP_SYS(execveat)};

/* Routes into another process's memory, descriptors or scheduling, or
 * around this filter (io_uring runs system calls it never sees). */
static const int reaches[] = {
    SCMP_SYS(ptrace),
    SCMP_SYS(process_vm_readv),
    SCMP_SYS(process_vm_writev),
    SCMP_SYS(pidfd_open),
    SCMP_SYS(pidfd_getfd),
    SCMP_SYS(kcmp),
    SCMP_SYS(process_madvise),
    SCMP_SYS(process_mrelease),
    SCMP_SYS(perf_event_open),
    SCMP_SYS(io_uring_setup),
    SCMP_SYS(io_uring_enter),
    SCMP_SYS(io_uring_register),
};

/* Setting a resource limit: one the target lowers in a call (RLIMIT_CPU,
 * RLIMIT_AS) would end or break the calls after it, on other inputs. */
static const struct {
	int nr;
	unsigned arg; /* the new limit, or -1: every call sets one */
} limits[] = {
    {SCMP_SYS(setrlimit), (unsigned)-1},
    {SCMP_SYS(prlimit64), 2},
};

/* Making another process the owner of a descriptor's SIGIO (which
 * F_SETSIG turns into any signal, SIGKILL too): fcntl's and ioctl's
 * commands, argument 1. */
static const struct {
	int nr;
	unsigned long cmd;
} owners[] = {
    {SCMP_SYS(fcntl), F_SETOWN},  {SCMP_SYS(fcntl), F_SETOWN_EX},
    {SCMP_SYS(fcntl), F_SETSIG},  {SCMP_SYS(ioctl), FIOSETOWN},
    {SCMP_SYS(ioctl), SIOCSPGRP},
};

/* Signals aimed by process id (argument 0) at another process. */
static const int signals_by_pid[] = {SCMP_SYS(kill), SCMP_SYS(tgkill),
                                     SCMP_SYS(rt_sigqueueinfo),
                                     SCMP_SYS(rt_tgsigqueueinfo)};

static int
add(scmp_filter_ctx ctx, uint32_t action, int nr, unsigned count,
    const struct scmp_arg_cmp *cmp)
{
	if (nr < 0) /* a call this architecture or libseccomp lacks */
		return 0;
	return seccomp_rule_add_array(ctx, action, nr, count, cmp);
}

int
u8c_filter_drop_privileges(void)
{
	/* capset and the bounding set are two system calls: no library */
	struct __user_cap_header_struct head = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3];

	memset(none, 0, sizeof none);
	for (int c = 0; prctl(PR_CAPBSET_READ, c) >= 0; c++)
		prctl(PR_CAPBSET_DROP, c); /* fails, harmlessly, unprivileged */
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	if (syscall(SYS_capset, &head, none) != 0)
		return -errno;
	return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ? -errno : 0;
}

/* The one action a kept signal may be given: the filter knows it by its
 * address, which is read-only. */
static const struct u8c_kernel_sigaction default_action = {0, 0, 0, 0};

int
u8c_filter_reset_signal(int sig)
{
	return (int)syscall(SYS_rt_sigaction, sig, &default_action, NULL,
	                    sizeof default_action.mask);
}

int
u8c_filter_install(pid_t pid, const int *fds, size_t nfds, const int *kept,
                   size_t nkept)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	struct scmp_arg_cmp cmp;
	size_t k, f;
	int rc = 0;

	if (ctx == NULL)
		return -ENOMEM;
	for (k = 0; rc == 0 && k < sizeof spawns / sizeof spawns[0]; k++)
		rc = add(ctx, SCMP_ACT_TRAP, spawns[k], 0, NULL);
	cmp = (struct scmp_arg_cmp){0, SCMP_CMP_MASKED_EQ, CLONE_THREAD, 0};
	if (rc == 0)
		rc = add(ctx, SCMP_ACT_TRAP, SCMP_SYS(clone), 1, &cmp);
	if (rc == 0)
		rc =
		    add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0, NULL);
	cmp = (struct scmp_arg_cmp){0, SCMP_CMP_NE, (scmp_datum_t)pid, 0};
	for (k = 0;
	     rc == 0 && k < sizeof signals_by_pid / sizeof signals_by_pid[0];
	     k++)
		rc = add(ctx, SCMP_ACT_TRAP, signals_by_pid[k], 1, &cmp);
	/* tkill names a thread; this process's only thread at first is
	 * the one whose id is the process id. */
	if (rc == 0)
		rc = add(ctx, SCMP_ACT_TRAP, SCMP_SYS(tkill), 1, &cmp);
	if (rc == 0)
		rc = add(ctx, SCMP_ACT_TRAP, SCMP_SYS(pidfd_send_signal), 0,
		         NULL);
	for (k = 0; rc == 0 && k < sizeof owners / sizeof owners[0]; k++) {
		cmp = (struct scmp_arg_cmp){1, SCMP_CMP_MASKED_EQ, INT_BITS,
		                            owners[k].cmd};
		rc = add(ctx, SCMP_ACT_TRAP, owners[k].nr, 1, &cmp);
	}
	for (k = 0; rc == 0 && k < sizeof reaches / sizeof reaches[0]; k++)
		rc = add(ctx, SCMP_ACT_TRAP, reaches[k], 0, NULL);
	for (k = 0; rc == 0 && k < sizeof limits / sizeof limits[0]; k++) {
		cmp = (struct scmp_arg_cmp){limits[k].arg, SCMP_CMP_NE, 0, 0};
		rc = add(ctx, SCMP_ACT_TRAP, limits[k].nr,
		         limits[k].arg == (unsigned)-1 ? 0 : 1, &cmp);
	}
	/* exit_group traps unless its status has the worker's mark (the
	 * worker passes it as a long: no stray high bits) */
	cmp = (struct scmp_arg_cmp){0, SCMP_CMP_LT, U8C_FILTER_OWN_EXIT, 0};
	if (rc == 0)
		rc = add(ctx, SCMP_ACT_TRAP, SCMP_SYS(exit_group), 1, &cmp);
	cmp = (struct scmp_arg_cmp){0, SCMP_CMP_GT,
	                            U8C_FILTER_OWN_EXIT | 0xFFFF, 0};
	if (rc == 0)
		rc = add(ctx, SCMP_ACT_TRAP, SCMP_SYS(exit_group), 1, &cmp);
	/* libseccomp takes one comparison per argument in a rule: a query
	 * (no new action) traps too, and the worker answers it */
	for (k = 0; rc == 0 && k < nkept; k++) {
		struct scmp_arg_cmp signal[2] = {
		    {0, SCMP_CMP_MASKED_EQ, INT_BITS, (scmp_datum_t)kept[k]},
		    {1, SCMP_CMP_NE, (scmp_datum_t)(uintptr_t)&default_action,
		     0},
		};

		rc = add(ctx, SCMP_ACT_TRAP, SCMP_SYS(rt_sigaction), 2, signal);
	}
	for (k = 0; rc == 0 && k < sizeof writes / sizeof writes[0]; k++)
		for (f = 0; rc == 0 && f < nfds; f++) {
			cmp = (struct scmp_arg_cmp){
			    writes[k].arg, SCMP_CMP_MASKED_EQ, INT_BITS,
			    (scmp_datum_t)fds[f]};
			rc = add(ctx, SCMP_ACT_TRAP, writes[k].nr, 1, &cmp);
		}
	/* every thread: a target loaded in the worker has its own already */
	if (rc == 0)
		rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
	if (rc == 0)
		rc = seccomp_load(ctx);
	seccomp_release(ctx);
	return rc;
}

enum u8c_trap
u8c_filter_class(long nr)
{
	size_t k;

	for (k = 0; k < sizeof writes / sizeof writes[0]; k++)
		if (nr == writes[k].nr)
			return U8C_TRAP_WRITE;
	for (k = 0; k < sizeof spawns / sizeof spawns[0]; k++)
		if (nr == spawns[k])
			return U8C_TRAP_SPAWN;
	if (nr == SCMP_SYS(clone))
		return U8C_TRAP_SPAWN;
	if (nr == SCMP_SYS(exit_group))
		return U8C_TRAP_EXIT;
	if (nr == SCMP_SYS(rt_sigaction))
		return U8C_TRAP_SIGNAL;
	if (nr == SCMP_SYS(tkill) || nr == SCMP_SYS(pidfd_send_signal) ||
	    nr == SCMP_SYS(fcntl) || nr == SCMP_SYS(ioctl))
		return U8C_TRAP_KILL;
	for (k = 0; k < sizeof reaches / sizeof reaches[0]; k++)
		if (nr == reaches[k])
			return U8C_TRAP_REACH;
	for (k = 0; k < sizeof limits / sizeof limits[0]; k++)
		if (nr == limits[k].nr)
			return U8C_TRAP_REACH;
	for (k = 0; k < sizeof signals_by_pid / sizeof signals_by_pid[0]; k++)
		if (nr == signals_by_pid[k])
			return U8C_TRAP_KILL;
	return U8C_TRAP_OTHER;
}
