/* SPDX-License-Identifier: MIT */
/*
 * shape_streams.c - adapters from four real libraries' streaming
 * decoders to the u8t_stream_ functions.
 *
 * A stream needs more of its library than the one function bound: a
 * runtime to start, a converter to open, a result to read.  Those
 * helpers are looked up in the same library, named as the bound symbol
 * is around the shape's stem, so ICU's versioned names and a test
 * stand-in's prefixed ones fit as well as the plain names.  What runs
 * the library once (starting CPython, opening the converter every state
 * is cloned from) runs in u8t_stream_size, which u8conform calls once,
 * in the loader.  Three of the libraries say how much they consumed, so
 * u8conform keeps their tail (u8t_stream_consumed); ICU keeps it inside
 * its converter (u8t_stream_decode).  As in shape.c, each adapter calls
 * the library as it declares itself and corrects nothing; a process
 * tests one target, so what is bound is kept in static variables.
 */
#include <errno.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include <dlfcn.h>

#include "families.h"
#include "shape.h"
#include "shape_streams.h"
#include "u8ref.h"

static void *helper[U8C_SHAPE_HELPERS]; /* in the shape's order */

enum { STATELESS = 16 }; /* a state for libraries that keep none */

static void
keep_nothing(void *state)
{
	(void)state;
}

size_t
u8c_points_of_utf16(const uint16_t *units, size_t n, uint32_t *out)
{
	size_t m = 0;

	for (size_t k = 0; k < n; k++, m++) {
		uint32_t u = units[k];

		if (u >= 0xD800 && u <= 0xDBFF && k + 1 < n &&
		    units[k + 1] >= 0xDC00 && units[k + 1] <= 0xDFFF)
			u = 0x10000 + ((u - 0xD800) << 10) +
			    (units[++k] - 0xDC00);
		out[m] = u;
	}
	return m;
}

/* ---- CPython: PyUnicode_DecodeUTF8Stateful ---- */

typedef void *(*py_decode_fn)(const char *, ssize_t, const char *, ssize_t *);

static size_t
python_size(void)
{
	void (*start)(int);

	U8C_AS_FN(start, helper[0]);
	start(0); /* Py_InitializeEx: nothing when it already runs */
	return STATELESS;
}

/* CPython holds an incomplete tail back when given somewhere to say
 * what it consumed; the last chunk is passed without it, which tells
 * CPython to replace such a tail, and then everything was consumed. */
static size_t
python_consumed(void *state, const uint8_t *s, size_t n, int last,
                size_t *consumed, uint32_t *out)
{
	py_decode_fn decode;
	ssize_t (*length)(void *);
	uint32_t *(*as_ucs4)(void *, uint32_t *, ssize_t, int);
	void (*drop)(void *), (*clear)(void);
	void *text;
	ssize_t len;

	(void)state;
	U8C_AS_FN(decode, u8c_shape_bound);
	U8C_AS_FN(length, helper[1]);
	U8C_AS_FN(as_ucs4, helper[2]);
	U8C_AS_FN(drop, helper[3]);
	U8C_AS_FN(clear, helper[4]);
	/* size_t and Py_ssize_t have one width: CPython writes the
	 * harness's own count, or leaves it as it was preset. */
	text = decode((const char *)s, (ssize_t)n, "replace",
	              last ? NULL : (ssize_t *)(void *)consumed);
	if (last)
		*consumed = n;
	if (text == NULL) {
		clear();
		return 0;
	}
	len = length(text);
	if (len > 0 && (size_t)len <= n + 4)
		as_ucs4(text, out, (ssize_t)(n + 4), 0);
	drop(text);
	return len > 0 ? (size_t)len : 0;
}

const struct u8c_stream_shape u8c_stream_python = {
    .stem = "PyUnicode_DecodeUTF8Stateful",
    .helpers = {"Py_InitializeEx", "PyUnicode_GetLength", "PyUnicode_AsUCS4",
                "Py_DecRef", "PyErr_Clear"},
    .size = python_size,
    .init = keep_nothing,
    .consumed = python_consumed,
};

/* ---- a Go transform.Transformer, exported through cgo ---- */

typedef int (*transform_fn)(uint8_t *, size_t, const uint8_t *, size_t, int,
                            size_t *, size_t *);

static size_t
stateless_size(void)
{
	return STATELESS;
}

/* The UTF-8 it wrote, as code points; a byte that is no part of a
 * well-formed character becomes U+DC80..DCFF, a lone surrogate no right
 * answer has, so the judge sees it. */
static size_t
points_of_utf8(const uint8_t *s, size_t n, uint32_t *out)
{
	size_t m = 0;

	for (size_t i = 0; i < n; m++) {
		struct u8ref_result r = u8ref_decode_fast(s + i, n - i);

		out[m] = r.status == U8REF_OK ? r.cp : 0xDC00u | s[i];
		i += r.status == U8REF_OK ? r.len : 1;
	}
	return m;
}

