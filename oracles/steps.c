/* SPDX-License-Identifier: MIT */
/*
 * steps.c - the loop a program writes around a one-character decoder.
 *
 * Linked into each oracle that needs it; not exported (the oracles are
 * built with hidden visibility).
 */
#include "steps.h"
#include "u8t.h"

size_t
u8o_decode_by_steps(u8o_step_fn step, const uint8_t *s, size_t n, uint32_t *out,
                    size_t cap)
{
	size_t at = 0, k = 0;
	uint32_t cp;

	while (at < n && k < cap) {
		at += step(s + at, n - at, &cp);
		out[k++] = cp == U8T_ERROR ? 0xFFFD : cp;
	}
	return k;
}

int
u8o_validate_by_steps(u8o_step_fn step, const uint8_t *s, size_t n, size_t *err)
{
	size_t at = 0, len;
	uint32_t cp;

	while (at < n) {
		len = step(s + at, n - at, &cp);
		if (cp == U8T_ERROR) {
			if (err != NULL)
				*err = at;
			return 0;
		}
		at += len;
	}
	return 1;
}
