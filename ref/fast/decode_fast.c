/* SPDX-License-Identifier: MIT */
/*
 * decode_fast.c - characters by the automaton of gen_dfa.c, one step
 * of it (dfa.h) a character.
 */
#include "dfa.h"
#include "engine.h"

struct u8ref_result
u8ref_decode_fast(const uint8_t *s, size_t n)
{
	if (n == 0)
		return (struct u8ref_result){U8REF_EMPTY, U8REF_REPLACEMENT, 0,
		                             -1};
	return u8ref_dfa_decode_step(s, n);
}

size_t
u8ref_decode_all_fast(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	size_t at = 0, count = 0;

	while (at < n) {
		struct u8ref_result r = u8ref_dfa_decode_step(s + at, n - at);

		if (count < cap)
			out[count] = r.cp; /* U+FFFD for a subpart */
		count++;
		at += r.len;
	}
	return count;
}
