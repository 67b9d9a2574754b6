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

/* The columns token @tk takes column @j to, lo..hi: j + 1 for a
 * character whose value out[j] is; j up to j + b for a subpart of b
 * bytes, as far as out[j..] is U+FFFD.  Returns 0 when there is none. */
static int
moves(const struct u8c_token *tk, const uint32_t *out, size_t nout, size_t j,
      size_t *lo, size_t *hi)
{
	size_t c;

	if (tk->bytes == 0) {
		*lo = *hi = j + 1;
		return j < nout && out[j] == tk->cp;
	}
	for (c = 0;
	     c < tk->bytes && j + c < nout && out[j + c] == U8REF_REPLACEMENT;
	     c++)
		;
	*lo = j;
	*hi = j + c;
	return 1;
}

/* How far each reading strays from one U+FFFD per subpart, at column
 * @far: cost[t] is the fewest subparts among tok[0..t) given another
 * count on any reading that explains out[0..far) with them, or
 * UINT16_MAX when none does.  Rolling rows of the same moves as reach. */
static void
costs_at(const struct u8c_token *tok, size_t ntok, const uint32_t *out,
         size_t nout, size_t far, uint16_t *cost)
{
	static _Thread_local uint16_t row[2][WIDTH];
	uint16_t *now = row[0], *next = row[1], *swap;
	size_t t, j;

	memset(now, 0xFF, (nout + 1) * sizeof *now);
	now[0] = 0;
	for (t = 0;; t++) {
		cost[t] = now[far];
		if (t == ntok)
			break;
		memset(next, 0xFF, (nout + 1) * sizeof *next);
		for (j = 0; j <= nout; j++) {
			size_t lo, hi;

			if (now[j] == UINT16_MAX ||
			    !moves(&tok[t], out, nout, j, &lo, &hi))
				continue;
			for (size_t to = lo; to <= hi; to++) {
				/* a subpart given other than one U+FFFD strays
				 */
				uint16_t k =
				    (uint16_t)(now[j] + (tok[t].bytes > 0 &&
				                         to - j != 1));

				if (k < next[to])
					next[to] = k;
			}
		}
		swap = now, now = next, next = swap;
	}
}

/* The first token no reading gets past.  The output is explained up to
 * the furthest position reached; the piece standing there is the one the
 * decoder read differently.  Several may stand there when earlier
 * subparts can soak up the U+FFFD of later ones: the one reached with
 * the fewest counts other than the standard's is where the output parts
 * from the reading (C0 ED BE B4 read as U+FFFD U+DFB4 departs at ED, not
 * at C0).  When all output is explained, a character was lost: the first
 * one still standing at the end. */
static size_t
first_stuck(const struct u8c_token *tok, size_t ntok, const uint32_t *out,
            size_t nout, int *lost)
{
	static _Thread_local uint16_t cost[WIDTH + 1];
	size_t far = 0, t, j, best = ntok;

	for (t = 0; t <= ntok; t++)
		for (j = far; j <= nout; j++)
			if (get(t, j))
				far = j;
	if (lost != NULL)
		*lost = far == nout;
	if (far == nout) {
		for (t = 0; t < ntok && !(get(t, far) && tok[t].bytes == 0);
		     t++)
			;
		return t;
	}
	costs_at(tok, ntok, out, nout, far, cost);
	for (t = 0; t < ntok; t++)
		if (get(t, far) && (best == ntok || cost[t] < cost[best]))
			best = t;
	return best;
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
			size_t lo, hi;

			if (!get(t, j) ||
			    !moves(&tok[t], out, nout, j, &lo, &hi))
				continue;
			for (c = lo; c <= hi; c++)
				set(t + 1, c);
		}
	}
	if (!get(ntok, nout)) {
		if (stuck != NULL)
			*stuck = first_stuck(tok, ntok, out, nout, lost);
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
