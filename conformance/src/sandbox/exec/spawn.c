/* SPDX-License-Identifier: MIT */
/*
 * spawn.c - the spawner: starts an --exec target's children for its
 * worker, and ends them (spawn.h).
 *
 * The worker and the spawner talk over a datagram socket pair: one word
 * a command, one message an answer, descriptors passed as SCM_RIGHTS.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "spawn.h"

enum { SOCK_FD = 3, LINGER_MS = 1000 };

/* What the spawner answers to a fresh child, and to its end. */
struct started {
	pid_t pid; /* 0: none could be started */
};

struct ended {
	int end; /* enum u8c_child_end */
	int detail;
};

static void
kill_group(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

/* In the new child: its own group, its pipes on 0 and 1, stderr to
 * /dev/null, nothing else of ours open, then the shell.  A simple
 * command replaces the shell (exec), so that its end is the child's
 * own: a signal, not the status 128 + N a shell would make of it. */
static _Noreturn void
become_child(const char *cmd, int in, int out)
{
	static char line[8192];
	sigset_t none;
	int null = open("/dev/null", O_WRONLY);

	if (strpbrk(cmd, ";&|<>()$`=\n") == NULL &&
	    strlen(cmd) + 6 < sizeof line) {
		snprintf(line, sizeof line, "exec %s", cmd);
		cmd = line;
	}

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (dup2(in, STDIN_FILENO) < 0 || dup2(out, STDOUT_FILENO) < 0 ||
	    null < 0 || dup2(null, STDERR_FILENO) < 0)
		_exit(127);
	close_range(3, ~0u, 0);
	execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
	_exit(127);
}

static pid_t
start_child(const char *cmd, int *to, int *from)
{
	int in[2], out[2];
	pid_t pid;

	if (pipe2(in, O_CLOEXEC) != 0)
		return 0;
	if (pipe2(out, O_CLOEXEC) != 0) {
		close(in[0]);
		close(in[1]);
		return 0;
	}
	pid = fork();
	if (pid == 0)
		become_child(cmd, in[0], out[1]);
	close(in[0]);
	close(out[1]);
	if (pid < 0) {
		close(in[1]);
		close(out[0]);
		return 0;
	}
	setpgid(pid, pid); /* before the child has, too: no race */
	*to = in[1];
	*from = out[0];
	return pid;
}

static void
send_started(pid_t pid, int to, int from)
{
	struct started s = {pid};
	struct iovec iov = {&s, sizeof s};
	union {
		char buf[CMSG_SPACE(2 * sizeof(int))];
		struct cmsghdr align;
	} u;
	struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1};

	if (pid > 0) {
		struct cmsghdr *c;

		memset(&u, 0, sizeof u);
		m.msg_control = u.buf;
		m.msg_controllen = sizeof u.buf;
		c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(2 * sizeof(int));
		memcpy(CMSG_DATA(c), (int[]){to, from}, 2 * sizeof(int));
	}
	sendmsg(SOCK_FD, &m, MSG_NOSIGNAL);
	if (pid > 0) {
		close(to);
		close(from);
	}
}

/* How @pid ended, waiting LINGER_MS at most for a child that closed its
 * stdout to exit too. */
static struct ended
wait_end(pid_t pid)
{
	struct timespec tick = {0, 5 * 1000 * 1000};
	int status;

	for (int ms = 0; ms < LINGER_MS; ms += 5) {
		pid_t got = waitpid(pid, &status, WNOHANG);

		if (got == pid) {
			kill(-pid, SIGKILL); /* what it started goes too */
			return WIFSIGNALED(status)
			           ? (struct ended){U8C_CHILD_SIGNALLED,
			                            WTERMSIG(status)}
			           : (struct ended){U8C_CHILD_EXITED,
			                            WEXITSTATUS(status)};
		}
		nanosleep(&tick, NULL);
	}
	kill_group(pid);
	return (struct ended){U8C_CHILD_LINGERED, 0};
}

