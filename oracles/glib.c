/* SPDX-License-Identifier: MIT */
/*
 * glib.c - GLib's UTF-8 functions behind the u8t ABI (libu8t-glib.so).
 *
 * What GLib accepts and produces is authoritative here: validation is
 * g_utf8_validate_len, one character is g_utf8_get_char_validated, and
 * encoding is g_unichar_to_utf8, which refuses nothing (it writes
 * surrogates and values past U+10FFFF in the old five- and six-byte
 * forms; the harness is there to catch that, so no g_unichar_validate
 * is added).  g_utf8_get_char_validated does not say how long an
 * ill-formed sequence is, so decoding replaces as g_utf8_make_valid is
 * documented to: each byte that cannot be read becomes one U+FFFD.  GLib
 * strings end at a nul byte, and its documentation says both functions
 * refuse 00 when given a length; the shim shows that too.
 */
#include <stdio.h>

#include <glib.h>

#include "identity.h"
#include "steps.h"
#include "u8t.h"

/* max_len is a gssize; the rest of the input counts only as "more". */
static gssize
max_len(size_t left)
{
	return left > (size_t)G_MAXSSIZE ? G_MAXSSIZE : (gssize)left;
}

/*
 * One character at s[0..n), n >= 1.  g_utf8_get_char_validated returns
 * (gunichar)-1 for an invalid sequence and (gunichar)-2 for a partial one
 * (and for a nul byte when max_len is positive); either way one byte is
 * consumed, as g_utf8_make_valid does.  A valid character is as long as
 * g_utf8_next_char steps.
 */
static size_t
step(const uint8_t *s, size_t n, uint32_t *cp)
{
	const gchar *p = (const gchar *)s;
	gunichar c = g_utf8_get_char_validated(p, max_len(n));

	if (c == (gunichar)-1 || c == (gunichar)-2) {
		*cp = U8T_ERROR;
		return 1;
	}
	*cp = c;
	return (size_t)(g_utf8_next_char(p) - p);
}

void
u8o_describe(char *name, size_t len)
{
	/* The GLib actually loaded, not the headers'. */
	snprintf(name, len, "GLib %u.%u.%u", glib_major_version,
	         glib_minor_version, glib_micro_version);
}

U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	return u8o_decode_by_steps(step, s, n, out, cap);
}

/* g_utf8_validate_len's end is "the first byte of the first invalid
 * character" (GLib documentation of g_utf8_validate). */
U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	const gchar *end = NULL;

	if (n == 0) /* s may be NULL: nothing for GLib to look at */
		return 1;
	if (g_utf8_validate_len((const gchar *)s, n, &end))
		return 1;
	if (err != NULL && end != NULL)
		*err = (size_t)(end - (const gchar *)s);
	return 0;
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

/* g_unichar_to_utf8 writes at most six bytes and returns how many. */
U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	return (size_t)g_unichar_to_utf8(cp, (gchar *)out);
}
