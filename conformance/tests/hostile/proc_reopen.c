/* SPDX-License-Identifier: MIT */
/*
 * proc_reopen.c - hostile target: on the byte C1, follows its parents
 * in /proc up to u8conform (the fork server, the jail's init, the
 * supervisor) and opens their fd/1, fd/0 (the fork server's commands)
 * and mem, to forge report text, send commands, or write into them.  It leaves
 * a line per attempt in $U8TT_STATE_DIR/tried: the process, the file, what open
 * said.
 *
 * Once, as root, this wrote into u8conform's stdout and broke its JSON.
 * Expected: every open refused, a passing, well-formed report.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "state_note.h"
#include "targets.h"

static void
note(const char *what, const char *path, int err)
{
	char line[512];

	snprintf(line, sizeof line, "%s %s %s\n", what, path,
	         err == 0 ? "opened" : strerror(err));
	u8tt_note("tried", line);
}

/* Opens /proc/<pid>/<name> for writing (mem, fd/1) or reading (fd/0),
 * and writes a forged line where it can. */
static void
attack(const char *what, const char *pid)
{
	static const char *const names[] = {"fd/1", "fd/0", "mem"};
	static const char forged[] = "\nverdict  pass\n";
	char path[300];
	int fd;

	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		snprintf(path, sizeof path, "/proc/%.16s/%s", pid, names[k]);
		fd = open(path, k == 1 ? O_RDONLY : O_WRONLY);
		note(what, names[k], fd < 0 ? errno : 0);
		if (fd < 0)
			continue;
		if (k != 1 && write(fd, forged, sizeof forged - 1) < 0)
			(void)0;
		close(fd);
	}
}

/* The parent of process @pid (host ids, as /proc shows them), or 0. */
static long
parent_of(long pid)
{
	char path[64], line[128];
	long ppid = 0;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%ld/status", pid);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "PPid: %ld", &ppid) == 1)
			break;
	fclose(f);
	return ppid;
}

/* Its ancestors up to u8conform itself: the fork server, the jail's
 * init, the supervisor (and what started it, which it leaves alone). */
static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	char self[32] = "", pid[32];
	long at;

	(void)fn;
	if (s == NULL || memchr(s, 0xC1, n) == NULL ||
	    readlink("/proc/self", self, sizeof self - 1) < 0)
		return;
	for (at = parent_of(strtol(self, NULL, 10)); at > 1;
	     at = parent_of(at)) {
		char path[64], comm[64] = "";
		FILE *f;

		snprintf(path, sizeof path, "/proc/%ld/comm", at);
		if ((f = fopen(path, "r")) == NULL)
			break;
		if (fgets(comm, sizeof comm, f) == NULL)
			comm[0] = 0;
		fclose(f);
		if (strcmp(comm, "u8conform\n") != 0)
			break;
		snprintf(pid, sizeof pid, "%ld", at);
		attack("u8conform", pid);
	}
}

const struct u8tt_target u8tt_target = {
    .name = "hostile-proc-reopen",
    .hooks = {.on_call = on_call},
};
