/* SPDX-License-Identifier: MIT */
/*
 * peer_utf8proc.c - utf8proc has no validator of its own: one validates
 * with it by a loop of utf8proc_iterate, which fails with a negative
 * value on ill-formed input.
 */
#include <stdint.h>
#include <stdio.h>

#include <utf8proc.h>

#include "contestants.h"

static int
utf8proc_valid(const void *ctx, const uint8_t *s, size_t n)
{
	utf8proc_int32_t cp;

	(void)ctx;
	while (n > 0) {
		/* A negative length would mean "up to four bytes": never. */
		utf8proc_ssize_t left =
		    n > (size_t)PTRDIFF_MAX ? PTRDIFF_MAX : (utf8proc_ssize_t)n;
		utf8proc_ssize_t r = utf8proc_iterate(s, left, &cp);

		if (r <= 0)
			return 0;
		s += r;
		n -= (size_t)r;
	}
	return 1;
}

static void
utf8proc_version_of(char *buf, size_t cap)
{
	snprintf(buf, cap, "utf8proc %s utf8proc_iterate loop",
	         utf8proc_version());
}

const struct u8b_peer u8b_peer_utf8proc = {"utf8proc", utf8proc_valid,
                                           utf8proc_version_of};