static _Noreturn void
spawner_main(const char *cmd)
{
	pid_t child = 0;
	char word;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	prctl(PR_SET_NAME, "u8c-spawner");
	close_range(SOCK_FD + 1, ~0u, 0);
	while (read(SOCK_FD, &word, 1) == 1) {
		if (word == 'F') {
			int to = -1, from = -1;

			kill_group(child);
			child = start_child(cmd, &to, &from);
			send_started(child, to, from);
		} else if (word == 'E') {
			struct ended e = {U8C_CHILD_LINGERED, 0};

			if (child > 0)
				e = wait_end(child);
			child = 0;
			send(SOCK_FD, &e, sizeof e, MSG_NOSIGNAL);
		} else {
			break;
		}
	}
	kill_group(child);
	_exit(0);
}

int
u8c_spawner_start(struct u8c_spawner *sp, const char *cmd, char *err,
                  size_t errlen)
{
	int sv[2];

	sp->pid = 0;
	sp->sock = -1;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
		snprintf(err, errlen, "--exec: cannot make a socket pair: %s",
		         strerror(errno));
		return -1;
	}
	sp->pid = fork();
	if (sp->pid == 0) {
		if (dup2(sv[1], SOCK_FD) < 0)
			_exit(1);
		spawner_main(cmd);
	}
	close(sv[1]);
	if (sp->pid < 0) {
		snprintf(err, errlen, "--exec: cannot fork the spawner: %s",
		         strerror(errno));
		close(sv[0]);
		return -1;
	}
	sp->sock = sv[0];
	return 0;
}

int
u8c_spawner_fresh(struct u8c_spawner *sp, struct u8c_child *c)
{
	struct started s = {0};
	struct iovec iov = {&s, sizeof s};
	union {
		char buf[CMSG_SPACE(2 * sizeof(int))];
		struct cmsghdr align;
	} u;
	struct msghdr m = {.msg_iov = &iov,
	                   .msg_iovlen = 1,
	                   .msg_control = u.buf,
	                   .msg_controllen = sizeof u.buf};
	struct cmsghdr *h;
	int fds[2];

	if (c->pid > 0) { /* the spawner kills it, group and all */
		close(c->to);
		close(c->from);
	}
	c->pid = 0;
	if (send(sp->sock, "F", 1, MSG_NOSIGNAL) != 1 ||
	    recvmsg(sp->sock, &m, MSG_CMSG_CLOEXEC) != (ssize_t)sizeof s ||
	    s.pid <= 0 || (h = CMSG_FIRSTHDR(&m)) == NULL ||
	    h->cmsg_type != SCM_RIGHTS ||
	    h->cmsg_len != CMSG_LEN(2 * sizeof(int)))
		return -1;
	memcpy(fds, CMSG_DATA(h), sizeof fds);
	c->pid = s.pid;
	c->to = fds[0];
	c->from = fds[1];
	return 0;
}

enum u8c_child_end
u8c_spawner_end_child(struct u8c_spawner *sp, struct u8c_child *c, int *detail)
{
	struct ended e = {U8C_CHILD_LINGERED, 0};

	if (c->pid > 0) {
		close(c->to);
		close(c->from);
		if (send(sp->sock, "E", 1, MSG_NOSIGNAL) != 1 ||
		    recv(sp->sock, &e, sizeof e, 0) != (ssize_t)sizeof e)
			e = (struct ended){U8C_CHILD_LINGERED, 0};
	}
	c->pid = 0;
	*detail = e.detail;
	return (enum u8c_child_end)e.end;
}

void
u8c_spawner_stop(struct u8c_spawner *sp, struct u8c_child *c)
{
	if (c->pid > 0) {
		close(c->to);
		close(c->from);
		c->pid = 0;
	}
	if (sp->sock >= 0) {
		send(sp->sock, "Q", 1, MSG_NOSIGNAL);
		close(sp->sock);
		sp->sock = -1;
	}
	if (sp->pid > 0)
		while (waitpid(sp->pid, NULL, 0) < 0 && errno == EINTR)
			;
	sp->pid = 0;
}
