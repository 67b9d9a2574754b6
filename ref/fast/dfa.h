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

#endif /* U8REF_DFA_H */
