/* SPDX-License-Identifier: MIT */
/*
 * match.c - the fit of an output to a reading, by dynamic programming.
 *
 * reach(t, j) says that the first t tokens can account for exactly the
 * first j values of the output.  A character moves j to j + 1 when
 * out[j] is its value; a subpart of b bytes moves j to j + c for every
 * c <= b with out[j..j+c) all U+FFFD.  The table is a bit matrix sized
 * for the longest input, so there is no length at which the answer
 * changes.
 */
#include <string.h>

#include "match.h"

enum { WIDTH = U8C_MAX_INPUT + 1, WORDS = (WIDTH + 63) / 64 };

/* reach(t, j) for t <= ntok, j <= nout; rows of `row_words` words. */
static _Thread_local uint64_t reach[WIDTH][WORDS];
static _Thread_local size_t row_words;

static int
get(size_t t, size_t j)
{
	return (int)(reach[t][j / 64] >> (j % 64) & 1u);
}

static void
set(size_t t, size_t j)
{
	reach[t][j / 64] |= UINT64_C(1) << (j % 64);
}

/* Whether out[from..to) is all U+FFFD. */
static int
all_replacement(const uint32_t *out, size_t from, size_t to)
{
	while (from < to)
		if (out[from++] != U8REF_REPLACEMENT)
			return 0;
	return 1;
}

/* The first token no reading gets past.  The output is explained up to
 * the furthest position reached; the first piece standing there is the
 * one the decoder read differently.  When all output is explained, a
 * character was lost: the first one still standing at the end. */
static size_t
first_stuck(const struct u8c_token *tok, size_t ntok, size_t nout, int *lost)
{
	size_t far = 0, t, j;

	for (t = 0; t <= ntok; t++)
		for (j = far; j <= nout; j++)
			if (get(t, j))
				far = j;
	for (t = 0;
	     t < ntok && !(get(t, far) && (far < nout || tok[t].bytes == 0));
	     t++)
		;
	if (lost != NULL)
		*lost = far == nout;
	return t;
}

int
u8c_match(const struct u8c_token *tok, size_t ntok, const uint32_t *out,
          size_t nout, size_t *counts, size_t *stuck, int *lost)
{
	size_t t, j, c;

	row_words = (nout + 1 + 63) / 64;
	for (t = 0; t <= ntok; t++)
		memset(reach[t], 0, row_words * sizeof reach[t][0]);
	set(0, 0);
	for (t = 0; t < ntok; t++) {
		for (j = 0; j <= nout; j++) {
			if (!get(t, j))
				continue;
			if (tok[t].bytes == 0) {
				if (j < nout && out[j] == tok[t].cp)
					set(t + 1, j + 1);
				continue;
			}
			/* A subpart of b bytes may give 0..b U+FFFD. */
			for (c = 0; j + c <= nout && c <= tok[t].bytes; c++) {
				set(t + 1, j + c);
				if (j + c == nout ||
				    out[j + c] != U8REF_REPLACEMENT)
					break;
			}
		}
	}
	if (!get(ntok, nout)) {
		if (stuck != NULL)
			*stuck = first_stuck(tok, ntok, nout, lost);
		return 0;
	}
	/* Walk back along one reading for the subparts' counts, taking one
	 * U+FFFD for a subpart wherever the reading allows it. */
	for (t = ntok, j = nout; counts != NULL && t-- > 0;) {
		if (tok[t].bytes == 0) {
			j--;
			continue;
		}
		c = 1;
		if (c > j || !get(t, j - c) || !all_replacement(out, j - c, j))
			for (c = 0;
			     !get(t, j - c) || !all_replacement(out, j - c, j);)
				c++;
		counts[t] = c;
		j -= c;
	}
	return 1;
}
