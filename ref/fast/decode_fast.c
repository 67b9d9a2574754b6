/* SPDX-License-Identifier: MIT */
/*
 * decode_fast.c - characters by the automaton of gen_dfa.c.
 *
 * The automaton accepts or refuses each byte; the value is the lead
 * byte's payload bits followed by six from each trail byte (RFC 3629
 * section 3), and the row is the one the lead byte begins.  A refusal
 * takes its kind from the table the walk filled in, and its maximal
 * subpart is the bytes accepted before it.
 */
#include "dfa.h"
#include "engine.h"

enum { TRAIL_PAYLOAD = 0x3F, ASCII_END = 0x80 };

/* One character or maximal subpart of s[0..n), n >= 1. */
static inline struct u8ref_result
decode_step(const uint8_t *s, size_t n)
{
	unsigned state = U8REF_DFA_START;
	int row = u8ref_dfa_lead_row[s[0]];
	uint32_t cp = u8ref_dfa_lead_payload[s[0]];

	if (s[0] < ASCII_END) /* most text: no automaton needed */
		return (struct u8ref_result){U8REF_OK, cp, 1, row};
	for (size_t i = 0; i < n; i++) {
		unsigned next = u8ref_dfa_step(state, s[i]);

		if (next == U8REF_DFA_ERROR)
			return (struct u8ref_result){
			    u8ref_dfa_refused(state, s[i]), U8REF_REPLACEMENT,
			    i > 0 ? i : 1, i > 0 ? row : -1};
		if (i > 0)
			cp = cp << 6 | (s[i] & TRAIL_PAYLOAD);
		if (next == U8REF_DFA_START)
			return (struct u8ref_result){U8REF_OK, cp, i + 1, row};
		state = next;
	}
	return (struct u8ref_result){U8REF_TRUNCATED, U8REF_REPLACEMENT, n,
	                             row};
}

struct u8ref_result
u8ref_decode_fast(const uint8_t *s, size_t n)
{
	if (n == 0)
		return (struct u8ref_result){U8REF_EMPTY, U8REF_REPLACEMENT, 0,
		                             -1};
	return decode_step(s, n);
}

size_t
u8ref_decode_all_fast(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	size_t at = 0, count = 0;

	while (at < n) {
		struct u8ref_result r = decode_step(s + at, n - at);

		if (count < cap)
			out[count] = r.cp; /* U+FFFD for a subpart */
		count++;
		at += r.len;
	}
	return count;
}
