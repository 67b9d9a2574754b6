/* SPDX-License-Identifier: MIT */
/*
 * jail.c - the jail and its init: everything the target starts lives
 * and dies inside.
 *
 * The jail is the supervisor's only child.  It leaves the supervisor's
 * session and process group, so kill(0, ...) from inside cannot reach
 * u8conform, and dies with it (PR_SET_PDEATHSIG, and a lifeline pipe
 * whose end it watches).  It then makes a PID namespace (as root, or in
 * a user namespace of its own) whose init is its child: processes inside
 * cannot see or signal any process outside, and when init dies the
 * kernel kills all of them, daemons included.  Without namespaces the
 * jail is init itself, a child subreaper, and kills its process group
 * and every descendant it can find at the end.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cpu_clock.h"
#include "jail.h"

/* In a sanitized build LeakSanitizer checks for leaks when a process
 * exits, and would print to what is, in the jail, the target's output.
 * Only the supervisor's leaks are ours to report. */
static int in_jail;
int __lsan_is_turned_off(void);

int
__lsan_is_turned_off(void)
{
	return in_jail;
}

const int u8c_fault_signals[U8C_FAULT_SIGNALS] = {SIGSEGV, SIGBUS,  SIGILL,
                                                  SIGFPE,  SIGTRAP, SIGABRT};

int
u8c_hang_signal(void)
{
	return SIGRTMIN + 4;
}

static void
close_pair_end(const int pair[2], int end)
{
	if (pair[end] >= 0)
		close(pair[end]);
}

void
u8c_jail_close(const struct u8c_jail *j, unsigned what)
{
	if (what & U8C_CLOSE_SUPERVISOR) {
		close_pair_end(j->cmd, 1);
		close_pair_end(j->lifeline, 1);
		close_pair_end(j->load_out, 0);
		close_pair_end(j->unload_out, 0);
		for (unsigned k = 0; k < j->slots; k++) {
			close_pair_end(j->slot_out[k], 0);
			close_pair_end(j->slot_report[k], 0);
		}
		close_pair_end(j->go_twin, 1);
		close_pair_end(j->go_server, 1);
		close_pair_end(j->loader_unmapped, 0);
	}
	if (what & U8C_CLOSE_LOADERS) {
		close_pair_end(j->go_twin, 0);
		close_pair_end(j->go_server, 0);
		close_pair_end(j->loader_unmapped, 1);
	}
	if (what & U8C_CLOSE_LIFELINE)
		close_pair_end(j->lifeline, 0);
	if (what & U8C_CLOSE_COMMANDS)
		close_pair_end(j->cmd, 0);
	if (what & U8C_CLOSE_OUTPUTS) {
		close_pair_end(j->unload_out, 1);
		for (unsigned k = 0; k < j->slots; k++) {
			close_pair_end(j->slot_out[k], 1);
			close_pair_end(j->slot_report[k], 1);
		}
	}
}

/* Whether @fd, 3 or above, is another descriptor of the pipe @was
 * (stdout), now pointed at @to; stored in fds[*n]. */
static void
redirect_if_stdout(int fd, int to, const struct stat *was, int *fds, size_t *n)
{
	struct stat st;

	if (fd >= 3 && fd != to && fstat(fd, &st) == 0 &&
	    S_ISFIFO(st.st_mode) && st.st_ino == was->st_ino &&
	    st.st_dev == was->st_dev && dup2(to, fd) == fd)
		fds[(*n)++] = fd;
}

/*
 * The descriptors open, by /proc/self/fd: a handful of fstat calls where
 * trying every number below 1024 made a thousand, in the fork server and
 * in every worker, and it finds a copy above 1024 too.  Read by
 * getdents64 into the stack: the fork server comes from a process whose
 * other threads may have held malloc's lock when it forked.  -1 when
 * there is no /proc.
 */
