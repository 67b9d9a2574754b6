/* SPDX-License-Identifier: MIT */
/*
 * ref.c - the reference decoder itself behind the u8t ABI (libu8t-ref.so).
 *
 * Each function is libu8ref under Table 3-7 (the NULL profile): one
 * U+FFFD per maximal subpart, the first error's offset, RFC 3629's
 * encodable range.  Decoding and validation take libu8ref's fast paths,
 * which its tests prove equal to the literal walk on every input of up
 * to four bytes.  u8ref is authoritative; this file only translates
 * between its structs and the ABI's plain values, and adds no behaviour
 * of its own.  u8ref is linked statically and its symbols stay
 * hidden, so this library exports the u8t_ functions only.
 */
#include <stdio.h>

#include "identity.h"
#include "u8ref.h"
#include "u8t.h"

/* The version compiled in: u8ref is linked statically. */
void
u8o_describe(char *name, size_t len)
{
	snprintf(name, len, "u8ref %d.%d", U8REF_VERSION_MAJOR,
	         U8REF_VERSION_MINOR);
}

/* On error u8ref consumes the maximal subpart (Unicode ch. 3, D93b). */
U8T_EXPORT size_t
u8t_next(const uint8_t *s, size_t n, uint32_t *cp)
{
	struct u8ref_result r = u8ref_decode_fast(s, n);

	*cp = r.status == U8REF_OK ? r.cp : U8T_ERROR;
	return r.len;
}

U8T_EXPORT size_t
u8t_decode(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	size_t all = u8ref_decode_all_fast(s, n, out, cap);

	return all < cap ? all : cap; /* written, not needed */
}

U8T_EXPORT int
u8t_validate(const uint8_t *s, size_t n, size_t *err)
{
	struct u8ref_validation v = u8ref_validate_fast(s, n);

	if (v.status == U8REF_OK)
		return 1;
	if (err != NULL)
		*err = v.offset;
	return 0;
}

/* u8ref_encode writes at most U8REF_MAX_LEN (6) bytes: out has 8. */
U8T_EXPORT size_t
u8t_encode(uint32_t cp, uint8_t out[8])
{
	return u8ref_encode(NULL, cp, out);
}
