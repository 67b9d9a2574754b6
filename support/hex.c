/* SPDX-License-Identifier: MIT */
/*
 * hex.c - the hex and U+ codecs behind hex.h.
 */
#include <stdio.h>
#include <string.h>

#include "hex.h"

static const char digits[] = "0123456789ABCDEF";

/* Appends the items of a list to buf, cutting with " ..." when the next
 * item and the mark would not fit.  @item writes item i (at most @width
 * characters) and returns its length. */
static size_t
list_format(char *buf, size_t cap, size_t n, size_t width,
            size_t (*item)(char *at, const void *list, size_t i),
            const void *list, const char *none)
{
	static const char more[] = " ...";
	size_t at = 0, i;

	if (n == 0) {
		snprintf(buf, cap, "%s", none);
		return strlen(buf);
	}
	for (i = 0; i < n; i++) {
		size_t need =
		    (i ? 1 : 0) + width + (i + 1 < n ? sizeof more : 1);

		if (at + need > cap) {
			memcpy(buf + at, more, sizeof more);
			return at + sizeof more - 1;
		}
		if (i)
			buf[at++] = ' ';
		at += item(buf + at, list, i);
	}
	buf[at] = '\0';
	return at;
}

static size_t
byte_item(char *at, const void *list, size_t i)
{
	uint8_t b = ((const uint8_t *)list)[i];

	at[0] = digits[b >> 4];
	at[1] = digits[b & 15];
	return 2;
}

size_t
u8s_hex_format(char *buf, size_t cap, const uint8_t *s, size_t n)
{
	return list_format(buf, cap, n, 2, byte_item, s, "(empty)");
}

static size_t
code_point_item(char *at, const void *list, size_t i)
{
	uint32_t cp = ((const uint32_t *)list)[i];
	char tmp[16];
	int k = snprintf(tmp, sizeof tmp, "%04X", (unsigned)cp);

	memcpy(at, tmp, (size_t)k);
	return (size_t)k;
}

size_t
u8s_code_points_format(char *buf, size_t cap, const uint32_t *cp, size_t n)
{
	return list_format(buf, cap, n, 8, code_point_item, cp, "(nothing)");
}

size_t
u8s_u_format(char *buf, size_t cap, uint32_t cp)
{
	int k = snprintf(buf, cap, "U+%04X", (unsigned)cp);

	return k < 0 ? 0 : (size_t)k < cap ? (size_t)k : cap - 1;
}

static int
digit_value(char c)
{
	const char *p;

	if (c >= 'a' && c <= 'f')
		c = (char)(c - 'a' + 'A');
	p = c != '\0' ? strchr(digits, c) : NULL;
	return p != NULL ? (int)(p - digits) : -1;
}

static int
separator(char c)
{
	return c == ' ' || c == ',' || c == ':' || c == '\t';
}

enum u8s_parse
u8s_hex_parse(const char *text, uint8_t *out, size_t cap, size_t *n)
{
	const char *p = text;
	int hi, lo;

	*n = 0;
	for (;;) {
		while (separator(*p))
			p++;
		if (*p == '\0')
			return U8S_PARSE_OK;
		if ((p[0] == '\\' && p[1] == 'x') ||
		    (p[0] == '0' && p[1] == 'x'))
			p += 2;
		if ((hi = digit_value(p[0])) < 0 ||
		    (lo = digit_value(p[1])) < 0)
			return U8S_PARSE_BAD;
		if (*n == cap)
			return U8S_PARSE_LONG;
		out[(*n)++] = (uint8_t)(hi << 4 | lo);
		p += 2;
	}
}

enum u8s_parse
u8s_u_parse(const char *text, uint32_t *cp)
{
	uint32_t v = 0;
	size_t k;
	int d;

	if ((text[0] != 'U' && text[0] != 'u') || text[1] != '+')
		return U8S_PARSE_BAD;
	for (k = 2; text[k] != '\0'; k++) {
		if (k == 10 || (d = digit_value(text[k])) < 0)
			return U8S_PARSE_BAD;
		v = v << 4 | (uint32_t)d;
	}
	if (k == 2)
		return U8S_PARSE_BAD;
	*cp = v;
	return U8S_PARSE_OK;
}
