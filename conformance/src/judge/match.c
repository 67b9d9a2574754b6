/* SPDX-License-Identifier: MIT */
/*
 * match.c - the fit of an output to a reading, by dynamic programming.
 *
 * reach(t, j) says that the first t tokens can account for exactly the
 * first j values of the output.  A character moves j to j + 1 when
 * out[j] is its value; a subpart of b bytes moves j to j + c for every
 * c <= b with out[j..j+c) all U+FFFD.  The table is a bit matrix of
 * the input's and the output's sizes, so there is no length at which
 * the answer changes.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "room.h"

/* Words of the table in a thread's static TLS: the inputs the default
 * plan judges, and more. */
enum { SMALL_WORDS = 2048 };

/*
 * reach(t, j) for t <= ntok, j <= cols: rows of `row_words` words at
 * `reach`.  For the longest input that is 2 MiB, too much for static
 * TLS, which every thread clears as it starts (a judge paid 600 page
 * faults for it there, matched or not); so a thread's table is a small
 * one there, or else one on its heap, grown as needed and freed when
 * the thread ends.
 *
 * Row t is only looked at in its band, band_lo[t]..band_hi[t]: the
 * columns tok[0..t) reach at all, each character taking one value and
 * each subpart none to all of its bytes.  Outside it nothing is
 * cleared, and get() says 0.  On an input of characters the band is
 * one column wide, and an output that parts from it early costs a
 * walk of the input, not of the input by the output (a stream's
 * wrong output on a long input, judged for each of its chunkings,
 * once took hours).
 */
static _Thread_local uint64_t small[SMALL_WORDS];
static _Thread_local uint64_t *large;
static _Thread_local size_t large_words;
static _Thread_local uint64_t *reach;
static _Thread_local size_t row_words;
static _Thread_local uint16_t band_lo[U8C_MAX_TOKENS + 1];
static _Thread_local uint16_t band_hi[U8C_MAX_TOKENS + 1];
static pthread_key_t large_key;
static int large_keyed;
static pthread_once_t large_once = PTHREAD_ONCE_INIT;

_Static_assert(U8C_MAX_INPUT < UINT16_MAX,
               "a band's ends, columns up to the input's bytes, fit");

static void
make_large_key(void)
{
	large_keyed = pthread_key_create(&large_key, free) == 0;
}

/* The bands of tok[0..ntok) against nout values; returns the columns
 * the table needs: no reading explains more values than the input has
 * bytes (a stream's output may have five a byte), and no column past
 * the output's end is wanted. */
static size_t
bands(const struct u8c_token *tok, size_t ntok, size_t nout)
{
	size_t lo = 0, hi = 0, t;

	band_lo[0] = band_hi[0] = 0;
	for (t = 0; t < ntok; t++) {
		lo += tok[t].bytes == 0;
		hi += tok[t].bytes == 0 ? 1 : tok[t].bytes;
		/* lo past the output: the row reaches nothing (lo > hi);
		 * both stay within the input's bytes, which fit */
		band_lo[t + 1] = (uint16_t)(lo <= nout ? lo : nout + 1);
		band_hi[t + 1] = (uint16_t)(hi <= nout ? hi : nout);
	}
	return hi < nout ? hi : nout;
}

/* The table for @ntok tokens and @cols columns, each row cleared in
 * its band. */
static void
table_for(size_t ntok, size_t cols)
{
	size_t words;

	row_words = (cols + 1 + 63) / 64;
	words = (ntok + 1) * row_words;
	if (words <= SMALL_WORDS) {
		reach = small;
	} else {
		if (words > large_words) {
			pthread_once(&large_once, make_large_key);
			free(large);
			large = u8c_room(malloc(words * sizeof *large),
			                 "u8c_match");
			large_words = words;
			if (large_keyed)
				(void)pthread_setspecific(large_key, large);
		}
		reach = large;
	}
	for (size_t t = 0; t <= ntok; t++)
		if (band_lo[t] <= band_hi[t])
			memset(reach + t * row_words + band_lo[t] / 64, 0,
			       (size_t)(band_hi[t] / 64 - band_lo[t] / 64 + 1) *
			           sizeof *reach);
}

static int
get(size_t t, size_t j)
{
	return j >= band_lo[t] && j <= band_hi[t] &&
	       (reach[t * row_words + j / 64] >> (j % 64) & 1u);
}

static void
set(size_t t, size_t j)
{
	reach[t * row_words + j / 64] |= UINT64_C(1) << (j % 64);
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
	uint16_t row[2][U8C_MAX_INPUT + 1];
	uint16_t *now = row[0], *next = row[1], *swap;
	size_t t, j;

	now[0] = 0; /* band 0 is column 0 */
	for (t = 0;; t++) {
		cost[t] = far >= band_lo[t] && far <= band_hi[t] ? now[far]
		                                                 : UINT16_MAX;
		if (t == ntok)
			break;
		if (band_lo[t + 1] <= band_hi[t + 1])
			memset(next + band_lo[t + 1], 0xFF,
			       (size_t)(band_hi[t + 1] - band_lo[t + 1] + 1) *
			           sizeof *next);
		for (j = band_lo[t]; j <= band_hi[t]; j++) {
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
	uint16_t cost[U8C_MAX_TOKENS + 1];
	size_t far = 0, t, j, best = ntok;

	for (t = 0; t <= ntok; t++)
		for (j = far > band_lo[t] ? far : band_lo[t]; j <= band_hi[t];
		     j++)
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
	size_t t, j, c, cols = bands(tok, ntok, nout);

	table_for(ntok, cols);
	set(0, 0);
	for (t = 0; t < ntok; t++) {
		for (j = band_lo[t]; j <= band_hi[t]; j++) {
			size_t lo, hi;

			if (!get(t, j) ||
			    !moves(&tok[t], out, nout, j, &lo, &hi))
				continue;
			for (c = lo; c <= hi; c++)
				set(t + 1, c);
		}
	}
	if (nout > cols || !get(ntok, nout)) {
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
