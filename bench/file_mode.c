/* SPDX-License-Identifier: MIT */
/*
 * file_mode.c - writes the large file from the standard inputs, and
 * times u8ref_validate_fast on it once it is in memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "file_mode.h"
#include "measure.h"
#include "u8ref.h"

/* The file is this much generated text, written again and again: each
 * piece ends on a character boundary, so the whole file is valid. */
#define PIECE ((size_t)64 << 20)

static int
write_piece(FILE *f, const struct u8b_input_kind *kind, size_t n, size_t copies)
{
	struct u8b_input in;
	int ok = 1;

	if (u8b_input_make(&in, kind, n, NULL) != 0)
		return 1;
	for (size_t i = 0; i < copies && ok; i++)
		ok = fwrite(in.bytes, 1, n, f) == n;
	u8b_input_free(&in);
	return ok ? 0 : 1;
}

int
u8b_write_file(const char *path, size_t size, const struct u8b_input_kind *kind)
{
	FILE *f = fopen(path, "wb");
	int bad;

	if (f == NULL) {
		perror(path);
		return 1;
	}
	bad = write_piece(f, kind, PIECE, size / PIECE);
	if (!bad && size % PIECE != 0)
		bad = write_piece(f, kind, size % PIECE, 1);
	bad = (fclose(f) != 0) || bad;
	if (bad)
		perror(path);
	return bad;
}

/* The whole of @path in a buffer of *@n bytes, or NULL with a message. */
static uint8_t *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	long size = -1;

	if (f != NULL && fseek(f, 0, SEEK_END) == 0)
		size = ftell(f);
	if (size >= 0 && fseek(f, 0, SEEK_SET) == 0)
		buf = malloc((size_t)size + 1);
	if (buf != NULL && fread(buf, 1, (size_t)size, f) == (size_t)size) {
		*n = (size_t)size;
	} else {
		perror(path);
		free(buf);
		buf = NULL;
	}
	if (f != NULL)
		fclose(f);
	return buf;
}

static double
seconds_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int
u8b_time_file(const char *path, size_t runs)
{
	double t[U8B_MAX_SAMPLES];
	size_t n = 0;
	uint8_t *s = slurp(path, &n);
	int valid;

	if (s == NULL)
		return 1;
	runs = runs < 1 ? 1 : runs > U8B_MAX_SAMPLES ? U8B_MAX_SAMPLES : runs;
	valid = u8ref_validate_fast(s, n).status == U8REF_OK; /* warm-up */
	for (size_t i = 0; i < runs; i++) {
		double t0 = seconds_now();

		valid &= u8ref_validate_fast(s, n).status == U8REF_OK;
		t[i] = seconds_now() - t0;
	}
	printf("%.6f %d %zu\n", u8b_median(t, runs), valid, n);
	free(s);
	return 0;
}
