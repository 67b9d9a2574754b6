/* SPDX-License-Identifier: MIT */
/*
 * peer_icu.c - ICU, as a user validates with it: u_strFromUTF8 in
 * preflight mode (no output buffer), which walks the whole input and
 * fails with U_INVALID_CHAR_FOUND on ill-formed UTF-8.
 */
#include <stdint.h>
#include <stdio.h>

#include <unicode/uchar.h>
#include <unicode/ustring.h>

#include "contestants.h"

static int
icu_valid(const void *ctx, const uint8_t *s, size_t n)
{
	UErrorCode err = U_ZERO_ERROR;
	int32_t len = 0;

	(void)ctx;
	if (n > INT32_MAX)
		return 0; /* ICU lengths are int32_t; the inputs are smaller */
	u_strFromUTF8(NULL, 0, &len, (const char *)s, (int32_t)n, &err);
	/* Preflighting a non-empty valid input overflows the empty buffer. */
	return U_SUCCESS(err) || err == U_BUFFER_OVERFLOW_ERROR;
}

static void
icu_version(char *buf, size_t cap)
{
	UVersionInfo v;
	char s[U_MAX_VERSION_STRING_LENGTH];

	u_getVersion(v);
	u_versionToString(v, s);
	snprintf(buf, cap, "ICU %s u_strFromUTF8 preflight", s);
}

const struct u8b_peer u8b_peer_icu = {"icu", icu_valid, icu_version};
