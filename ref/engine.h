/* SPDX-License-Identifier: MIT */
/*
 * engine.h - the table walk shared by decoder, validator, stream and encoder.
 *
 * Private to libu8ref.  The walk reports, besides its result, whether
 * the answer depended on where the input ended, which is all a stream
 * needs to know to hold bytes back.
 */
#ifndef U8REF_ENGINE_H
#define U8REF_ENGINE_H

#include "u8ref.h"

/*
 * UTF-16 (Unicode ch. 3, D91, Table 3-5): a supplementary code point is
 * SUPPLEMENTARY_FIRST plus ten bits from a lead surrogate and ten from a
 * trail surrogate.  Used only by the rules of profiles.c that name them.
 */
#define U8REF_LEAD_SURROGATE_FIRST  UINT32_C(0xD800)
#define U8REF_LEAD_SURROGATE_LAST   UINT32_C(0xDBFF)
#define U8REF_TRAIL_SURROGATE_FIRST UINT32_C(0xDC00)
#define U8REF_TRAIL_SURROGATE_LAST  UINT32_C(0xDFFF)
#define U8REF_SUPPLEMENTARY_FIRST   UINT32_C(0x10000)
#define U8REF_SURROGATE_BITS        10

/* The profile a NULL pointer stands for: Table 3-7. */
const struct u8ref_profile *
u8ref_profile_or_default(const struct u8ref_profile *p);

/* Bytes in one bit-layout unit of @row: the whole row, or one half of a
 * surrogate pair. */
size_t u8ref_unit_len(const struct u8ref_row *row);

/* The payload bits of a lead byte that begins @len bytes: seven when
 * alone, else 7 - len (its len high bits are ones, then a zero). */
uint8_t u8ref_lead_mask(size_t len);

/*
 * u8ref_walk - u8ref_decode_one, and whether the end of input mattered.
 * @p must not be NULL.  *@hit_end is set to 1 when the result would
 * change if bytes followed s[n-1] (a truncated sequence, or WTF-8's
 * lookahead past a lead surrogate), else 0.
 */
struct u8ref_result u8ref_walk(const struct u8ref_profile *p, const uint8_t *s,
                               size_t n, int *hit_end);

#endif /* U8REF_ENGINE_H */
