/* SPDX-License-Identifier: MIT */
/*
 * loader.c - the loader: the one process that loads the target, with
 * its stdout and stderr already on the supervisor's pipe.
 *
 * It says how far it got in shared memory before each step, so that
 * whatever the constructors, u8t_abi_version or u8t_name do, the
 * supervisor can say which of them did it.  Once loaded, it forks the
 * fork server from its own thread (through a go-between) and stays,
 * with no shared memory: threads the constructors started run on here,
 * and a crash or a write of theirs is seen.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exec/bridge.h"
#include "filter.h"
#include "jail.h"

static struct u8c_shared *shared;

static void
at_step(enum u8c_load_at step)
{
	static const enum u8c_load_step steps[] = {
	    [U8C_LOADING_DLOPEN] = U8C_LOAD_DLOPEN,
	    [U8C_LOADING_VERSION] = U8C_LOAD_VERSION,
	    [U8C_LOADING_NAME] = U8C_LOAD_NAME,
	    [U8C_LOADING_TRAITS] = U8C_LOAD_TRAITS,
	    [U8C_LOADING_SYMBOLS] = U8C_LOAD_SYMBOLS,
	    [U8C_LOADING_STREAM_SIZE] = U8C_LOAD_STREAM_SIZE,
	};

	shared->load.step = steps[step];
}

/* u8t_name()'s bytes, as many as fit: a pointer it gave is read only
 * up to the room there is. */
static void
keep_name(struct u8c_load_report *load, const char *name)
{
	size_t n = name != NULL ? strnlen(name, sizeof load->name) : 0;

	memcpy(load->name, name != NULL ? name : "", n);
	load->name_len = (uint32_t)n;
}

/* This process's threads, as /proc/self/status says (read without
 * malloc); 0 without a /proc, where it cannot be told. */
static unsigned
threads(void)
{
	char buf[4096];
	const char *at;
	int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	at = strstr(buf, "\nThreads:");
	return at == NULL ? 0 : (unsigned)atoi(at + strlen("\nThreads:"));
}

/* Refuses the target, in the load report: @why, then @detail. */
static _Noreturn void
refuse(const struct u8c_jail *j, const char *why, const char *detail)
{
	snprintf(j->sh->load.error, sizeof j->sh->load.error,
	         "%s: %s%s; nothing was judged", j->path, why, detail);
	j->sh->load.step = U8C_LOAD_REFUSED;
	_exit(U8C_EXIT_REFUSED);
}

/*
 * This process has no shared memory from here on, and says so on
 * loader_unmapped (a word, not the pipe's end: a process the
 * constructors forked holds that end too): only then does the
 * supervisor let the fork server be forked.
 */
static void
unmap_all(const struct u8c_jail *j)
{
	if (u8c_shared_keep(j->sh, U8C_KEEP_NOTHING, 0) != 0)
		refuse(j, "the loader cannot unmap its shared memory: ",
		       strerror(errno));
	(void)!write(j->loader_unmapped[1], "u", 1);
	close(j->loader_unmapped[1]);
}

/* Waits for the supervisor's word @go on @fd; any other, or none (the
 * target in the loader may have read it first), and this process
 * leaves. */
static void
wait_for_word(int fd, char go)
{
	ssize_t got;
	char b;

	while ((got = read(fd, &b, 1)) < 0 && errno == EINTR)
		;
	close(fd);
	if (got != 1 || b != go)
		_exit(0);
}

/*
 * The fork server, forked twice.  fork() makes a go-between, where the
 * target's fork handlers run (fork() keeps malloc whole whatever the
 * constructors' threads hold); the go-between forks the fork server
 * with _Fork(), which runs none, and leaves.  So a thread a handler
 * started is refused, not carried into the fork server; the fork
 * server, an orphan, is init's child, and init records its end; and
 * this process, where the constructors' threads run on, unmaps all the
 * shared memory before the supervisor's word lets the go-between fork
 * the fork server.  A go-between that dies in a fork handler is told as
 * the fork server's end.
 */
static void
fork_server(const struct u8c_jail *j, const struct u8c_target *t)
{
	int ready[2], status;
	pid_t between = -1, server, self;
	ssize_t got;
	char b = 0;

	if (pipe2(ready, O_CLOEXEC) != 0 || (between = fork()) < 0)
		refuse(j,
		       "the fork server cannot be forked: ", strerror(errno));
	if (between == 0) {
		/* its fork handlers returned: the loader unmaps, and the
		 * supervisor says when to go on */
		close(ready[0]);
		close(j->loader_unmapped[1]);
		if (write(ready[1], &b, 1) != 1)
			_exit(1);
		close(ready[1]); /* none of the fork server's business */
		wait_for_word(j->go_server[0], 'o');
		if (threads() > 1)
			refuse(j,
			       "its fork handlers started a thread as the fork "
			       "server was forked",
			       "");
		self = getpid(); /* the fork server's getppid() may be init's */
		if ((server = _Fork()) == 0)
			u8c_forkserver_main(j, t, self);
		if (server < 0)
			refuse(j, "the fork server cannot be forked: ",
			       strerror(errno));
		j->sh->server_pid = server;
		_exit(0);
	}
	close(ready[1]);
	close(j->go_server[0]);
	while ((got = read(ready[0], &b, 1)) < 0 && errno == EINTR)
		;
	close(ready[0]);
	if (got != 1) { /* it died in a fork handler */
		waitpid(between, &status, 0);
		j->sh->server_status = status;
		j->sh->server_ended = 1;
	}
	unmap_all(j);
	if (got == 1)
		waitpid(between, &status, 0);
}

