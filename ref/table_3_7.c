/* SPDX-License-Identifier: MIT */
/*
 * table_3_7.c - Table 3-7 of The Unicode Standard, transcribed as data.
 *
 * Source: The Unicode Standard, Chapter 3, Table 3-7, "Well-Formed UTF-8
 * Byte Sequences" (unchanged since Unicode 4.0; RFC 3629 section 4 says
 * the same in ABNF).  One initializer per row of the table, same order,
 * same columns; ranges are inclusive and only the first .len byte
 * columns are used.  This array is the only place the ranges live: the
 * decoder, the encoder and every error kind are derived from it.  Do not
 * compress or reorder: being checkable by eye is the point.
 */
#include "u8ref.h"

/* clang-format off */
const struct u8ref_row u8ref_table_3_7[U8REF_TABLE_3_7_ROWS] = {
/*	  code points           len  first         second        third         fourth       */
	{ 0x000000, 0x00007F, 1, { { 0x00, 0x7F }                                           } },
	{ 0x000080, 0x0007FF, 2, { { 0xC2, 0xDF }, { 0x80, 0xBF }                             } },
	{ 0x000800, 0x000FFF, 3, { { 0xE0, 0xE0 }, { 0xA0, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x001000, 0x00CFFF, 3, { { 0xE1, 0xEC }, { 0x80, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x00D000, 0x00D7FF, 3, { { 0xED, 0xED }, { 0x80, 0x9F }, { 0x80, 0xBF }               } },
	{ 0x00E000, 0x00FFFF, 3, { { 0xEE, 0xEF }, { 0x80, 0xBF }, { 0x80, 0xBF }               } },
	{ 0x010000, 0x03FFFF, 4, { { 0xF0, 0xF0 }, { 0x90, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
	{ 0x040000, 0x0FFFFF, 4, { { 0xF1, 0xF3 }, { 0x80, 0xBF }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
	{ 0x100000, 0x10FFFF, 4, { { 0xF4, 0xF4 }, { 0x80, 0x8F }, { 0x80, 0xBF }, { 0x80, 0xBF } } },
};
/* clang-format on */
