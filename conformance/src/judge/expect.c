/* SPDX-License-Identifier: MIT */
/*
 * expect.c - reading expectation files, and matching failures to them.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "expect.h"
#include "hex.h"
#include "u8ref.h"

static char *
trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' ||
	                   end[-1] == '\n' || end[-1] == '\r'))
		*--end = '\0';
	return s;
}

/* Well-formed UTF-8 with no control characters but tabs: what a report
 * can show of it as it is. */
static int
printable(const char *text)
{
	size_t n = strlen(text);

	for (size_t i = 0; i < n; i++)
		if (((unsigned char)text[i] < 0x20 && text[i] != '\t') ||
		    text[i] == 0x7F)
			return 0;
	return u8ref_validate_fast((const uint8_t *)text, n).status == U8REF_OK;
}

/* One line's input (what follows the check id, before '#'). */
static int
input_of(struct u8c_expectation *e, const char *text)
{
	snprintf(e->text, sizeof e->text, "%s", *text ? text : "*");
	if (*text == '\0' || strcmp(text, "*") == 0)
		e->input = U8C_EXPECT_ANY;
	else if (strcmp(text, "(loading)") == 0)
		e->input = U8C_EXPECT_LOADING;
	else if (strcmp(text, "(unloading)") == 0)
		e->input = U8C_EXPECT_UNLOADING;
	else if (u8s_u_parse(text, &e->cp) == U8S_PARSE_OK)
		e->input = U8C_EXPECT_CODE_POINT;
	else if (u8s_hex_parse(text, e->bytes, sizeof e->bytes, &e->n) ==
	         U8S_PARSE_OK)
		e->input = U8C_EXPECT_BYTES_IN;
	else
		return -1;
	return 0;
}

int
u8c_expect_read(struct u8c_expectations *x, const char *file, char *err,
                size_t errlen)
{
	FILE *f = fopen(file, "r");
	char line[1024], *text, *hash, *id, *rest;
	unsigned number = 0;
	int c;

	x->n = 0;
	if (f == NULL) {
		snprintf(err, errlen, "--expect %s: %s", file, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		struct u8c_expectation *e = &x->e[x->n];

		number++;
		if (strchr(line, '\n') == NULL && !feof(f)) {
			snprintf(err, errlen, "%s:%u: a line longer than %zu",
			         file, number, sizeof line - 2);
			goto bad;
		}
		text = trim(line);
		if (*text == '\0' || *text == '#')
			continue;
		if (!printable(text)) {
			snprintf(
			    err, errlen,
			    "%s:%u: not UTF-8 text (or a control character)",
			    file, number);
			goto bad;
		}
		if (x->n == U8C_EXPECT_MAX) {
			snprintf(err, errlen,
			         "%s:%u: more than %d expectations", file,
			         number, U8C_EXPECT_MAX);
			goto bad;
		}
		memset(e, 0, sizeof *e);
		if ((hash = strchr(text, '#')) != NULL) {
			snprintf(e->reason, sizeof e->reason, "%s",
			         trim(hash + 1));
			*hash = '\0';
		}
		id = text;
		rest = id + strcspn(id, " \t");
		if (*rest != '\0')
			*rest++ = '\0';
		if ((c = u8c_check_by_id(id)) < 0) {
			snprintf(err, errlen, "%s:%u: no check '%.60s'", file,
			         number, id);
			goto bad;
		}
		e->check = (enum u8c_check_id)c;
		e->line = number;
		if (input_of(e, trim(rest)) != 0) {
			snprintf(
			    err, errlen,
			    "%s:%u: '%.60s' is no input (hex bytes, U+XXXX, "
			    "(loading), (unloading) or *)",
			    file, number, trim(rest));
			goto bad;
		}
		x->n++;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "--expect %s: %s", file, strerror(errno));
		goto bad;
	}
	fclose(f);
	return 0;
bad:
	fclose(f);
	return -1;
}

static int
same_bytes(const struct u8c_expectation *e, const uint8_t *s, size_t n)
{
	return e->n == n && (n == 0 || memcmp(e->bytes, s, n) == 0);
}

static int
accepts(const struct u8c_expectation *e, const struct u8c_item *item,
        const struct u8c_part *part, int during)
{
	switch (e->input) {
	case U8C_EXPECT_ANY:
		return 1;
	case U8C_EXPECT_LOADING:
		return item == NULL && during == 1;
	case U8C_EXPECT_UNLOADING:
		return item == NULL && during == 2;
	case U8C_EXPECT_CODE_POINT:
		return item != NULL && item->kind == U8C_ITEM_CODE_POINT &&
		       item->cp == e->cp;
	default:
		if (item == NULL || item->kind != U8C_ITEM_BYTES)
			return 0;
		if (same_bytes(e, item->s, item->n))
			return 1;
		return part != NULL && part->len > 0 &&
		       part->off + part->len <= item->n &&
		       same_bytes(e, item->s + part->off, part->len);
	}
}

int
u8c_expect_match(const struct u8c_expectations *x, enum u8c_check_id c,
                 const struct u8c_item *item, const struct u8c_part *part,
                 int during)
{
	for (size_t k = 0; x != NULL && k < x->n; k++)
		if (x->e[k].check == c && accepts(&x->e[k], item, part, during))
			return (int)k;
	return -1;
}
