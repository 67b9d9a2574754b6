/* SPDX-License-Identifier: MIT */
/*
 * vector_loop.h - the block loop every vector kernel shares.
 *
 * Included by sse4.c, avx2.c and avx512.c after they define, for their
 * vector type `vec` of BLOCK bytes and their error set `errs`:
 *   struct tables v_tables(void)       the lookup tables, in registers
 *   vec  v_load(const uint8_t *p)      BLOCK bytes at p
 *   vec  v_load_masked(p, r)           optional, with V_HAS_MASKED_LOAD:
 *                                      r < BLOCK bytes at p, zeros after,
 *                                      by a load that cannot fault past
 *                                      p[r - 1]
 *   vec  v_zero(void), v_or(a, b)
 *   int  v_is_ascii(vec v)             no byte above 7F
 *   errs v_errors(t, cur, prev)        the rules of pair_lookup.h broken
 *                                      in cur, seen after prev
 *   errs errs_or(a, b); int errs_any(e)
 * Four blocks make a step: one test tells whether they are all ASCII,
 * and one whether any broke a rule.  The kernel stops at the first step
 * that did and leaves the rest to u8ref_fast_resume, which finds the
 * error from the character boundary before it.  The tail block is
 * padded with zeros: a character cut by the end of input meets a 00,
 * which the rules reject, so truncation needs no check of its own.
 */
#ifndef U8REF_VECTOR_LOOP_H
#define U8REF_VECTOR_LOOP_H

#include <stdint.h>
#include <string.h>

#include "kernels.h"
#include "pair_lookup.h"

enum { STEP = 4 * BLOCK, PAGE = 4096 };

/* The last r < BLOCK bytes at p, zeros after, reading nothing past
 * p[r - 1]: loaded in place where the kernel has a masked load, else
 * copied into a zeroed block.  A masked load whose masked-off bytes lie
 * in an inaccessible page takes a microcode assist of over 100 ns, so a
 * tail whose block reaches past a 4 KiB boundary (perhaps into such a
 * page) is copied too. */
static inline vec
load_tail(const uint8_t *p, size_t r)
{
	uint8_t buf[BLOCK] = {0};

#ifdef V_HAS_MASKED_LOAD
	if ((uintptr_t)p % PAGE <= PAGE - BLOCK)
		return v_load_masked(p, r);
#endif
	memcpy(buf, p, r);
	return v_load(buf);
}

/* Whether the bytes before @end end inside a character: one of the
 * last three is a lead whose sequence is longer than the bytes left. */
static inline int
ends_inside_character(const uint8_t *end)
{
	return end[-1] >= 0xC0 || end[-2] >= THIRD_LEAD ||
	       end[-3] >= FOURTH_LEAD;
}

static inline struct u8ref_validation
vector_validate(const uint8_t *s, size_t n)
{
	struct tables t;
	vec prev;
	int pending = 0; /* the bytes so far end inside a character */
	size_t i = 0;

	/* An ASCII start at the speed of reading it: no character starts
	 * or is cut inside it, so it needs no tables and no carry. */
	for (; n - i >= STEP; i += STEP)
		if (!v_is_ascii(v_or(v_or(v_load(s + i), v_load(s + i + BLOCK)),
		                     v_or(v_load(s + i + 2 * BLOCK),
		                          v_load(s + i + 3 * BLOCK)))))
			break;
	t = v_tables();
	prev = i > 0 ? v_load(s + i - BLOCK) : v_zero();

	for (; n - i >= STEP; i += STEP) {
		vec a = v_load(s + i), b = v_load(s + i + BLOCK),
		    c = v_load(s + i + 2 * BLOCK),
		    d = v_load(s + i + 3 * BLOCK);

		if (v_is_ascii(v_or(v_or(a, b), v_or(c, d)))) {
			if (pending)
				return u8ref_fast_resume(s, n, i);
		} else {
			errs e = errs_or(
			    errs_or(v_errors(&t, a, prev), v_errors(&t, b, a)),
			    errs_or(v_errors(&t, c, b), v_errors(&t, d, c)));

			if (errs_any(e))
				return u8ref_fast_resume(s, n, i);
			pending = ends_inside_character(s + i + STEP);
		}
		prev = d;
	}
	for (; n - i >= BLOCK; i += BLOCK) {
		vec cur = v_load(s + i);

		if (errs_any(v_errors(&t, cur, prev)))
			return u8ref_fast_resume(s, n, i);
		pending = ends_inside_character(s + i + BLOCK);
		prev = cur;
	}
	if (i < n || pending) { /* the tail, or zeros after a cut character */
		vec cur = i < n ? load_tail(s + i, n - i) : v_zero();

		if (errs_any(v_errors(&t, cur, prev)))
			return u8ref_fast_resume(s, n, i);
	}
	return (struct u8ref_validation){U8REF_OK, n, 0};
}

#endif /* U8REF_VECTOR_LOOP_H */