static int
redirect_listed(int to, const struct stat *was, int *fds, size_t max, size_t *n)
{
	char buf[4096];
	ssize_t got;
	int dir = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (dir < 0)
		return -1;
	while ((got = getdents64(dir, buf, sizeof buf)) > 0)
		for (ssize_t at = 0; at < got;) {
			const struct dirent64 *e =
			    (const struct dirent64 *)(void *)(buf + at);
			char *end;
			long fd = strtol(e->d_name, &end, 10);

			at += e->d_reclen;
			if (*end == '\0' && end != e->d_name && fd != dir &&
			    fd <= INT_MAX && *n + 2 < max)
				redirect_if_stdout((int)fd, to, was, fds, n);
		}
	close(dir);
	return got < 0 ? -1 : 0;
}

size_t
u8c_jail_redirect_output(int to, int *fds, size_t max)
{
	struct stat was;
	size_t n = 0;

	if (fstat(STDOUT_FILENO, &was) != 0)
		memset(&was, 0, sizeof was);
	if (redirect_listed(to, &was, fds, max, &n) != 0)
		for (int fd = 3; fd < 1024 && n + 2 < max; fd++)
			redirect_if_stdout(fd, to, &was, fds, &n);
	dup2(to, STDOUT_FILENO);
	dup2(to, STDERR_FILENO);
	fds[n++] = STDOUT_FILENO;
	fds[n++] = STDERR_FILENO;
	return n;
}

/* A fault in the jail is the target's, and must end its process as a
 * signal: a sanitizer's handler (in a sanitized build) would turn it
 * into a report on what is the target's output, and an exit status. */
static void
default_fault_handlers(void)
{
	for (size_t k = 0; k < U8C_FAULT_SIGNALS; k++)
		signal(u8c_fault_signals[k], SIG_DFL);
}

/* Dies with its parent, even one that is already gone. */
static void
die_with_parent(pid_t parent)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(1);
}

/* Records how the loader or the fork server ended, when init reaps it
 * (the fork server's parent, once the go-between that forked it left:
 * loader.c). */
static void
note_end(const struct u8c_jail *j, pid_t pid, int status)
{
	if (pid == j->sh->loader_pid) {
		j->sh->loader_status = status;
		j->sh->loader_ended = 1;
	} else if (pid == j->sh->server_pid && !j->sh->server_ended) {
		j->sh->server_status = status;
		j->sh->server_ended = 1;
	}
}

/* In a mount namespace of the jail's own: /proc mounted again, so that
 * it shows the jail's processes only, and no path leads from a worker
 * to the descriptors or the memory of a process outside.  Where it
 * fails, the host's /proc stays (the supervisor says which in the
 * report); the seccomp filter and the dropped capabilities still hold. */
static void
own_proc(void)
{
	if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0)
		mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
		      NULL);
}

/* The namespace's first process: starts the loader, then reaps every
 * process that ends in the namespace until it is killed. */
_Noreturn static void
init_main(const struct u8c_jail *j)
{
	pid_t pid, parent = getppid();
	int status;

	die_with_parent(parent);
	u8c_jail_close(j, U8C_CLOSE_LIFELINE);
	own_proc();
	if ((pid = fork()) == 0)
		u8c_loader_main(j);
	u8c_jail_close(j, U8C_CLOSE_LOADERS);
	j->sh->loader_pid = pid;
	for (;;) {
		pid = waitpid(-1, &status, 0);
		if (pid > 0)
			note_end(j, pid, status);
		else if (errno == ECHILD)
			pause();
	}
}

/* Writes "@inside @outside 1" to /proc/self/@file: this process's id
 * mapped to itself in a new user namespace. */
static int
map_id(const char *file, unsigned id)
{
	char path[64], line[64];
	int fd, k, ok;

	snprintf(path, sizeof path, "/proc/self/%s", file);
	k = snprintf(line, sizeof line, "%u %u 1\n", id, id);
	if ((fd = open(path, O_WRONLY)) < 0)
		return -1;
	ok = write(fd, line, (size_t)k) == k;
	close(fd);
	return ok ? 0 : -1;
}

