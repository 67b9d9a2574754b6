/* SPDX-License-Identifier: MIT */
/*
 * signed_overflow.c - sanitized target: a signed int overflow in
 * u8t_decode on inputs holding C1.
 *
 * Planted bug: INT_MAX plus the byte C1 (193) in int arithmetic (UBSan:
 * "signed integer overflow").  Built with -fsanitize=undefined, which
 * recovers; u8conform sets halt_on_error=1.  Expected: a FAIL
 * isolation/undefined naming an input with C1.  The decoding itself is
 * base.c, correct.
 */
#include <limits.h>
#include <string.h>

#include "targets.h"

/* INT_MAX, read at run time, so the sum cannot be folded away. */
static volatile int near_max = INT_MAX;

/* The sum: volatile, so it is computed. */
static volatile int sink;

static void
on_decode_out(const uint8_t *s, size_t n, uint32_t *out, size_t cap)
{
	const uint8_t *c1;

	(void)out;
	(void)cap;
	if (n == 0 || (c1 = memchr(s, 0xC1, n)) == NULL)
		return;
	sink = near_max + *c1; /* Bug: past INT_MAX */
}

const struct u8tt_target u8tt_target = {
    .name = "san-signed-overflow",
    .hooks = {.on_decode_out = on_decode_out},
};
