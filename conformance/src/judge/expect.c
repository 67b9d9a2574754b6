/* SPDX-License-Identifier: MIT */
/*
 * expect.c - reading expectation files, and matching failures to them.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "chunking.h"
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

/* A hex byte at @s, two digits; its value, or -1. */
static int
hex_byte(const char *s)
{
	uint8_t b;
	size_t n;
	char two[3] = {s[0], s[0] ? s[1] : 0, 0};

	return strlen(two) == 2 &&
	               u8s_hex_parse(two, &b, 1, &n) == U8S_PARSE_OK && n == 1
	           ? b
	           : -1;
}

/* A pattern's words, read from @text into @e; 0, or -1 for a word that
 * is none of a hex byte, a range LO..HI with LO <= HI, '*' and '|'. */
static int
pattern_of(struct u8c_expectation *e, const char *text)
{
	const char *p = text;
	int lo, hi;

	e->n = 0;
	while (*p != '\0') {
		size_t len = strcspn(p, " \t");
		struct u8c_expect_word *w = &e->words[e->n];

		if (e->n == U8C_EXPECT_BYTES)
			return -1;
		if (len == 1 && (*p == '*' || *p == '|')) {
			*w = (struct u8c_expect_word){
			    *p == '*' ? U8C_WORD_ANY : U8C_WORD_CUT, 0, 0};
		} else if (len == 2 && (lo = hex_byte(p)) >= 0) {
			*w = (struct u8c_expect_word){U8C_WORD_BYTE,
			                              (uint8_t)lo, (uint8_t)lo};
		} else if (len == 6 && p[2] == '.' && p[3] == '.' &&
		           (lo = hex_byte(p)) >= 0 &&
		           (hi = hex_byte(p + 4)) >= 0 && lo <= hi) {
			*w = (struct u8c_expect_word){U8C_WORD_BYTE,
			                              (uint8_t)lo, (uint8_t)hi};
		} else {
			return -1;
		}
		e->n++;
		p += len;
		p += strspn(p, " \t");
	}
	return e->n > 0 ? 0 : -1;
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
	else if (pattern_of(e, text) == 0)
		e->input = U8C_EXPECT_BYTES_IN;
	else
		return -1;
	return 0;
}

int
u8c_expect_input_valid(const char *text)
{
	static _Thread_local struct u8c_expectation scratch;

	return input_of(&scratch, text) == 0;
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
			    "%s:%u: '%.60s' is no input (hex bytes, ranges "
			    "such as A0..BF, '*' and '|' for cuts; U+XXXX, "
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

/* A symbol of an input as a pattern reads it: a byte, or CUT. */
enum { CUT = 256 };

/* Whether word @w takes symbol @sym. */
static int
takes(const struct u8c_expect_word *w, int sym)
{
	return w->kind == U8C_WORD_CUT
	           ? sym == CUT
	           : sym != CUT && sym >= w->lo && sym <= w->hi;
}

/* Whether @e's whole pattern matches sym[0..n): a glob, where '*' backs
 * off one symbol at a time from the last one seen (linear but for the
 * stars). */
static int
matches(const struct u8c_expectation *e, const int *sym, size_t n)
{
	size_t w = 0, i = 0, star_w = SIZE_MAX, star_i = 0;

	while (i < n) {
		if (w < e->n && e->words[w].kind == U8C_WORD_ANY) {
			star_w = w++;
			star_i = i;
		} else if (w < e->n && takes(&e->words[w], sym[i])) {
			w++;
			i++;
		} else if (star_w != SIZE_MAX) {
			w = star_w + 1;
			i = ++star_i;
		} else {
			return 0;
		}
	}
	while (w < e->n && e->words[w].kind == U8C_WORD_ANY)
		w++;
	return w == e->n;
}

/* The input's symbols: its bytes, with a CUT at each cut of its
 * chunking; at[k] is where byte k is among them. */
static size_t
symbols(const struct u8c_item *item, int *sym, size_t *at)
{
	uint16_t cuts[U8C_MAX_CUTS];
	size_t ncuts = item->chunking.kind == U8C_CHUNK_NONE
	                   ? 0
	                   : u8c_chunking_cuts(&item->chunking, item->n, cuts);
	size_t k, c = 0, m = 0;

	for (k = 0; k <= item->n; k++) {
		while (c < ncuts && cuts[c] == k) {
			sym[m++] = CUT;
			c++;
		}
		if (k < item->n) {
			at[k] = m;
			sym[m++] = item->s[k];
		}
	}
	return m;
}

/* Whether @e's pattern matches the input, or the piece @part of it with
 * the cuts inside and, or not, those right after it. */
static int
pattern_accepts(const struct u8c_expectation *e, const struct u8c_item *item,
                const struct u8c_part *part)
{
	int sym[2 * U8C_MAX_INPUT + 2];
	size_t at[U8C_MAX_INPUT];
	size_t m = symbols(item, sym, at), from, to;

	if (matches(e, sym, m))
		return 1;
	if (part == NULL || part->len == 0 || part->off + part->len > item->n)
		return 0;
	from = at[part->off];
	to = at[part->off + part->len - 1] + 1;
	if (matches(e, sym + from, to - from))
		return 1;
	while (to < m && sym[to] == CUT)
		if (matches(e, sym + from, ++to - from))
			return 1;
	return 0;
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
		return item != NULL && item->kind == U8C_ITEM_BYTES &&
		       pattern_accepts(e, item, part);
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
