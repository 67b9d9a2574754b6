/* SPDX-License-Identifier: MIT */
/*
 * peer_glib.c - GLib's g_utf8_validate_len.  It refuses U+0000, which
 * Unicode allows: on an input that holds one its verdict is wrong, and
 * the report flags it rather than hiding it.
 */
#include <stdint.h>
#include <stdio.h>

#include <glib.h>

#include "contestants.h"

static int
glib_valid(const void *ctx, const uint8_t *s, size_t n)
{
	(void)ctx;
	return g_utf8_validate_len((const gchar *)s, n, NULL) ? 1 : 0;
}

static void
glib_version(char *buf, size_t cap)
{
	snprintf(buf, cap, "GLib %u.%u.%u g_utf8_validate_len",
	         glib_major_version, glib_minor_version, glib_micro_version);
}

const struct u8b_peer u8b_peer_glib = {"glib", glib_valid, glib_version};
