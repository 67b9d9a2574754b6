/* SPDX-License-Identifier: MIT */
/*
 * inputs.h - the inputs of the conformance suite, numbered, and what each
 * one means.
 *
 * Every family is a function from an index to bytes, so workers can share
 * a family by ranges of indexes and a finding names its input exactly.
 */
#ifndef U8C_INPUTS_H
#define U8C_INPUTS_H

#include <stddef.h>
#include <stdint.h>

#include "u8ref.h"

/* What an input is about, for the report: the Table 3-7 row of its first
 * multi-byte character when well-formed, else its first error's kind. */
enum u8c_group {
	U8C_GROUP_ROW_00_7F,
	U8C_GROUP_ROW_C2_DF,
	U8C_GROUP_ROW_E0,
	U8C_GROUP_ROW_E1_EC,
	U8C_GROUP_ROW_ED,
	U8C_GROUP_ROW_EE_EF,
	U8C_GROUP_ROW_F0,
	U8C_GROUP_ROW_F1_F3,
	U8C_GROUP_ROW_F4,
	U8C_GROUP_OVERLONG_2,
	U8C_GROUP_OVERLONG_3,
	U8C_GROUP_OVERLONG_4,
	U8C_GROUP_SURROGATE,
	U8C_GROUP_TOO_LARGE,
	U8C_GROUP_LONG_FORM,
	U8C_GROUP_TRUNCATED,
	U8C_GROUP_CONTINUATION,
	U8C_GROUP_INVALID_LEAD,
	U8C_GROUPS
};

/* Short id ("overlong-3") and title of a group. */
const char *u8c_group_id(enum u8c_group g);
const char *u8c_group_title(enum u8c_group g);

/* The group of an input whose first error under Table 3-7 has @status,
 * was found following @row, and starts with the byte @lead. */
enum u8c_group u8c_group_of_error(enum u8ref_status status, int row,
                                  uint8_t lead);

/* A family of inputs: count of them, and the i-th written to buf
 * (returns its length, at most U8C_MAX_INPUT). */
struct u8c_family {
	const char *name;
	size_t (*count)(void);
	size_t (*get)(size_t i, uint8_t *buf);
};

/* The byte classes of Table 3-7 (and of the five- and six-byte forms),
 * every sequence of 1..4 classes with each class's first and last
 * member. */
extern const struct u8c_family u8c_family_categories;
/* Every input of 1, 2 and 3 bytes. */
extern const struct u8c_family u8c_family_short;
/* Every supplementary scalar value in four bytes. */
extern const struct u8c_family u8c_family_supplementary;
/* Every supplementary value as a pair of three-byte surrogates. */
extern const struct u8c_family u8c_family_surrogate_pairs;
/* Four-, five- and six-byte forms of values beyond U+10FFFF. */
extern const struct u8c_family u8c_family_long_forms;
/* Short categories inside text: after and before ASCII and multi-byte
 * characters, cut at the end, repeated, at offsets 0..63. */
extern const struct u8c_family u8c_family_context;
/* Every sequence of 1..4 bytes (4,311,810,304 inputs). */
extern const struct u8c_family u8c_family_exhaustive;
/* One input: the last one u8c_family_one_set gave (u8conform --input,
 * a fuzzer's input). */
extern const struct u8c_family u8c_family_one;
/* Makes s[0..n) the input of u8c_family_one; n <= U8C_MAX_INPUT. */
void u8c_family_one_set(const uint8_t *s, size_t n);

#endif /* U8C_INPUTS_H */
