/* SPDX-License-Identifier: MIT */
/*
 * write_dup_fd.c - hostile target: duplicates fd 1 while loading, and
 * writes through the copy when an input holds the byte C1.
 *
 * Once the write went unseen and landed in the report.  Expected: a
 * FAIL isolation/output naming C1, and a report with nothing of it.
 * With DUP_TO, the copy is that number (write_dup_high_fd.c).
 */
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "targets.h"

#ifndef DUP_TO
#define DUP_TO   -1 /* the lowest number free */
#define DUP_NAME "hostile-write-dup-fd"
#endif

static int copy = -1;

/* fd 1 at DUP_TO, the limit of open files raised to hold it */
static int
dup_to(int to)
{
	struct rlimit r;

	if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur <= (rlim_t)to &&
	    r.rlim_max > (rlim_t)to) {
		r.rlim_cur = (rlim_t)to + 1;
		setrlimit(RLIMIT_NOFILE, &r);
	}
	return dup2(1, to);
}

__attribute__((constructor)) static void
keep(void)
{
	copy = DUP_TO < 0 ? dup(1) : dup_to(DUP_TO);
}

static void
on_call(const char *fn, const uint8_t *s, size_t n)
{
	(void)fn;
	if (s != NULL && memchr(s, 0xC1, n) != NULL &&
	    write(copy, "{\"verdict\": \"pass\"}\n", 20) < 0)
		copy = -1;
}

const struct u8tt_target u8tt_target = {
    .name = DUP_NAME,
    .hooks = {.on_call = on_call},
};
