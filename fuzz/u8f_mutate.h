/* SPDX-License-Identifier: MIT */
/*
 * u8f_mutate.h - structure-aware mutation of UTF-8 input, shared by the
 * libFuzzer custom mutator and the AFL++ custom mutator module.
 */
#ifndef U8F_MUTATE_H
#define U8F_MUTATE_H

#include <stddef.h>
#include <stdint.h>

/*
 * u8f_mutate - change data[0..size) in place by whole characters: insert
 * or replace one with a piece (u8f_pieces.h), truncate or delete one,
 * or put a piece across a 16-, 32- or 64-byte block boundary.
 * @max: room at @data.  @rng: xorshift state.
 *
 * Returns the new size, at most @max.
 */
size_t u8f_mutate(uint8_t *data, size_t size, size_t max, uint32_t *rng);

#endif /* U8F_MUTATE_H */
