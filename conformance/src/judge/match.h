/* SPDX-License-Identifier: MIT */
/*
 * match.h - does a decoder's output fit the reference's reading of an
 * input, replacement aside?
 *
 * The reading is a list of tokens: characters, and maximal subparts of
 * ill-formed bytes.  An output fits when it gives every character its
 * value and each subpart of b bytes from none to b U+FFFD.  That is the
 * line between a FAIL (a character lost, changed or invented) and a
 * replacement policy other than the standard's (a WARN).  Exact at every
 * input length the suite has, up to U8C_MAX_INPUT tokens, and for an
 * output of any length.
 */
#ifndef U8C_MATCH_H
#define U8C_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "reading.h"

/*
 * u8c_match - whether out[0..nout) fits tok[0..ntok).
 * @counts: when not NULL and it fits, receives for each subpart token
 *          the number of U+FFFD it gave on one fitting reading, the
 *          standard's one where two readings exist.
 * @stuck:  when not NULL and it does not fit, receives the first token
 *          no reading of the output gets past: where the decoder departs;
 *          and *@lost whether the output was all explained there (a
 *          character is missing) rather than holding a wrong value.
 *
 * Returns 1 when it fits, else 0.  ntok is at most U8C_MAX_TOKENS, and
 * the tokens read at most U8C_MAX_INPUT bytes; nout is any length.
 */
int u8c_match(const struct u8c_token *tok, size_t ntok, const uint32_t *out,
              size_t nout, size_t *counts, size_t *stuck, int *lost);

#endif /* U8C_MATCH_H */