/* Transform(dst, src, atEOF) with atEOF the last chunk; dst is the room
 * for the values, as bytes, so a write past it faults at the guard. */
static size_t
transform_consumed(void *state, const uint8_t *s, size_t n, int last,
                   size_t *consumed, uint32_t *out)
{
	static uint8_t wrote[4 * (U8C_MAX_INPUT + 4)];
	static uint32_t points[4 * (U8C_MAX_INPUT + 4)];
	transform_fn transform;
	size_t room = 4 * (n + 4), ndst = 0, m;

	(void)state;
	if (n > U8C_MAX_INPUT)
		return 0;
	U8C_AS_FN(transform, u8c_shape_bound);
	transform((uint8_t *)out, room, s, n, last, &ndst, consumed);
	if (ndst > room)
		return n + 5; /* more than it was given room for */
	memcpy(wrote, out, ndst);
	m = points_of_utf8(wrote, ndst, points);
	if (m <= n + 4)
		memcpy(out, points, m * sizeof *out);
	return m;
}

const struct u8c_stream_shape u8c_stream_transform = {
    .stem = "",
    .size = stateless_size,
    .init = keep_nothing,
    .consumed = transform_consumed,
};

/* ---- ICU: ucnv_toUnicode, the tail inside the converter ---- */

enum { ICU_CLONE = 1024 }; /* U_CNV_SAFECLONE_BUFFERSIZE */
enum { ICU_ALLOCATED = -126, ICU_OVERFLOW = 15 };

typedef void *(*icu_open_fn)(const char *, int *);
typedef void *(*icu_clone_fn)(const void *, void *, int32_t *, int *);
typedef void (*icu_close_fn)(void *);
typedef void (*icu_to_unicode_fn)(void *, uint16_t **, const uint16_t *,
                                  const char **, const char *, int32_t *,
                                  int8_t, int *);

struct icu_state {
	void *cnv; /* inside clone[], or NULL: nothing is decoded */
	alignas(16) char clone[ICU_CLONE];
};

/* The converter each state is cloned from, itself a clone in static
 * memory, so nothing of it stays on the heap. */
static void *icu_template;
static alignas(16) char icu_template_clone[ICU_CLONE];

/* @cnv cloned into @buf, or NULL; a clone ICU put on the heap instead
 * is closed at once, since nothing would ever free it. */
static void *
icu_clone_into(const void *cnv, char *buf)
{
	icu_clone_fn clone;
	icu_close_fn close;
	int32_t size = ICU_CLONE;
	int ec = 0;
	void *c;

	U8C_AS_FN(clone, helper[1]);
	U8C_AS_FN(close, helper[2]);
	c = clone(cnv, buf, &size, &ec);
	if (c == NULL || ec > 0)
		return NULL;
	if (ec == ICU_ALLOCATED) {
		close(c);
		return NULL;
	}
	return c;
}

static size_t
icu_size(void)
{
	icu_open_fn open;
	icu_close_fn close;
	int ec = 0;
	void *cnv;

	U8C_AS_FN(open, helper[0]);
	U8C_AS_FN(close, helper[2]);
	cnv = open("UTF-8", &ec);
	if (cnv != NULL && ec <= 0)
		icu_template = icu_clone_into(cnv, icu_template_clone);
	if (cnv != NULL)
		close(cnv);
	return sizeof(struct icu_state);
}

static void
icu_init(void *state)
{
	struct icu_state *st = state;

	st->cnv = icu_template != NULL ? icu_clone_into(icu_template, st->clone)
	                               : NULL;
}

/* flush is the last chunk; the UTF-16 goes into the values' room (twice
 * as many units fit), then becomes code points. */
static size_t
icu_decode(void *state, const uint8_t *s, size_t n, int last, uint32_t *out,
           size_t cap)
{
	static uint16_t units[2 * (U8C_MAX_INPUT + 4)];
	struct icu_state *st = state;
	icu_to_unicode_fn to_unicode;
	uint16_t *at = (uint16_t *)(void *)out;
	const char *from = (const char *)s;
	size_t got;
	int ec = 0;

	if (st->cnv == NULL || cap > U8C_MAX_INPUT + 4)
		return 0;
	U8C_AS_FN(to_unicode, u8c_shape_bound);
	to_unicode(st->cnv, &at, at + 2 * cap, &from, from + n, NULL,
	           (int8_t)(last != 0), &ec);
	got = ((uintptr_t)at - (uintptr_t)out) / sizeof *at;
	if (ec == ICU_OVERFLOW || got > 2 * cap)
		return cap + 1; /* more than it was given room for */
	memcpy(units, out, got * sizeof units[0]);
	return u8c_points_of_utf16(units, got, out);
}

const struct u8c_stream_shape u8c_stream_icu = {
    .stem = "ucnv_toUnicode",
    .helpers = {"ucnv_open", "ucnv_safeClone", "ucnv_close"},
    .size = icu_size,
    .init = icu_init,
    .decode = icu_decode,
};

