/* SPDX-License-Identifier: MIT */
/*
 * forkserver.c - the fork server: a one-threaded copy of the loaded
 * loader, which forks workers on command and, at the end, unloads.
 *
 * Forking a worker from here costs one fork, not a dlopen and the
 * constructors again, and every worker starts from the same state: the
 * library as loading left it, before any call.  The fork server runs no
 * target code until the unloading, which it does last, with its stdout
 * and stderr on a pipe of their own: it forks with _Fork(), which runs
 * no fork handler, since a target's handlers (pthread_atfork) would run
 * here, with every slot and ring mapped, and in each worker before it
 * unmaps what is not its own.  There is nothing for them to mend: this
 * process has one thread, and no target code runs in it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jail.h"

/* The workers alive, by slot. */
static pid_t workers[U8C_SLOTS];

static void
reap(const struct u8c_jail *j)
{
	pid_t pid;
	int status;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
		for (unsigned k = 0; k < U8C_SLOTS; k++)
			if (workers[k] == pid) {
				workers[k] = 0;
				j->sh->server[k].status = status;
				__atomic_add_fetch(&j->sh->server[k].ended, 1,
				                   __ATOMIC_RELEASE);
			}
}

/* The signal mask this process was forked with, which a worker loading
 * the target and the unloading get back: here every signal is blocked
 * (see u8c_forkserver_main). */
static sigset_t forked_mask;

static void
start(const struct u8c_jail *j, const struct u8c_target *t, unsigned k,
      int sigfd)
{
	pid_t pid;

	if (workers[k] != 0)
		return; /* the supervisor's mistake: one per slot */
	if ((pid = _Fork()) == 0) {
		close(sigfd);
		u8c_worker_main(j, t, k, &forked_mask);
	}
	if (pid < 0) {
		/* told as a worker that ended at once */
		j->sh->server[k].status = -errno;
		__atomic_add_fetch(&j->sh->server[k].started, 1,
		                   __ATOMIC_RELEASE);
		__atomic_add_fetch(&j->sh->server[k].ended, 1,
		                   __ATOMIC_RELEASE);
		return;
	}
	workers[k] = pid;
	j->sh->server[k].pid = pid;
	__atomic_add_fetch(&j->sh->server[k].started, 1, __ATOMIC_RELEASE);
}

/* The end: the shared memory unmapped (the destructors, and threads the
 * constructors start where this process loads the target now, must not
 * reach a word the supervisor reads; init records this process's end),
 * fds 1 and 2 (and what the target duplicated from them) on the
 * unloading pipe, then dlclose and exit, which run the library's
 * destructors and atexit handlers.
 *
 * Where the workers loaded the target themselves, this process never
 * did: it loads it first, and its constructors' threads then run here,
 * as in a worker.  dlclose would unmap the code they run (a runtime's
 * threads run it for ever), so the library stays mapped and exit runs
 * its destructors, as at the end of a program that uses it. */
_Noreturn static void
unload(const struct u8c_jail *j, const struct u8c_target *t)
{
	static struct u8c_load_report was;
	struct u8c_target mine = *t;
	int loaded_here = mine.handle == NULL, fds[64];
	char err[512];

	was = j->sh->load;
	if (u8c_shared_keep(j->sh, U8C_KEEP_NOTHING, 0) != 0)
		_exit(1);
	/* a handler of the target's may run from here: nothing is mapped */
	sigprocmask(SIG_SETMASK, &forked_mask, NULL);
	if (j->exec) /* no library, and each child ended with its worker */
		exit(U8C_EXIT_UNLOADED);
	if (loaded_here && u8c_load_again(j, &was, &mine, err, sizeof err) != 0)
		exit(U8C_EXIT_UNLOADED); /* nothing of it to unload */
	u8c_jail_redirect_output(j->unload_out[1], fds, 64);
	if (!loaded_here)
		u8c_target_unload(&mine);
	exit(U8C_EXIT_UNLOADED);
}

_Noreturn void
u8c_forkserver_main(const struct u8c_jail *j, const struct u8c_target *t,
                    pid_t between)
{
	struct u8c_command c;
	struct pollfd fds[2];
	sigset_t all, chld;
	ssize_t got;

	/* again, whatever the target's constructors made of it: the workers
	 * it forks must not open this process's /proc files either */
	prctl(PR_SET_DUMPABLE, 0);
	/* Every signal blocked: this process holds all the shared memory,
	 * and, forked from the loaded copy (--load once), the handlers the
	 * target's constructors installed, which a signal from a thread
	 * they left in the loader would run here (signals-fork-server).
	 * SIGCHLD is read from a signalfd. */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &forked_mask);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	fds[0] = (struct pollfd){j->cmd[0], POLLIN, 0};
	fds[1] = (struct pollfd){signalfd(-1, &chld, SFD_CLOEXEC), POLLIN, 0};
	/* the target's fork handlers ran in the go-between that forked
	 * this process: its own words start from nothing, whatever they
	 * wrote there */
	memset((void *)j->sh->server, 0, sizeof j->sh->server);
	/* serving once the go-between has left (for a little while at
	 * most), so that the jail's processes counted then are the ones
	 * that stay */
	for (int wait = 0; getppid() == between && wait < 10000; wait++)
		usleep(100);
	j->sh->load.step = U8C_LOAD_SERVING;
	for (;;) {
		if (poll(fds, 2, -1) < 0 && errno != EINTR)
			_exit(1);
		if (fds[1].revents & POLLIN) {
			struct signalfd_siginfo si;

			if (read(fds[1].fd, &si, sizeof si) < 0 &&
			    errno != EAGAIN)
				_exit(1);
		}
		/* SIGCHLD stays blocked here, so none is lost; and several
		 * ends may share one signal */
		reap(j);
		if (!(fds[0].revents & (POLLIN | POLLHUP)))
			continue;
		got = read(j->cmd[0], &c, sizeof c);
		if (got == 0)
			_exit(0); /* the supervisor is gone */
		if (got != (ssize_t)sizeof c || c.slot >= U8C_SLOTS)
			continue;
		if (c.op == U8C_CMD_START) {
			start(j, t, c.slot, fds[1].fd);
		} else if (c.op == U8C_CMD_SIGNAL && workers[c.slot] != 0) {
			kill(workers[c.slot], c.sig);
		} else if (c.op == U8C_CMD_UNLOAD) {
			close(fds[1].fd);
			unload(j, t);
		}
	}
}
