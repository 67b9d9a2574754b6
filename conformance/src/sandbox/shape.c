/* SPDX-License-Identifier: MIT */
/*
 * shape.c - adapters from the shapes of real libraries' functions to u8t_.
 *
 * Each adapter calls the bound function exactly as its own library
 * declares it, with the integer widths of that declaration, and reports
 * what it says; nothing is corrected.  Where a library does not say how
 * many bytes an error consumes, the adapter takes one and the shape
 * declares U8T_GUESSED_LENGTHS, so the report does not charge the guess
 * to the library.  The bound function is kept in one pointer: a
 * process tests one target.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include "families.h"
#include "shape.h"
#include "shape_streams.h"

void *u8c_shape_bound;

static int
validate_bool(const uint8_t *s, size_t n, size_t *err)
{
	_Bool (*f)(const char *, size_t);

	(void)err;
	U8C_AS_FN(f, u8c_shape_bound);
	return f((const char *)s, n) ? 1 : 0;
}

static int
validate_glib(const uint8_t *s, size_t n, size_t *err)
{
	int (*f)(const char *, ssize_t, const char **);
	const char *end = NULL;
	int ok;

	U8C_AS_FN(f, u8c_shape_bound);
	ok = f((const char *)s, (ssize_t)n, &end);
	if (!ok && err != NULL && end != NULL)
		*err = (size_t)(end - (const char *)s);
	return ok ? 1 : 0;
}

static int
validate_unistring(const uint8_t *s, size_t n, size_t *err)
{
	const uint8_t *(*f)(const uint8_t *, size_t);
	const uint8_t *bad;

	U8C_AS_FN(f, u8c_shape_bound);
	if ((bad = f(s, n)) == NULL)
		return 1;
	if (err != NULL)
		*err = (size_t)(bad - s);
	return 0;
}

/* 0 when valid, else one more than the offset of the first error. */
static int
validate_utf8_range(const uint8_t *s, size_t n, size_t *err)
{
	int (*f)(const unsigned char *, int);
	int r;

	U8C_AS_FN(f, u8c_shape_bound);
	if ((r = f(s, (int)n)) == 0)
		return 1;
	if (err != NULL && r > 0)
		*err = (size_t)r - 1;
	return 0;
}

/* A step's answer: a code point, or an error of one byte (a guess). */
static size_t
step(uint32_t *cp, long value, size_t len)
{
	if (value < 0 || len == 0) {
		*cp = U8T_ERROR;
		return 1;
	}
	*cp = (uint32_t)value;
	return len;
}

static size_t
next_utf8proc(const uint8_t *s, size_t n, uint32_t *cp)
{
	ssize_t (*f)(const uint8_t *, ssize_t, int32_t *);
	int32_t c = -1;
	ssize_t r;

	U8C_AS_FN(f, u8c_shape_bound);
	r = f(s, (ssize_t)n, &c);
	return step(cp, r > 0 ? c : -1, r > 0 ? (size_t)r : 0);
}

static size_t
next_cmark(const uint8_t *s, size_t n, uint32_t *cp)
{
	int32_t (*f)(const uint8_t *, int32_t, int32_t *);
	int32_t c = -1, r;

	U8C_AS_FN(f, u8c_shape_bound);
	r = f(s, (int32_t)n, &c);
	return step(cp, r > 0 ? c : -1, r > 0 ? (size_t)r : 0);
}

static size_t
next_quickjs(const uint8_t *s, size_t n, uint32_t *cp)
{
	int (*f)(const uint8_t *, int, const uint8_t **);
	const uint8_t *after = s;
	int c;

	U8C_AS_FN(f, u8c_shape_bound);
	c = f(s, (int)n, &after);
	return step(cp, c, c >= 0 ? (size_t)(after - s) : 0);
}

static size_t
next_libxml2(const uint8_t *s, size_t n, uint32_t *cp)
{
	int (*f)(const unsigned char *, int *);
	int len = (int)n, c;

	U8C_AS_FN(f, u8c_shape_bound);
	c = f(s, &len);
	return step(cp, c, c >= 0 && len > 0 ? (size_t)len : 0);
}

/* jq's own error lengths: the position it returns is where it went on. */
static size_t
next_jq(const uint8_t *s, size_t n, uint32_t *cp)
{
	const char *(*f)(const char *, const char *, int *);
	const char *at = (const char *)s, *after;
	int c = -1;

	U8C_AS_FN(f, u8c_shape_bound);
	after = f(at, at + n, &c);
	*cp = c < 0 ? U8T_ERROR : (uint32_t)c;
	return after == NULL ? 0 : (size_t)(after - at);
}

static size_t
decode_utf32(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	size_t (*f)(const uint8_t *, size_t, uint32_t *, size_t);

	U8C_AS_FN(f, u8c_shape_bound);
	return f(s, n, out, cap);
}

/* UTF-16 into the caller's buffer (its bytes, the same fenced room),
 * then code points. */
static size_t
decode_utf16(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	static uint16_t units[2 * U8C_MAX_INPUT];
	size_t (*f)(const uint8_t *, size_t, uint16_t *, size_t);
	size_t got;

	U8C_AS_FN(f, u8c_shape_bound);
	got = f(s, n, (uint16_t *)(void *)out, 2 * cap);
	if (got > 2 * cap)
		return cap + 1; /* more than it was given room for */
	memcpy(units, out, got * sizeof units[0]);
	return u8c_points_of_utf16(units, got, out);
}

