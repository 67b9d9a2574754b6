/* SPDX-License-Identifier: MIT */
/*
 * cpu_clock.c - a jailed process's CPU time, from the supervisor's
 * /proc: found once per process among the jail's descendants, by the
 * children lists of their threads, or else by a scan of /proc (its parent
 * chain must reach the jail); its NSpid's last field is its pid in the jail,
 * then read with one pread of schedstat (nanoseconds on a CPU, and in a
 * run queue) or, where the kernel keeps no schedstat, of stat (utime +
 * stime, in ticks; no time queued).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cpu_clock.h"

enum { MAX_SEEN = 8192, MAX_CHAIN = 64, RESCAN_MS = 16 };

/* What /proc says of one process: its parent and its pid in the
 * innermost PID namespace it belongs to. */
struct seen {
	pid_t pid, ppid, inner;
};

static int
read_status(pid_t pid, struct seen *out)
{
	char path[64], line[256];
	FILE *f;
	int fields = 0;

	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	if ((f = fopen(path, "r")) == NULL)
		return -1;
	out->pid = pid;
	while (fgets(line, sizeof line, f) != NULL && fields < 2) {
		if (strncmp(line, "PPid:", 5) == 0) {
			out->ppid = (pid_t)atoi(line + 5);
			fields++;
		} else if (strncmp(line, "NSpid:", 6) == 0) {
			/* the last of the pids, innermost namespace last */
			char *last = strrchr(line, '\t');

			out->inner =
			    (pid_t)atoi(last != NULL ? last : line + 6);
			fields++;
		}
	}
	fclose(f);
	return fields == 2 ? 0 : -1;
}

static const struct seen *
find(const struct seen *all, size_t n, pid_t pid)
{
	for (size_t i = 0; i < n; i++)
		if (all[i].pid == pid)
			return &all[i];
	return NULL;
}

/* Whether @p descends from @jail, by parents seen in the same scan. */
static int
in_jail(const struct seen *all, size_t n, const struct seen *p, pid_t jail)
{
	for (int depth = 0; p != NULL && depth < MAX_CHAIN; depth++) {
		if (p->ppid == jail)
			return 1;
		p = find(all, n, p->ppid);
	}
	return 0;
}

int
u8c_proc_children(pid_t pid, pid_t *pids, size_t *n, size_t max)
{
	char path[96];
	struct dirent *e;
	DIR *tasks;
	int read_one = 0;

	snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
	if ((tasks = opendir(path)) == NULL)
		return -1;
	while ((e = readdir(tasks)) != NULL) {
		FILE *f;
		int child;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "/proc/%d/task/%s/children",
		         (int)pid, e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue; /* a thread that just ended */
		read_one = 1;
		while (fscanf(f, "%d", &child) == 1 && *n < max)
			pids[(*n)++] = (pid_t)child;
		fclose(f);
	}
	closedir(tasks);
	return read_one ? 0 : -1;
}

ssize_t
u8c_proc_descendants(pid_t pid, pid_t *pids, size_t max)
{
	size_t n = 0;

	if (u8c_proc_children(pid, pids, &n, max) != 0)
		return -1;
	/* the list grows as it is read: each level after the one before;
	 * one that is gone has no list, and no children */
	for (size_t k = 0; k < n; k++)
		(void)u8c_proc_children(pids[k], pids, &n, max);
	return (ssize_t)n;
}

/* @jailed among the descendants of @jail, found from the jail down by
 * the children lists of their threads: the jail's few processes, where
 * a scan of /proc reads every process of the machine.  The pid, 0 if
 * none, or -1 when a list cannot be read (no CONFIG_PROC_CHILDREN). */
static pid_t
descendant(pid_t jail, pid_t jailed)
{
	static pid_t pids[U8C_PROC_PIDS];
	ssize_t n = u8c_proc_descendants(jail, pids, U8C_PROC_PIDS);
	struct seen st;

	for (ssize_t k = 0; k < n; k++)
		if (read_status(pids[k], &st) == 0 && st.inner == jailed)
			return pids[k];
	return n < 0 ? -1 : 0;
}

/* The same by a scan of all of /proc. */
static pid_t
scanned(pid_t jail, pid_t jailed)
{
	static struct seen all[MAX_SEEN];
	size_t n = 0;
	struct dirent *e;
	pid_t found = 0;
	DIR *d;

	if ((d = opendir("/proc")) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < MAX_SEEN) {
		pid_t pid = (pid_t)atoi(e->d_name);

		if (pid > 0 && read_status(pid, &all[n]) == 0)
			n++;
	}
	closedir(d);
	for (size_t i = 0; i < n && found == 0; i++)
		if (all[i].inner == jailed && all[i].pid != jail &&
		    in_jail(all, n, &all[i], jail))
			found = all[i].pid;
	return found;
}

pid_t
u8c_proc_pid_of_jailed(pid_t jail, pid_t jailed)
{
	pid_t found = descendant(jail, jailed);

	return found >= 0 ? found : scanned(jail, jailed);
}

