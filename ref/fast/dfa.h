/* SPDX-License-Identifier: MIT */
/*
 * dfa.h - the scalar kernel's automaton and its names for errors,
 * generated from Table 3-7 and the walk by gen_dfa.c at build time
 * (dfa_table.c in the build tree).
 */
#ifndef U8REF_DFA_H
#define U8REF_DFA_H

#include <stdint.h>

#include "u8ref.h"

/* U8REF_DFA_STATES, U8REF_DFA_ERROR (absorbing), U8REF_DFA_START
 * (between characters), U8REF_DFA_TRAIL_LO and _HI (the range of
 * bytes Table 3-7 allows after a lead). */
#include "dfa_constants.h"

extern const uint64_t u8ref_dfa_next[256];
/* enum u8ref_status of byte b refused in the i-th state. */
extern const uint8_t u8ref_dfa_refusal[U8REF_DFA_STATES][256];
/* The row of Table 3-7 that byte b begins, or -1. */
extern const int8_t u8ref_dfa_lead_row[256];
/* The payload bits of lead byte b (RFC 3629 section 3), or 0. */
extern const uint8_t u8ref_dfa_lead_payload[256];

static inline unsigned
u8ref_dfa_step(unsigned state, uint8_t b)
{
	return (unsigned)(u8ref_dfa_next[b] >> state) &
	       ((1u << U8REF_DFA_FIELD_BITS) - 1);
}

/* What kind of error byte @b is in @state, which refuses it. */
static inline enum u8ref_status
u8ref_dfa_refused(unsigned state, uint8_t b)
{
	return (enum u8ref_status)
	    u8ref_dfa_refusal[state / U8REF_DFA_FIELD_BITS][b];
}

static inline int
u8ref_dfa_is_trail(uint8_t b)
{
	return b >= U8REF_DFA_TRAIL_LO && b <= U8REF_DFA_TRAIL_HI;
}

/* The payload bits of a trail byte (RFC 3629 section 3); the first byte
 * that is not ASCII. */
enum { U8REF_DFA_TRAIL_PAYLOAD = 0x3F, U8REF_DFA_ASCII_END = 0x80 };

/*
 * One character or maximal subpart of s[0..n), n >= 1, by the automaton:
 * the value is the lead byte's payload bits followed by six from each
 * trail byte, and the row is the one the lead byte begins.  A refusal
 * takes its kind from the table the walk filled in, and its maximal
 * subpart is the bytes accepted before it.  Inline: the stream and the
 * decoders call it once a character.
 */
static inline struct u8ref_result
u8ref_dfa_decode_step(const uint8_t *s, size_t n)
{
	unsigned state = U8REF_DFA_START;
	int row = u8ref_dfa_lead_row[s[0]];
	uint32_t cp = u8ref_dfa_lead_payload[s[0]];

	if (s[0] < U8REF_DFA_ASCII_END) /* most text: no automaton needed */
		return (struct u8ref_result){U8REF_OK, cp, 1, row};
	for (size_t i = 0; i < n; i++) {
		unsigned next = u8ref_dfa_step(state, s[i]);

		if (next == U8REF_DFA_ERROR)
			return (struct u8ref_result){
			    u8ref_dfa_refused(state, s[i]), U8REF_REPLACEMENT,
			    i > 0 ? i : 1, i > 0 ? row : -1};
		if (i > 0)
			cp = cp << 6 | (s[i] & U8REF_DFA_TRAIL_PAYLOAD);
		if (next == U8REF_DFA_START)
			return (struct u8ref_result){U8REF_OK, cp, i + 1, row};
		state = next;
	}
	return (struct u8ref_result){U8REF_TRUNCATED, U8REF_REPLACEMENT, n,
	                             row};
}

#endif /* U8REF_DFA_H */
