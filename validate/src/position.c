/* SPDX-License-Identifier: MIT */
/*
 * position.c - counting lines and characters over well-formed text.
 *
 * Runs only when a position may be reported, over bytes still in cache
 * from validation.  The loops are plain byte counts that compilers turn
 * into vector code.
 */
#define _GNU_SOURCE /* memrchr */
#include <string.h>

#include "position.h"

/* Counters are 8-bit lanes, LANES of them side by side, which compilers
 * keep in one vector register; each block is short enough that no lane
 * can pass 255. */
enum { LANES = 16, BLOCK = 255 * LANES };

void
u8v_position_init(struct u8v_position *p)
{
	p->line = 1;
	p->column = 0;
}

/* Bytes of s[0..n) that are '\n' (newlines) or else no continuation
 * byte 80..BF (characters of well-formed text). */
static uint64_t
count(const uint8_t *s, size_t n, int newlines)
{
	uint64_t total = 0;
	size_t i, k, lane;

	while (n >= LANES) {
		uint8_t in_lane[LANES] = {0};

		k = n < BLOCK ? n - n % LANES : BLOCK;
		for (i = 0; i < k; i += LANES)
			for (lane = 0; lane < LANES; lane++)
				in_lane[lane] =
				    (uint8_t)(in_lane[lane] +
				              (newlines ? s[i + lane] == '\n'
				                        : (s[i + lane] &
				                           0xC0) != 0x80));
		for (lane = 0; lane < LANES; lane++)
			total += in_lane[lane];
		s += k;
		n -= k;
	}
	for (i = 0; i < n; i++)
		total += newlines ? s[i] == '\n' : (s[i] & 0xC0) != 0x80;
	return total;
}

void
u8v_position_text(struct u8v_position *p, const uint8_t *s, size_t n)
{
	const uint8_t *last = n > 0 ? memrchr(s, '\n', n) : NULL;
	size_t after;

	if (last == NULL) {
		p->column += count(s, n, 0);
		return;
	}
	p->line += count(s, (size_t)(last - s) + 1, 1);
	after = (size_t)(last - s) + 1;
	p->column = count(s + after, n - after, 0);
}

void
u8v_position_unit(struct u8v_position *p, int newline)
{
	if (newline) {
		p->line++;
		p->column = 0;
	} else {
		p->column++;
	}
}
