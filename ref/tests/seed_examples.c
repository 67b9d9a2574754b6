/* SPDX-License-Identifier: MIT */
/*
 * seed_examples.c - every example of the seed documents, with its answer.
 *
 * Expected values are worked out by hand from the documents: the code
 * points they name, and for ill-formed input the maximal subparts read
 * off Table 3-7 (the comment on each row says which column refuses).
 * Seeds are named by their file in shared/seeds.
 */
#include "seed_examples.h"

#define FFFD U8REF_REPLACEMENT

/* clang-format off */
const struct seed_example seed_examples[] = {
	/* RFC 3629 section 7 (seed 001); also seed 002 section 4. */
	{ "RFC 3629 s7", "A<NOT IDENTICAL TO><ALPHA>.", "unicode",
	  { 0x41, 0xE2, 0x89, 0xA2, 0xCE, 0x91, 0x2E }, 7,
	  { 0x0041, 0x2262, 0x0391, 0x002E }, 4, U8REF_OK, 7 },
	{ "RFC 3629 s7", "Korean \"hangugeo\"", "unicode",
	  { 0xED, 0x95, 0x9C, 0xEA, 0xB5, 0xAD, 0xEC, 0x96, 0xB4 }, 9,
	  { 0xD55C, 0xAD6D, 0xC5B4 }, 3, U8REF_OK, 9 },
	{ "RFC 3629 s7", "Japanese \"nihongo\"", "unicode",
	  { 0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC, 0xE8, 0xAA, 0x9E }, 9,
	  { 0x65E5, 0x672C, 0x8A9E }, 3, U8REF_OK, 9 },
	{ "RFC 3629 s7", "BOM then U+233B4", "unicode",
	  { 0xEF, 0xBB, 0xBF, 0xF0, 0xA3, 0x8E, 0xB4 }, 7,
	  { 0xFEFF, 0x233B4 }, 2, U8REF_OK, 7 },
	/* RFC 3629 section 10: C0 begins no row of Table 3-7. */
	{ "RFC 3629 s10", "overlong NUL C0 80", "unicode",
	  { 0xC0, 0x80 }, 2,
	  { FFFD, FFFD }, 2, U8REF_INVALID_LEAD, 0 },
	{ "RFC 3629 s10", "\"/../\" with an overlong '.'", "unicode",
	  { 0x2F, 0xC0, 0xAE, 0x2E, 0x2F }, 5,
	  { 0x002F, FFFD, FFFD, 0x002E, 0x002F }, 5, U8REF_INVALID_LEAD, 1 },
	/* Row ED allows only 80..9F second: A1 and BE are refused, and
	 * every continuation byte after them stands alone. */
	{ "RFC 3629 s10", "U+233B4 as a CESU-8 surrogate pair", "unicode",
	  { 0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4 }, 6,
	  { FFFD, FFFD, FFFD, FFFD, FFFD, FFFD }, 6, U8REF_SURROGATE, 0 },
	/* Seed 004, after Table 3.1B. */
	{ "UTC 2000-11-12", "<C0 AF>: C0 is no first byte", "unicode",
	  { 0xC0, 0xAF }, 2,
	  { FFFD, FFFD }, 2, U8REF_INVALID_LEAD, 0 },
	{ "UTC 2000-11-12", "<E0 9F 80>: E0 needs A0..BF", "unicode",
	  { 0xE0, 0x9F, 0x80 }, 3,
	  { FFFD, FFFD, FFFD }, 3, U8REF_OVERLONG, 0 },
	{ "UTC 2000-11-12", "<F4 80 83 92> is legal", "unicode",
	  { 0xF4, 0x80, 0x83, 0x92 }, 4,
	  { 0x1000D2 }, 1, U8REF_OK, 4 },
	/* Unicode ch. 3, "U+FFFD Substitution of Maximal Subparts": F1 80
	 * 80 is cut by E1, E1 80 by C2, C2 by 62; 80 and 80 BF alone. */
	{ "Unicode ch. 3", "maximal subparts", "unicode",
	  { 0x61, 0xF1, 0x80, 0x80, 0xE1, 0x80, 0xC2, 0x62, 0x80, 0x63, 0x80, 0xBF, 0x64 }, 13,
	  { 0x0061, FFFD, FFFD, FFFD, 0x0062, FFFD, 0x0063, FFFD, FFFD, 0x0064 }, 10,
	  U8REF_INTERRUPTED, 1 },
	/* Seed 003 section 1: "C0, C1, F5 to FF never appear". */
	{ "RFC 3629 s1", "octets that never appear", "unicode",
	  { 0xC0, 0xC1, 0xF5, 0xF6, 0xF7, 0xF8, 0xFB, 0xFC, 0xFD, 0xFE, 0xFF }, 11,
	  { FFFD, FFFD, FFFD, FFFD, FFFD, FFFD, FFFD, FFFD, FFFD, FFFD, FFFD }, 11,
	  U8REF_INVALID_LEAD, 0 },
	/* Seed 002 section 2: six octets reach 7FFFFFFF; FE, FF never. */
	{ "RFC 2279 draft s2", "largest UCS-4 value", "rfc2279",
	  { 0xFD, 0xBF, 0xBF, 0xBF, 0xBF, 0xBF, 0xFE }, 7,
	  { 0x7FFFFFFF, FFFD }, 2, U8REF_INVALID_LEAD, 6 },
	/* Seed 004, D36: the irregular pair decodes, as two surrogates. */
	{ "UTC 2000-11-12", "irregular surrogate pair", "unicode-3.1",
	  { 0xED, 0xA1, 0x8C, 0xED, 0xBE, 0xB4 }, 6,
	  { 0xD84C, 0xDFB4 }, 2, U8REF_OK, 6 },
};
/* clang-format on */

const size_t seed_examples_count =
    sizeof seed_examples / sizeof seed_examples[0];