/* A new PID namespace for the next child, and a mount namespace where
 * one can be had: as root, or in a new user namespace where this
 * process keeps its own uid and gid. */
static int
make_namespace(void)
{
	unsigned uid = (unsigned)getuid(), gid = (unsigned)getgid();
	int fd, ok;

	if (unshare(CLONE_NEWPID | CLONE_NEWNS) == 0 ||
	    unshare(CLONE_NEWPID) == 0)
		return 0;
	if (unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS) != 0 &&
	    unshare(CLONE_NEWUSER | CLONE_NEWPID) != 0)
		return -1;
	/* the supervisor made us not dumpable, which gives /proc/self's
	 * files to root: dumpable while our own id maps are written */
	prctl(PR_SET_DUMPABLE, 1);
	ok = 1; /* a kernel before 3.19 has no setgroups to deny */
	if ((fd = open("/proc/self/setgroups", O_WRONLY)) >= 0) {
		ok = write(fd, "deny", 4) == 4;
		close(fd);
	}
	ok = ok && map_id("uid_map", uid) == 0 && map_id("gid_map", gid) == 0;
	prctl(PR_SET_DUMPABLE, 0);
	return ok ? 0 : -1;
}

/* Without a namespace: kills every descendant, by walking the children
 * lists, until none is left. */
static void
kill_descendants(pid_t self)
{
	static pid_t pids[U8C_PROC_PIDS];
	size_t n = 1;

	for (int round = 0; n > 0 && round < 1000; round++) {
		n = 0;
		if (u8c_proc_children(self, pids, &n, U8C_PROC_PIDS) != 0)
			break;
		for (size_t k = 0; k < n; k++)
			kill(pids[k], SIGKILL);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (n > 0)
			usleep(1000);
	}
	kill(-getpgrp(), SIGKILL);
}

/* Without a namespace the jail is init too: it reaps, and at the end of
 * the lifeline kills what the target left. */
_Noreturn static void
jail_as_init(const struct u8c_jail *j)
{
	struct pollfd life = {j->lifeline[0], POLLIN, 0};
	pid_t pid, self = getpid();
	int status;

	prctl(PR_SET_CHILD_SUBREAPER, 1);
	if ((pid = fork()) == 0) {
		u8c_jail_close(j, U8C_CLOSE_LIFELINE);
		u8c_loader_main(j);
	}
	u8c_jail_close(j, U8C_CLOSE_LOADERS);
	j->sh->loader_pid = pid;
	for (;;) {
		while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
			note_end(j, pid, status);
		if (poll(&life, 1, 2) > 0) {
			kill_descendants(self);
			_exit(0);
		}
	}
}

_Noreturn void
u8c_jail_main(const struct u8c_jail *j)
{
	struct pollfd life = {j->lifeline[0], POLLIN, 0};
	pid_t init, supervisor = getppid();

	in_jail = 1;
	default_fault_handlers();
	die_with_parent(supervisor);
	u8c_jail_close(j, U8C_CLOSE_SUPERVISOR);
	setsid();
	if (!j->namespaces || make_namespace() != 0) {
		j->sh->jail_ns = 0;
		j->sh->init_pid = getpid();
		jail_as_init(j);
	}
	j->sh->jail_ns = 1;
	if ((init = fork()) == 0)
		init_main(j);
	u8c_jail_close(j, U8C_CLOSE_LOADERS);
	j->sh->init_pid = init;
	/* The lifeline ends when the supervisor closes it or dies: then
	 * init goes, and with it the whole namespace. */
	while (poll(&life, 1, -1) < 0 && errno == EINTR)
		;
	if (init > 0) {
		kill(init, SIGKILL);
		waitpid(init, NULL, 0);
	}
	_exit(0);
}
