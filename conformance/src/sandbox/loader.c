/* SPDX-License-Identifier: MIT */
/*
 * loader.c - the loader: the one process that loads the target, with
 * its stdout and stderr already on the supervisor's pipe.
 *
 * It says how far it got in shared memory before each step, so that
 * whatever the constructors, u8t_abi_version or u8t_name do, the
 * supervisor can say which of them did it.  Once loaded, it forks the
 * fork server from its own thread and stays: threads the constructors
 * started run on here, and a crash or a write of theirs is seen.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

_Noreturn void
u8c_loader_main(const struct u8c_jail *j)
{
	static struct u8c_target t;
	struct u8c_identity id;
	char err[sizeof j->sh->load.error];
	int null = open("/dev/null", O_RDONLY);
	pid_t server;
	int status;

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
	if (u8c_target_load(&t, j->path, j->symbol, j->shape, at_step, &id, err,
	                    sizeof err) != 0) {
		memcpy(j->sh->load.error, err, sizeof err);
		j->sh->load.step = U8C_LOAD_REFUSED;
		_exit(0);
	}
	j->sh->load.abi_version = id.abi_version;
	j->sh->load.exports = id.exports;
	j->sh->load.traits = id.traits;
	j->sh->load.stream_declared = t.stream_decode != NULL;
	j->sh->load.stream_size = id.stream_size;
	keep_name(&j->sh->load, id.name);
	j->sh->load.step = U8C_LOAD_DONE;
	if ((server = fork()) == 0)
		u8c_forkserver_main(j, &t);
	j->sh->server_pid = server;
	/* Reap the fork server, so its end is known; then wait for the
	 * jail's end with the target's threads. */
	if (server > 0 && waitpid(server, &status, 0) == server) {
		j->sh->server_status = status;
		j->sh->server_ended = 1;
	}
	for (;;)
		pause();
}
