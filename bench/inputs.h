/* SPDX-License-Identifier: MIT */
/*
 * inputs.h - the benchmark's standard inputs, generated deterministically.
 *
 * Each kind fills a buffer of any size from a fixed seed, so the 4 KiB
 * input is the start of the 64 MiB one and every run times the same bytes.
 */
#ifndef U8B_INPUTS_H
#define U8B_INPUTS_H

#include <stddef.h>
#include <stdint.h>

/* One kind of input: ASCII, Latin text, ..., ASCII with an error. */
struct text_style;

struct u8b_input_kind {
	const char *name; /* short name, used in tables and file names  */
	const char *what; /* one line for the report                     */
	const struct text_style *text;        /* text in this style, or  */
	void (*fill)(uint8_t *buf, size_t n); /* exactly n bytes by this */
	int error_at_end;                     /* then FF as the last byte */
};

/* The i-th kind, in report order; NULL past the last. */
const struct u8b_input_kind *u8b_input_kind_at(size_t i);

/* The kind called @name, or NULL. */
const struct u8b_input_kind *u8b_input_kind_by_name(const char *name);

/* u8b_input_fill - @n bytes of @kind at @buf; the error at the end of an
 * error kind only @with_error. */
void u8b_input_fill(const struct u8b_input_kind *kind, uint8_t *buf, size_t n,
                    int with_error);

/* One generated input, as every contestant sees it. */
struct u8b_input {
	const struct u8b_input_kind *kind;
	uint8_t *bytes;  /* n bytes, 64-byte aligned               */
	size_t n;        /* its size                               */
	int valid;       /* the reference walk's verdict: 1 or 0   */
	char path[4096]; /* where it was written for out-of-process
	                    contestants, or "" when it was not      */
};

/*
 * u8b_input_make - generate @kind at size @n and judge it with the walk.
 * Writes it to DIR/NAME-N.bin as well when @dir is not NULL.  Returns 0,
 * or -1 (with a message on stderr) when memory or the file failed.
 */
int u8b_input_make(struct u8b_input *in, const struct u8b_input_kind *kind,
                   size_t n, const char *dir);

/* u8b_input_free - release the bytes and remove the file, if any. */
void u8b_input_free(struct u8b_input *in);

#endif /* U8B_INPUTS_H */
