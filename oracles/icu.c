/* SPDX-License-Identifier: MIT */
/*
 * icu.c - ICU's UTF-8 decoder behind the u8t ABI (libu8t-icu.so).
 *
 * ICU is the main oracle.  Every function hands the bytes to one ICU
 * mechanism and reports its answer unchanged: decoding through
 * u_strFromUTF8WithSub, one character through U8_NEXT, validation by
 * walking U8_NEXT, encoding through U8_APPEND.  ICU documents that since
 * ICU 60 the length of each ill-formed sequence it skips follows Unicode's
 * maximal-subpart practice (unicode/utf.h); where it does not, the harness
 * must see it, so nothing here corrects ICU or falls back to u8ref.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <unicode/ustring.h>
#include <unicode/utf8.h>
#include <unicode/uversion.h>

#include "identity.h"
#include "u8t.h"

/* Decoding below this many bytes needs no heap. */
enum { STACK_UNITS = 256 };

/* U8_NEXT reads at most the lead byte and three trail bytes, so a window
 * of four bytes from the current offset decides exactly what the whole
 * string would; this keeps ICU's int32_t lengths away from size_t n. */
enum { WINDOW = 4 };

static int32_t
window(size_t left)
{
	return left < WINDOW ? (int32_t)left : WINDOW;
}

void
u8o_describe(char *name, size_t len)
{
	UVersionInfo v;
	char text[U_MAX_VERSION_STRING_LENGTH];

	/* The version of the ICU actually loaded, not the headers'. */
	u_getVersion(v);
	u_versionToString(v, text);
	snprintf(name, len, "ICU %s", text);
}

/*
 * u_strFromUTF8WithSub with subchar U+FFFD, then ICU's own u_strToUTF32
 * for the scalar values.  Each input byte yields at most one UTF-16 unit
 * (a four-byte character two units; every substitution consumes at least
 * one byte and is one unit), and so at most one value: n of each always
 * suffice.  The count ICU returns in pNumSubstitutions is not asked for:
 * the ABI reports the U+FFFDs themselves, in place.  ICU lengths are
 * int32_t: longer input is beyond its API and decodes to nothing, as
 * does a failed malloc.
 */
U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	UChar stack16[STACK_UNITS];
	UChar32 stack32[STACK_UNITS];
	UChar *u16 = stack16;
	UChar32 *u32 = stack32;
	UErrorCode ec = U_ZERO_ERROR;
	int32_t len16 = 0, len32 = 0;
	size_t k = 0;

	if (n == 0 || cap == 0 || n > INT32_MAX ||
	    n > SIZE_MAX / sizeof(UChar32))
		return 0;
	if (n > STACK_UNITS) {
		u16 = malloc(n * sizeof *u16);
		u32 = malloc(n * sizeof *u32);
		if (u16 == NULL || u32 == NULL)
			ec = U_MEMORY_ALLOCATION_ERROR;
	}
	/* A result of exactly n units is not NUL-terminated: ICU says so
	 * with U_STRING_NOT_TERMINATED_WARNING, which is no failure.  Both
	 * calls do nothing once ec holds a failure. */
	u_strFromUTF8WithSub(u16, (int32_t)n, &len16, (const char *)s,
	                     (int32_t)n, 0xFFFD, NULL, &ec);
	/* ICU's UTF-16 is well-formed: every surrogate it wrote is half of
	 * a pair, and u_strToUTF32 joins the pair into one value. */
	u_strToUTF32(u32, (int32_t)n, &len32, u16, len16, &ec);
	if (U_SUCCESS(ec))
		for (; k < (size_t)len32 && k < cap; k++)
			out[k] = (uint32_t)u32[k];
	if (u16 != stack16) {
		free(u16);
		free(u32);
	}
	return k;
}

/*
 * The offset comes from walking U8_NEXT: the index before the first call
 * that yields c < 0.  That is the only ICU mechanism that says where:
 * u_strFromUTF8 fails with U_INVALID_CHAR_FOUND and leaves pDestLength
 * unset (ICU 72.1), and pNumSubstitutions of u_strFromUTF8WithSub only
 * counts.
 */
U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	size_t at = 0;

	while (at < n) {
		const uint8_t *p = s + at;
		int32_t i = 0, len = window(n - at);
		UChar32 c;

		U8_NEXT(p, i, len, c);
		if (c < 0) {
			if (err != NULL)
				*err = at;
			return 0;
		}
		at += (size_t)i;
	}
	return 1;
}

/* U8_NEXT: c < 0 is ICU's "illegal sequence"; i says how much ICU skips
 * (since ICU 60 the maximal subpart, unicode/utf.h). */
U8T_EXPORT size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	int32_t i = 0, len = window(n);
	UChar32 c;

	if (n == 0) { /* outside the contract: read nothing */
		*cp = U8T_ERROR;
		return 0;
	}
	U8_NEXT(s, i, len, c);
	*cp = c < 0 ? U8T_ERROR : (uint32_t)c;
	return (size_t)i;
}

/* U8_APPEND sets isError for surrogates and values above U+10FFFF (and
 * for lack of room, which eight bytes rule out): ICU refuses them. */
U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	int32_t i = 0;
	UBool refused = false;

	U8_APPEND(out, i, 8, cp, refused);
	return refused ? 0 : (size_t)i;
}
