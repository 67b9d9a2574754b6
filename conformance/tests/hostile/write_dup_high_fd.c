/* SPDX-License-Identifier: MIT */
/*
 * write_dup_high_fd.c - hostile target: raises its limit of open files
 * while loading, duplicates fd 1 to a number above 1024, and writes
 * through the copy when an input holds the byte C1.
 *
 * A worker that looked for copies of its output only below 1024 left
 * this one writing into the fork server's pipe, where the write was
 * charged to no input.  Expected: a FAIL isolation/output naming C1.
 */
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "targets.h"

enum { HIGH = 1500 };

static int copy = -1;

__attribute__((constructor)) static void
keep(void)
{
	struct rlimit r;

	if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur <= HIGH &&
	    r.rlim_max > HIGH) {
		r.rlim_cur = HIGH + 1;
		setrlimit(RLIMIT_NOFILE, &r);
	}
	copy = dup2(1, HIGH);
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
    .name = "hostile-write-dup-high-fd",
    .hooks = {.on_call = on_call},
};
