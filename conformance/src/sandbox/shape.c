/* SPDX-License-Identifier: MIT */
/*
 * shape.c - adapters from common validator and decoder shapes to u8t_.
 *
 * Each adapter calls the bound function exactly as its own library's
 * documentation describes and reports what it says; nothing is corrected.
 * The bound function is kept in one static pointer: a harness process
 * tests one target.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

#include "shape.h"

const char u8c_shape_help[] =
    "  bool       _Bool f(const char *s, size_t n): 1 if valid\n"
    "  glib       int f(const char *s, ssize_t n, const char **end), like\n"
    "             g_utf8_validate_len: nonzero if valid, *end at the error\n"
    "  unistring  const uint8_t *f(const uint8_t *s, size_t n), like "
    "u8_check:\n"
    "             NULL if valid, else the first invalid position\n"
    "  utf8proc   ssize_t f(const uint8_t *s, ssize_t n, int32_t *cp), like\n"
    "             utf8proc_iterate: bytes read, or negative on error (an\n"
    "             error then counts as one byte, as a caller's loop skips)\n";

static void *bound;

static int
validate_bool(const uint8_t *s, size_t n, size_t *err)
{
	_Bool (*f)(const char *, size_t);

	(void)err;
	memcpy(&f, &bound, sizeof f);
	return f((const char *)s, n) ? 1 : 0;
}

static int
validate_glib(const uint8_t *s, size_t n, size_t *err)
{
	int (*f)(const char *, ssize_t, const char **);
	const char *end = NULL;
	int ok;

	memcpy(&f, &bound, sizeof f);
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

	memcpy(&f, &bound, sizeof f);
	if ((bad = f(s, n)) == NULL)
		return 1;
	if (err != NULL)
		*err = (size_t)(bad - s);
	return 0;
}

static size_t
next_utf8proc(const uint8_t *s, size_t n, uint32_t *cp)
{
	ssize_t (*f)(const uint8_t *, ssize_t, int32_t *);
	int32_t c = -1;
	ssize_t r;

	memcpy(&f, &bound, sizeof f);
	r = f(s, (ssize_t)n, &c);
	if (r <= 0 || c < 0) {
		*cp = U8T_ERROR;
		return 1;
	}
	*cp = (uint32_t)c;
	return (size_t)r;
}

int
u8c_shape_known(const char *shape)
{
	static const char *const shapes[] = {"bool", "glib", "unistring",
	                                     "utf8proc"};

	for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
		if (strcmp(shape, shapes[k]) == 0)
			return 1;
	return 0;
}

int
u8c_shape_bind(struct u8c_target *t, const char *shape, void *fn, char *err,
               size_t errlen)
{
	bound = fn;
	if (strcmp(shape, "bool") == 0)
		t->validate = validate_bool;
	else if (strcmp(shape, "glib") == 0)
		t->validate = validate_glib;
	else if (strcmp(shape, "unistring") == 0)
		t->validate = validate_unistring;
	else if (strcmp(shape, "utf8proc") == 0)
		t->next = next_utf8proc;
	else {
		snprintf(err, errlen,
		         "unknown shape '%s' (bool, glib, unistring, utf8proc)",
		         shape);
		return -1;
	}
	return 0;
}
