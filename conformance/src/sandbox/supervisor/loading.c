/* SPDX-License-Identifier: MIT */
/*
 * loading.c - waiting for the target to be loaded, and what loading left
 * behind.
 */
#define _GNU_SOURCE
#include <sys/stat.h>

#include "safe_text.h"
#include "supervisor.h"

static const char *
step_name(uint32_t step)
{
	switch (step) {
	case U8C_LOAD_STARTING:
		return "before its constructors, as the jail started it";
	case U8C_LOAD_VERSION:
		return "in u8t_abi_version()";
	case U8C_LOAD_NAME:
		return "in u8t_name()";
	case U8C_LOAD_TRAITS:
		return "in u8t_traits()";
	case U8C_LOAD_SYMBOLS:
		return "while its functions were looked up";
	case U8C_LOAD_STREAM_SIZE:
		return "in u8t_stream_size()";
	case U8C_LOAD_DONE:
		return "just after loading";
	default:
		return "in its constructors";
	}
}

static void
load_failed(struct supervisor *s, const char *what)
{
	snprintf(s->out->error, sizeof s->out->error,
	         "u8conform: %s: loading it %s %s; nothing was judged",
	         s->cfg->path, what, step_name(s->sh->load.step));
	s->out->status = U8C_SANDBOX_NO_TARGET;
}

