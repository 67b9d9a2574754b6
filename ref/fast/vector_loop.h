/* SPDX-License-Identifier: MIT */
/*
 * vector_loop.h - the block loop every vector kernel shares.
 *
 * Included by sse4.c, avx2.c and avx512.c after they define, for their
 * vector type `vec` of BLOCK bytes:
 *   vec  v_load(const uint8_t *p)           BLOCK bytes at p
 *   vec  v_load_tail(const uint8_t *p, size_t r)  r < BLOCK bytes at p,
 *                                            zeros after, nothing read
 *                                            past p[r - 1]
 *   vec  v_zero(void)
 *   int  v_is_ascii(vec v)                   no byte above 7F
 *   int  v_has_error(vec cur, vec prev)      a rule of pair_lookup.h
 *                                            broken in cur, seen after
 *                                            prev
 * The kernel stops at the first block that breaks a rule and leaves the
 * rest to u8ref_fast_resume.  The tail block is padded with zeros: a
 * character cut by the end of input meets a 00, which the rules reject,
 * so truncation needs no check of its own.
 */
#ifndef U8REF_VECTOR_LOOP_H
#define U8REF_VECTOR_LOOP_H

#include "kernels.h"
#include "pair_lookup.h"

/* Whether a block ends inside a character: one of its last three bytes
 * is a lead whose sequence is longer than the bytes left. */
static inline int
ends_inside_character(const uint8_t *end)
{
	return end[-1] >= 0xC0 || end[-2] >= THIRD_LEAD ||
	       end[-3] >= FOURTH_LEAD;
}

static inline struct u8ref_validation
vector_validate(const uint8_t *s, size_t n)
{
	vec prev = v_zero();
	int pending = 0; /* prev ends inside a character */
	size_t i = 0;

	for (; n - i >= BLOCK; i += BLOCK) {
		vec cur = v_load(s + i);

		if (v_is_ascii(cur)) {
			if (pending)
				return u8ref_fast_resume(s, n, i);
		} else {
			if (v_has_error(cur, prev))
				return u8ref_fast_resume(s, n, i);
			pending = ends_inside_character(s + i + BLOCK);
		}
		prev = cur;
	}
	if (i < n || pending) {
		vec cur = i < n ? v_load_tail(s + i, n - i) : v_zero();

		if (v_has_error(cur, prev))
			return u8ref_fast_resume(s, n, i);
	}
	return (struct u8ref_validation){U8REF_OK, n, 0};
}

#endif /* U8REF_VECTOR_LOOP_H */
