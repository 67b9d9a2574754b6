/* SPDX-License-Identifier: MIT */
/*
 * scalar.c - the portable kernel: eight ASCII bytes at a time between
 * characters, else the automaton gen_dfa.c built from Table 3-7.
 *
 * The automaton runs a stretch of bytes at a time and only looks for
 * its error state at the end of each (the state is absorbing).  A
 * stretch that failed is run again byte by byte from the character
 * boundary before it, to find where the failing character starts; the
 * refused byte and the state before it give the error's kind, from the
 * table the walk filled in at build time.
 */
#include <string.h>

#include "dfa.h"
#include "kernels.h"

/* Bytes the automaton takes between checks for the error state. */
enum { STRETCH = 16 };

static const uint64_t ASCII_HIGH_BITS = UINT64_C(0x8080808080808080);

/* The start of the character that holds byte pos - 1, or 0; s[0..pos)
 * must be free of errors, so at most three trail bytes precede the
 * lead. */
static size_t
boundary_before(const uint8_t *s, size_t pos)
{
	size_t j;

	if (pos == 0)
		return 0;
	j = pos - 1;
	while (j > 0 && pos - j < 4 && u8ref_dfa_is_trail(s[j]))
		j--;
	return j;
}

/* The first error of s[0..n), known to lie at or after the character
 * boundary @from, with s[0..from) free of errors. */
static struct u8ref_validation
first_error(const uint8_t *s, size_t n, size_t from)
{
	unsigned state = U8REF_DFA_START;
	size_t start = from; /* where the current character began */

	for (size_t i = from; i < n; i++) {
		unsigned next = u8ref_dfa_step(state, s[i]);

		if (next == U8REF_DFA_ERROR)
			return (struct u8ref_validation){
			    u8ref_dfa_refused(state, s[i]), start,
			    i > start ? i - start : 1};
		state = next;
		if (state == U8REF_DFA_START)
			start = i + 1;
	}
	if (state != U8REF_DFA_START)
		return (struct u8ref_validation){U8REF_TRUNCATED, start,
		                                 n - start};
	return (struct u8ref_validation){U8REF_OK, n, 0};
}

/* Validate s[i..n), where i is a character boundary and s[0..i) holds
 * no error. */
static struct u8ref_validation
scalar_from(const uint8_t *s, size_t n, size_t i)
{
	unsigned state = U8REF_DFA_START;

	while (i < n) {
		size_t begin, end;

		if (state == U8REF_DFA_START) {
			uint64_t w;

			while (n - i >= sizeof w) {
				memcpy(&w, s + i, sizeof w);
				if (w & ASCII_HIGH_BITS)
					break;
				i += sizeof w;
			}
			/* and the ASCII bytes before the next character or
			 * the end, without the automaton */
			while (i < n && s[i] < U8REF_DFA_ASCII_END)
				i++;
		}
		begin = i;
		end = n - i > STRETCH ? i + STRETCH : n;
		for (; i < end; i++)
			state = u8ref_dfa_step(state, s[i]);
		if (state == U8REF_DFA_ERROR)
			return first_error(s, n, boundary_before(s, begin));
	}
	if (state != U8REF_DFA_START) /* the input ends inside a character */
		return first_error(s, n, boundary_before(s, n));
	return (struct u8ref_validation){U8REF_OK, n, 0};
}

struct u8ref_validation
u8ref_fast_scalar(const uint8_t *s, size_t n)
{
	if (n <= U8REF_FAST_ONE_CHARACTER)
		return first_error(s, n, 0);
	return scalar_from(s, n, 0);
}

/* A vector kernel calls this at the block it saw fail, so the first
 * error is near: the byte-by-byte search goes straight to it. */
struct u8ref_validation
u8ref_fast_resume(const uint8_t *s, size_t n, size_t from)
{
	return first_error(s, n, boundary_before(s, from));
}