/*
 * The twin: a copy of this process forked before it loads the target,
 * waiting for the supervisor's word.  Where workers load the target
 * themselves, it forks the fork server, which has then never loaded it,
 * once this process has unmapped its shared memory, and leaves (init
 * records the fork server's end, as in fork_server()).  Otherwise the
 * supervisor closes the pipe, and it leaves.  This process closes its
 * own end of that pipe before it loads: no constructor can read or
 * write the word, nor make a second fork server.
 */
static pid_t twin = -1;

static void
reap_twin(void)
{
	if (twin > 0)
		waitpid(twin, NULL, 0);
	twin = -1;
}

static void
start_twin(const struct u8c_jail *j)
{
	static struct u8c_target unloaded;
	pid_t server, self;

	if (j->load != U8C_LOAD_ONCE && (twin = fork()) < 0)
		refuse(j,
		       "the fork server cannot be forked: ", strerror(errno));
	if (twin != 0) {
		close(j->go_twin[0]);
		return;
	}
	close(j->go_server[0]);
	close(j->loader_unmapped[1]);
	wait_for_word(j->go_twin[0], 's');
	self = getpid();
	if ((server = _Fork()) == 0)
		u8c_forkserver_main(j, &unloaded, self);
	if (server < 0)
		refuse(j,
		       "the fork server cannot be forked: ", strerror(errno));
	j->sh->server_pid = server;
	_exit(0);
}

/* The jail's target, a library or an --exec child, loaded into @t. */
static int
load(const struct u8c_jail *j, struct u8c_target *t,
     void (*at)(enum u8c_load_at), struct u8c_identity *id, char *err,
     size_t errlen)
{
	if (j->exec)
		return u8c_exec_load(t, j->path, id, err, errlen);
	return u8c_target_load(t, j->path, j->symbol, j->shape, at, id, err,
	                       errlen);
}

int
u8c_load_again(const struct u8c_jail *j, const struct u8c_load_report *was,
               struct u8c_target *t, char *err, size_t errlen)
{
	struct u8c_identity id;
	int rc = load(j, t, NULL, &id, err, errlen);

	if (rc == 0 &&
	    (id.abi_version != was->abi_version || id.exports != was->exports ||
	     id.traits != was->traits || id.stream_size != was->stream_size)) {
		snprintf(err, errlen,
		         "%s: loaded again, it says other things of itself "
		         "(its version, exports, traits or stream size)",
		         j->path);
		return -1;
	}
	return rc;
}

_Noreturn void
u8c_loader_main(const struct u8c_jail *j)
{
	static struct u8c_target t;
	struct u8c_identity id;
	char err[sizeof j->sh->load.error];
	int null = open("/dev/null", O_RDONLY);

	shared = j->sh;
	/* Nothing the target writes, from its first constructor on, can
	 * reach our own stdout or stderr. */
	dup2(null, STDIN_FILENO);
	dup2(j->load_out[1], STDOUT_FILENO);
	dup2(j->load_out[1], STDERR_FILENO);
	close(null);
	close(j->load_out[1]);
	setvbuf(stdout, NULL, _IONBF, 0);
	/* The constructors run with no capability (as root they could
	 * otherwise reach any process the host's /proc shows) */
	if (u8c_filter_drop_privileges() != 0) {
		snprintf(err, sizeof err,
		         "cannot drop its privileges before loading");
		memcpy(j->sh->load.error, err, sizeof err);
		j->sh->load.step = U8C_LOAD_REFUSED;
		_exit(0);
	}
	start_twin(j);
	if (load(j, &t, at_step, &id, err, sizeof err) != 0) {
		memcpy(j->sh->load.error, err, sizeof err);
		j->sh->load.step = U8C_LOAD_REFUSED;
		_exit(0);
	}
	j->sh->load.abi_version = id.abi_version;
	j->sh->load.exports = id.exports;
	j->sh->load.traits = id.traits;
	j->sh->load.stream_declared =
	    t.stream_decode != NULL || t.stream_consumed != NULL;
	j->sh->load.stream_size = id.stream_size;
	keep_name(&j->sh->load, id.name);
	/* A thread loading left running (a runtime's: Go's scheduler, a
	 * JVM) would not be in a worker forked from here, and a call that
	 * needs it would wait for ever: its workers load it themselves. */
	j->sh->load.threads = threads();
	/* an --exec child serves one worker: each starts its own, and
	 * this one, which said hello, is done */
	j->sh->load.per_worker =
	    j->exec || j->load == U8C_LOAD_PER_WORKER ||
	    (j->load == U8C_LOAD_AUTO && j->sh->load.threads > 1);
	if (j->exec)
		u8c_target_unload(&t);
	j->sh->load.step = U8C_LOAD_DONE;
	/* the twin leaves once it has forked the fork server, or, in the
	 * other way, as soon as the supervisor lets it go: before the go-
	 * between, so none is left when the jail's processes are counted */
	if (j->sh->load.per_worker) {
		close(j->go_server[0]);
		unmap_all(j);
		reap_twin();
	} else {
		reap_twin();
		fork_server(j, &t);
	}
	/* the constructors' threads run on */
	for (;;)
		pause();
}
