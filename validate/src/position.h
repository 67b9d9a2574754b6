/* SPDX-License-Identifier: MIT */
/*
 * position.h - line and column of the next byte of a stream.
 *
 * LINE is 1 + the number of '\n' before a byte; COLUMN is 1 + the
 * number of characters since the last '\n', where each well-formed
 * character and each maximal subpart counts as one.
 */
#ifndef U8V_POSITION_H
#define U8V_POSITION_H

#include <stddef.h>
#include <stdint.h>

struct u8v_position {
	uint64_t line;   /* 1-based line of the next byte             */
	uint64_t column; /* characters before it on its line (0-based) */
};

void u8v_position_init(struct u8v_position *p);

/*
 * u8v_position_text - move past s[0..n), well-formed under Table 3-7,
 * where each character has exactly one byte outside 80..BF.
 */
void u8v_position_text(struct u8v_position *p, const uint8_t *s, size_t n);

/*
 * u8v_position_ascii - move past the bytes 00..7F at the start of
 * s[0..n), one character each, and return how many there were: zero
 * where the CPU has no AVX2 (a byte at a time would cost more than the
 * second pass it saves).
 */
size_t u8v_position_ascii(struct u8v_position *p, const uint8_t *s, size_t n);

/* u8v_position_unit - move past one character or maximal subpart;
 * @newline when it is U+000A. */
void u8v_position_unit(struct u8v_position *p, int newline);

#endif /* U8V_POSITION_H */
