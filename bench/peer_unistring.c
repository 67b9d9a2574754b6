/* SPDX-License-Identifier: MIT */
/*
 * peer_unistring.c - GNU libunistring's u8_check, which returns NULL for
 * well-formed input and else a pointer to the first invalid unit.
 */
#include <stdint.h>
#include <stdio.h>

#include <unistr.h>
#include <unistring/version.h>

#include "contestants.h"

static int
unistring_valid(const void *ctx, const uint8_t *s, size_t n)
{
	(void)ctx;
	return u8_check(s, n) == NULL;
}

static void
unistring_version(char *buf, size_t cap)
{
	/* 0xMMmmss: major, minor, subminor. */
	snprintf(buf, cap, "libunistring %d.%d u8_check",
	         _libunistring_version >> 16,
	         (_libunistring_version >> 8) & 0xFF);
}

const struct u8b_peer u8b_peer_unistring = {"unistring", unistring_valid,
                                            unistring_version};
