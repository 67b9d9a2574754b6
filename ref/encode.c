/* SPDX-License-Identifier: MIT */
/*
 * encode.c - code point to bytes, by the row whose code points hold it.
 *
 * The marker bits of every byte (110xxxxx, 10xxxxxx, ...) are read off
 * the row's own columns: the bits of a column's lowest byte above its
 * payload.  So the encoder, like the decoder, knows no byte value, and
 * what it writes is what the same row decodes (a test round-trips every
 * code point of every profile).
 */
#include "engine.h"

/* Writes cp in the bit layout of columns first..first+len of @row. */
static void
put_unit(const struct u8ref_row *row, size_t first, size_t len, uint32_t cp,
         uint8_t *out)
{
	size_t i;

	for (i = len; i-- > 1;) {
		out[i] = (uint8_t)((row->byte[first + i].lo & ~0x3Fu) |
		                   (cp & 0x3Fu));
		cp >>= 6;
	}
	out[0] = (uint8_t)((row->byte[first].lo & ~u8ref_lead_mask(len)) | cp);
}

size_t
u8ref_encode(const struct u8ref_profile *p, uint32_t cp,
             uint8_t out[U8REF_MAX_LEN])
{
	const struct u8ref_row *row;
	uint32_t v;
	size_t k, half;

	p = u8ref_profile_or_default(p);
	for (k = 0; k < p->nrows; k++) {
		row = &p->rows[k];
		if (cp < row->cp_lo || cp > row->cp_hi)
			continue;
		if (row->form != U8REF_FORM_SURROGATE_PAIR) {
			put_unit(row, 0, row->len, cp, out);
			return row->len;
		}
		/* UTF-16's split (D91): ten bits to each surrogate. */
		half = u8ref_unit_len(row);
		v = cp - U8REF_SUPPLEMENTARY_FIRST;
		put_unit(row, 0, half,
		         U8REF_LEAD_SURROGATE_FIRST +
		             (v >> U8REF_SURROGATE_BITS),
		         out);
		put_unit(row, half, half,
		         U8REF_TRAIL_SURROGATE_FIRST +
		             (v & ((1u << U8REF_SURROGATE_BITS) - 1)),
		         out + half);
		return row->len;
	}
	return 0;
}
