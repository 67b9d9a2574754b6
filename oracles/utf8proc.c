/* SPDX-License-Identifier: MIT */
/*
 * utf8proc.c - utf8proc's UTF-8 functions behind the u8t ABI
 * (libu8t-utf8proc.so).
 *
 * What utf8proc accepts and produces is authoritative here: one
 * character is utf8proc_iterate, validation is a loop of it, encoding is
 * utf8proc_encode_char.  utf8proc has no replacement of its own (its
 * string functions fail whole with UTF8PROC_ERROR_INVALIDUTF8), and
 * utf8proc_iterate returns a negative error without a length, so
 * u8t_decode and u8t_next do what a loop over it naturally does: skip
 * one byte and emit one U+FFFD.  That is not Unicode's maximal-subpart
 * practice, and nothing here makes it so.  utf8proc_encode_char "does
 * not check whether codepoint is valid Unicode" (utf8proc.h): what it
 * encodes is exported as it is, surrogates included.
 */
#include <stdint.h>
#include <stdio.h>

#include <utf8proc.h>

#include "identity.h"
#include "steps.h"
#include "u8t.h"

/* strlen is a utf8proc_ssize_t (ptrdiff_t here), and a negative one
 * would mean "read up to four bytes": never pass one. */
static utf8proc_ssize_t
strlen_of(size_t left)
{
	return left > (size_t)PTRDIFF_MAX ? PTRDIFF_MAX
	                                  : (utf8proc_ssize_t)left;
}

/* One character at s[0..n), n >= 1: utf8proc_iterate's length, or one
 * byte and U8T_ERROR for its negative error (it stores -1 then). */
static size_t
step(const uint8_t *s, size_t n, uint32_t *cp)
{
	utf8proc_int32_t c = -1;
	utf8proc_ssize_t r = utf8proc_iterate(s, strlen_of(n), &c);

	if (r <= 0 || c < 0) {
		*cp = U8T_ERROR;
		return 1;
	}
	*cp = (uint32_t)c;
	return (size_t)r;
}

void
u8o_describe(char *name, size_t len)
{
	/* The library loaded, not the headers. */
	snprintf(name, len, "utf8proc %s", utf8proc_version());
}

U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	return u8o_decode_by_steps(step, s, n, out, cap);
}

/* The offset is where utf8proc_iterate first returned an error. */
U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	return u8o_validate_by_steps(step, s, n, err);
}

U8T_EXPORT size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	if (n == 0) { /* outside the contract: read nothing */
		*cp = U8T_ERROR;
		return 0;
	}
	return step(s, n, cp);
}

/* utf8proc_encode_char returns 0 for what it refuses (negative values
 * and those above U+10FFFF).  Its parameter is a utf8proc_int32_t: the
 * ABI's values above INT32_MAX arrive negative (two's complement). */
U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	utf8proc_ssize_t len = utf8proc_encode_char((utf8proc_int32_t)cp, out);

	return len > 0 ? (size_t)len : 0;
}
