/* SPDX-License-Identifier: MIT */
/*
 * glibc_mbrtowc.c - glibc's mbrtowc in C.UTF-8 behind the u8t ABI
 * (libu8t-glibc-mbrtowc.so).
 *
 * What glibc's multibyte functions accept, in the C.UTF-8 locale, is
 * authoritative here.  mbrtowc only says "invalid" ((size_t)-1) or
 * "incomplete" ((size_t)-2), never how long the bad part is, so
 * u8t_decode and u8t_next replace ill-formed input the way a program
 * built on mbrtowc naturally does (gnulib's mbiter does exactly this):
 * after (size_t)-1 it skips one byte and emits one U+FFFD; after
 * (size_t)-2 the rest of the input is one incomplete character, one
 * U+FFFD.  That is not Unicode's maximal-subpart practice, and nothing
 * here makes it so.  Each call switches its thread to the C.UTF-8
 * locale with uselocale and restores the caller's locale before
 * returning: no decoding state survives a call.
 */
#define _POSIX_C_SOURCE 200809L

#include <gnu/libc-version.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>
#include <wchar.h>

#include "identity.h"
#include "steps.h"
#include "u8t.h"

/* A thread switched to C.UTF-8, and what to switch back to. */
struct in_utf8 {
	locale_t utf8; /* the C.UTF-8 locale, or (locale_t)0 */
	locale_t prev; /* the thread's locale before         */
};

/* newlocale reads the locale's files each time (tens of microseconds),
 * so the locale object is made once; it is immutable, so keeping it is
 * no decoding state. */
static locale_t utf8_locale;
static once_flag utf8_once = ONCE_FLAG_INIT;

static void
make_utf8_locale(void)
{
	utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

/* Given back when the library is unloaded, or it leaks with it. */
__attribute__((destructor)) static void
free_utf8_locale(void)
{
	if (utf8_locale != (locale_t)0)
		freelocale(utf8_locale);
	utf8_locale = (locale_t)0;
}

/* newlocale fails only when C.UTF-8 is missing (or memory is short);
 * then every function reports that it decoded nothing. */
static struct in_utf8
enter_utf8(void)
{
	struct in_utf8 l = {(locale_t)0, (locale_t)0};

	call_once(&utf8_once, make_utf8_locale);
	l.utf8 = utf8_locale;
	if (l.utf8 != (locale_t)0)
		l.prev = uselocale(l.utf8);
	return l;
}

static void
leave_utf8(struct in_utf8 l)
{
	if (l.utf8 != (locale_t)0)
		uselocale(l.prev);
}

/*
 * One step of the natural mbrtowc loop over s[0..n), n >= 1: the bytes
 * consumed and the value, U8T_ERROR for ill-formed input.  POSIX: 0
 * means the null wide character, which in UTF-8 is the one byte 00;
 * (size_t)-1 leaves the state undefined, so each step starts afresh.
 */
static size_t
step(const uint8_t *s, size_t n, uint32_t *cp)
{
	mbstate_t st;
	wchar_t wc = 0;
	size_t r;

	memset(&st, 0, sizeof st);
	r = mbrtowc(&wc, (const char *)s, n, &st);
	if (r == (size_t)-1) { /* invalid: skip one byte */
		*cp = U8T_ERROR;
		return 1;
	}
	if (r == (size_t)-2) { /* all n bytes are one incomplete character */
		*cp = U8T_ERROR;
		return n;
	}
	*cp = (uint32_t)wc;
	return r == 0 ? 1 : r;
}

void
u8o_describe(char *name, size_t len)
{
	snprintf(name, len, "glibc %s mbrtowc (C.UTF-8)",
	         gnu_get_libc_version());
}

U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	struct in_utf8 l = enter_utf8();
	size_t k;

	if (l.utf8 == (locale_t)0)
		return 0;
	k = u8o_decode_by_steps(step, s, n, out, cap);
	leave_utf8(l);
	return k;
}

/* The offset is where the first (size_t)-1 or (size_t)-2 came back. */
U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	struct in_utf8 l = enter_utf8();
	int ok;

	if (l.utf8 == (locale_t)0)
		return 0;
	ok = u8o_validate_by_steps(step, s, n, err);
	leave_utf8(l);
	return ok;
}

U8T_EXPORT size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	struct in_utf8 l;
	size_t len;

	*cp = U8T_ERROR;
	if (n == 0) /* outside the contract: read nothing */
		return 0;
	l = enter_utf8();
	if (l.utf8 == (locale_t)0)
		return 1;
	len = step(s, n, cp);
	leave_utf8(l);
	return len;
}

/* wcrtomb returns (size_t)-1 for what glibc will not encode.  A value
 * above WCHAR_MAX becomes a negative wchar_t, which it refuses too. */
U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	struct in_utf8 l = enter_utf8();
	char buf[MB_LEN_MAX];
	mbstate_t st;
	size_t r;

	if (l.utf8 == (locale_t)0)
		return 0;
	memset(&st, 0, sizeof st);
	r = wcrtomb(buf, (wchar_t)cp, &st);
	leave_utf8(l);
	if (r == (size_t)-1 || r == 0 || r > 8)
		return 0;
	memcpy(out, buf, r);
	return r;
}