void
u8c_cpu_clock_reset(struct u8c_cpu_clock *c)
{
	if (c->fd >= 0)
		close(c->fd);
	if (c->statm >= 0)
		close(c->statm);
	if (c->stat >= 0)
		close(c->stat);
	c->fd = c->statm = c->stat = -1;
	c->jailed = 0;
	c->ticks = 0;
	c->scanned_ms = 0;
}

static void
open_clock(struct u8c_cpu_clock *c, pid_t pid)
{
	char path[64];

	snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
	c->statm = open(path, O_RDONLY | O_CLOEXEC);
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	c->stat = open(path, O_RDONLY | O_CLOEXEC);
	snprintf(path, sizeof path, "/proc/%d/schedstat", (int)pid);
	c->fd = open(path, O_RDONLY | O_CLOEXEC);
	c->ticks = 0;
	if (c->fd >= 0)
		return;
	c->fd = c->stat >= 0 ? dup(c->stat) : -1;
	c->ticks = 1;
}

/* /proc/PID/stat into @buf: the text after the last ')' (comm may hold
 * anything), which starts with " STATE PPID"; NULL if unreadable. */
static const char *
stat_fields(int fd, char *buf, size_t size)
{
	ssize_t got;
	char *close_paren;

	if (fd < 0 || (got = pread(fd, buf, size - 1, 0)) <= 0)
		return NULL;
	buf[got] = '\0';
	close_paren = strrchr(buf, ')');
	return close_paren != NULL ? close_paren + 1 : NULL;
}

static int64_t
monotonic_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* @c on process @jailed of @jail: 0, or -1 when it is not found. */
static int
look_up(struct u8c_cpu_clock *c, pid_t jail, pid_t jailed)
{
	if (jailed <= 0)
		return -1;
	/* looked for again until found (a process just forked may not show
	 * its parent chain to the jail yet), though not on every read: a
	 * pid that names nothing would cost a scan of /proc each time.  The
	 * pause is time, not a count of reads, which a busy machine spaces
	 * out: the caller's limits are time too. */
	if (c->jailed == jailed && c->fd < 0 &&
	    monotonic_ms() - c->scanned_ms < RESCAN_MS)
		return -1;
	if (c->jailed != jailed || c->fd < 0) {
		pid_t pid;

		u8c_cpu_clock_reset(c);
		c->jailed = jailed;
		c->scanned_ms = monotonic_ms();
		if ((pid = u8c_proc_pid_of_jailed(jail, jailed)) > 0)
			open_clock(c, pid);
	}
	return c->fd >= 0 ? 0 : -1;
}

int64_t
u8c_cpu_clock_ns(struct u8c_cpu_clock *c, pid_t jail, pid_t jailed,
                 int64_t *queued_ns)
{
	char buf[1024];
	const char *fields;
	ssize_t got;
	unsigned long long ns, queued, utime, stime;
	long hz;

	*queued_ns = 0;
	if (look_up(c, jail, jailed) != 0)
		return -1;
	if (!c->ticks) {
		/* on a CPU, then waiting in a run queue, both in ns */
		if ((got = pread(c->fd, buf, sizeof buf - 1, 0)) <= 0)
			return -1;
		buf[got] = '\0';
		if (sscanf(buf, "%llu %llu", &ns, &queued) != 2)
			return -1;
		*queued_ns = (int64_t)queued;
		return (int64_t)ns;
	}
	/* state ppid ... utime stime: fields 14 and 15 */
	if ((fields = stat_fields(c->fd, buf, sizeof buf)) == NULL ||
	    sscanf(fields,
	           " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
	           &utime, &stime) != 2 ||
	    (hz = sysconf(_SC_CLK_TCK)) <= 0)
		return -1;
	return (int64_t)((utime + stime) * (1000000000ULL / (unsigned long)hz));
}

int
u8c_cpu_clock_runnable(struct u8c_cpu_clock *c)
{
	char buf[1024], state;
	const char *fields = stat_fields(c->stat, buf, sizeof buf);

	if (fields == NULL || sscanf(fields, " %c", &state) != 1)
		return -1;
	return state == 'R';
}

int64_t
u8c_cpu_clock_private_bytes(struct u8c_cpu_clock *c, pid_t jail, pid_t jailed)
{
	char buf[256];
	ssize_t got;
	unsigned long long resident, shared;

	if (look_up(c, jail, jailed) != 0 || c->statm < 0 ||
	    (got = pread(c->statm, buf, sizeof buf - 1, 0)) <= 0)
		return -1;
	buf[got] = '\0';
	/* pages: size resident shared (file-backed) text lib data dirty */
	if (sscanf(buf, "%*u %llu %llu", &resident, &shared) != 2 ||
	    shared > resident)
		return -1;
	return (int64_t)((resident - shared) *
	                 (unsigned long long)getpagesize());
}

void
u8c_cpu_clock_look_again(struct u8c_cpu_clock *c)
{
	if (c->fd < 0)
		c->jailed = 0; /* a new look-up */
}
