/* SPDX-License-Identifier: MIT */
/*
 * streams.c - one streaming decoder of each streaming --shape, for the
 * shapes test: the test core's steps (../targets/base.c) behind the
 * signatures of CPython's stateful decoder, a Go Transformer exported
 * through cgo, ICU's converter and iconv, with the helpers each shape
 * looks up beside it (named with this file's "shape_" prefix, as ICU
 * names them with its version suffix).
 *
 * Each keeps or leaves its tail as its library does: CPython, the
 * Transformer and iconv leave it to the caller and say how much they
 * consumed; the converter keeps it.  shape_ascii_PyUnicode_... is CPython
 * 3.11.2's bug (gh-99612): on ASCII alone *consumed is left unset.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "targets.h"
#include "u8t.h"

/* ---- CPython: a str is its length and its code points ---- */

struct text {
	size_t len;
	uint32_t cp[];
};

static int python_started;

static void *
decode_stateful(const char *s, ssize_t size, const char *errors,
                ssize_t *consumed, int ascii_bug)
{
	const uint8_t *b = (const uint8_t *)s;
	size_t n = (size_t)size, i = 0, ascii = 1;
	struct text *t;

	if (!python_started || strcmp(errors, "replace") != 0)
		return NULL; /* as CPython fails before it starts */
	if ((t = malloc(sizeof *t + n * sizeof t->cp[0] + 1)) == NULL)
		return NULL;
	t->len = 0;
	for (size_t k = 0; k < n; k++)
		ascii &= b[k] < 0x80;
	while (i < n) {
		struct u8tt_step r = u8tt_step(b + i, n - i);

		if (r.status == U8TT_TRUNCATED && consumed != NULL)
			break; /* the caller keeps it */
		t->cp[t->len++] = r.cp;
		i += r.len;
	}
	if (consumed != NULL && !(ascii_bug && ascii && n > 0))
		*consumed = (ssize_t)i;
	return t;
}

/* Each CPython function this shape needs, under @prefix. */
#define PYTHON_API(prefix, ascii_bug)                                          \
	U8T_EXPORT void *prefix##PyUnicode_DecodeUTF8Stateful(                 \
	    const char *s, ssize_t size, const char *errors,                   \
	    ssize_t *consumed);                                                \
	U8T_EXPORT void *prefix##PyUnicode_DecodeUTF8Stateful(                 \
	    const char *s, ssize_t size, const char *errors,                   \
	    ssize_t *consumed)                                                 \
	{                                                                      \
		return decode_stateful(s, size, errors, consumed, ascii_bug);  \
	}                                                                      \
	U8T_EXPORT void prefix##Py_InitializeEx(int handlers);                 \
	U8T_EXPORT void prefix##Py_InitializeEx(int handlers)                  \
	{                                                                      \
		(void)handlers;                                                \
		python_started = 1;                                            \
	}                                                                      \
	U8T_EXPORT ssize_t prefix##PyUnicode_GetLength(void *text);            \
	U8T_EXPORT ssize_t prefix##PyUnicode_GetLength(void *text)             \
	{                                                                      \
		return (ssize_t)((struct text *)text)->len;                    \
	}                                                                      \
	U8T_EXPORT uint32_t *prefix##PyUnicode_AsUCS4(                         \
	    void *text, uint32_t *buf, ssize_t room, int copy_null);           \
	U8T_EXPORT uint32_t *prefix##PyUnicode_AsUCS4(                         \
	    void *text, uint32_t *buf, ssize_t room, int copy_null)            \
	{                                                                      \
		struct text *t = text;                                         \
		if (t->len + (copy_null != 0) > (size_t)room)                  \
			return NULL;                                           \
		memcpy(buf, t->cp, t->len * sizeof *buf);                      \
		if (copy_null)                                                 \
			buf[t->len] = 0;                                       \
		return buf;                                                    \
	}                                                                      \
	U8T_EXPORT void prefix##Py_DecRef(void *text);                         \
	U8T_EXPORT void prefix##Py_DecRef(void *text)                          \
	{                                                                      \
		free(text);                                                    \
	}                                                                      \
	U8T_EXPORT void prefix##PyErr_Clear(void);                             \
	U8T_EXPORT void prefix##PyErr_Clear(void)                              \
	{                                                                      \
	}

PYTHON_API(shape_, 0)
PYTHON_API(shape_ascii_, 1)

/* ---- a Go Transformer: 0 nil, 1 ErrShortDst, 2 ErrShortSrc ---- */

U8T_EXPORT int shape_transform(uint8_t *dst, size_t ndst, const uint8_t *src,
                               size_t nsrc, int at_eof, size_t *n_dst,
                               size_t *n_src);

U8T_EXPORT int
shape_transform(uint8_t *dst, size_t ndst, const uint8_t *src, size_t nsrc,
                int at_eof, size_t *n_dst, size_t *n_src)
{
	size_t i = 0, m = 0;
	int why = 0;

	while (i < nsrc) {
		struct u8tt_step r = u8tt_step(src + i, nsrc - i);
		uint8_t b[8];
		size_t len = u8t_encode(r.cp, b); /* the core's encoder */

		if (r.status == U8TT_TRUNCATED && !at_eof) {
			why = 2;
			break;
		}
		if (m + len > ndst) {
			why = 1;
			break;
		}
		memcpy(dst + m, b, len);
		m += len;
		i += r.len;
	}
	*n_dst = m;
	*n_src = i;
	return why;
}

