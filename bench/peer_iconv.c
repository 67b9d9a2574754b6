/* SPDX-License-Identifier: MIT */
/*
 * peer_iconv.c - glibc's iconv from UTF-8 to UTF-8, into a small buffer
 * that is reused: EILSEQ (an invalid sequence) or EINVAL (the input ends
 * inside one) means ill-formed.  One converter, reset before each call.
 */
#include <errno.h>
#include <gnu/libc-version.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>

#include "contestants.h"

/* Output per iconv call: in cache, so the copy costs little. */
enum { OUT_BYTES = 64 * 1024 };

static int
iconv_valid(const void *ctx, const uint8_t *s, size_t n)
{
	static iconv_t cd = (iconv_t)-1;
	static char out[OUT_BYTES];
	char *in = (char *)(uintptr_t)s; /* iconv's prototype is not const */
	size_t left = n;

	(void)ctx;
	if (cd == (iconv_t)-1 &&
	    (cd = iconv_open("UTF-8", "UTF-8")) == (iconv_t)-1)
		return 0;
	iconv(cd, NULL, NULL, NULL, NULL);
	while (left > 0) {
		char *o = out;
		size_t room = sizeof out;

		if (iconv(cd, &in, &left, &o, &room) == (size_t)-1 &&
		    errno != E2BIG)
			return 0; /* EILSEQ or EINVAL */
	}
	return 1;
}

static void
iconv_version(char *buf, size_t cap)
{
	snprintf(buf, cap, "glibc %s iconv UTF-8 to UTF-8",
	         gnu_get_libc_version());
}

const struct u8b_peer u8b_peer_iconv = {"iconv", iconv_valid, iconv_version};
