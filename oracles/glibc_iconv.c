/* SPDX-License-Identifier: MIT */
/*
 * glibc_iconv.c - glibc's iconv from UTF-8 behind the u8t ABI
 * (libu8t-glibc-iconv.so).
 *
 * What glibc's "UTF-8" converter accepts is authoritative here.  iconv
 * stops at ill-formed input without saying how long it is: EILSEQ leaves
 * the input pointer at the start of an invalid sequence, EINVAL at an
 * incomplete one that the input ends inside (POSIX iconv).  u8t_decode
 * therefore does what an iconv loop with its own replacement does: on
 * EILSEQ it emits one U+FFFD and skips one byte, on EINVAL one U+FFFD for
 * the incomplete rest.  That is not Unicode's maximal-subpart practice,
 * and nothing here makes it so.  Each call opens and closes its own
 * iconv_t: no state survives a call.
 */
#include <errno.h>
#include <gnu/libc-version.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>

#include "identity.h"
#include "u8t.h"

/* Values converted per iconv call; the loop goes on after E2BIG. */
enum { CHUNK = 64 };

/* glibc's names; "UTF-32LE" writes no byte-order mark. */
#define FROM "UTF-8"
#define TO   "UTF-32LE"

/* The scalar value in four little-endian bytes. */
static uint32_t
le32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

/* Where the conversion of s[0..n) stopped, and why. */
struct run {
	size_t used; /* input bytes converted              */
	size_t nout; /* values written                     */
	int error;   /* 0 when all of s converted, else
	                EILSEQ or EINVAL (or what iconv
	                failed with otherwise)             */
};

/*
 * Converts s[0..n) with cd until the end or the first ill-formed input,
 * writing at most cap values to out (none when out is NULL); the input
 * still converts to the end after out is full.
 */
static struct run
convert(iconv_t cd, const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	struct run r = {0, 0, 0};
	/* POSIX iconv takes char **, and does not write the input. */
	char *in = (char *)s;
	size_t left = n;

	while (left > 0) {
		unsigned char buf[4 * CHUNK];
		char *o = (char *)buf;
		size_t room = sizeof buf, got, i;
		size_t rc = iconv(cd, &in, &left, &o, &room);
		int e = rc == (size_t)-1 ? errno : 0;

		got = (sizeof buf - room) / 4;
		for (i = 0; i < got && out != NULL && r.nout < cap; i++)
			out[r.nout++] = le32(buf + 4 * i);
		if (e == E2BIG)
			continue;
		r.error = e;
		break;
	}
	r.used = n - left;
	return r;
}

void
u8o_describe(char *name, size_t len)
{
	snprintf(name, len, "glibc %s iconv (" FROM " to " TO ")",
	         gnu_get_libc_version());
}

U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	iconv_t cd = iconv_open(TO, FROM);
	size_t at = 0, k = 0;

	if (cd == (iconv_t)-1)
		return 0;
	while (at < n && k < cap) {
		struct run r = convert(cd, s + at, n - at, out + k, cap - k);

		k += r.nout;
		at += r.used;
		if (r.error == 0)
			break;
		if (k == cap)
			break;
		if (r.error == EILSEQ) { /* one byte, one U+FFFD */
			out[k++] = 0xFFFD;
			at++;
		} else if (r.error == EINVAL) { /* incomplete to the end */
			out[k++] = 0xFFFD;
			at = n;
		} else { /* iconv failed for another reason */
			break;
		}
	}
	iconv_close(cd);
	return k;
}

/* The offset is how much input iconv consumed before EILSEQ or EINVAL. */
U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	iconv_t cd = iconv_open(TO, FROM);
	struct run r;

	if (cd == (iconv_t)-1)
		return 0;
	r = convert(cd, s, n, NULL, 0);
	iconv_close(cd);
	if (r.error == 0)
		return 1;
	if (err != NULL && (r.error == EILSEQ || r.error == EINVAL))
		*err = r.used;
	return 0;
}

/*
 * Output room for exactly one value: iconv converts the first character
 * and stops with E2BIG before the second, the input pointer just past
 * the first.  EILSEQ consumes one byte, EINVAL the incomplete rest, as
 * u8t_decode does.
 */
U8T_EXPORT size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	iconv_t cd;
	unsigned char buf[4];
	char *in = (char *)s, *o = (char *)buf;
	size_t left = n, room = sizeof buf, rc;
	int e;

	*cp = U8T_ERROR;
	if (n == 0) /* outside the contract: read nothing */
		return 0;
	cd = iconv_open(TO, FROM);
	if (cd == (iconv_t)-1)
		return 1;
	rc = iconv(cd, &in, &left, &o, &room);
	e = rc == (size_t)-1 ? errno : 0;
	iconv_close(cd);
	if (room == 0) {
		*cp = le32(buf);
		return n - left;
	}
	if (e == EINVAL)
		return n;
	return 1;
}

/* The value as UTF-32LE into UTF-8; iconv's EILSEQ is a refusal. */
U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	iconv_t cd = iconv_open(FROM, TO);
	unsigned char in4[4] = {
	    (unsigned char)(cp & 0xFF), (unsigned char)(cp >> 8 & 0xFF),
	    (unsigned char)(cp >> 16 & 0xFF), (unsigned char)(cp >> 24)};
	char *in = (char *)in4, *o = (char *)out;
	size_t left = sizeof in4, room = 8, rc;

	if (cd == (iconv_t)-1)
		return 0;
	rc = iconv(cd, &in, &left, &o, &room);
	iconv_close(cd);
	if (rc == (size_t)-1 || left != 0)
		return 0;
	return 8 - room;
}
