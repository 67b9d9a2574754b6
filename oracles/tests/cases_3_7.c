/* SPDX-License-Identifier: MIT */
/*
 * cases_3_7.c - what a decoder that follows Table 3-7 does with the
 * telling inputs: the expectations of the ref and ICU oracles.
 *
 * Worked out by hand from The Unicode Standard, Chapter 3: Table 3-7
 * ("Well-Formed UTF-8 Byte Sequences") decides what is well-formed, and
 * "U+FFFD Substitution of Maximal Subparts" (D93b) how many U+FFFD an
 * ill-formed part becomes; the comment on each row names the column
 * that refuses.  The ref suite proves every row against u8ref itself.
 * The system decoders' tables list the same inputs in the same order,
 * so their departures read off row by row.
 */
#include "testutil.h"

#define FFFD 0xFFFDu
#define ERR  U8T_ERROR

/* clang-format off */
const struct u8o_case u8o_cases_3_7[] = {
	/* Row 00..7F: NUL is a character like any other. */
	{ "NUL", U8O_BYTES(0x00),
	  U8O_VALUES(0x0000), U8O_VALID, U8O_NEXT(0x0000, 1) },
	/* No row begins with C0: each byte is its own subpart. */
	{ "overlong NUL", U8O_BYTES(0xC0, 0x80),
	  U8O_VALUES(FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* Row E0 wants A0..BF second: 80 refused, E0 alone. */
	{ "overlong U+0000 in three bytes", U8O_BYTES(0xE0, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* Row ED wants 80..9F second: A0 (a surrogate) refused. */
	{ "surrogate U+D800", U8O_BYTES(0xED, 0xA0, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "surrogate prefix at the end", U8O_BYTES(0xED, 0xA0),
	  U8O_VALUES(FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* Row F4 wants 80..8F second: 90 (beyond U+10FFFF) refused. */
	{ "U+110000, beyond U+10FFFF", U8O_BYTES(0xF4, 0x90, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* No row begins with F5..FF. */
	{ "F5, no lead byte", U8O_BYTES(0xF5),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "F5 as a four-byte lead", U8O_BYTES(0xF5, 0x80, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	{ "RFC 2279 five-byte U+200000", U8O_BYTES(0xF8, 0x88, 0x80, 0x80, 0x80),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD, FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* A valid prefix cut by the end of input is one subpart. */
	{ "U+20AC cut at the end", U8O_BYTES(0xE2, 0x82),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 2) },
	{ "U+10000 cut at the end", U8O_BYTES(0xF0, 0x90, 0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 3) },
	/* No row begins with 80..BF. */
	{ "lone continuation byte", U8O_BYTES(0x80),
	  U8O_VALUES(FFFD), U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* Row EE..EF: a real U+FFFD is well-formed. */
	{ "real U+FFFD", U8O_BYTES(0xEF, 0xBF, 0xBD),
	  U8O_VALUES(FFFD), U8O_VALID, U8O_NEXT(FFFD, 3) },
	/* Unicode ch. 3, "U+FFFD Substitution of Maximal Subparts": F1 80
	 * 80 is cut by E1, E1 80 by C2, C2 by 62; 80 and 80 BF alone. */
	{ "Unicode ch. 3 maximal subparts",
	  U8O_BYTES(0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64),
	  U8O_VALUES(0x0061, FFFD, FFFD, FFFD, 0x0062, FFFD, 0x0063, FFFD, FFFD, 0x0064),
	  U8O_INVALID_AT(1), U8O_NEXT(0x0061, 1) },
	/* RFC 3629 s10: row ED refuses A1 and BE second; every
	 * continuation byte after them stands alone. */
	{ "RFC 3629 s10 CESU-8 surrogate pair",
	  U8O_BYTES(0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4),
	  U8O_VALUES(FFFD, FFFD, FFFD, FFFD, FFFD, FFFD),
	  U8O_INVALID_AT(0), U8O_NEXT(ERR, 1) },
	/* RFC 3629 s7: a BOM is U+FEFF, kept like any character. */
	{ "RFC 3629 s7 BOM then U+233B4",
	  U8O_BYTES(0xEF, 0xBB, 0xBF, 0xF0, 0xA3, 0x8E, 0xB4),
	  U8O_VALUES(0xFEFF, 0x233B4), U8O_VALID, U8O_NEXT(0xFEFF, 3) },
	/* The other examples of RFC 3629 s7, all well-formed. */
	{ "RFC 3629 s7 A<NOT IDENTICAL TO><ALPHA>.",
	  U8O_BYTES(0x41, 0xE2, 0x89, 0xA2, 0xCE, 0x91, 0x2E),
	  U8O_VALUES(0x0041, 0x2262, 0x0391, 0x002E), U8O_VALID, U8O_NEXT(0x0041, 1) },
	{ "RFC 3629 s7 Korean \"hangugeo\"",
	  U8O_BYTES(0xED, 0x95, 0x9C, 0xEA, 0xB5, 0xAD, 0xEC, 0x96, 0xB4),
	  U8O_VALUES(0xD55C, 0xAD6D, 0xC5B4), U8O_VALID, U8O_NEXT(0xD55C, 3) },
	{ "RFC 3629 s7 Japanese \"nihongo\"",
	  U8O_BYTES(0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0xE8, 0xAA, 0x9E),
	  U8O_VALUES(0x65E5, 0x672C, 0x8A9E), U8O_VALID, U8O_NEXT(0x65E5, 3) },
};

/* RFC 3629 section 3: U+0000..U+10FFFF except the surrogates, in the
 * shortest form of Table 3-7's rows; everything else refused. */
const struct u8o_encoding u8o_encodings_3_7[] = {
	U8O_ENCODES(0x000000, 0x00),
	U8O_ENCODES(0x00007F, 0x7F),
	U8O_ENCODES(0x000080, 0xC2, 0x80),
	U8O_ENCODES(0x0007FF, 0xDF, 0xBF),
	U8O_ENCODES(0x000800, 0xE0, 0xA0, 0x80),
	U8O_ENCODES(0x00D7FF, 0xED, 0x9F, 0xBF),
	U8O_REFUSES(0x00D800),
	U8O_REFUSES(0x00DFFF),
	U8O_ENCODES(0x00E000, 0xEE, 0x80, 0x80),
	U8O_ENCODES(0x00FFFD, 0xEF, 0xBF, 0xBD),
	U8O_ENCODES(0x010000, 0xF0, 0x90, 0x80, 0x80),
	U8O_ENCODES(0x10FFFF, 0xF4, 0x8F, 0xBF, 0xBF),
	U8O_REFUSES(0x110000),
	U8O_REFUSES(0x1FFFFF),
	U8O_REFUSES(0x200000),
	U8O_REFUSES(0x7FFFFFFF),
	U8O_REFUSES(0x80000000),
	U8O_REFUSES(0xFFFFFFFF),
};
/* clang-format on */

const size_t u8o_cases_3_7_count = U8O_COUNT(u8o_cases_3_7);
const size_t u8o_encodings_3_7_count = U8O_COUNT(u8o_encodings_3_7);