static void
close_end(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/*
 * Once the loader has loaded the target, the supervisor says who forks
 * the fork server: the twin, where each worker loads the target itself,
 * or the loader's go-between.  The twin not chosen is let go at once
 * (its pipe closed), so that the loader reaps it before the fork server
 * exists and it is not counted as a process loading started.  The word
 * to the one chosen waits until the loader has unmapped its shared
 * memory, which it says on loader_unmapped; then both pipes are closed.
 * Whatever the target wrote or read in the loader, there is one fork
 * server at most.  The loader's count of its threads (shared memory,
 * which the target could write) only chooses between two ways that are
 * both safe.
 */
static void
say_who_serves(struct supervisor *s)
{
	char b;

	if (s->j.go_server[1] < 0 || (s->sh->load.step != U8C_LOAD_DONE &&
	                              s->sh->load.step != U8C_LOAD_SERVING))
		return;
	if (!s->mode_said) {
		s->mode_said = 1;
		s->per_worker = s->cfg->load == U8C_LOAD_PER_WORKER ||
		                (s->cfg->load == U8C_LOAD_AUTO &&
		                 s->sh->load.per_worker != 0);
		if (!s->per_worker)
			close_end(&s->j.go_twin[1]);
	}
	if (read(s->j.loader_unmapped[0], &b, 1) != 1)
		return;
	(void)!write(s->per_worker ? s->j.go_twin[1] : s->j.go_server[1],
	             s->per_worker ? "s" : "o", 1);
	close_end(&s->j.go_twin[1]);
	close_end(&s->j.go_server[1]);
}

/* Waits for the target to be loaded and the fork server up: 0, or -1
 * with out->error said. */
static int
wait_loaded(struct supervisor *s, struct stillness *t)
{
	char what[128];
	int detail = 0;

	for (;;) {
		/* read before the step: a loader that refused the target
		 * said so before it (or its go-between) ended */
		uint32_t loader_gone = __atomic_load_n(&s->sh->loader_ended,
		                                       __ATOMIC_ACQUIRE),
		         server_gone = __atomic_load_n(&s->sh->server_ended,
		                                       __ATOMIC_ACQUIRE);

		sup_pump_soon(s);
		say_who_serves(s);
		if (s->sh->load.step == U8C_LOAD_SERVING &&
		    s->j.go_server[1] < 0)
			return 0;
		if (s->sh->load.step == U8C_LOAD_REFUSED) {
			char err[sizeof s->sh->load.error + 1], *shown;

			/* target code could write it too (forges-refusal):
			 * one line, its bytes made safe to print */
			memcpy(err, s->sh->load.error,
			       sizeof s->sh->load.error);
			err[sizeof err - 1] = '\0';
			shown = u8c_safe_text((const uint8_t *)err, strlen(err),
			                      sizeof s->out->error - 16);
			snprintf(s->out->error, sizeof s->out->error,
			         "u8conform: %s",
			         shown != NULL
			             ? shown
			             : "loading was refused (the reason "
			               "could not be shown)");
			free(shown);
			s->out->status = U8C_SANDBOX_NO_TARGET;
			return -1;
		}
		if (server_gone) {
			sup_say_end(s->sh->server_status, &detail, what,
			            sizeof what);
			snprintf(
			    s->out->error, sizeof s->out->error,
			    "u8conform: %s: the fork server %s as it was "
			    "forked, in the target's fork handlers; nothing "
			    "was judged",
			    s->cfg->path, what);
			s->out->status = U8C_SANDBOX_NO_TARGET;
			return -1;
		}
		if (loader_gone) {
			sup_say_end(s->sh->loader_status, &detail, what,
			            sizeof what);
			load_failed(s, what);
			return -1;
		}
		if (sup_stop_signal != 0) {
			load_failed(s, "was interrupted");
			return -1;
		}
		if (sup_target_too_long(s, t, s->sh->loader_pid)) {
			snprintf(what, sizeof what,
			         "took longer than the %u ms timeout",
			         s->cfg->timeout_ms);
			load_failed(s, what);
			return -1;
		}
	}
}

/* The loader wrote its report where the target's code could write too,
 * until it unmapped it (a thread of the constructors', a fork handler).  What
 * it says the library exports is held to what the library's file defines: a
 * function defined there and left out was written out of it, and is judged all
 * the same; the writing is the target's finding.  Written back before any
 * worker is forked, which holds its own load to it. */
static void
vet_exports(struct supervisor *s)
{
	struct u8c_load_report *r = &s->sh->load;
	unsigned stream = 1u << U8C_FN_STREAM,
	         left_out = s->defined & ~r->exports & ~stream;
	int stream_left_out = (s->defined & stream) && !r->stream_declared;

	if (left_out == 0 && !stream_left_out)
		return;
	r->exports |= left_out;
	if (stream_left_out) {
		r->stream_declared = 1;
		if (u8c_state_size_ok(r->stream_size))
			r->exports |= stream;
	}
	sup_fate_around(s, U8C_FATE_OVERWRITE, U8C_DURING_LOADING,
	                U8C_DETAIL_LOAD_REPORT);
}

int
sup_load(struct supervisor *s)
{
	struct stillness t = {.clock = U8C_CPU_CLOCK_NONE};
	int loaded;

	sup_moved(&t);
	loaded = wait_loaded(s, &t);
	u8c_cpu_clock_reset(&t.clock);
	if (loaded != 0)
		return -1;
	s->loaded = 1;
	vet_exports(s);
	s->out->abi_version = s->sh->load.abi_version;
	s->out->exports = s->sh->load.exports & U8C_ALL_FNS;
	s->out->traits = s->sh->load.traits;
	s->out->name_len = s->sh->load.name_len < U8C_NAME_MAX
	                       ? s->sh->load.name_len
	                       : U8C_NAME_MAX;
	memcpy(s->out->name, s->sh->load.name, s->out->name_len);
	return 0;
}

/* Process @pid's state and session, from /proc/<pid>/stat: 0, or -1
 * when it is gone. */
static int
stat_of(int pid, char *state, int *session)
{
	char path[64], line[512], *close;
	int ok;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/stat", pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	/* pid (comm) state ppid pgrp session: comm may hold spaces and
	 * parentheses, so read from its last ')' */
	ok = fgets(line, sizeof line, f) != NULL &&
	     (close = strrchr(line, ')')) != NULL &&
	     sscanf(close + 1, " %c %*d %*d %d", state, session) == 2;
	fclose(f);
	return ok ? 0 : -1;
}

/* The jail's living processes but itself, by a scan of /proc, where the
 * children lists cannot be read: in a namespace those of its namespace
 * (one nested below it is not seen); else those of the jail's session. */
static int
scanned_processes(struct supervisor *s)
{
	char path[64], link[64], mine[64] = "", state;
	struct dirent *e;
	int count = 0, pid, session;
	DIR *d;

	snprintf(path, sizeof path, "/proc/%d/ns/pid", (int)s->sh->init_pid);
	if (s->sh->jail_ns && readlink(path, mine, sizeof mine - 1) <= 0)
		return 0;
	if ((d = opendir("/proc")) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if ((pid = atoi(e->d_name)) <= 0 || pid == (int)s->jail ||
		    stat_of(pid, &state, &session) != 0 || state == 'Z')
			continue;
		if (s->sh->jail_ns) {
			snprintf(path, sizeof path, "/proc/%d/ns/pid", pid);
			memset(link, 0, sizeof link);
			count += readlink(path, link, sizeof link - 1) > 0 &&
			         strcmp(link, mine) == 0;
		} else {
			count += session == (int)s->jail;
		}
	}
	closedir(d);
	return count;
}

/* Processes of the jail beyond init, the loader and the fork server,
 * right after loading: what the constructors started.  They are the
 * jail's living descendants, in whatever PID namespace: a constructor
 * can make one of its own below the jail's (with a user namespace) and
 * fork into it, and then the go-between, the fork server and the
 * workers are in it too, so a count of the jail's namespace found fewer
 * than it should.  A zombie has left: the loader's go-between may not be
 * reaped yet. */
int
sup_spawned_while_loading(struct supervisor *s)
{
	static pid_t pids[U8C_PROC_PIDS];
	ssize_t n = u8c_proc_descendants(s->jail, pids, U8C_PROC_PIDS);
	int count = 0, session;
	char state;

	if (n < 0)
		count = scanned_processes(s);
	for (ssize_t k = 0; k < n; k++)
		count +=
		    stat_of(pids[k], &state, &session) == 0 && state != 'Z';
	/* init (the jail itself without a namespace), loader, fork server */
	return count > (s->sh->jail_ns ? 3 : 2);
}

/* Whether the jail's /proc is a mount of its own, which shows the jail
 * alone: seen from here, through init's root, not taken from the jail's
 * word. */
int
sup_proc_is_private(const struct supervisor *s)
{
	struct stat jail, host;
	char path[64];

	snprintf(path, sizeof path, "/proc/%d/root/proc", (int)s->sh->init_pid);
	return s->sh->jail_ns && stat(path, &jail) == 0 &&
	       stat("/proc", &host) == 0 && jail.st_dev != host.st_dev;
}
