/* SPDX-License-Identifier: MIT */
/*
 * decoders.c - one decoder of each --shape, for the shapes test: the
 * correct core of ../targets/base.c behind each library's signature,
 * with each library's own way of reporting an error.
 *
 * u8conform judges each of them with --symbol and --shape alone, no
 * shim; each must pass, so an adapter that misreads its shape (a width,
 * a sign, an offset one off) shows as a failure.
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "targets.h"
#include "u8t.h"

const struct u8tt_target u8tt_target = {.name = "shape decoders"};

/* The shapes' declarations, as their libraries write them. */
U8T_EXPORT _Bool shape_bool(const char *s, size_t n);
U8T_EXPORT int shape_glib(const char *s, ssize_t n, const char **end);
U8T_EXPORT const uint8_t *shape_unistring(const uint8_t *s, size_t n);
U8T_EXPORT int shape_utf8_range(const unsigned char *s, int n);
U8T_EXPORT ssize_t shape_utf8proc(const uint8_t *s, ssize_t n, int32_t *cp);
U8T_EXPORT int32_t shape_cmark(const uint8_t *s, int32_t n, int32_t *cp);
U8T_EXPORT int shape_quickjs(const uint8_t *p, int max_len, const uint8_t **pp);
U8T_EXPORT int shape_libxml2(const unsigned char *s, int *len);
U8T_EXPORT const char *shape_jq(const char *in, const char *end, int *cp);
U8T_EXPORT size_t shape_utf32(const uint8_t *s, size_t n, uint32_t *out,
                              size_t cap);
U8T_EXPORT size_t shape_utf16(const uint8_t *s, size_t n, uint16_t *out,
                              size_t cap);

/* bool: simdutf::validate_utf8 */
U8T_EXPORT _Bool
shape_bool(const char *s, size_t n)
{
	return u8t_validate((const uint8_t *)s, n, NULL) == 1;
}

/* glib: g_utf8_validate_len */
U8T_EXPORT int
shape_glib(const char *s, ssize_t n, const char **end)
{
	size_t err = 0;
	int ok = u8t_validate((const uint8_t *)s, (size_t)n, &err);

	if (end != NULL)
		*end = ok ? s + n : s + err;
	return ok;
}

/* unistring: u8_check */
U8T_EXPORT const uint8_t *
shape_unistring(const uint8_t *s, size_t n)
{
	size_t err = 0;

	return u8t_validate(s, n, &err) ? NULL : s + err;
}

/* utf8-range: 0, or 1 + the offset of the first error */
U8T_EXPORT int
shape_utf8_range(const unsigned char *s, int n)
{
	size_t err = 0;

	return u8t_validate(s, (size_t)n, &err) ? 0 : (int)err + 1;
}

/* utf8proc: utf8proc_iterate */
U8T_EXPORT ssize_t
shape_utf8proc(const uint8_t *s, ssize_t n, int32_t *cp)
{
	uint32_t c = U8T_ERROR;
	size_t len = u8t_next(s, (size_t)n, &c);

	*cp = c == U8T_ERROR ? -1 : (int32_t)c;
	return c == U8T_ERROR ? -3 : (ssize_t)len;
}

/* cmark: cmark_utf8proc_iterate, with 32-bit lengths */
U8T_EXPORT int32_t
shape_cmark(const uint8_t *s, int32_t n, int32_t *cp)
{
	uint32_t c = U8T_ERROR;
	size_t len = u8t_next(s, (size_t)n, &c);

	*cp = c == U8T_ERROR ? -1 : (int32_t)c;
	return c == U8T_ERROR ? -1 : (int32_t)len;
}

/* quickjs: unicode_from_utf8; *pp untouched on an error */
U8T_EXPORT int
shape_quickjs(const uint8_t *p, int max_len, const uint8_t **pp)
{
	uint32_t c = U8T_ERROR;
	size_t len = u8t_next(p, (size_t)max_len, &c);

	if (c == U8T_ERROR)
		return -1;
	*pp = p + len;
	return (int)c;
}

/* libxml2: xmlGetUTF8Char; *len 0 on an error */
U8T_EXPORT int
shape_libxml2(const unsigned char *s, int *len)
{
	uint32_t c = U8T_ERROR;
	size_t l = u8t_next(s, (size_t)*len, &c);

	*len = c == U8T_ERROR ? 0 : (int)l;
	return c == U8T_ERROR ? -1 : (int)c;
}

/* jq: jvp_utf8_next; NULL at the end */
U8T_EXPORT const char *
shape_jq(const char *in, const char *end, int *cp)
{
	uint32_t c = U8T_ERROR;
	size_t len;

	if (in == end)
		return NULL;
	len = u8t_next((const uint8_t *)in, (size_t)(end - in), &c);
	*cp = c == U8T_ERROR ? -1 : (int)c;
	return in + len;
}

/* utf32: into the caller's UTF-32 buffer */
U8T_EXPORT size_t
shape_utf32(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	return u8t_decode(s, n, out, cap);
}

/* utf16: into the caller's UTF-16 buffer, supplementary characters as
 * pairs */
U8T_EXPORT size_t
shape_utf16(const uint8_t *s, size_t n, uint16_t *out, size_t cap)
{
	size_t k = 0, off = 0, len;
	uint32_t c;

	for (; off < n; off += len) {
		len = u8t_next(s + off, n - off, &c);
		if (c == U8T_ERROR)
			c = 0xFFFD;
		if (c >= 0x10000 && k + 2 <= cap) {
			out[k++] = (uint16_t)(0xD800 + ((c - 0x10000) >> 10));
			out[k++] = (uint16_t)(0xDC00 + ((c - 0x10000) & 0x3FF));
		} else if (c < 0x10000 && k < cap) {
			out[k++] = (uint16_t)c;
		}
	}
	return k;
}
