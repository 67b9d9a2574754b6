/* SPDX-License-Identifier: MIT */
/*
 * steps.h - u8t_decode and u8t_validate for a library that only decodes
 * one character at a time.
 *
 * Most system decoders report "invalid" or a character, one step at a
 * time; the loop a program writes around such a step is the same for
 * all of them, so it is written once.
 */
#ifndef U8O_STEPS_H
#define U8O_STEPS_H

#include <stddef.h>
#include <stdint.h>

/* One step: the bytes consumed (>= 1) and the value, or U8T_ERROR. */
typedef size_t (*u8o_step_fn)(const uint8_t *s, size_t n, uint32_t *cp);

/* The caller's loop: each step's value, U+FFFD for an error, at most
 * @cap of them.  Returns how many were written. */
size_t u8o_decode_by_steps(u8o_step_fn step, const uint8_t *s, size_t n,
                           uint32_t *out, size_t cap);

/* 1 if no step says error, else 0 with the failing step's offset. */
int u8o_validate_by_steps(u8o_step_fn step, const uint8_t *s, size_t n,
                          size_t *err);

#endif /* U8O_STEPS_H */