/* The shapes: what each fits, and which u8t_ function it becomes. */
static const struct shape {
	const char *name;
	const char *declaration; /* for --help and the man page          */
	const char *fits;        /* the library functions it was made for */
	unsigned traits;         /* U8T_ bits                             */
	u8t_validate_fn validate;
	u8t_next_fn next;
	u8t_decode_fn decode;
	const struct u8c_stream_shape *stream;
} shapes[] = {
    /* clang-format off */
    {"bool", "_Bool f(const char *s, size_t n): 1 if valid", "simdutf::validate_utf8", 0, validate_bool, NULL, NULL, NULL},
    {"glib", "int f(const char *s, ssize_t n, const char **end): nonzero if valid, *end at the error", "g_utf8_validate_len", 0, validate_glib, NULL, NULL, NULL},
    {"unistring", "const uint8_t *f(const uint8_t *s, size_t n): NULL if valid, else the first invalid byte", "u8_check", 0, validate_unistring, NULL, NULL, NULL},
    {"utf8-range", "int f(const unsigned char *s, int n): 0 if valid, else 1 + the error's offset", "utf8_range, cyb70289/utf8", 0, validate_utf8_range, NULL, NULL, NULL},
    {"utf8proc", "ssize_t f(const uint8_t *s, ssize_t n, int32_t *cp): bytes read, or < 0", "utf8proc_iterate", U8T_GUESSED_LENGTHS, NULL, next_utf8proc, NULL, NULL},
    {"cmark", "int32_t f(const uint8_t *s, int32_t n, int32_t *cp): bytes read, or -1", "cmark_utf8proc_iterate", U8T_GUESSED_LENGTHS, NULL, next_cmark, NULL, NULL},
    {"quickjs", "int f(const uint8_t *p, int max_len, const uint8_t **pp): the code point (*pp after it), or -1", "QuickJS unicode_from_utf8", U8T_GUESSED_LENGTHS, NULL, next_quickjs, NULL, NULL},
    {"libxml2", "int f(const unsigned char *s, int *len): the code point (*len in: room, out: bytes), or -1", "xmlGetUTF8Char", U8T_GUESSED_LENGTHS, NULL, next_libxml2, NULL, NULL},
    {"jq", "const char *f(const char *in, const char *end, int *cp): after the character; *cp -1 if ill-formed", "jq jvp_utf8_next", 0, NULL, next_jq, NULL, NULL},
    {"utf32", "size_t f(const uint8_t *s, size_t n, uint32_t *out, size_t cap): code points written", "a decoder into UTF-32", 0, NULL, NULL, decode_utf32, NULL},
    {"utf16", "size_t f(const uint8_t *s, size_t n, uint16_t *out, size_t cap): UTF-16 units written (cap = 2n)", "a decoder into UTF-16", 0, NULL, NULL, decode_utf16, NULL},
    {"python", "PyObject *f(const char *s, Py_ssize_t n, const char *errors, Py_ssize_t *consumed): a stream, \"replace\", the tail left to the caller", "PyUnicode_DecodeUTF8Stateful, with Py_InitializeEx, PyUnicode_GetLength, PyUnicode_AsUCS4, Py_DecRef, PyErr_Clear", 0, NULL, NULL, NULL, &u8c_stream_python},
    {"transform", "int f(uint8_t *dst, size_t ndst, const uint8_t *src, size_t nsrc, int at_eof, size_t *n_dst, size_t *n_src): a stream into UTF-8, the tail left to the caller", "a Go transform.Transformer's Transform, exported through cgo", 0, NULL, NULL, NULL, &u8c_stream_transform},
    {"icu", "void f(UConverter *c, UChar **target, const UChar *limit, const char **source, const char *end, int32_t *offsets, UBool flush, UErrorCode *err): a stream into UTF-16, the tail kept in the converter", "ucnv_toUnicode, with ucnv_open, ucnv_safeClone, ucnv_close (their version suffix as the symbol's)", 0, NULL, NULL, NULL, &u8c_stream_icu},
    {"iconv", "size_t f(iconv_t cd, char **in, size_t *inleft, char **out, size_t *outleft): a stream into UCS-4, stopping at errors, the tail left to the caller", "iconv, with iconv_open", 0, NULL, NULL, NULL, &u8c_stream_iconv},
    /* clang-format on */
};

enum { SHAPES = sizeof shapes / sizeof shapes[0] };

static const struct shape *
shape_named(const char *name)
{
	for (size_t k = 0; k < SHAPES; k++)
		if (strcmp(name, shapes[k].name) == 0)
			return &shapes[k];
	return NULL;
}

int
u8c_shape_known(const char *shape)
{
	return shape_named(shape) != NULL;
}

void
u8c_shape_help(FILE *out)
{
	for (size_t k = 0; k < SHAPES; k++)
		fprintf(out, "      %-10s %s\n                 (%s)\n",
		        shapes[k].name, shapes[k].declaration, shapes[k].fits);
}

int
u8c_shape_bind(struct u8c_target *t, const char *name, void *handle,
               const char *symbol, void *fn, unsigned *traits, char *err,
               size_t errlen)
{
	const struct shape *s = shape_named(name);

	if (s == NULL) {
		snprintf(err, errlen, "unknown shape '%s' (see --help)", name);
		return -1;
	}
	u8c_shape_bound = fn;
	if (s->stream != NULL) {
		if (u8c_stream_shape_bind(s->stream, handle, symbol, err,
		                          errlen) != 0)
			return -1;
		t->stream_size = s->stream->size;
		t->stream_init = s->stream->init;
		t->stream_decode = s->stream->decode;
		t->stream_consumed = s->stream->consumed;
	}
	t->validate = s->validate;
	t->next = s->next;
	t->decode = s->decode;
	*traits = s->traits;
	return 0;
}