/* ---- ICU: the converter keeps the bytes a chunk ends inside ---- */

struct converter {
	uint8_t held[4];
	size_t nheld;
};

U8T_EXPORT void *shape_ucnv_open(const char *name, int *err);
U8T_EXPORT void *shape_ucnv_safeClone(const void *cnv, void *buf, int32_t *size,
                                      int *err);
U8T_EXPORT void shape_ucnv_close(void *cnv);
U8T_EXPORT void shape_ucnv_toUnicode(void *cnv, uint16_t **target,
                                     const uint16_t *limit, const char **source,
                                     const char *end, int32_t *offsets,
                                     int8_t flush, int *err);

U8T_EXPORT void *
shape_ucnv_open(const char *name, int *err)
{
	struct converter *c = calloc(1, sizeof *c);

	if (c == NULL || strcmp(name, "UTF-8") != 0)
		*err = 1; /* U_ILLEGAL_ARGUMENT_ERROR */
	return c;
}

U8T_EXPORT void *
shape_ucnv_safeClone(const void *cnv, void *buf, int32_t *size, int *err)
{
	if (buf == NULL || (size_t)*size < sizeof(struct converter)) {
		*err = 1;
		return NULL;
	}
	memcpy(buf, cnv, sizeof(struct converter));
	return buf;
}

U8T_EXPORT void
shape_ucnv_close(void *cnv)
{
	free(cnv);
}

U8T_EXPORT void
shape_ucnv_toUnicode(void *cnv, uint16_t **target, const uint16_t *limit,
                     const char **source, const char *end, int32_t *offsets,
                     int8_t flush, int *err)
{
	struct converter *c = cnv;
	uint8_t joined[4 + 4096 + 4];
	size_t n = c->nheld + (size_t)(end - *source), i = 0;

	(void)offsets;
	if (n > sizeof joined) {
		*err = 1;
		return;
	}
	memcpy(joined, c->held, c->nheld);
	memcpy(joined + c->nheld, *source, n - c->nheld);
	c->nheld = 0;
	*source = end;
	while (i < n) {
		struct u8tt_step r = u8tt_step(joined + i, n - i);
		size_t units = r.cp >= 0x10000 ? 2 : 1;

		if (r.status == U8TT_TRUNCATED && !flush) {
			memcpy(c->held, joined + i, n - i);
			c->nheld = n - i;
			return;
		}
		if (*target + units > limit) {
			*err = 15; /* U_BUFFER_OVERFLOW_ERROR */
			return;
		}
		if (units == 2) {
			*(*target)++ =
			    (uint16_t)(0xD800 + ((r.cp - 0x10000) >> 10));
			*(*target)++ = (uint16_t)(0xDC00 + (r.cp & 0x3FF));
		} else {
			*(*target)++ = (uint16_t)r.cp;
		}
		i += r.len;
	}
}

/* ---- iconv: it stops at what it cannot convert ---- */

U8T_EXPORT void *shape_iconv_open(const char *to, const char *from);
U8T_EXPORT size_t shape_iconv(void *cd, char **in, size_t *inleft, char **out,
                              size_t *outleft);

static char the_descriptor;

U8T_EXPORT void *
shape_iconv_open(const char *to, const char *from)
{
	(void)to;
	return strcmp(from, "UTF-8") == 0 ? &the_descriptor : (void *)-1;
}

U8T_EXPORT size_t
shape_iconv(void *cd, char **in, size_t *inleft, char **out, size_t *outleft)
{
	(void)cd;
	if (in == NULL || *in == NULL)
		return 0; /* back to the initial state, which is the only one */
	while (*inleft > 0) {
		struct u8tt_step r = u8tt_step((const uint8_t *)*in, *inleft);

		if (r.status != U8TT_OK) {
			errno = r.status == U8TT_TRUNCATED ? EINVAL : EILSEQ;
			return (size_t)-1;
		}
		if (*outleft < 4) {
			errno = E2BIG;
			return (size_t)-1;
		}
		memcpy(*out, &r.cp, 4);
		*out += 4;
		*outleft -= 4;
		*in += r.len;
		*inleft -= r.len;
	}
	return 0;
}

/* ---- a hostile iconv: at an error it says it stopped far past the
 * room it was given, and that more input is left than it had ---- */

U8T_EXPORT void *shape_lying_iconv_open(const char *to, const char *from);
U8T_EXPORT size_t shape_lying_iconv(void *cd, char **in, size_t *inleft,
                                    char **out, size_t *outleft);

U8T_EXPORT void *
shape_lying_iconv_open(const char *to, const char *from)
{
	return shape_iconv_open(to, from);
}

U8T_EXPORT size_t
shape_lying_iconv(void *cd, char **in, size_t *inleft, char **out,
                  size_t *outleft)
{
	size_t r = shape_iconv(cd, in, inleft, out, outleft);

	if (r == (size_t)-1 && errno == EILSEQ) {
		*out += 1 << 20; /* nothing written there */
		*inleft += 4096; /* nor read */
		*outleft = SIZE_MAX;
	}
	return r;
}
