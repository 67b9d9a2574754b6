/* SPDX-License-Identifier: MIT */
/*
 * groups.c - the groups' names, and the group of an ill-formed
 * subsequence.
 *
 * An invalid lead byte is grouped by what RFC 2279's longer forms would
 * have made of it, so a decoder still reading that table fails where the
 * report says it does.
 */
#include "groups.h"

static const struct {
	const char *id, *title;
} groups[U8C_GROUPS] = {
#define U8C_GROUP_ROW(name, id, title) [U8C_GROUP_##name] = {id, title},
    U8C_GROUP_LIST(U8C_GROUP_ROW)
#undef U8C_GROUP_ROW
};

const char *
u8c_group_id(enum u8c_group g)
{
	return groups[g].id;
}

const char *
u8c_group_title(enum u8c_group g)
{
	return groups[g].title;
}

/* C0 and C1 begin only overlong two-byte forms, F5..F7 four-byte forms
 * beyond U+10FFFF, F8..FD five- and six-byte forms; FE and FF begin
 * nothing in any table. */
static enum u8c_group
lead_group(uint8_t b)
{
	if (b <= 0xC1)
		return U8C_GROUP_OVERLONG_2;
	if (b <= 0xF7)
		return U8C_GROUP_TOO_LARGE;
	if (b <= 0xFD)
		return U8C_GROUP_LONG_FORM;
	return U8C_GROUP_INVALID_LEAD;
}

enum u8c_group
u8c_group_of_error(enum u8ref_status status, int row, uint8_t lead)
{
	switch (status) {
	case U8REF_OVERLONG:
		return u8ref_table_3_7[row].len == 3 ? U8C_GROUP_OVERLONG_3
		                                     : U8C_GROUP_OVERLONG_4;
	case U8REF_INVALID_LEAD:
		return lead_group(lead);
	case U8REF_SURROGATE:
		return U8C_GROUP_SURROGATE;
	case U8REF_TOO_LARGE:
		return U8C_GROUP_TOO_LARGE;
	case U8REF_CONTINUATION:
		return U8C_GROUP_CONTINUATION;
	default: /* truncated, or interrupted by the next character */
		return U8C_GROUP_TRUNCATED;
	}
}
