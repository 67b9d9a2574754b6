/* SPDX-License-Identifier: MIT */
/*
 * groups.h - what an input is about: the Table 3-7 row of a character, or
 * the kind of an ill-formed subsequence.
 *
 * The list below is the one place the groups are named.  It expands into
 * the enum here, the table in groups.c and one check per group and
 * function in checks.h, so none of them can drift from the others.  The
 * first nine are Table 3-7's rows, in the table's order.
 */
#ifndef U8C_GROUPS_H
#define U8C_GROUPS_H

#include <stdint.h>

#include "u8ref.h"

/* X(NAME, id, title) for each group, in report order. */
#define U8C_GROUP_LIST(X)                                                      \
	X(ROW_00_7F, "row-00-7F", "Table 3-7 row 00..7F")                      \
	X(ROW_C2_DF, "row-C2-DF", "Table 3-7 row C2..DF 80..BF")               \
	X(ROW_E0, "row-E0", "Table 3-7 row E0 A0..BF 80..BF")                  \
	X(ROW_E1_EC, "row-E1-EC", "Table 3-7 row E1..EC 80..BF 80..BF")        \
	X(ROW_ED, "row-ED", "Table 3-7 row ED 80..9F 80..BF")                  \
	X(ROW_EE_EF, "row-EE-EF", "Table 3-7 row EE..EF 80..BF 80..BF")        \
	X(ROW_F0, "row-F0", "Table 3-7 row F0 90..BF 80..BF 80..BF")           \
	X(ROW_F1_F3, "row-F1-F3", "Table 3-7 row F1..F3 80..BF 80..BF 80..BF") \
	X(ROW_F4, "row-F4", "Table 3-7 row F4 80..8F 80..BF 80..BF")           \
	X(OVERLONG_2, "overlong-2", "overlong 2-byte forms (C0, C1)")          \
	X(OVERLONG_3, "overlong-3", "overlong 3-byte forms (E0 80..9F)")       \
	X(OVERLONG_4, "overlong-4", "overlong 4-byte forms (F0 80..8F)")       \
	X(SURROGATE, "surrogate", "surrogates (ED A0..BF)")                    \
	X(TOO_LARGE, "too-large", "beyond U+10FFFF (F4 90..BF, F5..F7)")       \
	X(LONG_FORM, "long-form", "5- and 6-byte forms (F8..FD)")              \
	X(TRUNCATED, "truncated", "truncated sequences")                       \
	X(CONTINUATION, "continuation", "lone continuation bytes")             \
	X(INVALID_LEAD, "invalid-lead", "invalid lead bytes (FE, FF)")

enum u8c_group {
#define U8C_GROUP_ENUM(name, id, title) U8C_GROUP_##name,
	U8C_GROUP_LIST(U8C_GROUP_ENUM)
#undef U8C_GROUP_ENUM
	    U8C_GROUPS
};

/* A character's group is its Table 3-7 row index, as the walk gives it. */
_Static_assert(U8C_GROUP_ROW_00_7F == 0 &&
                   U8C_GROUP_ROW_F4 + 1 == U8REF_TABLE_3_7_ROWS,
               "the row groups are Table 3-7's rows, in order");
/* reading.h keeps every group of an input in one 32-bit mask. */
_Static_assert(U8C_GROUPS <= 32, "groups fit a uint32_t mask");

/* Short id ("overlong-3") and title of a group. */
const char *u8c_group_id(enum u8c_group g);
const char *u8c_group_title(enum u8c_group g);

/*
 * u8c_group_of_error - the group of an ill-formed subsequence that
 * Table 3-7 reports with @status, found following @row (the row its lead
 * byte starts, or -1), beginning with the byte @lead.
 */
enum u8c_group u8c_group_of_error(enum u8ref_status status, int row,
                                  uint8_t lead);

#endif /* U8C_GROUPS_H */
