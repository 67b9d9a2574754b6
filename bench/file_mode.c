/* SPDX-License-Identifier: MIT */
/*
 * file_mode.c - writes a large file from the standard inputs, for the
 * command-line tools (commands.c) to read.
 */
#include <stdio.h>
#include <stdlib.h>

#include "file_mode.h"

/* The file is this much generated text, written again and again: each
 * piece ends on a character boundary, so the whole file is well-formed
 * but for the error of an error kind, at its very end. */
#define PIECE ((size_t)64 << 20)

int
u8b_write_file(const char *path, size_t size, const struct u8b_input_kind *kind)
{
	FILE *f = fopen(path, "wb");
	uint8_t *piece = malloc(PIECE);
	size_t left = size, n;
	int bad = f == NULL || piece == NULL;

	if (!bad)
		u8b_input_fill(kind, piece, PIECE, 0);
	for (; !bad && left > 0; left -= n) {
		n = left < PIECE ? left : PIECE;
		if (n == left) /* the last piece: its own length, the error */
			u8b_input_fill(kind, piece, n, 1);
		bad = fwrite(piece, 1, n, f) != n;
	}
	if (f != NULL)
		bad = (fclose(f) != 0) || bad;
	if (bad)
		perror(path);
	free(piece);
	return bad;
}
