/* SPDX-License-Identifier: MIT */
/*
 * decode_fast.c - one character by the automaton of gen_dfa.c.
 *
 * The automaton accepts or refuses each byte; the value is the lead
 * byte's payload bits followed by six from each trail byte (RFC 3629
 * section 3), and the row is the one the lead byte begins.  A refusal
 * takes its kind from the table the walk filled in, and its maximal
 * subpart is the bytes accepted before it.
 */
#include "dfa.h"
#include "engine.h"

enum { TRAIL_PAYLOAD = 0x3F };

struct u8ref_result
u8ref_decode_fast(const uint8_t *s, size_t n)
{
	unsigned state = U8REF_DFA_START;
	int row;
	uint32_t cp;

	if (n == 0)
		return (struct u8ref_result){U8REF_EMPTY, U8REF_REPLACEMENT, 0,
		                             -1};
	row = u8ref_dfa_lead_row[s[0]];
	cp = row < 0 ? 0 : s[0] & u8ref_lead_mask(u8ref_table_3_7[row].len);
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
