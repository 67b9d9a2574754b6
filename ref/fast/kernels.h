/* SPDX-License-Identifier: MIT */
/*
 * kernels.h - the validation kernels of ref/fast, private to libu8ref.
 *
 * Every kernel returns exactly what u8ref_validate(NULL, s, n) returns.
 * A vector kernel only has to find the first block that holds an error
 * (or ends the input inside a character); from the character boundary
 * before that block the scalar kernel takes over, finds the first
 * error and names it from a table the walk filled in at build time.
 */
#ifndef U8REF_FAST_KERNELS_H
#define U8REF_FAST_KERNELS_H

#include "u8ref.h"

/* Inputs of up to one character are the scalar kernel's alone, and
 * it searches them byte by byte at once: a vector kernel's tables, or a
 * stretch of the automaton and then the search (most such inputs hold
 * an error), cost more than the search. */
enum { U8REF_FAST_ONE_CHARACTER = 4 }; /* Table 3-7's longest */

struct u8ref_validation u8ref_fast_scalar(const uint8_t *s, size_t n);
struct u8ref_validation u8ref_fast_sse4(const uint8_t *s, size_t n);
struct u8ref_validation u8ref_fast_avx2(const uint8_t *s, size_t n);
struct u8ref_validation u8ref_fast_avx512(const uint8_t *s, size_t n);

/*
 * u8ref_fast_resume - finish the validation of s[0..n) from @from, when
 * s[0..from) is known to hold no error (it may end inside a character):
 * the scalar kernel runs from the start of the character that holds
 * byte from - 1.
 */
struct u8ref_validation u8ref_fast_resume(const uint8_t *s, size_t n,
                                          size_t from);

#endif /* U8REF_FAST_KERNELS_H */
