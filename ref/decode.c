/* SPDX-License-Identifier: MIT */
/*
 * decode.c - whole-buffer decoding and validation on top of the walk.
 *
 * Both functions advance by the length the walk returns, so each maximal
 * subpart is one error and one U+FFFD (Unicode ch. 3, "U+FFFD
 * Substitution of Maximal Subparts").  Nothing here looks at a byte.
 */
#include "engine.h"

struct u8ref_result
u8ref_decode_one(const struct u8ref_profile *p, const uint8_t *s, size_t n)
{
	int hit_end;

	return u8ref_walk(u8ref_profile_or_default(p), s, n, &hit_end);
}

size_t
u8ref_decode_all(const struct u8ref_profile *p, const uint8_t *s, size_t n,
                 uint32_t *out, size_t cap)
{
	struct u8ref_result r;
	size_t off, count = 0;
	int hit_end;

	p = u8ref_profile_or_default(p);
	for (off = 0; off < n; off += r.len) {
		r = u8ref_walk(p, s + off, n - off, &hit_end);
		if (count < cap)
			out[count] = r.cp;
		count++;
	}
	return count;
}

struct u8ref_validation
u8ref_validate(const struct u8ref_profile *p, const uint8_t *s, size_t n)
{
	struct u8ref_validation v = {U8REF_OK, n, 0};
	struct u8ref_result r;
	size_t off;
	int hit_end;

	p = u8ref_profile_or_default(p);
	for (off = 0; off < n; off += r.len) {
		r = u8ref_walk(p, s + off, n - off, &hit_end);
		if (r.status != U8REF_OK) {
			v.status = r.status;
			v.offset = off;
			v.len = r.len;
			break;
		}
	}
	return v;
}
