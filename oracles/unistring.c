/* SPDX-License-Identifier: MIT */
/*
 * unistring.c - GNU libunistring's UTF-8 functions behind the u8t ABI
 * (libu8t-unistring.so).
 *
 * What libunistring does is authoritative here, and it decides its own
 * replacement: u8_mbtouc stores U+FFFD for ill-formed input and returns
 * "an appropriate number of units" (unistr.h), so decoding is a plain
 * loop over u8_mbtouc.  Because a U+FFFD from u8_mbtouc may also be a
 * real one, u8t_next asks u8_mbtoucr (-1 invalid, -2 incomplete) whether
 * the character is ill-formed, and u8_mbtouc how far libunistring skips.
 * Validation is u8_check; encoding is u8_uctomb, whose -1 is a refusal.
 * Nothing here corrects libunistring toward Table 3-7.
 */
#include <stdio.h>

#include <unistr.h>
#include <unistring/version.h>

#include "identity.h"
#include "u8t.h"

void
u8o_describe(char *name, size_t len)
{
	/* The library loaded: (major << 16) + (minor << 8) + subminor. */
	int v = _libunistring_version;

	if ((v & 0xFF) != 0)
		snprintf(name, len, "libunistring %d.%d.%d", v >> 16,
		         v >> 8 & 0xFF, v & 0xFF);
	else
		snprintf(name, len, "libunistring %d.%d", v >> 16,
		         v >> 8 & 0xFF);
}

U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	size_t at = 0, k = 0;

	while (at < n && k < cap) {
		ucs4_t uc;
		int len = u8_mbtouc(&uc, s + at, n - at);

		out[k++] = uc;
		/* unistr.h promises a length; a non-positive one would
		 * stall, so it counts as one byte. */
		at += len > 0 ? (size_t)len : 1;
	}
	return k;
}

/* u8_check returns NULL or "a pointer to the first invalid unit". */
U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	const uint8_t *bad;

	if (n == 0) /* s may be NULL: nothing to check */
		return 1;
	bad = u8_check(s, n);
	if (bad == NULL)
		return 1;
	if (err != NULL)
		*err = (size_t)(bad - s);
	return 0;
}

U8T_EXPORT size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	ucs4_t uc, skip_uc;
	int r, len;

	if (n == 0) { /* outside the contract: read nothing */
		*cp = U8T_ERROR;
		return 0;
	}
	r = u8_mbtoucr(&uc, s, n);
	len = u8_mbtouc(&skip_uc, s, n);
	*cp = r < 0 ? U8T_ERROR : uc;
	return len > 0 ? (size_t)len : 1;
}

/* u8_uctomb returns -1 for what it will not encode (-2, no room, cannot
 * happen with eight bytes). */
U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	int len = u8_uctomb(out, cp, 8);

	return len > 0 ? (size_t)len : 0;
}