/* ---- iconv: it stops at what it cannot convert ---- */

typedef size_t (*iconv_fn)(void *, char **, size_t *, char **, size_t *);
typedef void *(*iconv_open_fn)(const char *, const char *);

static void *iconv_cd = (void *)-1;

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define UCS4_HERE "UCS-4LE" /* the values as this machine stores them */
#else
#define UCS4_HERE "UCS-4BE"
#endif

static size_t
iconv_size(void)
{
	iconv_open_fn open;

	U8C_AS_FN(open, helper[0]);
	iconv_cd = open(UCS4_HERE, "UTF-8");
	return iconv_cd == (void *)-1 ? 0 : STATELESS;
}

/* A converter from UTF-8 to UCS-4 has no shift state; init sets it to
 * its initial state anyway, as a program starting an input would. */
static void
iconv_init(void *state)
{
	iconv_fn iconv;

	(void)state;
	U8C_AS_FN(iconv, u8c_shape_bound);
	iconv(iconv_cd, NULL, NULL, NULL, NULL);
}

/* How many bytes at s[0..n) iconv takes for one character it has not
 * seen the end of: the longest prefix it calls incomplete (EINVAL,
 * nothing converted), else 1.  So a U+FFFD stands for what iconv
 * itself would have read as one character, not for a guess. */
static size_t
iconv_subpart(iconv_fn iconv, const uint8_t *s, size_t n)
{
	for (size_t k = n < 6 ? n : 6; k > 1; k--) {
		char *in = (char *)(uintptr_t)s, room[32], *to = room;
		size_t inleft = k, outleft = sizeof room;

		iconv(iconv_cd, NULL, NULL, NULL, NULL);
		errno = 0;
		if (iconv(iconv_cd, &in, &inleft, &to, &outleft) ==
		        (size_t)-1 &&
		    errno == EINVAL && inleft == k)
			return k;
	}
	return 1;
}

/* iconv converts to the first ill-formed sequence (EILSEQ) or to an
 * incomplete one the chunk ends in (EINVAL), and says neither's length:
 * an ill-formed one becomes one U+FFFD for iconv_subpart's bytes, and an
 * incomplete one is left to the caller, or at the last chunk is one
 * U+FFFD, as an iconv loop with its own replacement does. */
static size_t
iconv_consumed(void *state, const uint8_t *s, size_t n, int last,
               size_t *consumed, uint32_t *out)
{
	const uint32_t fffd = 0xFFFD;
	iconv_fn iconv;
	char *in = (char *)(uintptr_t)s, *to = (char *)out;
	char *end = (char *)out + 4 * (n + 4);
	size_t inleft = n, outleft = 4 * (n + 4);

	(void)state;
	U8C_AS_FN(iconv, u8c_shape_bound);
	while (inleft > 0) {
		size_t k;
		int e;

		errno = 0;
		if (iconv(iconv_cd, &in, &inleft, &to, &outleft) != (size_t)-1)
			break;
		e = errno;
		/* a U+FFFD goes where iconv says it stopped: in the room it
		 * was given, having read only its input */
		if ((e == EINVAL && !last) || (e != EINVAL && e != EILSEQ) ||
		    inleft > n || in != (char *)(uintptr_t)s + (n - inleft) ||
		    (uintptr_t)to < (uintptr_t)out ||
		    (uintptr_t)to + sizeof fffd > (uintptr_t)end)
			break;
		k = e == EINVAL
		        ? inleft
		        : iconv_subpart(iconv, (const uint8_t *)in, inleft);
		memcpy(to, &fffd, sizeof fffd);
		to += sizeof fffd;
		outleft -= sizeof fffd;
		in += k;
		inleft -= k;
	}
	*consumed = n - inleft;
	return ((uintptr_t)to - (uintptr_t)out) / sizeof fffd;
}

const struct u8c_stream_shape u8c_stream_iconv = {
    .stem = "iconv",
    .helpers = {"iconv_open"},
    .size = iconv_size,
    .init = iconv_init,
    .consumed = iconv_consumed,
};

int
u8c_stream_shape_bind(const struct u8c_stream_shape *sh, void *handle,
                      const char *symbol, char *err, size_t errlen)
{
	const char *stem = *sh->stem ? strstr(symbol, sh->stem) : NULL;
	size_t before = stem != NULL ? (size_t)(stem - symbol) : 0;
	const char *after = stem != NULL ? stem + strlen(sh->stem) : "";

	for (size_t k = 0; k < U8C_SHAPE_HELPERS; k++) {
		char name[256];

		helper[k] = NULL;
		if (sh->helpers[k] == NULL)
			continue;
		snprintf(name, sizeof name, "%.*s%s%s", (int)before, symbol,
		         sh->helpers[k], after);
		if ((helper[k] = dlsym(handle, name)) == NULL) {
			snprintf(err, errlen,
			         "exports no %s, which the shape needs beside "
			         "%s",
			         name, symbol);
			return -1;
		}
	}
	return 0;
}
