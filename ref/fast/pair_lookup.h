/* SPDX-License-Identifier: MIT */
/*
 * pair_lookup.h - the vector kernels' rules, as three 16-entry tables.
 *
 * Every error of Table 3-7 shows in some pair of neighbouring bytes
 * (previous, current), or in a continuation byte that should or should
 * not be a third or fourth byte.  Each bit below names one broken pair
 * rule.  A pair breaks a rule when the rule's bit is set in all three of
 * PREV_HIGH[previous >> 4], PREV_LOW[previous & 15] and
 * CUR_HIGH[current >> 4]; a vector kernel looks the three up for 16 or
 * more pairs at once and ANDs them (the method of Keiser and Lemire,
 * "Validating UTF-8 in less than one instruction per byte", 2021).
 *
 * The bit TWO_TRAILS is then flipped where the current byte must be a
 * third or fourth byte (two bytes after E0..FF, three after F0..FF), so
 * it survives exactly where a continuation run is too long or too short.
 * The exhaustive tests hold these tables to the literal walk.
 */
#ifndef U8REF_PAIR_LOOKUP_H
#define U8REF_PAIR_LOOKUP_H

#include <stdint.h>

enum {
	TOO_SHORT = 1 << 0,   /* lead C0..FF, then no trail byte 80..BF    */
	TOO_LONG = 1 << 1,    /* ASCII, then a trail byte                  */
	OVERLONG_3 = 1 << 2,  /* E0 80..9F: row E0 wants A0..BF            */
	TOO_LARGE = 1 << 3,   /* F4 90..BF (row F4 wants 80..8F), and
	                         F5..FF 90..BF: beyond U+10FFFF            */
	SURROGATE = 1 << 4,   /* ED A0..BF: row ED wants 80..9F            */
	OVERLONG_2 = 1 << 5,  /* C0 or C1, then a trail: rows start at C2  */
	F0_OR_F5_80 = 1 << 6, /* F0 80..8F (row F0 wants 90..BF: overlong)
	                         and F5..FF 80..8F (no row starts there)  */
	TWO_TRAILS = 1 << 7,  /* a trail byte after a trail byte           */
	/* Rules that hold whatever the previous byte's low nibble. */
	ANY_LOW = TOO_SHORT | TOO_LONG | TWO_TRAILS,
};

/* clang-format off */
static const uint8_t PREV_HIGH[16] = {
	/* 0..7 ASCII */ TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
	                 TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
	/* 8..B trail */ TWO_TRAILS, TWO_TRAILS, TWO_TRAILS, TWO_TRAILS,
	/* C0..CF */     TOO_SHORT | OVERLONG_2,
	/* D0..DF */     TOO_SHORT,
	/* E0..EF */     TOO_SHORT | OVERLONG_3 | SURROGATE,
	/* F0..FF */     TOO_SHORT | TOO_LARGE | F0_OR_F5_80,
};

static const uint8_t PREV_LOW[16] = {
	/* x0 */ ANY_LOW | OVERLONG_2 | OVERLONG_3 | F0_OR_F5_80,
	/* x1 */ ANY_LOW | OVERLONG_2,
	/* x2 */ ANY_LOW,
	/* x3 */ ANY_LOW,
	/* x4 */ ANY_LOW | TOO_LARGE,
	/* x5 */ ANY_LOW | TOO_LARGE | F0_OR_F5_80,
	/* x6 */ ANY_LOW | TOO_LARGE | F0_OR_F5_80,
	/* x7 */ ANY_LOW | TOO_LARGE | F0_OR_F5_80,
	/* x8 */ ANY_LOW | TOO_LARGE | F0_OR_F5_80,
	/* x9 */ ANY_LOW | TOO_LARGE | F0_OR_F5_80,
	/* xA */ ANY_LOW | TOO_LARGE | F0_OR_F5_80,
	/* xB */ ANY_LOW | TOO_LARGE | F0_OR_F5_80,
	/* xC */ ANY_LOW | TOO_LARGE | F0_OR_F5_80,
	/* xD */ ANY_LOW | TOO_LARGE | F0_OR_F5_80 | SURROGATE,
	/* xE */ ANY_LOW | TOO_LARGE | F0_OR_F5_80,
	/* xF */ ANY_LOW | TOO_LARGE | F0_OR_F5_80,
};

static const uint8_t CUR_HIGH[16] = {
	/* 0..7 ASCII */ TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
	                 TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
	/* 80..8F */     TOO_LONG | TWO_TRAILS | OVERLONG_2 | OVERLONG_3 | F0_OR_F5_80,
	/* 90..9F */     TOO_LONG | TWO_TRAILS | OVERLONG_2 | OVERLONG_3 | TOO_LARGE,
	/* A0..AF */     TOO_LONG | TWO_TRAILS | OVERLONG_2 | SURROGATE | TOO_LARGE,
	/* B0..BF */     TOO_LONG | TWO_TRAILS | OVERLONG_2 | SURROGATE | TOO_LARGE,
	/* C0..FF */     TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
};
/* clang-format on */

/* A byte at or above THIRD_LEAD starts a sequence of three or more
 * bytes, at or above FOURTH_LEAD one of four or more: the bytes two and
 * three places after them must be trails.  Saturating subtraction of
 * (lead - 0x80) leaves the top bit set exactly for such leads, and so
 * does the rounded average with (0xFF - lead), which is commutative and
 * so reads its byte straight from memory (x86 vpavgb). */
enum {
	THIRD_LEAD = 0xE0,
	FOURTH_LEAD = 0xF0,
	THIRD_BIAS = THIRD_LEAD - 0x80,
	FOURTH_BIAS = FOURTH_LEAD - 0x80,
	THIRD_AVG = 0xFF - THIRD_LEAD,
	FOURTH_AVG = 0xFF - FOURTH_LEAD,
};

#endif /* U8REF_PAIR_LOOKUP_H */
