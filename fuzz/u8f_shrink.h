/* SPDX-License-Identifier: MIT */
/*
 * u8f_shrink.h - the smallest input that still fails, found by deleting
 * pieces of it (the deletions of delta debugging), in process: a
 * finding is shown on the bytes that cause it, not on the 100 the
 * mutator happened to build around them.
 */
#ifndef U8F_SHRINK_H
#define U8F_SHRINK_H

#include <stddef.h>
#include <stdint.h>

/* Whether s[0..n) still fails as the original did. */
typedef int (*u8f_fails_fn)(const uint8_t *s, size_t n, void *ctx);

/*
 * u8f_shrink - deletes from buf[0..n) every run of bytes whose removal
 * keeps @fails true, longest runs first, until no single byte can go
 * (or @budget tries are spent).  Returns the new length.
 */
size_t u8f_shrink(uint8_t *buf, size_t n, u8f_fails_fn fails, void *ctx,
                  unsigned budget);

#endif /* U8F_SHRINK_H */
